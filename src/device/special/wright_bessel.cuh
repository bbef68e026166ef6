// src/device/special/wright_bessel.cuh -- Wright's generalized Bessel function
// Phi(a, b; x) = sum_k x^k / (k! Gamma(a k + b)) for a, b, x >= 0 (wright_bessel), by its
// defining series. Every term is non-negative, so the sum has no cancellation; the terms are
// formed as exponentials of their logarithms against a running scale, which keeps the sum
// finite until the result itself overflows.
// Large x: the terms peak near k* = (x / a^a)^(1/(1+a)) (where x = k (a k)^a, the saddle point
// of SciPy's asymptotic expansion) with a width of about sqrt(k* / (1 + a)), so the sum starts
// at the peak and walks outwards both ways until the terms are negligible: about 20 widths of
// terms instead of the k* + 10 widths a sum from k = 0 needs. That reaches x = 1e6 for any
// a > 0 in at most ~2e4 terms (the function itself has overflowed long before k* reaches a
// thousand; log_wright_bessel stays finite).
// Each term's logarithm k log x - log Gamma(k + 1) - log Gamma(a k + b) is a difference of
// numbers of size k log k (thousands near the overflow) down to log Phi's size, so a double
// would round it by as many ulp of the result (up to ~1e-12 relative near the overflow for a
// near 5, and CUDA's lgamma is 4 ulp): it is carried as a double-double, the logarithms split
// as e log 2 + log m (m within sqrt 2 of 1, so that log m's rounding is ~1e-17 absolute) and
// log Gamma by Stirling's formula from 10 on, a k + b itself as a double-double.
#pragma once
#include "double_double.cuh"
#include "gamma_function.cuh"
#include "special_values.cuh"

namespace cunp::special {

// log v for v > 0 as hi + lo: v = 2^e m with m in [sqrt(1/2), sqrt 2), e log 2 with log 2 as
// hi + lo (e log2_hi exact through the fma), plus log m (|log m| <= 0.35, rounded by ~1e-17).
__device__ inline sp_dd sp_wright_log_dd(double v) {
  int e;
  double m = ::frexp(v, &e);
  if (m < 0.70710678118654752440) {
    m *= 2.0;
    --e;
  }
  const sp_dd el = sp_dd_two_prod(static_cast<double>(e), 0.6931471805599453);
  return sp_dd_add(el, sp_dd_two_sum(::log(m), e * 2.3190468138462996e-17));
}

// log Gamma(w) for w = wh + wl > 0 as hi + lo: Stirling's (w - 1/2) log w - w + log(2 pi)/2 +
// mu(w) from 10 on (mu's series to 1e-17 there), lgamma below (at most ~30 in size), and wl to
// first order, through psi(w) ~ log w - 1/(2w).
__device__ inline sp_dd sp_wright_lgamma_dd(double wh, double wl) {
  if (wh < 10.0) return sp_dd_two_sum(::lgamma(wh), wl * ::log(wh));
  const sp_dd lw = sp_wright_log_dd(wh);
  sp_dd r = sp_dd_mul(lw, wh - 0.5);  // wh - 0.5 is exact for 10 <= wh < 2^52
  r = sp_dd_add(r, sp_dd_two_sum(-wh, 0.9189385332046728));
  const double small = -3.8782941580672414e-17 + sp_stirling_correction(wh) +
                       wl * (lw.hi - 0.5 / wh);
  return sp_dd_add(r, {small, 0.0});
}

// log of the k-th term x^k / (k! Gamma(a k + b)) as hi + lo; hi = -inf where 1/Gamma(0) = 0.
__device__ inline sp_dd sp_wright_bessel_log_term(double a, double b, sp_dd logx, double k) {
  const sp_dd z = sp_dd_add(sp_dd_two_prod(a, k), {b, 0.0});
  if (z.hi == 0.0) return {-sp_inf(), 0.0};
  sp_dd r = sp_dd_mul(logx, k);
  const sp_dd g1 = sp_wright_lgamma_dd(k + 1.0, 0.0), g2 = sp_wright_lgamma_dd(z.hi, z.lo);
  r = sp_dd_add(r, {-g1.hi, -g1.lo});
  return sp_dd_add(r, {-g2.hi, -g2.lo});
}

// Adds the terms k0, k0 + step, ... (stopping at k < 0) to sum * e^scale, until they fall
// below 1e-17 of the sum after the peak; false if the walk ran out of its term budget.
__device__ inline bool sp_wright_bessel_walk(double a, double b, sp_dd logx, double k0, double step,
                                             sp_dd& scale, double& sum) {
  bool rising = true;
  for (int i = 0; i < 200000; ++i) {
    const double k = k0 + step * i;
    if (k < 0.0) return true;
    const sp_dd lt = sp_wright_bessel_log_term(a, b, logx, k);
    if (lt.hi == -sp_inf()) continue;  // the k = 0 term for b = 0
    if (lt.hi > scale.hi) {
      sum = sum * ::exp((scale.hi - lt.hi) + (scale.lo - lt.lo)) + 1.0;
      scale = lt;
    } else {
      const double r = ::exp((lt.hi - scale.hi) + (lt.lo - scale.lo));
      sum += r;
      // terms are log-concave in k, so once past the peak they only shrink
      if (!rising && r < 1e-17 * sum) return true;
      rising = false;
    }
  }
  return false;
}

// log Phi for large x by the saddle point of Phi = (1/2 pi i) int e^(t + x t^-a) t^-b dt (the
// Hankel integral of 1/Gamma) at t = Z = (a x)^(1/(1+a)) (Wright's expansion, as SciPy's):
//   Phi ~ Z^(1/2-b) e^((1+a) Z/a) / sqrt(2 pi (1+a)) (1 + C1/Z + O(Z^-2)),
// with t = Z(1+u): the exponent Z((1+a)/a + c2 u^2 + c3 u^3 + c4 u^4 + ...), c2 = (1+a)/2,
// c3 = -(1+a)(2+a)/6, c4 = (1+a)(2+a)(3+a)/24, and (1+u)^-b = 1 + g1 u + g2 u^2 + ..., g1 = -b,
// g2 = b(b+1)/2, so that the Gaussian moments give
//   C1 = 3 c4/(4 c2^2) - 15 c3^2/(16 c2^3) - g2/(2 c2) + 3 c3 g1/(4 c2^2)
// (a = 1 is the Bessel case: C1 = -(4 (b-1)^2 - 1)/16). Used only past the walk (Z > 1e4 there
// unless a < ~1e-5), where C2/Z^2 is far below an ulp of log Phi ~ Z/a; (1+a) Z/a is formed
// from log(a x)/(1+a) as a double-double, whose rounding would otherwise be ulp of log(a x)
// relative in Z. NaN where Z is small (a tiny: not the regime of this expansion).
__device__ inline double sp_log_wright_bessel_asymptotic(double a, double b, sp_dd logx) {
  const sp_dd l = sp_dd_add(logx, sp_wright_log_dd(a));  // log(a x)
  const sp_dd den = sp_dd_two_sum(1.0, a);
  const double q1 = l.hi / den.hi;
  const sp_dd p = sp_dd_mul(den, q1);
  const sp_dd rem = sp_dd_add(l, {-p.hi, -p.lo});
  const sp_dd q = sp_dd_two_sum(q1, rem.hi / den.hi);  // log Z
  const double z = ::exp(q.hi) * (1.0 + q.lo);
  if (!(z > 1e4)) return sp_nan();
  const double c2 = 0.5 * (1.0 + a), c3 = -(1.0 + a) * (2.0 + a) / 6.0,
               c4 = (1.0 + a) * (2.0 + a) * (3.0 + a) / 24.0, g1 = -b, g2 = 0.5 * b * (b + 1.0);
  const double c1 = 3.0 * c4 / (4.0 * c2 * c2) - 15.0 * c3 * c3 / (16.0 * c2 * c2 * c2) -
                    g2 / (2.0 * c2) + 3.0 * c3 * g1 / (4.0 * c2 * c2);
  const double rest = (0.5 - b) * (q.hi + q.lo) -
                      0.5 * ::log(2.0 * 3.14159265358979323846 * (1.0 + a)) + c1 / z;
  return (z / a + z) + rest;
}

// log Phi(a, b; x) of the series for a > 0, x > 0 as hi + lo, lo with log(sum of the scaled
// terms) (NaN where it has not converged).
__device__ inline sp_dd sp_wright_bessel_log_series(double a, double b, double x) {
  const sp_dd logx = sp_wright_log_dd(x);
  // the peak of the terms: k (a k)^a = x
  const double kpeak = ::exp((logx.hi - a * ::log(a)) / (1.0 + a));
  // Past ~5e8 the walk would need more than its 2e5 terms each way (~9 widths sqrt(k*)): the
  // asymptotic expansion instead (wright_bessel itself has overflowed long before).
  if (kpeak > 5e8) return {sp_log_wright_bessel_asymptotic(a, b, logx), 0.0};
  const double k0 = kpeak < 1.0 ? 0.0 : ::floor(kpeak);
  sp_dd scale = {-sp_inf(), 0.0};  // sum * e^scale
  double sum = 0.0;
  if (!sp_wright_bessel_walk(a, b, logx, k0, 1.0, scale, sum)) return {sp_nan(), 0.0};
  if (k0 > 0.0 && !sp_wright_bessel_walk(a, b, logx, k0 - 1.0, -1.0, scale, sum))
    return {sp_nan(), 0.0};
  return {scale.hi, scale.lo + ::log(sum)};
}

__device__ inline double sp_wright_bessel(double a, double b, double x) {
  if (isnan(a) || isnan(b) || isnan(x)) return a + b + x;
  if (a < 0.0 || b < 0.0 || x < 0.0) return sp_nan();
  if (isinf(a) || isinf(b)) return sp_nan();
  if (isinf(x)) return sp_inf();
  if (x == 0.0) return b == 0.0 ? 0.0 : 1.0 / ::tgamma(b);  // 1/Gamma(0) = 0
  if (a == 0.0) return b == 0.0 ? 0.0 : ::exp(x) / ::tgamma(b);
  const sp_dd l = sp_wright_bessel_log_series(a, b, x);
  // past a peak k* ~ 5e8 (the walk's reach) log Phi ~ (1 + a) k* has long overflowed
  if (isnan(l.hi) || l.hi > 1e3) return sp_inf();
  return ::exp(l.hi) * ::exp(l.lo);  // e^hi exact to its own rounding
}

// log of Wright's function: the same series, its logarithm taken before the exponential (so
// finite far past the function's overflow).
__device__ inline double sp_log_wright_bessel(double a, double b, double x) {
  if (isnan(a) || isnan(b) || isnan(x)) return a + b + x;
  if (a < 0.0 || b < 0.0 || x < 0.0) return sp_nan();
  if (isinf(a) || isinf(b)) return sp_nan();
  if (isinf(x)) return sp_inf();
  if (x == 0.0) return b == 0.0 ? -sp_inf() : -::lgamma(b);
  if (a == 0.0) return b == 0.0 ? -sp_inf() : x - ::lgamma(b);
  const sp_dd l = sp_wright_bessel_log_series(a, b, x);
  return l.hi + l.lo;
}

}  // namespace cunp::special
