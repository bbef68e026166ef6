// src/device/special/bessel.cuh -- scipy.special's Bessel functions of integer order in double:
// i0, i0e, i1, i1e, k0, k0e, k1, k1e, j0, j1, y0, y1, yn.
#pragma once
#include "bessel_i0.cuh"
#include "special_values.cuh"

namespace cunp::special {

__device__ inline double sp_i0(double x) { return i0(x); }

// e^-|x| I0(x): Cephes' Chebyshev series without their exponential factor.
__device__ inline double sp_i0e(double x) {
  x = ::fabs(x);
  if (x <= 8.0) return chbevl(0.5 * x - 2.0, kI0A);
  return chbevl(32.0 / x - 2.0, kI0B) / ::sqrt(x);
}

// The float32 loop, as accurate as the double one rounded but mostly in float: the same series.
// On [0, 8] the ten smallest coefficients of A are dropped (their sum, 1.2e-10, is below float's
// resolution), 17 steps run in float and the last 3 in double, on an argument kept exact
// in double; beyond 8 the 17 smallest of B go, 7 steps run in float (32/x rounded in float moves
// the sum by under 1e-9) and the last in double, and 1/sqrt(x) is float's rsqrt refined by one
// Newton step in double. Within 1 ulp of SciPy's float64 value rounded to float (this code
// compiled for the host, tests/python/scipy/special/test_special_host.py); all-float Clenshaw
// steps were 3 ulp off.
__device__ inline float sp_i0e(float x) {
  const float a = fabsf(x);
  if (a <= 8.0f) {
    const double t = 0.5 * static_cast<double>(a) - 2.0;
    return static_cast<float>(chbevl_mixed<10, 27>(static_cast<float>(t), t, kI0A));
  }
  if (isinf(a)) return 0.0f;
  const float t = 32.0f / a - 2.0f;  // NaN stays NaN
  const double s = chbevl_mixed<17, 24>(t, static_cast<double>(t), kI0B);
  const double r = rsqrtf(a);
  return static_cast<float>(s * (r * (1.5 - 0.5 * static_cast<double>(a) * r * r)));
}

// e^-|x| I1(x); beyond 700, where I1 overflows, Hankel's asymptotic series
// e^-x I1(x) ~ (2 pi x)^-1/2 sum (-1)^k (4 - 1)(4 - 9)...(4 - (2k-1)^2) / (k! (8x)^k).
__device__ inline double sp_i1e(double x) {
  const double a = ::fabs(x);
  if (!(a > 700.0)) return ::cyl_bessel_i1(x) * ::exp(-a);
  double term = 1.0, sum = 1.0;
  for (int k = 1; k <= 10; ++k) {
    const double odd = 2.0 * k - 1.0;
    term *= -(4.0 - odd * odd) / (k * 8.0 * a);
    sum += term;
  }
  const double r = sum / ::sqrt(6.283185307179586477 * a);
  return x < 0 ? -r : r;
}

// I1; past 700 as e^|x| times the scaled function, which overflows where Cephes' (SciPy's) does.
__device__ inline double sp_i1(double x) {
  if (!(::fabs(x) > 700.0)) return ::cyl_bessel_i1(x);
  return sp_i1e(x) * ::exp(::fabs(x));
}

// Below 1, K0 and K1 by their ascending series (Abramowitz & Stegun 9.6.13 and 9.6.11): with
// y = x^2/4, K0 = -(log(x/2) + gamma) I0 + sum H_k y^k / (k!)^2 and
// K1 = 1/x + log(x/2) I1 - (x/4) sum (psi(k+1) + psi(k+2)) y^k / (k! (k+1)!).
__device__ inline double sp_k0_series(double x) {
  const double euler = 0.57721566490153286061;
  const double y = 0.25 * x * x;
  double term = 1.0, harmonic = 0.0, i0sum = 1.0, sum = 0.0;
  for (int k = 1; k < 30; ++k) {
    term *= y / (double(k) * k);
    harmonic += 1.0 / k;
    i0sum += term;
    sum += harmonic * term;
    if (term < 1e-17 * i0sum) break;
  }
  return -(::log(0.5 * x) + euler) * i0sum + sum;
}

__device__ inline double sp_k1_series(double x) {
  const double euler = 0.57721566490153286061;
  const double y = 0.25 * x * x;
  double term = 1.0, harmonic = 0.0, i1 = 1.0, sum = 1.0 - 2.0 * euler;
  for (int k = 1; k < 30; ++k) {
    term *= y / (double(k) * (k + 1));
    harmonic += 1.0 / k;
    i1 += term;
    sum += (2.0 * harmonic + 1.0 / (k + 1) - 2.0 * euler) * term;
    if (term < 1e-17 * i1) break;
  }
  return 1.0 / x + ::log(0.5 * x) * (0.5 * x * i1) - 0.25 * x * sum;
}

// From 1 on, e^x K_nu(x) = integral over t > 0 of exp(-2x sinh^2(t/2)) cosh(nu t) dt by the
// trapezoidal rule, which converges geometrically for this analytic, double-exponentially
// decaying integrand; the step shrinks as 1/sqrt(x) with the integrand's width, so about 20 to
// 40 positive terms are summed (measured against 50-digit values: within 6e-16).
__device__ inline double sp_kv_scaled_integral(double x, int nu) {
  const double h = ::fmin(0.125, 0.4 / ::sqrt(x));
  double sum = 0.5;
  for (int k = 1; k < 200; ++k) {
    const double t = k * h;
    const double s = ::sinh(0.5 * t);
    double f = ::exp(-2.0 * x * s * s);
    if (nu) f *= ::cosh(t);
    sum += f;
    if (f < 1e-18 * sum) break;
  }
  return sum * h;
}

__device__ inline double sp_k0e(double x) {
  if (isnan(x)) return x;
  if (x < 0.0) return sp_nan();
  if (x == 0.0) return sp_inf();
  if (x == sp_inf()) return 0.0;
  if (x <= 1.0) return sp_k0_series(x) * ::exp(x);
  return sp_kv_scaled_integral(x, 0);
}

__device__ inline double sp_k0(double x) {
  if (isnan(x)) return x;
  if (x < 0.0) return sp_nan();
  if (x == 0.0) return sp_inf();
  if (x <= 1.0) return sp_k0_series(x);
  if (x > 750.0) return 0.0;
  return sp_kv_scaled_integral(x, 0) * ::exp(-x);
}

__device__ inline double sp_k1e(double x) {
  if (isnan(x)) return x;
  if (x < 0.0) return sp_nan();
  if (x == 0.0) return sp_inf();
  if (x == sp_inf()) return 0.0;
  if (x <= 1.0) return sp_k1_series(x) * ::exp(x);
  return sp_kv_scaled_integral(x, 1);
}

__device__ inline double sp_k1(double x) {
  if (isnan(x)) return x;
  if (x < 0.0) return sp_nan();
  if (x == 0.0) return sp_inf();
  if (x <= 1.0) return sp_k1_series(x);
  if (x > 750.0) return 0.0;
  return sp_kv_scaled_integral(x, 1) * ::exp(-x);
}

// J and Y of orders 0 and 1 and Y of integer order from CUDA's libdevice, which follows the
// same conventions as SciPy (Y is -inf at 0 and NaN left of it), except at infinity: libdevice
// returns the limit 0 there, SciPy NaN (its phase x - pi/4 has no value at infinity).
__device__ inline double sp_j0(double x) { return isinf(x) ? sp_nan() : ::j0(x); }
__device__ inline double sp_j1(double x) { return isinf(x) ? sp_nan() : ::j1(x); }
__device__ inline double sp_y0(double x) { return isinf(x) ? sp_nan() : ::y0(x); }
__device__ inline double sp_y1(double x) { return isinf(x) ? sp_nan() : ::y1(x); }

// Y_n for integer n; negative orders by Y_-n = (-1)^n Y_n. A float order is truncated toward
// zero, as SciPy does (with a warning there).
__device__ inline double sp_yn(long long n, double x) {
  if (isinf(x)) return sp_nan();
  if (n < 0) {
    const double r = ::yn(static_cast<int>(-n), x);
    return (n & 1) ? -r : r;
  }
  return ::yn(static_cast<int>(n), x);
}

// An order beyond int's range: SciPy's conversion to int makes it INT_MIN, which its forward
// recurrence takes as an even order of 2^31 (running 2^31 steps). Y_n overflows to -inf while
// x < |n| (Y_n(x) ~ -(2n / (e x))^n / sqrt(pi n / 2)); beyond, where its amplitude is below
// sqrt(2 / (pi x)) < 2e-5, 0 stands for a value whose order SciPy has already lost.
__device__ inline double sp_yn(double n, double x) {
  if (isnan(n)) return n;
  if (!(::fabs(n) < 2147483648.0)) {
    if (isnan(x) || x < 0.0 || isinf(x)) return sp_nan();
    return x < ::fabs(n) ? -sp_inf() : 0.0;
  }
  return sp_yn(static_cast<long long>(n), x);
}

}  // namespace cunp::special

namespace cunp::special {

// K_n for integer n: upward recurrence K_(k+1) = K_(k-1) + (2k/x) K_k from K_0, K_1 (stable:
// K grows with the order); K_-n = K_n. A float order is truncated toward zero, as SciPy does.
__device__ inline double sp_kn(long long n, double x) {
  if (isnan(x)) return x;
  if (n < 0) n = -n;
  if (x < 0.0) return sp_nan();
  if (x == 0.0) return sp_inf();
  if (n == 0) return sp_k0(x);
  double a = sp_k0(x), b = sp_k1(x);
  for (long long k = 1; k < n; ++k) {
    const double next = a + (2.0 * k) / x * b;
    a = b;
    b = next;
    if (isinf(b)) break;
  }
  return b;
}

__device__ inline double sp_kn(double n, double x) {
  if (isnan(n)) return n;
  if (::fabs(n) > 2147483647.0) return sp_nan();  // SciPy's order is a C int
  return sp_kn(static_cast<long long>(n), x);
}

}  // namespace cunp::special
