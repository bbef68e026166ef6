// src/device/engines/indexing.cuh -- the indexing engine's kernels: gather and scatter along one
// axis, the bounds check that runs before a scatter, and the three steps of boolean compaction
// (count per tile, scan of the counts, scatter of the selected elements or their coordinates).
// Block sizes and unroll factors are template parameters: the host's constants
// (src/ops/indexing_params.hpp) decide them, and its parameter blocks mirror the structs here.
#pragma once

namespace cunp {
namespace indexing {

struct GatherParams {
  unsigned long long x, y, idx, flag, value[2];
  long long n, m, units, total, so, sn;
  int ond, ind;
  long long oshape[8], ostride[8], ishape[8], istride[8];
};

struct CheckParams {
  unsigned long long idx, flag;
  long long n, m;
};

struct SelectParams {
  unsigned long long mask, src, dst, tiles, total;
  long long n, ntiles, count;
  int ndim, pad;
  long long shape[8], stride[8];
};

// A 16-byte element (complex128) moved as two words: it is only 8-byte aligned in general.
struct pair64 {
  unsigned long long a, b;
};

struct plus {
  template <class T> __device__ T operator()(T a, T b) const { return a + b; }
};

template <class T> __device__ __forceinline__ T warp_inclusive_sum(T v) {
  return cunp::warp_inclusive_scan(v, threadIdx.x & 31, plus());
}

// -- gather / scatter along one axis ---------------------------------------------------------

// The layout and direction of one gather kernel, or-ed into its FLAGS.
enum GatherFlag : unsigned {
  kOuter1 = 1,        // no dimensions before the axis
  kUnit1 = 2,         // one unit per gathered row
  kStrided = 4,       // outer and inner dimensions walked with shape/strides
  kScatter = 8,       // write x at the indices instead of reading it
  kScalarValue = 16,  // scatter of one value
  kValueParam = 32,   // that value travels in the parameters (else y[0])
};

// One of the gathered side's `total` units of W is thread-strided position g: row g / units
// (o outer, j index) and unit u of that row. Each thread keeps UNROLL units in flight: all their
// index loads first, then all data loads, then the stores. P is the position type (32-bit where
// every position fits). A gather checks each index as it reads it (a bad one only sets the flag);
// a scatter's indices were all checked by a pass before it, so that nothing is written when one
// is bad.
template <class W, class I, class P, int UNROLL, unsigned FLAGS>
__device__ __forceinline__ void gather(const GatherParams& p) {
  constexpr bool outer1 = FLAGS & kOuter1, unit1 = FLAGS & kUnit1, strided = FLAGS & kStrided;
  constexpr bool scatter = FLAGS & kScatter, scalar_value = FLAGS & kScalarValue;
  constexpr bool value_param = scalar_value && (FLAGS & kValueParam);
  const P stride = (P)gridDim.x * blockDim.x;
  const P total = (P)p.total;
  const I* idx = reinterpret_cast<const I*>(p.idx);
  char* x = reinterpret_cast<char*>(p.x);
  W* y = reinterpret_cast<W*>(p.y);
  W one;
  if constexpr (value_param) {
    // The value travels in the parameters (no buffer, no copy launch).
    union {
      unsigned long long q[2];
      W w;
    } bits;
    bits.q[0] = p.value[0];
    bits.q[1] = p.value[1];
    one = bits.w;
  }
  for (P g0 = (P)blockIdx.x * blockDim.x + threadIdx.x; g0 < total; g0 += stride * UNROLL) {
    long long off[UNROLL];
    bool ok[UNROLL];
    // Phase 1: positions (the index loads of every unit are in flight together).
#pragma unroll
    for (int k = 0; k < UNROLL; ++k) {
      const P g = g0 + (P)k * stride;
      ok[k] = g < total;
      off[k] = 0;
      if (!ok[k]) continue;
      P row, u, o, j;
      if constexpr (unit1) {
        row = g;
        u = 0;
      } else {
        row = g / (P)p.units;
        u = g - row * (P)p.units;
      }
      if constexpr (outer1) {
        o = 0;
        j = row;
      } else {
        o = row / (P)p.m;
        j = row - o * (P)p.m;
      }
      // NumPy reads every index as intp: a uint64 above 2^63 wraps to a negative index too.
      long long t = (long long)idx[j];
      if (t < 0) t += p.n;
      if constexpr (!scatter) {
        if ((unsigned long long)t >= (unsigned long long)p.n) {
          *reinterpret_cast<volatile int*>(p.flag) = 1;
          ok[k] = false;
          continue;
        }
      }
      if constexpr (strided) {
        long long a = t * p.sn;
        cunp::for_each_coordinate((unsigned long long)o, p.ond, p.oshape,
                                  [&](int d, unsigned long long c) {
                                    a += (long long)c * p.ostride[d];
                                  });
        cunp::for_each_coordinate((unsigned long long)u, p.ind, p.ishape,
                                  [&](int d, unsigned long long c) {
                                    a += (long long)c * p.istride[d];
                                  });
        off[k] = a;
      } else {
        off[k] = (long long)o * p.so + t * p.sn + (long long)u * (long long)sizeof(W);
      }
    }
    // Phase 2: the data loads, then the stores.
    W v[UNROLL];
#pragma unroll
    for (int k = 0; k < UNROLL; ++k) {
      if constexpr (!scatter) {
        if (ok[k]) v[k] = *reinterpret_cast<const W*>(x + off[k]);
      } else if constexpr (value_param) {
        if (ok[k]) v[k] = one;
      } else if constexpr (scalar_value) {
        if (ok[k]) v[k] = y[0];
      } else {
        if (ok[k]) v[k] = y[g0 + (P)k * stride];
      }
    }
#pragma unroll
    for (int k = 0; k < UNROLL; ++k) {
      if constexpr (!scatter) {
        if (ok[k]) y[g0 + (P)k * stride] = v[k];
      } else {
        if (ok[k]) *reinterpret_cast<W*>(x + off[k]) = v[k];
      }
    }
  }
}

// Sets the flag when an index is outside [-n, n), as the gather reads one: UNROLL loads in
// flight per thread, then their tests; one flag write per block at most.
template <class I, int UNROLL> __device__ __forceinline__ void check_indices(const CheckParams& p) {
  const I* idx = reinterpret_cast<const I*>(p.idx);
  const long long stride = (long long)gridDim.x * blockDim.x;
  bool bad = false;
  for (long long i0 = (long long)blockIdx.x * blockDim.x + threadIdx.x; i0 < p.m;
       i0 += stride * UNROLL) {
    long long t[UNROLL];
#pragma unroll
    for (int k = 0; k < UNROLL; ++k) {
      const long long i = i0 + k * stride;
      t[k] = i < p.m ? (long long)idx[i] : 0;
    }
#pragma unroll
    for (int k = 0; k < UNROLL; ++k) {
      long long v = t[k];
      if (v < 0) v += p.n;
      bad |= (unsigned long long)v >= (unsigned long long)p.n;
    }
  }
  if (__syncthreads_or(bad) && threadIdx.x == 0) *reinterpret_cast<volatile int*>(p.flag) = 1;
}

// -- boolean compaction: tiles of BLOCK * ROUNDS mask bytes, walked grid-stride --------------

// Step 1: the number of true bytes of each tile.
template <int BLOCK, int ROUNDS>
__device__ __forceinline__ void select_count(const SelectParams& p) {
  constexpr long long tile = (long long)BLOCK * ROUNDS;
  const unsigned char* mask = reinterpret_cast<const unsigned char*>(p.mask);
  long long* tiles = reinterpret_cast<long long*>(p.tiles);
  __shared__ int warps[BLOCK / 32];
  for (long long b = blockIdx.x; b < p.ntiles; b += gridDim.x) {
    const long long base = b * tile;
    int c = 0;
#pragma unroll
    for (int k = 0; k < ROUNDS; ++k) {
      const long long i = base + k * BLOCK + threadIdx.x;
      c += (i < p.n && mask[i] != 0) ? 1 : 0;
    }
    for (int d = 16; d > 0; d >>= 1) c += __shfl_down_sync(0xffffffffu, c, d);
    if ((threadIdx.x & 31) == 0) warps[threadIdx.x >> 5] = c;
    __syncthreads();
    if (threadIdx.x == 0) {
      long long t = 0;
      for (int w = 0; w < BLOCK / 32; ++w) t += warps[w];
      tiles[b] = t;
    }
    __syncthreads();
  }
}

// Step 2, one block: the exclusive scan of the tile counts in place, chunk by chunk with a
// carry (ITEMS consecutive counts per thread); the total goes to host-mapped memory. The
// parameters come by value, unlike the other skeletons': NVVM then schedules the loop exactly as
// in a kernel of its own (by reference it moves one instruction).
template <int ITEMS> __device__ __forceinline__ void select_scan_tiles(const SelectParams p) {
  long long* tiles = reinterpret_cast<long long*>(p.tiles);
  __shared__ long long warps[32];
  __shared__ long long chunk_total;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nwarps = blockDim.x >> 5;
  long long carry = 0;
  for (long long base = 0; base < p.ntiles; base += (long long)blockDim.x * ITEMS) {
    long long v[ITEMS];
    long long sum = 0;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const long long i = base + (long long)threadIdx.x * ITEMS + k;
      v[k] = i < p.ntiles ? tiles[i] : 0;
      sum += v[k];
    }
    const long long incl = warp_inclusive_sum(sum);
    if (lane == 31) warps[warp] = incl;
    __syncthreads();
    if (warp == 0) {
      const long long w = lane < nwarps ? warps[lane] : 0;
      const long long wi = warp_inclusive_sum(w);
      if (lane < nwarps) warps[lane] = wi - w;
      if (lane == 31) chunk_total = wi;
    }
    __syncthreads();
    long long e = carry + warps[warp] + incl - sum;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const long long i = base + (long long)threadIdx.x * ITEMS + k;
      if (i < p.ntiles) tiles[i] = e;
      e += v[k];
    }
    carry += chunk_total;
    __syncthreads();
  }
  if (threadIdx.x == 0) *reinterpret_cast<volatile long long*>(p.total) = carry;
}

// Step 3: each tile ranks its true bytes and calls store(i, pos) for each, i its position in
// the mask, pos its rank among all true bytes. Element order within a tile is (round, warp,
// lane): the ballots rank the lanes, the scan of the per-(round, warp) counts ranks the rest.
template <int BLOCK, int ROUNDS, class Store>
__device__ __forceinline__ void select_each(const SelectParams& p, Store store) {
  constexpr long long tile = (long long)BLOCK * ROUNDS;
  constexpr int warps = BLOCK / 32, per_lane = ROUNDS * warps / 32;
  const unsigned char* mask = reinterpret_cast<const unsigned char*>(p.mask);
  const long long* tiles = reinterpret_cast<const long long*>(p.tiles);
  __shared__ int counts[ROUNDS * warps];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  for (long long b = blockIdx.x; b < p.ntiles; b += gridDim.x) {
    const long long base = b * tile;
    unsigned int ballot[ROUNDS];
#pragma unroll
    for (int k = 0; k < ROUNDS; ++k) {
      const long long i = base + k * BLOCK + threadIdx.x;
      ballot[k] = __ballot_sync(0xffffffffu, i < p.n && mask[i] != 0);
      if (lane == 0) counts[k * warps + warp] = __popc(ballot[k]);
    }
    __syncthreads();
    if (warp == 0) {
      int c[per_lane];
      int sum = 0;
#pragma unroll
      for (int q = 0; q < per_lane; ++q) {
        c[q] = counts[lane * per_lane + q];
        sum += c[q];
      }
      int e = warp_inclusive_sum(sum) - sum;
#pragma unroll
      for (int q = 0; q < per_lane; ++q) {
        counts[lane * per_lane + q] = e;
        e += c[q];
      }
    }
    __syncthreads();
    const long long start = tiles[b];
    const unsigned int below = (1u << lane) - 1u;
#pragma unroll
    for (int k = 0; k < ROUNDS; ++k) {
      if (!((ballot[k] >> lane) & 1u)) continue;
      const long long i = base + k * BLOCK + threadIdx.x;
      store(i, start + counts[k * warps + warp] + __popc(ballot[k] & below));
    }
    __syncthreads();
  }
}

// x[mask]: the selected elements of E, in C order (STRIDED: the source walked by byte strides).
template <class E, bool STRIDED, int BLOCK, int ROUNDS>
__device__ __forceinline__ void select_values(const SelectParams& p) {
  select_each<BLOCK, ROUNDS>(p, [&](long long i, long long pos) {
    if constexpr (STRIDED) {
      long long off = 0;
      cunp::for_each_coordinate(i, p.ndim, p.shape,
                                [&](int d, long long c) { off += c * p.stride[d]; });
      reinterpret_cast<E*>(p.dst)[pos] = *reinterpret_cast<const E*>(
          reinterpret_cast<const char*>(p.src) + off);
    } else {
      reinterpret_cast<E*>(p.dst)[pos] = reinterpret_cast<const E*>(p.src)[i];
    }
  });
}

// nonzero: the coordinates of the selected elements, a (count, ndim) int64 array (NumPy's
// layout: nonzero's per-axis arrays are its strided columns).
template <int BLOCK, int ROUNDS>
__device__ __forceinline__ void select_coords(const SelectParams& p) {
  select_each<BLOCK, ROUNDS>(p, [&](long long i, long long pos) {
    long long* dst = reinterpret_cast<long long*>(p.dst);
    if (p.ndim <= 1) {
      dst[pos] = i;
      return;
    }
    cunp::for_each_coordinate(i, p.ndim, p.shape,
                              [&](int d, long long c) { dst[pos * p.ndim + d] = c; });
  });
}

}  // namespace indexing
}  // namespace cunp
