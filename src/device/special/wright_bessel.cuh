// src/device/special/wright_bessel.cuh -- Wright's generalized Bessel function
// Phi(a, b; x) = sum_k x^k / (k! Gamma(a k + b)) for a, b, x >= 0 (wright_bessel), by its
// defining series. Every term is non-negative, so the sum has no cancellation; the terms are
// formed as exponentials of their logarithms against a running scale, which keeps the sum
// finite until the result itself overflows. SciPy's asymptotic expansions for large x are not
// used: the series needs about x^(1/(1+a)) terms, capped here at 20000 (NaN if unconverged).
#pragma once
#include "special_values.cuh"

namespace cunp::special {

// log Phi(a, b; x) of the series for a > 0, x > 0 (NaN where it has not converged).
__device__ inline double sp_wright_bessel_log_series(double a, double b, double x) {
  const double logx = ::log(x);
  double scale = -sp_inf(), sum = 0.0;  // sum * e^scale
  bool rising = true;
  for (int k = 0; k < 20000; ++k) {
    const double arg = a * k + b;
    if (arg == 0.0) continue;  // 1/Gamma(0) = 0
    const double lt = k * logx - ::lgamma(k + 1.0) - ::lgamma(arg);
    if (lt > scale) {
      sum = sum * ::exp(scale - lt) + 1.0;
      scale = lt;
    } else {
      const double r = ::exp(lt - scale);
      sum += r;
      if (!rising && r < 1e-17 * sum) return scale + ::log(sum);
      rising = false;
    }
  }
  return sp_nan();
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
