// src/device/ndimage/ndi_tile.cuh -- the n-D stencil on 2-D images through shared-memory tiles:
// a block stages its 32 x 32 outputs' inputs, widened by the footprint's extent (the halo), once
// through the boundary transform, and every tap then reads shared memory (at an offset inside the
// tile computed once per block).
//
// The elementwise stencil reads each input value once per tap that covers it (from L1 at best);
// here it is read from global memory once per block and the boundary transform runs once per
// staged value, not once per tap. Taps are folded in the footprint table's order with the
// stencil's folds, so the results are the elementwise stencil's.
#pragma once
#include "../cunp_device.cuh"
#include "ndi_boundary.cuh"
#include "ndi_select.cuh"
#include "ndi_stencil.cuh"

namespace cunp {

// Laid out as the host's NdiTileParams (src/ops/ndimage/stencil.cpp).
struct ndi_tile_params {
  unsigned long long x, y, offsets, weights;  // input, output, int64 taps x 2, float64 taps
  long long rows, cols;                       // the image's shape
  long long x_row, x_col, y_row, y_col;       // byte strides
  long long taps, rank;
  long long lo_row, lo_col;        // the footprint's smallest offset along each axis
  long long tile_rows, tile_cols;  // the staged tile: 32 + the footprint's extent, each axis
  double cval;
  int mode;
  int pad;
};

constexpr int kNdiTile = 32;           // outputs a block covers along each axis
constexpr int kNdiTileThreadRows = 8;  // the block is 32 x 8 threads, 4 outputs a thread

// Folds start empty; the rank folds take their rank (and the selection network the tap count).
template <class Fold> struct ndi_fold_maker {
  static __device__ Fold make(long long, long long) { return Fold(); }
};
template <int CAP> struct ndi_fold_maker<ndi_rank_fold<CAP>> {
  static __device__ ndi_rank_fold<CAP> make(long long, long long r) {
    return ndi_rank_fold<CAP>(r);
  }
};
template <int CAP> struct ndi_fold_maker<ndi_small_rank_fold<CAP>> {
  static __device__ ndi_small_rank_fold<CAP> make(long long, long long r) {
    return ndi_small_rank_fold<CAP>(r);
  }
};
template <class V, int CAP> struct ndi_fold_maker<ndi_select_fold<V, CAP>> {
  static __device__ __forceinline__ ndi_select_fold<V, CAP> make(long long taps, long long r) {
    return ndi_select_fold<V, CAP>(taps, r);
  }
};
template <class V, int TAPS, int WIRES, class Net>
struct ndi_fold_maker<ndi_network_fold<V, TAPS, WIRES, Net>> {
  static __device__ __forceinline__ ndi_network_fold<V, TAPS, WIRES, Net> make(long long taps,
                                                                               long long r) {
    return ndi_network_fold<V, TAPS, WIRES, Net>(taps, r);
  }
};

// What a tile stages for a fold, and how the fold takes a staged value. Most folds take doubles;
// the rank folds that compare keys take their keys, converted once per staged value rather than
// once per tap that reads it (in half the shared memory where the keys are 32 bits).
template <class Fold> struct ndi_tile_staging {
  using type = double;
  static __device__ __forceinline__ double stage(double v) { return v; }
  static __device__ __forceinline__ void feed(Fold& f, int, double s, double w) { f.add(s, w); }
};
template <class V, int CAP> struct ndi_tile_staging<ndi_select_fold<V, CAP>> {
  using type = typename ndi_select_key<V>::K;
  static __device__ __forceinline__ type stage(double v) { return ndi_select_key<V>::of(v); }
  static __device__ __forceinline__ void feed(ndi_select_fold<V, CAP>& f, int, type s, double) {
    f.add_key(s);
  }
};
template <class V, int TAPS, int WIRES, class Net>
struct ndi_tile_staging<ndi_network_fold<V, TAPS, WIRES, Net>> {
  using type = typename ndi_select_key<V>::K;
  static __device__ __forceinline__ type stage(double v) { return ndi_select_key<V>::of(v); }
  static __device__ __forceinline__ void feed(ndi_network_fold<V, TAPS, WIRES, Net>& f, int q,
                                              type s, double) {
    f.add_key_at(q, s);
  }
};

// Tap q of the output at `at` in the tile into f: an unrolled loop where the fold's tap count is
// fixed at compile time (the networks), else the footprint's count read at run time.
template <class Fold, class S>
__device__ __forceinline__ void ndi_tile_feed(Fold& f, const S* at, const int* tap_at,
                                              long long taps, const double* weights) {
  using St = ndi_tile_staging<Fold>;
  if constexpr (ndi_fixed_taps<Fold>::value > 0) {
#pragma unroll
    for (int q = 0; q < ndi_fixed_taps<Fold>::value; ++q) St::feed(f, q, at[tap_at[q]], 0.0);
  } else {
    for (long long q = 0; q < taps; ++q)
      St::feed(f, static_cast<int>(q), at[tap_at[q]], weights[q]);
  }
}

// Stage 1: thread t of `threads` stages tile elements t, t + threads, ... of the block whose
// first output is (row0, col0), then the taps' offsets inside the tile (int, after the tile).
template <class T, class Fold>
__device__ void ndi_tile_stage(const ndi_tile_params& p, long long row0, long long col0, int t,
                               int threads, typename ndi_tile_staging<Fold>::type* tile,
                               int* tap_at) {
  using St = ndi_tile_staging<Fold>;
  const long long count = p.tile_rows * p.tile_cols;
  for (long long e = t; e < count; e += threads) {
    const long long r = ndi_filter_index(row0 + p.lo_row + e / p.tile_cols, p.rows, p.mode);
    const long long c = ndi_filter_index(col0 + p.lo_col + e % p.tile_cols, p.cols, p.mode);
    tile[e] = St::stage(
        (r < 0 || c < 0) ? p.cval
                         : cast<double>(*(const T*)((const char*)p.x + r * p.x_row + c * p.x_col)));
  }
  const long long* offsets = (const long long*)p.offsets;
  for (long long q = t; q < p.taps; q += threads)
    tap_at[q] = static_cast<int>((offsets[2 * q] - p.lo_row) * p.tile_cols +
                                 (offsets[2 * q + 1] - p.lo_col));
}

// Stage 2: thread (tr, tc) folds the outputs (row0 + tr + 8k, col0 + tc), k < 4.
template <class Y, class Fold>
__device__ void ndi_tile_fold(const ndi_tile_params& p, long long row0, long long col0, int tr,
                              int tc, const typename ndi_tile_staging<Fold>::type* tile,
                              const int* tap_at) {
  const double* weights = (const double*)p.weights;
  for (int k = 0; k < kNdiTile / kNdiTileThreadRows; ++k) {
    const long long lr = tr + k * kNdiTileThreadRows;
    if (row0 + lr >= p.rows || col0 + tc >= p.cols) continue;
    Fold f = ndi_fold_maker<Fold>::make(p.taps, p.rank);
    ndi_tile_feed(f, tile + lr * p.tile_cols + tc, tap_at, p.taps, weights);
    *(Y*)((char*)p.y + (row0 + lr) * p.y_row + (col0 + tc) * p.y_col) = cast<Y>(f.result());
  }
}

// The kernel's body: block (bx, by) covers outputs from (32 by, 32 bx); `shared` is the
// dynamic shared memory: the tile (tile_rows x tile_cols staged values), then taps ints.
template <class T, class Y, class Fold>
__device__ void ndi_tile_run(const ndi_tile_params& p, double* shared) {
  using S = typename ndi_tile_staging<Fold>::type;
  const long long row0 = static_cast<long long>(blockIdx.y) * kNdiTile;
  const long long col0 = static_cast<long long>(blockIdx.x) * kNdiTile;
  S* tile = reinterpret_cast<S*>(shared);
  int* tap_at = reinterpret_cast<int*>(tile + p.tile_rows * p.tile_cols);
  ndi_tile_stage<T, Fold>(p, row0, col0, threadIdx.y * blockDim.x + threadIdx.x,
                          blockDim.x * blockDim.y, tile, tap_at);
  __syncthreads();
  ndi_tile_fold<Y, Fold>(p, row0, col0, threadIdx.y, threadIdx.x, tile, tap_at);
}

}  // namespace cunp
