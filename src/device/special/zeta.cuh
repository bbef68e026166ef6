// src/device/special/zeta.cuh -- the Hurwitz zeta function zeta(s, q) by Euler-Maclaurin
// summation (as Cephes does it), and from it Riemann's zeta and zetac in double.
#pragma once
#include "special_values.cuh"

namespace cunp::special {

// (2j)! / B_2j for j = 1..12: the Euler-Maclaurin correction terms divide by these.
__device__ const double kZetaEulerMaclaurin[12] = {12.0,
                                                   -720.0,
                                                   30240.0,
                                                   -1209600.0,
                                                   47900160.0,
                                                   -1892437580.3183792,
                                                   74724249600.0,
                                                   -2950130727918.164,
                                                   116467828143500.67,
                                                   -4597978722407473.0,
                                                   1.8152105401943546e+17,
                                                   -7.166165256175667e+18};

// zeta(s, q) = sum over k >= 0 of (q + k)^-s, for any s != 1 where the terms are real: at least
// nine terms are summed directly and until q + k > 9, then the tail is the integral plus
// Bernoulli corrections; for large s the direct sum meets double precision first.
__device__ inline double sp_zeta_em(double s, double q) {
  double a = q, b = ::pow(a, -s), sum = b;
  for (int i = 0; i < 9 || a <= 9.0; ++i) {
    a += 1.0;
    b = ::pow(a, -s);
    sum += b;
    if (::fabs(b / sum) < 1.1e-16) return sum;
  }
  const double w = a;
  sum += b * w / (s - 1.0) - 0.5 * b;
  double fac = 1.0, k = 0.0;
  for (int j = 0; j < 12; ++j) {
    fac *= s + k;  // s (s+1) ... (s+2j), built two factors per step
    b /= w;
    const double t = fac * b / kZetaEulerMaclaurin[j];
    sum += t;
    if (::fabs(t / sum) < 1.1e-16) break;
    k += 1.0;
    fac *= s + k;
    b /= w;
    k += 1.0;
  }
  return sum;
}

// scipy.special.zeta(x, q): NaN for x < 1, inf at x = 1; q at a pole of the sum (a
// nonpositive integer) is inf; a negative q needs integer x for the powers to be real.
__device__ inline double sp_hurwitz_zeta(double x, double q) {
  if (isnan(x) || isnan(q)) return x + q;
  if (x == 1.0) return sp_inf();
  if (x < 1.0) return sp_nan();
  if (q <= 0.0) {
    if (q == ::floor(q)) return sp_inf();
    if (x != ::floor(x)) return sp_nan();
  }
  if (x == sp_inf()) return q == 1.0 ? 1.0 : (q > 1.0 ? 0.0 : sp_inf());
  // Far out the sum is its integral and first correction.
  if (q > 1e8) return (1.0 / (x - 1.0) + 0.5 / q) * ::pow(q, 1.0 - x);
  return sp_zeta_em(x, q);
}

// Riemann's zeta(x). Right of 0 it is the Hurwitz sum at q = 1 (Euler-Maclaurin continues it
// below 1); left of 0 the functional equation
// zeta(x) = 2^x pi^(x-1) sin(pi x / 2) Gamma(1 - x) zeta(1 - x), in logarithms where Gamma
// would overflow. The trivial zeros (negative even integers) come out exactly 0.
__device__ inline double sp_riemann_zeta(double x) {
  if (isnan(x)) return x;
  if (x == 1.0) return sp_inf();
  if (x == sp_inf()) return 1.0;
  if (x == -sp_inf()) return sp_nan();
  if (x == 0.0) return -0.5;
  // Near 0 the reflection would need zeta(1 - x) next to its pole, with 1 - x rounded; the
  // Euler-Maclaurin sum is valid there directly.
  if (x >= -1.0) return sp_zeta_em(x, 1.0);
  const double s = ::sinpi(0.5 * x);
  if (s == 0.0) return 0.0;
  const double z = sp_zeta_em(1.0 - x, 1.0);
  const double two_pi = 6.283185307179586477;
  if (x > -170.0) return s * ::pow(two_pi, x) * 0.31830988618379067154 * ::tgamma(1.0 - x) * z;
  const double lg = x * ::log(two_pi) + ::lgamma(1.0 - x);
  return s * 0.31830988618379067154 * ::exp(lg) * z;
}

// zeta(x) - 1: right of 1 it is the Hurwitz sum from q = 2, with no cancellation.
__device__ inline double sp_zetac(double x) {
  if (isnan(x)) return x;
  // SciPy (Cephes) returns 0 from 127 on, where 2^-x is below its threshold.
  if (x >= 127.0) return 0.0;
  if (x > 1.0) return sp_zeta_em(x, 2.0);
  return sp_riemann_zeta(x) - 1.0;
}

}  // namespace cunp::special
