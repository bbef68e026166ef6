// src/device/creation/triangle_mask.cuh -- tril and triu: which elements of a stack of matrices
// lie on the kept side of a diagonal.
#pragma once

namespace cunp {

// Whether the element at C-order position `pos` of a stack of rows x cols matrices is kept: on
// or below the k-th diagonal (lower, tril), or on or above it (triu).
__device__ __forceinline__ bool triangle_keeps(long long pos, long long rows, long long cols,
                                               long long k, bool lower) {
  const long long c = pos % cols, r = (pos / cols) % rows;
  return lower ? c - r <= k : c - r >= k;
}

}  // namespace cunp
