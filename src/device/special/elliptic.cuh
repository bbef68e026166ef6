// src/device/special/elliptic.cuh -- the complete elliptic integral of the first kind in double:
// ellipk(m) and ellipkm1(p) = K(1 - p), by the arithmetic-geometric mean
// K = pi / (2 AGM(1, sqrt(1 - m))), which converges quadratically.
#pragma once
#include "special_values.cuh"

namespace cunp::special {

// K as a function of the complementary parameter p = 1 - m, which keeps m near 1 exact.
__device__ inline double sp_ellipkm1(double p) {
  if (isnan(p)) return p;
  if (p < 0.0) return sp_nan();
  if (p == 0.0) return sp_inf();
  if (isinf(p)) return 0.0;
  double a = 1.0, g = ::sqrt(p);
  for (int i = 0; i < 40; ++i) {
    const double an = 0.5 * (a + g);
    g = ::sqrt(a * g);
    a = an;
    if (::fabs(a - g) <= 1e-16 * a) break;
  }
  return 1.5707963267948966192 / (0.5 * (a + g));
}

__device__ inline double sp_ellipk(double m) {
  if (isnan(m)) return m;
  if (m > 1.0) return sp_nan();
  if (m == -sp_inf()) return 0.0;
  return sp_ellipkm1(1.0 - m);
}

}  // namespace cunp::special
