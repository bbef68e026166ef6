// src/device/special/incomplete_gamma.cuh -- the regularized incomplete gamma functions P(a, x)
// (gammainc) and Q(a, x) (gammaincc) in double, by the power series below x = a + 1 and the
// Legendre continued fraction above, and their inverses in x by Halley's iteration.
#pragma once
#include "special_values.cuh"
#include "double_double.cuh"

namespace cunp::special {

// log1p(t) - t without the cancellation near t = 0 (the series -t^2/2 + t^3/3 - ...).
__device__ inline double sp_log1pmx(double t) {
  if (::fabs(t) > 0.1) return ::log1p(t) - t;
  double term = -t, sum = 0.0;
  for (int k = 2; k < 40; ++k) {
    term *= -t;
    const double d = term / k;
    sum += d;
    if (::fabs(d) < 1e-17 * ::fabs(sum)) break;
  }
  return -sum;
}

// zeta(n) / n for n = 2..41: log Gamma(1 + x) = -gamma x + sum (-x)^n zeta(n) / n.
__device__ const double kLgam1pTaylor[40] = {
    0.8224670334241132,   0.40068563438653143,  0.27058080842778454,  0.20738555102867398,
    0.1695571769974082,   0.1440498967688461,   0.12550966952474304,  0.11133426586956469,
    0.1000994575127818,   0.09095401714582904,  0.083353840546109,    0.0769325164113522,
    0.07143294629536133,  0.06666870588242046,  0.06250095514121304,  0.058823978658684585,
    0.055555767627403614, 0.05263167937961666,  0.05000004769810169,  0.047619070330142226,
    0.04545455629320467,  0.04347826605304026,  0.04166666915034121,  0.04000000119214014,
    0.03846153903467518,  0.037037037312989324, 0.035714285847333355, 0.034482758684919304,
    0.03333333336437758,  0.03225806453115042,  0.03125000000727597,  0.030303030306558044,
    0.029411764707594344, 0.02857142857226011,  0.027777777778181998, 0.027027027027223673,
    0.02631578947377995,  0.025641025641072283, 0.025000000000022737, 0.024390243902450117};

// log Gamma(1 + x), exact near x = 0 where lgamma(1 + x) would round 1 + x first.
__device__ inline double sp_lgam1p_taylor(double x) {
  double res = -0.57721566490153286061 * x, xfac = -x;
  for (int n = 0; n < 40; ++n) {
    xfac *= -x;
    const double c = kLgam1pTaylor[n] * xfac;
    res += c;
    if (::fabs(c) < 1.1e-16 * ::fabs(res)) break;
  }
  return res;
}

__device__ inline double sp_lgam1p(double x) {
  if (::fabs(x) <= 0.5) return sp_lgam1p_taylor(x);
  if (::fabs(x - 1.0) < 0.5) return ::log(x) + sp_lgam1p_taylor(x - 1.0);
  return ::lgamma(x + 1.0);
}

// log1p(t) - t = sum over k >= 2 of (-1)^(k+1) t^k / k, times a, as a double-double, for
// |t| <= 1/2: the exponent of x^a e^-x / Gamma(a) near x = a (with t = (x - a)/a), which can be
// hundreds in magnitude, so that a double would round it by as many ulp of the result. The terms
// that a times still lifts above 2^-10 are summed in double-double, the rest in double.
__device__ inline sp_dd sp_a_log1pmx(double a, sp_dd t) {
  sp_dd power = sp_dd_mul(t, t), big = {0.0, 0.0};
  double small = 0.0;
  int k = 2;
  for (; k < 200; ++k) {
    const sp_dd term = sp_dd_div(power, k);
    if (::fabs(a * term.hi) < 0x1p-10) break;
    big = sp_dd_add(big, (k & 1) ? term : sp_dd{-term.hi, -term.lo});
    power = sp_dd_mul(power, t);
  }
  double p = power.hi;
  for (; k < 200; ++k) {
    const double term = p / k;
    small += (k & 1) ? term : -term;
    if (::fabs(term) < 1e-17 * ::fabs(big.hi)) break;
    p *= t.hi;
  }
  return sp_dd_mul(sp_dd_add(big, {small, 0.0}), a);
}

// Stirling's correction log Gamma(a) - (a - 1/2) log a + a - log(2 pi)/2, for a >= 10 (the next
// term, 3617/(122400 a^15), is below 3e-17 there).
__device__ inline double sp_igam_stirling_mu(double a) {
  const double z = 1.0 / (a * a);
  return (1.0 / 12.0 +
          z * (-1.0 / 360.0 +
               z * (1.0 / 1260.0 +
                    z * (-1.0 / 1680.0 +
                         z * (1.0 / 1188.0 + z * (-691.0 / 360360.0 + z * (1.0 / 156.0))))))) /
         a;
}

// x^a e^-x / Gamma(a), the factor of every form of P and Q, to a few ulp. Near x = a (a >= 10)
// by Stirling's formula, x^a e^-x / Gamma(a) = sqrt(a / 2 pi) exp(a (log1p(t) - t) - mu(a)),
// whose exponent is summed in double-double and exponentiated as exp(hi) exp(lo - mu). Elsewhere,
// while the three factors are representable, as their product (pow, exp and tgamma are each
// within a few ulp, where exp(a log x - x - lgamma(a)) would round a sum of size a |log x| + x:
// hundreds of ulp for a, x near 100); past that, by that sum, whose value is then far in a tail.
__device__ inline double sp_igam_factor(double a, double x) {
  const double d = x - a;  // exact for x in [a/2, 2a] (Sterbenz)
  if (a >= 10.0 && ::fabs(d) <= 0.5 * a) {
    const sp_dd y = sp_a_log1pmx(a, sp_dd_quotient(d, a));
    return ::exp(y.hi) * ::exp(y.lo - sp_igam_stirling_mu(a)) * ::sqrt(a * 0.15915494309189533577);
  }
  const double alogx = a * ::log(x);
  if (a < 170.0 && x < 700.0 && ::fabs(alogx) < 700.0) {
    return ::pow(x, a) / ::tgamma(a) * ::exp(-x);
  }
  return ::exp(alogx - x - ::lgamma(a));
}

// P(a, x) by its series x^a e^-x / Gamma(a + 1) * sum x^n / ((a+1)...(a+n)).
__device__ inline double sp_igam_series(double a, double x) {
  double term = 1.0, sum = 1.0, ap = a;
  for (int n = 0; n < 100000; ++n) {
    ap += 1.0;
    term *= x / ap;
    sum += term;
    if (term < 1.1e-16 * sum) break;
  }
  return sp_igam_factor(a, x) * sum / a;
}

// Q(a, x) by the continued fraction 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...))). The modified
// Lentz method finds how many levels it takes; they are then summed again from the innermost
// one out, which damps each level's rounding where Lentz's running product carries them all
// (12 to 16 ulp for small a and x near 1, where it takes hundreds of levels).
__device__ inline double sp_igamc_fraction(double a, double x) {
  const double tiny = 1e-300;
  double b = x + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b;
  int n = 1;
  for (; n < 100000; ++n) {
    const double an = -n * (n - a);
    b += 2.0;
    d = an * d + b;
    if (::fabs(d) < tiny) d = tiny;
    c = b + an / c;
    if (::fabs(c) < tiny) c = tiny;
    d = 1.0 / d;
    if (::fabs(d * c - 1.0) < 1.1e-16) break;
  }
  double t = x + 1.0 - a + 2.0 * n;
  for (int i = n; i >= 1; --i) t = (x + 2.0 * i - 1.0 - a) - i * (i - a) / t;
  return sp_igam_factor(a, x) / t;
}

// Domain and limits as SciPy: NaN for a < 0 or x < 0; P(0, x > 0) = 1; P(a, 0) = 0.
__device__ inline bool sp_igam_edge(double a, double x, bool upper, double& r) {
  if (isnan(a) || isnan(x)) {
    r = a + x;
    return true;
  }
  if (a < 0.0 || x < 0.0) {
    r = sp_nan();
    return true;
  }
  if (a == 0.0) {
    r = x > 0.0 ? (upper ? 0.0 : 1.0) : sp_nan();
    return true;
  }
  if (x == 0.0) {
    r = upper ? 1.0 : 0.0;
    return true;
  }
  if (isinf(a)) {
    r = isinf(x) ? sp_nan() : (upper ? 1.0 : 0.0);
    return true;
  }
  if (isinf(x)) {
    r = upper ? 0.0 : 1.0;
    return true;
  }
  return false;
}

// Q(a, x) for small x: 1 - x^a / Gamma(a + 1) as an expm1 (no cancellation), less the rest of
// P's series, x^a / Gamma(a) * sum over n >= 1 of (-x)^n / (n! (a + n)).
__device__ inline double sp_igamc_small_x(double a, double x) {
  double fac = 1.0, sum = 0.0;
  for (int n = 1; n < 200; ++n) {
    fac *= -x / n;
    const double term = fac / (a + n);
    sum += term;
    if (::fabs(term) <= 1.1e-16 * ::fabs(sum)) break;
  }
  // x^a / Gamma(a + 1) = 1 + e, and x^a / Gamma(a) = a (1 + e): through lgamma(a) instead, the
  // exponent's rounding (|log Gamma(a)| ~ log(1/a) ulp) would be multiplied by the cancellation
  // between the two terms (Q(a, 1) = 0.22 a from -0.58 a + 0.80 a).
  const double e = ::expm1(a * ::log(x) - sp_lgam1p(a));
  return -e - a * (1.0 + e) * sum;
}

// Which of the series, the continued fraction and the small-x form serves best follows SciPy
// (Cephes' igam/igamc after Boost), without its asymptotic series for large a.
__device__ inline double sp_gammaincc_core(double a, double x) {
  if (x > 1.1) {
    if (x < a) return 1.0 - sp_igam_series(a, x);
    return sp_igamc_fraction(a, x);
  }
  if (x <= 0.5) {
    if (-0.4 / ::log(x) < a) return 1.0 - sp_igam_series(a, x);
    return sp_igamc_small_x(a, x);
  }
  if (x * 1.1 < a) return 1.0 - sp_igam_series(a, x);
  return sp_igamc_small_x(a, x);
}

__device__ inline double sp_gammainc(double a, double x) {
  double r;
  if (sp_igam_edge(a, x, false, r)) return r;
  if (x > 1.0 && x > a) return 1.0 - sp_gammaincc_core(a, x);
  return sp_igam_series(a, x);
}

__device__ inline double sp_gammaincc(double a, double x) {
  double r;
  if (sp_igam_edge(a, x, true, r)) return r;
  return sp_gammaincc_core(a, x);
}

// The x with P(a, x) = p (upper = false) or Q(a, x) = p (upper = true): a small-x or
// Wilson-Hilferty start, then Newton steps on log T(a, x) = log t in log x, T being the smaller
// tail (P or Q), which stay well-conditioned down to the smallest probabilities; x moves by
// factors, so it never crosses 0.
__device__ inline double sp_igam_inverse(double a, double p, bool upper) {
  if (isnan(a) || isnan(p)) return a + p;
  if (a < 0.0 || p < 0.0 || p > 1.0) return sp_nan();
  const double lower_p = upper ? 1.0 - p : p;
  if (upper ? p == 1.0 : p == 0.0) return 0.0;
  if (upper ? p == 0.0 : p == 1.0) return sp_inf();
  if (a == 0.0) return sp_nan();
  const bool use_upper = upper ? p < 0.5 : p > 0.5;
  const double target = use_upper ? (upper ? p : 1.0 - p) : lower_p;
  // Start: P ~ x^a / Gamma(a + 1) for small x; else Wilson-Hilferty's cube of a normal deviate.
  double x;
  const double small = ::exp((::log(lower_p) + sp_lgam1p(a)) / a);
  if (!use_upper && (a < 1.0 || small < 0.3 * a)) {
    if (small == 0.0) return 0.0;  // below the smallest double
    x = small;
  } else {
    const double s = 1.0 / (9.0 * a);
    const double z = upper ? -::normcdfinv(p) : ::normcdfinv(p);
    const double c = 1.0 - s + z * ::sqrt(s);
    x = c > 0.0 ? a * c * c * c : (small > 0.0 ? small : a);
  }
  if (!(x > 0.0) || isinf(x)) x = a > 1.0 ? a : 1.0;
  const double log_target = ::log(target);
  double good = 0.0;  // the last x whose tail was representable
  for (int it = 0; it < 100; ++it) {
    const double tail = use_upper ? sp_gammaincc(a, x) : sp_gammainc(a, x);
    // d log T / d log x = +-x P'(x) / T with x P'(x) = x^a e^-x / Gamma(a).
    const double slope = sp_igam_factor(a, x) / tail;
    if (!(tail > 0.0) || !(slope > 0.0) || isinf(slope)) {
      // The tail underflowed: halfway (geometrically) back to the last representable x.
      x = good > 0.0 ? ::sqrt(x * good) : (use_upper ? x * 0.5 : x * 2.0);
      continue;
    }
    good = x;
    double step = (::log(tail) - log_target) / (use_upper ? -slope : slope);
    step = ::fmax(-3.0, ::fmin(3.0, step));
    x *= ::exp(-step);
    if (::fabs(step) < 2e-16) break;
  }
  return x;
}

__device__ inline double sp_gammaincinv(double a, double p) { return sp_igam_inverse(a, p, false); }
__device__ inline double sp_gammainccinv(double a, double q) { return sp_igam_inverse(a, q, true); }

}  // namespace cunp::special
