// cunp/ops/signal/peak_walk.hpp -- peak_prominences' walk from every peak at once, a thread per
// peak (device code: src/device/signal/peak_walk.cuh).
#pragma once
#include <cstdint>
#include <tuple>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// The op (for the launcher, and for tests that compile the kernel without a GPU).
const ElementwiseOp& peak_walk_op();

// x float64 (1-D, contiguous); peaks, low, high int64 (1-D, contiguous, one per peak, low <=
// peak <= high, all indices into x). Returns (left_bases, right_bases, prominences): int64,
// int64, float64. A peak whose walk on either side is longer than `limit` samples has left
// base -1 (its other outputs unset). TypeError or ValueError for other operands.
std::tuple<NDArray, NDArray, NDArray> peak_walk(const NDArray& x, const NDArray& peaks,
                                                const NDArray& low, const NDArray& high,
                                                int64_t limit);

}  // namespace cunp
