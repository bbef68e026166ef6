// tests/python/scipy/special/host/host_shim.hpp -- what src/device/special's headers need from
// the device library, for compiling them as ordinary C++ on the host (test_special_host.py):
// __device__ drops out, the math comes from <cmath>, and cunp::complex is the device header's
// aggregate without its float16 neighbours (which need PTX).
#pragma once
#include <cmath>
#include <cstring>

#define __device__
#define __forceinline__ inline
using std::isfinite;
using std::isinf;
using std::isnan;
using std::signbit;

inline double __longlong_as_double(long long v) {
  double d;
  std::memcpy(&d, &v, sizeof d);
  return d;
}

// CUDA's reciprocal square root of a float (within 2 ulp there; correctly rounded here).
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }

// CUDA's sin(pi x) and cos(pi x), reduced modulo 2 first so that integers give exact zeros.
inline double sinpi(double x) {
  const double r = std::fmod(x, 2.0);
  return r == std::floor(r) ? std::copysign(0.0, x) : std::sin(M_PI * r);
}
inline double cospi(double x) {
  const double r = std::fmod(std::fabs(x), 2.0);
  return r == 0.5 || r == 1.5 ? 0.0 : std::cos(M_PI * r);
}

// CUDA's I_1 and the inverse normal distribution, from the C++ library (for the headers that
// call them; their accuracy is not what these tests measure).
inline double cyl_bessel_i1(double x) {
  return x < 0 ? -std::cyl_bessel_i(1.0, -x) : std::cyl_bessel_i(1.0, x);
}
inline double normcdfinv(double p) {
  if (!(p > 0.0)) return p == 0.0 ? -HUGE_VAL : NAN;
  if (!(p < 1.0)) return p == 1.0 ? HUGE_VAL : NAN;
  // Abramowitz & Stegun 26.2.23 for the tail, then Newton steps on 0.5 erfc(-x / sqrt 2).
  const double q = p < 0.5 ? p : 1.0 - p, t = std::sqrt(-2.0 * std::log(q));
  double x = t - (2.515517 + 0.802853 * t + 0.010328 * t * t) /
                     (1.0 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t);
  if (p < 0.5) x = -x;
  for (int i = 0; i < 4; ++i) {
    const double f = 0.5 * std::erfc(-x * M_SQRT1_2) - p;
    x -= f / (std::exp(-0.5 * x * x) / std::sqrt(2.0 * M_PI));
  }
  return x;
}

namespace cunp {
template <class T> struct complex {
  T re, im;
  complex() = default;
  constexpr complex(T r, T i = T(0)) : re(r), im(i) {}
};
template <class T> complex<T> operator+(complex<T> a, complex<T> b) {
  return {a.re + b.re, a.im + b.im};
}
template <class T> complex<T> operator-(complex<T> a, complex<T> b) {
  return {a.re - b.re, a.im - b.im};
}
template <class T> complex<T> operator*(complex<T> a, complex<T> b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
template <class T> complex<T> operator*(complex<T> a, T b) { return {a.re * b, a.im * b}; }
}  // namespace cunp

// CUDA's bit casts between float and int.
inline int __float_as_int(float v) {
  int i;
  std::memcpy(&i, &v, sizeof i);
  return i;
}
inline float __int_as_float(int i) {
  float v;
  std::memcpy(&v, &i, sizeof v);
  return v;
}
// CUDA's fast division (within 2 ulp there): the quotient made 2 ulp too large here, so that the
// host tests see the device's worst case rather than a correctly rounded one.
inline float __fdividef(float a, float b) {
  const float q = a / b;
  return std::nextafter(std::nextafter(q, q * 2.0f), q * 2.0f);
}
// CUDA's product that never fuses into an add.
inline float __fmul_rn(float a, float b) { return a * b; }
// CUDA's reciprocal square root of a double (documented within 1 ulp there): made 2^-23 relative
// off here, so that the host tests check that its callers' refinement copes with a rough one.
inline double rsqrt(double x) { return 1.0 / std::sqrt(x) * (1.0 + 0x1p-23); }
