// src/device/random/noncentral_samplers.cuh -- the noncentral chi-square and F distributions:
// a chi-square with a Poisson number of extra degrees of freedom, so after the discrete samplers.
#pragma once
#include "discrete_samplers.cuh"

namespace cunp_random {

CUNP_RFN double noncentral_chisquare(Rng& g, double df, double nonc) {
  if (nonc != nonc) return nonc;
  if (nonc == 0.0) return chisquare(g, df);
  if (df > 1.0) {
    const double c = chisquare(g, df - 1.0), n = g.normal() + sqrt(nonc);
    return c + n * n;
  }
  const i64 i = poisson(g, nonc / 2.0);
  return chisquare(g, df + 2.0 * (double)i);
}
CUNP_RFN double noncentral_f(Rng& g, double dfnum, double dfden, double nonc) {
  const double t = noncentral_chisquare(g, dfnum, nonc) * dfden;
  return t / (chisquare(g, dfden) * dfnum);
}

}  // namespace cunp_random
