// src/device/sorting/sort_keys.cuh -- the device code around the prebuilt radix passes: keys
// made from values (or from complex parts, or row numbers) at permuted positions, keys decoded
// back into values, and the result taken from the final permutation. The entry points are in
// src/kernels/sort_keys.cu.
#pragma once
#include "sort_codec.cuh"
#include "sort_params.hpp"

namespace cunp::sort_kernel {

__device__ __forceinline__ long long grid_start() {
  return static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ long long grid_step() {
  return static_cast<long long>(gridDim.x) * blockDim.x;
}

// The key of part `p.part` for the item at source position s.
template <class Key> __device__ __forceinline__ Key key_at(const KeyParams& p, long long s) {
  if (p.part == kRow) return static_cast<Key>(s / p.row_length);
  if (p.part == kValue)
    return encode(static_cast<const Key*>(reinterpret_cast<const void*>(p.source))[s], p.codec);
  if constexpr (sizeof(Key) == 1) {
    // kComplexClass
    if (p.codec == 4)
      return static_cast<Key>(
          complex_class(complex_at<unsigned int>(reinterpret_cast<const void*>(p.source), s)));
    return static_cast<Key>(
        complex_class(complex_at<unsigned long long>(reinterpret_cast<const void*>(p.source), s)));
  } else if constexpr (sizeof(Key) >= 4) {
    const ComplexBits<Key> z = complex_at<Key>(reinterpret_cast<const void*>(p.source), s);
    return p.part == kComplexMinor ? complex_minor(z) : complex_major(z);
  } else {
    return 0;  // no complex type has 2-byte parts
  }
}

template <class Key> __device__ __forceinline__ void make_keys(const KeyParams& p) {
  Key* keys = reinterpret_cast<Key*>(p.keys);
  const unsigned* perm_in = reinterpret_cast<const unsigned*>(p.perm_in);
  unsigned* perm_out = reinterpret_cast<unsigned*>(p.perm_out);
  for (long long i = grid_start(); i < p.num_items; i += grid_step()) {
    long long s = i;
    if (perm_in) {
      s = perm_in[i];
    } else if (perm_out) {
      perm_out[i] = static_cast<unsigned>(i);
    }
    keys[i] = key_at<Key>(p, s);
  }
}

template <class T, class P> __device__ __forceinline__ void gather(const FinishParams& p) {
  const P* perm = reinterpret_cast<const P*>(p.perm);
  const T* source = reinterpret_cast<const T*>(p.source);
  T* out = reinterpret_cast<T*>(p.out);
  for (long long i = grid_start(); i < p.num_items; i += grid_step()) {
    const long long row_start = p.row_length ? i / p.row_length * p.row_length : 0;
    out[i] = source[row_start + perm[i]];
  }
}

struct Bytes16 {  // complex128 moved as two words (8-byte alignment suffices)
  unsigned long long lo, hi;
};

template <class P> __device__ __forceinline__ void finish(const FinishParams& p) {
  if (p.mode == kRowPosition) {
    long long* out = reinterpret_cast<long long*>(p.out);
    const P* perm = reinterpret_cast<const P*>(p.perm);
    const P row_length = static_cast<P>(p.row_length);
    for (long long i = grid_start(); i < p.num_items; i += grid_step())
      out[i] = static_cast<long long>(perm[i] % row_length);
    return;
  }
  switch (p.itemsize) {
    case 1: gather<unsigned char, P>(p); break;
    case 2: gather<unsigned short, P>(p); break;
    case 4: gather<unsigned int, P>(p); break;
    case 8: gather<unsigned long long, P>(p); break;
    default: gather<Bytes16, P>(p); break;
  }
}

// The finishing kernel's body: positions within rows, or the values gathered through the
// final permutation (32- or 64-bit positions).
__device__ __forceinline__ void finish_result(const FinishParams& p) {
  if (p.perm_bytes == 4) {
    finish<unsigned int>(p);
  } else {
    finish<unsigned long long>(p);
  }
}

}  // namespace cunp::sort_kernel
