// src/device/special/incomplete_beta.cuh -- the regularized incomplete beta function I_x(a, b)
// (betainc) by its continued fraction, and its inverse in x (betaincinv) by Halley's iteration.
#pragma once
#include "gamma_function.cuh"
#include "special_values.cuh"

namespace cunp::special {

// x^a (1-x)^b / (a B(a, b)) times the continued fraction of I_x(a, b), evaluated by the
// modified Lentz method; converges quickly for x < (a + 1) / (a + b + 2).
__device__ inline double sp_ibeta_fraction(double a, double b, double x, double y) {
  const double tiny = 1e-300;
  const double qab = a + b, qap = a + 1.0, qam = a - 1.0;
  double c = 1.0, d = 1.0 - qab * x / qap;
  if (::fabs(d) < tiny) d = tiny;
  d = 1.0 / d;
  double h = d;
  for (int m = 1; m < 100000; ++m) {
    const double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1.0 + aa * d;
    if (::fabs(d) < tiny) d = tiny;
    c = 1.0 + aa / c;
    if (::fabs(c) < tiny) c = tiny;
    d = 1.0 / d;
    h *= d * c;
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
    d = 1.0 + aa * d;
    if (::fabs(d) < tiny) d = tiny;
    c = 1.0 + aa / c;
    if (::fabs(c) < tiny) c = tiny;
    d = 1.0 / d;
    const double del = d * c;
    h *= del;
    if (::fabs(del - 1.0) < 1.1e-16) break;
  }
  // y = 1 - x is passed in so that it is exact where the caller has it exactly.
  return ::exp(a * ::log(x) + b * ::log(y) - sp_betaln(a, b)) / a * h;
}

__device__ inline double sp_betainc(double a, double b, double x) {
  if (isnan(a) || isnan(b) || isnan(x)) return a + b + x;
  if (a < 0.0 || b < 0.0 || x < 0.0 || x > 1.0 || (a == 0.0 && b == 0.0)) return sp_nan();
  if (isinf(a) && isinf(b)) return sp_nan();
  if (x == 0.0) return 0.0;
  if (x == 1.0) return 1.0;
  if (a == 0.0 || b == sp_inf()) return 1.0;
  if (b == 0.0 || a == sp_inf()) return 0.0;
  const double y = 1.0 - x;
  if (x < (a + 1.0) / (a + b + 2.0)) return sp_ibeta_fraction(a, b, x, y);
  return 1.0 - sp_ibeta_fraction(b, a, y, x);
}

// The x with I_x(a, b) = p: Numerical Recipes' starting values (a normal deviate through
// Abramowitz & Stegun 26.5.22 for a, b >= 1; the power-law ends otherwise), then Halley steps
// kept inside (0, 1).
__device__ inline double sp_betaincinv(double a, double b, double p) {
  if (isnan(a) || isnan(b) || isnan(p)) return a + b + p;
  if (!(a > 0.0) || !(b > 0.0) || p < 0.0 || p > 1.0) return sp_nan();
  if (p == 0.0) return 0.0;
  if (p == 1.0) return 1.0;
  const double a1 = a - 1.0, b1 = b - 1.0;
  double x;
  if (a >= 1.0 && b >= 1.0) {
    const double pp = p < 0.5 ? p : 1.0 - p;
    const double t = ::sqrt(-2.0 * ::log(pp));
    double z = (2.30753 + t * 0.27061) / (1.0 + t * (0.99229 + t * 0.04481)) - t;
    if (p < 0.5) z = -z;
    const double al = (z * z - 3.0) / 6.0;
    const double h = 2.0 / (1.0 / (2.0 * a - 1.0) + 1.0 / (2.0 * b - 1.0));
    const double w = z * ::sqrt(al + h) / h - (1.0 / (2.0 * b - 1.0) - 1.0 / (2.0 * a - 1.0)) *
                                                  (al + 5.0 / 6.0 - 2.0 / (3.0 * h));
    x = a / (a + b * ::exp(2.0 * w));
  } else {
    const double lna = ::log(a / (a + b)), lnb = ::log(b / (a + b));
    const double t = ::exp(a * lna) / a, u = ::exp(b * lnb) / b, w = t + u;
    x = p < t / w ? ::pow(a * w * p, 1.0 / a) : 1.0 - ::pow(b * w * (1.0 - p), 1.0 / b);
  }
  if (!(x > 0.0)) x = 1e-300;
  if (!(x < 1.0)) x = 1.0 - 1e-16;
  const double afac = -sp_betaln(a, b);
  for (int it = 0; it < 60; ++it) {
    if (x == 0.0 || x == 1.0) break;
    const double err = sp_betainc(a, b, x) - p;
    const double dens = ::exp(a1 * ::log(x) + b1 * ::log1p(-x) + afac);  // dI/dx
    if (!(dens > 0.0) || isinf(dens)) break;
    const double u = err / dens;
    const double t = u / (1.0 - 0.5 * ::fmin(1.0, u * (a1 / x - b1 / (1.0 - x))));
    double next = x - t;
    if (next <= 0.0) next = 0.5 * x;
    if (next >= 1.0) next = 0.5 * (x + 1.0);
    const bool done = ::fabs(next - x) <= 2e-16 * next;
    x = next;
    if (done) break;
  }
  return x;
}

}  // namespace cunp::special
