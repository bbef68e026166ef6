// src/device/statistics/nanmean.cuh -- nanmean's fold (a part, device_part("nanmean")): the sum of
// the values that are not NaN and their count, over the accumulator type A (real or complex).
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_scalar.cuh"

namespace cunp {
namespace stats {

template <class A> struct nanmean_partial {
  A s;
  typename real_of<A>::type n;
};

template <class A> __device__ __forceinline__ nanmean_partial<A> nanmean_zero() {
  return {cast<A>(0), typename real_of<A>::type(0)};
}
template <class A, class T> __device__ __forceinline__ nanmean_partial<A> nanmean_of(T x) {
  typedef typename real_of<A>::type R;
  const A v = cast<A>(x);
  if (mth::is_nan(v)) return {cast<A>(0), R(0)};
  return {v, R(1)};
}
template <class A>
__device__ __forceinline__ nanmean_partial<A> nanmean_merge(const nanmean_partial<A> a,
                                                            const nanmean_partial<A> b) {
  return {a.s + b.s, a.n + b.n};
}

}  // namespace stats
}  // namespace cunp
