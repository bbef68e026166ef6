// src/device/special/fresnel.cuh -- the Fresnel integrals S(z) = int_0^z sin(pi t^2 / 2) dt and
// C(z) = int_0^z cos(pi t^2 / 2) dt (fresnel, returned as S, C), real and complex: the power
// series within abs(z) <= 1, beyond through the error function (DLMF 7.5):
// S = (1+i)/4 (erf(u+) - i erf(u-)), C = (1-i)/4 (erf(u+) + i erf(u-)), u+- = (1 +- i) sqrt(pi) z / 2.
#pragma once
#include "complex_arith.cuh"
#include "faddeeva.cuh"
#include "special_values.cuh"

namespace cunp::special {

// S = sum (-1)^n (pi/2)^(2n+1) z^(4n+3) / ((2n+1)! (4n+3)), C = sum (-1)^n (pi/2)^(2n)
// z^(4n+1) / ((2n)! (4n+1)), for abs(z) <= 1 (terms fall by (pi/2)^2 / ((2n+1)(2n+2)) or faster).
__device__ inline void sp_fresnel_series(sp_cx z, sp_cx& s, sp_cx& c) {
  const double h = 1.57079632679489661923;
  const sp_cx z2 = z * z;
  sp_cx t = z;  // (-1)^n (pi/2)^(2n) z^(4n+1) / (2n)!, then the odd term
  sp_cx cs = z, ss(0.0, 0.0);
  for (int n = 0; n < 30; ++n) {
    const sp_cx to = t * z2 * (h / (2 * n + 1));  // (pi/2)^(2n+1) z^(4n+3) / (2n+1)!
    ss = ss + to * (1.0 / (4 * n + 3));
    t = to * z2 * (-h / (2 * n + 2));
    const sp_cx tc = t * (1.0 / (4 * n + 5));
    cs = cs + tc;
    if (sp_cabs(to) < 1e-17 * sp_cabs(ss) && sp_cabs(tc) < 1e-17 * sp_cabs(cs)) break;
  }
  s = ss;
  c = cs;
}

__device__ inline void sp_fresnel(sp_cx z, sp_cx& s, sp_cx& c) {
  if (isnan(z.re) || isnan(z.im)) {
    s = c = sp_cx(sp_nan(), sp_nan());
    return;
  }
  if (sp_cabs(z) <= 1.0) {
    sp_fresnel_series(z, s, c);
    return;
  }
  const double k = 0.88622692545275801365;               // sqrt(pi) / 2
  const sp_cx up = sp_cx(z.re - z.im, z.re + z.im) * k;  // (1 + i) z sqrt(pi)/2
  const sp_cx um = sp_cx(z.re + z.im, z.im - z.re) * k;  // (1 - i) z sqrt(pi)/2
  const sp_cx ep = sp_erf(up), em = sp_erf(um);
  const sp_cx a = ep - sp_cx(-em.im, em.re);              // erf(u+) - i erf(u-)
  const sp_cx b = ep + sp_cx(-em.im, em.re);              // erf(u+) + i erf(u-)
  s = sp_cx(0.25 * (a.re - a.im), 0.25 * (a.re + a.im));  // (1 + i) a / 4
  c = sp_cx(0.25 * (b.re + b.im), 0.25 * (b.im - b.re));  // (1 - i) b / 4
}

__device__ inline void sp_fresnel(double x, double& s, double& c) {
  if (isnan(x)) {
    s = c = x;
    return;
  }
  if (isinf(x)) {
    s = c = ::copysign(0.5, x);
    return;
  }
  sp_cx cs, cc;
  sp_fresnel(sp_cx(x, 0.0), cs, cc);
  s = cs.re;
  c = cc.re;
}

}  // namespace cunp::special
