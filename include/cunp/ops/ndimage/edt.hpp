// cunp/ops/ndimage/edt.hpp -- scipy.ndimage.distance_transform_edt's kernels
// (src/device/ndimage/ndi_edt.cuh): a pass of the separable squared distance per axis, one block
// a line, then the indices from each element's nearest zero (the distances are the last pass's
// squared distances' square roots).
#pragma once

#include <string>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// One pass along `axis`: fo[x] = min over y on x's line of f[y] + ((x - y) step)^2 (rounded as
// SciPy's sum of squares, never fused), go[x] = feat[that y] (the smallest y where several tie).
// f, fo: float64; feat, go: int64 (C-order positions of zeros), feat null for each element's own
// position (the first pass), go null for the values alone (the distances need no positions);
// scratch: int32 with at least f.size() elements. All C-contiguous, one shape, fo and go apart
// from f and feat. root: fo gets the values' square roots (the distances, after the last pass).
void edt_pass(const NDArray& f, const NDArray* feat, const NDArray& fo, const NDArray* go,
              const NDArray& scratch, int axis, double step, bool root = false);

// out[d, x] = the axis-d coordinate of the zero at feat[x]; out: int32 (ndim, *shape), any
// layout.
void edt_indices(const NDArray& feat, const NDArray& shape, const NDArray& out);

// The kernels, for tests that compile them without a GPU. edt_pass_source: the pass's CUDA
// source, entry cunp_ndi_edt_pass. edt_indices_op: feat (raw), shape (raw), out; scalars size
// (int64), ndim (int32).
std::string edt_pass_source();
const ElementwiseOp& edt_indices_op();

}  // namespace cunp
