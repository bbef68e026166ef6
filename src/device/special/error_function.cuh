// src/device/special/error_function.cuh -- scipy.special's error functions and the standard
// normal distribution in double: erf, erfc, erfcx, erfinv, erfcinv, ndtr, ndtri, log_ndtr.
#pragma once

namespace cunp::special {

// CUDA's libdevice has correctly specified versions of these (erf 2 ulp, erfc/erfcx 5 ulp,
// erfinv/erfcinv 5-6 ulp, normcdf 5 ulp, normcdfinv 8 ulp in its guide), which agree with
// SciPy's limits: erfinv(+-1) = +-inf, NaN outside [-1, 1].
__device__ inline double sp_erf(double x) { return ::erf(x); }
__device__ inline double sp_erfc(double x) { return ::erfc(x); }
__device__ inline double sp_erfcx(double x) { return ::erfcx(x); }
__device__ inline double sp_erfinv(double x) { return ::erfinv(x); }
__device__ inline double sp_erfcinv(double x) { return ::erfcinv(x); }
// ndtr through normcdf rather than erfc(-x/sqrt2): the division's rounding would be magnified
// by erfc's slope in the far left tail.
__device__ inline double sp_ndtr(double x) { return ::normcdf(x); }
__device__ inline double sp_ndtri(double p) { return ::normcdfinv(p); }

// log(ndtr(x)). Left of -1, ndtr(x) = erfcx(-x/sqrt2)/2 * exp(-x^2/2), whose logarithm needs no
// exponential and so neither underflows nor loses digits; right of 0, log1p of the small upper
// tail keeps the tiny result exact.
__device__ inline double sp_log_ndtr(double x) {
  if (x < -1.0) {
    const double t = -x * 0.70710678118654752440;
    return ::log(0.5 * ::erfcx(t)) - 0.5 * x * x;
  }
  if (x <= 0.0) return ::log(::normcdf(x));
  return ::log1p(-::normcdf(-x));
}

}  // namespace cunp::special
