// src/device/ndimage/ndi_tile3.cuh -- the n-D stencil on 3-D volumes through shared-memory tiles:
// a block stages the inputs of its depth x 8 x 32 outputs (planes x rows x columns), widened by
// the footprint's extent along each axis (the halo), once through the boundary transform, and
// every tap then reads shared memory.
//
// As ndi_tile.cuh's 2-D tiles: each staged value is fetched from global memory once per block
// rather than once per tap that covers it (27 or 125 times for 3x3x3 and 5x5x5 footprints), the
// boundary transform runs once per staged value, and the taps are folded in the footprint table's
// order with the stencil's folds, so the results are the elementwise stencil's. The host picks
// the depth (outputs a block covers along the planes) so the tile fits the shared memory. Each
// tap's offset inside the tile is computed once per block into shared memory after the tile.
#pragma once
#include "../cunp_device.cuh"
#include "ndi_boundary.cuh"
#include "ndi_tile.cuh"

namespace cunp {

// Laid out as the host's NdiTile3Params (src/ops/ndimage/stencil_tile.cpp). Axis 0: planes,
// 1: rows, 2: columns.
struct ndi_tile3_params {
  unsigned long long x, y, offsets, weights;  // input, output, int64 taps x 3, float64 taps
  long long shape[3];                         // the volume's shape
  long long x_stride[3], y_stride[3];         // byte strides
  long long taps, rank;
  long long lo[3];    // the footprint's smallest offset along each axis
  long long tile[3];  // the staged tile: outputs a block covers + the footprint's extent
  long long depth;    // outputs a block covers along the planes
  double cval;
  int mode;
  int pad;
};

constexpr int kNdiTile3Cols = 32;  // outputs a block covers along the columns (one a thread)
constexpr int kNdiTile3Rows = 8;   // and along the rows; the block is 32 x 8 threads

// Stage 1: thread t of `threads` stages tile elements t, t + threads, ... of the block whose
// first output is o[3] (as ndi_tile_staging<Fold> stages them), then the taps' offsets inside the
// tile (int, after the tile).
template <class T, class Fold>
__device__ void ndi_tile3_stage(const ndi_tile3_params& p, const long long* o, int t, int threads,
                                typename ndi_tile_staging<Fold>::type* tile, int* tap_at) {
  using St = ndi_tile_staging<Fold>;
  const long long plane = p.tile[1] * p.tile[2];
  const long long count = p.tile[0] * plane;
  for (long long e = t; e < count; e += threads) {
    const long long i0 = ndi_filter_index(o[0] + p.lo[0] + e / plane, p.shape[0], p.mode);
    const long long i1 = ndi_filter_index(o[1] + p.lo[1] + (e / p.tile[2]) % p.tile[1], p.shape[1],
                                          p.mode);
    const long long i2 = ndi_filter_index(o[2] + p.lo[2] + e % p.tile[2], p.shape[2], p.mode);
    tile[e] = St::stage((i0 < 0 || i1 < 0 || i2 < 0)
                            ? p.cval
                            : cast<double>(*(const T*)((const char*)p.x + i0 * p.x_stride[0] +
                                                       i1 * p.x_stride[1] + i2 * p.x_stride[2])));
  }
  const long long* offsets = (const long long*)p.offsets;
  for (long long q = t; q < p.taps; q += threads)
    tap_at[q] = static_cast<int>((offsets[3 * q] - p.lo[0]) * plane +
                                 (offsets[3 * q + 1] - p.lo[1]) * p.tile[2] +
                                 (offsets[3 * q + 2] - p.lo[2]));
}

// Stage 2: thread (tr, tc) folds the outputs (o0 + k, o1 + tr, o2 + tc), k < depth.
template <class Y, class Fold>
__device__ void ndi_tile3_fold(const ndi_tile3_params& p, const long long* o, int tr, int tc,
                               const typename ndi_tile_staging<Fold>::type* tile,
                               const int* tap_at) {
  if (o[1] + tr >= p.shape[1] || o[2] + tc >= p.shape[2]) return;
  const double* weights = (const double*)p.weights;
  const long long plane = p.tile[1] * p.tile[2];
  for (long long k = 0; k < p.depth && o[0] + k < p.shape[0]; ++k) {
    Fold f = ndi_fold_maker<Fold>::make(p.taps, p.rank);
    ndi_tile_feed(f, tile + k * plane + tr * p.tile[2] + tc, tap_at, p.taps, weights);
    *(Y*)((char*)p.y + (o[0] + k) * p.y_stride[0] + (o[1] + tr) * p.y_stride[1] +
          (o[2] + tc) * p.y_stride[2]) = cast<Y>(f.result());
  }
}

// The kernel's body: block (bx, by, bz) covers outputs from (depth bz, 8 by, 32 bx); `shared`
// is the dynamic shared memory: the tile (tile[0] x tile[1] x tile[2] staged values), then taps
// ints.
template <class T, class Y, class Fold>
__device__ void ndi_tile3_run(const ndi_tile3_params& p, double* shared) {
  using S = typename ndi_tile_staging<Fold>::type;
  const long long o[3] = {static_cast<long long>(blockIdx.z) * p.depth,
                          static_cast<long long>(blockIdx.y) * kNdiTile3Rows,
                          static_cast<long long>(blockIdx.x) * kNdiTile3Cols};
  S* tile = reinterpret_cast<S*>(shared);
  int* tap_at = reinterpret_cast<int*>(tile + p.tile[0] * p.tile[1] * p.tile[2]);
  ndi_tile3_stage<T, Fold>(p, o, threadIdx.y * blockDim.x + threadIdx.x, blockDim.x * blockDim.y,
                           tile, tap_at);
  __syncthreads();
  ndi_tile3_fold<Y, Fold>(p, o, threadIdx.y, threadIdx.x, tile, tap_at);
}

}  // namespace cunp
