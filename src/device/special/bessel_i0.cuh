// src/device/special/bessel_i0.cuh -- numpy.i0: the modified Bessel function of the first kind,
// order 0, of float and double, by Cephes' Chebyshev expansions (the ones NumPy evaluates).
#pragma once

namespace cunp::special {

// Cephes' Chebyshev coefficients for exp(-x) I0(x) on [0, 8] (A) and, for 8 < x, for
// exp(-x) sqrt(x) I0(x) in 32/x (B), written as the shortest decimals of their doubles.
// clang-format off
__device__ const double kI0A[30] = {
    -4.4153416464793395e-18, 3.3307945188222384e-17, -2.431279846547955e-16, 1.715391285555133e-15,
    -1.1685332877993451e-14, 7.676185498604936e-14, -4.856446783111929e-13, 2.95505266312964e-12,
    -1.726826291441556e-11, 9.675809035373237e-11, -5.189795601635263e-10, 2.6598237246823866e-09,
    -1.300025009986248e-08, 6.046995022541919e-08, -2.670793853940612e-07, 1.1173875391201037e-06,
    -4.4167383584587505e-06, 1.6448448070728896e-05, -5.754195010082104e-05, 0.00018850288509584165,
    -0.0005763755745385824, 0.0016394756169413357, -0.004324309995050576, 0.010546460394594998,
    -0.02373741480589947, 0.04930528423967071, -0.09490109704804764, 0.17162090152220877,
    -0.3046826723431984, 0.6767952744094761};
__device__ const double kI0B[25] = {
    -7.233180487874754e-18, -4.830504485944182e-18, 4.46562142029676e-17, 3.461222867697461e-17,
    -2.8276239805165836e-16, -3.425485619677219e-16, 1.7725601330565263e-15, 3.8116806693526224e-15,
    -9.554846698828307e-15, -4.150569347287222e-14, 1.54008621752141e-14, 3.8527783827421426e-13,
    7.180124451383666e-13, -1.7941785315068062e-12, -1.3215811840447713e-11,
    -3.1499165279632416e-11, 1.1889147107846439e-11, 4.94060238822497e-10, 3.3962320257083865e-09,
    2.266668990498178e-08, 2.0489185894690638e-07, 2.8913705208347567e-06, 6.889758346916825e-05,
    0.0033691164782556943, 0.8044904110141088};
// clang-format on

__device__ inline float i0_exp(float x) { return expf(x); }
__device__ inline double i0_exp(double x) { return exp(x); }
__device__ inline float i0_sqrt(float x) { return sqrtf(x); }
__device__ inline double i0_sqrt(double x) { return sqrt(x); }

// Cephes' chbevl: the Chebyshev series with coefficients c[0..N) at x (Clenshaw's recurrence),
// in F's precision. Unrolled, so that the coefficients are compile-time operands rather than
// loads in a loop.
template <typename F, int N> __device__ F chbevl(F x, const double (&c)[N]) {
  F b0 = (F)c[0], b1 = 0, b2 = 0;
#pragma unroll
  for (int k = 1; k < N; ++k) {
    b2 = b1;
    b1 = b0;
    b0 = x * b1 - b2 + (F)c[k];
  }
  return (F)0.5 * (b0 - b2);
}

// The same series for a float result, summed in float from c[First] (the coefficients before it
// are below float's resolution of the sum) to c[Mid) and in double from there on: the last
// steps add the large coefficients, whose rounding in float would cost up to 3 ulp. `x` is the
// argument in double (exact: the series is sensitive to it), `xf` the same rounded to float.
template <int First, int Mid, int N>
__device__ double chbevl_mixed(float xf, double x, const double (&c)[N]) {
  float f0 = (float)c[First], f1 = 0.0f, f2 = 0.0f;
#pragma unroll
  for (int k = First + 1; k < Mid; ++k) {
    f2 = f1;
    f1 = f0;
    f0 = fmaf(xf, f1, (float)c[k] - f2);
  }
  double b0 = f0, b1 = f1, b2 = 0.0;
#pragma unroll
  for (int k = Mid; k < N; ++k) {
    b2 = b1;
    b1 = b0;
    b0 = x * b1 - b2 + c[k];
  }
  return 0.5 * (b0 - b2);
}

// I0(|x|).
template <typename F> __device__ F i0(F x) {
  x = x < 0 ? -x : x;
  if (x <= (F)8) return i0_exp(x) * chbevl(x / (F)2 - (F)2, kI0A);
  return i0_exp(x) * chbevl((F)32 / x - (F)2, kI0B) / i0_sqrt(x);
}

}  // namespace cunp::special
