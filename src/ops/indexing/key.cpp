// src/ops/indexing/key.cpp -- a key's host-side plan: NumPy's classification of its items (the
// basic view, the advanced items and where their dimensions go), the mask and broadcast checks,
// and the shape of x[key]. No device work except reading 0-d index arrays.
#include <algorithm>
#include <string>

#include "cunp/array/shape.hpp"
#include "cunp/ops/indexing/indexing.hpp"
#include "cunp/ops/creation/transfer.hpp"
#include "cunp/runtime/error.hpp"
#include "errors.hpp"

namespace cunp {
namespace {

constexpr const char* kIndexType = "arrays used as indices must be of integer (or boolean) type";

// An index array's item after its dtype is checked and a 0-d array is read.
Index resolved(const Index& item) {
  if (item.kind != Index::Kind::Array) return item;
  const NDArray& a = item.array;
  if (a.dtype() != DType::Bool && !is_integer(a.dtype())) throw IndexError(kIndexType);
  if (a.ndim() > 0) return item;
  Scalar s;
  s.dtype = a.dtype();
  to_host(a, s.bytes, Order::C);
  return a.dtype() == DType::Bool ? Index::boolean(s.as_bool()) : Index::integer(s.as_int());
}

}  // namespace

IndexPlan plan_index(std::span<const Index> key_in, int ndim) {
  using K = Index::Kind;
  std::vector<Index> key(key_in.begin(), key_in.end());
  int consumed = 0, ellipses = 0;
  bool has_arrays = false;
  for (Index& item : key) {
    item = resolved(item);
    switch (item.kind) {
      case K::Integer:
      case K::Slice: ++consumed; break;
      case K::Array:
        consumed += item.array.dtype() == DType::Bool ? item.array.ndim() : 1;
        has_arrays = true;
        break;
      case K::Bool: has_arrays = true; break;
      case K::Ellipsis: ++ellipses; break;
      case K::NewAxis: break;
    }
  }
  if (ellipses > 1) throw IndexError("an index can only have a single ellipsis ('...')");
  if (consumed > ndim)
    throw IndexError("too many indices for array: array is " + std::to_string(ndim) +
                     "-dimensional, but " + std::to_string(consumed) + " were indexed");
  IndexPlan plan;
  int view_axis = 0, axis = 0, position = -1;
  // Positions of the advanced items (integers count once there is an array) among the items,
  // the ellipsis counted as the axes it stands for.
  int at = 0, first_at = -1, last_at = -1, nadvanced = 0;
  for (const Index& item : key) {
    if (item.kind == K::Ellipsis) {
      for (int k = 0; k < ndim - consumed; ++k, ++view_axis, ++axis, ++at)
        plan.basic.push_back(IndexItem::slice());
      continue;
    }
    if (item.kind == K::Integer || item.kind == K::Array || item.kind == K::Bool) {
      if (first_at < 0) first_at = at, position = view_axis;
      last_at = at;
      ++nadvanced;
    }
    ++at;
    switch (item.kind) {
      case K::NewAxis:
        plan.basic.push_back(IndexItem::new_axis());
        ++view_axis;
        break;
      case K::Slice:
        plan.basic.push_back(IndexItem::slice(item.start, item.stop, item.step));
        ++view_axis, ++axis;
        break;
      case K::Integer:
        plan.basic.push_back(IndexItem::integer(item.value));
        ++axis;
        break;
      case K::Array: {
        AdvancedIndex e;
        const bool mask = item.array.dtype() == DType::Bool;
        e.kind = mask ? AdvancedIndex::Kind::Mask : AdvancedIndex::Kind::Array;
        e.array = item.array;
        e.first_axis = view_axis;
        e.naxes = mask ? item.array.ndim() : 1;
        e.source_axis = axis;
        for (int k = 0; k < e.naxes; ++k) plan.basic.push_back(IndexItem::slice());
        view_axis += e.naxes, axis += e.naxes;
        plan.advanced.push_back(std::move(e));
        break;
      }
      case K::Bool: {
        // A 0-d boolean adds an axis of length 1, indexed by [0] (true) or [] (false).
        AdvancedIndex e;
        e.kind = AdvancedIndex::Kind::Bool;
        e.value = item.value != 0;
        e.first_axis = view_axis;
        e.source_axis = axis;
        plan.basic.push_back(IndexItem::new_axis());
        ++view_axis;
        plan.advanced.push_back(std::move(e));
        break;
      }
      case K::Ellipsis: break;
    }
  }
  plan.adjacent = !has_arrays || last_at - first_at + 1 == nadvanced;
  plan.position = plan.adjacent && position >= 0 ? position : 0;
  return plan;
}

void check_masks(const IndexPlan& plan, const Dims& shape) {
  for (const AdvancedIndex& e : plan.advanced) {
    if (e.kind != AdvancedIndex::Kind::Mask) continue;
    for (int d = 0; d < e.naxes; ++d) {
      const int64_t have = shape[e.source_axis + d], mask = e.array.shape()[d];
      // NumPy lets a mask axis of size 0 stand against any axis: it selects nothing.
      if (have != mask && mask != 0)
        throw IndexError("boolean index did not match indexed array along axis " +
                         std::to_string(e.source_axis + d) + "; size of axis is " +
                         std::to_string(have) + " but size of corresponding boolean axis is " +
                         std::to_string(mask));
    }
  }
}

Dims broadcast_index_shapes(const std::vector<Dims>& shapes) {
  int ndim = 0;
  for (const Dims& s : shapes) ndim = std::max(ndim, s.size());
  Dims out(ndim, 1);
  for (const Dims& s : shapes)
    for (int d = 0; d < s.size(); ++d) {
      const int64_t n = s[d];
      int64_t& o = out[ndim - s.size() + d];
      if (n == 1) continue;
      if (o != 1 && o != n) {
        std::string text;
        for (const Dims& t : shapes) text += detail::index_shape_text(t) + " ";
        throw IndexError(
            "shape mismatch: indexing arrays could not be broadcast together with shapes " + text);
      }
      o = n;
    }
  return out;
}

IndexLayout index_layout(const IndexPlan& plan, const Dims& view_shape,
                         const std::vector<Dims>& index_shapes) {
  IndexLayout L;
  const int ndim = view_shape.size();
  std::vector<bool> indexed(ndim, false);
  for (const AdvancedIndex& e : plan.advanced)
    for (int k = 0; k < e.naxes; ++k) {
      L.order.push_back(e.first_axis + k);
      indexed[e.first_axis + k] = true;
    }
  for (int d = 0; d < ndim; ++d)
    if (!indexed[d]) {
      L.order.push_back(d);
      L.rest.push_back(view_shape[d]);
    }
  L.broadcast = broadcast_index_shapes(index_shapes);
  const int nb = L.broadcast.size(), nr = L.rest.size();
  if (plan.position != 0) {
    // rest[:position] + broadcast + rest[position:], as positions in broadcast + rest
    for (int r = 0; r < plan.position; ++r) L.placement.push_back(nb + r);
    for (int b = 0; b < nb; ++b) L.placement.push_back(b);
    for (int r = plan.position; r < nr; ++r) L.placement.push_back(nb + r);
  }
  Dims full = L.broadcast;
  for (int64_t n : L.rest) full.push_back(n);
  if (L.placement.empty()) {
    L.shape = full;
  } else {
    for (int64_t p : L.placement) L.shape.push_back(full[static_cast<int>(p)]);
  }
  return L;
}

}  // namespace cunp
