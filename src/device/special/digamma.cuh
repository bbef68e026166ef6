// src/device/special/digamma.cuh -- the digamma function psi(x) for real double x: a Taylor
// series about its positive root on [1, 2], recurrences into that interval, an asymptotic
// series for large x and the reflection formula left of 0.
#pragma once
#include "special_values.cuh"

namespace cunp::special {

// The positive root of psi, split in two doubles so that x - root is exact near it.
__device__ const double kPsiRootHi = 1.4616321449683622;
__device__ const double kPsiRootLo = 9.549995429965697e-17;
// psi(root + h) = sum over k >= 1 of (-1)^(k+1) zeta(k+1, root) h^k: coefficients k = 1..40,
// computed in 50-digit arithmetic; on [1, 2] (|h| < 0.54) the series has converged by k = 40.
__device__ const double kPsiRootSeries[40] = {
    0.9676722454476212,      -0.4427631689835921,     0.258499760955651,
    -0.16394270544240652,    0.10782405069126237,     -0.07219956125645471,
    0.04880428816414311,     -0.03316112647484736,    0.022597648232218104,
    -0.01542476590494896,    0.010538791616612175,    -0.007204534386356869,
    0.004926781395729853,    -0.003369801655439328,   0.002305126326734928,
    -0.0015769367714301972,  0.0010788252019162967,   -0.0007380709389960052,
    0.000504953265834602,    -0.0003454680251063077,  0.00023635601564027053,
    -0.00016170622091974803, 0.0001106337276874741,   -7.569179582195066e-05,
    5.178575795222081e-05,   -3.5430070947659604e-05, 2.424006611860132e-05,
    -1.6584242271854135e-05, 1.134638458466385e-05,   -7.762817668462094e-06,
    5.3110609208898636e-06,  -3.6336507898010456e-06, 2.486022733129538e-06,
    -1.7008538854332607e-06, 1.1636675363548843e-06,  -7.96142543124197e-07,
    5.446941930669446e-07,   -3.7266161283438227e-07, 2.549626552021554e-07,
    -1.7443695117727745e-07};

// B_2k / (2k), k = 1..8, for psi(x) ~ log x - 1/(2x) - sum B_2k / (2k x^2k).
__device__ const double kPsiAsymptotic[8] = {0.08333333333333333,  -0.008333333333333333,
                                             0.003968253968253968, -0.004166666666666667,
                                             0.007575757575757576, -0.021092796092796094,
                                             0.08333333333333333,  -0.4432598039215686};

// psi on [1, 2].
__device__ inline double sp_digamma_near_root(double x) {
  const double h = (x - kPsiRootHi) - kPsiRootLo;
  double p = 0.0;
  for (int k = 39; k >= 0; --k) p = p * h + kPsiRootSeries[k];
  return p * h;
}

// psi for x >= 10.
__device__ inline double sp_digamma_asymptotic(double x) {
  const double z = 1.0 / (x * x);
  double p = 0.0;
  for (int k = 7; k >= 0; --k) p = p * z + kPsiAsymptotic[k];
  return ::log(x) - 0.5 / x - p * z;
}

// psi(x) for x > 0: into [1, 2] downwards by psi(x) = psi(x - 1) + 1/(x - 1) (positive terms,
// so the sum loses nothing), or up from (0, 1) by psi(x) = psi(x + 1) - 1/x.
__device__ inline double sp_digamma_positive(double x) {
  if (x >= 10.0) return sp_digamma_asymptotic(x);
  if (x < 1.0) return sp_digamma_near_root(x + 1.0) - 1.0 / x;
  double sum = 0.0;
  while (x > 2.0) {
    x -= 1.0;
    sum += 1.0 / x;
  }
  return sp_digamma_near_root(x) + sum;
}

// scipy.special.psi: -inf at +0 and +inf at -0 (the one-sided limits), NaN at the negative
// integers and -inf; left of 0, psi(x) = psi(1 - x) - pi cot(pi x).
__device__ inline double sp_digamma(double x) {
  if (isnan(x)) return x;
  if (x == 0.0) return signbit(x) ? sp_inf() : -sp_inf();
  if (x == sp_inf()) return x;
  if (x > 0.0) return sp_digamma_positive(x);
  if (x == ::floor(x)) return sp_nan();
  return sp_digamma_positive(1.0 - x) - 3.14159265358979323846 * ::cospi(x) / ::sinpi(x);
}

}  // namespace cunp::special
