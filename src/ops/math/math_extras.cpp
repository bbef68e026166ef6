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

// I0(|x|) of a float32 or float64 array `x` into a new `dtype` array laid out as `like`'s
// ufunc result (NumPy's i0 is abs(like) and then ufuncs over it: the iterator's order, where a
// broadcast axis ties with any other).
NDArray i0_values(const NDArray& x, const NDArray& like, DType dtype) {
  NDArray y = empty_iterated(like.shape(), dtype, {like.strides()}, like.device());
  if (y.size()) elementwise(i0_op(), {x}, {y});
  return y;
}

}  // namespace

NDArray i0(const NDArray& x) {
  const DType t = x.dtype();
  if (is_complex(t)) throw TypeError("i0 not supported for complex values");
  // Other dtypes go through NumPy's x.astype(float): order='K', the layout empty_like(x) has.
  if (!is_float(t)) {
    const NDArray f = astype(x, DType::Float64);
    return i0_values(f, f, DType::Float64);
  }
  // float16 is computed in float32 (the device's i0 has no half precision), then cast back.
  if (t == DType::Float16)
    return astype(i0_values(astype(x, DType::Float32), x, DType::Float32), DType::Float16);
  return i0_values(x, x, t);
}

}  // namespace cunp
