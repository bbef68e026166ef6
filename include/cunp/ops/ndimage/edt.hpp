// cunp/ops/ndimage/edt.hpp -- scipy.ndimage.distance_transform_edt's kernels
// (src/device/ndimage/ndi_edt.cuh): a pass of the separable squared distance per axis, one thread
// a line, then the distances or the indices from each element's nearest zero.
#pragma once

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// One pass along `axis`: fo[x] = min over y on x's line of f[y] + ((x - y) step)^2, go[x] =
// feat[that y] (the smallest y where several tie). f, fo: float64; feat, go: int64 (C-order
// positions of zeros); scratch: int32 with at least f.size() elements. All C-contiguous, one
// shape, fo and go apart from f and feat.
void edt_pass(const NDArray& f, const NDArray& feat, const NDArray& fo, const NDArray& go,
              const NDArray& scratch, int axis, double step);

// out[x] = the Euclidean distance (axis d scaled by steps[d]) from x to the zero at feat[x], or
// inf where f[x] is (no zero at all). feat, f: as the last pass left them (C-contiguous);
// shape: int64 and steps: float64 device tables of ndim values; out: float64, any layout.
void edt_distance(const NDArray& feat, const NDArray& f, const NDArray& shape, const NDArray& steps,
                  const NDArray& out);

// out[d, x] = the axis-d coordinate of the zero at feat[x]; out: int32 (ndim, *shape), any
// layout.
void edt_indices(const NDArray& feat, const NDArray& shape, const NDArray& out);

// The kernels, for tests that compile them without a GPU. edt_pass_op: operands f, feat, fo,
// go, scratch (raw; fo, go, scratch writable), scalars n, inner, lines (int64), step (float64),
// spread (int64), loop over lines * spread positions (ndi_line_spread, interpolate.hpp). edt_distance_op: feat, f, shape (raw), steps (raw), out; scalar ndim (int32).
// edt_indices_op: feat (raw), shape (raw), out; scalars size (int64), ndim (int32).
const ElementwiseOp& edt_pass_op();
const ElementwiseOp& edt_distance_op();
const ElementwiseOp& edt_indices_op();

}  // namespace cunp
