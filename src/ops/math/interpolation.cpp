// src/ops/math/interpolation.cpp -- numpy.interp on the elementwise engine: checks, then one kernel
// whose body is cunp::interp_point (src/device/interpolation/interp.cuh).
#include "cunp/ops/math/interpolation.hpp"

#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {

const ElementwiseOp& interp_op() {
  static const ElementwiseOp* op = [] {
    auto* o = new ElementwiseOp;  // never destroyed, as the kernel cache it keys
    o->name = "interp";
    o->preamble = device_part("interp");
    o->names = {"x", "xp", "fp", "y"};
    o->raw = {false, true, true, false};  // the table is searched whole
    o->scalar_names = {"n", "left", "right", "has_left", "has_right"};
    o->body = "y = cunp::interp_point(x, xp, fp, n, left, right, has_left, has_right);";
    return o;
  }();
  return *op;
}

NDArray interp(const NDArray& x, const NDArray& xp, const NDArray& fp,
               const std::optional<Scalar>& left, const std::optional<Scalar>& right) {
  if (x.dtype() != DType::Float64 || xp.dtype() != DType::Float64)
    throw TypeError("interp: x and xp must be float64 arrays");
  if (fp.dtype() != DType::Float64 && fp.dtype() != DType::Complex128)
    throw TypeError("interp: fp must be a float64 or complex128 array");
  if (xp.ndim() != 1 || fp.ndim() != 1) throw ValueError("interp: xp and fp must be 1-D");
  if (xp.size() == 0) throw ValueError("array of sample points is empty");
  if (fp.size() != xp.size()) throw ValueError("fp and xp are not of the same length.");
  NDArray y = NDArray::empty(x.shape(), fp.dtype());
  if (y.size() == 0) return y;
  const Scalar zero = Scalar::from_int(0, DType::Int64).cast(fp.dtype());
  elementwise(interp_op(), {x, xp, fp}, {y},
              {Scalar::from_int(xp.size(), DType::Int64), left ? left->cast(fp.dtype()) : zero,
               right ? right->cast(fp.dtype()) : zero,
               Scalar::from_bool(left.has_value(), DType::Bool),
               Scalar::from_bool(right.has_value(), DType::Bool)});
  return y;
}

}  // namespace cunp
