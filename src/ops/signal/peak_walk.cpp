// src/ops/signal/peak_walk.cpp -- peak_prominences' walks as one elementwise launch over raw
// operands, a thread per peak, whose body is src/device/signal/peak_walk.cuh.
#include "cunp/ops/signal/peak_walk.hpp"

#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {

const ElementwiseOp& peak_walk_op() {
  static const ElementwiseOp op = [] {
    ElementwiseOp o;
    o.name = "peak_walk";
    o.preamble = device_part("peak_walk");
    o.uses_index = true;
    o.names = {"x", "peaks", "low", "high", "left", "right", "prominence"};
    o.raw.assign(o.names.size(), true);
    o.scalar_names = {"limit"};
    o.body = "cunp::peak_walk(x, peaks, low, high, left, right, prominence, i, limit);";
    return o;
  }();
  return op;
}

std::tuple<NDArray, NDArray, NDArray> peak_walk(const NDArray& x, const NDArray& peaks,
                                                const NDArray& low, const NDArray& high,
                                                int64_t limit) {
  const ElementwiseOp& op = peak_walk_op();
  if (x.ndim() != 1 || x.dtype() != DType::Float64 || !x.c_contiguous())
    throw TypeError("peak_walk: x must be a contiguous 1-D float64 array");
  for (const NDArray* a : {&peaks, &low, &high})
    if (a->ndim() != 1 || a->dtype() != DType::Int64 || !a->c_contiguous())
      throw TypeError("peak_walk: peaks, low and high must be contiguous 1-D int64 arrays");
  const int64_t count = peaks.size();
  if (low.size() != count || high.size() != count)
    throw ValueError("peak_walk: peaks, low and high must have one length");
  if (limit < 1) throw ValueError("peak_walk: limit must be positive");
  const int device = common_device({&x, &peaks, &low, &high});
  NDArray left = NDArray::empty(Dims{count}, DType::Int64, Order::C, device);
  NDArray right = NDArray::empty(Dims{count}, DType::Int64, Order::C, device);
  NDArray prominence = NDArray::empty(Dims{count}, DType::Float64, Order::C, device);
  if (count == 0) return {left, right, prominence};
  elementwise(op, {x, peaks, low, high}, {left, right, prominence},
              {Scalar::from_int(limit, DType::Int64)}, Dims{count});
  return {left, right, prominence};
}

}  // namespace cunp
