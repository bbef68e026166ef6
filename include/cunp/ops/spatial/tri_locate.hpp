// cunp/ops/spatial/tri_locate.hpp -- Delaunay.find_simplex in 2-D on the device (device code:
// src/device/spatial/tri_locate.cuh).
#pragma once
#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// out (int64 (m)) = the triangle holding each row of xi (float64 (m, 2)), or -1; transform is
// float64 (nsimplex, 3, 2) as SciPy's Delaunay.transform, neighbors int64 (nsimplex, 3), start
// int64 (m) the triangle each walk begins at. All C-contiguous.
void tri_locate(const NDArray& xi, const NDArray& transform, const NDArray& neighbors,
                const NDArray& start, const NDArray& out, double eps);

// The walk's elementwise op (for codegen tests).
const ElementwiseOp& tri_locate_op();

}  // namespace cunp
