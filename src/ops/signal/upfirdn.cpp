// src/ops/signal/upfirdn.cpp -- upfirdn as one elementwise launch over raw operands, a thread per
// output sample, whose body is src/device/signal/upfirdn.cuh's polyphase sum.
#include "cunp/ops/signal/upfirdn.hpp"

#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

Scalar i64(int64_t v) { return Scalar::from_int(v, DType::Int64); }

}  // namespace

const ElementwiseOp& upfirdn_op() {
  static const ElementwiseOp op = [] {
    ElementwiseOp o;
    o.name = "upfirdn_polyphase";
    o.preamble = device_part("upfirdn");
    o.uses_index = true;
    o.names = {"x", "h", "y"};
    o.raw.assign(o.names.size(), true);
    o.scalar_names = {"n", "len_h", "up", "down", "out_len"};
    o.body = "cunp::upfirdn_polyphase(x, h, y, i, n, len_h, up, down, out_len);";
    return o;
  }();
  return op;
}

NDArray upfirdn(const NDArray& h, const NDArray& x, int64_t up, int64_t down) {
  const ElementwiseOp& op = upfirdn_op();
  if (up < 1 || down < 1) throw ValueError("upfirdn: up and down must be >= 1");
  if (h.ndim() != 1 || h.size() == 0) throw ValueError("upfirdn: h must be 1-D and not empty");
  if (x.ndim() < 1) throw ValueError("upfirdn: x must be at least 1-D");
  const DType t = x.dtype();
  if (!is_inexact(t) || t == DType::Float16 || h.dtype() != t)
    throw TypeError("upfirdn: x and h must share one float32/64 or complex dtype");
  const int64_t n = x.shape()[x.ndim() - 1];
  if (n < 1) throw ValueError("upfirdn: the signal must have samples");
  const int64_t len_h = h.size();
  const int64_t total = (n - 1) * up + len_h;
  const int64_t out_len = total / down + (total % down ? 1 : 0);
  const int device = common_device({&x, &h});
  Dims shape = x.shape();
  shape[shape.size() - 1] = out_len;
  NDArray y = NDArray::empty(shape, t, Order::C, device);
  if (y.size() == 0) return y;
  elementwise(op, {x, h}, {y}, {i64(n), i64(len_h), i64(up), i64(down), i64(out_len)},
              Dims{y.size()});
  return y;
}

}  // namespace cunp
