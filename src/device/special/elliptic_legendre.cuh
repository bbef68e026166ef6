// src/device/special/elliptic_legendre.cuh -- Legendre's elliptic integrals beyond K, in double:
// the complete integral of the second kind E(m) (ellipe) and the incomplete integrals F(phi|m)
// (ellipkinc) and E(phi|m) (ellipeinc), through Carlson's R_F and R_D. An amplitude beyond
// +-pi/2 is reduced by the period: F(phi + n pi) = F(phi) + 2 n K(m), likewise for E.
#pragma once
#include "carlson.cuh"
#include "elliptic.cuh"
#include "special_values.cuh"

namespace cunp::special {

// E(m) = 2 R_G(0, 1-m, 1) for m <= 1, NaN above, inf at -inf; R_G with the smallest nonzero
// argument last, p (R_F(0, 1, p) + (1 - p)/3 R_D(0, 1, p)) for p = 1 - m < 1, is a sum of two
// positive terms (R_F(0, 1-m, 1) - m/3 R_D(0, 1-m, 1) cancels near m = 1).
__device__ inline double sp_ellipe(double m) {
  if (isnan(m)) return m;
  if (m > 1.0) return sp_nan();
  if (m == 1.0) return 1.0;
  if (isinf(m)) return sp_inf();
  const double p = 1.0 - m;
  if (p >= 1.0) return sp_carlson_rf(0.0, p, 1.0) - m / 3.0 * sp_carlson_rd(0.0, p, 1.0);
  return p * (sp_carlson_rf(0.0, 1.0, p) + (1.0 - p) / 3.0 * sp_carlson_rd(0.0, 1.0, p));
}

// The amplitude phi as phi_r + n pi with |phi_r| <= pi/2; n is a double (phi may be huge).
__device__ inline double sp_amplitude_periods(double phi, double* reduced) {
  const double n = ::rint(phi * 0.31830988618379067154);
  // pi in two parts so that phi - n pi stays exact for moderate n.
  *reduced = (phi - n * 3.141592653589793116) - n * 1.2246467991473532e-16;
  return n;
}

// 1 - m sin^2 phi, as cos^2 phi + (1 - m) sin^2 phi for 0 < m < 1: two positive terms, where
// the difference would lose digits as m sin^2 phi nears 1.
__device__ inline double sp_delta_squared(double s, double c, double m) {
  if (m <= 0.0) return 1.0 - m * s * s;
  return c * c + (1.0 - m) * (s * s);
}

// F(phi|m) for |phi| <= pi/2, m < 1: sin(phi) R_F(cos^2 phi, 1 - m sin^2 phi, 1).
__device__ inline double sp_ellipf_reduced(double phi, double m) {
  const double s = ::sin(phi), c = ::cos(phi);
  if (s == 0.0) return phi;
  return s * sp_carlson_rf(c * c, sp_delta_squared(s, c, m), 1.0);
}

__device__ inline double sp_ellipkinc(double phi, double m) {
  if (isnan(phi) || isnan(m)) return phi + m;
  if (m == -sp_inf()) return isinf(phi) ? sp_nan() : (phi == 0.0 ? phi : 0.0);
  if (m > 1.0) return sp_nan();  // SciPy's domain, although F is real for m sin^2 phi <= 1
  if (isinf(phi)) return phi;
  if (phi == 0.0) return phi;
  const double half_pi = 1.57079632679489661923;
  if (m == 1.0) {
    if (::fabs(phi) >= half_pi) return sp_inf();  // unsigned, as SciPy's
    return ::asinh(::tan(phi));                   // F(phi|1) = gd^-1(phi)
  }
  double r;
  const double n = sp_amplitude_periods(phi, &r);
  const double f = sp_ellipf_reduced(r, m);
  return n == 0.0 ? f : f + 2.0 * n * sp_ellipk(m);
}

// E(phi|m) for |phi| <= pi/2, m < 1 (d = 1 - m s^2 > 0): for m < 0 Legendre's form
// s R_F(c^2, d, 1) - m s^3 / 3 R_D(c^2, d, 1) adds two positive terms; for 0 < m < 1 it cancels
// near m s^2 = 1, and DLMF 19.25.10, scaled to these arguments, has three positive terms:
// (1 - m) s R_F(c^2, d, 1) + m (1 - m) s^3 / 3 R_D(c^2, 1, d) + m s |c| / sqrt(d).
__device__ inline double sp_ellipe_reduced(double phi, double m) {
  const double s = ::sin(phi), c = ::cos(phi);
  if (s == 0.0 || m == 0.0) return phi;
  const double d = sp_delta_squared(s, c, m), cc = c * c;
  if (m < 0.0)
    return s * sp_carlson_rf(cc, d, 1.0) - m * s * s * s / 3.0 * sp_carlson_rd(cc, d, 1.0);
  const double q = 1.0 - m;
  return q * s * sp_carlson_rf(cc, d, 1.0) + m * q * s * s * s / 3.0 * sp_carlson_rd(cc, 1.0, d) +
         m * s * ::fabs(c) / ::sqrt(d);
}

__device__ inline double sp_ellipeinc(double phi, double m) {
  if (isnan(phi) || isnan(m)) return phi + m;
  if (m == -sp_inf()) return isinf(phi) ? sp_nan() : (phi == 0.0 ? phi : ::copysign(sp_inf(), phi));
  if (m > 1.0) return sp_nan();
  if (isinf(phi)) return phi;
  if (phi == 0.0) return phi;
  double r;
  const double n = sp_amplitude_periods(phi, &r);
  const double e = m == 1.0 ? ::sin(r) : sp_ellipe_reduced(r, m);
  return n == 0.0 ? e : e + 2.0 * n * sp_ellipe(m);
}

}  // namespace cunp::special
