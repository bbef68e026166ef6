// src/device/special/logistic.cuh -- scipy.special's logistic functions in double: expit (the
// sigmoid), its inverse logit, and log_expit.
#pragma once

namespace cunp::special {

// 1 / (1 + e^-x), written so that the exponential never overflows.
__device__ inline double sp_expit(double x) {
  if (x >= 0.0) return 1.0 / (1.0 + ::exp(-x));
  const double e = ::exp(x);
  return e / (1.0 + e);
}

// log(p / (1 - p)); around 1/2 the quotient would round before its logarithm, so there it is
// 2 atanh(2p - 1), whose argument is exact.
__device__ inline double sp_logit(double p) {
  if (p > 0.25 && p < 0.75) return 2.0 * ::atanh(2.0 * p - 1.0);
  return ::log(p / (1.0 - p));
}

// log(expit(x)) = -log(1 + e^-x): log1p of the small exponential on either side.
__device__ inline double sp_log_expit(double x) {
  if (x >= 0.0) return -::log1p(::exp(-x));
  return x - ::log1p(::exp(x));
}

}  // namespace cunp::special
