// src/device/statistics/statistics_common.cuh -- what the statistics' kernels share (a part,
// device_part("statistics_common")): the quotient of a sum by an element count, and a fast
// reciprocal of a count for the merges of partial results.
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_scalar.cuh"

namespace cunp {
namespace stats {

// sum / n; a complex sum is divided by the complex count, as NumPy divides (inf / n is inf+nanj).
template <class R> __device__ __forceinline__ R div_count(R a, double n) {
  return a / static_cast<R>(n);
}
template <class R> __device__ __forceinline__ complex<R> div_count(complex<R> a, double n) {
  return mth::cdiv(a, complex<R>(static_cast<R>(n), R(0)));
}

// 1 / n for a count n >= 1 (the merges never take an empty side): the hardware approximation
// (float32: within 1 ulp) or, for float64, the approximation and one cubic step (below 2^-60),
// not a correctly rounded division: the fold takes one per element.
__device__ __forceinline__ float rcp_count(float n) {
  float r;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(n));
  return r;
}
__device__ __forceinline__ double rcp_count(double n) {
  double r;
  asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(n));
  double e = fma(-n, r, 1.0);
  e = fma(e, e, e);
  return fma(r, e, r);
}

}  // namespace stats
}  // namespace cunp
