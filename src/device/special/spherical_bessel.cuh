// src/device/special/spherical_bessel.cuh -- the spherical Bessel function of the second kind
// y_n(x) = sqrt(pi/(2x)) Y_(n+1/2)(x) for integer n >= 0 and real x, and its derivative
// (spherical_yn): the upward recurrence y_(k+1) = (2k+1)/x y_k - y_(k-1) from
// y_0 = -cos x / x and y_1 = -cos x / x^2 - sin x / x, stable because y_n grows with n; once it
// overflows the result is -inf, as SciPy's. y_n(-x) = (-1)^(n+1) y_n(x).
#pragma once
#include "special_values.cuh"

namespace cunp::special {

__device__ inline double sp_spherical_yn(long long n, double x) {
  if (isnan(x)) return x;
  if (n < 0) return sp_nan();
  if (x == 0.0) return -sp_inf();
  if (isinf(x)) return 0.0;
  const double t = ::fabs(x);
  const double c = ::cos(t), s = ::sin(t);
  double y0 = -c / t;
  double y = n == 0 ? y0 : (y0 - s) / t;
  for (long long k = 1; k < n; ++k) {
    const double next = (2.0 * k + 1.0) / t * y - y0;
    y0 = y;
    y = next;
    if (isinf(y)) return -sp_inf();
  }
  return x < 0 && !(n % 2) ? -y : y;  // odd n: y_n(-x) = y_n(x)
}

// y_n'(x) = y_(n-1)(x) - (n+1)/x y_n(x); y_0' = -y_1.
__device__ inline double sp_spherical_yn_d(long long n, double x) {
  if (isnan(x)) return x;
  if (n < 0) return sp_nan();
  if (x == 0.0) return n == 0 ? sp_inf() : sp_nan();  // SciPy's values
  if (n == 0) return -sp_spherical_yn(1, x);
  return sp_spherical_yn(n - 1, x) - (n + 1.0) / x * sp_spherical_yn(n, x);
}

}  // namespace cunp::special
