// src/python/array.cpp -- cunp.ndarray: attributes, views, indexing, conversions. Bound in C++
// so a call costs no Python frame.
#include <Python.h>

#include <cstring>

#include "common.hpp"
#include "cunp/memory/raw_memory.hpp"
#include "indexing.hpp"
#include "interop.hpp"

namespace cunp::py {
namespace {

using Self = nb::handle_t<PyArray>;

struct PyFlags {
  bool c, f, own;
};

// Python's buffer protocol, released on scope exit.
struct Buffer {
  Py_buffer view{};
  bool ok = false;
  Buffer(nb::handle h, int flags) {
    if (PyObject_GetBuffer(h.ptr(), &view, flags) != 0) throw nb::python_error();
    ok = true;
  }
  ~Buffer() {
    if (ok) PyBuffer_Release(&view);
  }
};

nb::tuple to_tuple(const Dims& d) {
  nb::list l;
  for (int64_t v : d) l.append(v);
  return nb::tuple(l);
}

Order order_of(const NDArray& a, nb::handle order) {
  std::string s = order.is_none() ? "C" : nb::cast<std::string>(order);
  if (s == "A" || s == "a") return a.f_contiguous() && !a.c_contiguous() ? Order::F : Order::C;
  return to_order(order);
}

// A host array as NumPy sees it, moved to the current device.
NDArray upload(nb::handle host, nb::handle dtype) {
  nb::module_& np = numpy();
  nb::object arr = dtype.is_none() ? np.attr("asarray")(host)
                                   : np.attr("asarray")(host, numpy_dtype(to_dtype(dtype)));
  DType dt = to_dtype(arr.attr("dtype"));  // TypeError for object, string, datetime ...
  if (nb::cast<std::string>(arr.attr("dtype").attr("byteorder")) == ">")
    arr = arr.attr("astype")(numpy_dtype(dt));
  Dims shape = to_shape(arr.attr("shape"));
  Order order = Order::C;
  if (!nb::cast<bool>(arr.attr("flags").attr("c_contiguous"))) {
    if (nb::cast<bool>(arr.attr("flags").attr("f_contiguous"))) order = Order::F;
    else arr = np.attr("ascontiguousarray")(arr);
  }
  Buffer b(arr, PyBUF_RECORDS_RO);
  const void* src = b.view.buf;
  nb::gil_scoped_release unlocked;
  return from_host(src, dt, shape, order);
}

// Pointer to element `flat` (C order) of a.
uintptr_t element_ptr(const NDArray& a, int64_t flat) {
  uintptr_t p = a.data();
  for (int d = a.ndim() - 1; d >= 0; --d) {
    p += (flat % a.shape()[d]) * a.strides()[d];
    flat /= a.shape()[d];
  }
  return p;
}

Scalar read_element(const NDArray& a, int64_t flat) {
  Scalar s;
  s.dtype = a.dtype();
  uintptr_t p = element_ptr(a, flat);
  nb::gil_scoped_release unlocked;
  copy_device_to_host(s.bytes, p, a.itemsize(), a.device(), current_stream_handle(a.device()));
  return s;
}

nb::object item(const NDArray& a, nb::args args) {
  int64_t flat = 0;
  if (args.size() == 0) {
    if (a.size() != 1) throw ValueError("can only convert an array of size 1 to a Python scalar");
  } else if (args.size() == 1 && !PyTuple_Check(args[0].ptr())) {
    int64_t i = axis_number(args[0]);  // operator.index's TypeError for a float
    if (i < -a.size() || i >= a.size())
      throw IndexError("index " + std::to_string(i) + " is out of bounds for size " +
                       std::to_string(a.size()));
    flat = i < 0 ? i + a.size() : i;
  } else {
    nb::tuple t = args.size() == 1 ? nb::borrow<nb::tuple>(args[0]) : nb::tuple(args);
    if (static_cast<int>(t.size()) != a.ndim())
      throw ValueError("incorrect number of indices for array");
    std::vector<IndexItem> idx;
    for (nb::handle h : t) idx.push_back(IndexItem::integer(axis_number(h)));
    NDArray e = a.index(idx);
    return from_scalar(read_element(e, 0));
  }
  return from_scalar(read_element(a, flat));
}

nb::object to_numpy(const NDArray& a, nb::handle stream, nb::handle order, nb::handle out) {
  nb::module_& np = numpy();
  Order ord = order_of(a, order);
  nb::object dst;
  if (!out.is_none()) {
    if (!nb::isinstance(out, np.attr("ndarray")))
      throw TypeError("Only numpy.ndarray can be obtained from cunp.ndarray");
    if (to_shape(out.attr("shape")) != a.shape())
      throw ValueError("Shape mismatch. Expected shape: " + shape_str(a.shape()) +
                       ", actual shape: " + shape_str(to_shape(out.attr("shape"))));
    if (to_dtype(out.attr("dtype")) != a.dtype())
      throw TypeError(std::string("dtype mismatch: expected ") + name(a.dtype()));
    bool c = nb::cast<bool>(out.attr("flags").attr("c_contiguous"));
    bool f = nb::cast<bool>(out.attr("flags").attr("f_contiguous"));
    if (!c && !f) throw ValueError("the output array must be contiguous");
    ord = c ? Order::C : Order::F;
    dst = nb::borrow(out);
  } else {
    dst = np.attr("empty")(to_tuple(a.shape()), numpy_dtype(a.dtype()),
                           ord == Order::C ? "C" : "F");
  }
  Buffer b(dst, PyBUF_RECORDS);
  void* p = b.view.buf;
  Stream previous = current_stream(a.device());
  bool swap = !stream.is_none();
  if (swap) set_current_stream(nb::cast<Stream&>(stream));
  try {
    nb::gil_scoped_release unlocked;
    to_host(a, p, ord);
  } catch (...) {
    if (swap) set_current_stream(previous);
    throw;
  }
  if (swap) set_current_stream(previous);
  return dst;
}

void assign(const NDArray& target, nb::handle value) {
  if (is_array(value)) return copy_to(target, unwrap(value).a);
  if (is_python_scalar(value) || PyUnicode_Check(value.ptr()))  // strings parse as the dtype
    return fill(target, to_scalar(value, target.dtype()));
  bool nested = PyList_Check(value.ptr()) || PyTuple_Check(value.ptr());
  NDArray v = nested && holds_device_array(value) ? gather_nested(value, nb::none())
                                                  : upload(value, nb::none());
  // A nested sequence may not be deeper than the target (arrays may carry extra unit axes).
  if (nested && v.ndim() > target.ndim())
    throw ValueError("setting an array element with a sequence. The requested array would "
                     "exceed the maximum number of dimension of " +
                     std::to_string(target.ndim()) + ".");
  copy_to(target, v);
}

int64_t length(const NDArray& a) {
  if (a.ndim() == 0) throw TypeError("len() of unsized object");
  return a.shape()[0];
}

Scalar only_element(const NDArray& a) {
  if (a.size() != 1)
    throw TypeError("only 0-dimensional arrays can be converted to Python scalars");
  return read_element(a, 0);
}

// A cunp array of rank >= 1 as the key or one of its items: to_index would reach it and throw
// AdvancedKey, and a C++ throw costs microseconds next to a small gather. Other advanced keys
// (lists, NumPy arrays, bools) still take the throw.
bool obviously_advanced(nb::handle key) {
  auto array_item = [](nb::handle k) { return is_array(k) && unwrap(k).a.ndim() > 0; };
  if (array_item(key)) return true;
  if (!PyTuple_Check(key.ptr())) return false;
  for (nb::handle k : nb::borrow<nb::tuple>(key))
    if (array_item(k)) return true;
  return false;
}

// The address of `arr` when it is a C-contiguous NumPy array of `shape` and `dtype` in
// page-locked memory, else 0. Such an array is copied to or from the device directly and
// asynchronously on the caller's stream (CuPy's set(arr, stream) and get(stream, out,
// blocking=False)); any other goes through the staged copies, which return when it is safe.
uintptr_t pinned_host_array(nb::handle arr, const Dims& shape, DType dtype) {
  static nb::object ndarray = numpy().attr("ndarray");
  if (PyObject_IsInstance(arr.ptr(), ndarray.ptr()) != 1) return 0;
  if (!nb::cast<bool>(arr.attr("flags").attr("c_contiguous"))) return 0;
  if (to_shape(arr.attr("shape")) != shape || to_dtype(arr.attr("dtype")) != dtype) return 0;
  uintptr_t p = nb::cast<uintptr_t>(arr.attr("__array_interface__")["data"][0]);
  return is_host_pinned(reinterpret_cast<const void*>(p)) ? p : 0;
}

}  // namespace

bool is_array(nb::handle h) { return nb::isinstance<PyArray>(h); }
PyArray& unwrap(nb::handle h) { return *nb::inst_ptr<PyArray>(h); }

nb::object wrap(NDArray a, nb::handle of) {
  nb::object base = nb::none();
  if (of.is_valid()) {
    const PyArray& src = unwrap(of);
    base = src.base.is_none() ? nb::borrow(of) : src.base;
  }
  return nb::cast(PyArray{std::move(a), std::move(base)}, nb::rv_policy::move);
}

NDArray to_device_array(nb::handle obj, nb::handle dtype) {
  // A foreign device array (CUDA Array Interface, CUDA DLPack) is read in place.
  if (!is_array(obj))
    if (nb::object foreign = import_device_object(obj, nullptr); foreign.is_valid())
      return to_device_array(foreign, dtype);
  if (is_array(obj)) {
    NDArray a = unwrap(obj).a;
    if (a.device() != current_device()) {
      NDArray moved = NDArray::empty(a.shape(), a.dtype());
      copy_to(moved, a);
      a = moved;
    }
    if (!dtype.is_none() && to_dtype(dtype) != a.dtype()) a = astype(a, to_dtype(dtype));
    return a;
  }
  if (is_python_scalar(obj)) {
    DType dt = to_dtype_or(dtype, scalar_dtype(obj));
    NDArray a = NDArray::empty(Dims{}, dt);
    fill(a, to_scalar(obj, dt));
    return a;
  }
  return upload(obj, dtype);
}

// a.shape = shape: NumPy reshapes in place when a view of the data can have that shape.
void set_shape(PyArray& s, nb::handle shape) {
  Dims want = s.a.resolve_shape(to_shape(shape));
  std::optional<NDArray> v = s.a.reshape_view(want, Order::C);
  if (!v)
    throw nb::attribute_error("Incompatible shape for in-place modification. Use `.reshape()` "
                              "to make a copy with the desired shape.");
  s.a = std::move(*v);
}

// a.resize(new_shape, refcheck=True): NumPy's in-place resize. The array takes new memory of the
// new size, keeps its leading elements in memory order and fills the rest with zeros; only an
// array that owns its contiguous data may, and with refcheck only while no view shares it.
void resize_in_place(nb::handle self, nb::args args, bool refcheck) {
  PyArray& s = unwrap(self);
  if (args.size() == 0 || (args.size() == 1 && args[0].is_none())) return;
  Dims want = to_shape(args.size() == 1 ? nb::handle(args[0]) : nb::handle(args));
  for (int64_t d : want)
    if (d < 0) throw ValueError("negative dimensions not allowed");
  const NDArray& a = s.a;
  if (!s.base.is_none()) throw ValueError("cannot resize this array: it does not own its data");
  if (!a.c_contiguous() && !a.f_contiguous())
    throw ValueError("resize only works on single-segment arrays");
  if (refcheck && a.memory() && a.memory().use_count() > 1)
    throw ValueError("cannot resize an array that references or is referenced\nby another object "
                     "in this way.\nUse the cunp.resize function to get a new resized copy or\n"
                     " set refcheck=False to disable this check");
  Order order = a.f_contiguous() && !a.c_contiguous() ? Order::F : Order::C;
  checked_size(want);
  DeviceGuard on(a.device());
  NDArray grown = zeros(want, a.dtype(), order);
  int64_t keep = std::min(a.size(), grown.size());
  if (keep > 0) {
    auto flat = [order](const NDArray& x) { return *x.reshape_view(Dims{x.size()}, order); };
    copy_to(flat(grown).index({IndexItem::slice(0, keep)}),
            flat(a).index({IndexItem::slice(0, keep)}));
  }
  s.a = std::move(grown);
}

void bind_array(nb::module_& m) {
  nb::class_<PyFlags>(m, "Flags")
      .def_prop_ro("c_contiguous", [](const PyFlags& f) { return f.c; })
      .def_prop_ro("f_contiguous", [](const PyFlags& f) { return f.f; })
      .def_prop_ro("owndata", [](const PyFlags& f) { return f.own; })
      .def_prop_ro("writeable", [](const PyFlags&) { return true; })
      .def_prop_ro("aligned", [](const PyFlags&) { return true; })
      .def("__getitem__",
           [](const PyFlags& f, const std::string& k) {
             if (k == "C_CONTIGUOUS" || k == "C" || k == "CONTIGUOUS") return f.c;
             if (k == "F_CONTIGUOUS" || k == "F" || k == "FORTRAN") return f.f;
             if (k == "OWNDATA" || k == "O") return f.own;
             if (k == "WRITEABLE" || k == "W" || k == "ALIGNED" || k == "A") return true;
             throw nb::key_error(k.c_str());
           })
      .def("__repr__", [](const PyFlags& f) {
        auto b = [](bool v) { return v ? "True" : "False"; };
        return std::string("  C_CONTIGUOUS : ") + b(f.c) + "\n  F_CONTIGUOUS : " + b(f.f) +
               "\n  OWNDATA : " + b(f.own);
      });

  nb::class_<PyArray> cls(m, "ndarray");
  cls.def(
      "__init__",
      [](PyArray* self, nb::handle shape, nb::handle dtype, nb::handle memptr, nb::handle strides,
         nb::handle order) {
        DType dt = to_dtype_or(dtype, DType::Float64);
        Dims sh = to_shape(shape);
        checked_size(sh);
        if (memptr.is_none() && strides.is_none()) {
          new (self) PyArray{NDArray::empty(sh, dt, to_order(order)), nb::none()};
          return;
        }
        Dims st = strides.is_none() ? contiguous_strides(sh, itemsize(dt), to_order(order))
                                    : to_shape(strides);
        if (st.size() != sh.size())
          throw ValueError("strides, if given, must be the same length as shape");
        if (memptr.is_none()) {
          // As NumPy: strides over a new buffer of the array's own size, which they must not
          // leave (no negative offsets, nothing past the end).
          int64_t lo = 0, hi = 0, n = 1;
          for (size_t d = 0; d < sh.size(); ++d) {
            n *= sh[d];
            const int64_t span = (sh[d] - 1) * st[d];
            (span < 0 ? lo : hi) += span;
          }
          const int64_t nbytes = n * itemsize(dt);
          if (n != 0 && (lo < 0 || hi + itemsize(dt) > nbytes))
            throw ValueError("strides is incompatible with shape of requested array and size of "
                             "buffer");
          NDArray buffer = NDArray::empty(sh, dt, Order::C);
          new (self) PyArray{NDArray(buffer.memory(), buffer.data(), dt, sh, st), nb::none()};
          return;
        }
        auto& mp = nb::cast<PyMemoryPointer&>(memptr);
        new (self) PyArray{NDArray(mp.mem, mp.ptr, dt, sh, st), nb::none()};
      },
      nb::arg("shape"), nb::arg("dtype").none() = nb::handle(&PyFloat_Type),
      nb::arg("memptr").none() = nb::none(), nb::arg("strides").none() = nb::none(),
      nb::arg("order").none() = "C");

  // --- attributes ---
  cls.def_prop_rw(
         "shape", [](const PyArray& s) { return to_tuple(s.a.shape()); }, &set_shape)
      .def("resize", &resize_in_place, nb::arg("new_shape"), nb::arg("refcheck") = true)
      .def_prop_ro("strides", [](const PyArray& s) { return to_tuple(s.a.strides()); })
      .def_prop_ro("dtype", [](const PyArray& s) { return numpy_dtype(s.a.dtype()); })
      .def_prop_ro("ndim", [](const PyArray& s) { return s.a.ndim(); })
      .def_prop_ro("size", [](const PyArray& s) { return s.a.size(); })
      .def_prop_ro("itemsize", [](const PyArray& s) { return s.a.itemsize(); })
      .def_prop_ro("nbytes", [](const PyArray& s) { return s.a.nbytes(); })
      .def_prop_ro("base", [](const PyArray& s) { return s.base; })
      .def_prop_ro("flags",
                   [](const PyArray& s) {
                     return PyFlags{s.a.c_contiguous(), s.a.f_contiguous(), s.base.is_none()};
                   })
      .def_prop_ro("device", [](const PyArray& s) { return PyDevice{s.a.device()}; })
      .def_prop_ro("data",
                   [](const PyArray& s) {
                     return PyMemoryPointer{s.a.memory(), s.a.data()};
                   })
      .def_prop_ro("T", [](Self self) { return wrap(unwrap(self).a.transpose(), self); })
      .def_prop_ro("mT",
                   [](Self self) {
                     const NDArray& a = unwrap(self).a;
                     if (a.ndim() < 2)
                       throw ValueError("matrix transpose with ndim < 2 is undefined");
                     return wrap(a.swapaxes(-1, -2), self);
                   })
      .def_prop_rw(
          "real", [](Self self) { return wrap(unwrap(self).a.real(), self); },
          [](Self self, nb::handle v) { assign(unwrap(self).a.real(), v); })
      .def_prop_rw(
          "imag",
          [](Self self) -> nb::object {
            const NDArray& a = unwrap(self).a;
            if (is_complex(a.dtype())) return wrap(a.imag(), self);
            return wrap(zeros(a.shape(), a.dtype()));  // NumPy: a new array of zeros
          },
          [](Self self, nb::handle v) {
            const NDArray& a = unwrap(self).a;
            if (!is_complex(a.dtype()))
              throw TypeError("array does not have imaginary part to set");
            assign(a.imag(), v);
          })
      .def_prop_ro("__cuda_array_interface__", [](const PyArray& s) {
        const NDArray& a = s.a;
        nb::dict d;
        d["shape"] = to_tuple(a.shape());
        std::string ts = std::string("<") + (kind(a.dtype()) == 'b' ? 'b' : kind(a.dtype())) +
                         std::to_string(a.itemsize());
        if (a.dtype() == DType::Bool) ts = "|b1";
        d["typestr"] = ts;
        nb::list descr;  // version 3: a list of (name, typestr) tuples, as NumPy's
        descr.append(nb::make_tuple("", ts));
        d["descr"] = descr;
        d["data"] = nb::make_tuple(a.size() ? a.data() : 0, false);
        d["strides"] = a.c_contiguous() ? nb::none() : nb::object(to_tuple(a.strides()));
        uintptr_t st = current_stream(a.device()).ptr();
        d["stream"] = st == 0 ? nb::int_(1) : nb::int_(st);  // 1: the legacy default stream
        d["version"] = 3;
        return d;
      });

  // --- views ---
  cls.def("reshape",
          [](Self self, nb::args args, nb::kwargs kw) {
            const NDArray& a = unwrap(self).a;
            nb::handle order = Py_None;
            std::optional<bool> copy_arg;
            for (auto [k, v] : kw) {
              std::string key = nb::cast<std::string>(k);
              if (key == "order") order = v;
              else if (key == "copy" && !v.is_none()) copy_arg = nb::cast<bool>(v);
              else if (key != "copy")
                throw TypeError("reshape() got an unexpected keyword argument '" + key + "'");
            }
            // NumPy converts the keywords first, counts the arguments, then refuses 'K'
            const OrderSpec spec = to_order_spec(order, 'C');
            if (args.size() == 0) throw TypeError("reshape() takes exactly 1 argument (0 given)");
            if (spec == OrderSpec::K) throw ValueError("order 'K' is not permitted for reshaping");
            const bool fortran = spec == OrderSpec::F ||
                                 (spec == OrderSpec::A && a.f_contiguous() && !a.c_contiguous());
            Dims shape = args.size() == 1 ? to_shape(args[0]) : to_shape(args);
            NDArray r = reshape(a, shape, fortran ? Order::F : Order::C, copy_arg);
            return r.memory() == a.memory() ? wrap(std::move(r), self) : wrap(std::move(r));
          })
      .def(
          "ravel",
          [](Self self, nb::handle order) {
            const NDArray& a = unwrap(self).a;
            NDArray r = ravel(a, to_order_spec(order, 'C'));
            return r.memory() == a.memory() ? wrap(std::move(r), self) : wrap(std::move(r));
          },
          nb::arg("order").none() = "C")
      .def(
          "flatten",
          [](const PyArray& s, nb::handle order) {
            // ravel's element order for every order NumPy takes (C, F, A, K), always a copy.
            NDArray r = ravel(s.a, to_order_spec(order, 'C'));
            if (r.memory() == s.a.memory()) r = copy(r, OrderSpec::C);
            return wrap(std::move(r));
          },
          nb::arg("order").none() = "C")
      .def("transpose",
           [](Self self, nb::args axes) {
             const NDArray& a = unwrap(self).a;
             if (axes.size() == 0 || (axes.size() == 1 && axes[0].is_none()))
               return wrap(a.transpose(), self);
             return wrap(a.transpose(axes.size() == 1 ? to_axes(axes[0]) : to_axes(axes)), self);
           })
      .def("swapaxes", [](Self self, int64_t a,
                          int64_t b) { return wrap(unwrap(self).a.swapaxes(a, b), self); })
      .def(
          "squeeze",
          [](Self self, nb::handle axis) {
            const NDArray& a = unwrap(self).a;
            // NumPy reads a single integer axis of a 0-d array as if the array had one
            // dimension, so 0 and -1 squeeze nothing (a tuple of them is still out of bounds).
            if (a.ndim() == 0 && !axis.is_none() && PyIndex_Check(axis.ptr()) &&
                !PyBool_Check(axis.ptr())) {
              const int64_t ax = axis_number(axis);
              if (ax == 0 || ax == -1) return wrap(a.squeeze(), self);
            }
            return wrap(axis.is_none() ? a.squeeze() : a.squeeze(to_axes(axis)), self);
          },
          nb::arg("axis").none() = nb::none())
      .def("_broadcast_to",
           [](Self self, nb::handle shape) {
             return wrap(unwrap(self).a.broadcast_to(to_shape(shape)), self);
           })
      .def("_moveaxis",
           [](Self self, nb::handle src, nb::handle dst) {
             return wrap(unwrap(self).a.moveaxis(to_axes(src), to_axes(dst)), self);
           })
      .def("_expand_dims",
           [](Self self, nb::handle axes) {
             return wrap(unwrap(self).a.expand_dims(to_axes(axes)), self);
           })
      .def(
          "diagonal",
          [](Self self, int64_t offset, int64_t axis1, int64_t axis2) {
            return wrap(unwrap(self).a.diagonal(offset, axis1, axis2), self);
          },
          nb::arg("offset").none() = 0, nb::arg("axis1").none() = 0, nb::arg("axis2").none() = 1)
      .def(
          "view",
          [](Self self, nb::handle dtype) {
            const NDArray& a = unwrap(self).a;
            return wrap(dtype.is_none() ? a : a.view_as(to_dtype(dtype)), self);
          },
          nb::arg("dtype").none() = nb::none());

  // --- copies ---
  cls.def(
         "copy",
         [](const PyArray& s, nb::handle order) {
           return wrap(copy(s.a, to_order_spec(order, 'C')));
         },
         nb::arg("order").none() = "C")
      .def("__copy__", [](const PyArray& s) { return wrap(copy(s.a, OrderSpec::K)); })
      .def(
          "__deepcopy__",
          [](const PyArray& s, nb::handle) { return wrap(copy(s.a, OrderSpec::K)); },
          nb::arg("memo").none())
      .def(
          "astype",
          [](Self self, nb::handle dtype, nb::handle order, nb::handle casting, nb::handle subok,
             nb::handle copy_arg, nb::handle device) -> nb::object {
            NDArray a = unwrap(self).a;
            // NumPy 2: copy=None (the array API's "only if needed") acts as copy=False;
            // anything else by its truth value.
            int truth = copy_arg.is_none() ? 0 : PyObject_IsTrue(copy_arg.ptr());
            if (truth < 0) throw nb::python_error();
            bool force_copy = truth == 1;
            Casting c = casting_from_string(nb::cast<std::string>(casting));
            DType to = to_dtype(dtype);
            int dev = to_device_id(device);
            if (dev >= 0 && dev != a.device()) {
              // The array API's astype(x, dtype, device=): the cast happens on the new device.
              DeviceGuard on(dev);
              NDArray moved = NDArray::empty(a.shape(), a.dtype(), Order::C, dev);
              copy_to(moved, a);
              return wrap(astype(moved, to, to_order_spec(order, 'K'), c, false));
            }
            NDArray r = astype(a, to, to_order_spec(order, 'K'), c, force_copy);
            if (r.memory() == a.memory() && r.data() == a.data() && r.dtype() == a.dtype())
              return nb::borrow(self);
            return wrap(std::move(r));
          },
          nb::arg("dtype").none(), nb::arg("order").none() = "K",
          nb::arg("casting").none() = "unsafe", nb::arg("subok").none() = nb::none(),
          nb::arg("copy").none() = true, nb::kw_only(), nb::arg("device").none() = nb::none())
      .def(
          "fill",
          [](const PyArray& s, nb::handle v) {
            if (is_array(v)) {
              const NDArray& src = unwrap(v).a;
              if (src.size() != 1) throw ValueError("input must be a scalar or a 0-d array");
              copy_to(s.a, src.ndim() ? *src.reshape_view(Dims{}, Order::C) : src);
              return;
            }
            fill(s.a, to_scalar(v, s.a.dtype()));
          },
          nb::arg("value"));

  // --- host transfers and scalars ---
  cls.def(
         "get",
         [](const PyArray& s, nb::handle stream, nb::handle order, nb::handle out,
            nb::handle blocking) -> nb::object {
           if (!out.is_none() && blocking.ptr() == Py_False && s.a.c_contiguous()) {
             if (uintptr_t host = pinned_host_array(out, s.a.shape(), s.a.dtype())) {
               StreamHandle h = stream.is_none() ? current_stream_handle(s.a.device())
                                                 : nb::cast<const Stream&>(stream).handle();
               copy_bytes(host, s.a.data(), static_cast<std::size_t>(s.a.nbytes()), s.a.device(), h,
                          false);
               return nb::borrow(out);
             }
           }
           return to_numpy(s.a, stream, order, out);
         },
         nb::arg("stream").none() = nb::none(), nb::arg("order").none() = "C",
         nb::arg("out").none() = nb::none(), nb::arg("blocking").none() = true)
      .def(
          "set",
          [](const PyArray& s, nb::handle arr, nb::handle stream) {
            Dims shape = to_shape(arr.attr("shape"));
            if (shape != s.a.shape())
              throw ValueError("Shape mismatch. Old shape: " + shape_str(s.a.shape()) +
                               ", new shape: " + shape_str(shape));
            DType dt = to_dtype(arr.attr("dtype"));
            if (dt != s.a.dtype())
              throw TypeError(std::string("Dtype mismatch. Old dtype: ") + name(s.a.dtype()) +
                              ", new dtype: " + name(dt));
            if (!stream.is_none() && s.a.c_contiguous()) {
              if (uintptr_t host = pinned_host_array(arr, s.a.shape(), s.a.dtype())) {
                copy_bytes(s.a.data(), host, static_cast<std::size_t>(s.a.nbytes()), s.a.device(),
                           nb::cast<const Stream&>(stream).handle(), false);
                return;
              }
            }
            Stream previous = current_stream(s.a.device());
            if (!stream.is_none()) set_current_stream(nb::cast<Stream&>(stream));
            try {
              DeviceGuard g(s.a.device());
              copy_to(s.a, upload(arr, nb::none()));
            } catch (...) {
              set_current_stream(previous);
              throw;
            }
            set_current_stream(previous);
          },
          nb::arg("arr"), nb::arg("stream").none() = nb::none())
      .def("item", [](const PyArray& s, nb::args args) { return item(s.a, args); })
      .def("tolist",
           [](const PyArray& s) {
             return to_numpy(s.a, nb::none(), nb::none(), nb::none()).attr("tolist")();
           })
      .def("__array__",
           [](nb::handle, nb::args, nb::kwargs) -> nb::object {
             throw TypeError("Implicit conversion to a NumPy array is not allowed. Please use "
                             "`.get()` to construct a NumPy array explicitly.");
           })
      .def("__bool__",
           [](const PyArray& s) {
             if (s.a.size() == 0)
               throw ValueError(
                   "The truth value of an empty array is ambiguous. Use `array.size > 0` "
                   "to check that an array is not empty.");
             if (s.a.size() > 1)
               throw ValueError("The truth value of an array with more than one element is "
                                "ambiguous. Use a.any() or a.all()");
             return read_element(s.a, 0).as_bool();
           })
      .def("__int__",
           [](const PyArray& s) {
             return nb::steal(PyNumber_Long(from_scalar(only_element(s.a)).ptr()));
           })
      .def("__float__",
           [](const PyArray& s) {
             nb::object v = from_scalar(only_element(s.a));
             PyObject* f = PyNumber_Float(v.ptr());
             if (!f) throw nb::python_error();
             return nb::steal(f);
           })
      .def("__complex__",
           [](const PyArray& s) {
             auto c = only_element(s.a).as_complex();
             return nb::steal(PyComplex_FromDoubles(c.real(), c.imag()));
           })
      .def("__index__",
           [](const PyArray& s) {
             if (s.a.ndim() != 0 || !is_integer(s.a.dtype()))
               throw TypeError("only integer scalar arrays can be converted to a scalar index");
             return from_scalar(read_element(s.a, 0));
           })
      .def("__len__", [](const PyArray& s) { return length(s.a); })
      .def("__iter__",
           [](Self self) {
             const NDArray& a = unwrap(self).a;
             if (a.ndim() == 0) throw TypeError("iteration over a 0-d array");
             nb::list rows;
             for (int64_t i = 0; i < a.shape()[0]; ++i)
               rows.append(wrap(a.index({IndexItem::integer(i)}), self));
             return nb::iter(rows);
           })
      .def(
          "__getitem__",
          [](Self self, nb::handle key) -> nb::object {
            if (obviously_advanced(key)) return advanced_getitem(self, key);
            try {
              return wrap(unwrap(self).a.index(to_index(key)), self);
            } catch (const AdvancedKey&) {
              return advanced_getitem(self, key);
            }
          },
          nb::arg("key").none())
      .def(
          "__setitem__",
          [](Self self, nb::handle key, nb::handle value) {
            if (obviously_advanced(key)) return advanced_setitem(self, key, value);
            try {
              assign(unwrap(self).a.index(to_index(key)), value);
            } catch (const AdvancedKey&) {
              advanced_setitem(self, key, value);
            }
          },
          nb::arg("key").none(), nb::arg("value").none())
      .def("__repr__",
           [](const PyArray& s) {
             return nb::repr(to_numpy(s.a, nb::none(), nb::none(), nb::none()));
           })
      .def("__str__", [](const PyArray& s) {
        return nb::str(to_numpy(s.a, nb::none(), nb::none(), nb::none()));
      });
  bind_operators(cls);
  cls.attr("__hash__") = nb::none();
  // Above NumPy's 0.0, as CuPy's: mixed operations defer to the device array, and libraries
  // that pick the "leading" array by priority (Dask's tensordot) pick it.
  cls.attr("__array_priority__") = 100.0;
}

}  // namespace cunp::py
