// src/device/cunp_raw_array.cuh -- arrays handed to a kernel whole (CuPy's `raw` parameters)
// and the `_ind` of an elementwise loop.
#pragma once
#include "cunp_indexer.cuh"

namespace cunp {

// A whole array handed to a kernel (CuPy's `raw` parameters, its CArray): x[j] is the element at
// C-order position j of x's own shape, whatever its strides; x[idx] takes one index per axis.
// The host fills the fields in this order (see src/ops/elementwise.cpp); strides are in bytes.
template <class T, int NDIM, bool CONTIGUOUS> struct raw_array {
  static constexpr int ndim = NDIM;
  T* ptr_;
  long long size_;
  long long shape_[NDIM > 0 ? NDIM : 1];
  long long strides_[NDIM > 0 ? NDIM : 1];

  __device__ long long size() const { return size_; }
  __device__ const long long* shape() const { return shape_; }
  __device__ const long long* strides() const { return strides_; }
  __device__ T* data() const { return ptr_; }
  __device__ T& operator[](long long j) const {
    if constexpr (CONTIGUOUS || NDIM == 0) {
      return ptr_[j];
    } else {
      long long off = 0;
      for_each_coordinate<NDIM>(j, shape_, [&](int d, long long c) { off += c * strides_[d]; });
      return at(off);
    }
  }
  template <class I> __device__ T& operator[](const I (&idx)[NDIM > 0 ? NDIM : 1]) const {
    long long off = 0;
#pragma unroll
    for (int d = 0; d < NDIM; ++d) off += static_cast<long long>(idx[d]) * strides_[d];
    return at(off);
  }

 private:
  // C-style casts: T may be const, and the byte offset goes through char either way.
  __device__ T& at(long long byte_offset) const { return *(T*)((char*)ptr_ + byte_offset); }
};

// CuPy's `_ind` inside an elementwise loop: _ind.size() is the number of positions.
struct loop_index {
  long long n;
  __device__ long long size() const { return n; }
};

}  // namespace cunp
