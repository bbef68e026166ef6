// src/device/special/gamma_function.cuh -- scipy.special's gamma family for real double
// arguments: gamma, gammaln, loggamma, gammasgn, rgamma, poch, beta, betaln, binom.
#pragma once
#include "special_values.cuh"

namespace cunp::special {

__device__ inline bool sp_is_nonpositive_integer(double x) { return x <= 0.0 && x == ::floor(x); }

// Gamma: poles at 0 (signed like the zero) and NaN at negative integers, as tgamma and SciPy.
__device__ inline double sp_gamma(double x) { return ::tgamma(x); }

// log Gamma(1 + z) for |z| <= 0.2 by its Taylor series, -euler z + sum_k (-1)^k zeta(k) z^k / k:
// near its zeros at 1 and 2 lgamma keeps only an absolute accuracy, SciPy a relative one.
__device__ inline double sp_lgamma1p_series(double z) {
  constexpr double zeta[] = {1.6449340668482266, 1.202056903159594,  1.0823232337111381,
                             1.0369277551433704, 1.0173430619844488, 1.008349277381923,
                             1.0040773561979446, 1.0020083928260826, 1.0009945751278182,
                             1.0004941886041194, 1.0002460865533078, 1.0001227133475785,
                             1.0000612481350586, 1.0000305882363072, 1.0000152822594084,
                             1.0000076371976376, 1.000003817293265,  1.0000019082127163,
                             1.0000009539620338, 1.0000004769329867, 1.0000002384505027,
                             1.000000119219926,  1.000000059608189,  1.0000000298035034,
                             1.0000000149015549};
  double acc = 0.0;
  for (int k = 26; k >= 2; --k) acc = acc * z + ((k & 1) ? -zeta[k - 2] : zeta[k - 2]) / k;
  return z * (-0.57721566490153286061 + z * acc);
}

// lgamma, relatively accurate around its zeros at 1 and 2 (x - 1 and x - 2 are exact there).
__device__ inline double sp_lgamma(double x) {
  if (x >= 0.8 && x <= 1.2) return sp_lgamma1p_series(x - 1.0);
  if (x >= 1.8 && x <= 2.2) return sp_lgamma1p_series(x - 2.0) + ::log1p(x - 2.0);
  return ::lgamma(x);
}

// log|Gamma(x)|; SciPy gives -inf at -inf (the limit along the left half-axis is not taken).
__device__ inline double sp_gammaln(double x) {
  if (isinf(x) && x < 0) return x;
  return sp_lgamma(x);
}

// --- gammaln's float loop ----------------------------------------------------------------------
// Double lgamma costs float32 inputs as much as float64 ones (half the bytes, the same double
// arithmetic, so the float32 loop ran at half the bandwidth). These keep float work for the bulk
// and double for the few steps whose rounding would show: within 1 ulp of SciPy's float64 value
// rounded to float (and 0.6 ulp relative near the zeros at 1 and 2) when compiled for the host
// (tests/python/scipy/special/test_special_host.py), where all-float forms were 2 to 3 ulp off
// in a NumPy model.

// log(v) of a double v in float's normal range, to about 1e-9 relative: v's float part split
// as 2^e m with m in [1/sqrt 2, sqrt 2), log m = 2 atanh(u) with u = (m - 1)/(m + 1) taken in
// float and corrected by its exact residual in double, the series' tail 2u (u^2/3 + u^4/5 ...)
// in float, and log(1 + lo/v) ~ lo/v for the part float dropped.
__device__ inline double sp_log_mixed(double v) {
  const float vf = static_cast<float>(v);
  const double lo = v - static_cast<double>(vf);
  int e;
  float m = frexpf(vf, &e);
  if (m < 0.70710678f) {
    m *= 2.0f;
    --e;
  }
  const float uf = (m - 1.0f) / (m + 1.0f);
  const double md = m;
  const double residual = (md - 1.0) - static_cast<double>(uf) * (md + 1.0);  // exact
  const double u = static_cast<double>(uf) +
                   static_cast<double>(static_cast<float>(residual) / static_cast<float>(md + 1.0));
  const float w = uf * uf;
  float tail = 2.0f / 13.0f;
  tail = fmaf(tail, w, 2.0f / 11.0f);
  tail = fmaf(tail, w, 2.0f / 9.0f);
  tail = fmaf(tail, w, 2.0f / 7.0f);
  tail = fmaf(tail, w, 2.0f / 5.0f);
  tail = fmaf(tail, w, 2.0f / 3.0f);
  tail *= w;
  // lo/v is below 2^-24: float's reciprocal of v is precise enough for it.
  return e * 0.6931471805599453 + (2.0 * u + u * static_cast<double>(tail)) +
         lo * static_cast<double>(1.0f / vf);
}

// log Gamma(1 + z) (at 1) or log Gamma(2 + z) (at 2) for |z| <= 0.2: the Taylor series
// z (c1 + z (c2 + z (c3 + ...))), c_k = (-1)^k zeta(k)/k (at 2: (-1)^k (zeta(k) - 1)/k,
// c1 = -euler or 1 - euler), its tail in float, its first two terms in double.
template <int N>
__device__ inline float sp_lgamma_near_zero(float z, const double (&c)[N], double c1) {
  float acc = static_cast<float>(c[N - 1]);
#pragma unroll
  for (int k = N - 2; k >= 1; --k) acc = fmaf(acc, z, static_cast<float>(c[k]));
  const double zd = z;
  return static_cast<float>(zd * (c1 + zd * (c[0] + zd * static_cast<double>(acc))));
}

__device__ inline float sp_gammaln(float x) {
  constexpr double at1[] = {0.8224670334241132,   -0.40068563438653143, 0.27058080842778454,
                            -0.20738555102867398, 0.1695571769974082,   -0.1440498967688461,
                            0.12550966952474304,  -0.11133426586956469, 0.1000994575127818,
                            -0.09095401714582904, 0.083353840546109,    -0.0769325164113522};
  constexpr double at2[] = {0.3224670334241132,    -0.0673523010531981,     0.020580808427784546,
                            -0.007385551028673986, 0.0028905103307415234,   -0.001192753911703261,
                            0.0005096695247430425, -0.00022315475845357939, 9.945751278180853e-05,
                            -4.492623673813314e-05};
  // Left of 0 (poles, zeros between them), near 0, at infinity and NaN: the double loop.
  if (!(x >= 0x1p-24f) || isinf(x)) return static_cast<float>(sp_gammaln(static_cast<double>(x)));
  if (fabsf(x - 1.0f) <= 0.2f) return sp_lgamma_near_zero(x - 1.0f, at1, -0.5772156649015329);
  if (fabsf(x - 2.0f) <= 0.2f) return sp_lgamma_near_zero(x - 2.0f, at2, 0.42278433509846713);
  // Stirling's series at y = x + k >= 8, log Gamma(x) = log Gamma(y) - log(x (x+1) ... (y-1));
  // y and the product are exact or nearly so in double.
  double y = x, p = 1.0;
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    if (y < 8.0) {
      p *= y;
      y += 1.0;
    }
  }
  const float r = 1.0f / static_cast<float>(y), r2 = r * r;
  const float s = r * fmaf(fmaf(fmaf(-1.0f / 1680.0f, r2, 1.0f / 1260.0f), r2, -1.0f / 360.0f), r2,
                           1.0f / 12.0f);
  double g = (y - 0.5) * sp_log_mixed(y) - y + 0.9189385332046728 + static_cast<double>(s);
  if (p != 1.0) g -= sp_log_mixed(p);
  return static_cast<float>(g);
}

// The real branch of log Gamma: defined for x >= 0 (inf at the pole 0), NaN left of it.
__device__ inline double sp_loggamma(double x) {
  if (x < 0.0) return sp_nan();
  return sp_lgamma(x);
}

// sign(Gamma(x)): +1 right of 0 (and at +0), -1 at -0, NaN at negative integers and -inf;
// between the poles it alternates: negative on (-1, 0), positive on (-2, -1), ...
__device__ inline double sp_gammasgn(double x) {
  if (isnan(x)) return x;
  if (x > 0.0) return 1.0;
  if (x == 0.0) return signbit(x) ? -1.0 : 1.0;
  if (isinf(x) || x == ::floor(x)) return sp_nan();
  return static_cast<long long>(::floor(x)) % 2 == 0 ? 1.0 : -1.0;
}

// 1/Gamma(x): zero at the poles; Legendre's duplication formula keeps the result beyond
// Gamma's overflow (x > 171.6) representable down to the double underflow; the reflection
// formula does the same far left of 0.
__device__ inline double sp_rgamma(double x) {
  if (isnan(x)) return x;
  if (sp_is_nonpositive_integer(x)) return 0.0;
  if (x == sp_inf()) return 0.0;
  if (x == -sp_inf()) return sp_nan();
  if (x > 171.0) {
    const double h = 0.5 * x;
    // 1/Gamma(x) = sqrt(pi) 2^(1-x) / (Gamma(x/2) Gamma(x/2 + 1/2)), factors kept in range.
    return 1.7724538509055160273 * ::exp2(1.0 - x) / ::tgamma(h) / ::tgamma(h + 0.5);
  }
  if (x < -170.0) {
    // 1/Gamma(x) = Gamma(1-x) sin(pi x) / pi, with Gamma(1-x) split by the duplication
    // formula so that no factor overflows before the result does.
    const double h = 0.5 * (1.0 - x);
    const double f = ::sinpi(x) * (0.31830988618379067154 / 1.7724538509055160273);
    return ((f * ::tgamma(h)) * ::exp2(-x)) * ::tgamma(h + 0.5);
  }
  return 1.0 / ::tgamma(x);
}

// Stirling's correction mu(x) = log Gamma(x) - (x - 1/2) log x + x - log(2 pi)/2, for x >= 10.
__device__ inline double sp_stirling_correction(double x) {
  const double z = 1.0 / (x * x);
  return (1.0 / 12.0 +
          z * (-1.0 / 360.0 +
               z * (1.0 / 1260.0 +
                    z * (-1.0 / 1680.0 +
                         z * (1.0 / 1188.0 + z * (-691.0 / 360360.0 + z * (1.0 / 156.0))))))) /
         x;
}

// log Gamma(b) - log Gamma(b + a) for 0 < a <= b: for large b by Stirling's formula written
// around log1p(a/b), which keeps the small difference of two large logarithms exact.
__device__ inline double sp_lgamma_ratio(double b, double a) {
  if (b < 10.0) return ::lgamma(b) - ::lgamma(b + a);
  const double s = a + b;
  return -(b - 0.5) * ::log1p(a / b) - a * ::log(s) + a + sp_stirling_correction(b) -
         sp_stirling_correction(s);
}

// log|B(a, b)| for positive a, b.
__device__ inline double sp_lbeta_positive(double a, double b) {
  if (a > b) {
    const double t = a;
    a = b;
    b = t;
  }
  return ::lgamma(a) + sp_lgamma_ratio(b, a);
}

// B(a, b) where neither argument is a pole of Gamma.
__device__ inline double sp_beta_regular(double a, double b) {
  const double s = a + b;
  if (a > 0 && b > 0) {
    if (s < 171.0) {
      const double big = a > b ? a : b, small = a > b ? b : a;
      return ::tgamma(big) / ::tgamma(s) * ::tgamma(small);
    }
    return ::exp(sp_lbeta_positive(a, b));
  }
  if (sp_is_nonpositive_integer(s)) return 0.0;
  if (::fabs(a) < 170.0 && ::fabs(b) < 170.0 && ::fabs(s) < 170.0)
    return ::tgamma(b) / ::tgamma(s) * ::tgamma(a);
  const double sign = sp_gammasgn(a) * sp_gammasgn(b) * sp_gammasgn(s);
  return sign * ::exp(::lgamma(a) + ::lgamma(b) - ::lgamma(s));
}

// Whether x is a pole of Gamma, -inf included (Cephes' test x <= 0 && x == floor(x)).
__device__ inline bool sp_gamma_pole(double x) { return x <= 0.0 && x == ::floor(x); }

// The beta function B(a, b) = Gamma(a) Gamma(b) / Gamma(a + b). A pole argument comes first
// (Cephes' convention, NaN partners included): with an integer partner b and 1 - a - b > 0 the
// limit is finite, (-1)^b B(1 - a - b, b); otherwise infinite.
__device__ inline double sp_beta(double a, double b) {
  if (sp_gamma_pole(a) || sp_gamma_pole(b)) {
    if (!sp_gamma_pole(a)) {
      const double t = a;
      a = b;
      b = t;
    }
    if (isinf(a) || isinf(b) || b != ::floor(b) || !(1.0 - a - b > 0.0)) return sp_inf();
    const double sign = ::fmod(b, 2.0) == 0.0 ? 1.0 : -1.0;
    // A second pole (b <= 0) makes the reflected beta infinite, with the sign kept.
    if (b <= 0.0) return sign * sp_inf();
    return sign * sp_beta_regular(1.0 - a - b, b);
  }
  if (isnan(a) || isnan(b)) return a + b;
  if (a == sp_inf() || b == sp_inf()) return (a > 0.0 && b > 0.0) ? 0.0 : sp_nan();
  return sp_beta_regular(a, b);
}

// log|B(a, b)|, with beta's conventions at the poles.
__device__ inline double sp_betaln(double a, double b) {
  if (sp_gamma_pole(a) || sp_gamma_pole(b)) {
    if (!sp_gamma_pole(a)) {
      const double t = a;
      a = b;
      b = t;
    }
    if (isinf(a) || isinf(b) || b != ::floor(b) || !(1.0 - a - b > 0.0) || b <= 0.0)
      return sp_inf();
    return sp_lbeta_positive(1.0 - a - b, b);
  }
  if (isnan(a) || isnan(b)) return a + b;
  if (a == sp_inf() || b == sp_inf()) return (a > 0.0 && b > 0.0) ? -sp_inf() : sp_nan();
  if (a > 0 && b > 0) return sp_lbeta_positive(a, b);
  if (sp_gamma_pole(a + b)) return -sp_inf();
  return ::lgamma(a) + ::lgamma(b) - ::lgamma(a + b);
}

// The Pochhammer symbol (z)_m = Gamma(z + m) / Gamma(z), as Cephes computes it: m is brought
// into (-1, 1) by the recurrences (z)_m = (z + m - 1) (z)_(m-1) and its inverse, so that the
// remaining gamma ratio is of nearby arguments; for large z that ratio is its asymptotic series.
__device__ inline double sp_poch(double z, double m) {
  double r = 1.0;
  while (m >= 1.0) {
    if (z + m == 1.0) break;
    m -= 1.0;
    r *= z + m;
    if (!isfinite(r) || r == 0.0) break;
  }
  while (m <= -1.0) {
    if (z + m == 0.0) break;
    r /= z + m;
    m += 1.0;
    if (!isfinite(r) || r == 0.0) break;
  }
  if (m == 0.0) return r;
  if (z > 1e4 && ::fabs(m) <= 1.0) {
    const double m1 = m - 1.0, m2 = m - 2.0;
    return r * ::pow(z, m) *
           (1.0 + m * m1 / (2.0 * z) + m * m1 * m2 * (3.0 * m - 1.0) / (24.0 * z * z) +
            m * m * m1 * m1 * m2 * (m - 3.0) / (48.0 * z * z * z));
  }
  // Poles and zeros as Cephes decides them: integers beyond 1e13 (and infinities) do not count
  // as poles there, and a NaN m falls through to these tests too.
  const double s = z + m;
  const bool pole_s = sp_gamma_pole(s) && ::fabs(s) < 1e13;
  const bool pole_z = sp_gamma_pole(z) && ::fabs(z) < 1e13;
  if (pole_s && !pole_z && s != m) return sp_inf();
  if (!pole_s && pole_z) return 0.0;
  if (::fabs(z) < 170.0 && ::fabs(s) < 170.0) return r * (::tgamma(s) / ::tgamma(z));
  return r * sp_gammasgn(s) * sp_gammasgn(z) * ::exp(::lgamma(s) - ::lgamma(z));
}

// The binomial coefficient of real n and k, as SciPy defines it: integer k (below 20 after
// the symmetry k -> n - k) by the product formula, else 1 / ((n + 1) B(n - k + 1, k + 1)).
__device__ inline double sp_binom(double n, double k) {
  if (isnan(n) || isnan(k)) return n + k;
  if (n < 0.0 && n == ::floor(n)) return sp_nan();
  double kx = ::floor(k);
  if (k == kx && (::fabs(n) > 1e-8 || n == 0.0)) {
    const double nx = ::floor(n);
    if (nx == n && kx > nx / 2 && nx > 0) kx = nx - kx;
    if (kx >= 0 && kx < 20) {
      double num = 1.0, den = 1.0;
      for (double i = 1; i <= kx; i += 1.0) {
        num *= i + n - kx;
        den *= i;
        if (::fabs(num) > 1e50) {  // keep the partial products finite
          num /= den;
          den = 1.0;
        }
      }
      return num / den;
    }
  }
  if (n >= 1e10 * k && k > 0) return ::exp(-sp_betaln(1.0 + n - k, 1.0 + k) - ::log1p(n));
  return 1.0 / (n + 1.0) / sp_beta(1.0 + n - k, 1.0 + k);
}

}  // namespace cunp::special
