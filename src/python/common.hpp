// src/python/common.hpp -- what the binding files share: the Python-side array type and the
// conversions between Python objects and core types.
#pragma once
#include <optional>

#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include "cunp/cunp.hpp"

namespace nb = nanobind;

namespace cunp::py {

// cunp.ndarray: the core array plus the Python object whose memory it views (NumPy's `base`).
struct PyArray {
  NDArray a;
  nb::object base;  // None for arrays that own their memory
};

// cunp.cuda.Device and cunp.cuda.MemoryPointer as the bindings hold them.
struct PyDevice {
  int id;
};
struct PyMemoryPointer {
  MemoryPtr mem;
  uintptr_t ptr;
};

// Wraps a new array; `of` is the Python array it views (its base, if it has one, is kept).
nb::object wrap(NDArray a, nb::handle of = nb::handle());
bool is_array(nb::handle h);
PyArray& unwrap(nb::handle h);

// numpy, imported on first need (import cunp itself never imports it).
nb::module_& numpy();
nb::object numpy_dtype(DType t);

// dtype=... as NumPy accepts it: None, Python types, strings, numpy dtypes and scalar types.
DType to_dtype(nb::handle h);
DType to_dtype_or(nb::handle h, DType fallback);  // None -> fallback
Dims to_shape(nb::handle h);                      // int or sequence of ints
std::vector<int64_t> to_axes(nb::handle h);       // int or sequence of ints
// operator.index(h), with its TypeError ("'float' object cannot be interpreted as an integer").
int64_t axis_number(nb::handle h);
// axis= of a reduction as given (not normalized): None (every axis), an int, a tuple or a list.
std::optional<std::vector<int64_t>> optional_axes(nb::handle h);
Order to_order(nb::handle h);  // 'C' / 'F' (None -> C)
// device= as the array API passes it: None, a cunp.cuda.Device or a device id. Returns -1 for
// None; ValueError for a device that does not exist, TypeError for anything else.
int to_device_id(nb::handle h);

// Makes the device a device= argument names current for one call (nothing for None), so that
// what the call allocates lands there.
class DeviceScope {
 public:
  explicit DeviceScope(nb::handle device) : id_(to_device_id(device)) {
    if (id_ >= 0) {
      previous_ = current_device();
      if (previous_ != id_) set_current_device(id_);
    }
  }
  ~DeviceScope() {
    if (id_ >= 0 && previous_ != id_) set_current_device(previous_);
  }
  DeviceScope(const DeviceScope&) = delete;
  DeviceScope& operator=(const DeviceScope&) = delete;

 private:
  int id_;
  int previous_ = -1;
};
OrderSpec to_order_spec(nb::handle h, char fallback = 'K');

// A Python scalar (bool, int, float, complex, or NumPy scalar) converted for storing into an
// array of `dtype`, with NumPy 2's errors (OverflowError for ints out of range, ...).
bool is_python_scalar(nb::handle h);
Scalar to_scalar(nb::handle h, DType dtype);
// The dtype NumPy gives a lone Python scalar (int -> int64, float -> float64, ...).
DType scalar_dtype(nb::handle h);
nb::object from_scalar(const Scalar& s);  // to bool / int / float / complex

std::vector<IndexItem> to_index(nb::handle key);
IndexItem slice_item(PyObject* slice);  // a Python slice as an index item (a zero step kept)
// An integer through __index__ (TypeError otherwise, ValueError past int64).
int64_t to_int(nb::handle h);

// An array from host data or a cunp array (asarray's work); copies to the current device.
NDArray to_device_array(nb::handle obj, nb::handle dtype);
// Lists and tuples holding cunp arrays (at any depth) are assembled on the device, since
// NumPy cannot read them (cunp refuses implicit conversion to host).
bool holds_device_array(nb::handle obj, int depth = 0);
NDArray gather_nested(nb::handle obj, nb::handle dtype);

void bind_array(nb::module_& m);
void bind_runtime(nb::module_& m);
void bind_config(nb::module_& m);  // config_info, for cunp.show_config
void bind_memory(nb::module_& m);
void bind_creation(nb::module_& m);
void bind_elementwise_kernel(nb::module_& m);     // cunp.ElementwiseKernel
void bind_reduction_kernel(nb::module_& m);       // cunp.ReductionKernel
void bind_ufuncs(nb::module_& m);                 // the ufunc objects
void bind_elementwise_functions(nb::module_& m);  // clip, where, isclose, ...
void bind_operators(nb::class_<PyArray>& cls);    // ndarray's arithmetic operators
// Each area adds its functions to the module and its methods to the ndarray type
// (nb::type<PyArray>()) and the ufunc type.
void bind_reductions(nb::module_& m);
void bind_scans(nb::module_& m);
void bind_sorting(nb::module_& m);    // sort, argsort, searchsorted, unique
void bind_histogram(nb::module_& m);  // bincount, bin_counts, histogram
void bind_random(nb::module_& m);
void bind_blas(nb::module_& m);
void bind_solver(nb::module_& m);
void bind_scipy_linalg(nb::module_& m);  // _core.linalg: scipy.linalg's LU entry points
void bind_spatial(nb::module_& m);       // _core.spatial: pairwise distances
void bind_fft(nb::module_& m);           // cunp.fft's transforms, plan cache and plans
void bind_special(nb::module_& m);       // _core.special: scipy.special's ufuncs
void bind_nccl(nb::module_& m);          // cunp.cuda.nccl's communicator and calls
void bind_raw_kernel(nb::module_& m);
void bind_interop(nb::module_& m);
void bind_dtypes(nb::module_& m);      // result_type, promote_types, can_cast
void bind_joining(nb::module_& m);     // concatenate, stack, splits, atleast_nd
void bind_indexing(nb::module_& m);    // _core.indexing: take, compress_mask, ...
void bind_axes(nb::module_& m);        // _core.axes: normalize_axis, normalize_axes
void bind_statistics(nb::module_& m);  // _core.statistics: mean, var, ...
void bind_einsum(nb::module_& m);      // _core.einsum: einsum, path, the plan cache

// _core.math's interp and i0; _core.creation's tril and triu.
void bind_math_extras(nb::module_& m);
void bind_triangles(nb::module_& m);
void bind_sparse(nb::module_& m);  // the submodule _core.sparse (cuSPARSE calls)
void bind_ndimage(nb::module_& m);
void bind_signal(nb::module_& m);      // _core.signal: the blocked IIR scan
void bind_signatures(nb::module_& m);  // inspect.signature of bound functions

// axis= of a reduction (None, an int or a tuple) normalized against `ndim`, in the given order,
// with NumPy's AxisError and duplicate ValueError; `reduce_0d`: an int 0 or -1 on a 0-d array
// reduces nothing (the ufunc reductions' rule).
std::vector<int> reduction_axes(nb::handle axis, int ndim, bool reduce_0d);

}  // namespace cunp::py
