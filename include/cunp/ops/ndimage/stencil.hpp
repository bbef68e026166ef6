// cunp/ops/ndimage/stencil.hpp -- the stencil engine's planner behind scipy.ndimage's filters: one
// kernel per fold that reads a footprint table through a boundary mode (src/device/ndimage/).
#pragma once
#include <cstdint>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// What a stencil does with the values its taps read (each value plus or times the tap's weight).
enum class StencilFold : uint8_t { Sum, Min, Max, Rank };

// SciPy's boundary-mode codes (scipy.ndimage._ni_support._extend_mode_to_code), as
// src/device/ndimage/ndi_boundary.cuh reads them.
enum class NdiMode : int {
  Nearest = 0,
  Wrap = 1,
  Reflect = 2,
  Mirror = 3,
  Constant = 4,
  GridWrap = 5,
  GridConstant = 6,
};

// output[p] = fold over taps k of input[p + offsets[k]] (through `mode`, cval outside) with
// weights[k]: Sum folds v * w, Min/Max fold v + w, Rank picks the `rank`-th smallest value.
// input: any real dtype, ndim >= 1; output: input's shape, any real dtype (the double result is
// cast to it with astype's rules). offsets: int64, C-contiguous, taps x input.ndim() elements
// (origin applied); weights: float64, taps elements. The tables are read by the kernel; the
// caller keeps input and output from overlapping.
void stencil(const NDArray& input, const NDArray& output, const NDArray& offsets,
             const NDArray& weights, NdiMode mode, double cval, StencilFold fold,
             long long rank = 0);

// The largest footprint a rank fold takes (its taps sit in a per-thread buffer).
constexpr long long kStencilMaxRankTaps = 4096;

// The kernel stencil() runs for a fold (and, for Rank, a footprint of `taps` taps), for tests
// that compile it without a GPU. Operands: input (raw), offsets (raw), weights (raw), output;
// scalars: taps (int64), mode (int32), cval (float64), rank (int64).
const ElementwiseOp& stencil_op(StencilFold fold, long long taps = 0);

}  // namespace cunp
