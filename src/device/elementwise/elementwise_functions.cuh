// src/device/elementwise/elementwise_functions.cuh -- what the fused kernels of clip, nan_to_num,
// around, isclose and the like share (a part, device_part("elementwise_functions")): NumPy's
// float16 rounding of each step, clip's order and NaN rule, and nan_to_num of one real value.
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_scalar.cuh"

namespace cunp {
namespace efn {

// A value computed in C rounded to the storage type S and back: NumPy stores every step of a
// float16 computation as float16, while the kernel computes in float.
template <class S, class C> __device__ __forceinline__ C rnd(C v) { return cast<C>(cast<S>(v)); }
// np.clip's order: complex values compare lexicographically.
template <class T> __device__ __forceinline__ bool less(T a, T b) {
  if constexpr (kind_of<T>::value == kComplex) return a.re == b.re ? a.im < b.im : a.re < b.re;
  else return a < b;
}
// NumPy's clip loop: max(x, lo) then min(., hi), a NaN operand (x first) propagating.
template <class T> __device__ __forceinline__ T clip(T x, T lo, T hi) {
  const T m = mth::is_nan(x) || less(lo, x) ? x : lo;
  return mth::is_nan(m) || less(m, hi) ? m : hi;
}
// nan_to_num of one real value.
template <class C> __device__ __forceinline__ C finite(C v, C nan, C pinf, C ninf) {
  return isnan(v) ? nan : isinf(v) ? (v > C(0) ? pinf : ninf) : v;
}

}  // namespace efn
}  // namespace cunp
