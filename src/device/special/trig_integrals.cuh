// src/device/special/trig_integrals.cuh -- the sine and cosine integrals Si, Ci (sici) and the
// hyperbolic ones Shi, Chi (shichi) of real double x, each pair from one evaluation. Small |x|:
// the power series. Si/Ci beyond 2: the continued fraction of E1(ix) = -Ci(x) + i (Si(x) - pi/2)
// by the modified Lentz method in complex arithmetic. Shi/Chi beyond 30: from Ei and E1, of
// which E1 is then negligible, through Ei's asymptotic series. For x < 0, Si and Shi are odd
// and SciPy returns the real part of Ci(x) = Ci(-x) + i pi (likewise Chi).
#pragma once
#include "exponential_integral.cuh"
#include "special_values.cuh"

namespace cunp::special {

__device__ inline void sp_sici(double x, double& si, double& ci) {
  const double euler = 0.57721566490153286061, half_pi = 1.57079632679489661923;
  if (isnan(x)) {
    si = ci = x;
    return;
  }
  const double t = ::fabs(x);
  if (isinf(x)) {
    si = ::copysign(half_pi, x);
    ci = x > 0 ? 0.0 : sp_nan();
    return;
  }
  if (t == 0.0) {
    si = x;
    ci = -sp_inf();
    return;
  }
  double s, c;
  if (t <= 2.0) {
    // Si = sum (-1)^k t^(2k+1) / ((2k+1) (2k+1)!), Ci = gamma + log t + sum_{k>=1}
    // (-1)^k t^(2k) / (2k (2k)!): one running term t^j / j! with alternating signs per pair.
    double term = t, sum_s = t, sum_c = 0.0;
    for (int j = 2; j < 60; j += 2) {
      term *= -t / j;  // (-1)^(j/2) t^j / j!
      sum_c += term / j;
      term *= t / (j + 1);
      sum_s += term / (j + 1);
      if (::fabs(term) < 1e-17 * ::fabs(sum_s)) break;
    }
    s = sum_s;
    c = euler + ::log(t) + sum_c;
  } else {
    // Lentz on 1/(1+it-) 1/(3+it-) 4/(5+it-) 9/... : h -> E1(it) e^(it).
    double br = 1.0, bi = t;       // b
    double cr = 1e300, ci_ = 0.0;  // c
    double den = br * br + bi * bi;
    double dr = br / den, di = -bi / den;  // d = 1/b
    double hr = dr, hi = di;               // h
    for (int i = 2; i < 1000; ++i) {
      const double a = -static_cast<double>(i - 1) * (i - 1);
      br += 2.0;
      // d = 1 / (a d + b)
      double xr = a * dr + br, xi = a * di + bi;
      den = xr * xr + xi * xi;
      dr = xr / den;
      di = -xi / den;
      // c = b + a / c
      den = cr * cr + ci_ * ci_;
      cr = br + a * cr / den;
      ci_ = bi - a * ci_ / den;
      const double delr = cr * dr - ci_ * di, deli = cr * di + ci_ * dr;
      const double nr = hr * delr - hi * deli;
      hi = hr * deli + hi * delr;
      hr = nr;
      if (::fabs(delr - 1.0) + ::fabs(deli) < 1e-16) break;
    }
    const double cs = ::cos(t), sn = ::sin(t);
    // h (cos t - i sin t) = E1(it) = -Ci + i (Si - pi/2)
    const double er = hr * cs + hi * sn, ei = hi * cs - hr * sn;
    c = -er;
    s = half_pi + ei;
  }
  si = x < 0 ? -s : s;
  ci = c;
}

__device__ inline void sp_shichi(double x, double& shi, double& chi) {
  const double euler = 0.57721566490153286061;
  if (isnan(x)) {
    shi = chi = x;
    return;
  }
  const double t = ::fabs(x);
  if (t == 0.0) {
    shi = x;
    chi = -sp_inf();
    return;
  }
  if (isinf(x)) {
    shi = x;
    chi = sp_inf();
    return;
  }
  double s, c;
  if (t <= 30.0) {
    // All terms positive: Shi = sum t^(2k+1)/((2k+1)(2k+1)!), Chi - gamma - log t likewise.
    double term = t, sum_s = t, sum_c = 0.0;
    for (int j = 2; j < 200; j += 2) {
      term *= t / j;
      sum_c += term / j;
      term *= t / (j + 1);
      sum_s += term / (j + 1);
      if (term < 1e-17 * sum_s) break;
    }
    s = sum_s;
    c = euler + ::log(t) + sum_c;
  } else {
    // Ei(t) = Chi + Shi and E1(t) = Shi - Chi; E1(t) < 1e-14 Ei(t) here.
    const double ei = sp_ei_positive(t), e1 = sp_exp1(t);
    s = 0.5 * (ei + e1);
    c = 0.5 * (ei - e1);
  }
  shi = x < 0 ? -s : s;
  chi = c;
}

}  // namespace cunp::special
