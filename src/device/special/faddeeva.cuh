// src/device/special/faddeeva.cuh -- the Faddeeva function w(z) = exp(-z^2) erfc(-iz) of complex
// double z (wofz) and the error functions written through it: complex erf, erfc, erfcx, ndtr,
// log_ndtr, and erfi and dawsn, real and complex.
// w in the upper half-plane: Weideman's rational approximation ("Computation of the complex
// error function", SIAM J. Numer. Anal. 31, 1994) with N = 40 terms for |z| < 8, of relative
// error ~2e-14 there; Laplace's continued fraction w = (i/sqrt(pi)) / (z - (1/2)/(z - 1/(z -
// (3/2)/(z - ...)))) evaluated bottom-up over 40 levels beyond. The lower half-plane by
// w(z) = 2 exp(-z^2) - w(-z). Near 0 the error functions use their Taylor series instead, so
// that 1 - erfc does not cancel. The accuracy is relative to |w| (the real part of w near the
// real axis, exp(-x^2), is below that).
#pragma once
#include "complex_arith.cuh"
#include "complex_elementary.cuh"
#include "special_values.cuh"

namespace cunp::special {

// Weideman's coefficients a_40 .. a_1 for L = sqrt(N / sqrt 2), N = 40: the FFT of
// exp(-t^2) (L^2 + t^2) at t = L tan(theta/2), computed once in double.
__device__ const double kWeidemanL = 5.3182958969449885;
__device__ const double kWeideman[40] = {
    -1.7356980998791865e-15, 1.201674910759281e-15,   1.1519170220749485e-14,
    -5.231716366324404e-15,  -7.071088022159408e-14,  1.3778224047664046e-14,
    4.5341448909434655e-13,  1.203330952919568e-13,   -2.90771851041427e-12,
    -2.7277735625830245e-12, 1.771418567386718e-11,   3.4727420938907015e-11,
    -9.055138860958323e-11,  -3.5632350403602684e-10, 2.1085990731251058e-10,
    3.017780425551564e-09,   3.249746582945079e-09,   -1.8315616834296834e-08,
    -6.351773483015411e-08,  1.419864237295343e-08,   5.912136953029057e-07,
    1.4835661133172014e-06,  -1.066013898416273e-06,  -1.8007447144723407e-05,
    -5.5913092642348794e-05, -3.939363145483805e-05,  0.000439807015986967,
    0.002705405633073729,    0.010048186242783535,    0.02920291647124188,
    0.07182361779074328,     0.15504263802479504,     0.2998943799615006,
    0.5266528988277086,      0.8472174576593815,      1.2563815675765133,
    1.7253830848179779,      2.201513794878312,       2.6160541527618597,
    2.899624509389705};

__device__ const double kInvSqrtPi = 0.56418958354775628695;

// w(z) for Im z >= 0.
__device__ inline sp_cx sp_faddeeva_upper(sp_cx z) {
  if (sp_cabs(z) < 8.0) {
    const sp_cx iz(-z.im, z.re);
    const sp_cx den = sp_cx(kWeidemanL, 0.0) - iz;  // L - iz
    const sp_cx zz = sp_cdiv(sp_cx(kWeidemanL, 0.0) + iz, den);
    sp_cx p(kWeideman[0], 0.0);
    for (int k = 1; k < 40; ++k) p = p * zz + sp_cx(kWeideman[k], 0.0);
    const sp_cx r = sp_crecip(den);
    return p * r * r * 2.0 + r * kInvSqrtPi;
  }
  sp_cx t(0.0, 0.0);
  for (int k = 40; k >= 1; --k) t = sp_cdiv(sp_cx(0.5 * k, 0.0), z - t);
  return sp_cdiv(sp_cx(0.0, kInvSqrtPi), z - t);
}

// exp(-z^2), finite wherever the result is.
__device__ inline sp_cx sp_exp_minus_square(sp_cx z) {
  return sp_cexp(sp_cx((z.im - z.re) * (z.im + z.re), -2.0 * z.re * z.im));
}

__device__ inline sp_cx sp_faddeeva(sp_cx z) {
  if (isnan(z.re) || isnan(z.im)) return sp_cx(sp_nan(), sp_nan());
  if (!signbit(z.im)) {
    if (isinf(z.re) || isinf(z.im)) return sp_cx(0.0, 0.0);
    return sp_faddeeva_upper(z);
  }
  return sp_exp_minus_square(z) * 2.0 - sp_faddeeva_upper(sp_cneg(z));
}

__device__ inline sp_cx sp_wofz(sp_cx z) { return sp_faddeeva(z); }

// erfcx(z) = w(iz).
__device__ inline sp_cx sp_erfcx(sp_cx z) { return sp_faddeeva(sp_cx(-z.im, z.re)); }

// erf's Taylor series 2/sqrt(pi) sum (-1)^n z^(2n+1) / (n! (2n+1)), for |z| < 1.
__device__ inline sp_cx sp_erf_series(sp_cx z) {
  const sp_cx z2 = z * z;
  sp_cx term = z, sum = z;
  for (int n = 1; n < 40; ++n) {
    term = term * z2 * (-1.0 / n);
    const sp_cx t = term * (1.0 / (2 * n + 1));
    sum = sum + t;
    if (sp_cabs(t) < 1e-17 * sp_cabs(sum)) break;
  }
  return sum * (2.0 * kInvSqrtPi);
}

// erfc(z) = exp(-z^2) w(iz) for Re z >= 0, 2 - erfc(-z) left of it.
__device__ inline sp_cx sp_erfc(sp_cx z) {
  if (z.im == 0.0) return sp_cx(::erfc(z.re), -z.im);
  if (sp_cabs(z) < 1.0) return sp_cx(1.0, 0.0) - sp_erf_series(z);
  if (!signbit(z.re)) return sp_exp_minus_square(z) * sp_faddeeva(sp_cx(-z.im, z.re));
  const sp_cx m = sp_cneg(z);
  return sp_cx(2.0, 0.0) - sp_exp_minus_square(m) * sp_faddeeva(sp_cx(-m.im, m.re));
}

// Real erfi(x) = exp(x^2) Im w(x), and its Taylor series near 0.
__device__ inline double sp_erfi(double x) {
  if (isnan(x)) return x;
  if (isinf(x)) return x;
  if (::fabs(x) < 0.5) {
    const double x2 = x * x;
    double term = x, sum = x;
    for (int n = 1; n < 30; ++n) {
      term *= x2 / n;
      sum += term / (2 * n + 1);
    }
    return sum * (2.0 * kInvSqrtPi);
  }
  // exp(x^2) overflows a little before the result would (past |x| = 26.64), as SciPy's does.
  return ::exp(x * x) * sp_faddeeva_upper(sp_cx(x, 0.0)).im;
}

// Dawson's integral F(x) = sqrt(pi)/2 Im w(x) for real x, the series near 0.
__device__ inline double sp_dawsn(double x) {
  if (isnan(x)) return x;
  if (isinf(x)) return ::copysign(0.0, x);
  if (::fabs(x) < 0.2) {
    // F(x) = sum (-1)^n 2^n x^(2n+1) / (2n+1)!!
    const double x2 = x * x;
    double term = x, sum = x;
    for (int n = 1; n < 20; ++n) {
      term *= -2.0 * x2 / (2 * n + 1);
      sum += term;
    }
    return sum;
  }
  if (::fabs(x) > 1e8) return 0.5 / x;  // F(x) ~ 1/(2x), w's fraction would lose 1/x^2 terms
  return 0.88622692545275801365 * sp_faddeeva_upper(sp_cx(x, 0.0)).im;
}

__device__ inline sp_cx sp_erf(sp_cx z) {
  if (z.im == 0.0) return sp_cx(::erf(z.re), z.im);
  if (z.re == 0.0) return sp_cx(z.re, sp_erfi(z.im));  // erf(iy) = i erfi(y)
  if (sp_cabs(z) < 1.0) return sp_erf_series(z);
  if (!signbit(z.re)) return sp_cx(1.0, 0.0) - sp_erfc(z);
  return sp_erfc(sp_cneg(z)) - sp_cx(1.0, 0.0);
}

// erfi(z) = -i erf(iz).
__device__ inline sp_cx sp_erfi(sp_cx z) {
  const sp_cx e = sp_erf(sp_cx(-z.im, z.re));
  return sp_cx(e.im, -e.re);
}

// F(z) = sqrt(pi)/2 i (exp(-z^2) - w(z)); the series near 0.
__device__ inline sp_cx sp_dawsn(sp_cx z) {
  if (z.im == 0.0) return sp_cx(sp_dawsn(z.re), z.im);
  if (sp_cabs(z) < 0.2) {
    const sp_cx z2 = z * z;
    sp_cx term = z, sum = z;
    for (int n = 1; n < 20; ++n) {
      term = term * z2 * (-2.0 / (2 * n + 1));
      sum = sum + term;
    }
    return sum;
  }
  const sp_cx d = sp_exp_minus_square(z) - sp_faddeeva(z);
  return sp_cx(-d.im, d.re) * 0.88622692545275801365;
}

// ndtr(z) = erfc(-z / sqrt 2) / 2.
__device__ inline sp_cx sp_ndtr(sp_cx z) {
  const double s = 0.70710678118654752440;
  return sp_erfc(sp_cx(-z.re * s, -z.im * s)) * 0.5;
}

// log(ndtr(z)): left of the axis through erfc's factorization (no underflow of exp(-t^2)),
// right of it log1p of the small upper tail.
__device__ inline sp_cx sp_log_ndtr(sp_cx z) {
  const double s = 0.70710678118654752440;
  const sp_cx t(-z.re * s, -z.im * s);
  if (z.re < -1.0) {
    // ndtr = exp(-t^2) w(it) / 2, Re t > 0
    const sp_cx l = sp_clog(sp_faddeeva(sp_cx(-t.im, t.re)) * 0.5) - t * t;
    // The principal logarithm, as SciPy's: the imaginary part into [-pi, pi].
    return sp_cx(l.re, ::remainder(l.im, 6.28318530717958647693));
  }
  if (z.re > 1.0) return sp_log1p(sp_erfc(sp_cneg(t)) * -0.5);
  return sp_clog(sp_ndtr(z));
}

}  // namespace cunp::special
