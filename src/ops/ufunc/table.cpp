// src/ops/ufunc/table.cpp -- the ufunc table: every NumPy ufunc cunp has, defined once. Loops
// are written as NumPy lists them ('ff->f'); the device side is np_<name> in src/device/math.
#include <mutex>
#include <unordered_map>

#include "cunp/ops/ufunc/ufunc.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

// Type-character groups, in NumPy's loop order.
const std::string kB = "?";
const std::string kI = "bBhHiIlL";
const std::string kF = "efd";
const std::string kC = "FD";
const std::string kAll = kB + kI + kF + kC;

// One loop per type: every operand of that type ("ff->f" for nin=2, nout=1).
std::string same(const std::string& chars, int nin, int nout) {
  std::string s;
  for (char c : chars) s += std::string(nin, c) + "->" + std::string(nout, c) + " ";
  return s;
}
// One loop per input type, with a fixed output type ("ff->?").
std::string to(const std::string& chars, int nin, char out) {
  std::string s;
  for (char c : chars) s += std::string(nin, c) + "->" + out + " ";
  return s;
}

const char* const kBoolNegative =
    "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or "
    "the logical_not function instead.";
const char* const kBoolSubtract =
    "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` "
    "operator, or the logical_xor function instead.";

using I = Identity;
using R = Resolver;

struct Def {
  const char* name;
  int nin, nout;
  I identity;
  R resolver;
  std::string loops;
  const char* doc;
  const char* function = nullptr;  // default np_<name>
  const char* bool_error = nullptr;
  bool half_native = false;
};

// Comparison loops: every type with itself, plus NumPy's exact int64/uint64 mixes.
const std::string kCompare = to("?" + kI, 2, '?') + "lL->? Ll->? " + to(kF + kC, 2, '?');

std::vector<Def> definitions() {
  return {
      // arithmetic
      {"add", 2, 1, I::Zero, R::Common, same(kAll, 2, 1), "Add arguments element-wise."},
      {"subtract", 2, 1, I::None, R::Common, same(kI + kF + kC, 2, 1),
       "Subtract arguments, element-wise.", nullptr, kBoolSubtract},
      {"multiply", 2, 1, I::One, R::Common, same(kAll, 2, 1), "Multiply arguments element-wise."},
      {"divide", 2, 1, I::None, R::TrueDivide, same(kF + kC, 2, 1),
       "Divide arguments element-wise.", "np_true_divide"},
      {"floor_divide", 2, 1, I::None, R::Common, same(kI + kF, 2, 1),
       "Return the largest integer smaller or equal to the division of the inputs."},
      {"negative", 1, 1, I::None, R::Common, same(kI + kF + kC, 1, 1), "Numerical negative.",
       nullptr, kBoolNegative},
      {"positive", 1, 1, I::None, R::Strict, same(kI + kF + kC, 1, 1), "Numerical positive."},
      {"power", 2, 1, I::None, R::Common, same(kI + kF + kC, 2, 1),
       "First array elements raised to powers from second array, element-wise."},
      {"float_power", 2, 1, I::None, R::Common, "dd->d DD->D",
       "First array elements raised to powers from second array, element-wise, in float64."},
      {"remainder", 2, 1, I::None, R::Common, same(kI + kF, 2, 1),
       "Returns the element-wise remainder of division (Python's %)."},
      {"fmod", 2, 1, I::None, R::Common, same(kI + kF, 2, 1),
       "Returns the element-wise remainder of division (C's fmod)."},
      {"divmod", 2, 2, I::None, R::Common, same(kI + kF, 2, 2),
       "Return element-wise quotient and remainder simultaneously."},
      {"absolute", 1, 1, I::None, R::Common, same(kB + kI + kF, 1, 1) + "F->f D->d",
       "Calculate the absolute value element-wise."},
      {"fabs", 1, 1, I::None, R::Common, same(kF, 1, 1),
       "Compute the absolute values element-wise."},
      {"rint", 1, 1, I::None, R::Common, same(kF + kC, 1, 1),
       "Round elements of the array to the nearest integer."},
      {"sign", 1, 1, I::None, R::Strict, same(kI + kF + kC, 1, 1),
       "Returns an element-wise indication of the sign of a number."},
      {"heaviside", 2, 1, I::None, R::Common, same(kF, 2, 1),
       "Compute the Heaviside step function."},
      {"conjugate", 1, 1, I::None, R::Common, same(kI + kF + kC, 1, 1),
       "Return the complex conjugate, element-wise."},
      {"reciprocal", 1, 1, I::None, R::Common, same(kI + kF + kC, 1, 1),
       "Return the reciprocal of the argument, element-wise."},
      {"square", 1, 1, I::None, R::Common, same(kI + kF + kC, 1, 1),
       "Return the element-wise square of the input."},
      {"sqrt", 1, 1, I::None, R::Common, same(kF + kC, 1, 1),
       "Return the non-negative square-root of an array, element-wise."},
      {"cbrt", 1, 1, I::None, R::Common, same(kF, 1, 1),
       "Return the cube-root of an array, element-wise."},
      {"gcd", 2, 1, I::Zero, R::Strict, same(kI, 2, 1),
       "Returns the greatest common divisor of |x1| and |x2|."},
      {"lcm", 2, 1, I::None, R::Strict, same(kI, 2, 1),
       "Returns the lowest common multiple of |x1| and |x2|."},
      // exponents and logarithms
      {"exp", 1, 1, I::None, R::Common, same(kF + kC, 1, 1),
       "Calculate the exponential of all elements."},
      {"exp2", 1, 1, I::None, R::Common, same(kF + kC, 1, 1), "Calculate 2**p for all p."},
      {"expm1", 1, 1, I::None, R::Common, same(kF + kC, 1, 1), "Calculate exp(x) - 1."},
      {"log", 1, 1, I::None, R::Common, same(kF + kC, 1, 1), "Natural logarithm, element-wise."},
      {"log2", 1, 1, I::None, R::Common, same(kF + kC, 1, 1), "Base-2 logarithm of x."},
      {"log10", 1, 1, I::None, R::Common, same(kF + kC, 1, 1), "Base-10 logarithm of x."},
      {"log1p", 1, 1, I::None, R::Common, same(kF + kC, 1, 1), "Return log(1 + x), element-wise."},
      {"logaddexp", 2, 1, I::MinusInf, R::Common, same(kF, 2, 1),
       "Logarithm of the sum of exponentiations of the inputs."},
      {"logaddexp2", 2, 1, I::MinusInf, R::Common, same(kF, 2, 1),
       "Logarithm of the sum of exponentiations of the inputs in base-2."},
      // trigonometric and hyperbolic
      {"sin", 1, 1, I::None, R::Common, same(kF + kC, 1, 1), "Trigonometric sine, element-wise."},
      {"cos", 1, 1, I::None, R::Common, same(kF + kC, 1, 1), "Cosine element-wise."},
      {"tan", 1, 1, I::None, R::Common, same(kF + kC, 1, 1), "Compute tangent element-wise."},
      {"arcsin", 1, 1, I::None, R::Common, same(kF + kC, 1, 1), "Inverse sine, element-wise."},
      {"arccos", 1, 1, I::None, R::Common, same(kF + kC, 1, 1),
       "Trigonometric inverse cosine, element-wise."},
      {"arctan", 1, 1, I::None, R::Common, same(kF + kC, 1, 1),
       "Trigonometric inverse tangent, element-wise."},
      {"sinh", 1, 1, I::None, R::Common, same(kF + kC, 1, 1), "Hyperbolic sine, element-wise."},
      {"cosh", 1, 1, I::None, R::Common, same(kF + kC, 1, 1), "Hyperbolic cosine, element-wise."},
      {"tanh", 1, 1, I::None, R::Common, same(kF + kC, 1, 1),
       "Compute hyperbolic tangent element-wise."},
      {"arcsinh", 1, 1, I::None, R::Common, same(kF + kC, 1, 1),
       "Inverse hyperbolic sine element-wise."},
      {"arccosh", 1, 1, I::None, R::Common, same(kF + kC, 1, 1),
       "Inverse hyperbolic cosine, element-wise."},
      {"arctanh", 1, 1, I::None, R::Common, same(kF + kC, 1, 1),
       "Inverse hyperbolic tangent element-wise."},
      {"arctan2", 2, 1, I::None, R::Common, same(kF, 2, 1),
       "Element-wise arc tangent of x1/x2 choosing the quadrant correctly."},
      {"hypot", 2, 1, I::Zero, R::Common, same(kF, 2, 1),
       "Given the legs of a right triangle, return its hypotenuse."},
      {"deg2rad", 1, 1, I::None, R::Common, same(kF, 1, 1),
       "Convert angles from degrees to radians."},
      {"rad2deg", 1, 1, I::None, R::Common, same(kF, 1, 1),
       "Convert angles from radians to degrees."},
      {"degrees", 1, 1, I::None, R::Common, same(kF, 1, 1),
       "Convert angles from radians to degrees.", "np_rad2deg"},
      {"radians", 1, 1, I::None, R::Common, same(kF, 1, 1),
       "Convert angles from degrees to radians.", "np_deg2rad"},
      // bit operations
      {"bitwise_and", 2, 1, I::MinusOne, R::Common, same(kB + kI, 2, 1),
       "Compute the bit-wise AND of two arrays element-wise."},
      {"bitwise_or", 2, 1, I::Zero, R::Common, same(kB + kI, 2, 1),
       "Compute the bit-wise OR of two arrays element-wise."},
      {"bitwise_xor", 2, 1, I::Zero, R::Common, same(kB + kI, 2, 1),
       "Compute the bit-wise XOR of two arrays element-wise."},
      {"invert", 1, 1, I::None, R::Common, same(kB + kI, 1, 1),
       "Compute bit-wise inversion, or bit-wise NOT, element-wise."},
      {"left_shift", 2, 1, I::None, R::Common, same(kI, 2, 1),
       "Shift the bits of an integer to the left."},
      {"right_shift", 2, 1, I::None, R::Common, same(kI, 2, 1),
       "Shift the bits of an integer to the right."},
      {"bitwise_count", 1, 1, I::None, R::Common, to(kI, 1, 'B'),
       "Computes the number of 1-bits in the absolute value of x."},
      // comparison and logic
      {"greater", 2, 1, I::None, R::Comparison, kCompare,
       "Return the truth value of (x1 > x2) element-wise."},
      {"greater_equal", 2, 1, I::None, R::Comparison, kCompare,
       "Return the truth value of (x1 >= x2) element-wise."},
      {"less", 2, 1, I::None, R::Comparison, kCompare,
       "Return the truth value of (x1 < x2) element-wise."},
      {"less_equal", 2, 1, I::None, R::Comparison, kCompare,
       "Return the truth value of (x1 <= x2) element-wise."},
      {"equal", 2, 1, I::None, R::Comparison, kCompare, "Return (x1 == x2) element-wise."},
      {"not_equal", 2, 1, I::None, R::Comparison, kCompare, "Return (x1 != x2) element-wise."},
      {"logical_and", 2, 1, I::True, R::Logical, to(kAll, 2, '?'),
       "Compute the truth value of x1 AND x2 element-wise."},
      {"logical_or", 2, 1, I::False, R::Logical, to(kAll, 2, '?'),
       "Compute the truth value of x1 OR x2 element-wise."},
      {"logical_xor", 2, 1, I::False, R::Logical, to(kAll, 2, '?'),
       "Compute the truth value of x1 XOR x2, element-wise."},
      {"logical_not", 1, 1, I::None, R::Common, to(kAll, 1, '?'),
       "Compute the truth value of NOT x element-wise."},
      // extrema
      {"maximum", 2, 1, I::None, R::Common, same(kAll, 2, 1),
       "Element-wise maximum of array elements (NaNs propagate)."},
      {"minimum", 2, 1, I::None, R::Common, same(kAll, 2, 1),
       "Element-wise minimum of array elements (NaNs propagate)."},
      {"fmax", 2, 1, I::None, R::Common, same(kAll, 2, 1),
       "Element-wise maximum of array elements (NaNs ignored)."},
      {"fmin", 2, 1, I::None, R::Common, same(kAll, 2, 1),
       "Element-wise minimum of array elements (NaNs ignored)."},
      // floating-point classification and decomposition
      {"isfinite", 1, 1, I::None, R::Common, to(kAll, 1, '?'), "Test element-wise for finiteness."},
      {"isinf", 1, 1, I::None, R::Common, to(kAll, 1, '?'),
       "Test element-wise for positive or negative infinity."},
      {"isnan", 1, 1, I::None, R::Common, to(kAll, 1, '?'), "Test element-wise for NaN."},
      {"signbit", 1, 1, I::None, R::Common, to(kF, 1, '?'),
       "Returns element-wise True where signbit is set (less than zero).", nullptr, nullptr, true},
      {"copysign", 2, 1, I::None, R::Common, same(kF, 2, 1),
       "Change the sign of x1 to that of x2, element-wise.", nullptr, nullptr, true},
      {"nextafter", 2, 1, I::None, R::Common, same(kF, 2, 1),
       "Return the next floating-point value after x1 towards x2, element-wise.", nullptr, nullptr,
       true},
      {"spacing", 1, 1, I::None, R::Common, same(kF, 1, 1),
       "Return the distance between x and the nearest adjacent number.", nullptr, nullptr, true},
      {"modf", 1, 2, I::None, R::Common, same(kF, 1, 2),
       "Return the fractional and integral parts of an array, element-wise."},
      {"ldexp", 2, 1, I::None, R::MixedLoops, "ei->e fi->f el->e fl->f di->d dl->d",
       "Returns x1 * 2**x2, element-wise."},
      {"frexp", 1, 2, I::None, R::Common, "e->ei f->fi d->di",
       "Decompose the elements of x into mantissa and twos exponent."},
      {"floor", 1, 1, I::None, R::Common, same(kB + kI + kF, 1, 1),
       "Return the floor of the input, element-wise."},
      {"ceil", 1, 1, I::None, R::Common, same(kB + kI + kF, 1, 1),
       "Return the ceiling of the input, element-wise."},
      {"trunc", 1, 1, I::None, R::Common, same(kB + kI + kF, 1, 1),
       "Return the truncated value of the input, element-wise."},
  };
}

std::vector<UfuncLoop> parse_loops(const std::string& spec, int nin, int nout, const char* name) {
  std::vector<UfuncLoop> loops;
  std::size_t pos = 0;
  while (pos < spec.size()) {
    std::size_t end = spec.find(' ', pos);
    if (end == std::string::npos) end = spec.size();
    std::string tok = spec.substr(pos, end - pos);
    pos = end + 1;
    if (tok.empty()) continue;
    std::size_t arrow = tok.find("->");
    if (arrow != static_cast<std::size_t>(nin) || tok.size() != arrow + 2 + nout)
      throw ValueError(std::string("ufunc table: bad loop '") + tok + "' for " + name);
    UfuncLoop l{};
    for (int k = 0; k < nin; ++k) l.types[k] = dtype_from_char(tok[k]);
    for (int k = 0; k < nout; ++k) l.types[nin + k] = dtype_from_char(tok[arrow + 2 + k]);
    loops.push_back(l);
  }
  return loops;
}

struct Table {
  std::vector<Ufunc> ufuncs;
  std::unordered_map<std::string, const Ufunc*> by_name;
  std::vector<std::pair<std::string, std::string>> aliases = {
      {"true_divide", "divide"}, {"mod", "remainder"},      {"abs", "absolute"},
      {"conj", "conjugate"},     {"bitwise_not", "invert"},
  };

  Table() {
    for (const Def& d : definitions()) {
      Ufunc u;
      u.name = d.name;
      u.nin = d.nin;
      u.nout = d.nout;
      u.identity = d.identity;
      u.resolver = d.resolver;
      u.loops = parse_loops(d.loops, d.nin, d.nout, d.name);
      u.function = d.function ? d.function : std::string("np_") + d.name;
      u.half_native = d.half_native;
      u.bool_error = d.bool_error;
      u.doc = d.doc;
      u.index = static_cast<int>(ufuncs.size());
      ufuncs.push_back(std::move(u));
    }
    for (const Ufunc& u : ufuncs) by_name.emplace(u.name, &u);
    for (const auto& [alias, target] : aliases) by_name.emplace(alias, by_name.at(target));
  }
};

const Table& table() {
  static const Table* t = new Table;  // never destroyed: ufuncs outlive interpreter teardown
  return *t;
}

}  // namespace

std::string Ufunc::compute_type(DType t) const {
  if (float_in_double && (t == DType::Float16 || t == DType::Float32)) return "double";
  if (float_in_double && t == DType::Complex64) return info(DType::Complex128).ctype;
  if (t == DType::Float16 && !half_native) return "float";
  return info(t).ctype;
}

std::string Ufunc::type_string(const UfuncLoop& l) const {
  std::string s;
  for (int k = 0; k < nin; ++k) s += info(l.types[k]).code;
  s += "->";
  for (int k = 0; k < nout; ++k) s += info(l.types[nin + k]).code;
  return s;
}

const std::vector<Ufunc>& ufunc_table() { return table().ufuncs; }

const Ufunc* find_ufunc(std::string_view name) {
  const auto& m = table().by_name;
  auto it = m.find(std::string(name));
  return it == m.end() ? nullptr : it->second;
}

const std::vector<std::pair<std::string, std::string>>& ufunc_aliases() { return table().aliases; }

}  // namespace cunp
