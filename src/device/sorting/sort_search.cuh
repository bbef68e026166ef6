// src/device/sorting/sort_search.cuh -- the prebuilt searchsorted: one binary search per value over
// real values (ordered through the sort codecs as they are read) or complex numbers in
// NumPy's order. Real searches first narrow each value's range on a fence of evenly spaced
// sorted keys that the block holds in shared memory: the searches' first levels, which every
// value takes, then cost no global reads.
// The entry points are in src/kernels/sort_search.cu.
#pragma once
#include "sort_codec.cuh"
#include "sort_params.hpp"

namespace cunp::sort_kernel {

// side left: the first position whose item is not less than v; right: the first whose item
// is greater than v. `go_right(i)` is that predicate's negation at position i, true below the
// answer and false from it on; the search narrows [lo, hi).
template <class GoRight>
__device__ __forceinline__ long long bisect(long long lo, long long hi, const GoRight& go_right) {
  while (lo < hi) {
    const long long mid = lo + (hi - lo) / 2;
    if (go_right(mid)) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

template <class Bits> __device__ __forceinline__ void search_keys(const SearchParams& p) {
  const Bits* sorted = reinterpret_cast<const Bits*>(p.sorted);
  const long long* sorter = reinterpret_cast<const long long*>(p.sorter);
  const Bits* values = reinterpret_cast<const Bits*>(p.values);
  long long* out = reinterpret_cast<long long*>(p.out);
  const long long m = p.num_sorted;
  const auto key_at = [&](long long i) { return encode(sorted[sorter ? sorter[i] : i], p.codec); };
  // fence[j] is the key at position (j * m) / f.
  __shared__ Bits fence[kSearchFence];
  const int f = static_cast<int>(m < kSearchFence ? m : kSearchFence);
  const auto fence_position = [&](long long j) { return j * m / f; };
  for (int j = threadIdx.x; j < f; j += blockDim.x) fence[j] = key_at(fence_position(j));
  __syncthreads();

  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < p.num_values; i += step) {
    const Bits v = encode(values[i], p.codec);
    const auto right_of = [&](Bits item) { return p.right ? !(v < item) : item < v; };
    // c fence keys lie below the answer: it is in (position(c - 1), position(c)].
    const long long c = bisect(0, f, [&](long long j) { return right_of(fence[j]); });
    const long long lo = c > 0 ? fence_position(c - 1) + 1 : 0;
    const long long hi = c < f ? fence_position(c) : m;
    out[i] = bisect(lo, hi, [&](long long mid) { return right_of(key_at(mid)); });
  }
}

template <class Bits> __device__ __forceinline__ void search_complex(const SearchParams& p) {
  using Item = ComplexBits<Bits>;
  const Item* sorted = reinterpret_cast<const Item*>(p.sorted);
  const long long* sorter = reinterpret_cast<const long long*>(p.sorter);
  const Item* values = reinterpret_cast<const Item*>(p.values);
  long long* out = reinterpret_cast<long long*>(p.out);
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < p.num_values; i += step) {
    const Item v = values[i];
    out[i] = bisect(0, p.num_sorted, [&](long long mid) {
      const Item item = sorted[sorter ? sorter[mid] : mid];
      return p.right ? !complex_less(v, item) : complex_less(item, v);
    });
  }
}

}  // namespace cunp::sort_kernel
