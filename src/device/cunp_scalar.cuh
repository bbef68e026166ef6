// src/device/cunp_scalar.cuh -- NumPy's semantics of single values that more than one kind of
// kernel needs: IEEE bits and special values, the NaN test, and complex division, magnitude and
// conjugate. Written once here; the ufunc math header and the areas' parts all call these.
#pragma once
#include "cunp_device.cuh"

// In cunp::mth, the ufunc math's namespace, rather than cunp: generated kernels say `using
// namespace cunp`, and users' ElementwiseKernel code then sees cunp's names, not these.
namespace cunp {
namespace mth {

__device__ inline unsigned bits_of(float x) { return static_cast<unsigned>(__float_as_int(x)); }
__device__ inline unsigned long long bits_of(double x) {
  return static_cast<unsigned long long>(__double_as_longlong(x));
}
__device__ inline float from_bits(unsigned b) { return __int_as_float(static_cast<int>(b)); }
__device__ inline double from_bits(unsigned long long b) {
  return __longlong_as_double(static_cast<long long>(b));
}
template <class T> __device__ T inf() {
  if constexpr (sizeof(T) == 4) return from_bits(0x7f800000u);
  else return from_bits(0x7ff0000000000000ull);
}
template <class T> __device__ T qnan() {
  if constexpr (sizeof(T) == 4) return from_bits(0x7fc00000u);
  else return from_bits(0x7ff8000000000000ull);
}

// Whether a value is NaN: a complex value when either part is; integers and bool never are.
template <class T> __device__ __forceinline__ bool is_nan(T x) { return x != x; }
template <class T> __device__ __forceinline__ bool is_nan(complex<T> z) {
  return z.re != z.re || z.im != z.im;
}

// |x + iy|, with C99's hypot(inf, NaN) == inf written out rather than assumed of the library.
template <class T> __device__ T c_abs(T x, T y) {
  if (isinf(x) || isinf(y)) return inf<T>();
  // float: exact in double and rounded once, as NumPy's correctly rounded hypotf.
  if constexpr (sizeof(T) == 4) {
    return static_cast<T>(sqrt(double(x) * x + double(y) * y));
  } else {
    // CUDA's hypot overflows near the largest double (hypot(1, DBL_MAX) is inf); there the
    // larger part scales the sum.
    const T h = hypot(x, y);
    if (!isinf(h)) return h;
    const T ax = fabs(x), ay = fabs(y), big = fmax(ax, ay), r = fmin(ax, ay) / big;
    return big * sqrt(T(1) + r * r);
  }
}

// NumPy's absolute of a float or complex value (integers wrap: np_absolute handles those).
__device__ inline float absolute(float x) { return fabs(x); }
__device__ inline double absolute(double x) { return fabs(x); }
template <class T> __device__ T absolute(complex<T> z) { return c_abs(z.re, z.im); }

// NumPy's conjugate: the value itself but for complex values.
template <class T> __device__ T conjugate(T a) { return a; }
template <class T> __device__ complex<T> conjugate(complex<T> a) { return {a.re, -a.im}; }

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
