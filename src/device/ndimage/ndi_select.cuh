// src/device/ndimage/ndi_select.cuh -- exact rank selection for the median, rank and percentile
// filters over footprints beyond 3x3: a per-thread partial selection network in registers.
//
// Of the footprint's n values only the CAP nearest the wanted end are kept, in a sorted row: each
// value read is inserted by a fixed chain of CAP compare-and-swaps, the one pushed off the row's
// end is forgotten. The rank-r value (0: smallest) needs the r + 1 smallest, or for the upper half
// the n - r largest, so a row of min(r, n - 1 - r) + 1 values suffices (a 5x5 median keeps 13 of
// 25, a 7x7 one 25 of 49): n * CAP comparisons, every index known at compile time, no local
// memory (the quickselect of ndi_rank_fold keeps all n taps in a buffer indexed at run time).
//
// Values are compared as order-preserving unsigned keys of V (float where the host knows every
// tap and cval converts to float exactly, so float32, float16 and small integer images compare in
// 32 bits; double otherwise): one integer min and max a compare-and-swap, and a total order in
// which every NaN sorts after +inf, as numpy.sort puts it. So a window without NaN gives exactly
// SciPy's value (selection does no arithmetic), and one with NaN gives numpy.sort's rank-r value,
// where SciPy's quickselect leaves the result undefined. -0.0 sorts before +0.0 (SciPy's compare
// equal; either is its answer).
//
// Where it costs fewer operations (most footprints of up to 128 taps), a kernel compiled for the
// footprint's size and rank takes instead a sorting network generated for them and pruned to the
// rank (ndi_network_fold; cunp/ops/ndimage/select_network.hpp), its tap loop unrolled so all keys
// sit in registers: about 200 min/max operations for a 5x5 median where the row runs 800, 2244
// for a 5x5x5 one (16000).
#pragma once
#include "../cunp_device.cuh"
#include "../sorting/sort_codec.cuh"
#include "ndi_stencil.cuh"

namespace cunp {

// The order-preserving key of a value converted to V, and back: the sort engine's IEEE total
// order (src/device/sorting/sort_codec.cuh), with every NaN moved to the largest key.
template <class V> struct ndi_select_key;

template <> struct ndi_select_key<float> {
  using K = unsigned int;
  static constexpr K kTop = 0xffffffffu;
  static __device__ __forceinline__ K of(double v) {
    const float f = static_cast<float>(v);
    return f != f ? kTop : sort_kernel::float_order(static_cast<K>(__float_as_int(f)));
  }
  static __device__ __forceinline__ double value(K k) {
    return static_cast<double>(__int_as_float(static_cast<int>(sort_kernel::float_unorder(k))));
  }
};

template <> struct ndi_select_key<double> {
  using K = unsigned long long;
  static constexpr K kTop = 0xffffffffffffffffull;
  static __device__ __forceinline__ K of(double v) {
    return v != v ? kTop : sort_kernel::float_order(static_cast<K>(__double_as_longlong(v)));
  }
  static __device__ __forceinline__ double value(K k) {
    return __longlong_as_double(static_cast<long long>(sort_kernel::float_unorder(k)));
  }
};

// The rank-`rank` value among `taps` values handed to add (fold interface of ndi_stencil.cuh;
// weights unused). Requires min(rank, taps - 1 - rank) < CAP. For the upper half the keys are
// complemented (the order reversed), so one row that keeps the smallest serves both ends; the
// row starts full of the largest key, which only values not yet read (and NaN) occupy.
template <class V, int CAP> struct ndi_select_fold {
  using Key = ndi_select_key<V>;
  using K = typename Key::K;
  K row[CAP];
  K flip;  // 0, or every bit for the upper half
  int at;  // the wanted value's place in the row
  __device__ __forceinline__ ndi_select_fold(long long taps, long long rank) {
    const bool upper = rank > taps - 1 - rank;
    flip = upper ? Key::kTop : K(0);
    at = static_cast<int>(upper ? taps - 1 - rank : rank);
#pragma unroll
    for (int k = 0; k < CAP; ++k) row[k] = Key::kTop;
  }
  __device__ __forceinline__ void add(double v, double) { add_key(Key::of(v)); }
  __device__ __forceinline__ void add_key(K key) {
    K u = key ^ flip;
#pragma unroll
    for (int k = 0; k < CAP; ++k) {
      const K lo = u < row[k] ? u : row[k];
      u = u < row[k] ? row[k] : u;
      row[k] = lo;
    }
  }
  // The row is sorted, so row[at] is the largest of row[0..at]: a masked maximum, which the
  // compiler keeps in registers (a chain of `k == at ? row[k] : r` it turns into row[at], an
  // index known only at run time, and moves the row to local memory).
  __device__ __forceinline__ double result() const {
    K r = row[0];
#pragma unroll
    for (int k = 1; k < CAP; ++k) {
      const K v = k <= at ? row[k] : K(0);
      r = r < v ? v : r;
    }
    return Key::value(r ^ flip);
  }
};

// The comparators of the sorting networks the host generates (cunp/ops/ndimage/select_network.hpp)
// for the tiles: a full compare-and-swap, or the one half of it that is read again.
template <class K> __device__ __forceinline__ void ndi_net_sort(K& a, K& b) {
  const K lo = a < b ? a : b;
  b = a < b ? b : a;
  a = lo;
}
template <class K> __device__ __forceinline__ void ndi_net_min(K& a, K b) { a = a < b ? a : b; }
template <class K> __device__ __forceinline__ void ndi_net_max(K a, K& b) { b = a < b ? b : a; }

// The entry point of a generated network: the host writes `struct Name { CUNP_NDI_NETWORK_SELECT
// { ...straight-line ndi_net_* calls on w...; return w[rank]; } };` (select_network.cpp).
#define CUNP_NDI_NETWORK_SELECT template <class K> static __device__ __forceinline__ K select(K* w)

// The rank-th of exactly TAPS values through the generated network Net (Net::select(w) runs its
// comparators over w and returns the wanted key; WIRES: TAPS rounded up to a power of two, the
// rest scratch). Taps come as keys through add_key_at(q, key) from a loop the compiler unrolls (the
// tiles' folds do so for folds with ndi_fixed_taps, ndi_network_at always), so each key has its
// own register.
template <class V, int TAPS, int WIRES, class Net> struct ndi_network_fold {
  using Key = ndi_select_key<V>;
  using K = typename Key::K;
  K w[WIRES];
  // Everything inline, and tap q's key stored at q, an index the unrolled loop knows: a call
  // taking `this`, or a running count, would leave the keys in local memory.
  __device__ __forceinline__ ndi_network_fold(long long, long long) {}
  __device__ __forceinline__ void add_key_at(int q, K key) { w[q] = key; }
  __device__ __forceinline__ double result() { return Key::value(Net::select(w)); }
};

// A fold's tap count where it is fixed at compile time (0: read at run time).
template <class Fold> struct ndi_fixed_taps { static constexpr int value = 0; };
template <class V, int TAPS, int WIRES, class Net>
struct ndi_fixed_taps<ndi_network_fold<V, TAPS, WIRES, Net>> {
  static constexpr int value = TAPS;
};

// The stencil's entry for a network (the elementwise path: inputs the tiles do not take). An
// element whose footprint lies inside the input reads its taps through the interior table in an
// unrolled loop, so each key lands in its own register, and runs the network; the few near the
// edges take the register row of CAP keys through the boundary transform (the same value: both
// select exactly), which keeps the kernel small (an unrolled boundary transform per tap would
// not be).
template <class V, int TAPS, int WIRES, class Net, int CAP, class In, class Offsets, class Weights,
          class Interior>
__device__ double ndi_network_at(long long pos, const In& x, const Offsets& offsets,
                                 const Weights& weights, const Interior& interior, long long,
                                 int mode, double cval, long long rank) {
  using Key = ndi_select_key<V>;
  long long base = 0;
  bool inside = true;
  for_each_coordinate<In::ndim>(pos, x.shape(), [&](int d, long long v) {
    base += v * x.strides()[d];
    inside &= v + interior[TAPS + 2 * d] >= 0 && v + interior[TAPS + 2 * d + 1] < x.shape()[d];
  });
  if (inside) {
    ndi_network_fold<V, TAPS, WIRES, Net> f(TAPS, rank);
#pragma unroll
    for (int q = 0; q < TAPS; ++q) f.add_key_at(q, Key::of(ndi_load(x.data(), base + interior[q])));
    return f.result();
  }
  ndi_select_fold<V, CAP> g(TAPS, rank);
  ndi_visit(pos, x, offsets, weights, TAPS, mode, cval, g);
  return g.result();
}

// The stencil's entry for the register row (ndi_stencil.cuh's ndi_*_at family).
template <class V, int CAP, class In, class Offsets, class Weights, class Interior>
__device__ double ndi_select_at(long long pos, const In& x, const Offsets& offsets,
                                const Weights& weights, const Interior& interior, long long taps,
                                int mode, double cval, long long rank) {
  ndi_select_fold<V, CAP> f(taps, rank);
  return ndi_stencil(pos, x, offsets, weights, interior, taps, mode, cval, f);
}

}  // namespace cunp
