// src/device/special/carlson.cuh -- Carlson's symmetric elliptic integrals R_F and R_D in double
// by the duplication theorem (Carlson, "Numerical computation of real or complex elliptic
// integrals", 1995): each step quarters the spread of the arguments, and once it is below the
// tolerance a fifth-order Taylor series in the normalized deviations finishes (error ~ tol^6).
// The Legendre integrals (ellipe, ellipkinc, ellipeinc) are written through them, which keeps one
// algorithm for every parameter m <= 1 and for the amplitude's whole range.
#pragma once

namespace cunp::special {

// R_F(x, y, z) = 1/2 int_0^inf dt / sqrt((t+x)(t+y)(t+z)), for x, y, z >= 0, at most one zero.
__device__ inline double sp_carlson_rf(double x, double y, double z) {
  double ave = 0.0, dx = 0.0, dy = 0.0, dz = 0.0;
  for (int i = 0; i < 100; ++i) {
    const double sx = ::sqrt(x), sy = ::sqrt(y), sz = ::sqrt(z);
    const double lam = sx * (sy + sz) + sy * sz;
    x = 0.25 * (x + lam);
    y = 0.25 * (y + lam);
    z = 0.25 * (z + lam);
    ave = (x + y + z) / 3.0;
    dx = (ave - x) / ave;
    dy = (ave - y) / ave;
    dz = (ave - z) / ave;
    if (::fmax(::fabs(dx), ::fmax(::fabs(dy), ::fabs(dz))) < 1e-3) break;
  }
  const double e2 = dx * dy - dz * dz, e3 = dx * dy * dz;
  return (1.0 + (e2 / 24.0 - 0.1 - 3.0 / 44.0 * e3) * e2 + e3 / 14.0) / ::sqrt(ave);
}

// R_D(x, y, z) = 3/2 int_0^inf dt / ((t+z) sqrt((t+x)(t+y)(t+z))), x, y >= 0 (not both 0), z > 0.
__device__ inline double sp_carlson_rd(double x, double y, double z) {
  double sum = 0.0, fac = 1.0, ave = 0.0, dx = 0.0, dy = 0.0, dz = 0.0;
  for (int i = 0; i < 100; ++i) {
    const double sx = ::sqrt(x), sy = ::sqrt(y), sz = ::sqrt(z);
    const double lam = sx * (sy + sz) + sy * sz;
    sum += fac / (sz * (z + lam));
    fac *= 0.25;
    x = 0.25 * (x + lam);
    y = 0.25 * (y + lam);
    z = 0.25 * (z + lam);
    ave = 0.2 * (x + y + 3.0 * z);
    dx = (ave - x) / ave;
    dy = (ave - y) / ave;
    dz = (ave - z) / ave;
    if (::fmax(::fabs(dx), ::fmax(::fabs(dy), ::fabs(dz))) < 1e-3) break;
  }
  const double c1 = 3.0 / 14.0, c2 = 1.0 / 6.0, c3 = 9.0 / 22.0, c4 = 3.0 / 26.0;
  const double c5 = 0.25 * c3, c6 = 1.5 * c4;
  const double ea = dx * dy, eb = dz * dz, ec = ea - eb, ed = ea - 6.0 * eb, ee = ed + ec + ec;
  const double series = 1.0 + ed * (-c1 + c5 * ed - c6 * dz * ee) +
                        dz * (c2 * ee + dz * (-c3 * ec + dz * c4 * ea));
  return 3.0 * sum + fac * series / (ave * ::sqrt(ave));
}

}  // namespace cunp::special
