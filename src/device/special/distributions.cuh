// src/device/special/distributions.cuh -- scipy.special's distribution functions in double:
// Poisson (pdtr*), chi-square (chdtr*), gamma (gdtr*), binomial (bdtr*), negative binomial
// (nbdtr*) and F (fdtr*), through the incomplete gamma and beta functions as Cephes writes them.
#pragma once
#include "incomplete_beta.cuh"
#include "incomplete_gamma.cuh"
#include "special_values.cuh"

namespace cunp::special {

// Integer arguments arrive as doubles (SciPy truncates float ones toward zero).
__device__ inline double sp_trunc_count(double v) { return ::trunc(v); }

__device__ inline double sp_pdtr(double k, double m) {
  if (k < 0.0 || m < 0.0) return sp_nan();
  if (m == 0.0) return 1.0;  // whatever k, NaN included (as SciPy)
  if (isnan(k) || isnan(m)) return k + m;
  return sp_gammaincc(::floor(k) + 1.0, m);
}

__device__ inline double sp_pdtrc(double k, double m) {
  if (k < 0.0 || m < 0.0) return sp_nan();
  if (m == 0.0) return 0.0;
  if (isnan(k) || isnan(m)) return k + m;
  return sp_gammainc(::floor(k) + 1.0, m);
}

__device__ inline double sp_pdtri(double k, double y) {
  if (isnan(k) || isnan(y)) return k + y;
  k = sp_trunc_count(k);
  if (k < 0.0 || isinf(k) || y < 0.0 || y >= 1.0) return sp_nan();
  return sp_gammainccinv(k + 1.0, y);
}

__device__ inline double sp_chdtr(double v, double x) {
  if (x < 0.0) return sp_nan();
  return sp_gammainc(0.5 * v, 0.5 * x);
}

__device__ inline double sp_chdtrc(double v, double x) {
  if (x < 0.0) return sp_nan();
  return sp_gammaincc(0.5 * v, 0.5 * x);
}

__device__ inline double sp_chdtri(double v, double y) {
  if (y < 0.0 || y > 1.0 || (isinf(v) && y > 0.0 && y < 1.0)) return sp_nan();
  return 2.0 * sp_gammainccinv(0.5 * v, y);
}

__device__ inline double sp_gdtr(double a, double b, double x) {
  if (x < 0.0) return sp_nan();
  return sp_gammainc(b, a * x);
}

__device__ inline double sp_gdtrc(double a, double b, double x) {
  if (x < 0.0) return sp_nan();
  return sp_gammaincc(b, a * x);
}

// P(at most k successes in n trials of probability p).
__device__ inline double sp_bdtr(double k, double n, double p) {
  if (isnan(k) || isnan(n) || isnan(p)) return k + n + p;
  n = sp_trunc_count(n);
  if (p < 0.0 || p > 1.0 || isinf(n)) return sp_nan();
  const double fk = ::floor(k);
  if (fk < 0.0 || n < fk) return sp_nan();
  if (fk == n) return 1.0;
  const double dn = n - fk;
  if (fk == 0.0) return ::pow(1.0 - p, dn);
  return sp_betainc(dn, fk + 1.0, 1.0 - p);
}

__device__ inline double sp_bdtrc(double k, double n, double p) {
  if (isnan(k) || isnan(n) || isnan(p)) return k + n + p;
  n = sp_trunc_count(n);
  if (p < 0.0 || p > 1.0 || isinf(n)) return sp_nan();
  const double fk = ::floor(k);
  if (fk < 0.0) return 1.0;
  if (n < fk) return sp_nan();
  if (fk == n) return 0.0;
  const double dn = n - fk;
  if (fk == 0.0) return p < 0.01 ? -::expm1(dn * ::log1p(-p)) : 1.0 - ::pow(1.0 - p, dn);
  return sp_betainc(fk + 1.0, dn, p);
}

// The p with bdtr(k, n, p) = y.
__device__ inline double sp_bdtri(double k, double n, double y) {
  if (isnan(k) || isnan(n) || isnan(y)) return k + n + y;
  n = sp_trunc_count(n);
  if (y < 0.0 || y > 1.0 || isinf(n)) return sp_nan();
  const double fk = ::floor(k);
  if (fk < 0.0 || n <= fk) return sp_nan();
  const double dn = n - fk;
  if (fk == 0.0) return y > 0.8 ? -::expm1(::log1p(y - 1.0) / dn) : 1.0 - ::pow(y, 1.0 / dn);
  const double dk = fk + 1.0;
  if (sp_betainc(dn, dk, 0.5) > 0.5) return sp_betaincinv(dk, dn, 1.0 - y);
  return 1.0 - sp_betaincinv(dn, dk, y);
}

// P(at most k failures before the n-th success).
__device__ inline double sp_nbdtr(double k, double n, double p) {
  if (isnan(k) || isnan(n) || isnan(p)) return k + n + p;
  k = sp_trunc_count(k);
  n = sp_trunc_count(n);
  if (p < 0.0 || p > 1.0 || k < 0.0 || !(n > 0.0) || isinf(n) || isinf(k)) return sp_nan();
  return sp_betainc(n, k + 1.0, p);
}

__device__ inline double sp_nbdtrc(double k, double n, double p) {
  if (isnan(k) || isnan(n) || isnan(p)) return k + n + p;
  k = sp_trunc_count(k);
  n = sp_trunc_count(n);
  if (p < 0.0 || p > 1.0 || k < 0.0 || !(n > 0.0) || isinf(n) || isinf(k)) return sp_nan();
  return sp_betainc(k + 1.0, n, 1.0 - p);
}

// The F distribution with a and b degrees of freedom.
__device__ inline double sp_fdtr(double a, double b, double x) {
  if (isnan(a) || isnan(b) || isnan(x)) return a + b + x;
  if (!(a > 0.0) || !(b > 0.0) || x < 0.0 || isinf(a) || isinf(b)) return sp_nan();
  const double w = a * x;
  return sp_betainc(0.5 * a, 0.5 * b, w / (b + w));
}

__device__ inline double sp_fdtrc(double a, double b, double x) {
  if (isnan(a) || isnan(b) || isnan(x)) return a + b + x;
  if (!(a > 0.0) || !(b > 0.0) || x < 0.0 || isinf(a) || isinf(b)) return sp_nan();
  return sp_betainc(0.5 * b, 0.5 * a, b / (b + a * x));
}

__device__ inline double sp_fdtri(double a, double b, double y) {
  if (isnan(a) || isnan(b) || isnan(y)) return a + b + y;
  if (!(a > 0.0) || !(b > 0.0) || y < 0.0 || y > 1.0 || isinf(a) || isinf(b)) return sp_nan();
  y = 1.0 - y;
  const double w0 = sp_betainc(0.5 * b, 0.5 * a, 0.5);
  if (w0 > y || y < 0.001) {
    const double w = sp_betaincinv(0.5 * b, 0.5 * a, y);
    return (b - b * w) / (a * w);
  }
  const double w = sp_betaincinv(0.5 * a, 0.5 * b, 1.0 - y);
  return b * w / (a * (1.0 - w));
}

}  // namespace cunp::special

namespace cunp::special {

// The success probability p with nbdtr(k, n, p) = y: nbdtr is I_p(n, k + 1), so p is that
// incomplete beta function's inverse in its argument.
__device__ inline double sp_nbdtri(double k, double n, double y) {
  if (isnan(k) || isnan(n) || isnan(y)) return k + n + y;
  k = sp_trunc_count(k);
  n = sp_trunc_count(n);
  if (y < 0.0 || y > 1.0 || k < 0.0 || !(n > 0.0) || isinf(n) || isinf(k)) return sp_nan();
  return sp_betaincinv(n, k + 1.0, y);
}

}  // namespace cunp::special
