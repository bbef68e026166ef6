// src/ops/elementwise/functions.cpp -- clip, where, nan_to_num, around, angle, isreal/iscomplex,
// isclose/allclose, array_equal/equiv: NumPy 2's dtype rules on the host, one fused kernel each.
// Where NumPy runs several ufuncs in a row, every step here is rounded to the dtype NumPy would
// store it in, so float16 and float32 results match NumPy's bit for bit.
#include "cunp/ops/elementwise/functions.hpp"

#include <cfloat>
#include <cmath>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/ops/creation/transfer.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "ops/op_cache.hpp"

namespace cunp {
namespace {

std::string num(long long v) { return std::to_string(v); }

// The type a loop of dtype t computes in (float16 loops compute in float, as NumPy's do).
std::string ct(DType t) { return t == DType::Float16 ? "float" : info(t).ctype; }

// `e` converted to loop type t's compute type, through t's storage type (astype's rules).
std::string conv(const std::string& e, DType t) {
  if (t == DType::Float16) return "cast<float>(cast<float16>(" + e + "))";
  return "cast<" + ct(t) + ">(" + e + ")";
}
// A value computed in ct(t) rounded to t.
std::string rnd(const std::string& e, DType t) {
  return t == DType::Float16 ? "efn::rnd<float16>(" + e + ")" : e;
}

// Ops live for the process, one per distinct body; the key names what shapes the body.
const ElementwiseOp& cached_op(const std::string& key, const std::function<ElementwiseOp()>& make) {
  static auto& ops = OpCache<std::string, ElementwiseOp>::create();
  return ops.get(key, [&] {
    ElementwiseOp op = make();
    // The bodies' helpers (efn::): src/device/elementwise/elementwise_functions.cuh; the ufunc
    // math library gives np_<ufunc>.
    op.preamble = device_part("elementwise_functions");
    // NumPy rounds each multiply and add on its own; FMA contraction would move results that sit
    // on a tolerance or rounding boundary.
    if (op.math) op.options.push_back("--fmad=false");
    return op;
  });
}

// Per operand, 'a' (array, read as in<i>) or 's' (scalar, s<j>): the names the body uses.
std::vector<std::string> operand_names(const std::string& mask) {
  std::vector<std::string> names;
  int arrays = 0, scalars = 0;
  for (char c : mask) {
    std::string n = c == 'a' ? "in" : "s";
    n += num(c == 'a' ? arrays++ : scalars++);
    names.push_back(std::move(n));
  }
  return names;
}

std::string type_key(std::initializer_list<DType> types) {
  std::string k;
  for (DType t : types) k += info(t).code;
  return k;
}

// The operands of one launch, in body order: arrays become inputs, scalars kernel scalars.
struct Operands {
  std::vector<NDArray> arrays;
  std::vector<Scalar> scalars;
  std::string mask;

  void add(const NDArray& a) {
    arrays.push_back(a);
    mask += 'a';
  }
  void add(const Scalar& s) {
    scalars.push_back(s);
    mask += 's';
  }
  // A scalar operand is converted on the host to `as` (its loop type) when given.
  void add(const UfuncArg& a, std::optional<DType> as = std::nullopt) {
    if (a.array) add(*a.array);
    else add(as ? scalar_as(a, *as) : a.scalar);
  }
  std::vector<const NDArray*> array_ptrs() const {
    std::vector<const NDArray*> p;
    for (const NDArray& a : arrays) p.push_back(&a);
    return p;
  }
};

Dims joint_shape(const std::vector<const NDArray*>& arrays) {
  std::vector<Dims> shapes;
  for (const NDArray* a : arrays) shapes.push_back(a->shape());
  return shapes.empty() ? Dims{} : broadcast_shapes(shapes);
}

int device_of(const std::vector<const NDArray*>& arrays) {
  return arrays.empty() ? current_device() : arrays.front()->device();
}

// A new result array: laid out like the first operand that already has the result's shape
// (NumPy's order='K'), else C (or F) contiguous.
NDArray new_result(const Dims& shape, DType t, const std::vector<const NDArray*>& arrays,
                   OrderSpec order = OrderSpec::K) {
  if (order != OrderSpec::C)
    for (const NDArray* a : arrays)
      if (a->shape() == shape) return empty_like(*a, t, order);
  return NDArray::empty(shape, t, order == OrderSpec::F ? Order::F : Order::C, device_of(arrays));
}

// A given output must hold the broadcast shape; the inputs then broadcast to it.
Dims check_out(const NDArray& out, const Dims& shape) {
  Dims b = broadcast_shapes({shape, out.shape()});
  if (b != out.shape())
    throw ValueError("non-broadcastable output operand with shape " + shape_str(out.shape()) +
                     " doesn't match the broadcast shape " + shape_str(b));
  return out.shape();
}

// Inputs that share memory with the output other than element for element are copied first,
// so writing the output never changes what is still to be read.
void guard_overlap(std::vector<NDArray>& inputs, const NDArray& out) {
  for (NDArray& in : inputs) {
    if (!may_share_memory(in, out)) continue;
    NDArray v = in.shape() == out.shape() ? in : in.broadcast_to(out.shape());
    bool same = v.data() == out.data() && v.strides() == out.strides() &&
                v.itemsize() == out.itemsize();
    if (!same) in = copy(in);
  }
}

// Integer range checks for weak Python ints (held as int64, or uint64 past int64's range).
__int128 weak_value(const Scalar& s) {
  return s.dtype == DType::UInt64 ? static_cast<__int128>(s.as_uint()) : s.as_int();
}
__int128 int_min(DType t) {
  return kind(t) == 'u' ? 0 : -(static_cast<__int128>(1) << (8 * itemsize(t) - 1));
}
__int128 int_max(DType t) {
  return (static_cast<__int128>(1) << (8 * itemsize(t) - (kind(t) == 'i'))) - 1;
}
// Whether a Python scalar of dtype `py` may take loop type `loop` (NEP 50: by kind only).
bool weak_fits(DType py, DType loop) {
  switch (kind(py)) {
    case 'i':
    case 'u': return kind(loop) != 'b';
    case 'f': return is_inexact(loop);
    case 'c': return is_complex(loop);
    default: return true;
  }
}
bool is_weak_int(const UfuncArg& a) { return !a.array && a.weak && is_integer(a.scalar.dtype); }
std::string int_text(const Scalar& s) {
  return s.dtype == DType::UInt64 ? std::to_string(s.as_uint()) : std::to_string(s.as_int());
}

// A dtype-only operand for result_type().
UfuncArg dtype_arg(DType t, bool weak) { return UfuncArg{nullptr, Scalar::from_int(0, t), weak}; }

// The all-reduction the boolean functions end in: `cond` (an expression over the operands, after
// the statements `setup`) is and-ed over each thread's elements, and a thread that saw a false one
// clears the flag (a raw output). `label` names the kernel; `key` identifies the condition's code.
const ElementwiseOp& all_op(const char* label, const std::string& key, const std::string& setup,
                            const std::string& cond, const std::string& mask) {
  return cached_op("all|" + key + "|" + mask, [&] {
    int nin = 0;
    for (char c : mask) nin += c == 'a';
    ElementwiseOp o;
    o.name = std::string("all_") + label;
    o.body = setup + "if (!(" + cond + ")) _all = false;\n";
    o.loop_prep = "bool _all = true;";
    o.after_loop = "if (!_all) out0[0] = 0;";
    o.raw.assign(nin + 1, false);
    o.raw[nin] = true;
    o.math = true;
    return o;
  });
}

bool all_true(const ElementwiseOp& op, const Operands& ops, const Dims& shape) {
  if (shape.product() == 0) return true;
  NDArray flag = NDArray::empty(Dims{1}, DType::Int32, Order::C, device_of(ops.array_ptrs()));
  fill(flag, Scalar::from_int(1, DType::Int32));
  elementwise(op, ops.arrays, {flag}, ops.scalars, shape);
  int32_t v = 0;
  to_host(flag, &v, Order::C);
  return v != 0;
}

// ---------------------------------------------------------------------------------------------
// clip

const ElementwiseOp& clip_op(DType loop, const std::string& mask) {
  return cached_op("clip|" + type_key({loop}) + mask, [&] {
    auto n = operand_names(mask);
    ElementwiseOp o;
    o.name = "clip";
    o.body = "out0 = cast<decltype(out0)>(efn::clip(" + conv(n[0], loop) + ", " + conv(n[1], loop) +
             ", " + conv(n[2], loop) + "));";
    return o;
  });
}

// Whether a weak int bound lies beyond an integer array's range on its side (NumPy's _clip then
// drops it rather than failing to convert it).
bool drop_bound(const NDArray& a, const std::optional<UfuncArg>& b, bool lower) {
  if (!b || !is_integer(a.dtype()) || !is_weak_int(*b)) return false;
  __int128 v = weak_value(b->scalar);
  return lower ? v <= int_min(a.dtype()) : v >= int_max(a.dtype());
}

// ---------------------------------------------------------------------------------------------
// where

const ElementwiseOp& where_op(const std::string& mask) {
  return cached_op("where|" + mask, [&] {
    auto n = operand_names(mask);
    ElementwiseOp o;
    o.name = "where";
    o.body = "out0 = cast<bool>(" + n[0] + ") ? cast<decltype(out0)>(" + n[1] +
             ") : cast<decltype(out0)>(" + n[2] + ");";
    return o;
  });
}

// ---------------------------------------------------------------------------------------------
// nan_to_num

const ElementwiseOp& nan_to_num_op(DType t) {
  return cached_op("nan_to_num|" + type_key({t}), [&] {
    DType r = real_dtype(t);
    std::string c = ct(r);
    auto fix = [&](const std::string& v) {
      return "efn::finite(" + conv(v, r) + ", cast<" + c + ">(s0), cast<" + c + ">(s1), cast<" + c +
             ">(s2))";
    };
    ElementwiseOp o;
    o.name = "nan_to_num";
    o.body = is_complex(t) ? "out0 = cast<decltype(out0)>(complex<" + c + ">(" + fix("in0.re") +
                                 ", " + fix("in0.im") + "));"
                           : "out0 = cast<decltype(out0)>(" + fix("in0") + ");";
    return o;
  });
}

double largest(DType real) {
  switch (real) {
    case DType::Float16: return 65504.0;
    case DType::Float32: return FLT_MAX;
    default: return DBL_MAX;
  }
}

// ---------------------------------------------------------------------------------------------
// around

// NumPy's power_of_ten: exact powers up to 1e8, then repeated multiplication (which rounds, so
// 10**23 and beyond differ from the nearest double; NumPy's results depend on that).
double power_of_ten(long long n) {
  static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};
  if (n < 9) return p10[n];
  double r = 1e9;
  while (n-- > 9 && std::isfinite(r)) r *= 10.;  // past inf nothing changes
  return r;
}

// One value of NumPy's scaled rounding: op1(x, f) in the loop type l1, stored to w, rint in w,
// op2(., f) in w. `up` scales by multiplying first (decimals > 0), else by dividing first.
// s<fa> holds f as l1, s<fa + 1> as w.
std::string scaled_round(const std::string& x, DType l1, DType w, bool up, int fa) {
  std::string op1 = up ? "np_multiply" : "np_true_divide",
              op2 = up ? "np_true_divide" : "np_multiply";
  std::string f1 = "s" + num(fa), fw = "s" + num(fa + 1);
  std::string t = rnd(op1 + "(" + conv(x, l1) + ", " + conv(f1, l1) + ")", l1);
  std::string r = rnd("np_rint(" + conv(t, w) + ")", w);
  return rnd(op2 + "(" + r + ", " + conv(fw, w) + ")", w);
}

// Real input: x (in0) -> out0 through l1 and w; decimals == 0 is a plain rint in w.
const ElementwiseOp& round_real_op(DType l1, DType w, bool up) {
  return cached_op("round|" + type_key({l1, w}) + (up ? "u" : "d"), [&] {
    ElementwiseOp o;
    o.name = "around";
    o.body = "out0 = cast<decltype(out0)>(" + scaled_round("in0", l1, w, up, 0) + ");";
    o.math = true;
    return o;
  });
}

// Complex input: each part rounds as a real array of the part's dtype (NumPy rounds a.real and
// a.imag apart); `scaled` false is decimals == 0 (rint only).
const ElementwiseOp& round_complex_op(DType part, bool scaled, bool up) {
  return cached_op("round_c|" + type_key({part}) + (scaled ? (up ? "u" : "d") : "0"), [&] {
    auto one = [&](const std::string& v) {
      return scaled ? scaled_round(v, part, part, up, 0) : "np_rint(" + conv(v, part) + ")";
    };
    ElementwiseOp o;
    o.name = "around_complex";
    o.body = "out0 = cast<decltype(out0)>(complex<" + ct(part) + ">(" + one("in0.re") + ", " +
             one("in0.im") + "));";
    o.math = true;
    return o;
  });
}

// ---------------------------------------------------------------------------------------------
// angle, isreal, iscomplex

const ElementwiseOp& angle_op(DType z, DType loop, bool deg) {
  return cached_op("angle|" + type_key({z, loop}) + (deg ? "d" : "r"), [&] {
    std::string a = is_complex(z)
                        ? "np_arctan2(" + conv("in0.im", loop) + ", " + conv("in0.re", loop) + ")"
                        : "np_arctan2(static_cast<" + ct(loop) + ">(0), " + conv("in0", loop) + ")";
    a = rnd(a, loop);
    if (deg) a = rnd("np_multiply(" + a + ", " + conv("s0", loop) + ")", loop);
    ElementwiseOp o;
    o.name = "angle";
    o.body = "out0 = cast<decltype(out0)>(" + a + ");";
    o.math = true;
    return o;
  });
}

const ElementwiseOp& imag_test_op(bool zero) {
  return cached_op(zero ? "isreal" : "iscomplex", [&] {
    ElementwiseOp o;
    o.name = zero ? "isreal" : "iscomplex";
    o.body = zero ? "out0 = in0.im == 0;" : "out0 = in0.im != 0;";
    return o;
  });
}

// ---------------------------------------------------------------------------------------------
// isclose

// A step's dtype, and whether it is still a Python scalar (weak): isclose's arithmetic on two
// Python scalars happens in Python and stays weak.
struct Typed {
  DType dt;
  bool weak;
};

Typed combine(Typed a, Typed b) {
  if (a.weak && b.weak) {
    char k = std::max(kind(a.dt) == 'u' ? 'i' : kind(a.dt), kind(b.dt) == 'u' ? 'i' : kind(b.dt),
                      [](char x, char y) {
                        const std::string order = "bifc";
                        return order.find(x) < order.find(y);
                      });
    DType d = k == 'c'   ? DType::Complex128
              : k == 'f' ? DType::Float64
              : k == 'i' ? DType::Int64
                         : DType::Bool;
    return {d, true};
  }
  return {result_type({dtype_arg(a.dt, a.weak), dtype_arg(b.dt, b.weak)}), false};
}

struct CloseTypes {
  Typed x, y, d1, a1, ay, d2, d3, cmp, rtol, atol;
};

Typed typed(const UfuncArg& a) { return {a.dtype(), a.weak}; }

// isclose's operands with b made inexact: a Python int becomes a Python float, anything else
// becomes an array of result_type(b, 1.0).
UfuncArg inexact_b(const UfuncArg& b, DType& y) {
  UfuncArg r = b;
  if (!b.array && b.weak) {
    if (is_integer(b.scalar.dtype))
      r.scalar = Scalar::from_double(b.scalar.dtype == DType::UInt64
                                         ? static_cast<double>(b.scalar.as_uint())
                                         : static_cast<double>(b.scalar.as_int()),
                                     DType::Float64);
    y = r.scalar.dtype;
    return r;
  }
  y = result_type({dtype_arg(b.dtype(), false), dtype_arg(DType::Float64, true)});
  if (!b.array) r.scalar = b.scalar.cast(y);
  r.weak = false;
  return r;
}

CloseTypes close_types(const UfuncArg& x, const UfuncArg& y, DType ydt, const UfuncArg& rtol,
                       const UfuncArg& atol) {
  CloseTypes t;
  t.x = typed(x);
  t.y = {ydt, y.weak};
  t.rtol = typed(rtol);
  t.atol = typed(atol);
  t.d1 = combine(t.x, t.y);                 // x - y
  t.a1 = {real_dtype(t.d1.dt), t.d1.weak};  // abs(x - y)
  t.ay = {real_dtype(t.y.dt), t.y.weak};    // abs(y)
  t.d2 = combine(t.rtol, t.ay);             // rtol * abs(y)
  t.d3 = combine(t.atol, t.d2);             // atol + rtol * abs(y)
  t.cmp = combine(t.a1, t.d3);              // less_equal
  return t;
}

// The per-element isclose expression over operands x, y, rtol, atol named by `n`; declares
// locals first (returned in `setup`).
std::string close_expr(const CloseTypes& t, const std::vector<std::string>& n, bool equal_nan,
                       std::string& setup) {
  DType Y = t.y.dt, D1 = t.d1.dt, A1 = t.a1.dt, AY = t.ay.dt, D2 = t.d2.dt, D3 = t.d3.dt,
        C = t.cmp.dt;
  setup = "const " + ct(Y) + " _y = " + conv(n[1], Y) + ";\n";
  setup += "const " + ct(D1) + " _xd = " + conv(n[0], D1) + ", _yd = " + conv("_y", D1) + ";\n";
  setup += "const " + ct(A1) +
           " _ad = " + rnd("np_absolute(" + rnd("np_subtract(_xd, _yd)", D1) + ")", A1) + ";\n";
  setup += "const " + ct(AY) + " _ay = " + rnd("np_absolute(_y)", AY) + ";\n";
  setup += "const " + ct(D2) +
           " _rt = " + rnd("np_multiply(" + conv(n[2], D2) + ", " + conv("_ay", D2) + ")", D2) +
           ";\n";
  setup += "const " + ct(D3) +
           " _tol = " + rnd("np_add(" + conv(n[3], D3) + ", " + conv("_rt", D3) + ")", D3) + ";\n";
  std::string e = "(np_less_equal(" + conv("_ad", C) + ", " + conv("_tol", C) +
                  ") && np_isfinite(_y)) || np_equal(_xd, _yd)";
  if (equal_nan) e = "(" + e + ") || (np_isnan(" + conv(n[0], t.x.dt) + ") && np_isnan(_y))";
  return e;
}

std::string close_key(const CloseTypes& t, bool equal_nan) {
  return type_key({t.x.dt, t.y.dt, t.d1.dt, t.a1.dt, t.ay.dt, t.d2.dt, t.d3.dt, t.cmp.dt}) +
         (equal_nan ? "n" : "");
}

const ElementwiseOp& isclose_op(const CloseTypes& t, bool equal_nan, const std::string& mask) {
  return cached_op("isclose|" + close_key(t, equal_nan) + mask, [&] {
    std::string setup;
    std::string e = close_expr(t, operand_names(mask), equal_nan, setup);
    ElementwiseOp o;
    o.name = "isclose";
    o.body = setup + "out0 = " + e + ";";
    o.math = true;
    return o;
  });
}

struct CloseLaunch {
  CloseTypes types;
  Operands ops;
  Dims shape;
};

CloseLaunch prepare_close(const CloseArgs& args) {
  CloseLaunch c;
  DType ydt;
  UfuncArg y = inexact_b(args.b, ydt);
  c.types = close_types(args.a, y, ydt, args.rtol, args.atol);
  c.ops.add(args.a);
  c.ops.add(y);
  c.ops.add(args.rtol);
  c.ops.add(args.atol);
  c.shape = joint_shape(c.ops.array_ptrs());
  return c;
}

// ---------------------------------------------------------------------------------------------
// array_equal

// Element equality in the loop NumPy's `equal` picks, with equal_nan's NaN rule.
std::string equal_expr(DType a, DType b, DType l0, DType l1, bool equal_nan, std::string& setup) {
  setup = "const bool _eq = np_equal(" + conv("in0", l0) + ", " + conv("in1", l1) + ");\n";
  if (!equal_nan) return "_eq";
  setup += "const bool _n0 = np_isnan(" + conv("in0", a) + "), _n1 = np_isnan(" + conv("in1", b) +
           ");\n";
  return "_n0 == _n1 && (_n0 || _eq)";
}

const UfuncLoop& equal_loop(DType a, DType b) {
  static const Ufunc* eq = find_ufunc("equal");
  return *resolve_ufunc(*eq, {dtype_arg(a, false), dtype_arg(b, false)}, {std::nullopt}, {}).loop;
}

const ElementwiseOp& equal_all_op(DType a, DType b, bool equal_nan) {
  const UfuncLoop& l = equal_loop(a, b);
  std::string setup;
  std::string e = equal_expr(a, b, l.types[0], l.types[1], equal_nan, setup);
  return all_op("equal",
                "equal|" + type_key({a, b, l.types[0], l.types[1]}) + (equal_nan ? "n" : ""), setup,
                e, "aa");
}

bool all_equal(const NDArray& a1, const NDArray& a2, bool equal_nan, const Dims& shape) {
  Operands ops;
  ops.add(a1);
  ops.add(a2);
  return all_true(equal_all_op(a1.dtype(), a2.dtype(), equal_nan), ops, shape);
}

const ElementwiseOp& close_all_op(const CloseTypes& t, bool equal_nan, const std::string& mask) {
  std::string setup;
  std::string e = close_expr(t, operand_names(mask), equal_nan, setup);
  return all_op("close", "close|" + close_key(t, equal_nan), setup, e, mask);
}

}  // namespace

// ---------------------------------------------------------------------------------------------

NDArray clip(const NDArray& a, const std::optional<UfuncArg>& a_min,
             const std::optional<UfuncArg>& a_max, NDArray out, const UfuncOptions& opt) {
  UfuncArg arr{&a};
  std::optional<UfuncArg> lo = drop_bound(a, a_min, true) ? std::nullopt : a_min;
  std::optional<UfuncArg> hi = drop_bound(a, a_max, false) ? std::nullopt : a_max;
  if (!lo || !hi) {
    // One bound or none: NumPy's _clip calls maximum, minimum or positive.
    const char* u = lo ? "maximum" : hi ? "minimum" : "positive";
    std::vector<UfuncArg> args{arr};
    if (lo) args.push_back(*lo);
    if (hi) args.push_back(*hi);
    return ufunc_call(*find_ufunc(u), args, {out}, opt)[0];
  }
  if (!opt.signature.empty()) throw TypeError("clip: signature= is not supported");
  if (opt.where) throw NotImplementedError("clip: where= is not supported");
  DType loop = opt.dtype ? *opt.dtype : result_type({arr, *lo, *hi});
  const UfuncArg* args[] = {&arr, &*lo, &*hi};
  for (int k = 0; k < 3; ++k) {
    const UfuncArg& b = *args[k];
    if (is_weak_int(b) && is_integer(loop)) {
      __int128 v = weak_value(b.scalar);
      if (v < int_min(loop) || v > int_max(loop))
        throw OverflowError("Python integer " + int_text(b.scalar) + " out of bounds for " +
                            name(loop));
    }
    if (b.weak && !weak_fits(b.scalar.dtype, loop))
      throw TypeError("Cannot cast ufunc 'clip' input " + num(k) + " from " +
                      dtype_repr(b.dtype()) + " to " + dtype_repr(loop) + " with casting rule '" +
                      casting_name(opt.casting) + "'");
    if (!b.weak && !can_cast(b.dtype(), loop, opt.casting))
      throw TypeError("Cannot cast ufunc 'clip' input " + num(k) + " from " +
                      dtype_repr(b.dtype()) + " to " + dtype_repr(loop) + " with casting rule '" +
                      casting_name(opt.casting) + "'");
  }
  if (out.defined() && !can_cast(loop, out.dtype(), opt.casting))
    throw TypeError("Cannot cast ufunc 'clip' output from " + dtype_repr(loop) + " to " +
                    dtype_repr(out.dtype()) + " with casting rule '" + casting_name(opt.casting) +
                    "'");
  Operands ops;
  ops.add(arr);
  ops.add(*lo, loop);
  ops.add(*hi, loop);
  Dims shape = joint_shape(ops.array_ptrs());
  if (out.defined()) shape = check_out(out, shape);
  else out = new_result(shape, loop, ops.array_ptrs(), opt.order);
  if (out.size() == 0) return out;
  guard_overlap(ops.arrays, out);
  elementwise(clip_op(loop, ops.mask), ops.arrays, {out}, ops.scalars);
  return out;
}

NDArray where(const UfuncArg& condition, const UfuncArg& x, const UfuncArg& y) {
  DType t = result_type({x, y});
  Operands ops;
  ops.add(condition, DType::Bool);
  ops.add(x, t);
  ops.add(y, t);
  Dims shape = joint_shape(ops.array_ptrs());
  NDArray out = new_result(shape, t, ops.array_ptrs());
  if (out.size() == 0) return out;
  elementwise(where_op(ops.mask), ops.arrays, {out}, ops.scalars);
  return out;
}

NDArray nan_to_num(const NDArray& x, double nan, std::optional<double> posinf,
                   std::optional<double> neginf, NDArray out) {
  if (out.defined() && out.shape() != x.shape())
    throw ValueError("nan_to_num: out has shape " + shape_str(out.shape()) + ", expected " +
                     shape_str(x.shape()));
  if (!is_inexact(x.dtype())) {
    if (!out.defined()) return copy(x);
    if (out.data() != x.data() || out.strides() != x.strides() || out.dtype() != x.dtype())
      copy_to(out, x);
    return out;
  }
  DType r = real_dtype(x.dtype());
  double big = largest(r);
  std::vector<NDArray> in{x};
  if (!out.defined()) out = empty_like(x, x.dtype(), OrderSpec::K);
  if (out.size() == 0) return out;
  guard_overlap(in, out);
  elementwise(nan_to_num_op(x.dtype()), in, {out},
              {Scalar::from_double(nan, r), Scalar::from_double(posinf.value_or(big), r),
               Scalar::from_double(neginf.value_or(-big), r)});
  return out;
}

NDArray around(const NDArray& a, int decimals, NDArray out) {
  if (out.defined() && out.size() != a.size()) throw ValueError("invalid output shape");
  const DType A = a.dtype();
  const bool up = decimals >= 0;
  const long long d = decimals < 0 ? -static_cast<long long>(decimals) : decimals;
  const double f = power_of_ten(d);
  const bool fortran = a.f_contiguous() && !a.c_contiguous();
  std::vector<NDArray> in{a};

  if (is_complex(A)) {
    // NumPy rounds a.real and a.imag as real arrays, then assigns them into a copy of a (or
    // out) that keeps a's order of axes (order='K').
    if (out.defined() && !is_complex(out.dtype()))
      throw TypeError("array does not have imaginary part to set");
    DType part = real_dtype(A);
    if (out.defined()) check_out(out, a.shape());
    else out = empty_like(a, A, OrderSpec::K);
    if (out.size() == 0) return out;
    guard_overlap(in, out);
    std::vector<Scalar> s;
    if (decimals != 0) s = {Scalar::from_double(f, part), Scalar::from_double(f, part)};
    elementwise(round_complex_op(part, decimals != 0, up), in, {out}, s);
    return out;
  }
  const bool integer = is_integer(A);
  if (up && integer) {
    if (!out.defined()) return copy(a);
    if (!can_cast(A, out.dtype(), Casting::SameKind))
      throw TypeError("Cannot cast array data from " + dtype_repr(A) + " to " +
                      dtype_repr(out.dtype()) + " according to the rule 'same_kind'");
    check_out(out, a.shape());
    copy_to(out, a);
    return out;
  }
  if (decimals == 0) return ufunc_call(*find_ufunc("rint"), {UfuncArg{&a}}, {out})[0];

  // The scaled path: op1(a, f) into w, rint(w), op2(w, f); integers (without out) come back to
  // their dtype at the end, as NumPy casts its float64 result.
  DType l1 = is_inexact(A) ? A : DType::Float64;
  DType w = out.defined() ? out.dtype() : integer ? DType::Float64 : A;
  if (!can_cast(l1, w, Casting::SameKind))
    throw TypeError(std::string("Cannot cast ufunc '") + (up ? "multiply" : "divide") +
                    "' output from " + dtype_repr(l1) + " to " + dtype_repr(w) +
                    " with casting rule 'same_kind'");
  if (out.defined()) check_out(out, a.shape());
  else out = NDArray::empty(a.shape(), A, fortran ? Order::F : Order::C, a.device());
  if (out.size() == 0) return out;
  guard_overlap(in, out);
  elementwise(round_real_op(l1, w, up), in, {out},
              {Scalar::from_double(f, l1), Scalar::from_double(f, w)});
  return out;
}

NDArray angle(const NDArray& z, bool deg) {
  DType loop;
  if (is_complex(z.dtype())) {
    loop = real_dtype(z.dtype());
  } else {
    // arctan2(0, z): a weak 0 against z picks the loop (int8 -> float16, bool -> float64).
    static const Ufunc* atan2 = find_ufunc("arctan2");
    loop = resolve_ufunc(*atan2,
                         {UfuncArg{nullptr, Scalar::from_int(0, DType::Int64), true}, UfuncArg{&z}},
                         {std::nullopt}, {})
               .loop->types[2];
  }
  // NumPy's angle is the ufunc arctan2 over z (or over z's parts, views with z's strides): its
  // result lies in the iterator's order, where a broadcast (stride-0) axis ties with any other.
  NDArray out = empty_iterated(z.shape(), loop, {z.strides()}, z.device());
  if (out.size() == 0) return out;
  std::vector<Scalar> s;
  if (deg) s.push_back(Scalar::from_double(180.0 / 3.141592653589793, loop));  // Python's 180/pi
  elementwise(angle_op(z.dtype(), loop, deg), {z}, {out}, s);
  return out;
}

// NumPy's isreal is imag(x) == 0: for complex x a ufunc over the imaginary view (x's strides,
// so the iterator's order); for real x, imag is a new zero array, F-ordered only where x is
// F- and not C-contiguous, which == 0 keeps.
NDArray isreal(const NDArray& x) {
  if (!is_complex(x.dtype())) {
    const bool f = x.f_contiguous() && !x.c_contiguous();
    NDArray out = NDArray::empty(x.shape(), DType::Bool, f ? Order::F : Order::C, x.device());
    if (out.size()) fill(out, Scalar::from_bool(true, DType::Bool));
    return out;
  }
  NDArray out = empty_iterated(x.shape(), DType::Bool, {x.strides()}, x.device());
  if (out.size() == 0) return out;
  elementwise(imag_test_op(true), {x}, {out});
  return out;
}

NDArray iscomplex(const NDArray& x) {
  if (!is_complex(x.dtype())) {
    NDArray out = NDArray::empty(x.shape(), DType::Bool, Order::C, x.device());
    if (out.size()) fill(out, Scalar::from_bool(false, DType::Bool));
    return out;
  }
  // x.imag != 0: a ufunc over a view with x's strides.
  NDArray out = empty_iterated(x.shape(), DType::Bool, {x.strides()}, x.device());
  if (out.size() == 0) return out;
  elementwise(imag_test_op(false), {x}, {out});
  return out;
}

NDArray isclose(const CloseArgs& args) {
  CloseLaunch c = prepare_close(args);
  NDArray out = new_result(c.shape, DType::Bool, c.ops.array_ptrs());
  if (out.size() == 0) return out;
  elementwise(isclose_op(c.types, args.equal_nan, c.ops.mask), c.ops.arrays, {out}, c.ops.scalars);
  return out;
}

bool allclose(const CloseArgs& args) {
  CloseLaunch c = prepare_close(args);
  return all_true(close_all_op(c.types, args.equal_nan, c.ops.mask), c.ops, c.shape);
}

bool array_equal(const NDArray& a1, const NDArray& a2, bool equal_nan) {
  if (a1.shape() != a2.shape()) return false;
  return all_equal(a1, a2, equal_nan, a1.shape());
}

bool array_equiv(const NDArray& a1, const NDArray& a2) {
  Dims shape;
  try {
    shape = broadcast_shapes({a1.shape(), a2.shape()});
  } catch (const ValueError&) {
    return false;
  }
  return all_equal(a1, a2, false, shape);
}

std::vector<std::string> elementwise_function_sources(DType t) {
  std::vector<std::string> out;
  auto add = [&](const ElementwiseOp& op, std::vector<DType> in, std::vector<DType> outs,
                 std::vector<DType> scalars) {
    out.push_back(elementwise_source(op, in, outs, scalars, 0, 1));
  };
  const DType B = DType::Bool;
  add(clip_op(t, "aaa"), {t, t, t}, {t}, {});
  add(clip_op(t, "ass"), {t}, {t}, {t, t});
  add(where_op("aaa"), {B, t, t}, {t}, {});
  add(where_op("sas"), {t}, {t}, {B, t});
  if (is_inexact(t)) {
    DType r = real_dtype(t);
    add(nan_to_num_op(t), {t}, {t}, {r, r, r});
  }
  if (is_complex(t)) {
    DType p = real_dtype(t);
    add(round_complex_op(p, false, true), {t}, {t}, {});
    add(round_complex_op(p, true, true), {t}, {t}, {p, p});
    add(round_complex_op(p, true, false), {t}, {t}, {p, p});
    add(imag_test_op(true), {t}, {B}, {});
    add(imag_test_op(false), {t}, {B}, {});
  } else {
    DType l1 = is_inexact(t) ? t : DType::Float64;
    DType w = is_inexact(t) ? t : DType::Float64;
    add(round_real_op(l1, w, true), {t}, {is_integer(t) ? t : w}, {l1, w});
    add(round_real_op(l1, w, false), {t}, {is_integer(t) ? t : w}, {l1, w});
  }
  {
    DType loop = is_complex(t) ? real_dtype(t)
                               : resolve_ufunc(*find_ufunc("arctan2"),
                                               {dtype_arg(DType::Int64, true), dtype_arg(t, false)},
                                               {std::nullopt}, {})
                                     .loop->types[2];
    add(angle_op(t, loop, true), {t}, {loop}, {loop});
  }
  for (bool equal_nan : {false, true}) {
    // isclose(t, t) with Python-float tolerances, and with array tolerances.
    UfuncArg x = dtype_arg(t, false), rt = dtype_arg(DType::Float64, true);
    DType ydt;
    UfuncArg y = inexact_b(x, ydt);
    CloseTypes ct1 = close_types(x, y, ydt, rt, rt);
    add(isclose_op(ct1, equal_nan, "aass"), {t, t}, {B}, {DType::Float64, DType::Float64});
    CloseTypes ct2 = close_types(x, y, ydt, dtype_arg(DType::Float32, false), dtype_arg(t, false));
    add(isclose_op(ct2, equal_nan, "aaaa"), {t, t, DType::Float32, t}, {B}, {});
    add(close_all_op(ct1, equal_nan, "aass"), {t, t}, {DType::Int32},
        {DType::Float64, DType::Float64});
    add(equal_all_op(t, DType::Int64, equal_nan), {t, DType::Int64}, {DType::Int32}, {});
    add(equal_all_op(t, t, equal_nan), {t, t}, {DType::Int32}, {});
  }
  return out;
}

}  // namespace cunp
