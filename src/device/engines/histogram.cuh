// src/device/engines/histogram.cuh -- the histogram engine: each value of a contiguous array is
// mapped to a bin (a Bins policy) and counted, or its weight added (a Weights policy), with
// atomic adds. Where the bins fit shared memory, each block counts into private sub-histograms
// (one per group of warps, so that equal values in different warps do not contend) and merges
// them into the global result once; otherwise every update is an atomic add to global memory.
// Bin edges are read from shared memory where they fit beside the sub-histograms. bincount also
// takes the values' extremes in the same pass, so that one read of the data both counts it and
// tells the host the result's length (and whether a negative value makes it an error).
// A generated kernel instantiates `run` with the value type and the two policies.
#pragma once
#include "../primitives/cunp_block.cuh"

namespace cunp {
namespace histogram {

// The parameter block, filled by the host (src/ops/histogram.cpp) in this order.
struct Params {
  long long n;          // values
  const char* x;        // the values, contiguous
  const char* w;        // the weights, contiguous (unused without weights)
  char* out;            // nbins accumulators (lanes of Weights::global_t each), zeroed
  long long nbins;      // bins
  const char* edges;    // nbins + 1 bin edges (EqualBins' correction, EdgeBins' search)
  long long* extremes;  // IndexBins: zeroed, then {min(0, values), max(0, values)} (or null)
  double first, last;   // EqualBins: the outer edges, in the bin type
  double span;          // EqualBins: last - first as NumPy computes it, in the bin type
  int replicas;         // sub-histograms per block in shared memory (0: global atomics)
  int vector;           // 1 when x is 16-byte aligned: 16-byte loads
  long long edges_at;   // byte offset of the edges' copy in shared memory (-1: read them from
                        // global memory)
  float scale;          // EqualBins: nbins / span, rounded to float
  float margin;         // EqualBins: the estimate's and the edges' error bound, in bins
};

// bincount: the value is its bin; values past the last bin are left out (the host counts again
// when the extremes show any), and so are negative ones (the host raises).
template <class T> struct IndexBins {
  using edge_t = char;  // no edges
  static constexpr bool kExtremes = true;
  __device__ __forceinline__ long long operator()(const Params& p, const edge_t*, T v) const {
    const long long b = cast<long long>(v);
    return b >= 0 && b < p.nbins ? b : -1;
  }
};

// Equal bins as NumPy's histogram computes them: in the bin type B, values outside [first, last]
// (and NaN) are dropped and v - first is taken; in R (B promoted with the span's type), that is
// divided by the span and multiplied by nbins, truncated, moved to the last bin for v == last,
// then corrected by one against the edges where rounding put it on the wrong side of one.
// Most values skip that work: a float estimate t = (v - first) * (nbins / span) is off by a few
// float roundings, and an edge lies off its exact place by half an ulp of the bin type; the host
// bounds both, in bins, by p.margin. Where t's fraction is farther than that from a whole
// number, NumPy's division truncates to the same bin and its correction moves nothing, so R's
// division (float64's is slow on the GPU) and the reads of the edges run only near a boundary
// (and for float16 types).
template <class T, class B, class R> struct EqualBins {
  using edge_t = B;
  static constexpr bool kExtremes = false;
  __device__ __forceinline__ long long operator()(const Params& p, const B* e, T x) const {
    const B v = cast<B>(x), first = cast<B>(p.first), last = cast<B>(p.last);
    if (!(v >= first && v <= last)) return -1;
    // B(...) and R(...) round each step back to its type (float16 arithmetic runs in float).
    const B offset = B(v - first);
    if constexpr (sizeof(B) >= 4 && sizeof(R) >= 4) {
      const float t = static_cast<float>(offset) * p.scale;
      const float whole = truncf(t);
      const float fraction = t - whole;  // NaN where t overflowed: no estimate
      if (fraction >= p.margin && fraction <= 1.0f - p.margin) {
        const long long i = __float2int_rz(whole);
        return i < p.nbins ? i : p.nbins - 1;
      }
    }
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
  using edge_t = C;
  static constexpr bool kExtremes = false;
  __device__ __forceinline__ long long operator()(const Params& p, const C* e, T x) const {
    const C v = cast<C>(x);
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

// f(base + k * V + j, v[k].v[j]) for the count vectors of V values that this thread strides
// over, U loads in flight at a time (a thread's loads come before the work on their values, so
// the memory system sees enough of them to stream at full bandwidth).
template <class T, int V, class F>
__device__ __forceinline__ void for_each_vector(const vec<T, V>* v, long long count, long long base,
                                                F& f) {
  constexpr int U = 4;
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  long long k = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; k + (U - 1) * step < count; k += U * step) {
    vec<T, V> r[U];
#pragma unroll
    for (int u = 0; u < U; ++u) r[u] = v[k + u * step];
#pragma unroll
    for (int u = 0; u < U; ++u)
#pragma unroll
      for (int j = 0; j < V; ++j) f(base + (k + u * step) * V + j, r[u].v[j]);
  }
  for (; k < count; k += step) {
    const vec<T, V> r = v[k];
#pragma unroll
    for (int j = 0; j < V; ++j) f(base + k * V + j, r.v[j]);
  }
}

// f(i, x[i]) for every value: 16-byte loads where x is aligned, then the tail one by one.
template <class T, class F> __device__ __forceinline__ void for_each_value(const Params& p, F f) {
  constexpr int V = sizeof(T) < 16 ? 16 / static_cast<int>(sizeof(T)) : 1;
  long long done = 0;
  if (V > 1 && p.vector) {
    done = p.n / V * V;
    for_each_vector(reinterpret_cast<const vec<T, V>*>(p.x), p.n / V, 0, f);
  }
  for_each_vector(reinterpret_cast<const vec<T, 1>*>(p.x) + done, p.n - done, done, f);
}

// The kernel's body. kShared: count into p.replicas sub-histograms of the dynamic shared memory
// (warp w uses sub-histogram w % replicas), then merge them into p.out with one atomic add per
// non-zero bin; otherwise add straight into p.out.
template <class T, class Bins, class Weights, bool kShared> __device__ void run(const Params& p) {
  using S = typename Weights::shared_t;
  using G = typename Weights::global_t;
  using E = typename Bins::edge_t;
  constexpr int L = Weights::lanes;
  extern __shared__ unsigned long long shared_words[];
  S* hist = reinterpret_cast<S*>(shared_words);
  G* out = reinterpret_cast<G*>(p.out);
  const long long slots = p.nbins * L;
  if constexpr (kShared) {
    for (long long s = threadIdx.x; s < slots * p.replicas; s += blockDim.x) hist[s] = S(0);
  }
  const E* edges = reinterpret_cast<const E*>(p.edges);
  if (p.edges_at >= 0) {
    E* copy = reinterpret_cast<E*>(reinterpret_cast<char*>(shared_words) + p.edges_at);
    for (long long i = threadIdx.x; i <= p.nbins; i += blockDim.x) copy[i] = edges[i];
    edges = copy;
  }
  __syncthreads();
  S* mine = hist + (threadIdx.x / 32 % (kShared ? p.replicas : 1)) * slots;
  const Bins bins{};
  long long lo = 0x7fffffffffffffffLL, hi = -lo - 1;  // IndexBins: this thread's extremes
  for_each_value<T>(p, [&](long long i, T v) {
    if constexpr (Bins::kExtremes) {
      const long long b = cast<long long>(v);
      lo = b < lo ? b : lo;
      hi = b > hi ? b : hi;
    }
    const long long b = bins(p, edges, v);
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
  if constexpr (Bins::kExtremes) {
    if (p.extremes) {
      lo = warp_reduce(lo, [](long long a, long long b) { return a < b ? a : b; });
      hi = warp_reduce(hi, [](long long a, long long b) { return a > b ? a : b; });
      if (threadIdx.x % 32 == 0) {
        atomicMin(p.extremes, lo);
        atomicMax(p.extremes + 1, hi);
      }
    }
  }
}

}  // namespace histogram
}  // namespace cunp
