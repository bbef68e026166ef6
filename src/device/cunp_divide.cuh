// src/device/cunp_divide.cuh -- complex division as NumPy's true_divide does it (Smith's
// algorithm, no overflow of |b|^2; a zero divisor gives inf or NaN parts): the one complex
// division of every kernel, the ufuncs', the statistics', the linalg helpers' and the special
// functions'. It needs only complex<T> (cunp_device.cuh) and fabs, so host builds of device code
// (the special functions' host tests) include it too.
#pragma once
#ifndef CUNP_DEVICE_ON_HOST  // a host build brings its own complex<T> (special/host/host_shim.hpp)
#include "cunp_device.cuh"
#endif

namespace cunp {
namespace mth {

// Smith's division, NumPy's complex true_divide (a zero divisor gives inf or NaN parts).
template <class T> __device__ complex<T> cdiv(complex<T> a, complex<T> b) {
  T abr = fabs(b.re), abi = fabs(b.im);
  if (abr >= abi) {
    if (abr == 0 && abi == 0) return {a.re / abr, a.im / abr};
    T rat = b.im / b.re, scl = T(1) / (b.re + b.im * rat);
    return {(a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl};
  }
  T rat = b.re / b.im, scl = T(1) / (b.im + b.re * rat);
  return {(a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl};
}

}  // namespace mth
}  // namespace cunp
