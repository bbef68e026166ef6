// src/device/special/complex_arith.cuh -- the complex<double> arithmetic the special functions
// share beyond the device header's +, - and *: division (Smith's, without overflow of |b|^2),
// exp, the principal log and sqrt, abs, and sin/cos/cot of pi z, each with C99's values at
// zeros and within double's range.
#pragma once
#include "special_values.cuh"

namespace cunp::special {

using sp_cx = complex<double>;

// Smith's division as SciPy's special functions round it: each part divided by the scaled
// denominator. The ufuncs' division (cunp_scalar.cuh's mth::cdiv) multiplies by its reciprocal
// instead, as NumPy's true_divide does: one more rounding a step, which the continued fractions
// (Faddeeva, expint) carry past SciPy's accuracy, so the two stay apart on purpose.
__device__ inline sp_cx sp_cdiv(sp_cx a, sp_cx b) {
  if (::fabs(b.re) >= ::fabs(b.im)) {
    const double r = b.im / b.re, d = b.re + b.im * r;
    return sp_cx((a.re + a.im * r) / d, (a.im - a.re * r) / d);
  }
  const double r = b.re / b.im, d = b.re * r + b.im;
  return sp_cx((a.re * r + a.im) / d, (a.im * r - a.re) / d);
}
__device__ inline sp_cx sp_cexp(sp_cx a) {
  const double e = ::exp(a.re);
  return a.im == 0.0 ? sp_cx(e, a.im) : sp_cx(e * ::cos(a.im), e * ::sin(a.im));
}
__device__ inline sp_cx sp_clog(sp_cx a) {
  return sp_cx(::log(::hypot(a.re, a.im)), ::atan2(a.im, a.re));
}
__device__ inline sp_cx sp_csqrt(sp_cx a) {
  const double r = ::hypot(a.re, a.im);
  if (r == 0.0) return sp_cx(0.0, a.im);
  const double t = ::sqrt(0.5 * (r + ::fabs(a.re)));
  if (a.re >= 0.0) return sp_cx(t, 0.5 * a.im / t);
  return sp_cx(0.5 * ::fabs(a.im) / t, ::copysign(t, a.im));
}
__device__ inline double sp_cabs(sp_cx a) { return ::hypot(a.re, a.im); }
__device__ inline sp_cx sp_cneg(sp_cx a) { return sp_cx(-a.re, -a.im); }
__device__ inline sp_cx sp_crecip(sp_cx a) { return sp_cdiv(sp_cx(1.0, 0.0), a); }

// sin(pi z) = sin(pi x) cosh(pi y) + i cos(pi x) sinh(pi y), with sinpi/cospi exact at integers.
__device__ inline sp_cx sp_csinpi(sp_cx z) {
  const double py = 3.14159265358979323846 * z.im;
  return sp_cx(::sinpi(z.re) * ::cosh(py), ::cospi(z.re) * ::sinh(py));
}
__device__ inline sp_cx sp_ccospi(sp_cx z) {
  const double py = 3.14159265358979323846 * z.im;
  return sp_cx(::cospi(z.re) * ::cosh(py), -::sinpi(z.re) * ::sinh(py));
}

}  // namespace cunp::special
