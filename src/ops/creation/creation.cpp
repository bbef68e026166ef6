// src/ops/creation/creation.cpp -- creation kernels: one elementwise body per formula.
#include "cunp/ops/creation/creation.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/ops/reduction/reduction.hpp"
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

// linspace, logspace and geomspace compute in src/device/creation/spaced.cuh: from scalar ends
// (linear, logarithmic) and from arrays of ends (sample, step, step_is_zero); the bodies here
// only pass the operands. Array ends: in0, in1 the ends, in2 whether any step is zero; s0 the
// elements per sample, s1 the steps between the ends, s2 the samples, s3 whether the last one
// is the end, s4 integer results round down, s5 the base. Built on first use, when the part is
// looked up.
std::string sample_body(const char* spacing) {
  return std::string("out0 = cast<decltype(out0)>(spaced::sample<spaced::") + spacing +
         ">(in0, in1, in2, _i, s0, s1, s2, s3, s4, s5));";
}
struct SpacedOps {
  const std::string part = device_part("spaced");
  const ElementwiseOp linspace{
      "linspace", "out0 = cast<decltype(out0)>(spaced::linear(_i, n, s0, s1, s2, s3, s4));", true,
      part};
  const ElementwiseOp linspace_complex{
      "linspace_complex", "out0 = cast<decltype(out0)>(spaced::linear(_i, n, s0, s1, s2, s3));",
      true, part};
  const ElementwiseOp logspace{
      "logspace",
      "out0 = cast<decltype(out0)>(spaced::logarithmic(_i, n, s0, s1, s2, s3, s4, s5));", true,
      part};
  const ElementwiseOp linspace_array{"linspace_array", sample_body("kLinear"), true, part};
  const ElementwiseOp logspace_array{"logspace_array", sample_body("kLog"), true, part};
  const ElementwiseOp geomspace_array{"geomspace_array", sample_body("kGeometric"), true, part};
  const ElementwiseOp linspace_step{
      "linspace_step", "out0 = cast<decltype(out0)>(spaced::step(in0, in1, s0));", false, part};
  const ElementwiseOp linear_step_is_zero{
      "linspace_step_is_zero", "out0 = spaced::step_is_zero<false>(in0, in1, s0);", false, part};
  const ElementwiseOp geometric_step_is_zero{
      "geomspace_step_is_zero", "out0 = spaced::step_is_zero<true>(in0, in1, s0);", false, part};
};
const SpacedOps& spaced_ops() {
  static const auto* ops = new SpacedOps;  // never destroyed: ops outlive interpreter teardown
  return *ops;
}

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
    elementwise(spaced_ops().linspace_step, {lo, hi}, {*step}, {i64(div)});
  }
  if (out.size() == 0) return out;
  const SpacedOps& ops = spaced_ops();
  const ElementwiseOp& op = kind == Spacing::Linear ? ops.linspace_array
                            : kind == Spacing::Log  ? ops.logspace_array
                                                    : ops.geomspace_array;
  // NumPy picks the denormal-safe formula for the whole array when any one step is zero.
  NDArray step_is_zero = NDArray::empty(each, DType::Bool);
  elementwise(kind == Spacing::Geometric ? ops.geometric_step_is_zero : ops.linear_step_is_zero,
              {lo, hi}, {step_is_zero}, {i64(std::max<int64_t>(div, 1))});
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
  elementwise(spaced_ops().logspace, {}, {out},
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
    // As NumPy: the first two values truncated, then their difference (arange(1, 0, -0.5)
    // as int8 is [1, 0]). Integral ends step by the step itself, exactly past 2**53.
    double s = start.real(), t = step.real();
    int64_t a = static_cast<int64_t>(s);
    int64_t d = std::trunc(s) == s && std::trunc(t) == t ? static_cast<int64_t>(t)
                                                         : static_cast<int64_t>(s + t) - a;
    if (dtype == DType::Bool) {  // the truth of the first two values: arange(0.5, 1) is [True]
      a = start != 0.0;
      d = static_cast<int64_t>(start + step != 0.0) - a;
    }
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
    elementwise(spaced_ops().linspace_complex, {}, {out},
                {c128(start), c128(step), c128(stop), last});
  } else {
    elementwise(spaced_ops().linspace, {}, {out},
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

std::vector<std::string> spaced_kernel_sources() {
  const SpacedOps& ops = spaced_ops();
  const DType I = DType::Int64, B = DType::Bool, F = DType::Float64, C = DType::Complex128;
  auto src = [](const ElementwiseOp& op, std::vector<DType> in, std::vector<DType> out,
                std::vector<DType> scalars) {
    KernelSignature s;
    s.inputs = std::move(in);
    s.outputs = std::move(out);
    s.scalars = std::move(scalars);
    return elementwise_source(op, s);
  };
  std::vector<std::string> v;
  for (DType t : {DType::Float64, DType::Int32, DType::Float16, DType::Complex64}) {
    v.push_back(src(ops.linspace, {}, {t}, {F, F, F, B, B}));
    v.push_back(src(ops.linspace_complex, {}, {t}, {C, C, C, B}));
    v.push_back(src(ops.logspace, {}, {t}, {F, F, F, B, F, F}));
  }
  const std::vector<DType> array_ends = {I, I, I, B, B, F};
  for (DType w :
       {DType::Float16, DType::Float32, DType::Float64, DType::Complex64, DType::Complex128}) {
    for (DType t : {w, is_complex(w) ? DType::Complex128 : DType::Int64}) {
      v.push_back(src(ops.linspace_array, {w, w, B}, {t}, array_ends));
      v.push_back(src(ops.logspace_array, {w, w, B}, {t}, array_ends));
      v.push_back(src(ops.geomspace_array, {w, w, B}, {t}, array_ends));
    }
    v.push_back(src(ops.linspace_step, {w, w}, {w}, {I}));
    v.push_back(src(ops.linear_step_is_zero, {w, w}, {B}, {I}));
    v.push_back(src(ops.geometric_step_is_zero, {w, w}, {B}, {I}));
  }
  return v;
}

}  // namespace cunp
