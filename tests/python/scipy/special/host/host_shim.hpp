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

// CUDA's sin(pi x) and cos(pi x), reduced modulo 2 first so that integers give exact zeros.
inline double sinpi(double x) {
  const double r = std::fmod(x, 2.0);
  return r == std::floor(r) ? std::copysign(0.0, x) : std::sin(M_PI * r);
}
inline double cospi(double x) {
  const double r = std::fmod(std::fabs(x), 2.0);
  return r == 0.5 || r == 1.5 ? 0.0 : std::cos(M_PI * r);
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
