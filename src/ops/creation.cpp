// src/ops/creation.cpp -- creation kernels: one elementwise body per formula.
#include "cunp/ops/creation.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "cunp/ops/copy.hpp"
#include "cunp/ops/elementwise.hpp"
#include "cunp/ops/reduction.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

// arange's fill, per kind: integers exactly in int64; floats in their own type from the first
// value and the difference of the first two (as NumPy's fill does); float16 in float32.
const ElementwiseOp kArangeInt{
    "arange_int", "out0 = cast<decltype(out0)>(s0 + static_cast<long long>(_i) * s1);", true};
const ElementwiseOp kArangeFloat{
    "arange_float", "out0 = cast<decltype(out0)>(s0 + static_cast<decltype(s0)>(_i) * s1);", true};
const ElementwiseOp kArangeComplex{
    "arange_complex", "out0 = cast<decltype(out0)>(s0 + s1 * static_cast<double>(_i));", true};

// linspace: y = i * step + start, the last value exactly stop; integers round down. The product
// is rounded before the sum (no fused multiply-add), as NumPy computes it, so that integer
// results floor alike.
const ElementwiseOp kLinspace{"linspace", R"(
    double v = __dadd_rn(__dmul_rn(static_cast<double>(_i), s1), s0);
    if (s3 && _i == n - 1) v = s2;
    out0 = cast<decltype(out0)>(s4 ? floor(v) : v);)",
                              true};
const ElementwiseOp kLinspaceComplex{"linspace_complex", R"(
    complex<double> v = s1 * static_cast<double>(_i) + s0;
    if (s3 && _i == n - 1) v = s2;
    out0 = cast<decltype(out0)>(v);)",
                                     true};
// logspace and geomspace: scale * base ** (i * step + start).
const ElementwiseOp kLogspace{"logspace", R"(
    double y = static_cast<double>(_i) * s1 + s0;
    if (s3 && _i == n - 1) y = s2;
    out0 = cast<decltype(out0)>(s5 * pow(s4, y));)",
                              true};

// Array endpoints: every element finds its sample number (pos = _i / s0, s0 = elements per
// sample) and follows NumPy's formulas in the endpoints' type W, rounding each step to W as
// NumPy's array arithmetic does (float16 computes in float and rounds back).
const char* kSpacedPreamble = R"(
template <class T> struct spc_bare { typedef T type; };
template <class T> struct spc_bare<const T> { typedef T type; };
template <class W> struct spc_work {
  typedef W C;
  template <class X> __device__ static X rnd(X x) { return x; }
};
template <> struct spc_work<float16> {
  typedef float C;
  __device__ static float rnd(float x) { return static_cast<float>(float16(x)); }
};
// Products rounded on their own (never fused into a following add), as NumPy computes them.
__device__ inline float spc_mul(float a, float b) { return __fmul_rn(a, b); }
__device__ inline double spc_mul(double a, double b) { return __dmul_rn(a, b); }
template <class T> __device__ complex<T> spc_mul(complex<T> a, T b) {
  return {spc_mul(a.re, b), spc_mul(a.im, b)};
}
__device__ inline float spc_log10(float x) { return ::log10f(x); }
__device__ inline double spc_log10(double x) { return ::log10(x); }
__device__ inline float spc_log(float x) { return ::logf(x); }
__device__ inline double spc_log(double x) { return ::log(x); }
__device__ inline float spc_exp(float x) { return ::expf(x); }
__device__ inline double spc_exp(double x) { return ::exp(x); }
__device__ inline float spc_hypot(float x, float y) { return ::hypotf(x, y); }
__device__ inline double spc_hypot(double x, double y) { return ::hypot(x, y); }
__device__ inline float spc_atan2(float y, float x) { return ::atan2f(y, x); }
__device__ inline double spc_atan2(double y, double x) { return ::atan2(y, x); }
__device__ inline float spc_cos(float x) { return ::cosf(x); }
__device__ inline double spc_cos(double x) { return ::cos(x); }
__device__ inline float spc_sin(float x) { return ::sinf(x); }
__device__ inline double spc_sin(double x) { return ::sin(x); }
__device__ inline float spc_floor(float x) { return ::floorf(x); }
__device__ inline double spc_floor(double x) { return ::floor(x); }
template <class T> __device__ complex<T> spc_floor(complex<T> z) { return z; }
__device__ inline float spc_power(float b, float e) { return ::powf(b, e); }
__device__ inline double spc_power(double b, double e) { return ::pow(b, e); }

template <class T> __device__ T spc_div(T a, T b) { return a / b; }
template <class T> __device__ complex<T> spc_div(complex<T> a, T b) { return complex<T>(a.re / b, a.im / b); }
// Smith's method, as NumPy divides complex numbers.
template <class T> __device__ complex<T> spc_div(complex<T> a, complex<T> b) {
  T ar = b.re < T(0) ? -b.re : b.re, ai = b.im < T(0) ? -b.im : b.im;
  if (ar >= ai) {
    if (ar == T(0) && ai == T(0)) return complex<T>(a.re / ar, a.im / ai);
    T rat = b.im / b.re, scl = T(1) / (b.re + b.im * rat);
    return complex<T>((a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl);
  }
  T rat = b.re / b.im, scl = T(1) / (b.im + b.re * rat);
  return complex<T>((a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl);
}
template <class T> __device__ bool spc_zero(T x) { return x == T(0); }
template <class T> __device__ bool spc_zero(complex<T> z) { return z.re == T(0) && z.im == T(0); }
// NumPy 2's sign: -1, 0 or 1 for reals (NaN stays NaN), z / |z| for complex.
template <class T> __device__ T spc_sign(T x) { return x > T(0) ? T(1) : x < T(0) ? T(-1) : x; }
template <class T> __device__ complex<T> spc_sign(complex<T> z) {
  T r = spc_hypot(z.re, z.im);
  return r == T(0) ? z : complex<T>(z.re / r, z.im / r);
}
template <class T> __device__ complex<T> spc_log10(complex<T> z) {
  const T log10e = T(0.43429448190325182765);
  return complex<T>(spc_log(spc_hypot(z.re, z.im)) * log10e, spc_atan2(z.im, z.re) * log10e);
}
// A real base to a complex power: exp(e * log(base)), the base taken as a complex number.
template <class T> __device__ complex<T> spc_power(T base, complex<T> e) {
  complex<T> lb(spc_log(base < T(0) ? -base : base), base < T(0) ? T(3.14159265358979323846) : T(0));
  complex<T> w = e * lb;
  T m = spc_exp(w.re);
  return w.im == T(0) ? complex<T>(m, T(0)) : complex<T>(m * spc_cos(w.im), m * spc_sin(w.im));
}
)";

// The ends in the working type and their difference; `geometric` rotates the ends onto the
// positive reals and takes their logarithms first.
std::string spaced_ends(bool geometric) {
  std::string s = R"(
    typedef typename spc_bare<decltype(in0)>::type W;
    typedef typename spc_work<W>::C C;
    typedef typename real_of<C>::type R;
    C lo = in0, hi = in1;)";
  if (geometric)
    s += R"(
    const C sg = spc_sign(lo);
    lo = spc_work<W>::rnd(spc_div(lo, sg));
    hi = spc_work<W>::rnd(spc_div(hi, sg));
    const C lo0 = lo, hi0 = hi;
    lo = spc_work<W>::rnd(spc_log10(lo));
    hi = spc_work<W>::rnd(spc_log10(hi));)";
  return s + R"(
    const C delta = spc_work<W>::rnd(hi - lo);)";
}

// The body shared by the three kinds: `power` raises the base to the result, `finish` ends it.
std::string spaced_body(bool geometric, bool power, const char* finish) {
  std::string s = spaced_ends(geometric) + R"(
    const long long pos = static_cast<long long>(_i) / s0;
    const R at = spc_work<W>::rnd(static_cast<R>(pos));
    C val;
    if (s1 > 0) {
      // NumPy divides first when any step underflows to zero (denormal spans or equal ends):
      // in2 says whether one does, anywhere in the array.
      val = in2 ? spc_work<W>::rnd(spc_mul(delta, spc_work<W>::rnd(at / static_cast<R>(s1))))
                : spc_work<W>::rnd(spc_mul(spc_work<W>::rnd(spc_div(delta, static_cast<R>(s1))), at));
    } else {
      val = spc_work<W>::rnd(spc_mul(delta, at));
    }
    val = spc_work<W>::rnd(val + lo);
    if (s3 && pos == s2 - 1) val = hi;)";
  if (power)
    s += R"(
    val = spc_work<W>::rnd(spc_power(static_cast<R>(s5), val));)";
  return s + finish;
}

// Whether one element's step (delta / s0) is zero.
std::string step_is_zero_body(bool geometric) {
  return spaced_ends(geometric) + R"(
    out0 = spc_zero(spc_work<W>::rnd(spc_div(delta, static_cast<R>(s0))));)";
}

const ElementwiseOp kLinspaceArray{"linspace_array", spaced_body(false, false, R"(
    if (s4) val = spc_floor(val);
    out0 = cast<decltype(out0)>(val);)"),
                                   true, kSpacedPreamble};
const ElementwiseOp kLogspaceArray{"logspace_array", spaced_body(false, true, R"(
    out0 = cast<decltype(out0)>(val);)"),
                                   true, kSpacedPreamble};
// The ends exactly as given (NumPy sets them after the power), then rotated back.
const ElementwiseOp kGeomspaceArray{"geomspace_array", spaced_body(true, true, R"(
    if (pos == 0) val = lo0;
    if (s3 && pos == s2 - 1) val = hi0;
    out0 = cast<decltype(out0)>(spc_work<W>::rnd(val * sg));)"),
                                    true, kSpacedPreamble};
const ElementwiseOp kLinspaceStep{"linspace_step", R"(
    typedef typename spc_bare<decltype(in0)>::type W;
    typedef typename spc_work<W>::C C;
    const C delta = spc_work<W>::rnd(static_cast<C>(in1) - static_cast<C>(in0));
    out0 = cast<decltype(out0)>(spc_work<W>::rnd(spc_div(delta, static_cast<typename real_of<C>::type>(s0))));)",
                                  false, kSpacedPreamble};
const ElementwiseOp kLinearStepIsZero{"linspace_step_is_zero", step_is_zero_body(false), false,
                                      kSpacedPreamble};
const ElementwiseOp kGeometricStepIsZero{"geomspace_step_is_zero", step_is_zero_body(true), false,
                                         kSpacedPreamble};

enum class Spacing { Linear, Log, Geometric };

Scalar i64(int64_t v) { return Scalar::from_int(v, DType::Int64); }

NDArray spaced_arrays(Spacing kind, const NDArray& start, const NDArray& stop, int64_t num,
                      bool endpoint, double base, DType dtype, NDArray* step) {
  if (num < 0)
    throw ValueError("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  DType work = promote_types(start.dtype(), stop.dtype());
  if (!is_inexact(work)) work = DType::Float64;
  Dims each = broadcast_shapes({start.shape(), stop.shape()});
  Dims shape{num};
  for (int64_t e : each) shape.push_back(e);
  NDArray out = NDArray::empty(shape, dtype);
  NDArray lo = astype(start, work, OrderSpec::K, Casting::Unsafe, false);
  NDArray hi = astype(stop, work, OrderSpec::K, Casting::Unsafe, false);
  int64_t div = endpoint ? num - 1 : num;
  if (step && div > 0) {
    *step = NDArray::empty(each, work);
    elementwise(kLinspaceStep, {lo, hi}, {*step}, {i64(div)});
  }
  if (out.size() == 0) return out;
  const ElementwiseOp& op = kind == Spacing::Linear ? kLinspaceArray
                            : kind == Spacing::Log  ? kLogspaceArray
                                                    : kGeomspaceArray;
  // NumPy picks the denormal-safe formula for the whole array when any one step is zero.
  NDArray step_is_zero = NDArray::empty(each, DType::Bool);
  elementwise(kind == Spacing::Geometric ? kGeometricStepIsZero : kLinearStepIsZero, {lo, hi},
              {step_is_zero}, {i64(std::max<int64_t>(div, 1))});
  NDArray any_step_zero = any(step_is_zero);
  elementwise(op, {lo, hi, any_step_zero}, {out},
              {i64(std::max<int64_t>(each.product(), 1)), i64(div), i64(num),
               Scalar::from_bool(endpoint && num > 1, DType::Bool),
               Scalar::from_bool(kind == Spacing::Linear && is_integer(dtype), DType::Bool),
               Scalar::from_double(base, DType::Float64)});
  return out;
}

Scalar f64(double v) { return Scalar::from_double(v, DType::Float64); }
Scalar c128(std::complex<double> v) { return Scalar::from_complex(v, DType::Complex128); }

NDArray spaced(int64_t num, double start, double stop, bool endpoint, double base, double scale,
               DType dtype) {
  if (num < 0)
    throw ValueError("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  NDArray out = NDArray::empty(Dims{num}, dtype);
  int64_t div = endpoint ? num - 1 : num;
  double step = div > 0 ? (stop - start) / div : 0.0;
  elementwise(kLogspace, {}, {out},
              {f64(start), f64(step), f64(stop),
               Scalar::from_bool(endpoint && num > 1, DType::Bool), f64(base), f64(scale)});
  return out;
}

}  // namespace

NDArray zeros(const Dims& shape, DType dtype, Order order) {
  NDArray a = NDArray::empty(shape, dtype, order);
  fill(a, Scalar::from_int(0, dtype));
  return a;
}

NDArray ones(const Dims& shape, DType dtype, Order order) {
  NDArray a = NDArray::empty(shape, dtype, order);
  fill(a, Scalar::from_int(1, dtype));
  return a;
}

NDArray full(const Dims& shape, const Scalar& value, DType dtype, Order order) {
  NDArray a = NDArray::empty(shape, dtype, order);
  fill(a, value);
  return a;
}

NDArray arange_n(int64_t n, std::complex<double> start, std::complex<double> step, DType dtype) {
  if (dtype == DType::Bool && n > 2)
    throw TypeError(
        "arange() is only supported for booleans when the result has at most length 2.");
  NDArray out = NDArray::empty(Dims{std::max<int64_t>(n, 0)}, dtype);
  if (out.size() == 0) return out;
  if (n == 1) step = 0;  // one value is start itself, even where start + 0 * step is not (inf)
  if (is_complex(dtype)) {
    elementwise(kArangeComplex, {}, {out}, {c128(start), c128(step)});
  } else if (is_float(dtype)) {
    // NumPy computes the first two values in the target type and steps by their difference.
    DType work = dtype == DType::Float16 ? DType::Float32 : dtype;
    Scalar first = Scalar::from_complex(start, dtype);
    Scalar second = Scalar::from_complex(start + step, dtype);
    double a = first.as_double(), d = second.as_double() - a;
    elementwise(kArangeFloat, {}, {out},
                {Scalar::from_double(a, work), Scalar::from_double(d, work)});
  } else {
    int64_t a = static_cast<int64_t>(start.real()), d = static_cast<int64_t>(step.real());
    elementwise(kArangeInt, {}, {out},
                {Scalar::from_int(a, DType::Int64), Scalar::from_int(d, DType::Int64)});
  }
  return out;
}

NDArray arange(double start, double stop, double step, DType dtype) {
  if (step == 0) throw ValueError("Maximum allowed size exceeded");
  double len = std::ceil((stop - start) / step);
  if (!std::isfinite(len)) throw ValueError("arange: cannot compute length");
  return arange_n(static_cast<int64_t>(std::max(len, 0.0)), start, step, dtype);
}

NDArray linspace(std::complex<double> start, std::complex<double> stop, int64_t num, bool endpoint,
                 DType dtype) {
  if (num < 0)
    throw ValueError("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  NDArray out = NDArray::empty(Dims{num}, dtype);
  if (num == 0) return out;
  int64_t div = endpoint ? num - 1 : num;
  std::complex<double> step = div > 0 ? (stop - start) / static_cast<double>(div) : 0.0;
  Scalar last = Scalar::from_bool(endpoint && num > 1, DType::Bool);
  if (is_complex(dtype) || start.imag() != 0 || stop.imag() != 0) {
    elementwise(kLinspaceComplex, {}, {out}, {c128(start), c128(step), c128(stop), last});
  } else {
    elementwise(kLinspace, {}, {out},
                {f64(start.real()), f64(step.real()), f64(stop.real()), last,
                 Scalar::from_bool(is_integer(dtype), DType::Bool)});
  }
  return out;
}

NDArray logspace(double start, double stop, int64_t num, bool endpoint, double base, DType dtype) {
  return spaced(num, start, stop, endpoint, base, 1.0, dtype);
}

NDArray geomspace(double start, double stop, int64_t num, bool endpoint, DType dtype) {
  if (start == 0 || stop == 0) throw ValueError("Geometric sequence cannot include zero");
  double sign = start < 0 ? -1.0 : 1.0;
  NDArray out = spaced(num, std::log10(start / sign), std::log10(stop / sign), endpoint, 10.0, sign,
                       dtype);
  // The ends exactly as given, not as rounded through log and pow.
  if (num > 0) fill(out.index({IndexItem::integer(0)}), Scalar::from_double(start, DType::Float64));
  if (num > 1 && endpoint)
    fill(out.index({IndexItem::integer(-1)}), Scalar::from_double(stop, DType::Float64));
  return out;
}

NDArray linspace(const NDArray& start, const NDArray& stop, int64_t num, bool endpoint, DType dtype,
                 NDArray* step) {
  return spaced_arrays(Spacing::Linear, start, stop, num, endpoint, 0.0, dtype, step);
}

NDArray logspace(const NDArray& start, const NDArray& stop, int64_t num, bool endpoint, double base,
                 DType dtype) {
  return spaced_arrays(Spacing::Log, start, stop, num, endpoint, base, dtype, nullptr);
}

NDArray geomspace(const NDArray& start, const NDArray& stop, int64_t num, bool endpoint,
                  DType dtype) {
  return spaced_arrays(Spacing::Geometric, start, stop, num, endpoint, 10.0, dtype, nullptr);
}

NDArray eye(int64_t n, int64_t m, int64_t k, DType dtype, Order order) {
  NDArray out = zeros(Dims{n, m}, dtype, order);
  NDArray diag = out.diagonal(k);
  fill(diag, Scalar::from_int(1, dtype));
  return out;
}

}  // namespace cunp
