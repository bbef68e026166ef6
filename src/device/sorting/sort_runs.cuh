// src/device/sorting/sort_runs.cuh -- the device code of unique: where runs of equal items start
// in sorted values, the runs' lengths, and each input item's run (the inverse). The entry points
// are in src/kernels/sort_runs.cu.
#pragma once
#include "sort_codec.cuh"
#include "sort_params.hpp"

namespace cunp::sort_kernel {

template <class Bits>
__device__ __forceinline__ bool same_real(Bits a, Bits b, const RunStartParams& p) {
  if constexpr (sizeof(Bits) > 1) {
    if (p.codec == kFloatTies && !p.equal_nan && float_is_nan(b)) return false;
  }
  return encode(a, p.codec) == encode(b, p.codec);
}

template <class Bits> __device__ __forceinline__ bool same_complex(ComplexBits<Bits> a,
                                                                   ComplexBits<Bits> b,
                                                                   const RunStartParams& p) {
  const bool nan_a = complex_class(a) != 0, nan_b = complex_class(b) != 0;
  if (nan_a || nan_b) return nan_a && nan_b && p.equal_nan;
  return encode_float(a.re, true) == encode_float(b.re, true) &&
         encode_float(a.im, true) == encode_float(b.im, true);
}

template <class T, bool Complex>
__device__ __forceinline__ void run_starts(const RunStartParams& p) {
  const T* sorted = reinterpret_cast<const T*>(p.sorted);
  bool* flags = reinterpret_cast<bool*>(p.flags);
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < p.num_items;
       i += step) {
    bool start = i == 0;
    if (!start) {
      if constexpr (Complex) {
        start = !same_complex(sorted[i - 1], sorted[i], p);
      } else {
        start = !same_real(sorted[i - 1], sorted[i], p);
      }
    }
    flags[i] = start;
  }
}

// Flags where runs of equal items start in sorted values of the item type p.item.
__device__ __forceinline__ void find_run_starts(const RunStartParams& p) {
  switch (p.item) {
    case kItem1: run_starts<unsigned char, false>(p); break;
    case kItem2: run_starts<unsigned short, false>(p); break;
    case kItem4: run_starts<unsigned int, false>(p); break;
    case kItem8: run_starts<unsigned long long, false>(p); break;
    case kComplex8: run_starts<ComplexBits<unsigned int>, true>(p); break;
    default: run_starts<ComplexBits<unsigned long long>, true>(p); break;
  }
}

// The runs' lengths from their starts.
__device__ __forceinline__ void run_counts(const RunCountParams& p) {
  const long long* starts = reinterpret_cast<const long long*>(p.starts);
  long long* counts = reinterpret_cast<long long*>(p.counts);
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long j = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; j < p.num_runs;
       j += step)
    counts[j] = (j + 1 < p.num_runs ? starts[j + 1] : p.num_items) - starts[j];
}

// Each input item's run (the inverse), from the sort's permutation and the sorted items' runs.
__device__ __forceinline__ void run_inverse(const RunInverseParams& p) {
  const long long* perm = reinterpret_cast<const long long*>(p.perm);
  const long long* run = reinterpret_cast<const long long*>(p.run);
  long long* inverse = reinterpret_cast<long long*>(p.inverse);
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < p.num_items;
       i += step)
    inverse[perm[i]] = run[i] - 1;
}

}  // namespace cunp::sort_kernel
