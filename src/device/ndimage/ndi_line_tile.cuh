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
// Every output's taps are folded in order with ndi_sum_fold's arithmetic (acc += v * w from 0) in
// the accumulator type A: double gives the direct pass's results (ndi_line.cuh); the planner
// picks float where the input and the output are both float32 or float16 (the FP64 units would
// otherwise bound the pass, at half the FP32 units' rate).
#pragma once
#include "../cunp_device.cuh"
#include "ndi_boundary.cuh"

namespace cunp {

// Consecutive outputs a thread folds: 16 in float, 8 in double (whose tiles take twice the shared
// memory and whose accumulators twice the registers).
template <class A> constexpr int kNdiLineRun = sizeof(A) == 4 ? 16 : 8;
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
// output along a and along b and the byte offsets of its batch plane in x and y. The block count
// fits in 31 bits (the planner checks), so the divisions are 32-bit ones (a 64-bit one is a call
// into a software routine), and the batch's unused axes cost none.
template <int LAYOUT>
__device__ __forceinline__ void ndi_line_tile_place(const ndi_line_tile_params& p, long long& a0,
                                                    long long& b0, long long& xo, long long& yo,
                                                    long long a_span, long long b_span) {
  unsigned id = blockIdx.x;
  const unsigned tiles_a = static_cast<unsigned>(p.tiles_a);
  const unsigned tiles_b = static_cast<unsigned>(p.tiles_b);
  if (LAYOUT == kNdiLineAlong) {
    a0 = (id % tiles_a) * a_span;
    id /= tiles_a;
    b0 = (id % tiles_b) * b_span;
    id /= tiles_b;
  } else {
    b0 = (id % tiles_b) * b_span;
    id /= tiles_b;
    a0 = (id % tiles_a) * a_span;
    id /= tiles_a;
  }
  xo = 0;
  yo = 0;
  for (int d = kNdiLineBatch - 1; d >= 0 && id; --d) {
    const unsigned extent = static_cast<unsigned>(p.bshape[d]);
    if (extent == 1) continue;
    const unsigned c = id % extent;
    id /= extent;
    xo += c * p.xbatch[d];
    yo += c * p.ybatch[d];
  }
}

// Stages values first + s * step, s < COUNT, of a line (those with s0 + s * step below `limit`)
// into put(s0 + s * step, v), kNdiLineStageChunk at a time. A chunk's loads are all issued before
// any of its values is converted or stored, so a thread keeps a chunk of loads in flight
// (converting each value as it arrives would wait out the memory's latency once per value); a
// chunk, not the whole stretch, bounds the registers the values and their addresses hold. Where
// a chunk lies wholly inside the line (all but the tiles at the line's ends) the positions are
// their own indices; elsewhere each goes through the boundary transform first (before the loads,
// whose addresses it gives).
constexpr int kNdiLineStageChunk = 8;

template <class T, class A, int COUNT, class Put>
__device__ __forceinline__ void ndi_line_tile_stage(const ndi_line_tile_params& p, const char* line,
                                                    long long first, int s0, int step, int limit,
                                                    Put put) {
  constexpr int C = kNdiLineStageChunk;
#pragma unroll
  for (int c = 0; c < COUNT; c += C) {
    const int count = COUNT - c < C ? COUNT - c : C;  // a constant once unrolled
    const long long f = first + static_cast<long long>(c) * step;
    const int e0 = s0 + c * step;
    T raw[C];
    bool outside[C];  // positions the boundary sends to cval
    if (f >= 0 && f + static_cast<long long>(count - 1) * step < p.n) {
#pragma unroll
      for (int s = 0; s < C; ++s) {
        outside[s] = false;
        if (s < count && e0 + s * step < limit) raw[s] = *(const T*)(line + (f + s * step) * p.xa);
      }
    } else {
      long long r[C];
#pragma unroll
      for (int s = 0; s < C; ++s)
        r[s] = s < count ? ndi_filter_index(f + s * step, p.n, p.mode) : -1;
#pragma unroll
      for (int s = 0; s < C; ++s) {
        outside[s] = r[s] < 0;
        if (s < count && e0 + s * step < limit && !outside[s])
          raw[s] = *(const T*)(line + r[s] * p.xa);
      }
    }
#pragma unroll
    for (int s = 0; s < C; ++s)
      if (s < count && e0 + s * step < limit)
        put(e0 + s * step, outside[s] ? static_cast<A>(p.cval) : cast<A>(raw[s]));
  }
}

// The run's outputs: acc[k] = sum over q of at(k + q) * w[q], q ascending, each staged value
// read once. at(i) reads the window's i-th value.
template <int TAPS, class A, class At>
__device__ __forceinline__ void ndi_line_tile_fold(const A* w, At at, A (&acc)[kNdiLineRun<A>]) {
  constexpr int RUN = kNdiLineRun<A>;
#pragma unroll
  for (int k = 0; k < RUN; ++k) acc[k] = A(0);
#pragma unroll
  for (int i = 0; i < RUN + TAPS - 1; ++i) {
    const A v = at(i);
#pragma unroll
    for (int k = 0; k < RUN; ++k) {
      const int q = i - k;
      if (q >= 0 && q < TAPS) acc[k] += v * w[q];
    }
  }
}

// Along: the slot of a warp row's value e (one padding slot every RUN values).
template <int RUN> __device__ __forceinline__ int ndi_line_slot(int e) { return e + e / RUN; }

template <class T, class Y, class A, int TAPS>
__device__ void ndi_line_tile_along(const ndi_line_tile_params& p) {
  constexpr int RUN = kNdiLineRun<A>;
  constexpr int kSpan = 32 * RUN;  // outputs a warp covers
  constexpr int kWidth = kSpan + TAPS - 1;
  constexpr int kRow = kWidth + kWidth / RUN + 1;
  __shared__ A rows[kNdiLineWarps][kRow];
  __shared__ A w[TAPS];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int q = threadIdx.x; q < TAPS; q += blockDim.x)
    w[q] = static_cast<A>(((const double*)p.weights)[q]);
  __syncthreads();
  long long a0, b0, xo, yo;
  const int lines = static_cast<int>(p.lines);
  ndi_line_tile_place<kNdiLineAlong>(p, a0, b0, xo, yo, kSpan * (kNdiLineWarps / lines), lines);
  const long long b = b0 + warp % lines;
  a0 += (warp / lines) * kSpan;
  if (b >= p.m || a0 >= p.n) return;
  const char* line = (const char*)p.x + xo + b * p.xb;
  A* row = rows[warp];
  ndi_line_tile_stage<T, A, (kWidth + 31) / 32>(p, line, a0 + p.start + lane, lane, 32, kWidth,
                                                [&](int e, A v) {
                                                  row[ndi_line_slot<RUN>(e)] = v;
                                                });
  __syncwarp();
  // The lane's run starts at value RUN * lane, slot (RUN + 1) * lane: its window's i-th value
  // sits at a constant offset from there (one base register, not one address per value).
  A acc[RUN];
  A* mine = row + (RUN + 1) * lane;
  ndi_line_tile_fold<TAPS, A>(
      w, [&](int i) { return mine[i + i / RUN]; }, acc);
  __syncwarp();
#pragma unroll
  for (int k = 0; k < RUN; ++k) mine[k] = acc[k];
  __syncwarp();
  // Value lane + 32 k sits at slot lane + lane / RUN + k (32 + 32 / RUN) (RUN divides 32).
  const A* from = row + lane + lane / RUN;
  char* out = (char*)p.y + yo + (b * p.yb + (a0 + lane) * p.ya);
#pragma unroll
  for (int k = 0; k < RUN; ++k)
    if (a0 + lane + 32 * k < p.n) *(Y*)(out + 32 * k * p.ya) = cast<Y>(from[k * (32 + 32 / RUN)]);
}

template <class T, class Y, class A, int TAPS>
__device__ void ndi_line_tile_across(const ndi_line_tile_params& p) {
  constexpr int RUN = kNdiLineRun<A>;
  constexpr int kSpan = kNdiLineWarps * RUN;  // outputs a block covers along a
  constexpr int kDepth = kSpan + TAPS - 1;
  __shared__ A tile[kDepth][32];
  __shared__ A w[TAPS];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int q = threadIdx.x; q < TAPS; q += blockDim.x)
    w[q] = static_cast<A>(((const double*)p.weights)[q]);
  long long a0, b0, xo, yo;
  ndi_line_tile_place<kNdiLineAcross>(p, a0, b0, xo, yo, kSpan, 32);
  const long long b = b0 + lane;
  const bool live = b < p.m;
  const char* line = (const char*)p.x + xo + b * p.xb;
  if (live)
    ndi_line_tile_stage<T, A, (kDepth + kNdiLineWarps - 1) / kNdiLineWarps>(
        p, line, a0 + p.start + warp, warp, kNdiLineWarps, kDepth,
        [&](int r, A v) { tile[r][lane] = v; });
  __syncthreads();
  if (!live) return;
  A acc[RUN];
  const int k0 = warp * RUN;
  ndi_line_tile_fold<TAPS, A>(
      w, [&](int i) { return tile[k0 + i][lane]; }, acc);
  char* out = (char*)p.y + yo + (b * p.yb + (a0 + k0) * p.ya);
  const long long left = p.n - (a0 + k0);
#pragma unroll
  for (int k = 0; k < RUN; ++k)
    if (k < left) *(Y*)(out + k * p.ya) = cast<Y>(acc[k]);
}

// The kernel's body: 32 x kNdiLineWarps threads a block, one block per tile.
template <class T, class Y, class A, int TAPS, int LAYOUT>
__device__ void ndi_line_tile_run(const ndi_line_tile_params& p) {
  if constexpr (LAYOUT == kNdiLineAlong) ndi_line_tile_along<T, Y, A, TAPS>(p);
  else ndi_line_tile_across<T, Y, A, TAPS>(p);
}

}  // namespace cunp
