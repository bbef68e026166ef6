// cunp/ops/spatial/kdtree.hpp -- scipy.spatial.KDTree's query kernels over a tree that
// python/cunp/scipy/spatial/_kdtree.py builds (device code: src/device/spatial/kdtree.cuh).
#pragma once
#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// The tree: `data` float64 (n, d) in tree order, `box` float64 (2^(depth+1) - 1, 2, d) the
// nodes' bounding boxes, `perm` int64 (n) the original index of each tree position; all
// C-contiguous. `kind` is the Minkowski accumulation: 0 p = 1, 1 p = 2, 2 p = inf, 3 other p.
// `period` float64 (d): each axis's box length for a periodic tree (SciPy's boxsize; <= 0 for
// an axis that does not wrap), read only when `periodic` is set; points and queries then lie
// in [0, L) on every wrapping axis.
struct KdTreeView {
  NDArray data, box, perm;
  int depth = 0;
  int kind = 1;
  double p = 2.0;
  NDArray period;
  bool periodic = false;
};

// The k nearest tree points to each row of q (float64 (m, d)) into dist (float64 (m, k)) and
// idx (int64 (m, k)), nearest first; only points nearer than `upper` (powered, as the kernel
// compares) count, missing ones are inf and n. slack = (1 + eps)^p, or 1 + eps for p = inf.
void kd_query(const KdTreeView& tree, const NDArray& q, const NDArray& dist, const NDArray& idx,
              double upper, double slack);

// The tree points within r[i] (float64 (m), powered, inclusive) of each row of q: with
// fill = false their number into count (int64 (m)); with fill = true their original indices
// into out (int64) from offset[i] (int64 (m)) on.
void kd_ball(const KdTreeView& tree, const NDArray& q, const NDArray& r, const NDArray& count,
             const NDArray& offset, const NDArray& out, bool fill);

// The two kernels' elementwise ops (for codegen tests).
const ElementwiseOp& kd_query_op();
const ElementwiseOp& kd_ball_op();

}  // namespace cunp
