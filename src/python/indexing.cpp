// src/python/indexing.cpp -- advanced keys: the common ones (x[idx] and x[idx] = v with one
// integer array along an axis, x[mask] with a mask of the array's shape) go straight to the core's
// kernels, with no allocation before them; every other key is converted (to_index_key) and goes
// to the core's getitem / setitem.
#include "indexing.hpp"

#include <cstdlib>
#include <cstring>

#include "cunp/ops/indexing/indexing.hpp"

namespace cunp::py {
namespace {

bool is_full_slice(PyObject* o) {
  if (!PySlice_Check(o)) return false;
  auto* s = reinterpret_cast<PySliceObject*>(o);
  return s->start == Py_None && s->stop == Py_None && s->step == Py_None;
}

// Keys x[arr], x[:, ..., :, arr], x[..., arr] with one array of rank >= 1 on x's device: the
// array and the axis it indexes, or false for any other key.
bool single_array_key(const NDArray& x, nb::handle key, nb::handle& arr, int64_t& axis) {
  if (x.ndim() == 0) return false;
  PyObject* k = key.ptr();
  axis = 0;
  if (is_array(key)) {
    arr = key;
  } else if (PyTuple_Check(k)) {
    const Py_ssize_t n = PyTuple_GET_SIZE(k);
    if (n < 1) return false;
    PyObject* last = PyTuple_GET_ITEM(k, n - 1);
    if (!is_array(nb::handle(last))) return false;
    arr = nb::handle(last);
    if (n == 2 && PyTuple_GET_ITEM(k, 0) == Py_Ellipsis) {
      axis = x.ndim() - 1;
    } else {
      for (Py_ssize_t i = 0; i + 1 < n; ++i)
        if (!is_full_slice(PyTuple_GET_ITEM(k, i))) return false;
      axis = n - 1;
    }
  } else {
    return false;
  }
  const NDArray& j = unwrap(arr).a;
  return j.device() == x.device() && j.ndim() > 0 && axis < x.ndim();
}

// x[idx] (integer idx along one axis) and x[mask] with a mask of x's shape: the result, or an
// invalid object for any other key.
nb::object fast_getitem(nb::handle self, nb::handle key) {
  const NDArray& x = unwrap(self).a;
  nb::handle arr;
  int64_t axis;
  if (!single_array_key(x, key, arr, axis)) return nb::object();
  const NDArray& j = unwrap(arr).a;
  if (is_integer(j.dtype())) return wrap(take_reporting(x, j, axis, true, axis));
  if (j.dtype() == DType::Bool && axis == 0 && j.shape() == x.shape())
    return wrap(compress_mask(x, j));
  return nb::object();
}

// x[idx] = v for an integer idx along one axis, v a device array that broadcasts to the
// gathered shape without dropping axes, or a Python scalar: false for anything else (and for
// values that do not fit, so that setitem words the error).
bool fast_setitem(nb::handle self, nb::handle key, nb::handle value) {
  const NDArray& x = unwrap(self).a;
  nb::handle arr;
  int64_t axis;
  if (!single_array_key(x, key, arr, axis)) return false;
  const NDArray& j = unwrap(arr).a;
  if (!is_integer(j.dtype())) return false;
  PyObject* v = value.ptr();
  if (PyBool_Check(v) || PyLong_CheckExact(v) || PyFloat_CheckExact(v) || PyComplex_CheckExact(v)) {
    put_along_scalar(x, j, axis, to_scalar(value, x.dtype()), axis);
    return true;
  }
  if (!is_array(value)) return false;
  const NDArray& val = unwrap(value).a;
  if (val.device() != x.device()) return false;
  // The gathered shape x.shape[:axis] + idx.shape + x.shape[axis+1:], matched from the right.
  const int rank = x.ndim() - 1 + j.ndim();
  if (val.ndim() > rank) return false;
  for (int d = 1; d <= val.ndim(); ++d) {
    const int g = rank - d;  // position in the gathered shape
    const int64_t want = g < axis              ? x.shape()[g]
                         : g < axis + j.ndim() ? j.shape()[g - axis]
                                               : x.shape()[g - j.ndim() + 1];
    const int64_t have = val.shape()[val.ndim() - d];
    if (have != 1 && have != want) return false;
  }
  put_along_reporting(x, j, axis, val, axis);
  return true;
}

// A result that views x's memory (a key with no index array) keeps x as its base.
nb::object wrap_result(NDArray r, nb::handle self) {
  const bool view = r.memory() == unwrap(self).a.memory();
  return view ? wrap(std::move(r), self) : wrap(std::move(r));
}

nb::object from_item(const IndexItem& it) {
  auto bound = [](int64_t v) -> nb::object {
    if (v == IndexItem::kNone) return nb::none();
    return nb::int_(v);
  };
  switch (it.kind) {
    case IndexItem::Integer: return nb::int_(it.index);
    case IndexItem::NewAxis: return nb::none();
    case IndexItem::Slice:
      return nb::steal(
          PySlice_New(bound(it.start).ptr(), bound(it.stop).ptr(), bound(it.step).ptr()));
    case IndexItem::Ellipsis: break;
  }
  return nb::ellipsis();
}

// The key's plan and the shape x[key] has for an x of `shape`, computed on the host (host index
// arrays described, masks counted with NumPy): (basic, [(kind, axes, axis)], adjacent, position,
// shape). Raises the errors indexing raises for the key. For tests without a GPU.
nb::tuple index_plan(nb::handle key, const Dims& shape) {
  std::vector<int64_t> mask_counts;
  const std::vector<Index> items = to_index_key(key, KeyArrays::Describe, &mask_counts);
  const IndexPlan plan = plan_index(items, shape.size());
  const NDArray x(MemoryPtr(), 0, DType::Float64, shape, contiguous_strides(shape, 8));
  check_masks(plan, shape);
  const NDArray view = x.index(plan.basic);
  nb::list basic, entries;
  for (const IndexItem& it : plan.basic) basic.append(from_item(it));
  std::vector<Dims> index_shapes;
  std::size_t masks = 0;
  for (const AdvancedIndex& e : plan.advanced) {
    nb::list axes;
    for (int k = 0; k < e.naxes; ++k) axes.append(e.first_axis + k);
    const char* kind = e.kind == AdvancedIndex::Kind::Array  ? "array"
                       : e.kind == AdvancedIndex::Kind::Mask ? "mask"
                                                             : "bool";
    entries.append(nb::make_tuple(kind, axes, e.source_axis));
    if (e.kind == AdvancedIndex::Kind::Array) index_shapes.push_back(e.array.shape());
    else if (e.kind == AdvancedIndex::Kind::Bool) index_shapes.push_back(Dims{e.value ? 1 : 0});
    else index_shapes.push_back(Dims{masks < mask_counts.size() ? mask_counts[masks++] : 0});
  }
  Dims result = view.shape();
  if (!plan.advanced.empty()) result = index_layout(plan, view.shape(), index_shapes).shape;
  nb::list dims;
  for (int64_t n : result) dims.append(n);
  return nb::make_tuple(nb::tuple(basic), entries, plan.adjacent, plan.position, nb::tuple(dims));
}

}  // namespace

nb::object advanced_getitem(nb::handle self, nb::handle key) {
  if (nb::object r = fast_getitem(self, key); r.is_valid()) return r;
  const std::vector<Index> items = to_index_key(key, KeyArrays::Device);
  return wrap_result(getitem(unwrap(self).a, items), self);
}

void advanced_setitem(nb::handle self, nb::handle key, nb::handle value) {
  if (fast_setitem(self, key, value)) return;
  const std::vector<Index> items = to_index_key(key, KeyArrays::Device);
  const NDArray& x = unwrap(self).a;
  if (is_array(value)) return setitem(x, items, unwrap(value).a);
  if (is_python_scalar(value) || PyUnicode_Check(value.ptr())) {  // strings parse as the dtype
    // NumPy reads the whole key (masks, then the view: bounds, a zero step) before it converts
    // the value (an OverflowError for -1 into uint8 comes after the key's errors).
    const IndexPlan plan = plan_index(items, x.ndim());
    check_masks(plan, x.shape());
    x.index(plan.basic);
    return setitem(x, items, to_scalar(value, x.dtype()));
  }
  // Host values and nested sequences, read as asarray reads them.
  const bool nested = PyList_Check(value.ptr()) || PyTuple_Check(value.ptr());
  setitem(x, items,
          nested && holds_device_array(value) ? gather_nested(value, nb::none())
                                              : to_device_array(value, nb::none()));
}

void bind_indexing(nb::module_& m) {
  nb::module_ sub = m.def_submodule(
      "indexing", "the indexing kernels: take, compress, nonzero and index plans");
  sub.def(
      "take",
      [](const PyArray& x, const PyArray& idx, int64_t axis, bool check, int64_t report_axis) {
        return wrap(take_reporting(x.a, idx.a, axis, check, report_axis));
      },
      nb::arg("x"), nb::arg("indices"), nb::arg("axis"), nb::arg("check") = true,
      nb::arg("report_axis") = -1);
  sub.def("compress_mask",
          [](const PyArray& x, const PyArray& mask) { return wrap(compress_mask(x.a, mask.a)); });
  sub.def("nonzero_coords", [](const PyArray& a) { return wrap(nonzero_coords(a.a)); });
  sub.def("index_plan",
          [](nb::handle key, nb::handle shape) { return index_plan(key, to_shape(shape)); });
}

}  // namespace cunp::py
