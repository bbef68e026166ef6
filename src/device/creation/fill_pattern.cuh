// src/device/creation/fill_pattern.cuh -- the prebuilt fill kernel's body: a 16-byte pattern
// written over contiguous memory with aligned 16-byte stores, so zeros/ones/full never wait for
// a JIT compile. src/kernels/fill.cu is its entry point.
#pragma once
#include "fill_params.hpp"

namespace cunp::fill_kernel {

// Byte k (< 16) of a pattern held as four little-endian words. Selects rather than an indexed
// read, which would copy the parameter block to local memory in every thread.
__device__ __forceinline__ unsigned char pattern_byte(const unsigned int (&w)[4], unsigned k) {
  const unsigned word = k < 8 ? (k < 4 ? w[0] : w[1]) : (k < 12 ? w[2] : w[3]);
  return static_cast<unsigned char>(word >> ((k & 3u) * 8u));
}

// Grid-stride loop, unrolled four ways so each thread keeps several stores in flight. The
// head and tail (fewer than 16 bytes each) are written bytewise by the first threads.
__device__ __forceinline__ void fill_pattern(const FillParams& p) {
  const unsigned long long tid = static_cast<unsigned long long>(blockIdx.x) * blockDim.x +
                                 threadIdx.x;
  const unsigned long long step = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  unsigned char* const first = reinterpret_cast<unsigned char*>(p.dst);
  if (tid < p.head) first[tid] = pattern_byte(p.pattern, static_cast<unsigned>(tid));
  if (tid < p.tail)
    first[p.head + p.vectors * 16 + tid] = pattern_byte(p.body, static_cast<unsigned>(tid));

  uint4* const out = reinterpret_cast<uint4*>(first + p.head);
  const uint4 v = make_uint4(p.body[0], p.body[1], p.body[2], p.body[3]);
  const unsigned long long n = p.vectors;
  unsigned long long i = tid;
  for (; i + 3 * step < n; i += 4 * step) {
    out[i] = v;
    out[i + step] = v;
    out[i + 2 * step] = v;
    out[i + 3 * step] = v;
  }
  for (; i < n; i += step) out[i] = v;
}

}  // namespace cunp::fill_kernel
