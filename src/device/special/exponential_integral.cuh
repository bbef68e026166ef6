// src/device/special/exponential_integral.cuh -- the exponential integrals E1 (exp1) and Ei
// (expi) of real double x: the ascending series for small |x|, the Legendre continued fraction
// for E1 beyond 1 and the asymptotic series for Ei far out.
#pragma once
#include "special_values.cuh"

namespace cunp::special {

// E1(x) = -gamma - log x - sum (-x)^k / (k k!) for 0 < x <= 1.
__device__ inline double sp_e1_series(double x) {
  double term = 1.0, sum = 0.0;
  for (int k = 1; k < 60; ++k) {
    term *= -x / k;
    const double t = term / k;
    sum += t;
    if (::fabs(t) < 1e-17 * ::fabs(sum)) break;
  }
  return -0.57721566490153286061 - ::log(x) - sum;
}

// E1(x) = e^-x / (x + 1/(1 + 1/(x + 2/(1 + 2/(x + ...))))) for x > 1, evaluated from the
// bottom up over a fixed depth (stable, and converged for x > 1 by depth 300).
__device__ inline double sp_e1_fraction(double x) {
  double t = 0.0;
  for (int k = 300; k >= 1; --k) t = k / (1.0 + k / (x + t));
  return ::exp(-x) / (x + t);
}

__device__ inline double sp_exp1(double x) {
  if (isnan(x)) return x;
  if (x < 0.0) return sp_nan();
  if (x == 0.0) return sp_inf();
  if (isinf(x)) return 0.0;
  return x <= 1.0 ? sp_e1_series(x) : sp_e1_fraction(x);
}

// Ei(x) for x > 0: gamma + log x + sum x^k / (k k!) up to 50 (positive terms), then
// e^x / x * sum k! / x^k while its terms decrease.
__device__ inline double sp_ei_positive(double x) {
  if (x <= 50.0) {
    double term = 1.0, sum = 0.0;
    for (int k = 1; k < 250; ++k) {
      term *= x / k;
      const double t = term / k;
      sum += t;
      if (t < 1e-17 * sum) break;
    }
    return 0.57721566490153286061 + ::log(x) + sum;
  }
  double term = 1.0, sum = 1.0;
  for (int k = 1; k < 60; ++k) {
    const double next = term * k / x;
    if (next > term) break;
    term = next;
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  // SciPy overflows with e^x (past 709.78), although Ei itself stays finite a little further.
  return ::exp(x) / x * sum;
}

__device__ inline double sp_expi(double x) {
  if (isnan(x)) return x;
  if (x == 0.0) return -sp_inf();
  if (x < 0.0) return isinf(x) ? -0.0 : -sp_exp1(-x);
  if (isinf(x)) return x;
  return sp_ei_positive(x);
}

}  // namespace cunp::special
