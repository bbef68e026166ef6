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

__device__ inline double sp_inv_boxcox1p(double y, double lmbda) {
  if (lmbda == 0.0) return ::expm1(y);
  if (::fabs(lmbda * y) < 1e-154) return y;
  return ::expm1(::log1p(lmbda * y) / lmbda);
}

}  // namespace cunp::special
