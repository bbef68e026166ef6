// cunp/ops/spatial/tri_locate.hpp -- Delaunay.find_simplex in d >= 2 dimensions on the device (device code:
// src/device/spatial/tri_locate.cuh).
#pragma once
#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// out (int64 (m)) = the simplex holding each row of xi (float64 (m, d)), or -1; transform is
// float64 (nsimplex, d + 1, d) as SciPy's Delaunay.transform, neighbors int64 (nsimplex, d + 1),
// start int64 (m) the simplex each walk begins at. All C-contiguous.
void tri_locate(const NDArray& xi, const NDArray& transform, const NDArray& neighbors,
                const NDArray& start, const NDArray& out, double eps);

// The walk's elementwise op (for codegen tests).
const ElementwiseOp& tri_locate_op();

}  // namespace cunp
