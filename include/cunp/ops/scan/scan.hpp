// cunp/ops/scan/scan.hpp -- scans along one axis (ufunc.accumulate, cumsum, cumprod and their nan
// forms) and segmented reductions (ufunc.reduceat), with kernels generated per op and dtypes.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/ufunc/ufunc.hpp"

namespace cunp {

struct ScanOptions {
  std::optional<DType> dtype;  // dtype=: the loop's type (inputs are cast to it first)
  NDArray out;                 // out=: undefined for a new array
  // NumPy's cumsum/cumprod rule: with neither dtype nor out, add and multiply accumulate bool
  // and small integers as int64 (unsigned as uint64). ufunc.accumulate applies it too.
  bool upcast_small_ints = true;
  // nancumsum / nancumprod: NaN inputs count as the ufunc's identity (0 for add, 1 for multiply).
  bool nan_as_identity = false;
};

// u.accumulate(a, axis): out[..., k, ...] = u(out[..., k-1, ...], a[..., k, ...]). `axis` may be
// negative (AxisError when out of range). ValueError for ufuncs that are not binary with one
// output; TypeError when no loop takes the operands with the result type of the first input.
NDArray ufunc_accumulate(const Ufunc& u, const NDArray& a, int64_t axis,
                         const ScanOptions& opt = {});

// u.reduceat(a, indices, axis): for each i, u.reduce(a[indices[i]:indices[i+1]]) along `axis`,
// or a[indices[i]] where indices[i] >= indices[i+1]; the last segment runs to the end.
// IndexError for an index outside [0, a.shape[axis]).
NDArray ufunc_reduceat(const Ufunc& u, const NDArray& a, const std::vector<int64_t>& indices,
                       int64_t axis, const ScanOptions& opt = {});

// The loop an accumulate/reduceat of `u` runs for input dtype `in` (and optional dtype= / out
// dtype), following NumPy's rules above; the index into u.loops.
int scan_loop(const Ufunc& u, DType in, const ScanOptions& opt, const char* method);

// The ValueError NumPy raises before reading any other argument of accumulate/reduceat/reduce
// when `u` is not binary with one output; the loop itself is resolved only after the scalar,
// axis and index checks (scan_loop), as NumPy orders them.
void scan_arity(const Ufunc& u, const char* method);

// Generated kernels, by strategy: a sequential walk per line (any layout, any op), a warp per
// contiguous row, a single-pass decoupled look-back scan over long contiguous rows, three
// passes over chunks of a strided axis with few lines (chunk totals, their scan, the chunks
// again from their carries), and the segmented reduction of reduceat.
enum class ScanKind : uint8_t {
  Lines,
  WarpRows,
  LookBack,
  ChunkTotals,
  ChunkScan,
  ChunkApply,
  ReduceAt
};

struct ScanSignature {
  const Ufunc* u = nullptr;
  int loop = 0;  // index into u->loops
  DType in = DType::Float32, out = DType::Float32;
  ScanKind kind = ScanKind::Lines;
  bool nan_as_identity = false;
  bool vec = false;  // rows are contiguous and 16-byte aligned (vector loads and stores)
};

// The source of one kernel (for tests that compile every variant with NVRTC, no GPU needed).
std::string scan_source(const ScanSignature& sig);
// Elements each thread holds in the row kernels for these dtypes.
int scan_items_per_thread(const ScanSignature& sig);
// Consecutive elements a lane holds per 32-lane chunk of the row kernels (a 16-byte access).
int scan_lane_run(const ScanSignature& sig);

// Look-back scratch for `tiles` tiles, in 8-byte words: `words` in all, of which the first
// `clear_words` (the ticket and the tile status) must be zero before the launch.
struct ScanScratch {
  int64_t words = 0, clear_words = 0;
};
ScanScratch scan_scratch(const ScanSignature& sig, int64_t tiles);

// Whether u is associative, so its accumulate may run as a parallel scan (add and multiply on
// floats count, as NumPy's pairwise sums do); others run sequentially along the axis.
bool scan_associative(const Ufunc& u);

}  // namespace cunp
