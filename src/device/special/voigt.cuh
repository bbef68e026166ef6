// src/device/special/voigt.cuh -- the Voigt profile, the convolution of a normal distribution
// (standard deviation sigma) with a Cauchy one (half-width gamma): Re w(z) / (sigma sqrt(2 pi))
// with z = (x + i gamma) / (sigma sqrt 2) and Faddeeva's w; its Cauchy and normal limits where
// sigma or gamma is 0.
#pragma once
#include "faddeeva.cuh"
#include "special_values.cuh"

namespace cunp::special {

__device__ inline double sp_voigt_profile(double x, double sigma, double gamma) {
  if (isnan(x) || isnan(sigma) || isnan(gamma)) return x + sigma + gamma;
  const double pi = 3.14159265358979323846;
  if (sigma == 0.0) {
    if (gamma == 0.0) return x == 0.0 ? sp_inf() : 0.0;
    return gamma / (pi * (x * x + gamma * gamma));
  }
  if (isinf(x) || isinf(sigma) || isinf(gamma)) return 0.0;
  if (gamma == 0.0) {
    const double t = x / sigma;
    return ::exp(-0.5 * t * t) / (sigma * 2.50662827463100050242);
  }
  const double r = 1.0 / (sigma * 1.41421356237309504880);
  return sp_faddeeva(sp_cx(x * r, gamma * r)).re / (sigma * 2.50662827463100050242);
}

}  // namespace cunp::special
