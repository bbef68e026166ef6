// src/device/reduction/argminmax.cuh -- argmax's and argmin's fold (a part,
// device_part("argminmax")): (value, C-order position) pairs, of which the first NaN wins, then
// the larger (argmax) or smaller (argmin) value, ties going to the smaller position; complex
// values compare lexicographically, as NumPy orders them.
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_scalar.cuh"

namespace cunp {
namespace argminmax {

template <class V> struct pair {
  V v;
  long long i;
};

template <class T> __device__ __forceinline__ bool greater(T x, T y) { return x > y; }
template <class T> __device__ __forceinline__ bool greater(complex<T> x, complex<T> y) {
  return x.re > y.re || (x.re == y.re && x.im > y.im);
}

// Whether x beats y: larger for argmax (Max), smaller for argmin.
template <bool Max, class V> __device__ __forceinline__ bool better(V x, V y) {
  return Max ? greater(x, y) : greater(y, x);
}

template <bool Max, class V>
__device__ __forceinline__ pair<V> pick(const pair<V>& a, const pair<V>& b) {
  const bool na = mth::is_nan(a.v), nb = mth::is_nan(b.v);
  if (na || nb) {
    if (na && nb) return a.i <= b.i ? a : b;
    return na ? a : b;
  }
  if (better<Max>(a.v, b.v)) return a;
  if (better<Max>(b.v, a.v)) return b;
  return a.i <= b.i ? a : b;
}

}  // namespace argminmax
}  // namespace cunp
