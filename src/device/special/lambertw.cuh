// src/device/special/lambertw.cuh -- the Lambert W function W_k(z) of complex z on branch k
// (lambertw), the solution of w e^w = z, after Corless, Gonnet, Hare, Jeffrey and Knuth, "On the
// Lambert W function" (1996): an initial guess from the series about the branch point -1/e
// (p = sqrt(2 (e z + 1))), from log(1 + z) near 0 on the principal branch, or from the
// asymptotic L1 - L2 + L2/L1 with L1 = log z + 2 pi i k, L2 = log L1, then Halley's iteration to
// the relative tolerance tol, or until the steps stop shrinking at the rounding floor near the
// branch point. Unconverged after 100 steps gives NaN (SciPy warns there).
#pragma once
#include "complex_arith.cuh"
#include "special_values.cuh"

namespace cunp::special {

__device__ inline sp_cx sp_lambertw(sp_cx z, long long k, double tol) {
  const double two_pi = 6.28318530717958647693, e = 2.71828182845904523536;
  if (isnan(z.re) || isnan(z.im)) return sp_cx(sp_nan(), sp_nan());
  if (isinf(z.re) || isinf(z.im)) {  // W ~ log z + 2 pi i k there
    return sp_cx(sp_inf(), ::atan2(z.im, z.re) + two_pi * static_cast<double>(k));
  }
  if (z.re == 0.0 && z.im == 0.0) return k == 0 ? z : sp_cx(-sp_inf(), 0.0);
  if (k == 0 && z.re == 1.0 && z.im == 0.0) return sp_cx(0.56714329040978387300, 0.0);  // Omega
  sp_cx w;
  // W_-1 is real on (-1/e, 0) whatever the sign of a zero Im z (as SciPy's): taken from above.
  if (k == -1 && z.im == 0.0 && z.re < 0.0 && z.re * e > -1.0) z.im = 0.0;
  // e z + 1, zero at the branch point; built by parts so that Im z = -0 stays -0 (the side of
  // the cut that z lies on)
  const sp_cx near(z.re * e + 1.0, z.im * e);
  const double dist = sp_cabs(near);
  // The branches that meet at -1/e: 0 always; -1 from above the cut (Im z >= +0); 1 from
  // below (Im z <= -0, but not on (-1/e, 0), where W_1 from below is far from -1). On branch 0
  // the series also gives the first guess along the cut's segment (-1.2, -2/e] (within 0.1 of
  // it), where log(1 + z) below is real (Halley's iteration never leaves the real axis from a
  // real guess) or singular (at -1), and its guesses nearby converged to other branches.
  const bool segment = k == 0 && z.re > -1.2 && z.re < 0.0 && ::fabs(z.im) < 0.1;
  const bool branch_point = (k == 0 && dist < 1.0) || segment ||
                            (dist < 0.3 &&
                             ((k == -1 && !signbit(z.im)) ||
                              (k == 1 && signbit(z.im) && !(z.im == 0.0 && near.re > 0.0))));
  if (branch_point) {
    sp_cx p = sp_csqrt(near * 2.0);
    if (k != 0) p = sp_cx(-p.re, -p.im);
    // W = -1 + p - p^2/3 + 11/72 p^3 - 43/540 p^4
    const sp_cx p2 = p * p;
    w = sp_cx(-1.0, 0.0) + p - p2 * (1.0 / 3.0) + p2 * p * (11.0 / 72.0) - p2 * p2 * (43.0 / 540.0);
  } else if (k == 0 && sp_cabs(z) < 1.5) {
    const sp_cx z1(1.0 + z.re, z.im);  // 1 + z, keeping Im z = -0 on its side of the cut
    w = sp_cabs(z) < 0.5 ? sp_cdiv(z, z1) : sp_clog(z1);  // W ~ z - z^2 near 0
  } else {
    sp_cx l1 = sp_clog(z);
    l1.im += two_pi * static_cast<double>(k);
    const sp_cx l2 = sp_clog(l1);
    w = l1 - l2 + sp_cdiv(l2, l1);
  }
  double last_step = sp_inf();
  for (int i = 0; i < 100; ++i) {
    const sp_cx ew = sp_cexp(w);
    const sp_cx f = w * ew - z;
    const sp_cx w1 = w + sp_cx(1.0, 0.0);
    // w = -1 (or den = 0 below) is the double root at the branch point itself, where the step
    // f / den is 0 / 0
    if (w1.re == 0.0 && w1.im == 0.0) return w;
    // Halley: w - f / (e^w (w + 1) - (w + 2) f / (2 w + 2))
    const sp_cx den = ew * w1 - sp_cdiv((w + sp_cx(2.0, 0.0)) * f, w1 * 2.0);
    if (den.re == 0.0 && den.im == 0.0) return w;
    const sp_cx next = w - sp_cdiv(f, den);
    const double step = sp_cabs(next - w), size = sp_cabs(next);
    if (step <= tol * size || isnan(step)) return next;
    // Near the branch point -1/e, W' = 1 / (e^W (W + 1)) is large: the rounding of f alone moves
    // w by about eps / |W + 1|, more than a tight tol allows, and the steps stop shrinking
    // there. A step no smaller than the last one, once small, is that rounding floor: the
    // iterate is as accurate as the arithmetic allows (SciPy's loop runs out and gives NaN).
    if (step >= last_step && step <= 1e-7 * size) return next;
    last_step = step;
    w = next;
  }
  return sp_cx(sp_nan(), sp_nan());
}

}  // namespace cunp::special
