// src/device/special/complex_elementary.cuh -- scipy.special's complex expm1, log1p, xlogy and
// xlog1py in complex double. expm1's real part is expm1(x) cos y - 2 sin^2(y/2), which keeps
// the digits that e^x cos y - 1 loses near 0; log1p's real part is log1p(x (2 + x) + y^2) / 2,
// likewise for |z| small. xlogy and xlog1py are 0 where x is 0 and y is not NaN, as SciPy's.
#pragma once
#include "complex_arith.cuh"
#include "special_values.cuh"

namespace cunp::special {

__device__ inline sp_cx sp_expm1(sp_cx z) {
  if (!isfinite(z.re) || !isfinite(z.im)) return sp_cexp(z) - sp_cx(1.0, 0.0);
  double re;
  if (z.re > -40.0) {
    const double h = ::sin(0.5 * z.im);
    re = ::expm1(z.re) * ::cos(z.im) - 2.0 * h * h;
  } else {
    re = -1.0;  // e^x cos y < 1e-17
  }
  return sp_cx(re, z.im == 0.0 ? z.im : ::exp(z.re) * ::sin(z.im));
}

__device__ inline sp_cx sp_log1p(sp_cx z) {
  if (!isfinite(z.re) || !isfinite(z.im)) return sp_clog(sp_cx(1.0 + z.re, z.im));
  if (z.im == 0.0 && z.re >= -1.0) return sp_cx(::log1p(z.re), z.im);
  const double az = ::hypot(z.re, z.im);
  if (az < 0.707) {
    const double t = z.re * (2.0 + z.re) + z.im * z.im;
    return sp_cx(0.5 * ::log1p(t), ::atan2(z.im, 1.0 + z.re));
  }
  return sp_clog(sp_cx(1.0 + z.re, z.im));
}

__device__ inline sp_cx sp_xlogy(sp_cx x, sp_cx y) {
  if (x.re == 0.0 && x.im == 0.0 && !isnan(y.re) && !isnan(y.im)) return sp_cx(0.0, 0.0);
  return x * sp_clog(y);
}

__device__ inline sp_cx sp_xlog1py(sp_cx x, sp_cx y) {
  if (x.re == 0.0 && x.im == 0.0 && !isnan(y.re) && !isnan(y.im)) return sp_cx(0.0, 0.0);
  return x * sp_log1p(y);
}

}  // namespace cunp::special
