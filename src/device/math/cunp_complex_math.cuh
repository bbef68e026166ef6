// src/device/math/cunp_complex_math.cuh -- the ufunc math on complex<float> and complex<double>,
// the np_<ufunc> overloads that the real and integer templates of cunp_math.cuh leave to it.
#pragma once
#include "cunp_base_math.cuh"

// NumPy's own formulas where it has them (division, power, sign, log1p, expm1); where NumPy calls
// the C library, C99 Annex G's values for inf, NaN, signed zeros and branch cuts, with glibc's
// choices where Annex G leaves a sign open. A kernel without complex operands may define
// CUNP_NO_COMPLEX_MATH first to skip parsing all of it.
#ifndef CUNP_NO_COMPLEX_MATH

namespace cunp {
namespace mth {

template <class T> using cx = complex<T>;

// |x| from which cosh(x) and |sinh(x)| round alike and tanh(x) to +-1; exp overflows past kLogMax.
template <class T> constexpr T kHypBig = T(sizeof(T) == 4 ? 11 : 22);
template <class T> constexpr T kLogMax = T(sizeof(T) == 4 ? 88 : 709);

// exp(ax) * f / 2 for ax >= 0, finite where the product is although exp(ax) alone overflows.
template <class T> __device__ T half_exp_times(T ax, T f) {
  if (ax < kLogMax<T>) return T(0.5) * exp(ax) * f;
  T h = exp(T(0.5) * ax);
  return T(0.5) * h * f * h;
}

template <class T> __device__ cx<T> c_exp(T x, T y) {
  if (isfinite(x) && isfinite(y)) {
    if (y == 0) return {exp(x), y};
    T c = cos(y), s = sin(y);
    if (x < kLogMax<T>) {
      T e = exp(x);
      return {e * c, e * s};
    }
    T h = exp(T(0.5) * x);
    return {h * c * h, h * s * h};
  }
  if (isnan(x)) return {x, y == 0 ? y : qnan<T>()};
  if (isinf(x)) {
    if (x > 0) {
      if (y == 0) return {x, y};
      return isfinite(y) ? cx<T>{x * cos(y), x * sin(y)} : cx<T>{x, qnan<T>()};
    }
    return isfinite(y) ? cx<T>{T(0) * cos(y), T(0) * sin(y)} : cx<T>{T(0), copysign(T(0), y)};
  }
  return {qnan<T>(), qnan<T>()};
}

// log|z| rescaled where hypot would overflow or lose subnormal bits, and through log1p near
// |z| == 1; the special values fall out of log(hypot) and atan2.
template <class T> __device__ cx<T> c_log(T x, T y) {
  constexpr T kMinNormal = T(sizeof(T) == 4 ? 1.17549435082228750797e-38
                                            : 2.22507385850720138309e-308);
  constexpr int kDig = sizeof(T) == 4 ? 24 : 53;
  T ax = fabs(x), ay = fabs(y), re;
  if (ax > kMax<T> / 4 || ay > kMax<T> / 4) {
    re = log(c_abs(T(0.5) * ax, T(0.5) * ay)) + kLn2<T>;
  } else if (ax < kMinNormal && ay < kMinNormal) {
    re = (ax == 0 && ay == 0) ? -inf<T>()
                              : log(hypot(ldexp(ax, kDig), ldexp(ay, kDig))) - T(kDig) * kLn2<T>;
  } else {
    T h = hypot(ax, ay);
    if (h >= T(0.71) && h <= T(1.73)) {
      T am = ax > ay ? ax : ay, an = ax > ay ? ay : ax;
      re = log1p((am - 1) * (am + 1) + an * an) * T(0.5);
    } else {
      re = log(h);
    }
  }
  return {re, atan2(y, x)};
}

// Algorithm 312 (CACM 10, 1967) with the special cases of C99, scaled away from overflow and
// from subnormals.
template <class T> __device__ cx<T> c_sqrt(T a, T b) {
  if (a == 0 && b == 0) return {T(0), b};
  if (isinf(b)) return {inf<T>(), b};
  if (isnan(a)) return {a, qnan<T>()};
  if (isinf(a)) {
    if (a < 0) return {fabs(b - b), copysign(a, b)};
    return {a, copysign(b - b, b)};
  }
  constexpr T kBig = kMax<T> / T(2.414213562373095048801688724209698079);
  constexpr T kTiny = T(sizeof(T) == 4 ? 0x1p-124 : 0x1p-1020);
  constexpr T kUp = T(sizeof(T) == 4 ? 0x1p64 : 0x1p108),
              kDown = T(sizeof(T) == 4 ? 0x1p-32 : 0x1p-54);
  T scale = 1;
  if (fabs(a) >= kBig || fabs(b) >= kBig) {
    a *= T(0.25), b *= T(0.25), scale = 2;
  } else if (fabs(a) < kTiny && fabs(b) < kTiny) {
    a *= kUp, b *= kUp, scale = kDown;
  }
  T t;
  cx<T> r;
  if (a >= 0) {
    t = sqrt((a + hypot(a, b)) * T(0.5));
    r = {t, b / (2 * t)};
  } else {
    t = sqrt((-a + hypot(a, b)) * T(0.5));
    r = {fabs(b) / (2 * t), copysign(t, b)};
  }
  return {r.re * scale, r.im * scale};
}

template <class T> __device__ cx<T> c_sinh(T x, T y) {
  if (isfinite(x) && isfinite(y)) {
    if (y == 0) return {sinh(x), y};
    T ax = fabs(x), c = cos(y), s = sin(y);
    if (ax < kHypBig<T>) return {sinh(x) * c, cosh(x) * s};
    T hc = half_exp_times(ax, c);
    return {x < 0 ? -hc : hc, half_exp_times(ax, s)};
  }
  if (x == 0) return {x, y - y};
  if (y == 0) return {x + x, y};
  if (isfinite(x)) return {y - y, y - y};
  if (isinf(x)) return isfinite(y) ? cx<T>{x * cos(y), inf<T>() * sin(y)} : cx<T>{x * x, y - y};
  return {qnan<T>(), qnan<T>()};
}

template <class T> __device__ cx<T> c_cosh(T x, T y) {
  if (isfinite(x) && isfinite(y)) {
    if (y == 0) return {cosh(x), x * y};
    T ax = fabs(x), c = cos(y), s = sin(y);
    if (ax < kHypBig<T>) return {cosh(x) * c, sinh(x) * s};
    T hs = half_exp_times(ax, s);
    return {half_exp_times(ax, c), x < 0 ? -hs : hs};
  }
  if (x == 0) return {y - y, T(0)};
  if (y == 0) return {x * x, isnan(x) ? y : copysign(T(1), x) * y};
  if (isfinite(x)) return {y - y, x * (y - y)};
  if (isinf(x)) return isfinite(y) ? cx<T>{x * x * cos(y), x * sin(y)} : cx<T>{x * x, x * (y - y)};
  return {qnan<T>(), qnan<T>()};
}

// Kahan's formula, and 1 - 2 exp(-2|x|) once tanh(x) rounds to +-1.
template <class T> __device__ cx<T> c_tanh(T x, T y) {
  if (isnan(x)) return {x, y == 0 ? y : x};
  if (isinf(x)) return {copysign(T(1), x), copysign(T(0), isinf(y) ? y : sin(y) * cos(y))};
  if (!isfinite(y)) return {x == 0 ? x : y - y, y - y};
  if (fabs(x) >= kHypBig<T>) {
    T e = exp(-fabs(x));
    return {copysign(T(1), x), 4 * sin(y) * cos(y) * e * e};
  }
  T t = tan(y), beta = 1 + t * t, s = sinh(x), rho = sqrt(1 + s * s), den = 1 + beta * s * s;
  return {beta * rho * s / den, t / den};
}

// Kahan's arcsin for finite z ("Branch cuts for complex elementary functions"): stays accurate
// near +-1 and on the cuts, with the cut sides taken from the sign of zero.
template <class T> __device__ cx<T> c_asin_finite(T x, T y) {
  cx<T> s1 = c_sqrt(1 - x, -y), s2 = c_sqrt(1 + x, y);  // sqrt(1 - z), sqrt(1 + z)
  return {atan(x / (s1.re * s2.re - s1.im * s2.im)), asinh(s1.re * s2.im - s1.im * s2.re)};
}

// asinh(z) = -i asin(iz); infinities and NaNs as C99 lists them.
template <class T> __device__ cx<T> c_asinh(T x, T y) {
  if (isfinite(x) && isfinite(y)) {
    cx<T> w = c_asin_finite(-y, x);
    return {w.im, -w.re};
  }
  if (isnan(x) || isnan(y)) {
    if (isinf(x)) return {x, y};
    if (isinf(y)) return {inf<T>(), x};
    return {qnan<T>(), y == 0 ? y : qnan<T>()};
  }
  T im = isinf(y) ? (isinf(x) ? kPi4<T> : kPi2<T>) : T(0);
  return {copysign(inf<T>(), x), copysign(im, y)};
}

// asin(z) = -i asinh(iz), but with a NaN part the infinite imaginary part takes Im z's sign.
template <class T> __device__ cx<T> c_asin(T x, T y) {
  if (isnan(x) || isnan(y)) {
    if (x == 0) return {x, y};
    return {qnan<T>(), isinf(x) || isinf(y) ? copysign(inf<T>(), y) : qnan<T>()};
  }
  cx<T> w = c_asinh(-y, x);
  return {w.im, -w.re};
}

// Kahan's arccos for finite z; pi/2 - asin(z) for the rest.
template <class T> __device__ cx<T> c_acos(T x, T y) {
  if (isfinite(x) && isfinite(y)) {
    cx<T> s1 = c_sqrt(1 - x, -y), s2 = c_sqrt(1 + x, y);
    return {2 * atan(s1.re / s2.re), asinh(s2.re * s1.im - s2.im * s1.re)};
  }
  cx<T> w = c_asin(x, y);
  return {kPi2<T> - w.re, -w.im};
}

template <class T> __device__ cx<T> c_acosh(T x, T y) {
  if (x == 0 && isnan(y)) return {y, kPi2<T>};
  cx<T> w = c_acos(x, y);
  if (isnan(w.re)) return isnan(w.im) ? cx<T>{w.im, w.re} : cx<T>{fabs(w.im), w.re};
  if (isnan(w.im)) return {w.im, w.im};
  return {fabs(w.im), copysign(w.re, y)};
}

// Kahan's arctanh in the first quadrant, odd in both parts; 1/z once |z| is huge.
template <class T> __device__ cx<T> c_atanh(T x, T y) {
  if (isnan(x) || isnan(y)) {
    if (isinf(x)) return {copysign(T(0), x), y};
    if (isinf(y)) return {copysign(T(0), x), copysign(kPi2<T>, y)};
    return {x == 0 ? x : qnan<T>(), qnan<T>()};
  }
  constexpr T kBig = T(sizeof(T) == 4 ? 4.6e18 : 3.3e153);  // about sqrt(max) / 4
  T ax = fabs(x), ay = fabs(y), re, im;
  if (ax > kBig || ay > kBig) {
    T h = hypot(ax, ay);
    re = isinf(h) ? T(0) : ax / h / h;
    im = kPi2<T>;
  } else if (ax == 1 && ay < 1) {  // where ay * ay may underflow
    re = ay == 0 ? inf<T>() : log(sqrt(sqrt(4 + ay * ay)) / sqrt(ay));
    im = ay == 0 ? T(0) : (kPi2<T> + atan(ay / 2)) / 2;
  } else {
    re = log1p(4 * ax / ((1 - ax) * (1 - ax) + ay * ay)) / 4;
    im = atan2(2 * ay, (1 - ax) * (1 + ax) - ay * ay) / 2;
  }
  return {copysign(re, x), copysign(im, y)};
}

// C99's multiplication (Annex G): where the plain product gives NaN + iNaN but an operand or a
// partial product is infinite, the infinities are recovered.
template <class T> __device__ cx<T> cmul_inf(cx<T> z, cx<T> w) {
  T a = z.re, b = z.im, c = w.re, d = w.im, ac = a * c, bd = b * d, ad = a * d, bc = b * c;
  T x = ac - bd, y = ad + bc;
  if (!isnan(x) || !isnan(y)) return {x, y};
  auto box = [](T& p, T& q) {  // an infinite operand becomes a unit direction, NaN parts 0
    p = copysign(isinf(p) ? T(1) : T(0), p), q = copysign(isinf(q) ? T(1) : T(0), q);
  };
  auto unnan = [](T& p) {
    if (isnan(p)) p = copysign(T(0), p);
  };
  bool zinf = isinf(a) || isinf(b), winf = isinf(c) || isinf(d);
  if (zinf) box(a, b), unnan(c), unnan(d);
  if (winf) box(c, d), unnan(a), unnan(b);
  if (!zinf && !winf) {
    if (!(isinf(ac) || isinf(bd) || isinf(ad) || isinf(bc))) return {x, y};
    unnan(a), unnan(b), unnan(c), unnan(d);
  }
  return {inf<T>() * (a * c - b * d), inf<T>() * (a * d + b * c)};
}

// NumPy's npy_cpow: z**0 == 1, 0**w by the sign of Re w, small integral powers by repeated
// multiplication (exact where the product is), else exp(w log z).
template <class T> __device__ cx<T> c_pow(cx<T> a, cx<T> b) {
  if (b.re == 0 && b.im == 0) return {T(1), T(0)};
  if (a.re == 0 && a.im == 0) return b.re > 0 ? cx<T>{T(0), T(0)} : cx<T>{qnan<T>(), qnan<T>()};
  if (b.im == 0 && b.re > -100 && b.re < 100 && b.re == T(int(b.re))) {
    int n = int(b.re), m = n < 0 ? -n : n;
    if (n == 1) return a;
    if (n == 2) return a * a;
    if (n == 3) return a * (a * a);
    cx<T> r{T(1), T(0)}, p = a;
    for (;;) {
      if (m & 1) r = r * p;
      m >>= 1;
      if (!m) break;
      p = p * p;
    }
    return n < 0 ? cdiv(cx<T>{T(1), T(0)}, r) : r;
  }
  cx<T> w = cmul_inf(b, c_log(a.re, a.im));
  return c_exp(w.re, w.im);
}

// NumPy's lexicographic order: the real parts decide unless an imaginary part is NaN.
template <class T> __device__ bool c_ge(cx<T> a, cx<T> b) {
  return (a.re > b.re && !isnan(a.im) && !isnan(b.im)) || (a.re == b.re && a.im >= b.im);
}
template <class T> __device__ bool c_le(cx<T> a, cx<T> b) {
  return (a.re < b.re && !isnan(a.im) && !isnan(b.im)) || (a.re == b.re && a.im <= b.im);
}

}  // namespace mth

template <class T> __device__ complex<T> np_negative(complex<T> a) { return {-a.re, -a.im}; }
template <class T> __device__ complex<T> np_true_divide(complex<T> a, complex<T> b) {
  return mth::cdiv(a, b);
}
template <class T> __device__ complex<T> np_power(complex<T> a, complex<T> b) {
  return mth::c_pow(a, b);
}
template <class T> __device__ T np_absolute(complex<T> a) { return mth::absolute(a); }
template <class T> __device__ complex<T> np_rint(complex<T> a) { return {rint(a.re), rint(a.im)}; }

// NumPy 2: z / |z|, 0 for 0, and the axis direction for an infinite part.
template <class T> __device__ complex<T> np_sign(complex<T> a) {
  T h = mth::c_abs(a.re, a.im);
  if (isnan(h) || (isinf(a.re) && isinf(a.im))) return {mth::qnan<T>(), mth::qnan<T>()};
  if (isinf(a.re)) return {a.re > 0 ? T(1) : T(-1), T(0)};
  if (isinf(a.im)) return {T(0), a.im > 0 ? T(1) : T(-1)};
  if (h == 0) return {T(0), T(0)};
  return {a.re / h, a.im / h};
}

template <class T> __device__ complex<T> np_reciprocal(complex<T> a) {
  if (fabs(a.im) <= fabs(a.re)) {
    T r = a.im / a.re, d = a.re + a.im * r;
    return {T(1) / d, -r / d};
  }
  T r = a.re / a.im, d = a.re * r + a.im;
  return {r / d, T(-1) / d};
}

template <class T> __device__ complex<T> np_sqrt(complex<T> a) { return mth::c_sqrt(a.re, a.im); }
template <class T> __device__ complex<T> np_exp(complex<T> a) { return mth::c_exp(a.re, a.im); }
template <class T> __device__ complex<T> np_exp2(complex<T> a) {
  return mth::c_exp(a.re * mth::kLn2<T>, a.im * mth::kLn2<T>);
}
template <class T> __device__ complex<T> np_expm1(complex<T> a) {
  T s = sin(a.im / 2);
  return {expm1(a.re) * cos(a.im) - 2 * s * s, exp(a.re) * sin(a.im)};
}
template <class T> __device__ complex<T> np_log(complex<T> a) { return mth::c_log(a.re, a.im); }
template <class T> __device__ complex<T> np_log2(complex<T> a) {
  complex<T> l = mth::c_log(a.re, a.im);
  return {l.re * mth::kLog2e<T>, l.im * mth::kLog2e<T>};
}
template <class T> __device__ complex<T> np_log10(complex<T> a) {
  complex<T> l = mth::c_log(a.re, a.im);
  return {l.re * mth::kLog10e<T>, l.im * mth::kLog10e<T>};
}
template <class T> __device__ complex<T> np_log1p(complex<T> a) {
  return {log(mth::c_abs(a.re + 1, a.im)), atan2(a.im, a.re + 1)};
}

// The circular functions through the hyperbolic ones: f(z) = -i g(iz) (cos(z) = cosh(iz)).
template <class T> __device__ complex<T> np_sinh(complex<T> a) { return mth::c_sinh(a.re, a.im); }
template <class T> __device__ complex<T> np_cosh(complex<T> a) { return mth::c_cosh(a.re, a.im); }
template <class T> __device__ complex<T> np_tanh(complex<T> a) { return mth::c_tanh(a.re, a.im); }
template <class T> __device__ complex<T> np_arcsinh(complex<T> a) {
  return mth::c_asinh(a.re, a.im);
}
template <class T> __device__ complex<T> np_arccosh(complex<T> a) {
  return mth::c_acosh(a.re, a.im);
}
template <class T> __device__ complex<T> np_arctanh(complex<T> a) {
  return mth::c_atanh(a.re, a.im);
}
template <class T> __device__ complex<T> np_arccos(complex<T> a) { return mth::c_acos(a.re, a.im); }
template <class T> __device__ complex<T> np_cos(complex<T> a) { return mth::c_cosh(-a.im, a.re); }
template <class T> __device__ complex<T> np_sin(complex<T> a) {
  if (!isfinite(a.re) && isinf(a.im)) return {a.re - a.re, mth::inf<T>()};  // as glibc
  complex<T> w = mth::c_sinh(-a.im, a.re);
  return {w.im, -w.re};
}
template <class T> __device__ complex<T> np_tan(complex<T> a) {
  complex<T> w = mth::c_tanh(-a.im, a.re);
  return {w.im, -w.re};
}
template <class T> __device__ complex<T> np_arcsin(complex<T> a) { return mth::c_asin(a.re, a.im); }
template <class T> __device__ complex<T> np_arctan(complex<T> a) {
  complex<T> w = mth::c_atanh(-a.im, a.re);
  // arctan(+-inf + nan j) is +-pi/2 + 0j in NumPy: the zero's sign is unspecified by C99.
  return {w.im, isnan(a.im) && w.re == 0 ? T(0) : -w.re};
}

template <class T> __device__ bool np_equal(complex<T> a, complex<T> b) {
  return a.re == b.re && a.im == b.im;
}
template <class T> __device__ bool np_not_equal(complex<T> a, complex<T> b) {
  return a.re != b.re || a.im != b.im;
}
template <class T> __device__ bool np_greater_equal(complex<T> a, complex<T> b) {
  return mth::c_ge(a, b);
}
template <class T> __device__ bool np_less_equal(complex<T> a, complex<T> b) {
  return mth::c_le(a, b);
}
template <class T> __device__ bool np_greater(complex<T> a, complex<T> b) {
  return (a.re > b.re && !isnan(a.im) && !isnan(b.im)) || (a.re == b.re && a.im > b.im);
}
template <class T> __device__ bool np_less(complex<T> a, complex<T> b) {
  return (a.re < b.re && !isnan(a.im) && !isnan(b.im)) || (a.re == b.re && a.im < b.im);
}

// maximum/minimum propagate a NaN of either operand (the first one's when both have one);
// fmax/fmin take the other operand when one has a NaN.
template <class T> __device__ complex<T> np_maximum(complex<T> a, complex<T> b) {
  return mth::is_nan(a) || mth::c_ge(a, b) ? a : b;
}
template <class T> __device__ complex<T> np_minimum(complex<T> a, complex<T> b) {
  return mth::is_nan(a) || mth::c_le(a, b) ? a : b;
}
template <class T> __device__ complex<T> np_fmax(complex<T> a, complex<T> b) {
  return mth::is_nan(b) || mth::c_ge(a, b) ? a : b;
}
template <class T> __device__ complex<T> np_fmin(complex<T> a, complex<T> b) {
  return mth::is_nan(b) || mth::c_le(a, b) ? a : b;
}

template <class T> __device__ bool np_isnan(complex<T> a) { return mth::is_nan(a); }
template <class T> __device__ bool np_isinf(complex<T> a) { return isinf(a.re) || isinf(a.im); }
template <class T> __device__ bool np_isfinite(complex<T> a) {
  return isfinite(a.re) && isfinite(a.im);
}

}  // namespace cunp

#endif  // CUNP_NO_COMPLEX_MATH
