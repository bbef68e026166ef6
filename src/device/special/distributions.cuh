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

namespace cunp::special {

// Student's t distribution: P(T <= t) with df degrees of freedom, through the incomplete beta
// function with the argument that keeps the small tail exact: (1/2) I_(df/(df+t^2))(df/2, 1/2)
// in the tail, 1/2 + (1/2) I_(t^2/(df+t^2))(1/2, df/2) near the centre.
__device__ inline double sp_stdtr(double df, double t) {
  if (isnan(df) || isnan(t)) return df + t;
  if (!(df > 0.0)) return sp_nan();
  if (isinf(t)) return t > 0 ? 1.0 : 0.0;
  // Beyond 1e20 degrees of freedom t's distribution is the normal one to double precision.
  // (Between 1e5 and there the incomplete beta function's large parameters cost digits:
  // ~1e-11 relative at 1e5.)
  if (df > 1e20) return 0.5 * ::erfc(-t * 0.70710678118654752440);
  const double t2 = t * t;
  double tail;
  if (t2 > df) {
    tail = 0.5 * sp_betainc(0.5 * df, 0.5, df / (df + t2));
  } else {
    tail = 0.5 - 0.5 * sp_betainc(0.5, 0.5 * df, t2 / (df + t2));
  }
  return t < 0 ? tail : 1.0 - tail;
}

// The t with stdtr(df, t) = p: the incomplete beta inverse on whichever side keeps digits.
__device__ inline double sp_stdtrit(double df, double p) {
  if (isnan(df) || isnan(p)) return df + p;
  if (!(df > 0.0) || p < 0.0 || p > 1.0) return sp_nan();
  if (p == 0.0) return -sp_inf();
  if (p == 1.0) return sp_inf();
  if (p == 0.5) return 0.0;
  const double q = p < 0.5 ? p : 1.0 - p;  // the tail probability
  double t;
  if (q < 0.25) {
    const double x = sp_betaincinv(0.5 * df, 0.5, 2.0 * q);  // x = df / (df + t^2)
    t = ::sqrt(df * ((1.0 - x) / x));
  } else {
    const double y = sp_betaincinv(0.5, 0.5 * df, 1.0 - 2.0 * q);  // y = t^2 / (df + t^2)
    t = ::sqrt(df * (y / (1.0 - y)));
  }
  return p < 0.5 ? -t : t;
}

// The complements of betainc and betaincinv: I_(1-x)(b, a), and the x with I_x(a, b) = 1 - y,
// each on the side where the subtraction from 1 is exact.
__device__ inline double sp_betaincc(double a, double b, double x) {
  if (isnan(a) || isnan(b) || isnan(x)) return a + b + x;
  if (x < 0.0 || x > 1.0) return sp_nan();
  return sp_betainc(b, a, 1.0 - x);
}

__device__ inline double sp_betainccinv(double a, double b, double y) {
  if (isnan(a) || isnan(b) || isnan(y)) return a + b + y;
  if (y < 0.0 || y > 1.0) return sp_nan();
  if (y >= 0.5) return sp_betaincinv(a, b, 1.0 - y);
  return 1.0 - sp_betaincinv(b, a, y);
}

}  // namespace cunp::special

namespace cunp::special {

// The x with gdtr(a, b, x) = p: the regularized lower incomplete gamma function's inverse in
// its argument, over the rate a.
__device__ inline double sp_gdtrix(double a, double b, double p) {
  if (isnan(a) || isnan(b) || isnan(p)) return a + b + p;
  if (!(a > 0.0) || !(b > 0.0) || p < 0.0 || p > 1.0) return sp_nan();
  return sp_gammaincinv(b, p) / a;
}

}  // namespace cunp::special

namespace cunp::special {

// The noncentral chi-square distribution's CDF: the Poisson(nc/2) mixture of central ones,
// sum_j e^(-nc/2) (nc/2)^j / j! P(df/2 + j, x/2), summed outward from the Poisson mode so that
// the largest terms come first and both tails stop once they are negligible.
__device__ inline double sp_chndtr(double x, double df, double nc) {
  if (isnan(x) || isnan(df) || isnan(nc)) return x + df + nc;
  if (x < 0.0 || !(df > 0.0) || nc < 0.0 || isinf(df) || isinf(nc)) return sp_nan();
  if (x == 0.0) return 0.0;
  if (isinf(x)) return 1.0;
  const double lam = 0.5 * nc, a = 0.5 * df, y = 0.5 * x;
  if (lam == 0.0) return sp_gammainc(a, y);
  const double mode = ::floor(lam);
  const double w0 = ::exp(mode * ::log(lam) - lam - ::lgamma(mode + 1.0));
  double sum = w0 * sp_gammainc(a + mode, y);
  double w = w0;
  for (double j = mode + 1.0; j < mode + 100000.0; j += 1.0) {  // upward: P falls too
    w *= lam / j;
    const double t = w * sp_gammainc(a + j, y);
    sum += t;
    if (t < 1e-17 * sum && w < 1e-17) break;
  }
  w = w0;
  for (double j = mode; j > 0.0; j -= 1.0) {  // downward: the weights fall
    w *= j / lam;
    const double t = w * sp_gammainc(a + j - 1.0, y);
    sum += t;
    if (w < 1e-17 * sum) break;
  }
  return sum;
}

}  // namespace cunp::special
