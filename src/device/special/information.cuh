// src/device/special/information.cuh -- scipy.special's convex-analysis and loss functions in
// double: entr, rel_entr, kl_div, huber, pseudo_huber, xlogy, xlog1py. Each extends x log x by
// its limits (0 at x = 0) and is +inf outside its domain, as SciPy defines them.
#pragma once
#include "special_values.cuh"

namespace cunp::special {

__device__ inline double sp_entr(double x) {
  if (isnan(x)) return x;
  if (x > 0.0) return -x * ::log(x);
  return x == 0.0 ? 0.0 : -sp_inf();
}

// log(x / y) for positive x, y; when they are within a factor 2, x - y is exact and log1p of
// the small relative difference keeps the digits the quotient would round away.
__device__ inline double sp_log_ratio(double x, double y) {
  if (x < 2.0 * y && y < 2.0 * x) return ::log1p((x - y) / y);
  const double q = x / y;
  if (q == 0.0 || isinf(q)) return ::log(x) - ::log(y);  // the quotient left double range
  return ::log(q);
}

__device__ inline double sp_rel_entr(double x, double y) {
  if (isnan(x) || isnan(y)) return x + y;
  if (x > 0.0 && y > 0.0) return x * sp_log_ratio(x, y);
  return x == 0.0 && y >= 0.0 ? 0.0 : sp_inf();
}

__device__ inline double sp_kl_div(double x, double y) {
  if (isnan(x) || isnan(y)) return x + y;
  // SciPy's own rounding: the product is rounded before x is taken off (__dmul_rn keeps the
  // compiler from fusing them into an FMA, whose single rounding differs by up to an ulp of x,
  // hundreds of ulp of the result where x ~ y).
  if (x > 0.0 && y > 0.0) return __dmul_rn(x, ::log(x / y)) - x + y;
  return x == 0.0 && y >= 0.0 ? y : sp_inf();
}

__device__ inline double sp_huber(double delta, double r) {
  if (delta < 0.0) return sp_inf();
  const double a = ::fabs(r);
  if (a <= delta) return 0.5 * r * r;
  return delta * (a - 0.5 * delta);
}

// delta^2 (sqrt(1 + (r/delta)^2) - 1), as SciPy writes it: delta^2 expm1(log1p(v^2) / 2), which
// keeps the digits of small residuals.
__device__ inline double sp_pseudo_huber(double delta, double r) {
  if (delta < 0.0) return sp_inf();
  if (delta == 0.0 || r == 0.0) return 0.0;
  const double v = r / delta;
  return delta * delta * ::expm1(0.5 * ::log1p(v * v));
}

__device__ inline double sp_xlogy(double x, double y) {
  if (x == 0.0 && !isnan(y)) return 0.0;
  return x * ::log(y);
}

__device__ inline double sp_xlog1py(double x, double y) {
  if (x == 0.0 && !isnan(y)) return 0.0;
  return x * ::log1p(y);
}

}  // namespace cunp::special
