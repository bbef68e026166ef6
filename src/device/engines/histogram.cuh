// src/device/engines/histogram.cuh -- the histogram engine: each value of a contiguous array is
// mapped to a bin (a Bins policy) and counted, or its weight added (a Weights policy), with
// atomic adds. Where the bins fit shared memory, each block counts into private sub-histograms
// (one per group of warps, so that equal values in different warps do not contend) and merges
// them into the global result once; otherwise every update is an atomic add to global memory.
// A generated kernel instantiates `run` with the value type and the two policies.
#pragma once

namespace cunp {
namespace histogram {

// The parameter block, filled by the host (src/ops/histogram.cpp) in this order.
struct Params {
  long long n;         // values
  const char* x;       // the values, contiguous
  const char* w;       // the weights, contiguous (unused without weights)
  char* out;           // nbins accumulators (lanes of Weights::global_t each), zeroed
  long long nbins;     // bins
  const char* edges;   // nbins + 1 bin edges (EqualBins' correction, EdgeBins' search)
  double first, last;  // EqualBins: the outer edges, in the bin type
  double span;         // EqualBins: last - first as NumPy computes it, in the bin type
  int replicas;        // sub-histograms per block in shared memory (0: global atomics)
  int vector;          // 1 when x is 16-byte aligned: 16-byte loads
};

// bincount: the value is its bin (the host has checked that none is negative).
template <class T> struct IndexBins {
  __device__ __forceinline__ long long operator()(const Params& p, T v) const {
    const long long b = cast<long long>(v);
    return b < p.nbins ? b : -1;
  }
};

// Equal bins as NumPy's histogram computes them: in the bin type B, values outside [first, last]
// (and NaN) are dropped and v - first is taken; in R (B promoted with the span's type), that is
// divided by the span and multiplied by nbins, truncated, moved to the last bin for v == last,
// then corrected by one against the edges where rounding put it on the wrong side of one.
template <class T, class B, class R> struct EqualBins {
  __device__ __forceinline__ long long operator()(const Params& p, T x) const {
    const B v = cast<B>(x), first = cast<B>(p.first), last = cast<B>(p.last);
    if (!(v >= first && v <= last)) return -1;
    const B* e = reinterpret_cast<const B*>(p.edges);
    // B(...) and R(...) round each step back to its type (float16 arithmetic runs in float).
    const B offset = B(v - first);
    const R ratio = R(cast<R>(offset) / cast<R>(p.span));
    long long i = cast<long long>(R(ratio * cast<R>(static_cast<double>(p.nbins))));
    if (i >= p.nbins) i = p.nbins - 1;
    if (i > 0 && v < e[i]) --i;
    if (i != p.nbins - 1 && v >= e[i + 1]) ++i;
    return i;
  }
};

// Edges given by the caller (increasing), compared in the common type C: bin i holds
// [e[i], e[i+1]), the last bin also its right edge, as searchsorted counts them in NumPy.
template <class T, class C> struct EdgeBins {
  __device__ __forceinline__ long long operator()(const Params& p, T x) const {
    const C v = cast<C>(x);
    const C* e = reinterpret_cast<const C*>(p.edges);
    if (!(v >= e[0] && v <= e[p.nbins])) return -1;
    if (v == e[p.nbins]) return p.nbins - 1;
    long long lo = 0, hi = p.nbins;  // e[lo] <= v < e[hi]
    while (hi - lo > 1) {
      const long long mid = lo + (hi - lo) / 2;
      if (e[mid] <= v) lo = mid;
      else hi = mid;
    }
    return lo;
  }
};

// Counts: 32-bit counters in shared memory (the host bounds a block's share of the values),
// 64-bit in the result.
struct Counts {
  using shared_t = unsigned int;
  using global_t = unsigned long long;
  static constexpr int lanes = 1;
  __device__ __forceinline__ static shared_t value(const Params&, long long, int) { return 1u; }
};

// Real weights, summed in double (NumPy's bincount casts them to double).
template <class W> struct RealWeights {
  using shared_t = double;
  using global_t = double;
  static constexpr int lanes = 1;
  __device__ __forceinline__ static double value(const Params& p, long long i, int) {
    return cast<double>(reinterpret_cast<const W*>(p.w)[i]);
  }
};

// Integer weights, summed exactly in 64 bits (two's complement: unsigned adds).
template <class W> struct IntegerWeights {
  using shared_t = unsigned long long;
  using global_t = unsigned long long;
  static constexpr int lanes = 1;
  __device__ __forceinline__ static unsigned long long value(const Params& p, long long i, int) {
    return static_cast<unsigned long long>(cast<long long>(reinterpret_cast<const W*>(p.w)[i]));
  }
};

// Complex weights: the real and imaginary parts summed apart in double.
template <class W> struct ComplexWeights {
  using shared_t = double;
  using global_t = double;
  static constexpr int lanes = 2;
  __device__ __forceinline__ static double value(const Params& p, long long i, int lane) {
    const W w = reinterpret_cast<const W*>(p.w)[i];
    return static_cast<double>(lane ? w.imag() : w.real());
  }
};

// f(i, x[i]) for every value: 16-byte loads where x is aligned, then the tail one by one.
template <class T, class F> __device__ __forceinline__ void for_each_value(const Params& p, F f) {
  constexpr int V = sizeof(T) < 16 ? 16 / static_cast<int>(sizeof(T)) : 1;
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  const long long start = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  long long done = 0;
  if (V > 1 && p.vector) {
    const long long nv = p.n / V;
    const vec<T, V>* xv = reinterpret_cast<const vec<T, V>*>(p.x);
    for (long long k = start; k < nv; k += step) {
      const vec<T, V> v = xv[k];
#pragma unroll
      for (int j = 0; j < V; ++j) f(k * V + j, v.v[j]);
    }
    done = nv * V;
  }
  const T* x = reinterpret_cast<const T*>(p.x);
  for (long long i = done + start; i < p.n; i += step) f(i, x[i]);
}

// The kernel's body. kShared: count into p.replicas sub-histograms of the dynamic shared memory
// (warp w uses sub-histogram w % replicas), then merge them into p.out with one atomic add per
// non-zero bin; otherwise add straight into p.out.
template <class T, class Bins, class Weights, bool kShared> __device__ void run(const Params& p) {
  using S = typename Weights::shared_t;
  using G = typename Weights::global_t;
  constexpr int L = Weights::lanes;
  extern __shared__ unsigned long long shared_words[];
  S* hist = reinterpret_cast<S*>(shared_words);
  G* out = reinterpret_cast<G*>(p.out);
  const long long slots = p.nbins * L;
  if constexpr (kShared) {
    for (long long s = threadIdx.x; s < slots * p.replicas; s += blockDim.x) hist[s] = S(0);
    __syncthreads();
  }
  S* mine = hist + (threadIdx.x / 32 % (kShared ? p.replicas : 1)) * slots;
  const Bins bins{};
  for_each_value<T>(p, [&](long long i, T v) {
    const long long b = bins(p, v);
    if (b < 0) return;
#pragma unroll
    for (int lane = 0; lane < L; ++lane) {
      const S value = Weights::value(p, i, lane);
      if constexpr (kShared) atomicAdd(mine + b * L + lane, value);
      else atomicAdd(out + b * L + lane, static_cast<G>(value));
    }
  });
  if constexpr (kShared) {
    __syncthreads();
    for (long long s = threadIdx.x; s < slots; s += blockDim.x) {
      G sum = G(0);
      for (int r = 0; r < p.replicas; ++r) sum += static_cast<G>(hist[r * slots + s]);
      if (sum != G(0)) atomicAdd(out + s, sum);
    }
  }
}

}  // namespace histogram
}  // namespace cunp
