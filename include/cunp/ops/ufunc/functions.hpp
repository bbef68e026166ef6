// cunp/ops/ufunc/functions.hpp -- every ufunc of the table as a function named as in NumPy
// (cunp::add, cunp::sin, cunp::arctan2, ...) and as an object (cunp::ufunc("add")) with NumPy's
// ufunc methods. The functions are generated from the lists below, which a test checks against
// the table (src/ops/ufunc_table.cpp): adding a ufunc there means adding its name here.
#pragma once
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/ops/ufunc/operand.hpp"
#include "cunp/ops/reduction/reduction.hpp"
#include "cunp/ops/scan/scan.hpp"
#include "cunp/ops/ufunc/ufunc.hpp"

namespace cunp {

// One row of the table, callable as NumPy's ufunc objects are. Cheap to copy (a pointer).
class UfuncRef {
 public:
  explicit UfuncRef(const Ufunc& u) : u_(&u) {}
  const Ufunc& definition() const { return *u_; }
  const std::string& name() const { return u_->name; }
  int nin() const { return u_->nin; }
  int nout() const { return u_->nout; }

  // u(inputs...): NumPy's promotion (numbers are weak, see Operand) and broadcasting, one new
  // output. ValueError for a ufunc of two outputs (use call), TypeError for a wrong input count.
  template <class... Args> NDArray operator()(const Args&... inputs) const {
    return call1({Operand(inputs)...});
  }
  // The general form: `outs` empty or nout entries, each undefined (allocated) or an array the
  // result broadcasts to, written under opt.casting (same_kind by default, as NumPy's out=).
  std::vector<NDArray> call(ArgList<Operand> inputs, std::vector<NDArray> outs = {},
                            const UfuncOptions& opt = {}) const;

  // NumPy's ufunc methods (binary ufuncs of one output).
  NDArray reduce(const NDArray& a, const ReduceArgs& args = {}) const;
  NDArray accumulate(const NDArray& a, int64_t axis = 0, const ScanOptions& opt = {}) const;
  NDArray reduceat(const NDArray& a, const std::vector<int64_t>& indices, int64_t axis = 0,
                   const ScanOptions& opt = {}) const;
  // r[i..., j...] = u(a[i...], b[j...]): a gets b.ndim unit axes appended, then they broadcast.
  NDArray outer(const NDArray& a, const NDArray& b, NDArray out = {},
                const UfuncOptions& opt = {}) const;
  // a[indices] = u(a[indices], b) unbuffered (repeated indices accumulate); one integer index
  // array per leading axis of a. The first form is for unary ufuncs.
  void at(const NDArray& a, const std::vector<NDArray>& indices) const;
  void at(const NDArray& a, const std::vector<NDArray>& indices, const Operand& b) const;

 private:
  NDArray call1(ArgList<Operand> inputs) const;
  const Ufunc* u_;
};

// The ufunc of the table named `name` (NumPy's aliases too: "abs", "mod", "pow", "acos", ...).
// ValueError for any other name.
UfuncRef ufunc(std::string_view name);

// The table's ufuncs by arity (inputs_outputs), in the table's order.
// clang-format off
#define CUNP_UFUNCS_1_1(X)                                                                       \
  X(negative) X(positive) X(absolute) X(fabs) X(rint) X(sign) X(conjugate) X(reciprocal)       \
  X(square) X(sqrt) X(cbrt) X(exp) X(exp2) X(expm1) X(log) X(log2) X(log10) X(log1p)           \
  X(sin) X(cos) X(tan) X(arcsin) X(arccos) X(arctan) X(sinh) X(cosh) X(tanh) X(arcsinh)        \
  X(arccosh) X(arctanh) X(deg2rad) X(rad2deg) X(degrees) X(radians) X(invert) X(bitwise_count) \
  X(logical_not) X(isfinite) X(isinf) X(isnan) X(signbit) X(spacing) X(floor) X(ceil) X(trunc)
#define CUNP_UFUNCS_2_1(X)                                                                       \
  X(add) X(subtract) X(multiply) X(divide) X(floor_divide) X(power) X(float_power)            \
  X(remainder) X(fmod) X(heaviside) X(gcd) X(lcm) X(logaddexp) X(logaddexp2) X(arctan2)        \
  X(hypot) X(bitwise_and) X(bitwise_or) X(bitwise_xor) X(left_shift) X(right_shift)            \
  X(greater) X(greater_equal) X(less) X(less_equal) X(equal) X(not_equal) X(logical_and)       \
  X(logical_or) X(logical_xor) X(maximum) X(minimum) X(fmax) X(fmin) X(copysign)              \
  X(nextafter) X(ldexp)
#define CUNP_UFUNCS_1_2(X) X(modf) X(frexp)
#define CUNP_UFUNCS_2_2(X) X(divmod)

// Other names of the same ufuncs: NumPy's (the table's aliases) and the array API standard's,
// which NumPy 2 has too (python/cunp binds the same ones).
#define CUNP_UFUNC_ALIASES_1_1(X)                                                                \
  X(abs, absolute) X(conj, conjugate) X(bitwise_not, invert) X(bitwise_invert, invert)         \
  X(acos, arccos) X(acosh, arccosh) X(asin, arcsin) X(asinh, arcsinh) X(atan, arctan)          \
  X(atanh, arctanh)
#define CUNP_UFUNC_ALIASES_2_1(X)                                                                \
  X(true_divide, divide) X(mod, remainder) X(pow, power) X(atan2, arctan2)                     \
  X(bitwise_left_shift, left_shift) X(bitwise_right_shift, right_shift)
// clang-format on

// One function per name. Each looks its row up once; `out` and `opt` act as NumPy's out=,
// casting=, dtype=, signature=, order= and where=. Binary ones take arrays or numbers on either
// side (cunp::power(x, 2), cunp::subtract(1.0, x)); unary ones take an array (a number would
// hide the C math function of the same name, sqrt(2.0), for code that names both namespaces).
#define CUNP_DEFINE_UFUNC_1_1(fn, row)                                                  \
  inline NDArray fn(const NDArray& x, NDArray out = {}, const UfuncOptions& opt = {}) { \
    static const UfuncRef u = ufunc(#row);                                              \
    return std::move(u.call({x}, {std::move(out)}, opt)[0]);                            \
  }
#define CUNP_DEFINE_UFUNC_2_1(fn, row)                                    \
  inline NDArray fn(const Operand& a, const Operand& b, NDArray out = {}, \
                    const UfuncOptions& opt = {}) {                       \
    static const UfuncRef u = ufunc(#row);                                \
    return std::move(u.call({a, b}, {std::move(out)}, opt)[0]);           \
  }
#define CUNP_DEFINE_UFUNC_1_2(fn, row)                                                          \
  inline std::pair<NDArray, NDArray> fn(const NDArray& x, NDArray out1 = {}, NDArray out2 = {}, \
                                        const UfuncOptions& opt = {}) {                         \
    static const UfuncRef u = ufunc(#row);                                                      \
    std::vector<NDArray> r = u.call({x}, {std::move(out1), std::move(out2)}, opt);              \
    return {std::move(r[0]), std::move(r[1])};                                                  \
  }
#define CUNP_DEFINE_UFUNC_2_2(fn, row)                                                         \
  inline std::pair<NDArray, NDArray> fn(const Operand& a, const Operand& b, NDArray out1 = {}, \
                                        NDArray out2 = {}, const UfuncOptions& opt = {}) {     \
    static const UfuncRef u = ufunc(#row);                                                     \
    std::vector<NDArray> r = u.call({a, b}, {std::move(out1), std::move(out2)}, opt);          \
    return {std::move(r[0]), std::move(r[1])};                                                 \
  }
#define CUNP_DEFINE_UFUNC_1_1_SELF(fn) CUNP_DEFINE_UFUNC_1_1(fn, fn)
#define CUNP_DEFINE_UFUNC_2_1_SELF(fn) CUNP_DEFINE_UFUNC_2_1(fn, fn)
#define CUNP_DEFINE_UFUNC_1_2_SELF(fn) CUNP_DEFINE_UFUNC_1_2(fn, fn)
#define CUNP_DEFINE_UFUNC_2_2_SELF(fn) CUNP_DEFINE_UFUNC_2_2(fn, fn)

CUNP_UFUNCS_1_1(CUNP_DEFINE_UFUNC_1_1_SELF)
CUNP_UFUNCS_2_1(CUNP_DEFINE_UFUNC_2_1_SELF)
CUNP_UFUNCS_1_2(CUNP_DEFINE_UFUNC_1_2_SELF)
CUNP_UFUNCS_2_2(CUNP_DEFINE_UFUNC_2_2_SELF)
CUNP_UFUNC_ALIASES_1_1(CUNP_DEFINE_UFUNC_1_1)
CUNP_UFUNC_ALIASES_2_1(CUNP_DEFINE_UFUNC_2_1)

#undef CUNP_DEFINE_UFUNC_1_1_SELF
#undef CUNP_DEFINE_UFUNC_2_1_SELF
#undef CUNP_DEFINE_UFUNC_1_2_SELF
#undef CUNP_DEFINE_UFUNC_2_2_SELF
#undef CUNP_DEFINE_UFUNC_1_1
#undef CUNP_DEFINE_UFUNC_2_1
#undef CUNP_DEFINE_UFUNC_1_2
#undef CUNP_DEFINE_UFUNC_2_2

}  // namespace cunp
