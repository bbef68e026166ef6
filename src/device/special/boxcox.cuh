// src/device/special/boxcox.cuh -- the Box-Cox power transformations of x and of 1 + x, and
// their inverses, in double, with SciPy's thresholds for the logarithmic limit lambda -> 0.
#pragma once

namespace cunp::special {

// (x^lambda - 1) / lambda, as expm1(lambda log x) / lambda; log x for lambda ~ 0.
__device__ inline double sp_boxcox(double x, double lmbda) {
  if (::fabs(lmbda) < 1e-19) return ::log(x);
  return ::expm1(lmbda * ::log(x)) / lmbda;
}

__device__ inline double sp_boxcox1p(double x, double lmbda) {
  const double lgx = ::log1p(x);
  if (::fabs(lmbda) < 1e-19 || (::fabs(lgx) < 1e-289 && ::fabs(lmbda) < 1e273)) return lgx;
  return ::expm1(lmbda * lgx) / lmbda;
}

// (1 + lambda y)^(1/lambda), exp(y) at lambda = 0.
__device__ inline double sp_inv_boxcox(double y, double lmbda) {
  if (lmbda == 0.0) return ::exp(y);
  return ::exp(::log1p(lmbda * y) / lmbda);
}

// expm1(log1p(lambda y) / lambda) with the exponent t carried to about twice double's precision:
// expm1 multiplies t's relative error by t e^t / (e^t - 1), which made the plain form ~37 ulp off
// (SciPy's own is up to ~420 ulp against mpmath where 1 + lambda y is small). The product
// lambda y and the quotient by lambda keep their rounding errors (fma), the product's enters
// log1p exactly, and the low part of t enters through expm1's derivative e^t; what remains is
// log1p's own rounding, times t.
__device__ inline double sp_inv_boxcox1p(double y, double lmbda) {
  if (lmbda == 0.0) return ::expm1(y);
  const double p = lmbda * y;
  if (::fabs(p) < 1e-154) return y;
  const double l = ::log1p(p);
  if (!(p > -1.0) || isinf(l) || isinf(p)) return ::expm1(l / lmbda);  // limits, NaN
  const double pe = ::fma(lmbda, y, -p);                               // lambda y = p + pe exactly
  const double le = ::log1p(pe / (1.0 + p));  // log1p(p + pe) - log1p(p) (1 + p exact near -1)
  const double t = l / lmbda;
  const double te = (::fma(-t, lmbda, l) + le) / lmbda;  // l + le = lambda (t + te)
  const double e = ::expm1(t);
  return e + (1.0 + e) * te;
}

}  // namespace cunp::special
