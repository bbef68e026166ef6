// src/device/creation/spaced.cuh -- the values of linspace, logspace and geomspace (a part,
// device_part("spaced")): from scalar ends in double, and from arrays of ends in their own type
// as NumPy's array arithmetic computes them.
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_scalar.cuh"

namespace cunp {
namespace spaced {

// ---- scalar ends ------------------------------------------------------------------------------

// linspace: i * step + start, the last value exactly stop (when `last`); integer results round
// down. The product is rounded before the sum (no fused multiply-add), as NumPy computes it, so
// that integer results floor alike. I: the kernel's index type (n elements).
template <class I> __device__ double linear(I i, I n, double start, double step, double stop,
                                            bool last, bool round_down) {
  double v = __dadd_rn(__dmul_rn(static_cast<double>(i), step), start);
  if (last && i == n - 1) v = stop;
  return round_down ? ::floor(v) : v;
}
template <class I> __device__ complex<double> linear(I i, I n, complex<double> start,
                                                     complex<double> step, complex<double> stop,
                                                     bool last) {
  // Part by part, each product rounded before its sum, as NumPy's i * step + start is.
  const double k = static_cast<double>(i);
  complex<double> v{__dadd_rn(__dmul_rn(k, step.re), start.re),
                    __dadd_rn(__dmul_rn(k, step.im), start.im)};
  if (last && i == n - 1) v = stop;
  return v;
}
// logspace and geomspace: scale * base ** (i * step + start).
template <class I> __device__ double logarithmic(I i, I n, double start, double step, double stop,
                                                 bool last, double base, double scale) {
  double y = static_cast<double>(i) * step + start;
  if (last && i == n - 1) y = stop;
  return scale * ::pow(base, y);
}

// ---- array ends -------------------------------------------------------------------------------

// Every element finds its sample number (pos = i / per, per = elements per sample) and follows
// NumPy's formulas in the ends' type W, rounding each step to W as NumPy's array arithmetic does
// (float16 computes in float and rounds back): work<W>::C is the type computed in, rnd the
// rounding.
template <class W> struct work {
  typedef W C;
  template <class X> __device__ static X rnd(X x) { return x; }
};
template <> struct work<float16> {
  typedef float C;
  __device__ static float rnd(float x) { return static_cast<float>(float16(x)); }
};

// Products rounded on their own (never fused into a following add), as NumPy computes them.
__device__ inline float mul(float a, float b) { return __fmul_rn(a, b); }
__device__ inline double mul(double a, double b) { return __dmul_rn(a, b); }
template <class T> __device__ complex<T> mul(complex<T> a, T b) {
  return {mul(a.re, b), mul(a.im, b)};
}
// The library's functions by the argument's type (float or double).
__device__ inline float log10(float x) { return ::log10f(x); }
__device__ inline double log10(double x) { return ::log10(x); }
__device__ inline float log(float x) { return ::logf(x); }
__device__ inline double log(double x) { return ::log(x); }
__device__ inline float exp(float x) { return ::expf(x); }
__device__ inline double exp(double x) { return ::exp(x); }
__device__ inline float hypot(float x, float y) { return ::hypotf(x, y); }
__device__ inline double hypot(double x, double y) { return ::hypot(x, y); }
__device__ inline float atan2(float y, float x) { return ::atan2f(y, x); }
__device__ inline double atan2(double y, double x) { return ::atan2(y, x); }
__device__ inline float cos(float x) { return ::cosf(x); }
__device__ inline double cos(double x) { return ::cos(x); }
__device__ inline float sin(float x) { return ::sinf(x); }
__device__ inline double sin(double x) { return ::sin(x); }
__device__ inline float floor(float x) { return ::floorf(x); }
__device__ inline double floor(double x) { return ::floor(x); }
template <class T> __device__ complex<T> floor(complex<T> z) { return z; }
__device__ inline float power(float b, float e) { return ::powf(b, e); }
__device__ inline double power(double b, double e) { return ::pow(b, e); }

// a / b: complex by complex as NumPy divides (Smith's method), complex by real part by part.
template <class T> __device__ T quot(T a, T b) { return a / b; }
template <class T> __device__ complex<T> quot(complex<T> a, T b) {
  return complex<T>(a.re / b, a.im / b);
}
template <class T> __device__ complex<T> quot(complex<T> a, complex<T> b) {
  return mth::cdiv(a, b);
}
template <class T> __device__ bool is_zero(T x) { return x == T(0); }
template <class T> __device__ bool is_zero(complex<T> z) { return z.re == T(0) && z.im == T(0); }
// NumPy 2's sign: -1, 0 or 1 for reals (NaN stays NaN), z / |z| for complex.
template <class T> __device__ T sign(T x) { return x > T(0) ? T(1) : x < T(0) ? T(-1) : x; }
template <class T> __device__ complex<T> sign(complex<T> z) {
  T r = hypot(z.re, z.im);
  return r == T(0) ? z : complex<T>(z.re / r, z.im / r);
}
template <class T> __device__ complex<T> log10(complex<T> z) {
  const T log10e = T(0.43429448190325182765);
  return complex<T>(log(hypot(z.re, z.im)) * log10e, atan2(z.im, z.re) * log10e);
}
// A real base to a complex power: exp(e * log(base)), the base taken as a complex number.
template <class T> __device__ complex<T> power(T base, complex<T> e) {
  complex<T> lb(log(base < T(0) ? -base : base), base < T(0) ? T(3.14159265358979323846) : T(0));
  complex<T> w = e * lb;
  T m = exp(w.re);
  return w.im == T(0) ? complex<T>(m, T(0)) : complex<T>(m * cos(w.im), m * sin(w.im));
}

// The ends in the working type and their difference. Geometric: the ends rotated onto the
// positive reals by the first one's sign `sg` (lo0, hi0) and then their logarithms.
template <class C, bool Geometric> struct ends { C lo, hi, delta; };
template <class C> struct ends<C, true> { C lo, hi, delta, sg, lo0, hi0; };
template <bool Geometric, class W>
__device__ ends<typename work<W>::C, Geometric> ends_of(const W in0, const W in1) {
  typedef work<W> Wk;
  typedef typename Wk::C C;
  C lo = in0, hi = in1;
  if constexpr (Geometric) {
    const C sg = sign(lo);
    lo = Wk::rnd(quot(lo, sg));
    hi = Wk::rnd(quot(hi, sg));
    const C lo0 = lo, hi0 = hi;
    lo = Wk::rnd(log10(lo));
    hi = Wk::rnd(log10(hi));
    return {lo, hi, Wk::rnd(hi - lo), sg, lo0, hi0};
  } else {
    return {lo, hi, Wk::rnd(hi - lo)};
  }
}

enum Spacing { kLinear, kLog, kGeometric };

// Element i of the samples between arrays of ends lo and hi: `per` elements a sample, `div`
// steps between the ends (num - 1 with the endpoint, else num), `num` samples, `last`: the last
// sample is exactly hi. NumPy divides the span first unless any step anywhere underflows to zero
// (denormal spans or equal ends: `any_zero_step`). Linear: integer results round down
// (`round_down`); log and geometric: base ** value, geometric then exact ends rotated back.
template <Spacing K, class W>
__device__ typename work<W>::C sample(const W lo_in, const W hi_in, const bool any_zero_step,
                                      const long long i, const long long per, const long long div,
                                      const long long num, const bool last, const bool round_down,
                                      const double base) {
  typedef work<W> Wk;
  typedef typename Wk::C C;
  typedef typename real_of<C>::type R;
  const ends<C, K == kGeometric> e = ends_of<K == kGeometric>(lo_in, hi_in);
  const long long pos = i / per;
  const R at = Wk::rnd(static_cast<R>(pos));
  C val;
  if (div > 0) {
    val = any_zero_step ? Wk::rnd(mul(e.delta, Wk::rnd(at / static_cast<R>(div))))
                        : Wk::rnd(mul(Wk::rnd(quot(e.delta, static_cast<R>(div))), at));
  } else {
    val = Wk::rnd(mul(e.delta, at));
  }
  val = Wk::rnd(val + e.lo);
  if (last && pos == num - 1) val = e.hi;
  if constexpr (K == kLinear) {
    if (round_down) val = floor(val);
  } else {
    val = Wk::rnd(power(static_cast<R>(base), val));
    if constexpr (K == kGeometric) {
      // The ends exactly as given (NumPy sets them after the power), then rotated back.
      if (pos == 0) val = e.lo0;
      if (last && pos == num - 1) val = e.hi0;
      val = Wk::rnd(val * e.sg);
    }
  }
  return val;
}

// linspace's step (hi - lo) / div, as retstep returns it.
template <class W>
__device__ typename work<W>::C step(const W lo, const W hi, const long long div) {
  typedef work<W> Wk;
  typedef typename Wk::C C;
  const C delta = Wk::rnd(static_cast<C>(hi) - static_cast<C>(lo));
  return Wk::rnd(quot(delta, static_cast<typename real_of<C>::type>(div)));
}

// Whether one element's step (the span over `div`) is zero.
template <bool Geometric, class W>
__device__ bool step_is_zero(const W lo, const W hi, const long long div) {
  typedef work<W> Wk;
  typedef typename real_of<typename Wk::C>::type R;
  return is_zero(Wk::rnd(quot(ends_of<Geometric>(lo, hi).delta, static_cast<R>(div))));
}

}  // namespace spaced
}  // namespace cunp
