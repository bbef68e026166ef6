// src/device/special/expn.cuh -- the generalized exponential integral E_n(x) = int_1^inf
// e^(-xt) / t^n dt for integer n >= 0 and real x >= 0 (expn): the ascending series (with
// digamma(n) in its one logarithmic term) for x <= 1, and the continued fraction
// E_n(x) = e^-x (1/(x+n-) 1 n/(x+n+2-) 2 (n+1)/(x+n+4-) ...) by the modified Lentz method
// beyond (Abramowitz & Stegun 5.1.12 and 5.1.22); both converge for every n.
#pragma once
#include "digamma.cuh"
#include "special_values.cuh"

namespace cunp::special {

__device__ inline double sp_expn(long long n, double x) {
  if (isnan(x)) return x;
  if (n < 0 || x < 0.0) return sp_nan();
  if (x == 0.0) return n <= 1 ? sp_inf() : 1.0 / static_cast<double>(n - 1);
  if (isinf(x)) return 0.0;
  const double dn = static_cast<double>(n);
  if (n == 0) return ::exp(-x) / x;
  if (x > 1.0) {
    const double tiny = 1e-300;
    double b = x + dn, c = 1.0 / tiny, d = 1.0 / b, h = d;
    for (int i = 1; i < 2000; ++i) {
      const double a = -static_cast<double>(i) * (dn - 1.0 + i);
      b += 2.0;
      d = 1.0 / (a * d + b);
      c = b + a / c;
      const double del = c * d;
      h *= del;
      if (::fabs(del - 1.0) < 1e-16) break;
    }
    return h * ::exp(-x);
  }
  // sum_{k != n-1} -(-x)^k / ((k - n + 1) k!) + (-x)^(n-1) / (n-1)! (psi(n) - log x); for
  // x <= 1 the factors (-x)^k / k! only shrink, so once they are negligible against the sum
  // (the logarithmic term included) the rest is too.
  const double logx = ::log(x);
  const double big = ::fabs(logx) + ::log(dn) + 1.0;
  double sum = n == 1 ? -0.57721566490153286061 - logx : 1.0 / (dn - 1.0);
  double fact = 1.0;  // (-x)^k / k!
  for (int k = 1; k < 400; ++k) {
    fact *= -x / k;
    sum += k != n - 1 ? -fact / (k - dn + 1.0) : fact * (sp_digamma(dn) - logx);
    if (::fabs(fact) * big < ::fabs(sum) * 1e-17) break;
  }
  return sum;
}

// The 'dd->d' loop truncates n toward zero, as SciPy's does (with a RuntimeWarning there).
__device__ inline double sp_expn(double n, double x) {
  if (isnan(n) || isnan(x)) return n + x;
  if (n < 0.0) return sp_nan();
  if (n > 9.2e18) return x == 0.0 ? 0.0 : (x > 0.0 ? 0.0 : sp_nan());
  return sp_expn(static_cast<long long>(n), x);
}

}  // namespace cunp::special
