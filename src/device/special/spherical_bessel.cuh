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

namespace cunp::special {

// x^n / (2n+1)!! as exp of its logarithm (no overflow of either factor), for x > 0.
__device__ inline double sp_spherical_lead(long long n, double x) {
  const double dn = static_cast<double>(n);
  // log (2n+1)!! = lgamma(2n+2) - n log 2 - lgamma(n+1)
  const double ldf = ::lgamma(2.0 * dn + 2.0) - dn * 0.69314718055994530942 - ::lgamma(dn + 1.0);
  return ::exp(dn * ::log(x) - ldf);
}

// j_n(x) = x^n/(2n+1)!! sum_k (-x^2/2)^k / (k! (2n+3)(2n+5)...(2n+2k+1)), for x < 1.
__device__ inline double sp_spherical_jn_series(long long n, double x, double sign) {
  const double h = sign * 0.5 * x * x;
  double t = 1.0, s = 1.0;
  for (int k = 1; k < 3000; ++k) {
    t *= h / (k * (2.0 * n + 2.0 * k + 1.0));
    s += t;
    if (::fabs(t) < 1e-17 * ::fabs(s)) break;
  }
  return s;
}

// Spherical Bessel j_n(x): the series below 1; upward recurrence from j_0, j_1 where x > n
// (stable there); Miller's downward recurrence, normalized by j_0 or j_1, in between.
__device__ inline double sp_spherical_jn(long long n, double x) {
  if (isnan(x)) return x;
  if (n < 0) return sp_nan();
  if (isinf(x)) return 0.0;
  if (x == 0.0) return n == 0 ? 1.0 : 0.0;
  const double t = ::fabs(x);
  const double sgn = (x < 0 && (n % 2)) ? -1.0 : 1.0;  // j_n(-x) = (-1)^n j_n(x)
  if (t < 1.0) return sgn * sp_spherical_lead(n, t) * sp_spherical_jn_series(n, t, -1.0);
  const double s = ::sin(t), c = ::cos(t);
  const double j0 = s / t, j1 = (s / t - c) / t;
  if (n == 0) return j0;
  if (n == 1) return sgn * j1;
  if (t > static_cast<double>(n)) {
    double a = j0, b = j1;
    for (long long k = 1; k < n; ++k) {
      const double next = (2.0 * k + 1.0) / t * b - a;
      a = b;
      b = next;
    }
    return sgn * b;
  }
  // Miller: from N well above n, where j_N is negligible, down to 0.
  const long long top = n + 20 + static_cast<long long>(::sqrt(40.0 * static_cast<double>(n)));
  double above = 0.0, cur = 1e-300, at_n = 0.0, f0 = 0.0, f1 = 0.0;
  for (long long k = top; k >= 1; --k) {
    const double below = (2.0 * k + 1.0) / t * cur - above;  // j_(k-1)
    above = cur;
    cur = below;
    if (::fabs(cur) > 1e250) {  // rescale
      cur *= 1e-250;
      above *= 1e-250;
      at_n *= 1e-250;
    }
    if (k - 1 == n) at_n = cur;
    if (k == 1) {
      f0 = cur;
      f1 = above;
    }
  }
  // normalize by whichever of j_0, j_1 is farther from a zero
  const double scale = ::fabs(j0) > ::fabs(j1) ? j0 / f0 : j1 / f1;
  return sgn * at_n * scale;
}

__device__ inline double sp_spherical_jn_d(long long n, double x) {
  if (isnan(x)) return x;
  if (n < 0) return sp_nan();
  if (x == 0.0) return n == 1 ? 1.0 / 3.0 : 0.0;
  if (isinf(x)) return 0.0;
  if (n == 0) return -sp_spherical_jn(1, x);
  return sp_spherical_jn(n - 1, x) - (n + 1.0) / x * sp_spherical_jn(n, x);
}

// Modified i_n(x) = x^n/(2n+1)!! sum_k (x^2/2)^k / (k! (2n+3)...(2n+2k+1)): positive terms, so
// the series serves every x (about x terms); i_n(-x) = (-1)^n i_n(x).
__device__ inline double sp_spherical_in(long long n, double x) {
  if (isnan(x)) return x;
  if (n < 0) return sp_nan();
  if (x == 0.0) return n == 0 ? 1.0 : 0.0;
  const double sgn = (x < 0 && (n % 2)) ? -1.0 : 1.0;
  if (isinf(x)) return sgn * sp_inf();
  const double t = ::fabs(x);
  const double s = sp_spherical_jn_series(n, t, 1.0);
  if (n == 0 && t > 1.0) return sgn * ::sinh(t) / t;
  if (t > 1.0) {
    const double dn = static_cast<double>(n);
    const double ldf = ::lgamma(2.0 * dn + 2.0) - dn * 0.69314718055994530942 - ::lgamma(dn + 1.0);
    const double log_lead = dn * ::log(t) - ldf;
    if (n <= 400 && ::fabs(log_lead) < 650.0) {
      // x^n / (2n+1)!! as the product of x / (2k+1): n roundings of half an ulp, where exp of
      // the logarithm above carries an absolute error of eps times its size (~100 eps at
      // n = 30), which k_n's continuation to negative x then magnifies. The partial products
      // rise to at most ~e^(x/2) and fall to the lead itself, so none over- or underflows.
      double lead = 1.0;
      for (long long k = 1; k <= n; ++k) lead *= t / (2.0 * static_cast<double>(k) + 1.0);
      return sgn * lead * s;
    }
    // the lead factor and the sum in logarithms: either may over- or underflow alone
    return sgn * ::exp(log_lead + ::log(s));
  }
  return sgn * sp_spherical_lead(n, t) * s;
}

__device__ inline double sp_spherical_in_d(long long n, double x) {
  if (isnan(x)) return x;
  if (n < 0) return sp_nan();
  if (x == 0.0) return n == 1 ? 1.0 / 3.0 : 0.0;
  if (n == 0) return sp_spherical_in(1, x);
  if (isinf(x)) return sp_nan();  // SciPy's
  return sp_spherical_in(n - 1, x) - (n + 1.0) / x * sp_spherical_in(n, x);
}

// Modified k_n(x) = sqrt(pi/(2x)) K_(n+1/2)(x): upward recurrence (stable, k_n grows with n)
// from k_0 = pi/2 e^-x / x and k_1 = k_0 (1 + 1/x).
__device__ inline double sp_spherical_kn(long long n, double x) {
  if (isnan(x)) return x;
  if (n < 0) return sp_nan();
  if (x == 0.0) return sp_inf();
  if (x == sp_inf()) return 0.0;
  if (x == -sp_inf()) return -sp_inf();
  const double k0 = 1.57079632679489661923 * ::exp(-x) / x;
  if (n == 0) return k0;
  if (x < 0.0) {
    // Left of 0 the recurrence alternates in sign and cancels; the continuation
    // k_n(-t) = -pi i_n(t) - (-1)^n k_n(t) (from k_n = (-1)^(n+1) pi/2 (i_n - i_(-n-1))).
    const double t = -x;
    return -3.14159265358979323846 * sp_spherical_in(n, t) -
           ((n % 2) ? -1.0 : 1.0) * sp_spherical_kn(n, t);
  }
  double a = k0, b = k0 * (1.0 + 1.0 / x);
  for (long long k = 1; k < n; ++k) {
    const double next = a + (2.0 * k + 1.0) / x * b;
    a = b;
    b = next;
    if (isinf(b)) return b;
  }
  return b;
}

__device__ inline double sp_spherical_kn_d(long long n, double x) {
  if (isnan(x)) return x;
  if (n < 0) return sp_nan();
  if (x == 0.0) return -sp_inf();
  if (n == 0) return -sp_spherical_kn(1, x);
  return -sp_spherical_kn(n - 1, x) - (n + 1.0) / x * sp_spherical_kn(n, x);
}

}  // namespace cunp::special
