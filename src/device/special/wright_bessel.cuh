// src/device/special/wright_bessel.cuh -- Wright's generalized Bessel function
// Phi(a, b; x) = sum_k x^k / (k! Gamma(a k + b)) for a, b, x >= 0 (wright_bessel), by its
// defining series. Every term is non-negative, so the sum has no cancellation; the terms are
// formed as exponentials of their logarithms against a running scale, which keeps the sum
// finite until the result itself overflows.
// Large x: the terms peak near k* = (x / a^a)^(1/(1+a)) (where x = k (a k)^a, the saddle point
// of SciPy's asymptotic expansion) with a width of about sqrt(k* / (1 + a)), so the sum starts
// at the peak and walks outwards both ways until the terms are negligible: about 20 widths of
// terms instead of the k* + 10 widths a sum from k = 0 needs. That reaches x = 1e6 for any
// a > 0 in a few thousand terms (the function itself has overflowed long before k* reaches a
// thousand; log_wright_bessel stays finite). Each term's logarithm has the absolute error of
// lgamma(k + 1), about k log k ulp of one, which is a few ulp of log Phi ~ (1 + a) k*: so the
// walk is as accurate as an asymptotic expansion there without its small-a breakdown (its
// coefficients grow like a^-k).
#pragma once
#include "special_values.cuh"

namespace cunp::special {

// log of the k-th term x^k / (k! Gamma(a k + b)); -inf where 1/Gamma(0) = 0.
__device__ inline double sp_wright_bessel_log_term(double a, double b, double logx, double k) {
  const double arg = a * k + b;
  if (arg == 0.0) return -sp_inf();
  return k * logx - ::lgamma(k + 1.0) - ::lgamma(arg);
}

// Adds the terms k0, k0 + step, ... (stopping at k < 0) to sum * e^scale, until they fall
// below 1e-17 of the sum after the peak; false if the walk ran out of its term budget.
__device__ inline bool sp_wright_bessel_walk(double a, double b, double logx, double k0,
                                             double step, double& scale, double& sum) {
  bool rising = true;
  for (int i = 0; i < 200000; ++i) {
    const double k = k0 + step * i;
    if (k < 0.0) return true;
    const double lt = sp_wright_bessel_log_term(a, b, logx, k);
    if (lt == -sp_inf()) continue;  // the k = 0 term for b = 0
    if (lt > scale) {
      sum = sum * ::exp(scale - lt) + 1.0;
      scale = lt;
    } else {
      const double r = ::exp(lt - scale);
      sum += r;
      // terms are log-concave in k, so once past the peak they only shrink
      if (!rising && r < 1e-17 * sum) return true;
      rising = false;
    }
  }
  return false;
}

// log Phi(a, b; x) of the series for a > 0, x > 0 (NaN where it has not converged).
__device__ inline double sp_wright_bessel_log_series(double a, double b, double x) {
  const double logx = ::log(x);
  // the peak of the terms: k (a k)^a = x
  const double kpeak = ::exp((logx - a * ::log(a)) / (1.0 + a));
  const double k0 = kpeak < 1.0 ? 0.0 : ::floor(kpeak);
  double scale = -sp_inf(), sum = 0.0;  // sum * e^scale
  if (!sp_wright_bessel_walk(a, b, logx, k0, 1.0, scale, sum)) return sp_nan();
  if (k0 > 0.0 && !sp_wright_bessel_walk(a, b, logx, k0 - 1.0, -1.0, scale, sum)) return sp_nan();
  return scale + ::log(sum);
}

__device__ inline double sp_wright_bessel(double a, double b, double x) {
  if (isnan(a) || isnan(b) || isnan(x)) return a + b + x;
  if (a < 0.0 || b < 0.0 || x < 0.0) return sp_nan();
  if (isinf(a) || isinf(b)) return sp_nan();
  if (isinf(x)) return sp_inf();
  if (x == 0.0) return b == 0.0 ? 0.0 : 1.0 / ::tgamma(b);  // 1/Gamma(0) = 0
  if (a == 0.0) return b == 0.0 ? 0.0 : ::exp(x) / ::tgamma(b);
  return ::exp(sp_wright_bessel_log_series(a, b, x));
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
  return sp_wright_bessel_log_series(a, b, x);
}

}  // namespace cunp::special
