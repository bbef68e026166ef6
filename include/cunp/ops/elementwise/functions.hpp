// cunp/ops/elementwise/functions.hpp -- NumPy's elementwise functions that are not ufuncs (clip,
// where, nan_to_num, round, angle, isclose, array_equal, ...), each one fused kernel.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/ufunc/ufunc.hpp"

namespace cunp {

// np.clip: min(max(a, a_min), a_max) with NumPy 2's promotion of a and the bounds (weak Python
// scalars included) and NaN propagation. A missing bound is not applied (a weak int beyond a's
// integer range counts as missing, as in NumPy); with neither this is np.positive(a). `out` may
// be undefined (allocated) or any array the result broadcasts to; opt.dtype, opt.casting and
// opt.order act as for a ufunc.
NDArray clip(const NDArray& a, const std::optional<UfuncArg>& a_min,
             const std::optional<UfuncArg>& a_max, NDArray out = {}, const UfuncOptions& opt = {});

// np.where(condition, x, y): x where the condition is nonzero, else y, broadcast together; the
// result's dtype is NumPy 2's result_type of x and y.
NDArray where(const UfuncArg& condition, const UfuncArg& x, const UfuncArg& y);

// np.nan_to_num on an inexact array (real and imaginary parts of complex ones separately): NaN
// becomes `nan`, +inf `posinf` and -inf `neginf` (default: the dtype's largest and lowest
// values). The result goes to `out` (a's shape and dtype; may be `x` itself), or to a new array
// laid out like x. Arrays of other dtypes are copied into out unchanged.
NDArray nan_to_num(const NDArray& x, double nan = 0.0, std::optional<double> posinf = std::nullopt,
                   std::optional<double> neginf = std::nullopt, NDArray out = {});

// np.round / np.around with NumPy's algorithm (scale by 10**decimals, rint, unscale, each step
// rounded to its dtype); integers with decimals >= 0 are copied; complex parts round apart.
// (Named around so it never hides ::round for code in namespace cunp.)
NDArray around(const NDArray& a, int decimals = 0, NDArray out = {});

// np.angle: the argument of each element (arctan2(imag, real)), in degrees if `deg`.
NDArray angle(const NDArray& z, bool deg = false);

// np.isreal / np.iscomplex of an array: imaginary part zero / nonzero (all true / all false for
// real dtypes).
NDArray isreal(const NDArray& x);
NDArray iscomplex(const NDArray& x);

// np.isclose: |a - b| <= atol + rtol * |b| (or a == b, or both NaN with equal_nan) with NumPy 2's
// dtypes for every step (b is made inexact first; Python scalars are weak).
struct CloseArgs {
  UfuncArg a, b;
  UfuncArg rtol = UfuncArg{nullptr, Scalar::from_double(1e-5, DType::Float64), true};
  UfuncArg atol = UfuncArg{nullptr, Scalar::from_double(1e-8, DType::Float64), true};
  bool equal_nan = false;
};
NDArray isclose(const CloseArgs& args);
// np.allclose: whether isclose holds everywhere (one kernel, no boolean array).
bool allclose(const CloseArgs& args);

// np.array_equal: same shape and every element equal (NaNs equal each other with equal_nan).
bool array_equal(const NDArray& a1, const NDArray& a2, bool equal_nan = false);
// np.array_equiv: broadcastable and every element equal.
bool array_equiv(const NDArray& a1, const NDArray& a2);

// The kernel sources the functions above generate for inputs of dtype `t` (every function and
// variant, array operands, contiguous layout): for tests that compile them without a GPU.
std::vector<std::string> elementwise_function_sources(DType t);

}  // namespace cunp
