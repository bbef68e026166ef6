// src/device/interpolation/interp.cuh -- numpy.interp at one point: the interval of x in xp by
// binary search, then NumPy's formula and edge cases, bit for bit.
//
// The search runs in the kernel rather than as a separate searchsorted: that would write an index
// per point and read it back (and searchsorted first re-encodes the points as sort keys), about
// three times the memory traffic of reading x and writing the result, while the table's upper
// levels stay in cache for the in-kernel search.
#pragma once
#include "../cunp_device.cuh"

namespace cunp {

// NumPy's arithmetic, operation for operation: the products and sums are rounded one at a time
// (no fused multiply-add), so results match NumPy's bit for bit. A NaN from one end of the
// interval (inf in fp) is retried from the other end; a flat infinite interval gives its value.
__device__ double interp_lerp(double x, double x0, double x1, double y0, double y1, double slope) {
  double r = __dadd_rn(__dmul_rn(slope, x - x0), y0);
  if (isnan(r)) {
    r = __dadd_rn(__dmul_rn(slope, x - x1), y1);
    if (isnan(r) && y0 == y1) r = y0;
  }
  return r;
}
__device__ double interp_at(double x, double x0, double x1, double y0, double y1) {
  return interp_lerp(x, x0, x1, y0, y1, (y1 - y0) / (x1 - x0));
}
__device__ complex<double> interp_at(double x, double x0, double x1, complex<double> y0,
                                     complex<double> y1) {
  const double inv_dx = 1.0 / (x1 - x0);
  return complex<double>(interp_lerp(x, x0, x1, y0.re, y1.re, __dmul_rn(y1.re - y0.re, inv_dx)),
                         interp_lerp(x, x0, x1, y0.im, y1.im, __dmul_rn(y1.im - y0.im, inv_dx)));
}

// The value at x of the table (xp, fp) of n points, xp increasing (not checked, as NumPy):
// `left` and `right` outside it when given (has_left, has_right), else fp's end values. The
// search finds k with xp[k] <= x < xp[k + 1] (the last k with xp[k] <= x, as NumPy's binary
// search, side='right' of searchsorted, minus one), after the checks outside xp.
template <class Y, class Xp, class Fp>
__device__ Y interp_point(double x, const Xp& xp, const Fp& fp, long long n, Y left, Y right,
                          bool has_left, bool has_right) {
  const long long m = n;
  const Y lval = has_left ? left : fp[0];
  const Y rval = has_right ? right : fp[m - 1];
  if (m == 1) return x < xp[0] ? lval : (x > xp[0] ? rval : fp[0]);
  if (isnan(x)) return Y(x);
  if (x < xp[0]) return lval;
  if (x > xp[m - 1]) return rval;
  long long lo = 0, hi = m;
  while (lo < hi) {
    const long long mid = lo + (hi - lo) / 2;
    if (x < xp[mid]) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  const long long k = lo - 1;
  return (k == m - 1 || xp[k] == x) ? fp[k] : interp_at(x, xp[k], xp[k + 1], fp[k], fp[k + 1]);
}

}  // namespace cunp
