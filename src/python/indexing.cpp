// src/python/indexing.cpp -- advanced keys: the common ones (x[idx] and x[idx] = v with one
// integer array along an axis, x[mask] with a mask of the array's shape) go straight to the core's
// kernels; every other key is handed to cunp._indexing, imported on the first such key so
// `import cunp` stays cheap.
#include "indexing.hpp"

#include <cstdlib>
#include <cstring>

#include "cunp/ops/indexing.hpp"

namespace cunp::py {
namespace {

nb::handle indexing_function(const char* name) {
  // Looked up once per function and kept for the life of the process (deliberately leaked:
  // no Python object is released at interpreter teardown from a static destructor).
  nb::object fn = nb::module_::import_("cunp._indexing").attr(name);
  return fn.release();
}

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
// values that do not fit, so that cunp._indexing words the error).
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

}  // namespace

nb::object advanced_getitem(nb::handle self, nb::handle key) {
  if (nb::object r = fast_getitem(self, key); r.is_valid()) return r;
  static nb::handle fn = indexing_function("_getitem");
  return fn(self, key);
}

void advanced_setitem(nb::handle self, nb::handle key, nb::handle value) {
  if (fast_setitem(self, key, value)) return;
  static nb::handle fn = indexing_function("_setitem");
  fn(self, key, value);
}

void bind_indexing(nb::module_& m) {
  m.def(
      "_take",
      [](const PyArray& x, const PyArray& idx, int64_t axis, bool check, int64_t report_axis) {
        return wrap(take_reporting(x.a, idx.a, axis, check, report_axis));
      },
      nb::arg("x"), nb::arg("indices"), nb::arg("axis"), nb::arg("check") = true,
      nb::arg("report_axis") = -1);
  m.def(
      "_put_along",
      [](const PyArray& x, const PyArray& idx, int64_t axis, const PyArray& values,
         int64_t report_axis) { put_along_reporting(x.a, idx.a, axis, values.a, report_axis); },
      nb::arg("x"), nb::arg("indices"), nb::arg("axis"), nb::arg("values"),
      nb::arg("report_axis") = -1);
  m.def("_compress_mask",
        [](const PyArray& x, const PyArray& mask) { return wrap(compress_mask(x.a, mask.a)); });
  m.def("_nonzero_coords", [](const PyArray& a) { return wrap(nonzero_coords(a.a)); });
  m.def("_index_flag", [](int device) { return wrap(index_flag(device)); });
  m.def("_index_flag_seen", [](int device) { return index_flag_seen(device); });
}

}  // namespace cunp::py
