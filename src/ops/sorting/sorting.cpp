// src/ops/sorting/sorting.cpp -- sort, argsort and searchsorted of the C++ API: axes, layouts and dtypes,
// then the sort engine (sort_engine.hpp) on C-contiguous rows.
#include "cunp/ops/sorting/sorting.hpp"

#include "cunp/array/shape.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/reduction/reduction.hpp"
#include "cunp/ops/manipulation/reshape.hpp"
#include "cunp/ops/creation/transfer.hpp"
#include "cunp/runtime/error.hpp"
#include "sort_engine.hpp"

namespace cunp {
namespace {

NDArray c_contiguous(const NDArray& a, DType dtype) {
  if (a.dtype() != dtype) return astype(a, dtype, OrderSpec::C);
  return a.c_contiguous() ? a : contiguous(a);
}

// Sorted values, or positions, along `axis` through rows made contiguous with the axis last.
NDArray along(const NDArray& a_in, std::optional<int64_t> axis, bool positions, SortKind kind) {
  // NumPy's argsort takes a 0-d array as one of shape (1,); sort refuses every axis of it.
  const NDArray a = positions && a_in.ndim() == 0
                        ? a_in.view(a_in.dtype(), Dims{1}, Dims{a_in.itemsize()}, a_in.data())
                        : a_in;
  const int device = a.device();
  const DType out_dtype = positions ? DType::Int64 : a.dtype();
  const bool stable = kind == SortKind::Stable;
  if (!axis) {
    const NDArray flat = ravel(a, OrderSpec::C);
    NDArray out = NDArray::empty(flat.shape(), out_dtype, Order::C, device);
    sort_engine::sort_rows(flat, flat.size(), out, positions, stable);
    return out;
  }
  if (a.ndim() == 0) throw AxisError(*axis, 0);
  const int ax = normalize_axis(*axis, a.ndim());
  const int last = a.ndim() - 1;
  const NDArray rows = contiguous(ax == last ? a : a.moveaxis({ax}, {last}));
  NDArray out = NDArray::empty(rows.shape(), out_dtype, Order::C, device);
  sort_engine::sort_rows(rows, rows.shape()[last], out, positions, stable);
  if (ax != last) out = out.moveaxis({last}, {ax});
  // NumPy's argsort allocates C order; its sort sorts a.copy(order='K') in place, so the
  // values come back in that layout (F for a transposed or broadcast input).
  return positions ? contiguous(out) : in_keep_layout(out, a);
}

}  // namespace

SortKind sort_kind_from_string(const std::string& kind) {
  switch (kind.empty() ? '\0' : kind[0]) {
    case 'q':
    case 'Q': return SortKind::Quick;
    case 'm':
    case 'M': return SortKind::Merge;
    case 'h':
    case 'H': return SortKind::Heap;
    case 's':
    case 'S': return SortKind::Stable;
    default:
      throw ValueError("sort kind must be one of 'quick', 'heap', or 'stable' (got '" + kind +
                       "')");
  }
}

NDArray sort(const NDArray& a, std::optional<int64_t> axis, SortKind kind) {
  return along(a, axis, false, kind);
}

NDArray argsort(const NDArray& a, std::optional<int64_t> axis, SortKind kind) {
  return along(a, axis, true, kind);
}

bool search_side_right(const std::string& side) {
  if (side == "left") return false;
  if (side == "right") return true;
  throw ValueError("search side must be 'left' or 'right' (got '" + side + "')");
}

NDArray searchsorted(const NDArray& a, const NDArray& v, bool right, const NDArray& sorter) {
  if (a.ndim() == 0) throw ValueError("object of too small depth for desired array");
  if (a.ndim() > 1) throw ValueError("object too deep for desired array");
  common_device({&a, &v, &sorter});
  NDArray order;
  if (sorter.defined()) {
    if (!is_integer(sorter.dtype()) && sorter.dtype() != DType::Bool)
      throw TypeError("sorter must only contain integers");
    if (sorter.size() != a.size()) throw ValueError("sorter.size must equal a.size");
    order = c_contiguous(sorter, DType::Int64);
    if (order.size() > 0) {
      // The searches read a[sorter[i]]: every entry is checked first (NumPy raises only for
      // those its search reaches).
      int64_t ends[2];
      to_host(amin(order), &ends[0], Order::C);
      to_host(amax(order), &ends[1], Order::C);
      if (ends[0] < 0 || ends[1] >= a.size()) throw ValueError("Sorter index out of range.");
    }
  }
  const DType t = promote_types(a.dtype(), v.dtype());
  NDArray out = NDArray::empty(v.shape(), DType::Int64, Order::C, v.device());
  sort_engine::search(c_contiguous(a, t), order, c_contiguous(v, t), right, out);
  return out;
}

}  // namespace cunp
