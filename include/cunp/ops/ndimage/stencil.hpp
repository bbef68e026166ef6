// cunp/ops/ndimage/stencil.hpp -- the stencil engine's planner behind scipy.ndimage's filters: one
// kernel per fold that reads a footprint table through a boundary mode (src/device/ndimage/).
#pragma once
#include <cstdint>
#include <string>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// What a stencil does with the values its taps read (each value plus or times the tap's weight).
// Mean is stencil_line's only (a running sum of equal weights).
enum class StencilFold : uint8_t { Sum, Min, Max, Rank, Mean };

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
// (origin applied); weights: float64, taps elements; interior: int64, taps + 2 * ndim elements,
// each tap's byte offset for input's strides, then the smallest and largest offset along each
// axis (elements whose footprint lies inside the input read through it). The tables are read by
// the kernel; the caller keeps input and output from overlapping.
void stencil(const NDArray& input, const NDArray& output, const NDArray& offsets,
             const NDArray& weights, const NDArray& interior, NdiMode mode, double cval,
             StencilFold fold, long long rank = 0);

// The largest footprint a rank fold takes (its taps sit in a per-thread buffer).
constexpr long long kStencilMaxRankTaps = 4096;
// Footprints of at most this many taps (3x3) rank in registers: a sorted row kept by a fixed
// chain of compare-and-swaps (CAP^2 comparisons a element, cheaper than a quickselect through
// local memory at this size).
constexpr long long kSmallRankTaps = 9;

// A 1-D pass (the separable filters): output[p] = fold over taps k < taps of the input at
// p + (start + k) along `axis` (through `mode`, cval outside). Sum folds v * weights[k]; Mean
// is the taps' mean (weights unused: a running sum, O(1) per element in the window's size);
// Min/Max the plain extreme (weights unused: van Herk / Gil-Werman blocks for wide windows).
// Shapes and dtypes as stencil(); the caller keeps input and output from overlapping.
void stencil_line(const NDArray& input, const NDArray& output, const NDArray& weights, int axis,
                  long long start, long long taps, NdiMode mode, double cval, StencilFold fold);

// stencil() on a 2-D image or a 3-D volume through shared-memory tiles (2-D:
// src/device/ndimage/ndi_tile.cuh, 32 x 32 outputs a block; 3-D: ndi_tile3.cuh, depth x 8 x 32):
// the same contract, for Sum, Min, Max and the Rank folds that rank in registers
// (network_rank_plan's Small, Select and Network), given the footprint's extent on the host
// (extent: 2 * ndim values, the smallest and largest offset along each axis in turn). Returns
// false, having done nothing, where the tile does not apply (another rank, fold or ndim, a halo
// too wide for the shared memory, a grid too tall); the caller then runs stencil().
bool stencil_tile(const NDArray& input, const NDArray& output, const NDArray& offsets,
                  const NDArray& weights, const long long* extent, NdiMode mode, double cval,
                  StencilFold fold, long long rank = 0);

// The tile kernel's source for these dtypes, fold and ndim (2 or 3; Rank: the fold
// network_rank_plan picks for taps, rank and narrow), for tests that compile it without a GPU.
std::string stencil_tile_source(DType in, DType out, StencilFold fold, int ndim = 2,
                                long long taps = 9, long long rank = 4, bool narrow = false);

// How a rank fold finds the rank-th of `taps` values. Small: at most kSmallRankTaps taps, every
// tap sorted in registers (ndi_small_rank_fold). Select: the partial selection network of
// src/device/ndimage/ndi_select.cuh, a sorted row of `cap` registers (the smallest of
// kSelectCapacities above min(rank, taps - 1 - rank)); `narrow`: its keys are floats' (32 bits).
// Buffer: quickselect over a per-thread buffer of `cap` values (ndi_rank_fold), for the rest.
// Network (network_rank_plan's only): a sorting network generated for this footprint size and
// rank (cunp/ops/ndimage/select_network.hpp), its keys in `cap` registers (cap: its wires).
struct RankPlan {
  enum class Kind : uint8_t { Small, Select, Buffer, Network };
  Kind kind;
  int cap;
  bool narrow;
};
RankPlan rank_plan(long long taps, long long rank, bool narrow);
// The plan stencil() and the tiles follow: rank_plan's, or the generated network where it runs
// fewer min/max operations and its keys fit the registers (kNetworkMaxTaps taps with 32-bit
// keys, half as many with 64). The tiles take networks from 2 taps; the elementwise stencil from
// kSmallRankTaps + 1 (below, its small register sort). A network's kernel is compiled for its
// footprint size and rank.
RankPlan network_rank_plan(long long taps, long long rank, bool narrow, long long from = 2);
// The plan's device fold type (e.g. "cunp::ndi_select_fold<float, 16>"; a Network's names the
// struct `ndi_network` that the tile's source defines).
std::string rank_fold_type(const RankPlan& plan, long long taps = 0);
// Whether rank folds may compare an input of dtype `in` as floats: every value of the dtype and
// the cval that constant modes read convert to float exactly (selection does no arithmetic, so
// the chosen value is then the one a double comparison chooses).
bool rank_keys_narrow(DType in, NdiMode mode, double cval);
// The register row's sizes; ranks farther than the last from both ends take Buffer. The row
// costs taps * cap compare-and-swaps (registers only), the quickselect about 3 * taps comparisons
// through local memory: the row wins while cap stays small.
constexpr int kSelectCapacities[] = {4, 8, 16, 32, 64};

// The kernel stencil() runs for a fold (and, for Rank, a footprint of `taps` taps), for tests
// that compile it without a GPU. Operands: input (raw), offsets (raw), weights (raw), interior
// (raw), output;
// scalars: taps (int64), mode (int32), cval (float64), rank (int64).
// For Rank the op is network_rank_plan(taps, rank, narrow, kSmallRankTaps + 1)'s.
const ElementwiseOp& stencil_op(StencilFold fold, long long taps = 0, long long rank = 0,
                                bool narrow = false);

// stencil_line's kernels, for the same tests. Direct (Sum, Min, Max; the elementwise launch over
// the output): operands input (raw), weights (raw), output; scalars taps (int64), axis (int32),
// start (int64), mode (int32), cval (float64). Runs (Sum: direct sums a run; Mean: the running
// sum; Min/Max by van Herk with a buffer of `cap` values): operands input (raw), weights (raw),
// output (raw, writable), launched over runs; scalars size (int64), axis (int32), start (int64),
// mode (int32), cval (float64), run (int64).
const ElementwiseOp& stencil_line_op(StencilFold fold);
const ElementwiseOp& stencil_run_op(StencilFold fold, int cap = 0);

// Which kernel a 1-D pass takes: window sizes from which the shared-work runs beat the direct
// fold (the running sum's and van Herk's per-run start-up is paid back from these sizes on), the
// running sum's outputs per thread and van Herk's buffer sizes.
constexpr long long kRunningMeanFrom = 5;
constexpr long long kVanHerkFrom = 5;
// Along the input's innermost axis the direct fold's reads coalesce and its taps come from L1,
// where a run's threads would each walk their own line: runs there only for wide windows.
constexpr long long kRunsOnInnerAxisFrom = 32;
constexpr long long kRunningMeanRun = 32;
// Outputs a thread takes in a direct weighted sum off the innermost axis.
constexpr long long kSumRun = 16;
constexpr int kVanHerkCapacities[] = {16, 128};

// stencil_line's Sum pass through shared-memory tiles (src/device/ndimage/ndi_line_tile.cuh): a
// block stages its lines' inputs plus the window's halo once, coalesced, and each thread folds
// 8 consecutive outputs from a register window, so the pass moves each element about once
// through the memory. The same contract as stencil_line's Sum; returns false, having done
// nothing, where the tile does not apply (more taps than kLineTileMaxTaps, over 8 axes, lines too
// short or too few to fill a tile); the caller then runs the direct pass.
bool stencil_line_tile(const NDArray& input, const NDArray& output, const NDArray& weights,
                       int axis, long long start, long long taps, NdiMode mode, double cval);
// The tile kernel's source (layout 0: the filter's axis is the input's innermost, 1: another
// is), for tests that compile it without a GPU.
std::string stencil_line_tile_source(DType in, DType out, long long taps, int layout);
// The widest window the tiles take (the tap count is compiled in, and the across layout's tile
// of (64 + taps - 1) x 32 doubles plus the weights stays within 48 KiB of shared memory): a
// Gaussian's radius up to 60.
constexpr long long kLineTileMaxTaps = 121;
// The least line length (along layout) and line count (across) a tile takes: a warp's tile
// covers 256 outputs of a line, a block's 32 lines side by side.
constexpr long long kLineTileMinAlong = 64;
constexpr long long kLineTileMinAcross = 8;

}  // namespace cunp
