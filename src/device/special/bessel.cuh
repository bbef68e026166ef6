// src/device/special/bessel.cuh -- scipy.special's Bessel functions of integer order in double:
// i0, i0e, i1, i1e, k0, k0e, k1, k1e, j0, j1, y0, y1, yn.
#pragma once
#include "bessel_i0.cuh"
#include "special_values.cuh"

namespace cunp::special {

__device__ inline double sp_i0(double x) { return i0(x); }

// Horner's rule, c[0] the highest coefficient: one fma a coefficient, where Clenshaw's recurrence
// for a Chebyshev series takes two dependent operations.
template <int N> __device__ inline double i0e_horner(double t, const double (&c)[N]) {
  double p = c[0];
#pragma unroll
  for (int k = 1; k < N; ++k) p = ::fma(p, t, c[k]);
  return p;
}

// e^-|x| I0(x): Cephes' Chebyshev series (the ones SciPy sums), turned into ordinary polynomials
// (exactly, then rounded to double) so that each term costs one fma, and the large-x branch
// takes no division (the old two and a square root). On [0, 8], a = the series in SciPy's argument t = x/4 - 1
// (rounded as SciPy rounds it); beyond 8, b = the series in t = 16/x - 1, times x^-1/2. Within 2
// ulp of the exact value (mpmath) from x = 0.1 on and 4 below, where SciPy is up to 7 ulp off
// (its Clenshaw sum at the end of the interval); so within 4 ulp of SciPy from 1.5 on and 8 below
// (test_special_host.py). Re-expanded about x = 6 the polynomial's terms would stay smaller
// near x = 8, but x/4 - 3/2 rounds more than x/4 - 1 for small x, which showed there.
__device__ inline double sp_i0e(double x) {
  constexpr double a[30] = {
      -1.1852342482684723e-09, 4.470516727511741e-09,   -7.723094556846334e-09,
      2.6265363151970106e-08,  -1.1384114641747253e-07, 3.6758429265554296e-07,
      -1.0883393970072518e-06, 3.2293390826404927e-06,  -9.251680584432657e-06,
      2.5202327271076918e-05,  -6.55086138962085e-05,   0.00016240542162878106,
      -0.00038290209550065975, 0.0008563152748272306,   -0.0018118867939377243,
      0.003617126448897043,    -0.006792399873073168,   0.01196007790702622,
      -0.019682654690592345,   0.03017791202297836,     -0.04298594945479611,
      0.056777032019916934,    -0.0695411956171938,     0.07927522590716347,
      -0.08496338091616307,    0.08734341617552314,     -0.08904344136075958,
      0.094515628539951,       -0.1130043268862055,     0.20700192122398672};
  constexpr double b[25] = {
      -6.067631570603006e-11,  -2.0260604287413626e-11, 4.577087631643623e-10,
      1.5279202694981569e-10,  -1.618980683624682e-09,  -5.715843864202709e-10,
      3.6379546359011143e-09,  1.5200816953924232e-09,  -5.95356943826489e-09,
      -3.5059665308793316e-09, 7.4304646503254255e-09,  7.552583062123384e-09,
      -5.404771567579958e-09,  -1.340891754008974e-08,  -6.747657956107524e-09,
      7.554691881248808e-09,   2.1548377974791595e-08,  3.9325843345529525e-08,
      8.872219737904054e-08,   2.9735985885673923e-07,  1.4838475658279249e-06,
      1.114303379093204e-05,   0.00013621607439193053,  0.003360551983667862,
      0.40217650944500805};
  x = ::fabs(x);
  if (x <= 8.0) return i0e_horner(::fma(x, 0.25, -1.0), a);
  if (isinf(x)) return 0.0;
  // x^-1/2 = r (1 + delta/2 + ...) with delta = 1 - x r^2 (r^2 as r2 + r2e exactly), from CUDA's
  // rsqrt (documented within an ulp) after one Newton step, which keeps this exact to rounding
  // from a far rougher start too: cheaper than sqrt and a division; the product rounds once.
  // Past 2^1000, r^2 would be subnormal and lose bits: scale x by 2^-64 (exact), and r and 1/x
  // back by 2^-32 and 2^-64 (exact) at the end.
  const bool big = x > 0x1p1000;
  const double xs = big ? x * 0x1p-64 : x;
  double r = ::rsqrt(xs);  // NaN stays NaN
  r = ::fma(0.5 * r, ::fma(-xs * r, r, 1.0), r);
  const double r2 = r * r, r2e = ::fma(r, r, -r2);
  const double delta = ::fma(-xs, r2, 1.0) - xs * r2e;
  // 1/x = r^2 (1 + delta) to rounding, for the series' argument 16/x - 1.
  const double inv = (r2 + ::fma(r2, delta, r2e)) * (big ? 0x1p-64 : 1.0);
  r *= big ? 0x1p-32 : 1.0;
  const double p = i0e_horner(::fma(16.0, inv, -1.0), b);
  return ::fma(p, r, p * (r * (0.5 * delta)));
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
