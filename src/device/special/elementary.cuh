// src/device/special/elementary.cuh -- scipy.special's elementary functions in double: exp2,
// exp10, expm1, log1p, cbrt, exprel, cosm1, trigonometry in degrees, radian and round.
#pragma once
#include "special_values.cuh"

namespace cunp::special {

// Where the result is subnormal (x < -1022, x < -307.65) the value is computed 2^64 (or 10^20)
// times larger, a normal number (x + 64 and x + 20 are exact there), and scaled down in one
// rounding onto the subnormal grid: the correctly rounded result but where the 53-bit
// intermediate lies within its own error of a rounding boundary (within 1 ulp always). SciPy's
// Cephes returns 0 below x = -1024 (exp2) and x = -308.2547 (exp10), where the true result is
// still a subnormal; cunp returns that subnormal, as NumPy's exp2 and 10.0**x do.
__device__ inline double sp_exp2(double x) {
  return x < -1022.0 ? ::exp2(x + 64.0) * 0x1p-64 : ::exp2(x);
}
__device__ inline double sp_exp10(double x) {
  return x < -307.66 ? ::exp10(x + 20.0) * 1e-20 : ::exp10(x);
}
__device__ inline double sp_expm1(double x) { return ::expm1(x); }
__device__ inline double sp_log1p(double x) { return ::log1p(x); }
__device__ inline double sp_cbrt(double x) { return ::cbrt(x); }

// (e^x - 1) / x, 1 at 0 (and where x is too small to change e^x).
__device__ inline double sp_exprel(double x) {
  if (::fabs(x) < 1e-16) return 1.0;
  if (x > 717.0) return sp_inf();
  return ::expm1(x) / x;
}

// cos(x) - 1 as -2 sin^2(x/2), which has no cancellation anywhere: cos(x) - 1 loses the digits
// of the result near every zero 2 pi k (SciPy's form past pi/4, ~256 ulp at x = -6.342).
__device__ inline double sp_cosm1(double x) {
  const double s = ::sin(0.5 * x);
  return -2.0 * s * s;
}

// sin of r degrees for r in [-180, 180]: folded to [-90, 90] by subtractions that are exact,
// so that the zeros at 0 and +-180 stay exact and the argument of sinpi is small near them.
__device__ inline double sp_sin_degrees_folded(double r) {
  const double sign = r < 0.0 ? -1.0 : 1.0;
  r = ::fabs(r);
  if (r > 90.0) r = 180.0 - r;
  return sign * ::sinpi(r / 180.0);
}

// Beyond 1e14 degrees (and at infinity) SciPy returns 0 for all four functions, Cephes' total
// loss of precision.
__device__ inline bool sp_degrees_lost(double x) { return !(::fabs(x) <= 1e14); }

// x degrees reduced exactly into [-180, 180] (fmod is exact).
__device__ inline double sp_reduce_degrees(double x) {
  double r = ::fmod(x, 360.0);
  if (r > 180.0) r -= 360.0;
  if (r < -180.0) r += 360.0;
  return r;
}

__device__ inline double sp_sindg(double x) {
  if (isnan(x)) return x;
  if (sp_degrees_lost(x)) return 0.0;
  return sp_sin_degrees_folded(sp_reduce_degrees(x));
}

// cos(x deg) = sin((90 - |r|) deg) with |r| in [0, 180].
__device__ inline double sp_cosdg(double x) {
  if (isnan(x)) return x;
  if (sp_degrees_lost(x)) return 0.0;
  return sp_sin_degrees_folded(90.0 - ::fabs(sp_reduce_degrees(x)));
}

// tan and cot in degrees; SciPy gives +inf at every pole whatever the side.
__device__ inline double sp_tandg(double x) {
  if (isnan(x)) return x;
  if (sp_degrees_lost(x)) return 0.0;
  const double c = sp_cosdg(x);
  if (c == 0.0) return sp_inf();
  return sp_sindg(x) / c;
}

__device__ inline double sp_cotdg(double x) {
  if (isnan(x)) return x;
  if (sp_degrees_lost(x)) return 0.0;
  const double s = sp_sindg(x);
  if (s == 0.0) return sp_inf();
  return sp_cosdg(x) / s;
}

// Degrees, minutes and seconds to radians: the total in arc seconds times pi / 648000.
__device__ inline double sp_radian(double d, double m, double s) {
  return ((d * 60.0 + m) * 60.0 + s) * 4.84813681109535993589914102357947975956e-6;
}

// Nearest integer, halves to even (Cephes' round, as SciPy documents).
__device__ inline double sp_round(double x) { return ::rint(x); }

}  // namespace cunp::special

namespace cunp::special {

// x^y - 1 without the cancellation near 1: expm1(y log x) for x > 0, SciPy's values elsewhere
// (0 for y = 0 even at NaN x, and the real power for negative x and integer y).
__device__ inline double sp_powm1(double x, double y) {
  if (y == 0.0 || x == 1.0) return 0.0;
  if (isnan(x) || isnan(y)) return x + y;
  if (x == 0.0) return y > 0.0 ? -1.0 : sp_inf();
  if (x > 0.0) {
    if (isinf(x) || isinf(y)) return ::pow(x, y) - 1.0;
    return ::expm1(y * ::log(x));
  }
  if (y != ::floor(y) || isinf(y)) return sp_nan();
  return ::pow(x, y) - 1.0;
}

}  // namespace cunp::special
