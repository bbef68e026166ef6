// src/device/special/agm.cuh -- the arithmetic-geometric mean of a and b (agm): the iteration
// a, b -> (a + b)/2, sqrt(a b), which converges quadratically, with SciPy's values at signs
// and infinities (NaN for opposite signs, -agm(-a, -b) for two negatives).
#pragma once
#include "special_values.cuh"

namespace cunp::special {

__device__ inline double sp_agm(double a, double b) {
  if (isnan(a) || isnan(b)) return a + b;
  if ((a < 0.0 && b > 0.0) || (a > 0.0 && b < 0.0)) return sp_nan();
  if (a == 0.0 || b == 0.0) return (isinf(a) || isinf(b)) ? sp_nan() : 0.0;
  if (a < 0.0) return -sp_agm(-a, -b);
  if (isinf(a) || isinf(b)) return sp_inf();
  if (a == b) return a;
  // The geometric mean as sqrt(x) sqrt(y), which neither overflows nor underflows.
  double x = a, y = b;
  for (int i = 0; i < 80; ++i) {
    const double m = 0.5 * x + 0.5 * y;
    y = ::sqrt(x) * ::sqrt(y);
    x = m;
    if (::fabs(x - y) <= 1e-16 * x) break;
  }
  return 0.5 * x + 0.5 * y;
}

}  // namespace cunp::special
