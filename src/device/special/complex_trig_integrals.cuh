// src/device/special/complex_trig_integrals.cuh -- sici and shichi of complex double z: the
// power series within |z| <= 2 (principal log z in Ci and Chi), beyond through E1:
// Si = pi/2 + (E1(iz) - E1(-iz)) / (2i), Ci = -(E1(iz) + E1(-iz)) / 2, Shi = (E1(z) - E1(-z)) / 2
// and Chi = -(E1(z) + E1(-z)) / 2 (DLMF 6.5), moved onto SciPy's branches: Si by -pi and Ci by
// +-i pi left of the imaginary axis, Shi and Chi by +-i pi/2 (the sign of Im z; on the negative
// real axis Ci's is +i pi and Chi's +3i pi/2 from below, as SciPy's).
#pragma once
#include "complex_arith.cuh"
#include "complex_expint.cuh"
#include "special_values.cuh"

namespace cunp::special {

// Si and Ci (hyperbolic: Shi and Chi) by their power series; `hyp` drops the alternating sign.
__device__ inline void sp_trig_integral_series(sp_cx z, bool hyp, sp_cx& s, sp_cx& c) {
  const double sign = hyp ? 1.0 : -1.0;
  sp_cx term = z, sum_s = z, sum_c(0.0, 0.0);
  for (int j = 2; j < 80; j += 2) {
    term = term * z * (sign / j);  // (+-1)^(j/2) z^j / j!
    sum_c = sum_c + term * (1.0 / j);
    term = term * z * (1.0 / (j + 1));
    const sp_cx ts = term * (1.0 / (j + 1));
    sum_s = sum_s + ts;
    if (sp_cabs(ts) < 1e-17 * sp_cabs(sum_s) && sp_cabs(term) < 1e-17) break;
  }
  s = sum_s;
  c = sp_cx(0.57721566490153286061, 0.0) + sp_clog(z) + sum_c;
}

__device__ inline void sp_sici(sp_cx z, sp_cx& si, sp_cx& ci) {
  if (isnan(z.re) || isnan(z.im)) {
    si = ci = sp_cx(sp_nan(), sp_nan());
    return;
  }
  const double pi = 3.14159265358979323846;
  if (z.re == 0.0 && z.im == 0.0) {
    si = z;
    ci = sp_cx(-sp_inf(), 0.0);
    return;
  }
  if (sp_cabs(z) <= 2.0) {
    sp_trig_integral_series(z, false, si, ci);
    return;
  }
  const sp_cx a = sp_exp1(sp_cx(-z.im, z.re)), b = sp_exp1(sp_cx(z.im, -z.re));  // E1(+-iz)
  const sp_cx d = a - b, e = a + b;
  si = sp_cx(0.5 * pi + 0.5 * d.im, -0.5 * d.re);  // pi/2 + d / (2i)
  ci = sp_cx(-0.5 * e.re, -0.5 * e.im);
  if (signbit(z.re)) {
    si.re -= pi;
    ci.im += z.im < 0.0 ? -pi : pi;
  }
}

__device__ inline void sp_shichi(sp_cx z, sp_cx& shi, sp_cx& chi) {
  if (isnan(z.re) || isnan(z.im)) {
    shi = chi = sp_cx(sp_nan(), sp_nan());
    return;
  }
  const double half_pi = 1.57079632679489661923;
  if (z.re == 0.0 && z.im == 0.0) {
    shi = z;
    chi = sp_cx(-sp_inf(), 0.0);
    return;
  }
  if (sp_cabs(z) <= 2.0) {
    sp_trig_integral_series(z, true, shi, chi);
    return;
  }
  const sp_cx a = sp_exp1(z), b = sp_exp1(sp_cneg(z));
  const double s = signbit(z.im) ? -1.0 : 1.0;
  shi = sp_cx(0.5 * (a.re - b.re), 0.5 * (a.im - b.im) + s * half_pi);
  chi = sp_cx(-0.5 * (a.re + b.re), -0.5 * (a.im + b.im) + s * half_pi);
  if (z.im == 0.0 && z.re < 0.0 && signbit(z.im)) chi.im += 2.0 * half_pi;
}

}  // namespace cunp::special
