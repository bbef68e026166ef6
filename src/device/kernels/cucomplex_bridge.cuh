// src/device/kernels/cucomplex_bridge.cuh -- cuComplex.h's types and functions on cunp::complex<T>,
// put in place of a user kernel's include line of that header (CuPy's translate_cucomplex).
#pragma once
#include "../cunp_scalar.cuh"

// The same layout as cuComplex.h's types (real part, then imaginary part), so kernels written
// against that header take complex64 / complex128 arrays and scalars unchanged.
namespace cunp {
template <class T> __device__ complex<T> operator-(complex<T> a) { return {-a.re, -a.im}; }
template <class T> __device__ complex<T> operator/(complex<T> a, complex<T> b) {
  return mth::cdiv(a, b);
}
}  // namespace cunp

typedef cunp::complex<float> cuFloatComplex;
typedef cunp::complex<double> cuDoubleComplex;
typedef cuFloatComplex cuComplex;

__device__ inline float cuCrealf(cuFloatComplex x) { return x.re; }
__device__ inline float cuCimagf(cuFloatComplex x) { return x.im; }
__device__ inline double cuCreal(cuDoubleComplex x) { return x.re; }
__device__ inline double cuCimag(cuDoubleComplex x) { return x.im; }
__device__ inline cuFloatComplex make_cuFloatComplex(float r, float i) { return {r, i}; }
__device__ inline cuDoubleComplex make_cuDoubleComplex(double r, double i) { return {r, i}; }
__device__ inline cuComplex make_cuComplex(float r, float i) { return {r, i}; }

// One template per operation; the float and double names below are its two instances.
template <class T> __device__ cunp::complex<T> cucomplex_fma(cunp::complex<T> x, cunp::complex<T> y,
                                                             cunp::complex<T> d) {
  // x * y + d with fused multiply-adds, as cuComplex.h computes it.
  if constexpr (sizeof(T) == 4)
    return {fmaf(-x.im, y.im, fmaf(x.re, y.re, d.re)), fmaf(x.im, y.re, fmaf(x.re, y.im, d.im))};
  else return {fma(-x.im, y.im, fma(x.re, y.re, d.re)), fma(x.im, y.re, fma(x.re, y.im, d.im))};
}

#define CUNP_CUCOMPLEX_FUNCTIONS(T, suffix)                                                   \
  __device__ inline cunp::complex<T> cuConj##suffix(cunp::complex<T> x) {                     \
    return cunp::mth::conjugate(x);                                                           \
  }                                                                                           \
  __device__ inline cunp::complex<T> cuCadd##suffix(cunp::complex<T> x, cunp::complex<T> y) { \
    return x + y;                                                                             \
  }                                                                                           \
  __device__ inline cunp::complex<T> cuCsub##suffix(cunp::complex<T> x, cunp::complex<T> y) { \
    return x - y;                                                                             \
  }                                                                                           \
  __device__ inline cunp::complex<T> cuCmul##suffix(cunp::complex<T> x, cunp::complex<T> y) { \
    return x * y;                                                                             \
  }                                                                                           \
  __device__ inline cunp::complex<T> cuCdiv##suffix(cunp::complex<T> x, cunp::complex<T> y) { \
    return x / y;                                                                             \
  }                                                                                           \
  __device__ inline T cuCabs##suffix(cunp::complex<T> x) { return cunp::mth::absolute(x); }   \
  __device__ inline cunp::complex<T> cuCfma##suffix(cunp::complex<T> x, cunp::complex<T> y,   \
                                                    cunp::complex<T> d) {                     \
    return cucomplex_fma(x, y, d);                                                            \
  }
CUNP_CUCOMPLEX_FUNCTIONS(float, f)
CUNP_CUCOMPLEX_FUNCTIONS(double, )
#undef CUNP_CUCOMPLEX_FUNCTIONS

__device__ inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
  return {static_cast<double>(c.re), static_cast<double>(c.im)};
}
__device__ inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
  return {static_cast<float>(c.re), static_cast<float>(c.im)};
}
