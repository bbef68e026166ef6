// src/device/special/complex_gamma.cuh -- the gamma family of complex double z: loggamma (the
// principal branch, analytic off the negative real axis, with the cut approached from the side
// of Im z's sign, -0 included), gamma = exp(loggamma), rgamma = exp(-loggamma), and digamma.
// loggamma: Stirling's series where |Im z| > 7 or Re z > 7; the recurrence
// loggamma(z) = loggamma(z + n) - sum log(z + k) in between (each log(z + k) stays on one side
// of the cut, so the sum is the continuous branch); the reflection formula left of Re z = 0.1,
// whose principal logarithms differ from the branch by 2 pi i floor(x/2 + 1/4) (sign of Im z).
// digamma: the asymptotic series beyond |z| = 16, the recurrence below, the reflection
// psi(z) = psi(1 - z) - pi cot(pi z) left of 0.
#pragma once
#include "complex_arith.cuh"
#include "special_values.cuh"

namespace cunp::special {

// B_2k / (2k (2k-1)), k = 1..10.
__device__ const double kStirlingCoef[10] = {
    1.0 / 12.0,        -1.0 / 360.0, 1.0 / 1260.0,       -1.0 / 1680.0,      1.0 / 1188.0,
    -691.0 / 360360.0, 1.0 / 156.0,  -3617.0 / 122400.0, 43867.0 / 244188.0, -174611.0 / 125400.0};

__device__ inline sp_cx sp_loggamma_stirling(sp_cx z) {
  const sp_cx r = sp_crecip(z), r2 = r * r;
  sp_cx sum(kStirlingCoef[9], 0.0);
  for (int k = 8; k >= 0; --k) sum = sum * r2 + sp_cx(kStirlingCoef[k], 0.0);
  sum = sum * r;
  const sp_cx lz = sp_clog(z);
  return (z - sp_cx(0.5, 0.0)) * lz - z + sp_cx(0.91893853320467274178, 0.0) + sum;
}

__device__ inline sp_cx sp_loggamma_right(sp_cx z) {
  if (z.re > 7.0 || ::fabs(z.im) > 7.0) return sp_loggamma_stirling(z);
  const int n = static_cast<int>(::ceil(7.0 - z.re));
  sp_cx logs(0.0, 0.0);
  for (int k = 0; k < n; ++k) logs = logs + sp_clog(z + sp_cx(static_cast<double>(k), 0.0));
  return sp_loggamma_stirling(z + sp_cx(static_cast<double>(n), 0.0)) - logs;
}

__device__ inline sp_cx sp_loggamma(sp_cx z) {
  if (isnan(z.re) || isnan(z.im)) return sp_cx(sp_nan(), sp_nan());
  if (z.im == 0.0 && z.re <= 0.0 && z.re == ::floor(z.re)) return sp_cx(sp_nan(), sp_nan());
  if (z.im == 0.0 && z.re > 0.0) return sp_cx(::lgamma(z.re), z.im);  // real, Gamma > 0
  if (z.re >= 0.1 || ::fabs(z.im) > 7.0) return sp_loggamma_right(z);
  // log pi - log sin(pi z) - loggamma(1 - z), moved onto the branch.
  const sp_cx refl = sp_cx(1.1447298858494001741, 0.0) - sp_clog(sp_csinpi(z)) -
                     sp_loggamma_right(sp_cx(1.0 - z.re, -z.im));
  const double m = ::floor(0.5 * z.re + 0.25) * 6.28318530717958647693;
  return sp_cx(refl.re, refl.im + (signbit(z.im) ? -m : m));
}

__device__ inline sp_cx sp_gamma(sp_cx z) {
  if (z.im == 0.0 && z.re <= 0.0 && z.re == ::floor(z.re)) return sp_cx(sp_nan(), sp_nan());
  if (z.im == 0.0) return sp_cx(::tgamma(z.re), z.im);
  return sp_cexp(sp_loggamma(z));
}

__device__ inline sp_cx sp_rgamma(sp_cx z) {
  if (z.im == 0.0 && z.re <= 0.0 && z.re == ::floor(z.re)) return sp_cx(0.0, 0.0);
  if (isnan(z.re) || isnan(z.im)) return sp_cx(sp_nan(), sp_nan());
  if (z.im == 0.0 && z.re < 171.0 && z.re > -170.0) return sp_cx(1.0 / ::tgamma(z.re), -z.im);
  return sp_cexp(sp_cneg(sp_loggamma(z)));
}

// psi(z) = log z - 1/(2z) - sum B_2k / (2k z^2k) for |z| >= 16.
__device__ inline sp_cx sp_digamma_asymptotic(sp_cx z) {
  // B_2k / (2k), k = 1..8
  const double c[8] = {1.0 / 12.0,  -1.0 / 120.0,     1.0 / 252.0, -1.0 / 240.0,
                       1.0 / 132.0, -691.0 / 32760.0, 1.0 / 12.0,  -3617.0 / 8160.0};
  const sp_cx r = sp_crecip(z), r2 = r * r;
  sp_cx sum(c[7], 0.0);
  for (int k = 6; k >= 0; --k) sum = sum * r2 + sp_cx(c[k], 0.0);
  sum = sum * r2;
  return sp_clog(z) - r * 0.5 - sum;
}

__device__ inline sp_cx sp_digamma(sp_cx z) {
  if (isnan(z.re) || isnan(z.im)) return sp_cx(sp_nan(), sp_nan());
  if (z.im == 0.0 && z.re <= 0.0 && z.re == ::floor(z.re)) return sp_cx(sp_nan(), sp_nan());
  sp_cx shift(0.0, 0.0);
  if (z.re < 0.0) {
    // psi(z) = psi(1 - z) - pi cos(pi z) / sin(pi z)
    shift = sp_cdiv(sp_ccospi(z), sp_csinpi(z)) * -3.14159265358979323846;
    // Far from the real axis cot(pi z) is -i sign(Im z) to double precision (and cosh/sinh
    // would overflow): the shift is i pi sign(Im z).
    if (::fabs(z.im) > 30.0)
      shift = sp_cx(0.0, signbit(z.im) ? -3.14159265358979323846 : 3.14159265358979323846);
    z = sp_cx(1.0 - z.re, -z.im);
  }
  while (sp_cabs(z) < 16.0) {
    shift = shift - sp_crecip(z);
    z = z + sp_cx(1.0, 0.0);
  }
  return sp_digamma_asymptotic(z) + shift;
}

}  // namespace cunp::special
