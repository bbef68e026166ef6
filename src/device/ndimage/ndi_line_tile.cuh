// src/device/ndimage/ndi_line_tile.cuh -- the separable filters' weighted 1-D passes (correlate1d,
// the Gaussian's passes) through shared-memory tiles, so a pass moves each element once between
// the memory and the chip and the taps' reuse happens on the chip.
//
// A block stages a tile of its lines' inputs, widened by the window (the halo), once through the
// boundary transform, with neighbouring threads on neighbouring addresses; then each thread folds
// a run of kNdiLineRun consecutive outputs along the line from a register window: every staged
// value it reads serves up to kNdiLineRun outputs, so the taps cost shared-memory reads of about
// (run + taps - 1) / run a output rather than `taps` (shared memory, not DRAM, would otherwise be
// the bound at Gaussian widths). The tap count is a compile-time constant, so the window and the
// outputs' accumulators sit in registers.
//
// Two layouts, by which axis is the input's innermost (smallest stride):
//  - kNdiLineAlong (the filter's axis is): each warp takes 32 x kNdiLineRun outputs of one line
//    (a block: 8 lines, or consecutive stretches of one where there are fewer lines, as a 1-D
//    array); it stages its own row (no block-wide barrier), folds, puts the results back into
//    its row and stores them from there, so the stores coalesce as the loads did. A run's reads sit
//    kNdiLineRun apart between lanes; one padding slot every kNdiLineRun values spreads them over
//    the banks.
//  - kNdiLineAcross (another axis is, the "across" axis): the block's 32 lanes take 32
//    neighbouring lines (one across position each), its warps consecutive runs along the lines;
//    the tile's rows are the across positions, so staging, the folds' reads and the stores all
//    walk the innermost axis.
// Every output's taps are folded in order with ndi_sum_fold's arithmetic (acc += v * w from 0),
// so the results are the direct pass's (ndi_line.cuh).
#pragma once
#include "../cunp_device.cuh"
#include "ndi_boundary.cuh"

namespace cunp {

constexpr int kNdiLineRun = 8;    // consecutive outputs a thread folds
constexpr int kNdiLineWarps = 8;  // warps a block
constexpr int kNdiLineBatch = 6;  // axes besides the filter's and the across axis
constexpr int kNdiLineAlong = 0;  // layouts (above)
constexpr int kNdiLineAcross = 1;

// Laid out as the host's NdiLineTileParams (src/ops/ndimage/stencil_line_tile.cpp). The array is
// seen as lines along axis a (n elements) side by side along axis b (m; 1 where there is none)
// and a batch of such planes over the remaining axes (shape and byte strides, innermost last).
struct ndi_line_tile_params {
  unsigned long long x, y, weights;  // input, output, float64 taps
  long long n, m;                    // elements along a and along b
  long long xa, ya, xb, yb;          // byte strides along a and b
  long long bshape[kNdiLineBatch];   // the batch's axes (1 where unused)
  long long xbatch[kNdiLineBatch], ybatch[kNdiLineBatch];
  long long tiles_a, tiles_b;  // blocks along a and along b
  long long lines;             // lines a block takes (along: 1 or kNdiLineWarps; across: 32)
  long long start;             // the first tap's offset from its output (origin applied)
  double cval;
  int mode;
  int pad;
};

// A block's place: blocks are numbered along the innermost axis first (a in the along layout,
// b across), then the other of the two, then the batch, so the blocks running together read
// whole stretches of memory and the halos they share come from L2. Gives the block's first
// output along a and along b and the byte offsets of its batch plane in x and y.
template <int LAYOUT>
__device__ __forceinline__ void ndi_line_tile_place(const ndi_line_tile_params& p, long long& a0,
                                                    long long& b0, long long& xo, long long& yo,
                                                    long long a_span, long long b_span) {
  long long id = blockIdx.x;
  if (LAYOUT == kNdiLineAlong) {
    a0 = (id % p.tiles_a) * a_span;
    id /= p.tiles_a;
    b0 = (id % p.tiles_b) * b_span;
    id /= p.tiles_b;
  } else {
    b0 = (id % p.tiles_b) * b_span;
    id /= p.tiles_b;
    a0 = (id % p.tiles_a) * a_span;
    id /= p.tiles_a;
  }
  xo = 0;
  yo = 0;
  for (int d = kNdiLineBatch - 1; d >= 0; --d) {
    const long long c = id % p.bshape[d];
    id /= p.bshape[d];
    xo += c * p.xbatch[d];
    yo += c * p.ybatch[d];
  }
}

// The staged value at position j (any integer) along a line whose element 0 is at `line`.
template <class T>
__device__ __forceinline__ double ndi_line_tile_value(const ndi_line_tile_params& p,
                                                      const char* line, long long j) {
  const long long r = ndi_filter_index(j, p.n, p.mode);
  return r < 0 ? p.cval : cast<double>(*(const T*)(line + r * p.xa));
}

// Stages values first + s * step, s < COUNT, of a line (those below `limit`) into put(s, v):
// every load is issued before the first store, so a thread keeps COUNT loads in flight (one at a
// time, a block's staging would wait out the memory's latency once per row).
template <class T, int COUNT, class Put>
__device__ __forceinline__ void ndi_line_tile_stage(const ndi_line_tile_params& p, const char* line,
                                                    long long first, int s0, int step, int limit,
                                                    Put put) {
  double v[COUNT];
#pragma unroll
  for (int s = 0; s < COUNT; ++s)
    if (s0 + s * step < limit) v[s] = ndi_line_tile_value<T>(p, line, first + s * step);
#pragma unroll
  for (int s = 0; s < COUNT; ++s)
    if (s0 + s * step < limit) put(s0 + s * step, v[s]);
}

// The run's outputs: acc[k] = sum over q of at(k + q) * w[q], q ascending, each staged value
// read once. at(i) reads the window's i-th value.
template <int TAPS, class At>
__device__ __forceinline__ void ndi_line_tile_fold(const double* w, At at,
                                                   double (&acc)[kNdiLineRun]) {
#pragma unroll
  for (int k = 0; k < kNdiLineRun; ++k) acc[k] = 0.0;
#pragma unroll
  for (int i = 0; i < kNdiLineRun + TAPS - 1; ++i) {
    const double v = at(i);
#pragma unroll
    for (int k = 0; k < kNdiLineRun; ++k) {
      const int q = i - k;
      if (q >= 0 && q < TAPS) acc[k] += v * w[q];
    }
  }
}

// Along: the slot of a warp row's value e (one padding slot every kNdiLineRun values).
__device__ __forceinline__ int ndi_line_slot(int e) { return e + e / kNdiLineRun; }

template <class T, class Y, int TAPS>
__device__ void ndi_line_tile_along(const ndi_line_tile_params& p) {
  constexpr int kSpan = 32 * kNdiLineRun;  // outputs a warp covers
  constexpr int kWidth = kSpan + TAPS - 1;
  constexpr int kRow = kWidth + kWidth / kNdiLineRun + 1;
  __shared__ double rows[kNdiLineWarps][kRow];
  __shared__ double w[TAPS];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int q = threadIdx.x; q < TAPS; q += blockDim.x) w[q] = ((const double*)p.weights)[q];
  __syncthreads();
  long long a0, b0, xo, yo;
  const int lines = static_cast<int>(p.lines);
  ndi_line_tile_place<kNdiLineAlong>(p, a0, b0, xo, yo, kSpan * (kNdiLineWarps / lines), lines);
  const long long b = b0 + warp % lines;
  a0 += (warp / lines) * kSpan;
  if (b >= p.m || a0 >= p.n) return;
  const char* line = (const char*)p.x + xo + b * p.xb;
  double* row = rows[warp];
  ndi_line_tile_stage<T, (kWidth + 31) / 32>(p, line, a0 + p.start + lane, lane, 32, kWidth,
                                             [&](int e, double v) { row[ndi_line_slot(e)] = v; });
  __syncwarp();
  double acc[kNdiLineRun];
  const int k0 = lane * kNdiLineRun;
  ndi_line_tile_fold<TAPS>(
      w, [&](int i) { return row[ndi_line_slot(k0 + i)]; }, acc);
  __syncwarp();
#pragma unroll
  for (int k = 0; k < kNdiLineRun; ++k) row[ndi_line_slot(k0 + k)] = acc[k];
  __syncwarp();
  char* out = (char*)p.y + yo + b * p.yb;
  for (int e = lane; e < kSpan && a0 + e < p.n; e += 32)
    *(Y*)(out + (a0 + e) * p.ya) = cast<Y>(row[ndi_line_slot(e)]);
}

template <class T, class Y, int TAPS>
__device__ void ndi_line_tile_across(const ndi_line_tile_params& p) {
  constexpr int kSpan = kNdiLineWarps * kNdiLineRun;  // outputs a block covers along a
  constexpr int kDepth = kSpan + TAPS - 1;
  __shared__ double tile[kDepth][32];
  __shared__ double w[TAPS];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int q = threadIdx.x; q < TAPS; q += blockDim.x) w[q] = ((const double*)p.weights)[q];
  long long a0, b0, xo, yo;
  ndi_line_tile_place<kNdiLineAcross>(p, a0, b0, xo, yo, kSpan, 32);
  const long long b = b0 + lane;
  const bool live = b < p.m;
  const char* line = (const char*)p.x + xo + b * p.xb;
  if (live)
    ndi_line_tile_stage<T, (kDepth + kNdiLineWarps - 1) / kNdiLineWarps>(
        p, line, a0 + p.start + warp, warp, kNdiLineWarps, kDepth,
        [&](int r, double v) { tile[r][lane] = v; });
  __syncthreads();
  if (!live) return;
  double acc[kNdiLineRun];
  const int k0 = warp * kNdiLineRun;
  ndi_line_tile_fold<TAPS>(
      w, [&](int i) { return tile[k0 + i][lane]; }, acc);
  char* out = (char*)p.y + yo + b * p.yb;
#pragma unroll
  for (int k = 0; k < kNdiLineRun; ++k)
    if (a0 + k0 + k < p.n) *(Y*)(out + (a0 + k0 + k) * p.ya) = cast<Y>(acc[k]);
}

// The kernel's body: 32 x kNdiLineWarps threads a block, one block per tile.
template <class T, class Y, int TAPS, int LAYOUT>
__device__ void ndi_line_tile_run(const ndi_line_tile_params& p) {
  if constexpr (LAYOUT == kNdiLineAlong) ndi_line_tile_along<T, Y, TAPS>(p);
  else ndi_line_tile_across<T, Y, TAPS>(p);
}

}  // namespace cunp
