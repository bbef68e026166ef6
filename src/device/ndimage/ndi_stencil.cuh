// src/device/ndimage/ndi_stencil.cuh -- the stencil of scipy.ndimage's filters: one output element
// visits a table of footprint offsets through the boundary transform and folds what it reads.
//
// The footprint is a flat table of offsets (taps x ndim, origin already applied) plus one weight
// per tap, so one kernel serves an n-D footprint and a separable 1-D pass alike (a 1-D pass is a
// table whose offsets are zero except along its axis). Values are folded in double, as SciPy does
// for every filter (its line buffers and point loops are double), so integer and float16 inputs
// round and truncate as SciPy's do when the result is cast to the output's dtype.
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_indexer.cuh"
#include "ndi_boundary.cuh"

namespace cunp {

// Weighted sum: correlate, convolve and every linear filter built on them.
struct ndi_sum_fold {
  double acc = 0.0;
  __device__ void add(double v, double w) { acc += v * w; }
  __device__ double result() const { return acc; }
};

// Minimum or maximum of value + weight (weights are zero for plain minimum/maximum filters and
// the structuring element's values, signed by the host, for grey morphology).
template <bool MAX> struct ndi_extreme_fold {
  double best = 0.0;
  bool any = false;
  __device__ void add(double v, double w) {
    const double t = v + w;
    if (!any || (MAX ? t > best : t < best)) best = t;
    any = true;
  }
  __device__ double result() const { return best; }
};

// The value of rank `rank` (0: smallest) among up to CAP taps: median, rank and percentile
// filters. The taps are kept in a local buffer and the rank is found by quickselect.
template <int CAP> struct ndi_rank_fold {
  double buf[CAP];
  int n = 0;
  long long rank = 0;
  __device__ explicit ndi_rank_fold(long long r) : rank(r) {}
  __device__ void add(double v, double) { buf[n++] = v; }
  __device__ double result() {
    int lo = 0, hi = n - 1;
    const int k = static_cast<int>(rank);
    while (lo < hi) {
      const double pivot = buf[(lo + hi) / 2];
      int a = lo, b = hi;
      while (a <= b) {
        while (buf[a] < pivot) ++a;
        while (buf[b] > pivot) --b;
        if (a <= b) {
          const double t = buf[a];
          buf[a] = buf[b];
          buf[b] = t;
          ++a;
          --b;
        }
      }
      if (k <= b) {
        hi = b;
      } else if (k >= a) {
        lo = a;
      } else {
        break;  // buf[k] equals the pivot: every value between b and a is the pivot
      }
    }
    return buf[k];
  }
};

// The same for footprints of at most CAP taps (CAP small: 3x3, 3x3 crosses), kept in registers:
// each value is inserted into a sorted row by a fixed chain of compare-and-swaps, so every index
// is known at compile time (the buffer of ndi_rank_fold, indexed at run time, lives in local
// memory). The row starts as +inf, which only taps not yet read (and +inf values) occupy.
template <int CAP> struct ndi_small_rank_fold {
  double sorted[CAP];
  long long rank = 0;
  __device__ explicit ndi_small_rank_fold(long long r) : rank(r) {
#pragma unroll
    for (int k = 0; k < CAP; ++k) sorted[k] = __longlong_as_double(0x7ff0000000000000LL);
  }
  __device__ void add(double v, double) {
#pragma unroll
    for (int k = 0; k < CAP; ++k) {
      const double lo = v < sorted[k] ? v : sorted[k];
      v = v < sorted[k] ? sorted[k] : v;
      sorted[k] = lo;
    }
  }
  __device__ double result() const {
    double r = sorted[0];
#pragma unroll
    for (int k = 1; k < CAP; ++k) r = k == rank ? sorted[k] : r;
    return r;
  }
};

// Hands fold.add the value and weight of every tap of the output element at C-order position
// `pos` (x's shape is the output's), in the table's order. offsets[k * ndim + d] is tap k's offset
// along axis d; weights[k] its weight; taps the count.
template <class In, class Offsets, class Weights, class Fold>
__device__ void ndi_visit(long long pos, const In& x, const Offsets& offsets,
                          const Weights& weights, long long taps, int mode, double cval,
                          Fold& fold) {
  constexpr int N = In::ndim > 0 ? In::ndim : 1;
  long long c[N];
  for_each_coordinate<In::ndim>(pos, x.shape(), [&](int d, long long v) { c[d] = v; });
  for (long long k = 0; k < taps; ++k) {
    long long idx[N];
    bool outside = false;
#pragma unroll
    for (int d = 0; d < In::ndim; ++d) {
      const long long j = ndi_filter_index(c[d] + offsets[k * In::ndim + d], x.shape()[d], mode);
      outside |= j < 0;
      idx[d] = j < 0 ? 0 : j;
    }
    fold.add(outside ? cval : cast<double>(x[idx]), static_cast<double>(weights[k]));
  }
}

// A value of x at a byte offset from its data.
template <class T> __device__ __forceinline__ double ndi_load(T* data, long long byte_offset) {
  return cast<double>(*(const T*)((const char*)data + byte_offset));
}

// ndi_visit with the interior table: interior[k] (k < taps) is tap k's byte offset from the
// element for x's strides, interior[taps + 2d] and interior[taps + 2d + 1] the smallest and
// largest offset along axis d. An element whose whole footprint lies inside x (most of them)
// reads each tap at one precomputed offset: no boundary transform, no per-axis arithmetic. The
// taps are folded in the same order either way.
template <class In, class Offsets, class Weights, class Interior, class Fold>
__device__ void ndi_visit_fast(long long pos, const In& x, const Offsets& offsets,
                               const Weights& weights, const Interior& interior, long long taps,
                               int mode, double cval, Fold& fold) {
  long long base = 0;
  bool inside = true;
  for_each_coordinate<In::ndim>(pos, x.shape(), [&](int d, long long v) {
    base += v * x.strides()[d];
    inside &= v + interior[taps + 2 * d] >= 0 && v + interior[taps + 2 * d + 1] < x.shape()[d];
  });
  if (inside) {
    for (long long k = 0; k < taps; ++k)
      fold.add(ndi_load(x.data(), base + interior[k]), static_cast<double>(weights[k]));
    return;
  }
  ndi_visit(pos, x, offsets, weights, taps, mode, cval, fold);
}

// The fold of those taps.
template <class In, class Offsets, class Weights, class Interior, class Fold>
__device__ double ndi_stencil(long long pos, const In& x, const Offsets& offsets,
                              const Weights& weights, const Interior& interior, long long taps,
                              int mode, double cval, Fold& fold) {
  ndi_visit_fast(pos, x, offsets, weights, interior, taps, mode, cval, fold);
  return fold.result();
}

// One entry per fold, so a kernel's body is a single call.
template <class In, class Offsets, class Weights, class Interior>
__device__ double ndi_correlate_at(long long pos, const In& x, const Offsets& offsets,
                                   const Weights& weights, const Interior& interior, long long taps,
                                   int mode, double cval) {
  ndi_sum_fold f;
  return ndi_stencil(pos, x, offsets, weights, interior, taps, mode, cval, f);
}

template <bool MAX, class In, class Offsets, class Weights, class Interior>
__device__ double ndi_extreme_at(long long pos, const In& x, const Offsets& offsets,
                                 const Weights& weights, const Interior& interior, long long taps,
                                 int mode, double cval) {
  ndi_extreme_fold<MAX> f;
  return ndi_stencil(pos, x, offsets, weights, interior, taps, mode, cval, f);
}

template <int CAP, class In, class Offsets, class Weights, class Interior>
__device__ double ndi_small_rank_at(long long pos, const In& x, const Offsets& offsets,
                                    const Weights& weights, const Interior& interior,
                                    long long taps, int mode, double cval, long long rank) {
  ndi_small_rank_fold<CAP> f(rank);
  return ndi_stencil(pos, x, offsets, weights, interior, taps, mode, cval, f);
}

template <int CAP, class In, class Offsets, class Weights, class Interior>
__device__ double ndi_rank_at(long long pos, const In& x, const Offsets& offsets,
                              const Weights& weights, const Interior& interior, long long taps,
                              int mode, double cval, long long rank) {
  ndi_rank_fold<CAP> f(rank);
  return ndi_stencil(pos, x, offsets, weights, interior, taps, mode, cval, f);
}

}  // namespace cunp
