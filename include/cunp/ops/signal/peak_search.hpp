// cunp/ops/signal/peak_search.hpp -- find_peaks' local maxima, and peak_prominences' and
// peak_widths' walks from every peak at once on a max/min tree (src/device/signal/peak_*.cuh).
#pragma once
#include <cstdint>
#include <tuple>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// The ops (for the launchers, and for tests that compile the kernels without a GPU).
const ElementwiseOp& peak_left_edge_op();
const ElementwiseOp& peak_edges_op();
const ElementwiseOp& peak_tree_op();
const ElementwiseOp& peak_bases_op();
const ElementwiseOp& peak_width_walk_op();

// x: a 1-D float32 or float64 array (any strides) in every entry below; indices are int64.

// Bool per sample: the left edge of a peak's plateau (SciPy's _local_maxima_1d).
NDArray peak_left_edges(const NDArray& x);
// For the left edges (ascending, from peak_left_edges): (peaks, left edges, right edges).
std::tuple<NDArray, NDArray, NDArray> peak_edges(const NDArray& x, const NDArray& first);
// The max and min trees over x (float64, levels back to back; see peak_tree.cuh).
std::tuple<NDArray, NDArray> peak_tree(const NDArray& x);
// (left_bases, right_bases, prominences) of `peaks` (valid indices), SciPy's walk inside the
// window of `half_window` samples a side (-1: no window). mx, mn from peak_tree(x).
std::tuple<NDArray, NDArray, NDArray> peak_bases(const NDArray& x, const NDArray& mx,
                                                 const NDArray& mn, const NDArray& peaks,
                                                 int64_t half_window);
// (widths, width_heights, left_ips, right_ips) for valid prominence data (left_base <= peak <=
// right_base, all indices into x); prominences float64. mn from peak_tree(x).
std::tuple<NDArray, NDArray, NDArray, NDArray> peak_width_walk(
    const NDArray& x, const NDArray& mn, const NDArray& peaks, const NDArray& prominences,
    const NDArray& left_bases, const NDArray& right_bases, double rel_height);

}  // namespace cunp
