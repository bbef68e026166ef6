// src/ops/indexing/advanced.cpp -- x[key] and x[key] = v for any key. The key's plan gives a basic
// view and the advanced items; one index array, or one mask over the whole view, runs in the
// axis gather (take / put_along) or the compaction (compress_mask). Otherwise every item becomes
// an index array over its axes (a mask: the flat positions of its true elements), one launch
// combines them into a flat position over the advanced axes (checking bounds), and one launch
// gathers or scatters through it, with the view's indexed axes transposed first.
#include <algorithm>
#include <string>
#include <vector>

#include "cunp/array/shape.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/indexing/indexing.hpp"
#include "cunp/runtime/error.hpp"
#include "errors.hpp"
#include "elementwise.hpp"

namespace cunp {
namespace {

using Kind = AdvancedIndex::Kind;

// The advanced items as index arrays over their axes, in key order.
struct IndexArrays {
  std::vector<NDArray>
      arrays;  // an array as given; a mask's true positions; a 0-d bool's [0] or []
  std::vector<int64_t> extents;  // the extent each indexes (a mask: the product of its axes)
  std::vector<Dims> shapes;
};

// Flat C-order positions (int64, 1-D) of the true elements of a bool array.
NDArray true_positions(const NDArray& mask) {
  const NDArray m = mask.c_contiguous() ? mask : contiguous(mask);
  const NDArray coords = nonzero_coords(*m.reshape_view(Dims{m.size()}, Order::C));
  return coords.index({IndexItem::integer(0)});
}

IndexArrays index_arrays(const IndexPlan& plan, const NDArray& view) {
  IndexArrays ia;
  for (const AdvancedIndex& e : plan.advanced) {
    int64_t extent = 1;
    for (int k = 0; k < e.naxes; ++k) extent *= view.shape()[e.first_axis + k];
    if (e.kind == Kind::Array) {
      ia.arrays.push_back(e.array);
    } else if (e.kind == Kind::Mask) {
      ia.arrays.push_back(true_positions(e.array));
    } else {
      NDArray z = NDArray::empty(Dims{e.value ? 1 : 0}, DType::Int64, Order::C, view.device());
      if (e.value) fill(z, Scalar::from_int(0, DType::Int64));
      ia.arrays.push_back(z);
    }
    ia.extents.push_back(extent);
    ia.shapes.push_back(ia.arrays.back().shape());
  }
  return ia;
}

// A contiguous array as a 1-D view.
NDArray flat(const NDArray& a) {
  return a.view(a.dtype(), Dims{a.size()}, Dims{a.itemsize()}, a.data());
}

// The flat position (int64, the index arrays' broadcast shape) over the advanced axes of the
// gather order. NumPy's IndexError for an index out of bounds: the launch sets a flag, read after
// one stream synchronization.
NDArray linear_positions(const IndexPlan& plan, const IndexArrays& ia, const Dims& shape,
                         int device) {
  const int n = static_cast<int>(ia.arrays.size());
  if (n == 1 && plan.advanced[0].kind != Kind::Array) return ia.arrays[0];  // in bounds already
  NDArray lin = NDArray::empty(shape, DType::Int64, Order::C, device);
  if (lin.size() == 0) return lin;
  std::vector<Scalar> scalars;  // n_k, s_k
  int64_t stride = 1;
  for (int k = n - 1; k >= 0; --k) {
    scalars.insert(scalars.begin(), {Scalar::from_int(ia.extents[k], DType::Int64),
                                     Scalar::from_int(stride, DType::Int64)});
    stride *= ia.extents[k];
  }
  const NDArray err = index_flag(device);
  for (int first = 0; first < n; first += detail::kRavelMaxArrays) {
    const int count = std::min(n - first, detail::kRavelMaxArrays);
    elementwise(detail::ravel_op(count, first > 0),
                ArgList<NDArray>(ia.arrays.data() + first, count), {flat(lin), err},
                ArgList<Scalar>(scalars.data() + 2 * first, 2 * count), shape);
  }
  if (index_flag_seen(device)) {
    for (int k = 0; k < n; ++k)
      if (plan.advanced[k].kind == Kind::Array)
        if (auto bad = detail::first_out_of_bounds(ia.arrays[k], ia.extents[k]))
          detail::raise_out_of_bounds(*bad, plan.advanced[k].source_axis, ia.extents[k]);
    throw IndexError("index out of bounds");
  }
  return lin;
}

// x[key] for one index array: the axis gather, its dimensions moved first unless they stay.
NDArray take_placed(const NDArray& view, const AdvancedIndex& e, int position) {
  NDArray res = take_reporting(view, e.array, e.first_axis, true, e.source_axis);
  if (position == e.first_axis) return res;
  const int ax = e.first_axis, nidx = e.array.ndim();
  std::vector<int64_t> others, perm;
  for (int d = 0; d < res.ndim(); ++d)
    if (d < ax || d >= ax + nidx) others.push_back(d);
  perm.assign(others.begin(), others.begin() + position);
  for (int d = ax; d < ax + nidx; ++d) perm.push_back(d);
  perm.insert(perm.end(), others.begin() + position, others.end());
  return res.transpose(perm);
}

Dims concat(const Dims& a, const Dims& b) {
  Dims out = a;
  for (int64_t n : b) out.push_back(n);
  return out;
}

bool broadcasts_to(const Dims& from, const Dims& to) {
  if (from.size() > to.size()) return false;
  for (int d = 1; d <= from.size(); ++d) {
    const int64_t f = from[from.size() - d];
    if (f != 1 && f != to[to.size() - d]) return false;
  }
  return true;
}

// The value of an assignment: one element (in x's dtype) or an array.
struct Value {
  const NDArray* array = nullptr;
  Scalar scalar;
};

// The value as NumPy's assignment reads it: cast to x's dtype, and copied first when it may
// share memory with x (the kernels read it while writing x).
NDArray value_array(const NDArray& x, const NDArray& value) {
  if (value.device() != x.device()) {  // assignment copies across devices, as copy_to does
    NDArray moved = NDArray::empty(value.shape(), x.dtype(), Order::C, x.device());
    copy_to(moved, value);
    return moved;
  }
  if (value.dtype() != x.dtype()) return astype(value, x.dtype());
  return may_share_memory(value, x) ? copy(value) : value;
}

// Index arrays must live on x's device (0-d ones were read on the host already).
void require_index_device(const NDArray& x, const IndexPlan& plan) {
  for (const AdvancedIndex& e : plan.advanced)
    if (e.array.defined() && e.array.device() != x.device())
      raise_device_mismatch(x.device(), e.array.device());
}

// x[mask] = v for one element v: a masked fill of the view, no count needed.
void mask_fill(const NDArray& view, const AdvancedIndex& e, const NDArray* v,
               const Scalar& scalar) {
  // A mask with an axis of length 0 selects nothing, whatever the length of the view's axis
  // (NumPy lets it stand against any), so it cannot broadcast over the view: nothing to write.
  if (e.array.size() == 0) return;
  // The mask with unit axes around it, broadcast over the view.
  Dims shape(e.first_axis, 1), strides(e.first_axis, 0);
  for (int d = 0; d < e.naxes; ++d) {
    shape.push_back(e.array.shape()[d]);
    strides.push_back(e.array.strides()[d]);
  }
  while (shape.size() < view.ndim()) shape.push_back(1), strides.push_back(0);
  const NDArray m = e.array.view(DType::Bool, shape, strides, e.array.data());
  if (v) elementwise(detail::mask_fill_op(false), {m, *v}, {view});
  else elementwise(detail::mask_fill_op(true), {m}, {view}, {scalar});
}

void assign(const NDArray& x, std::span<const Index> key, const Value& value) {
  const IndexPlan plan = plan_index(key, x.ndim());
  require_index_device(x, plan);
  check_masks(plan, x.shape());
  const NDArray view = x.index(plan.basic);
  NDArray v;
  if (value.array) v = value_array(x, *value.array);
  const Scalar scalar = value.array || value.scalar.dtype == x.dtype()
                            ? value.scalar
                            : value.scalar.cast(x.dtype());
  const NDArray* vp = value.array ? &v : nullptr;
  if (plan.advanced.empty()) {
    if (vp) copy_to(view, v);
    else fill(view, scalar);
    return;
  }
  const AdvancedIndex& first = plan.advanced[0];
  const bool single = plan.advanced.size() == 1;
  if (single && first.kind == Kind::Mask && (!vp || v.ndim() == 0))
    return mask_fill(view, first, vp, scalar);
  const IndexArrays ia = index_arrays(plan, view);
  const IndexLayout L = index_layout(plan, view.shape(), ia.shapes);
  if (key.size() == 1 && first.kind == Kind::Mask && first.naxes == x.ndim() && vp) {
    // NumPy's own rules (and words) for x[mask] = v with a mask over the whole array as the
    // whole key (x[None, mask] = v takes the general path).
    if (v.ndim() > 1)
      throw TypeError("NumPy boolean array indexing assignment requires a 0 or 1-dimensional "
                      "input, input has " +
                      std::to_string(v.ndim()) + " dimensions");
    if (v.size() != 1 && v.size() != L.broadcast[0])
      throw ValueError("NumPy boolean array indexing assignment cannot assign " +
                       std::to_string(v.size()) + " input values to the " +
                       std::to_string(L.broadcast[0]) + " output values where the mask is true");
  }
  if (vp) {
    // NumPy drops leading length-1 axes of a value with more axes than the result. Its shape
    // is checked before the index arrays' bounds, as NumPy's map iterator does.
    while (v.ndim() > L.shape.size() && v.shape()[0] == 1) v = v.squeeze({0});
    if (!broadcasts_to(v.shape(), L.shape))
      throw ValueError("shape mismatch: value array of shape " +
                       detail::index_shape_text(v.shape()) +
                       " could not be broadcast to indexing result of shape " +
                       detail::index_shape_text(L.shape));
  }
  // One index array whose dimensions stay in place: a bounds-check pass, then one scatter.
  const bool axis_put = single && first.kind == Kind::Array && plan.position == first.first_axis;
  const NDArray lin = axis_put ? NDArray() : linear_positions(plan, ia, L.broadcast, x.device());
  if (axis_put) {
    if (vp) put_along_reporting(view, first.array, first.first_axis, v, first.source_axis);
    else put_along_scalar(view, first.array, first.first_axis, scalar, first.source_axis);
    return;
  }
  const Dims shape = concat(L.broadcast, L.rest);
  if (shape.product() == 0) return;
  // The flat position over the indexed axes, then the position within the other axes.
  const NDArray positions = lin.view(DType::Int64, concat(lin.shape(), Dims(L.rest.size(), 1)),
                                     concat(lin.strides(), Dims(L.rest.size(), 0)), lin.data());
  const NDArray target = view.transpose(L.order);
  const Scalar rest = Scalar::from_int(L.rest.product(), DType::Int64);
  if (!vp) {
    elementwise(detail::scatter_op(true), {positions, target}, {}, {scalar, rest}, shape);
    return;
  }
  NDArray vb = v.broadcast_to(L.shape);
  if (!L.placement.empty()) {
    std::vector<int64_t> inverse(L.placement.size());
    for (size_t i = 0; i < L.placement.size(); ++i) inverse[L.placement[i]] = i;
    vb = vb.transpose(inverse);
  }
  elementwise(detail::scatter_op(false), {vb, positions, target}, {}, {rest}, shape);
}

}  // namespace

NDArray getitem(const NDArray& x, std::span<const Index> key) {
  const IndexPlan plan = plan_index(key, x.ndim());
  check_masks(plan, x.shape());
  NDArray view = x.index(plan.basic);
  if (plan.advanced.empty()) return view;
  require_index_device(x, plan);
  const AdvancedIndex& first = plan.advanced[0];
  if (plan.advanced.size() == 1) {
    if (first.kind == Kind::Mask && first.naxes == view.ndim())
      return compress_mask(view, first.array);
    if (first.kind == Kind::Array) return take_placed(view, first, plan.position);
  }
  const IndexArrays ia = index_arrays(plan, view);
  const IndexLayout L = index_layout(plan, view.shape(), ia.shapes);
  const NDArray lin = linear_positions(plan, ia, L.broadcast, x.device());
  NDArray out = NDArray::empty(concat(L.broadcast, L.rest), x.dtype(), Order::C, x.device());
  if (out.size() > 0) {
    // 32-bit division for the position within the other axes when the result is small enough.
    const DType rs = out.size() < (int64_t{1} << 31) ? DType::Int32 : DType::Int64;
    elementwise(detail::gather_op(), {view.transpose(L.order), flat(lin)}, {flat(out)},
                {Scalar::from_int(L.rest.product(), rs)}, Dims{out.size()});
  }
  return L.placement.empty() ? out : out.transpose(L.placement);
}

void setitem(const NDArray& x, std::span<const Index> key, const NDArray& value) {
  Value v;
  v.array = &value;
  assign(x, key, v);
}

void setitem(const NDArray& x, std::span<const Index> key, const Scalar& value) {
  Value v;
  v.scalar = value;
  assign(x, key, v);
}

}  // namespace cunp
