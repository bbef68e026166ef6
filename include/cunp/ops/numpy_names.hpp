// cunp/ops/numpy_names.hpp -- the common NumPy functions under NumPy's names and argument
// shapes (sum(x, axis), max, zeros, arange(5), where(c, x, 0), transpose, ...), for what the ops
// headers provide under other names or with engine-level arguments. Thin: each forwards.
#pragma once
#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/array/number.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/creation/creation.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/ops/elementwise/functions.hpp"
#include "cunp/ops/manipulation/joining.hpp"
#include "cunp/ops/ufunc/operand.hpp"
#include "cunp/ops/reduction/reduction.hpp"
#include "cunp/ops/statistics/statistics.hpp"
#include "cunp/ops/creation/transfer.hpp"

namespace cunp {

// -- reductions: f(x), f(x, axis), f(x, {axes...}), keepdims; ReduceArgs for dtype=, out=,
//    initial= and where= (cunp/ops/reduction.hpp) --------------------------------------------

inline NDArray max(const NDArray& a, const ReduceArgs& args = {}) { return amax(a, args); }
inline NDArray min(const NDArray& a, const ReduceArgs& args = {}) { return amin(a, args); }

// ReduceArgs for axis=, keepdims= (the rest as NumPy's defaults).
inline ReduceArgs axis_args(std::vector<int64_t> axes, bool keepdims) {
  ReduceArgs args;
  args.axis = std::move(axes);
  args.keepdims = keepdims;
  return args;
}
#define CUNP_AXIS_REDUCTIONS(X) X(sum) X(prod) X(max) X(min) X(amax) X(amin) X(all) X(any)
#define CUNP_DEFINE_AXIS_REDUCTION(fn)                                                           \
  inline NDArray fn(const NDArray& a, int64_t axis, bool keepdims = false) {                     \
    return fn(a, axis_args({axis}, keepdims));                                                   \
  }                                                                                              \
  inline NDArray fn(const NDArray& a, const std::vector<int64_t>& axes, bool keepdims = false) { \
    return fn(a, axis_args(axes, keepdims));                                                     \
  }
CUNP_AXIS_REDUCTIONS(CUNP_DEFINE_AXIS_REDUCTION)
#undef CUNP_DEFINE_AXIS_REDUCTION

// mean, var, std and the nan forms with one axis (cunp/ops/statistics.hpp takes a list).
#define CUNP_AXIS_STATISTICS(X) X(mean) X(nansum) X(nanmean)
#define CUNP_AXIS_DEVIATIONS(X) X(var) X(std) X(nanvar) X(nanstd)
#define CUNP_DEFINE_AXIS_STATISTIC(fn)                                       \
  inline NDArray fn(const NDArray& a, int64_t axis, bool keepdims = false) { \
    return fn(a, std::vector<int64_t>{axis}, keepdims);                      \
  }
#define CUNP_DEFINE_AXIS_DEVIATION(fn)                                                          \
  inline NDArray fn(const NDArray& a, int64_t axis, double ddof = 0.0, bool keepdims = false) { \
    return fn(a, std::vector<int64_t>{axis}, ddof, keepdims);                                   \
  }
CUNP_AXIS_STATISTICS(CUNP_DEFINE_AXIS_STATISTIC)
CUNP_AXIS_DEVIATIONS(CUNP_DEFINE_AXIS_DEVIATION)
#undef CUNP_DEFINE_AXIS_STATISTIC
#undef CUNP_DEFINE_AXIS_DEVIATION

// Running sums and products along an axis, or over the flattened array (axis nullopt), with
// NumPy's dtypes (small integers and bool accumulate in int64/uint64). The nan forms count NaN
// as 0 (nancumsum) or 1 (nancumprod).
NDArray cumsum(const NDArray& a, std::optional<int64_t> axis = std::nullopt);
NDArray cumprod(const NDArray& a, std::optional<int64_t> axis = std::nullopt);
NDArray nancumsum(const NDArray& a, std::optional<int64_t> axis = std::nullopt);
NDArray nancumprod(const NDArray& a, std::optional<int64_t> axis = std::nullopt);

// -- selection -----------------------------------------------------------------------------

// np.where(condition, x, y): x and y arrays or numbers (weak, as Python's).
NDArray where(const NDArray& condition, const Operand& x, const Operand& y);
// np.where(condition) is np.nonzero(condition): one int64 array of positions per axis (views of
// one array). ValueError for a 0-d array, as NumPy 2.
std::vector<NDArray> nonzero(const NDArray& a);
inline std::vector<NDArray> where(const NDArray& condition) { return nonzero(condition); }
// np.clip(a, a_min, a_max) with arrays or numbers for the bounds.
NDArray clip(const NDArray& a, const Operand& a_min, const Operand& a_max);
// np.round (np.around's name in NumPy 2).
inline NDArray round(const NDArray& a, int decimals = 0, NDArray out = {}) {
  return around(a, decimals, std::move(out));
}
// np.isclose / np.allclose of arrays or numbers, with NumPy's defaults.
NDArray isclose(const Operand& a, const Operand& b, double rtol = 1e-5, double atol = 1e-8,
                bool equal_nan = false);
bool allclose(const Operand& a, const Operand& b, double rtol = 1e-5, double atol = 1e-8,
              bool equal_nan = false);

// -- shapes and axes (views) ---------------------------------------------------------------

inline NDArray transpose(const NDArray& a) { return a.transpose(); }
inline NDArray transpose(const NDArray& a, const std::vector<int64_t>& axes) {
  return a.transpose(axes);
}
inline NDArray permute_dims(const NDArray& a, const std::vector<int64_t>& axes) {
  return a.transpose(axes);
}
inline NDArray swapaxes(const NDArray& a, int64_t axis1, int64_t axis2) {
  return a.swapaxes(axis1, axis2);
}
inline NDArray moveaxis(const NDArray& a, int64_t source, int64_t destination) {
  return a.moveaxis({source}, {destination});
}
inline NDArray moveaxis(const NDArray& a, const std::vector<int64_t>& source,
                        const std::vector<int64_t>& destination) {
  return a.moveaxis(source, destination);
}
inline NDArray squeeze(const NDArray& a) { return a.squeeze(); }
inline NDArray squeeze(const NDArray& a, const std::vector<int64_t>& axes) {
  return a.squeeze(axes);
}
inline NDArray expand_dims(const NDArray& a, int64_t axis) { return a.expand_dims({axis}); }
inline NDArray expand_dims(const NDArray& a, const std::vector<int64_t>& axes) {
  return a.expand_dims(axes);
}
inline NDArray broadcast_to(const NDArray& a, const Dims& shape) { return a.broadcast_to(shape); }
inline NDArray diagonal(const NDArray& a, int64_t offset = 0, int64_t axis1 = 0,
                        int64_t axis2 = 1) {
  return a.diagonal(offset, axis1, axis2);
}
// np.real is a view; np.imag is one for complex arrays and zeros of a's dtype otherwise.
inline NDArray real(const NDArray& a) { return a.real(); }
NDArray imag(const NDArray& a);
// NumPy 2's name of concatenate.
inline NDArray concat(const std::vector<NDArray>& arrays, std::optional<int64_t> axis = 0,
                      const JoinOptions& options = {}) {
  return concatenate(arrays, axis, options);
}

// -- creation ------------------------------------------------------------------------------

inline NDArray empty(const Dims& shape, DType dtype = DType::Float64, Order order = Order::C) {
  return NDArray::empty(shape, dtype, order);
}
// np.full(shape, value): the dtype of the value as NumPy would take it from a Python scalar
// (integers int64, floats float64, complex complex128, bool bool); with a dtype, the value
// converts as NumPy 2 converts a Python scalar (OverflowError for an integer out of range).
NDArray full(const Dims& shape, const Operand& value, std::optional<DType> dtype = std::nullopt);
inline NDArray empty_like(const NDArray& a) { return empty_like(a, a.dtype()); }
NDArray zeros_like(const NDArray& a, std::optional<DType> dtype = std::nullopt);
NDArray ones_like(const NDArray& a, std::optional<DType> dtype = std::nullopt);
NDArray full_like(const NDArray& a, const Operand& value,
                  std::optional<DType> dtype = std::nullopt);
inline NDArray eye(int64_t n, DType dtype = DType::Float64) { return eye(n, n, 0, dtype); }
inline NDArray identity(int64_t n, DType dtype = DType::Float64) { return eye(n, n, 0, dtype); }
inline NDArray linspace(double start, double stop, int64_t num = 50, bool endpoint = true,
                        DType dtype = DType::Float64) {
  return linspace(std::complex<double>(start), std::complex<double>(stop), num, endpoint, dtype);
}

// np.arange(stop), np.arange(start, stop[, step]) of C++ integers (int64, exact) or with any
// floating-point bound (float64, NumPy's length ceil((stop - start) / step)).
template <class T>
concept RealNumber = Number<T> && !std::same_as<T, bool> && std::is_arithmetic_v<T>;
namespace detail {
NDArray arange_int(int64_t start, int64_t stop, int64_t step);
}
template <RealNumber A, RealNumber B, RealNumber C = int64_t>
NDArray arange(A start, B stop, C step = 1) {
  if constexpr (std::is_integral_v<A> && std::is_integral_v<B> && std::is_integral_v<C>)
    return detail::arange_int(static_cast<int64_t>(start), static_cast<int64_t>(stop),
                              static_cast<int64_t>(step));
  else
    return arange(static_cast<double>(start), static_cast<double>(stop), static_cast<double>(step),
                  DType::Float64);
}
template <RealNumber T> NDArray arange(T stop) { return arange(T(0), stop, T(1)); }

// -- host data -----------------------------------------------------------------------------

// np.asarray of host values: a new device array of T's dtype (dtype_of<T>: int is int32 here,
// as C++ says, where NumPy would make a Python int int64), 1-D or of the given shape (its size
// must be values.size(): ValueError otherwise).
namespace detail {
NDArray asarray_bytes(const void* data, int64_t count, DType dtype, const Dims& shape);
void to_host_as(const NDArray& a, void* out, DType dtype);
}  // namespace detail
template <Number T> NDArray asarray(const std::vector<T>& values, std::optional<Dims> shape = {}) {
  Dims s = shape ? *shape : Dims{static_cast<int64_t>(values.size())};
  if constexpr (std::same_as<T, bool>) {  // vector<bool> packs its bits
    std::vector<unsigned char> bytes(values.begin(), values.end());
    return detail::asarray_bytes(bytes.data(), static_cast<int64_t>(bytes.size()), DType::Bool, s);
  } else {
    return detail::asarray_bytes(values.data(), static_cast<int64_t>(values.size()), dtype_of<T>(),
                                 s);
  }
}
template <Number T>
NDArray asarray(std::initializer_list<T> values, std::optional<Dims> shape = {}) {
  return asarray(std::vector<T>(values), std::move(shape));
}
// The elements of `a` in C order, converted to T with astype's rules (x.ravel().astype(T) as a
// std::vector); waits for the current stream.
template <Number T> std::vector<T> to_vector(const NDArray& a) {
  if constexpr (std::same_as<T, bool>) {
    std::vector<unsigned char> bytes(static_cast<std::size_t>(a.size()));
    detail::to_host_as(a, bytes.data(), DType::Bool);
    return std::vector<bool>(bytes.begin(), bytes.end());
  } else {
    std::vector<T> v(static_cast<std::size_t>(a.size()));
    detail::to_host_as(a, v.data(), dtype_of<T>());
    return v;
  }
}

// np.copyto(dst, src, casting): src (an array, broadcast, or a number) written into dst, which
// must take it under `casting` (TypeError with NumPy's message otherwise).
void copyto(const NDArray& dst, const Operand& src, Casting casting = Casting::SameKind);

// np.result_type of arrays and numbers (numbers weak, as Python's): result_type(x, 1.5).
DType result_type_of(ArgList<Operand> operands);
template <class... Args>
requires(sizeof...(Args) > 0 && (std::constructible_from<Operand, const Args&> && ...)) DType
    result_type(const Args&... operands) {
  return result_type_of({Operand(operands)...});
}

}  // namespace cunp
