// src/ops/creation.cpp -- creation kernels: one elementwise body per formula.
#include "cunp/ops/creation.hpp"

#include <cmath>

#include "cunp/ops/copy.hpp"
#include "cunp/ops/elementwise.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

// arange's fill, per kind: integers exactly in int64; floats in their own type from the first
// value and the difference of the first two (as NumPy's fill does); float16 in float32.
const ElementwiseOp kArangeInt{"arange_int", "out0 = cast<decltype(out0)>(s0 + static_cast<long long>(_i) * s1);", true};
const ElementwiseOp kArangeFloat{"arange_float", "out0 = cast<decltype(out0)>(s0 + static_cast<decltype(s0)>(_i) * s1);", true};
const ElementwiseOp kArangeComplex{"arange_complex", "out0 = cast<decltype(out0)>(s0 + s1 * static_cast<double>(_i));", true};

// linspace: y = i * step + start, the last value exactly stop; integers round down.
const ElementwiseOp kLinspace{"linspace", R"(
    double v = static_cast<double>(_i) * s1 + s0;
    if (s3 && _i == n - 1) v = s2;
    out0 = cast<decltype(out0)>(s4 ? floor(v) : v);)", true};
const ElementwiseOp kLinspaceComplex{"linspace_complex", R"(
    complex<double> v = s1 * static_cast<double>(_i) + s0;
    if (s3 && _i == n - 1) v = s2;
    out0 = cast<decltype(out0)>(v);)", true};
// logspace and geomspace: scale * base ** (i * step + start).
const ElementwiseOp kLogspace{"logspace", R"(
    double y = static_cast<double>(_i) * s1 + s0;
    if (s3 && _i == n - 1) y = s2;
    out0 = cast<decltype(out0)>(s5 * pow(s4, y));)", true};

Scalar f64(double v) { return Scalar::from_double(v, DType::Float64); }
Scalar c128(std::complex<double> v) { return Scalar::from_complex(v, DType::Complex128); }

NDArray spaced(int64_t num, double start, double stop, bool endpoint, double base, double scale,
               DType dtype) {
  if (num < 0) throw ValueError("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  NDArray out = NDArray::empty(Dims{num}, dtype);
  int64_t div = endpoint ? num - 1 : num;
  double step = div > 0 ? (stop - start) / div : 0.0;
  elementwise(kLogspace, {}, {out},
              {f64(start), f64(step), f64(stop), Scalar::from_bool(endpoint && num > 1, DType::Bool),
               f64(base), f64(scale)});
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
  NDArray out = NDArray::empty(Dims{std::max<int64_t>(n, 0)}, dtype);
  if (out.size() == 0) return out;
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

NDArray linspace(std::complex<double> start, std::complex<double> stop, int64_t num,
                 bool endpoint, DType dtype) {
  if (num < 0) throw ValueError("Number of samples, " + std::to_string(num) + ", must be non-negative.");
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

NDArray logspace(double start, double stop, int64_t num, bool endpoint, double base,
                 DType dtype) {
  return spaced(num, start, stop, endpoint, base, 1.0, dtype);
}

NDArray geomspace(double start, double stop, int64_t num, bool endpoint, DType dtype) {
  if (start == 0 || stop == 0) throw ValueError("Geometric sequence cannot include zero");
  double sign = start < 0 ? -1.0 : 1.0;
  NDArray out = spaced(num, std::log10(start / sign), std::log10(stop / sign), endpoint, 10.0,
                       sign, dtype);
  // The ends exactly as given, not as rounded through log and pow.
  if (num > 0) fill(out.index({IndexItem::integer(0)}), Scalar::from_double(start, DType::Float64));
  if (num > 1 && endpoint)
    fill(out.index({IndexItem::integer(-1)}), Scalar::from_double(stop, DType::Float64));
  return out;
}

NDArray eye(int64_t n, int64_t m, int64_t k, DType dtype, Order order) {
  NDArray out = zeros(Dims{n, m}, dtype, order);
  NDArray diag = out.diagonal(k);
  fill(diag, Scalar::from_int(1, dtype));
  return out;
}

}  // namespace cunp
