// cunp/ops/signal/upfirdn.hpp -- scipy.signal's upfirdn as one polyphase kernel (device code:
// src/device/signal/upfirdn.cuh).
#pragma once
#include <cstdint>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// The op (for the launcher, and for tests that compile the kernel without a GPU).
const ElementwiseOp& upfirdn_op();

// x (..., n), n >= 1, upsampled by `up`, filtered by h (1-D) and downsampled by `down` along
// its last axis, in mode "constant" with zero fill: y (..., out_len) C-contiguous, out_len =
// ceil(((n - 1) up + len(h)) / down). x (any strides) and h must share one floating or complex
// dtype, which is y's and the arithmetic's. TypeError or ValueError otherwise.
NDArray upfirdn(const NDArray& h, const NDArray& x, int64_t up, int64_t down);

}  // namespace cunp
