// src/ops/math/math_extras.cpp -- numpy.i0: NumPy's dtype rules, then one kernel whose body is
// cunp::special::i0 (src/device/special/bessel_i0.cuh).
#include "cunp/ops/math/math_extras.hpp"

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {

const ElementwiseOp& i0_op() {
  static const ElementwiseOp* op = [] {
    auto* o = new ElementwiseOp;  // never destroyed, as the kernel cache it keys
    o->name = "i0";
    o->preamble = device_part("bessel_i0");
    o->names = {"x", "y"};
    o->body = "y = cunp::special::i0(x);";
    return o;
  }();
  return *op;
}

namespace {

// I0(|x|) of a float32 or float64 array, in its dtype.
NDArray i0_values(const NDArray& x) {
  NDArray y = NDArray::empty(x.shape(), x.dtype());
  if (y.size()) elementwise(i0_op(), {x}, {y});
  return y;
}

}  // namespace

NDArray i0(const NDArray& x) {
  const DType t = x.dtype();
  if (is_complex(t)) throw TypeError("i0 not supported for complex values");
  if (!is_float(t)) return i0_values(astype(x, DType::Float64));
  if (t == DType::Float16) return astype(i0_values(astype(x, DType::Float32)), DType::Float16);
  return i0_values(x);
}

}  // namespace cunp
