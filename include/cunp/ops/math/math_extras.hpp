// cunp/ops/math/math_extras.hpp -- NumPy's mathematical functions that are neither ufuncs nor
// compositions of them: i0 (device code: src/device/special/bessel_i0.cuh).
#pragma once
#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// numpy.i0: the modified Bessel function of the first kind, order 0, by NumPy's Chebyshev
// expansions. float32 and float64 keep their dtype, float16 is computed in float32, integers and
// booleans give float64; complex input is a TypeError. The result lies in memory as NumPy's
// composition's does: abs(x)'s ufunc order for floats, x.astype(float)'s (order='K') for others.
NDArray i0(const NDArray& x);

// The kernel i0() runs (float32 and float64), for tests that compile it without a GPU.
const ElementwiseOp& i0_op();

}  // namespace cunp
