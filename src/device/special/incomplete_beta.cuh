// src/device/special/incomplete_beta.cuh -- the regularized incomplete beta function I_x(a, b)
// (betainc) by its continued fraction, and its inverse in x (betaincinv) by Halley's iteration.
#pragma once
#include "double_double.cuh"
#include "gamma_function.cuh"
#include "special_values.cuh"

namespace cunp::special {

// e^mu(z), mu being Stirling's correction log Gamma(z) - (z - 1/2) log z + z - log(2 pi)/2: its
// series from z = 10, below that Gamma(z) e^z / (z^(z - 1/2) sqrt(2 pi)), a product of factors
// within a few ulp (mu's derivative is small, so z's rounding moves it little).
__device__ inline double sp_exp_stirling_correction(double z) {
  if (z >= 10.0) return ::exp(sp_stirling_correction(z));
  return ::tgamma(z) * ::exp(z) / (::pow(z, z - 0.5) * 2.5066282746310005024);
}

// x^a y^b / B(a, b) for y = 1 - x, given exactly as a double-double (1 - x rounds for x < 1/2,
// by up to b/2 ulp of y^b). From a, b >= 10 near the mean x0 = a/(a + b), by Stirling's formula
// (Boost's ibeta_power_terms idea):
//   sqrt(a b / (2 pi (a + b))) exp(a log1pmx(x/x0 - 1) + b log1pmx(y/y0 - 1) + mu(a + b) - mu(a)
//   - mu(b)),
// the linear terms of the two logarithms cancelling exactly; the exponent, hundreds in size, is
// summed in double-double. Elsewhere, while representable, the product pow * pow / B(a, b), where
// exp(a log x + b log y - log B(a, b)) rounds a sum as large (400 ulp at a, b = 76, 47).
__device__ inline double sp_ibeta_power_terms(double a, double b, double x, sp_dd y) {
  if (a >= 10.0 && b >= 10.0) {
    const sp_dd c = sp_dd_two_sum(a, b);
    // x/x0 - 1 = (x c - a)/a and y/y0 - 1 = (y c - b)/b, each to about 106 bits.
    const sp_dd t = sp_dd_div(sp_dd_add(sp_dd_mul(c, x), {-a, 0.0}), a);
    const sp_dd u = sp_dd_div(sp_dd_add(sp_dd_mul(c, y), {-b, 0.0}), b);
    if (::fabs(t.hi) <= 0.5 && ::fabs(u.hi) <= 0.5) {
      const sp_dd e = sp_dd_add(sp_a_log1pmx(a, t), sp_a_log1pmx(b, u));
      const double mu = sp_stirling_correction(c.hi) - sp_stirling_correction(a) -
                        sp_stirling_correction(b);
      return ::exp(e.hi) * ::exp(e.lo + mu) * ::sqrt(a / c.hi * b * 0.15915494309189533577);
    }
  }
  // x^a y^b / B(a, b) = sqrt(a b / (2 pi c)) (x c/a)^a (y c/b)^b e^mu(c) / (e^mu(a) e^mu(b)),
  // c = a + b, with the ratios in double-double (pow at their doubles, moved to first order by
  // the rest): no large sum is exponentiated, and nothing overflows while the two powers do not
  // (B itself overflows Gamma from a + b = 171 on).
  const sp_dd c = sp_dd_two_sum(a, b);
  const sp_dd r1 = sp_dd_div(sp_dd_mul(c, x), a), r2 = sp_dd_div(sp_dd_mul(c, y), b);
  if (::fabs(a * ::log(r1.hi)) < 700.0 && ::fabs(b * ::log(r2.hi)) < 700.0) {
    const double p1 = ::pow(r1.hi, a) * (1.0 + a * (r1.lo / r1.hi));
    const double p2 = ::pow(r2.hi, b) * (1.0 + b * (r2.lo / r2.hi));
    return ::sqrt(a / c.hi * b * 0.15915494309189533577) * p1 * p2 *
           (sp_exp_stirling_correction(c.hi) /
            (sp_exp_stirling_correction(a) * sp_exp_stirling_correction(b)));
  }
  const double lx = a * ::log(x), ly = b * ::log(y.hi);
  const sp_dd s = c;
  if (s.hi < 171.0 && ::fabs(lx) < 700.0 && ::fabs(ly) < 700.0) {
    // Gamma(a + b) at the rounded sum, moved by psi(s) times the sum's rounding error (a + b
    // rounds by up to s eps / 2, which Gamma turns into psi(s) s eps / 2: 250 ulp at s = 106).
    // log s - 1/(2s) stands in for psi: its error times that rounding stays below 0.1 ulp.
    const double big = a > b ? a : b, small = a > b ? b : a;
    const double psi = ::log(s.hi) - 0.5 / s.hi;
    const double beta = ::tgamma(big) / ::tgamma(s.hi) * ::tgamma(small) * (1.0 - psi * s.lo);
    // y^b = y.hi^b (1 + y.lo/y.hi)^b, the second factor to first order (y.lo <= eps y.hi / 2).
    return ::pow(x, a) * (::pow(y.hi, b) * (1.0 + b * (y.lo / y.hi))) / beta;
  }
  return ::exp(lx + b * ::log1p(-x) - sp_betaln(a, b));
}

// The continued fraction of I_x(a, b) = x^a (1-x)^b / (a B(a, b)) * h, h returned, evaluated by
// the modified Lentz method; converges quickly for x < (a + 1) / (a + b + 2).
__device__ inline double sp_ibeta_fraction(double a, double b, double x) {
  const double tiny = 1e-300;
  const double qab = a + b, qap = a + 1.0, qam = a - 1.0;
  double c = 1.0, d = 1.0 - qab * x / qap;
  if (::fabs(d) < tiny) d = tiny;
  d = 1.0 / d;
  double h = d;
  int depth = 0;
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
    if (::fabs(del - 1.0) < 1.1e-16) {
      depth = m;
      break;
    }
  }
  // Summed again from the innermost level out (1/(1 + d_1/(1 + d_2/(1 + ...))), d_2m =
  // m (b - m) x / ((a + 2m - 1)(a + 2m)), d_2m+1 = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1))),
  // which damps each level's rounding where Lentz's running product carries them all.
  if (depth == 0) return h;
  depth += depth / 2 + 4;  // past Lentz's stop, as gammaincc's fraction (its tail shrinks slowly)
  double t = 1.0;
  for (int m = depth; m >= 0; --m) {
    t = 1.0 - (a + m) * (qab + m) * x / ((a + 2.0 * m) * (a + 2.0 * m + 1.0)) / t;
    if (m > 0) t = 1.0 + m * (b - m) * x / ((a + 2.0 * m - 1.0) * (a + 2.0 * m)) / t;
  }
  return 1.0 / t;
}

// I_x(a, b) for b < 1 by its power series x^a / (a B(a, b)) (1 + a sum over n >= 1 of
// (1-b)_n x^n / (n! (a + n))), whose terms are all positive there; `front` is x^a y^b / B(a, b)
// and yb = y^b. Past the mean the continued fraction gives 1 - I, and for small b the mass sits
// near x = 1, so I can be small there: 1 - (1 - I) lost up to 700 ulp (a = 2.3, b = 0.018,
// x = 0.77). The terms fall like x^n / n^(1+b): false where 20000 of them do not reach eps
// (x above ~0.998), and 1 - rest serves.
__device__ inline bool sp_ibeta_small_b_series(double a, double b, double x, double front,
                                               double yb, double& r) {
  // The running product (1-b)_n x^n / n! is carried in double-double: over thousands of terms
  // (x near 1) its roundings in double would add up to tens of ulp.
  sp_dd term = {1.0, 0.0};
  double sum = 0.0, carry = 0.0;  // Kahan-compensated sum
  for (int n = 1; n < 20000; ++n) {
    term = sp_dd_div(sp_dd_mul(sp_dd_mul(term, x), sp_dd_two_sum(n, -b)), n);
    const double t = (term.hi + term.lo) / (a + n);
    const double yk = t - carry, next = sum + yk;
    carry = (next - sum) - yk;
    sum = next;
    if (t < 1e-17 * sum) {
      r = front / yb / a * (1.0 + a * sum);
      return true;
    }
  }
  return false;
}

__device__ inline double sp_betainc(double a, double b, double x) {
  if (isnan(a) || isnan(b) || isnan(x)) return a + b + x;
  if (a < 0.0 || b < 0.0 || x < 0.0 || x > 1.0 || (a == 0.0 && b == 0.0)) return sp_nan();
  if (isinf(a) && isinf(b)) return sp_nan();
  if (x == 0.0) return 0.0;
  if (x == 1.0) return 1.0;
  if (a == 0.0 || b == sp_inf()) return 1.0;
  if (b == 0.0 || a == sp_inf()) return 0.0;
  const sp_dd y = sp_dd_two_sum(1.0, -x);
  const double front = sp_ibeta_power_terms(a, b, x, y);
  if (x < (a + 1.0) / (a + b + 2.0)) return front / a * sp_ibeta_fraction(a, b, x);
  const double rest = front / b * sp_ibeta_fraction(b, a, y.hi);  // 1 - I
  double r;
  // 1 - rest loses rest / (1 - rest) times rest's few ulp; the series (double-double running
  // product, compensated sum) stays within a few ulp where it converges.
  if (b < 1.0 && rest > 0.5) {
    const double yb = ::pow(y.hi, b) * (1.0 + b * (y.lo / y.hi));
    if (yb > 0.0 && sp_ibeta_small_b_series(a, b, x, front, yb, r)) return r;
  }
  return 1.0 - rest;
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
