// src/device/special/gamma_function.cuh -- scipy.special's gamma family for real double
// arguments: gamma, gammaln, loggamma, gammasgn, rgamma, poch, beta, betaln, binom.
#pragma once
#include "special_values.cuh"

namespace cunp::special {

__device__ inline bool sp_is_nonpositive_integer(double x) { return x <= 0.0 && x == ::floor(x); }

// Gamma: poles at 0 (signed like the zero) and NaN at negative integers, as tgamma and SciPy.
__device__ inline double sp_gamma(double x) { return ::tgamma(x); }

// log Gamma(1 + z) for |z| <= 0.2 as z (-euler + z p(z)): near its zeros at 1 and 2 lgamma keeps
// only an absolute accuracy, SciPy a relative one. p is the Chebyshev fit of degree 15 on
// [-0.2, 0.2] to (log Gamma(1 + z) + euler z) / z^2 (Taylor coefficients (-1)^k zeta(k) / k,
// which fall only like 0.2^k there: the Taylor sum needed 25 terms), within 2e-17 of it, so
// 2^-57 relative to the result; its first coefficients are the Taylor ones, zeta(2)/2 and
// -zeta(3)/3, to double precision (fitted with mpmath's chebyfit at 60 digits).
__device__ inline double sp_lgamma1p_series(double z) {
  constexpr double p[] = {0.82246703342411321,   -0.40068563438653142,  0.27058080842782569,
                          -0.20738555102871299,  0.16955717697584174,   -0.14404989674839917,
                          0.12550967382601148,   -0.11133426994749678,  0.10009903703435011,
                          -0.090953618509667478, 0.083376093864514513,  -0.076953612913789167,
                          0.070784319678227283,  -0.066053840566554074, 0.07220390321649482,
                          -0.068020544202799696};
  double acc = p[15];
  for (int k = 14; k >= 0; --k) acc = acc * z + p[k];
  return z * (-0.57721566490153286061 + z * acc);
}

// log Gamma(2 + z) for |z| <= 0.2 by its own Taylor series, (1 - euler) z +
// sum_k (-1)^k (zeta(k) - 1) z^k / k: its coefficients fall like 2^-k, so 16 terms reach double
// precision (2^-57 relative to the sum at |z| = 0.2), where the sum at 1 plus log1p(z) cost
// twice the work and a division; the lanes near 2 diverge from lgamma's, so that work showed in
// about a quarter of the warps on uniform input.
__device__ inline double sp_lgamma2p_series(double z) {
  constexpr double zeta_m1[] = {
      0.64493406684822644,    0.20205690315959429,    0.082323233711138192,  0.036927755143369926,
      0.01734306198444914,    0.0083492773819228268,  0.0040773561979443394, 0.0020083928260822144,
      0.00099457512781808534, 0.00049418860411946456, 0.0002460865533080483, 0.00012271334757848915,
      6.1248135058704829e-5,  3.0588236307020494e-5,  1.5282259408651872e-5, 7.6371976378997623e-6};
  double acc = 0.0;
  for (int k = 17; k >= 2; --k) acc = acc * z + ((k & 1) ? -zeta_m1[k - 2] : zeta_m1[k - 2]) / k;
  return z * (0.42278433509846713939 + z * acc);
}

// lgamma, relatively accurate around its zeros at 1 and 2 (x - 1 and x - 2 are exact there).
__device__ inline double sp_lgamma(double x) {
  if (x >= 0.8 && x <= 1.2) return sp_lgamma1p_series(x - 1.0);
  if (x >= 1.8 && x <= 2.2) return sp_lgamma2p_series(x - 2.0);
  return ::lgamma(x);
}

// log|Gamma(x)|; SciPy gives -inf at -inf (the limit along the left half-axis is not taken).
__device__ inline double sp_gammaln(double x) {
  if (isinf(x) && x < 0) return x;
  return sp_lgamma(x);
}

// --- gammaln's float loop ----------------------------------------------------------------------
// All in float arithmetic: float<->double conversions and double steps cost a GPU many float
// operations each (the loop ran compute-bound at a quarter of the copy bandwidth). Where the
// rounding of a float step would show, the value is carried as an unevaluated sum hi + lo of two
// floats, so the result is within 1 ulp of SciPy's float64 value rounded to float (relative
// near the zeros at 1 and 2; 1 float epsilon absolute where |log Gamma| < 1), checked with this
// code compiled for the host (tests/python/scipy/special/test_special_host.py).

// a + b as hi + lo exactly (Knuth's two-sum, any order of magnitudes).
__device__ inline void sp_two_sum(float a, float b, float& hi, float& lo) {
  hi = a + b;
  const float bb = hi - a;
  lo = (a - (hi - bb)) + (b - bb);
}

// a + b as hi + lo exactly where |a| >= |b| (Dekker's fast two-sum: three operations, not six).
__device__ inline void sp_fast_two_sum(float a, float b, float& hi, float& lo) {
  hi = a + b;
  lo = b - (hi - a);
}

// 1/v by the hardware's approximate reciprocal (within 1 ulp; one instruction): __fdividef adds
// a test and a rescaling for |v| > 2^126 (five more instructions a division), which none of the
// callers below needs: their divisors are normal floats whose reciprocal may flush to zero only
// where the term it scales no longer counts (y past 2^126). The host build uses its model of the
// fast division (2 ulp off), the worse case.
__device__ inline float sp_rcp_approx(float v) {
#ifdef __CUDA_ARCH__
  float r;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(v));
  return r;
#else
  return __fdividef(1.0f, v);
#endif
}

// log(v) of a positive normal float v as hi + lo, to about 2^-31 relative: v = 2^e m with
// m in [sqrt(1/2), sqrt 2) from the bits (no frexp, no int-to-float conversion instruction),
// log m = 2 atanh(u), u = (m - 1)/(m + 1) as uh + ul (m - 1 is exact, m + 1 = s + sl exactly, ul
// the division's residual), the series' tail 2u (u^2/3 + u^4/5 + ... + u^10/11) in float
// (|u| < 0.172: the terms left out are below 2^-34). The tail is a function of uh alone, so ul
// enters it to first order too, 2 ul (1 + u^2): without that the reciprocal's own error (an ulp
// or two of uh) showed as 2^-29 in the logarithm.
// With Renormalize false, hi + lo is left as the sum of the two parts (|lo| up to 0.0035), three
// operations fewer, for a caller that only adds them into its own hi + lo sums.
template <bool Renormalize = true> __device__ inline void sp_log_ff(float v, float& hi, float& lo) {
  const int bits = __float_as_int(v);
  const int e = (bits - 0x3f3504f3) >> 23;  // 0x3f3504f3: sqrt(1/2)
  const float m = __int_as_float(bits - (e << 23));
  const float a = m - 1.0f;  // exact (Sterbenz)
  const float s = m + 1.0f;
  const float sl = m - (s - 1.0f);  // s - 1 is exact, so this is the rounding error of s
  const float q = sp_rcp_approx(s);
  const float uh = a * q;
  const float ul = fmaf(-uh, sl, fmaf(-uh, s, a)) * q;  // (a - uh (s + sl)) / s
  const float w = uh * uh;
  float t = 2.0f / 11.0f;
  t = fmaf(t, w, 2.0f / 9.0f);
  t = fmaf(t, w, 2.0f / 7.0f);
  t = fmaf(t, w, 2.0f / 5.0f);
  t = fmaf(t, w, 2.0f / 3.0f);
  // e as a float by the 1.5 * 2^23 trick; e * ln2's high part (16 bits) times e is exact.
  const float ef = __int_as_float(e + 0x4b400000) - 12582912.0f;
  const float eh = ef * 0.693145751953125f;
  const float h = eh + 2.0f * uh;  // |eh| >= 0.69 > |2 uh| unless e = 0: h's error is exact below
  const float l = ((eh - h) + 2.0f * uh) +
                  fmaf(ef, 1.428606765330187e-06f, fmaf(t * w, uh, fmaf(w, 2.0f * ul, 2.0f * ul)));
  // Renormalized (the tail can reach 0.0035), so that hi is log v rounded: y (hi - 1) then
  // overflows only where log Gamma does.
  if (Renormalize) {
    hi = h + l;
    lo = l - (hi - h);
  } else {
    hi = h;
    lo = l;
  }
}

// log Gamma(1 + z) (at 1) or log Gamma(2 + z) (at 2) for |z| <= 0.2: the Taylor series
// z (c1 + z (c2 + z (c3 + ...))), c_k = (-1)^k zeta(k)/k (at 2: (-1)^k (zeta(k) - 1)/k,
// c1 = -euler or 1 - euler); c1 + z (...) is carried as hi + lo so that the result is relative
// to z, within half an ulp and the tail's rounding.
template <int N>
__device__ inline float sp_lgamma_near_zero(float z, const float (&c)[N], float c1h, float c1l) {
  float acc = c[N - 1];
#pragma unroll
  for (int k = N - 2; k >= 0; --k) acc = fmaf(acc, z, c[k]);
  // __fmul_rn: a product whose rounding error is taken apart must not fuse into the next add.
  const float p = __fmul_rn(z, acc), pe = fmaf(z, acc, -p);  // z (c2 + ...) = p + pe
  float sh, sl;
  sp_two_sum(c1h, p, sh, sl);
  sl += pe + c1l;
  return fmaf(z, sh, z * sl);
}

__device__ inline float sp_gammaln(float x) {
  constexpr float at1[] = {0.8224670334241132f,   -0.40068563438653143f, 0.27058080842778454f,
                           -0.20738555102867398f, 0.1695571769974082f,   -0.1440498967688461f,
                           0.12550966952474304f,  -0.11133426586956469f, 0.1000994575127818f,
                           -0.09095401714582904f, 0.083353840546109f,    -0.0769325164113522f};
  constexpr float at2[] = {0.3224670334241132f,    -0.0673523010531981f,     0.020580808427784546f,
                           -0.007385551028673986f, 0.0028905103307415234f,   -0.001192753911703261f,
                           0.0005096695247430425f, -0.00022315475845357939f, 9.945751278180853e-05f,
                           -4.492623673813314e-05f};
  // Left of 0 (poles, zeros between them), near 0, at infinity and NaN: the double loop.
  if (!(x >= 0x1p-24f) || isinf(x)) return static_cast<float>(sp_gammaln(static_cast<double>(x)));
  // -euler and 1 - euler as float hi + lo.
  if (fabsf(x - 1.0f) <= 0.2f)
    return sp_lgamma_near_zero(x - 1.0f, at1, -0.5772156715393066f, 6.637773886097875e-09f);
  if (fabsf(x - 2.0f) <= 0.2f)
    return sp_lgamma_near_zero(x - 2.0f, at2, 0.42278432846069336f, 6.637773886097875e-09f);
  // Stirling's series at y >= 4: y = x from 4 on, else y = x + 4 and log Gamma(x) =
  // log Gamma(y) - log P, P = x (x + 1) (x + 2) (x + 3). One fixed shift rather than a loop of
  // single steps while y < 4: on the bench's uniform (0, 50) nearly every warp has a lane below 4,
  // and the warp ran as many of the loop's steps as its smallest lane needed. y and P as hi + lo,
  // their rounding errors kept exactly or nearly.
  float yh = x, yl = 0.0f, ph = 1.0f, pl = 0.0f;
  if (x < 4.0f) {
    yh = x + 4.0f;
    yl = x - (yh - 4.0f);  // yh - 4 is exact (yh in [4, 8)): this is the rounding error of x + 4
    // P = w (w + 2), w = x (x + 3) = x^2 + 3x; x^2 and 3x exactly as hi + lo (FMA residuals).
    // __fmul_rn: a product whose rounding error is taken apart must not fuse into the next add.
    const float ah = __fmul_rn(x, x), bh = __fmul_rn(3.0f, x);
    // Both sums are of positive terms: the larger first makes the fast two-sum exact.
    float wh, wl, vh, vl;
    sp_fast_two_sum(fmaxf(ah, bh), fminf(ah, bh), wh, wl);
    wl += fmaf(x, x, -ah) + fmaf(3.0f, x, -bh);
    sp_fast_two_sum(fmaxf(wh, 2.0f), fminf(wh, 2.0f), vh, vl);
    vl += wl;
    ph = __fmul_rn(wh, vh);
    pl = fmaf(wh, vh, -ph) + fmaf(wh, vl, wl * vh);
  }
  // log y = lh + ll; (y - 1/2) log y - y = y (log y - 1) - log(y)/2, so that y log y cannot
  // overflow where the result does not; log y - 1 is exact in float for y >= 4.
  const float r = sp_rcp_approx(yh), r2 = r * r;
  float lh, ll;
  sp_log_ff(yh, lh, ll);
  ll = fmaf(yl, r, ll);
  const float k = lh - 1.0f;
  const float mh = __fmul_rn(yh, k);
  if (isinf(mh)) return mh;  // past 4e36: the result overflows too
  const float me = fmaf(yh, k, -mh);
  // Stirling's correction 1/(12 y) - 1/(360 y^3) + ..., within 5e-10 at y = 4.
  const float st = r *
                   fmaf(fmaf(fmaf(fmaf(1.0f / 1188.0f, r2, -1.0f / 1680.0f), r2, 1.0f / 1260.0f),
                             r2, -1.0f / 360.0f),
                        r2, 1.0f / 12.0f);
  float qh, ql;
  sp_log_ff<false>(ph, qh, ql);  // qh enters a full two-sum, ql the small terms' sum
  ql = fmaf(pl, sp_rcp_approx(ph), ql);
  // mh + log(2 pi)/2 - lh/2 - qh, each sum exact as hi + lo; the small terms gathered in lo. The
  // first two add terms in decreasing size, so fast two-sums do: mh = y (log y - 1) >= 1.54 >
  // log(2 pi)/2, and mh + 0.92 >= 2.46 > lh/2 (both sides grow with y, the left faster); qh =
  // log P has either sign and can cancel the rest (x between 1.2 and 1.8): a full two-sum.
  float h, e1, e2, e3;
  sp_fast_two_sum(mh, 0.9189385175704956f, h, e1);  // log(2 pi)/2 as hi + lo
  sp_fast_two_sum(h, -0.5f * lh, h, e2);
  sp_two_sum(h, -qh, h, e3);
  const float lo = ((e1 + e2) + e3) + (me + fmaf(yh, ll, fmaf(yl, k, -0.5f * ll))) +
                   (st - ql + 1.563417661998301e-08f);
  return h + lo;
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
