// src/device/cunp_warp.cuh -- warp primitives for values of any type: shuffles through 32-bit
// words (bool, float16, complex and structs have no shuffle of their own) and an inclusive scan.
#pragma once

namespace cunp {

// A value seen as 32-bit words. The words start zeroed so that a value narrower than its last
// word never shuffles uninitialized bytes.
template <class T> union lane_words {
  T value;
  unsigned w[(sizeof(T) + 3) / 4];
  __device__ lane_words() {
#pragma unroll
    for (int i = 0; i < (int)((sizeof(T) + 3) / 4); ++i) w[i] = 0;
  }
};

template <class T> __device__ __forceinline__ T shfl_down(const T& v, int delta) {
  lane_words<T> u;
  u.value = v;
#pragma unroll
  for (int i = 0; i < (int)((sizeof(T) + 3) / 4); ++i)
    u.w[i] = __shfl_down_sync(0xffffffffu, u.w[i], delta);
  return u.value;
}

template <class T> __device__ __forceinline__ T shfl_up(const T& v, int delta) {
  lane_words<T> u;
  u.value = v;
#pragma unroll
  for (int i = 0; i < (int)((sizeof(T) + 3) / 4); ++i)
    u.w[i] = __shfl_up_sync(0xffffffffu, u.w[i], delta);
  return u.value;
}

template <class T> __device__ __forceinline__ T shfl_from(const T& v, int lane) {
  lane_words<T> u;
  u.value = v;
#pragma unroll
  for (int i = 0; i < (int)((sizeof(T) + 3) / 4); ++i)
    u.w[i] = __shfl_sync(0xffffffffu, u.w[i], lane);
  return u.value;
}

// Inclusive scan over the 32 lanes with op(earlier, later). It needs no identity, so it serves
// every associative operation.
template <class T, class Op>
__device__ __forceinline__ T warp_inclusive_scan(T v, int lane, Op op) {
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    const T up = shfl_up(v, d);
    if (lane >= d) v = op(up, v);
  }
  return v;
}

}  // namespace cunp
