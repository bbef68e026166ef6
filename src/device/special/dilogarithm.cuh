// src/device/special/dilogarithm.cuh -- Spence's function spence(z) = int_1^z log t / (1 - t) dt
// = Li2(1 - z), real (NaN left of 0) and complex. Li2 by 't Hooft and Veltman's series in
// u = -log(1 - w), sum B_n u^(n+1) / (n+1)!, for abs(w) <= 1 and Re w <= 1/2, where abs(u) < 1.1;
// the rest of the plane by Li2(w) = -Li2(1/w) - pi^2/6 - log^2(-w)/2 and
// Li2(w) = -Li2(1 - w) + pi^2/6 - log w log(1 - w). spence itself uses the second with z directly
// where 1 - z would round away z's digits (abs(z) small).
#pragma once
#include "complex_arith.cuh"
#include "special_values.cuh"

namespace cunp::special {

// B_n / (n+1)! for n = 0, 1, 2, 4, 6, ..., 38 (odd n > 1 vanish).
__device__ const double kDilogCoef[21] = {1.0,
                                          -0.25,
                                          0.027777777777777776,
                                          -0.0002777777777777778,
                                          4.72411186696901e-06,
                                          -9.185773074661964e-08,
                                          1.8978869988971e-09,
                                          -4.0647616451442256e-11,
                                          8.921691020456452e-13,
                                          -1.9939295860721074e-14,
                                          4.518980029619918e-16,
                                          -1.0356517612181247e-17,
                                          2.395218621026187e-19,
                                          -5.581785874325009e-21,
                                          1.3091507554183213e-22,
                                          -3.0874198024267403e-24,
                                          7.315975652702203e-26,
                                          -1.740845657234001e-27,
                                          4.1576356446139e-29,
                                          -9.962148488284622e-31,
                                          2.3940344248961652e-32};
__device__ const double kPi2Over6 = 1.6449340668482264365;

// sum over the table of c_n u^(n+1), for the series in u (real or complex).
__device__ inline double sp_dilog_series(double u) {
  const double u2 = u * u;
  double s = kDilogCoef[20];
  for (int k = 19; k >= 2; --k) s = s * u2 + kDilogCoef[k];
  return u + kDilogCoef[1] * u2 + s * u2 * u;  // u - u^2/4 + u^3 (1/36 + ...)
}
__device__ inline sp_cx sp_dilog_series(sp_cx u) {
  const sp_cx u2 = u * u;
  sp_cx s(kDilogCoef[20], 0.0);
  for (int k = 19; k >= 2; --k) s = s * u2 + sp_cx(kDilogCoef[k], 0.0);
  return u + u2 * kDilogCoef[1] + s * u2 * u;
}

// Real Li2(w) for w <= 1.
__device__ inline double sp_dilog(double w) {
  if (w == 1.0) return kPi2Over6;
  if (w < -1.0) {
    const double l = ::log(-w);
    return -sp_dilog(1.0 / w) - kPi2Over6 - 0.5 * l * l;
  }
  if (w > 0.5) return -sp_dilog(1.0 - w) + kPi2Over6 - ::log(w) * ::log1p(-w);
  return sp_dilog_series(-::log1p(-w));
}

__device__ inline double sp_spence(double x) {
  if (isnan(x)) return x;
  if (x < 0.0) return sp_nan();
  if (x == 0.0) return kPi2Over6;
  if (isinf(x)) return sp_nan();  // SciPy's (the limit is -inf)
  if (x < 0.5) return kPi2Over6 - sp_dilog(x) - ::log(x) * ::log1p(-x);  // Li2(1-x) reflected
  return sp_dilog(1.0 - x);                                              // 1 - x exact on [0.5, 2]
}

__device__ inline sp_cx sp_dilog(sp_cx w) {
  if (w.re == 1.0 && w.im == 0.0) return sp_cx(kPi2Over6, 0.0);
  if (sp_cabs(w) > 1.0) {
    const sp_cx l = sp_clog(sp_cneg(w));
    return sp_cneg(sp_dilog(sp_crecip(w))) - sp_cx(kPi2Over6, 0.0) - l * l * 0.5;
  }
  const sp_cx omw(1.0 - w.re, -w.im);
  if (w.re > 0.5) return sp_cneg(sp_dilog(omw)) + sp_cx(kPi2Over6, 0.0) - sp_clog(w) * sp_clog(omw);
  return sp_dilog_series(sp_cneg(sp_clog(omw)));
}

__device__ inline sp_cx sp_spence(sp_cx z) {
  if (isnan(z.re) || isnan(z.im)) return sp_cx(sp_nan(), sp_nan());
  if (z.re == 0.0 && z.im == 0.0) return sp_cx(kPi2Over6, 0.0);
  const sp_cx omz(1.0 - z.re, -z.im);
  if (sp_cabs(z) < 0.5) {
    // Li2(1 - z) = pi^2/6 - Li2(z) - log z log(1 - z)
    return sp_cx(kPi2Over6, 0.0) - sp_dilog(z) - sp_clog(z) * sp_clog(omz);
  }
  return sp_dilog(omz);
}

}  // namespace cunp::special
