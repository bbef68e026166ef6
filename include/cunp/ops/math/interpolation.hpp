// cunp/ops/math/interpolation.hpp -- numpy.interp's kernel: a piecewise linear table evaluated at many
// points in one elementwise pass (device code: src/device/interpolation/interp.cuh).
#pragma once
#include <optional>

#include "cunp/array/ndarray.hpp"
#include "cunp/array/scalar.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// The values at x (float64, any shape) of the table (xp, fp): xp 1-D float64 and increasing (not
// checked, as NumPy), fp 1-D float64 or complex128 of xp's length (at least one point). left and
// right (converted to fp's dtype) are the values below and above xp; without them, fp's first
// and last. Results have fp's dtype and x's shape, bit for bit NumPy's. NumPy's conversions of
// the arguments and its period= are cunp.interp's (python/cunp/_math/_interpolation.py).
NDArray interp(const NDArray& x, const NDArray& xp, const NDArray& fp,
               const std::optional<Scalar>& left = std::nullopt,
               const std::optional<Scalar>& right = std::nullopt);

// The kernel interp() runs, for tests that compile it without a GPU.
const ElementwiseOp& interp_op();

}  // namespace cunp
