// src/device/random/discrete_samplers.cuh -- the discrete distributions drawn from an element's
// sub-stream (Poisson, binomial, negative binomial, geometric, hypergeometric, log-series, Zipf).
#pragma once
#include "continuous_samplers.cuh"

namespace cunp_random {

CUNP_RFN i64 poisson(Rng& g, double lam) {
  if (lam == 0.0) return 0;
  if (lam < 10.0) {  // multiplication method: lam uniforms on average
    const double enlam = exp(-lam);
    i64 x = 0;
    double prod = 1.0;
    for (;;) {
      prod *= g.uniform();
      if (prod > enlam) ++x;
      else return x;
    }
  }
  // PTRS, Hoermann's transformed rejection with squeeze.
  const double slam = sqrt(lam), loglam = log(lam);
  const double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
  const double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2.0);
  for (;;) {
    const double u = g.uniform() - 0.5, v = g.uniform();
    const double us = 0.5 - fabs(u);
    const double k = floor((2.0 * a / us + b) * u + lam + 0.43);
    if (us >= 0.07 && v <= vr) return (i64)k;
    if (k < 0.0 || (us < 0.013 && v > us)) continue;
    if (log(v) + log(invalpha) - log(a / (us * us) + b) <= -lam + k * loglam - lgamma(k + 1.0))
      return (i64)k;
  }
}
// Inversion for small n (p <= 0.5 keeps q^n above 2^-64).
CUNP_RFN i64 binomial_inversion(Rng& g, i64 n, double p) {
  const double q = 1.0 - p;
  for (;;) {
    double r = pow(q, (double)n), u = g.uniform();
    i64 x = 0;
    while (u >= r && x <= n) {
      u -= r;
      ++x;
      r *= ((double)(n - x + 1) * p) / ((double)x * q);
    }
    if (x <= n) return x;
  }
}
// Knuth's beta recursion splits a large n into O(log n) beta draws (exact), then inversion.
CUNP_RFN i64 binomial(Rng& g, i64 n, double p) {
  if (n <= 0 || p <= 0.0) return 0;
  if (p >= 1.0) return n;
  i64 acc = 0, sign = 1;
  while (n > 64) {
    const i64 a = 1 + n / 2, b = n + 1 - a;
    const double x = beta(g, (double)a, (double)b);
    if (x >= p) {
      n = a - 1;
      p = p / x;
    } else {
      acc += sign * a;
      n = b - 1;
      p = (p - x) / (1.0 - x);
    }
    if (p <= 0.0) return acc;
    if (p >= 1.0) return acc + sign * n;
  }
  if (p > 0.5) {  // Bin(n, p) = n - Bin(n, 1 - p)
    acc += sign * n;
    sign = -sign;
    p = 1.0 - p;
  }
  return acc + sign * binomial_inversion(g, n, p);
}
CUNP_RFN i64 negative_binomial(Rng& g, double n, double p) {
  if (p >= 1.0) return 0;
  return poisson(g, standard_gamma(g, n) * ((1.0 - p) / p));
}
CUNP_RFN i64 geometric(Rng& g, double p) {
  if (p >= 1.0) return 1;
  if (p >= 0.333333333333333333333333) {  // search: few steps when p is large
    i64 x = 1;
    double sum = p, prod = p;
    const double q = 1.0 - p, u = g.uniform();
    while (u > sum) {
      prod *= q;
      sum += prod;
      ++x;
    }
    return x;
  }
  return (i64)ceil(-g.exponential() / log1p(-p));
}
// Draws the smaller of nsample and total - nsample items one by one: exact, O(that many).
CUNP_RFN i64 hypergeometric(Rng& g, i64 good, i64 bad, i64 nsample) {
  const i64 total = good + bad;
  const bool complement = nsample > total / 2;
  const i64 m = complement ? total - nsample : nsample;
  i64 good_left = good, left = total, got = 0;
  for (i64 j = 0; j < m && good_left > 0; ++j) {
    if (g.uniform() * (double)left < (double)good_left) {
      --good_left;
      ++got;
    }
    --left;
  }
  return complement ? good - got : got;
}
CUNP_RFN i64 logseries(Rng& g, double p) {
  const double r = log1p(-p);
  for (;;) {
    const double v = g.uniform();
    if (v >= p) return 1;
    const double u = g.uniform();
    const double q = -expm1(r * u);
    if (v <= q * q) {
      const double x = floor(1.0 + log(v) / log(q));
      if (x < 1.0 || v == 0.0) continue;
      return (i64)x;
    }
    return v >= q ? 1 : 2;
  }
}
CUNP_RFN i64 zipf(Rng& g, double a) {
  const double am1 = a - 1.0, b = pow(2.0, am1);
  for (;;) {
    const double u = 1.0 - g.uniform(), v = g.uniform();
    const double x = floor(pow(u, -1.0 / am1));
    if (x > 9.2e18 || x < 1.0) continue;
    const double t = pow(1.0 + 1.0 / x, am1);
    if (v * x * (t - 1.0) / (b - 1.0) <= t / b) return (i64)x;
  }
}

}  // namespace cunp_random
