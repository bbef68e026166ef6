// src/device/random/row_samplers.cuh -- the samplers that fill more than one value of an element:
// sampling from a cdf, and the rows of Dirichlet, multinomial and multivariate normal draws, one
// row per element from that element's sub-stream.
//
// The arrays are whatever the kernel indexes them as (cunp::raw_array: a[j] by C-order
// position, a.size()); outputs are written through a const reference, as raw arrays are.
#pragma once
#include "discrete_samplers.cuh"

namespace cunp_random {

// The first j with cdf[j] > u for a uniform u of element i's sub-stream, clamped to
// cdf.size() - 1 (binary search).
template <class Cdf> CUNP_RFN i64 choice_cdf(const Cdf& cdf, u64 key, u64 ctr) {
  Rng g(key, ctr);
  const double u = g.uniform();
  i64 lo = 0, hi = cdf.size() - 1;
  while (lo < hi) {
    const i64 m = (lo + hi) / 2;
    if (cdf[m] > u) hi = m;
    else lo = m + 1;
  }
  return lo;
}

// Row i (k values) of out: Dirichlet(alpha). Gamma variates normalized; with every alpha below
// 0.1 they underflow to 0 too often, so then stick-breaking with beta variates (as NumPy's
// Generator does).
template <class Alpha, class Out>
CUNP_RFN void dirichlet_row(const Alpha& alpha, const Out& out, u64 key, u64 ctr, i64 i, i64 k) {
  Rng g(key, ctr);
  const i64 row = i * k;
  double amax = 0.0, asum = 0.0;
  for (i64 j = 0; j < k; ++j) {
    asum += alpha[j];
    if (alpha[j] > amax) amax = alpha[j];
  }
  if (amax < 0.1) {
    double left = 1.0, rest = asum;
    for (i64 j = 0; j + 1 < k; ++j) {
      rest -= alpha[j];
      const double v = rest > 0.0 ? beta(g, alpha[j], rest) : 1.0;
      out[row + j] = left * v;
      left *= 1.0 - v;
    }
    out[row + k - 1] = left;
  } else {
    double sum = 0.0;
    for (i64 j = 0; j < k; ++j) {
      const double v = standard_gamma(g, alpha[j]);
      out[row + j] = v;
      sum += v;
    }
    for (i64 j = 0; j < k; ++j) out[row + j] = out[row + j] / sum;
  }
}

// Row i (k counts) of out: Multinomial(trials, pvals), as conditional binomials: category j
// gets Bin(remaining trials, p_j / remaining mass).
template <class Pvals, class Out> CUNP_RFN void multinomial_row(const Pvals& pvals, const Out& out,
                                                                u64 key, u64 ctr, i64 i, i64 trials,
                                                                i64 k) {
  Rng g(key, ctr);
  const i64 row = i * k;
  i64 left = trials;
  double mass = 1.0;
  for (i64 j = 0; j + 1 < k; ++j) {
    i64 x = 0;
    if (left > 0 && mass > 0.0) {
      double q = pvals[j] / mass;
      q = q < 0.0 ? 0.0 : (q > 1.0 ? 1.0 : q);
      x = binomial(g, left, q);
    }
    out[row + j] = x;
    left -= x;
    mass -= pvals[j];
  }
  out[row + k - 1] = left;
}

// Row i (k values) of out: mean + factor @ z for k standard normals z, accumulated one z at a
// time (no per-thread array of k).
template <class Mean, class Factor, class Out>
CUNP_RFN void multivariate_normal_row(const Mean& mean, const Factor& factor, const Out& out,
                                      u64 key, u64 ctr, i64 i, i64 k) {
  Rng g(key, ctr);
  const i64 row = i * k;
  for (i64 j = 0; j < k; ++j) out[row + j] = mean[j];
  for (i64 l = 0; l < k; ++l) {
    const double z = g.normal();
    for (i64 j = 0; j < k; ++j) out[row + j] = out[row + j] + factor[j * k + l] * z;
  }
}

}  // namespace cunp_random
