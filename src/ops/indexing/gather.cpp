// src/ops/indexing/gather.cpp -- take / x[idx] / x[idx] = v along one axis: one kernel that moves
// a contiguous run of the inner dimensions per gathered row, in vector units where aligned.
#include <algorithm>
#include <cstring>
#include <cstdlib>
#include <vector>

#include "cunp/array/shape.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/indexing/indexing.hpp"
#include "cunp/ops/creation/transfer.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "jit/kernel.hpp"
#include "errors.hpp"
#include "params.hpp"
#include "slot.hpp"

namespace cunp {
namespace {

using namespace detail;

struct Dim {
  int64_t shape, stride;
};

// Dimensions [from, to) of x without the length-1 ones, neighbours merged where one stride
// steps over the other (C order).
std::vector<Dim> merged_dims(const NDArray& x, int from, int to) {
  std::vector<Dim> dims;
  for (int d = from; d < to; ++d) {
    const int64_t s = x.shape()[d], st = x.strides()[d];
    if (s == 1) continue;
    if (!dims.empty() && dims.back().stride == st * s) {
      dims.back().shape *= s;
      dims.back().stride = st;
    } else {
      dims.push_back({s, st});
    }
  }
  return dims;
}

bool aligned(int64_t v, int unit) { return (v < 0 ? -v : v) % unit == 0; }

// Fills the layout part of `p` and `sig` for gathering x along `axis` into (outer, m, inner) rows;
// false when x has too many dimensions for the strided kernel.
bool plan_layout(const NDArray& x, int axis, uintptr_t y, GatherParams& p, GatherSignature& sig) {
  const int isz = x.itemsize();
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < axis; ++d) outer *= x.shape()[d];
  for (int d = axis + 1; d < x.ndim(); ++d) inner *= x.shape()[d];
  std::vector<Dim> od = merged_dims(x, 0, axis), id = merged_dims(x, axis + 1, x.ndim());
  p.sn = x.strides()[axis];
  p.so = od.empty() ? 0 : od[0].stride;
  sig.outer1 = outer == 1;
  const bool inner_run = id.empty() || (id.size() == 1 && id[0].stride == isz);
  if (od.size() <= 1 && inner_run) {
    // A contiguous run of inner * itemsize bytes per row: the widest unit every address allows.
    const int64_t row = inner * isz;
    int unit = 16;
    while (unit > 1 &&
           !(aligned(row, unit) && aligned(static_cast<int64_t>(x.data()), unit) &&
             aligned(p.so, unit) && aligned(p.sn, unit) && aligned(static_cast<int64_t>(y), unit)))
      unit /= 2;
    sig.unit = unit;
    sig.strided = false;
    p.units = row / unit;
    p.ond = p.ind = 0;
    return true;
  }
  // Any other layout: one element per unit, outer and inner offsets from shape and strides
  // (16-byte elements as two 8-byte halves, which need only 8-byte alignment).
  if (isz == 16) id.push_back({2, 8});
  if (od.size() > kIndexMaxDims || id.size() > kIndexMaxDims) return false;
  sig.unit = isz == 16 ? 8 : isz;
  sig.strided = true;
  p.units = inner * (isz == 16 ? 2 : 1);
  p.ond = static_cast<int32_t>(od.size());
  p.ind = static_cast<int32_t>(id.size());
  for (size_t d = 0; d < od.size(); ++d) p.oshape[d] = od[d].shape, p.ostride[d] = od[d].stride;
  for (size_t d = 0; d < id.size(); ++d) p.ishape[d] = id[d].shape, p.istride[d] = id[d].stride;
  return true;
}

uint64_t signature_key(const GatherSignature& s) {
  return (static_cast<uint64_t>(s.unit) << 16) | (static_cast<uint64_t>(s.index) << 8) |
         (s.outer1 << 0) | (s.unit1 << 1) | (s.strided << 2) | (s.wide << 3) | (s.scatter << 4) |
         (s.scalar_value << 5) | (s.value_param << 6) | (uint64_t{1} << 40);
}

// NumPy's message for the first index out of bounds (the error path only: reads idx back).
[[noreturn]] void raise_out_of_bounds(const NDArray& idx, int64_t n, int64_t report_axis) {
  if (auto bad = first_out_of_bounds(idx, n)) detail::raise_out_of_bounds(*bad, report_axis, n);
  throw IndexError("index out of bounds for axis " + std::to_string(report_axis));
}

// The check of a call that moves nothing (NumPy still checks the indices).
void check_on_host(const NDArray& idx, int64_t n, int64_t report_axis) {
  if (auto bad = first_out_of_bounds(idx, n)) detail::raise_out_of_bounds(*bad, report_axis, n);
}

void check_index_dtype(const NDArray& idx) {
  if (!is_integer(idx.dtype()))
    throw IndexError("arrays used as indices must be of integer (or boolean) type");
}

// IndexError (x untouched) unless every index is within [-n, n): one read of the indices and
// one stream synchronization, before a scatter writes anything.
void check_indices(const NDArray& idx, int64_t n, int64_t report_axis) {
  const int device = idx.device();
  CheckParams c{};
  c.idx = idx.data();
  c.n = n;
  c.m = idx.size();
  HostSlot* slot = host_slot(device);
  c.flag = reinterpret_cast<uintptr_t>(&slot->flag);
  const DType t = idx.dtype();
  const KernelKey key(Engine::Indexing, device, (uint64_t{3} << 40) | static_cast<uint64_t>(t));
  FunctionHandle fn = kernel(key, [&] { return KernelSpec{check_source(t), "cunp_check", {}}; });
  const int64_t per_block = int64_t{kCheckBlock} * kCheckUnroll;
  const int64_t cap = int64_t{device_properties(device).multiprocessor_count} * 16;
  const int64_t grid = std::max<int64_t>(1, std::min((c.m + per_block - 1) / per_block, cap));
  launch(fn, device, {static_cast<unsigned>(grid)}, {kCheckBlock}, &c);
  wait_stream(device);
  if (slot->flag) {
    slot->flag = 0;
    raise_out_of_bounds(idx, n, report_axis);
  }
}

// Runs the gather (y = x[..., idx, ...]) or scatter (x[..., idx, ...] = y) over `total` units.
// A gather checks its indices as it reads them and waits (`check`); a scatter checks them all
// first (check_indices) and then runs without waiting. `value` (scatter of one value passed in
// the parameters): its bytes, already repeated to a unit's width.
void run_gather(const NDArray& x, const NDArray& idx, int axis, const NDArray& y, bool scatter,
                bool scalar_value, bool check, int64_t report_axis,
                const uint64_t* value = nullptr) {
  const int device = common_device({&x, &idx, value ? nullptr : &y});
  GatherParams p{};
  GatherSignature sig;
  sig.index = idx.dtype();
  sig.scatter = scatter;
  sig.scalar_value = scalar_value;
  sig.value_param = value != nullptr;
  if (value) p.value[0] = value[0], p.value[1] = value[1];
  NDArray src = x;
  const uintptr_t ya = value ? 0 : y.data();
  if (!plan_layout(src, axis, ya, p, sig)) {
    if (scatter) throw ValueError("put_along: too many dimensions");  // callers copy instead
    src = contiguous(x);
    plan_layout(src, axis, ya, p, sig);
  }
  int64_t outer = 1;
  for (int d = 0; d < axis; ++d) outer *= src.shape()[d];
  p.x = src.data();
  p.y = value ? 0 : y.data();
  p.idx = idx.data();
  p.n = src.shape()[axis];
  p.m = idx.size();
  p.total = outer * p.m * p.units;
  sig.unit1 = p.units == 1;
  sig.wide = p.total > (int64_t{1} << 31) - 1;
  if (scatter && check) check_indices(idx, p.n, report_axis);
  HostSlot* slot = host_slot(device);
  p.flag = reinterpret_cast<uintptr_t>(&slot->flag);
  FunctionHandle fn = kernel(KernelKey(Engine::Indexing, device, signature_key(sig)), [&] {
    return KernelSpec{gather_source(sig), "cunp_gather", {}};
  });
  const int64_t per_block = int64_t{kGatherBlock} * kGatherUnroll;
  const int64_t cap = int64_t{device_properties(device).multiprocessor_count} * 32;
  const int64_t grid = std::max<int64_t>(1, std::min((p.total + per_block - 1) / per_block, cap));
  launch(fn, device, {static_cast<unsigned>(grid)}, {kGatherBlock}, &p);
  if (!check || scatter) return;
  wait_stream(device);
  if (slot->flag) {
    slot->flag = 0;
    raise_out_of_bounds(idx, p.n, report_axis);
  }
}

}  // namespace

NDArray take_reporting(const NDArray& x, const NDArray& indices, int64_t axis_in, bool check,
                       int64_t report_axis) {
  check_index_dtype(indices);
  const int axis = normalize_axis(axis_in, x.ndim());
  if (report_axis < 0) report_axis = axis;
  Dims shape;
  for (int d = 0; d < axis; ++d) shape.push_back(x.shape()[d]);
  for (int64_t s : indices.shape()) shape.push_back(s);
  for (int d = axis + 1; d < x.ndim(); ++d) shape.push_back(x.shape()[d]);
  NDArray out = NDArray::empty(shape, x.dtype(), Order::C, x.device());
  if (indices.size() == 0) return out;
  const int64_t n = x.shape()[axis];
  if (out.size() == 0 || n == 0) {
    // Nothing to move, but NumPy still checks the indices.
    if (check || n == 0) check_on_host(indices, n, report_axis);
    return out;
  }
  NDArray idx = indices.c_contiguous() ? indices : contiguous(indices);
  run_gather(x, idx, axis, out, false, false, check, report_axis);
  return out;
}

NDArray take(const NDArray& x, const NDArray& indices, int64_t axis, bool check) {
  return take_reporting(x, indices, axis, check, -1);
}

namespace {

// What x[(slice(None),) * axis + (indices,)] = ... shares: the gathered shape, and whether there
// is anything to write (NumPy checks the indices even when there is not).
struct PutPlan {
  int axis;
  int64_t report_axis, n;
  Dims shape;
  NDArray idx;  // contiguous
  bool empty;
};

PutPlan plan_put(const NDArray& x, const NDArray& indices, int64_t axis_in, int64_t report_axis) {
  check_index_dtype(indices);
  PutPlan q;
  q.axis = normalize_axis(axis_in, x.ndim());
  q.report_axis = report_axis < 0 ? q.axis : report_axis;
  for (int d = 0; d < q.axis; ++d) q.shape.push_back(x.shape()[d]);
  for (int64_t s : indices.shape()) q.shape.push_back(s);
  for (int d = q.axis + 1; d < x.ndim(); ++d) q.shape.push_back(x.shape()[d]);
  q.n = x.shape()[q.axis];
  q.empty = indices.size() == 0 || q.shape.product() == 0 || q.n == 0;
  return q;
}

// The scatter of y (or of the value bits) into x, through a contiguous copy of x when x has too
// many dimensions for the strided kernel.
void scatter_into(const NDArray& x, const PutPlan& q, const NDArray& y, bool scalar,
                  const uint64_t* value) {
  GatherParams probe{};
  GatherSignature sig;
  if (plan_layout(x, q.axis, value ? 0 : y.data(), probe, sig)) {
    run_gather(x, q.idx, q.axis, y, true, scalar, true, q.report_axis, value);
    return;
  }
  NDArray tmp = contiguous(x);
  run_gather(tmp, q.idx, q.axis, y, true, scalar, true, q.report_axis, value);
  copy_to(x, tmp);
}

}  // namespace

void put_along_reporting(const NDArray& x, const NDArray& indices, int64_t axis_in,
                         const NDArray& values, int64_t report_axis) {
  PutPlan q = plan_put(x, indices, axis_in, report_axis);
  NDArray bv = values.broadcast_to(q.shape);  // ValueError when the shapes do not fit
  if (q.empty) return check_on_host(indices, q.n, q.report_axis);
  q.idx = indices.c_contiguous() ? indices : contiguous(indices);
  // One value: the kernel reads it for every unit; otherwise a contiguous block of the gathered
  // shape in x's dtype (a copy only when the values are not one already). Either is ready
  // before the scatter, so values that overlap x are read before x is written.
  bool scalar = values.size() == 1;
  NDArray y;
  if (scalar) {
    y = NDArray::empty(Dims{1}, x.dtype(), Order::C, x.device());
    copy_to(y, values.view(values.dtype(), Dims{1}, Dims{values.itemsize()}, values.data()));
    GatherParams probe{};
    GatherSignature sig;
    if (!plan_layout(x, q.axis, y.data(), probe, sig) || sig.unit != x.itemsize()) {
      // One value where the kernel moves units wider (or narrower) than an element: the values
      // are spelled out in full.
      y = NDArray::empty(q.shape, x.dtype(), Order::C, x.device());
      copy_to(y, bv);
      scalar = false;
    }
  } else if (values.dtype() == x.dtype() && values.shape() == q.shape && values.c_contiguous() &&
             !may_share_memory(values, x)) {
    y = values;
  } else {
    y = NDArray::empty(q.shape, x.dtype(), Order::C, x.device());
    copy_to(y, bv);
  }
  scatter_into(x, q, y, scalar, nullptr);
}

void put_along_scalar(const NDArray& x, const NDArray& indices, int64_t axis_in,
                      const Scalar& value_in, int64_t report_axis) {
  PutPlan q = plan_put(x, indices, axis_in, report_axis);
  if (q.empty) return check_on_host(indices, q.n, q.report_axis);
  q.idx = indices.c_contiguous() ? indices : contiguous(indices);
  const Scalar value = value_in.dtype == x.dtype() ? value_in : value_in.cast(x.dtype());
  const int isz = x.itemsize();
  GatherParams probe{};
  GatherSignature sig;
  NDArray target = x;  // x, or a contiguous copy when x has too many dimensions
  if (!plan_layout(target, q.axis, 0, probe, sig)) {
    target = contiguous(x);
    plan_layout(target, q.axis, 0, probe, sig);
  }
  if (sig.unit < isz) {
    // complex128 in the strided kernel moves 8-byte halves: the value goes through a buffer.
    NDArray one = NDArray::empty(Dims{}, x.dtype(), Order::C, x.device());
    fill(one, value);
    return put_along_reporting(x, indices, q.axis, one, q.report_axis);
  }
  // The element's bytes repeated across a unit (a unit is a run of whole elements).
  uint64_t bits[2] = {0, 0};
  auto* b = reinterpret_cast<unsigned char*>(bits);
  for (int off = 0; off + isz <= sig.unit; off += isz) std::memcpy(b + off, value.bytes, isz);
  run_gather(target, q.idx, q.axis, NDArray(), true, true, true, q.report_axis, bits);
  if (target.data() != x.data()) copy_to(x, target);
}

void put_along(const NDArray& x, const NDArray& indices, int64_t axis, const NDArray& values) {
  put_along_reporting(x, indices, axis, values, -1);
}

}  // namespace cunp
