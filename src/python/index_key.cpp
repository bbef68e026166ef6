// src/python/index_key.cpp -- a Python key (an item or a tuple of items: ints, slices, None,
// Ellipsis, bools, lists, NumPy arrays and scalars, cunp arrays, objects with __index__) as the
// core's index list, with NumPy's words for the items it refuses.
#include <string>

#include "cunp/ops/indexing/indexing.hpp"
#include "indexing.hpp"
#include "interop.hpp"

namespace cunp::py {
namespace {

constexpr const char* kOnlyIntegers =
    "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean "
    "arrays are valid indices";
constexpr const char* kIndexType = "arrays used as indices must be of integer (or boolean) type";

bool is_numpy_scalar(nb::handle h) {
  return PyObject_IsInstance(h.ptr(), numpy().attr("generic").ptr()) == 1;
}

// A shape-and-dtype stand-in for a host index array: no memory, nothing to launch.
NDArray described(nb::handle host) {
  const DType dt = to_dtype(host.attr("dtype"));
  const Dims shape = to_shape(host.attr("shape"));
  return NDArray(MemoryPtr(), 0, dt, shape, contiguous_strides(shape, itemsize(dt)));
}

// A list, tuple or array-like item, read as NumPy's asarray reads it.
Index array_item(nb::handle k, bool from_list, KeyArrays mode, std::vector<int64_t>* mask_counts) {
  if (from_list && mode == KeyArrays::Device && holds_device_array(k)) {
    NDArray a = gather_nested(k, nb::none());
    if (a.dtype() != DType::Bool && !is_integer(a.dtype())) throw IndexError(kOnlyIntegers);
    return Index::of(std::move(a));
  }
  if (nb::object foreign = import_device_object(k, nullptr); foreign.is_valid()) {
    const NDArray& a = unwrap(foreign).a;
    if (a.dtype() != DType::Bool && !is_integer(a.dtype())) throw IndexError(kIndexType);
    return Index::of(a);
  }
  nb::object host = numpy().attr("asarray")(k);
  char kind = nb::cast<std::string>(host.attr("dtype").attr("kind"))[0];
  const int64_t size = nb::cast<int64_t>(host.attr("size"));
  if (from_list && size == 0 && kind == 'f') {  // NumPy reads an empty list as integer indices
    host = host.attr("astype")("int64");
    kind = 'i';
  }
  if (kind != 'b' && kind != 'i' && kind != 'u')
    // NumPy words it differently for a list or a scalar than for an array.
    throw IndexError(from_list || is_numpy_scalar(k) ? kOnlyIntegers : kIndexType);
  if (nb::cast<int>(host.attr("ndim")) == 0) {
    nb::object v = host.attr("item")();
    return kind == 'b' ? Index::boolean(PyObject_IsTrue(v.ptr()) == 1) : Index::integer(to_int(v));
  }
  if (kind == 'b' && mask_counts)
    mask_counts->push_back(nb::cast<int64_t>(numpy().attr("count_nonzero")(host)));
  return Index::of(mode == KeyArrays::Device ? to_device_array(host, nb::none()) : described(host));
}

Index key_item(nb::handle k, KeyArrays mode, std::vector<int64_t>* mask_counts) {
  PyObject* o = k.ptr();
  if (o == Py_None) return Index::new_axis();
  if (o == Py_Ellipsis) return Index::ellipsis();
  if (PySlice_Check(o)) {
    const IndexItem it = slice_item(o);
    return Index::slice(it.start, it.stop, it.step);
  }
  if (PyBool_Check(o)) return Index::boolean(o == Py_True);
  if (PyLong_Check(o)) return Index::integer(to_int(k));
  if (is_array(k)) {
    const NDArray& a = unwrap(k).a;
    if (a.dtype() != DType::Bool && !is_integer(a.dtype())) throw IndexError(kIndexType);
    return Index::of(a);
  }
  const bool from_list = PyList_Check(o) || PyTuple_Check(o);
  if (from_list || nb::hasattr(k, "__array__") || nb::hasattr(k, "__array_interface__"))
    return array_item(k, from_list, mode, mask_counts);
  if (PyIndex_Check(o)) return Index::integer(to_int(k));
  throw IndexError(kOnlyIntegers);
}

}  // namespace

std::vector<Index> to_index_key(nb::handle key, KeyArrays mode, std::vector<int64_t>* mask_counts) {
  std::vector<Index> items;
  if (PyTuple_Check(key.ptr())) {
    for (nb::handle k : nb::borrow<nb::tuple>(key)) items.push_back(key_item(k, mode, mask_counts));
  } else {
    items.push_back(key_item(key, mode, mask_counts));
  }
  return items;
}

}  // namespace cunp::py
