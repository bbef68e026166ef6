// src/device/special/carlson.cuh -- Carlson's symmetric elliptic integrals R_F and R_D in double
// by the duplication theorem (Carlson, "Numerical computation of real or complex elliptic
// integrals", 1995): each step quarters the spread of the arguments, and once it is below the
// tolerance a fifth-order Taylor series in the normalized deviations finishes (error ~ tol^6).
// The Legendre integrals (ellipe, ellipkinc, ellipeinc) are written through them, which keeps one
// algorithm for every parameter m <= 1 and for the amplitude's whole range.
#pragma once
#include "special_values.cuh"

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

// scipy.special's elliprf, elliprd, elliprc, elliprg for real arguments: NaN outside the
// domains (negative arguments; more than one zero in R_F; a zero z in R_D), the limits at
// infinity, and R_C's Cauchy principal value for y < 0.
__device__ inline double sp_elliprf(double x, double y, double z) {
  if (isnan(x) || isnan(y) || isnan(z)) return x + y + z;
  if (x < 0.0 || y < 0.0 || z < 0.0) return sp_nan();
  if (isinf(x) || isinf(y) || isinf(z)) return 0.0;
  if ((x == 0.0) + (y == 0.0) + (z == 0.0) > 1) return sp_inf();
  return sp_carlson_rf(x, y, z);
}

__device__ inline double sp_elliprd(double x, double y, double z) {
  if (isnan(x) || isnan(y) || isnan(z)) return x + y + z;
  if (x < 0.0 || y < 0.0 || z < 0.0) return sp_nan();
  if (z == 0.0) return sp_inf();  // SciPy's order of the edge cases
  if (isinf(x) || isinf(y) || isinf(z)) return 0.0;
  if (x == 0.0 && y == 0.0) return sp_inf();
  return sp_carlson_rd(x, y, z);
}

__device__ inline double sp_elliprc(double x, double y) {
  // SciPy's order of the edge cases: NaN x or x < 0 or y = 0 first, an infinite x next
  // (0, even beside a NaN y), then NaN y.
  if (isnan(x)) return x;
  if (x < 0.0 || y == 0.0) return sp_nan();
  if (isinf(x)) return y < 0.0 ? sp_nan() : 0.0;
  if (isnan(y)) return y;
  if (isinf(y)) return 0.0;
  if (y > 0.0) return x == 0.0 ? 1.57079632679489661923 / ::sqrt(y) : sp_carlson_rf(x, y, y);
  // principal value: sqrt(x / (x - y)) R_C(x - y, -y)
  return ::sqrt(x / (x - y)) * sp_carlson_rf(x - y, -y, -y);
}

// R_G = (z R_F - (x - z)(y - z) R_D / 3 + sqrt(x y / z)) / 2 with z the median argument, so
// that (x - z)(y - z) <= 0 and no term cancels.
__device__ inline double sp_elliprg(double x, double y, double z) {
  if (isnan(x) || isnan(y) || isnan(z)) return x + y + z;
  if (x < 0.0 || y < 0.0 || z < 0.0) return sp_nan();
  if (isinf(x) || isinf(y) || isinf(z)) return sp_inf();
  // sort: x <= y <= z, then put the median last
  if (x > y) {
    const double t = x;
    x = y;
    y = t;
  }
  if (y > z) {
    const double t = y;
    y = z;
    z = t;
  }
  if (x > y) {
    const double t = x;
    x = y;
    y = t;
  }
  if (y == 0.0) return 0.5 * ::sqrt(z);  // two zeros
  const double m = y;
  y = z;
  z = m;
  const double w = x == 0.0 ? 0.0 : ::sqrt(x) * ::sqrt(y) / ::sqrt(z);
  const double p = (x - z) * (y - z);
  const double d = p == 0.0 ? 0.0 : p * sp_carlson_rd(x, y, z) / 3.0;
  return 0.5 * (z * sp_carlson_rf(x, y, z) - d + w);
}

}  // namespace cunp::special
