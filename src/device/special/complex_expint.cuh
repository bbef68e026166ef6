// src/device/special/complex_expint.cuh -- the exponential integrals E1 and Ei of complex
// double z. E1: the ascending series -gamma - log z - sum (-z)^k / (k k!) near 0 and near the
// negative real axis within |z| <= 40 (there E1 ~ e^|z| is as large as the terms); the
// continued fraction E1(z) = e^-z / (z + 1/(1 + 1/(z + 2/(1 + ...)))) by Lentz's method
// elsewhere. Ei(z) = -E1(-z) + i pi sign(Im z) (SciPy's convention on the real axis: the
// real Ei for x > 0 with Im = +-0, and the limit of -E1(-z) from Im z's side for x < 0).
#pragma once
#include "complex_arith.cuh"
#include "special_values.cuh"

namespace cunp::special {

__device__ inline sp_cx sp_exp1(sp_cx z) {
  if (isnan(z.re) || isnan(z.im)) return sp_cx(sp_nan(), sp_nan());
  if (z.re == 0.0 && z.im == 0.0) return sp_cx(sp_inf(), 0.0);
  const double az = sp_cabs(z);
  if (az <= 2.0 || (z.re < 0.0 && ::fabs(z.im) <= 4.0 && az <= 40.0)) {
    sp_cx term(1.0, 0.0), sum(0.0, 0.0);
    for (int k = 1; k < 500; ++k) {
      term = term * sp_cx(-z.re / k, -z.im / k);  // (-z)^k / k!
      const sp_cx t = term * (1.0 / k);
      sum = sum + t;
      if (sp_cabs(t) < 1e-17 * sp_cabs(sum)) break;
    }
    return sp_cx(-0.57721566490153286061, 0.0) - sp_clog(z) - sum;
  }
  // Lentz on z + 1/(1 + 1/(z + 2/(1 + 2/(z + ...)))) written as the even contraction
  // 1/(z+1-) 1/(z+3-) 4/(z+5-) ...: E1 = e^-z h.
  const double tiny = 1e-300;
  sp_cx b = z + sp_cx(1.0, 0.0);
  sp_cx c(1.0 / tiny, 0.0), d = sp_crecip(b), h = d;
  for (int i = 1; i < 5000; ++i) {
    const double a = -static_cast<double>(i) * i;
    b = b + sp_cx(2.0, 0.0);
    d = sp_crecip(d * a + b);
    c = b + sp_cdiv(sp_cx(a, 0.0), c);
    const sp_cx del = c * d;
    h = h * del;
    if (::fabs(del.re - 1.0) + ::fabs(del.im) < 1e-16) break;
  }
  return h * sp_cexp(sp_cneg(z));
}

__device__ inline sp_cx sp_expi(sp_cx z) {
  if (isnan(z.re) || isnan(z.im)) return sp_cx(sp_nan(), sp_nan());
  const sp_cx e = sp_cneg(sp_exp1(sp_cneg(z)));
  const double pi = 3.14159265358979323846;
  if (z.im > 0.0) return sp_cx(e.re, e.im + pi);
  if (z.im < 0.0) return sp_cx(e.re, e.im - pi);
  if (z.re > 0.0) return sp_cx(e.re, e.im + (signbit(z.im) ? -pi : pi));
  return e;
}

}  // namespace cunp::special
