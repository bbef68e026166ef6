// src/device/special/jacobi_elliptic.cuh -- the Jacobian elliptic functions sn, cn, dn and the
// amplitude ph of real u for 0 <= m <= 1 (ellipj), by the descending Landen transformation
// (the arithmetic-geometric mean, Abramowitz & Stegun 16.4): the AGM's steps scale u to an
// amplitude 2^N a_N u, which the recursion phi_{n-1} = (phi_n + asin(c_n/a_n sin phi_n)) / 2
// brings back down. Near m = 0 and m = 1 the expansions of A&S 16.13 and 16.15 keep the digits
// that sqrt(m) and sqrt(1 - m) would lose. Outside [0, 1] all four are NaN, as in SciPy.
#pragma once
#include "special_values.cuh"

namespace cunp::special {

__device__ inline void sp_ellipj(double u, double m, double& sn, double& cn, double& dn,
                                 double& ph) {
  if (isnan(u) || isnan(m) || m < 0.0 || m > 1.0) {
    sn = cn = dn = ph = sp_nan();
    return;
  }
  if (m < 1e-9) {  // A&S 16.13: first order in m
    const double t = ::sin(u), b = ::cos(u);
    const double ai = 0.25 * m * (u - t * b);
    sn = t - ai * b;
    cn = b + ai * t;
    ph = u - ai;
    dn = 1.0 - 0.5 * m * t * t;
    return;
  }
  if (m >= 0.9999999999) {  // A&S 16.15: first order in m1 = 1 - m, written with sech u so
                            // that no cosh^2 overflows
    const double q = 0.25 * (1.0 - m);
    const double t = ::tanh(u), sech = 1.0 / ::cosh(u), sh = ::sinh(u);
    sn = t + q * (t - u * sech * sech);
    cn = sech - q * t * (sh - u * sech);
    dn = sech + q * t * (sh + u * sech);
    ph = 2.0 * ::atan(::exp(u)) - 1.57079632679489661923 + q * (sh - u * sech);
    return;
  }
  double a[10], c[10];
  a[0] = 1.0;
  double b = ::sqrt(1.0 - m);
  c[0] = ::sqrt(m);
  double twon = 1.0;
  int i = 0;
  while (::fabs(c[i] / a[i]) > 1.1102230246251565e-16 && i < 9) {
    const double ai = a[i];
    ++i;
    c[i] = 0.5 * (ai - b);
    const double t = ::sqrt(ai * b);
    a[i] = 0.5 * (ai + b);
    b = t;
    twon *= 2.0;
  }
  double phi = twon * a[i] * u;
  for (; i > 0; --i) {
    const double t = c[i] * ::sin(phi) / a[i];
    phi = 0.5 * (::asin(t) + phi);
  }
  sn = ::sin(phi);
  cn = ::cos(phi);
  // dn^2 = 1 - m sn^2 = (1 - m) + m cn^2: two non-negative terms, so no cancellation where
  // m sn^2 is near 1 (cos(phi_0) / cos(phi_1 - phi_0) would lose cn's relative accuracy).
  dn = ::sqrt((1.0 - m) + m * cn * cn);
  ph = phi;
}

}  // namespace cunp::special
