// src/python/interop.cpp -- bindings of DLPack (capsules, __dlpack__, import), the CUDA Array
// Interface import, and the CUDA stream protocol on cunp.cuda.Stream.
#include "interop.hpp"

#include <Python.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "cunp/array/dlpack.hpp"
#include "cunp/runtime/config.hpp"
#include "cunp/runtime/device.hpp"

namespace cunp::py {
namespace {

namespace dl = cunp::dlpack;

// Capsule names from the DLPack Python specification; a consumer renames the capsule to the
// "used_" name so that no second consumer (nor the capsule's destructor) frees it again.
constexpr const char* kVersionedName = "dltensor_versioned";
constexpr const char* kLegacyName = "dltensor";
constexpr const char* kUsedVersionedName = "used_dltensor_versioned";
constexpr const char* kUsedLegacyName = "used_dltensor";

[[noreturn]] void raise(PyObject* type, const std::string& msg) {
  PyErr_SetString(type, msg.c_str());
  throw nb::python_error();
}

bool python_alive() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsInitialized() && !Py_IsFinalizing();
#else
  return Py_IsInitialized() && !_Py_IsFinalizing();
#endif
}

// Memory is released wherever its last view drops, with or without the GIL; producers'
// deleters and Py_DECREF need it. After interpreter shutdown the producer is gone anyway.
template <class F> void with_gil(F&& fn) {
  if (!python_alive()) return;
  PyGILState_STATE state = PyGILState_Ensure();
  PyObject *type, *value, *tb;
  PyErr_Fetch(&type, &value, &tb);  // a deleter must not see (or clear) a pending error
  fn();
  PyErr_Restore(type, value, tb);
  PyGILState_Release(state);
}

nb::object optional_attr(nb::handle obj, const char* attr) {
  PyObject* r = PyObject_GetAttrString(obj.ptr(), attr);
  if (!r) {
    if (!PyErr_ExceptionMatches(PyExc_AttributeError)) throw nb::python_error();
    PyErr_Clear();
    return nb::object();
  }
  return nb::steal(r);
}

std::string type_of(nb::handle h) { return nb::cast<std::string>(nb::type_name(h.type())); }

bool is_true(nb::handle h) { return !h.is_none() && PyObject_IsTrue(h.ptr()) == 1; }
bool is_false(nb::handle h) { return !h.is_none() && PyObject_IsTrue(h.ptr()) == 0; }

void check_device_id(int device) {
  if (device < 0 || device >= kMaxDevices)
    throw ValueError("invalid CUDA device id " + std::to_string(device));
}

// The stream `device`'s current stream as the protocols spell it: 1 for the legacy default
// stream (0 is ambiguous and forbidden), 2 for the per-thread default stream, else the handle.
uintptr_t stream_code(int device) {
  uintptr_t p = current_stream(device).ptr();
  return p == 0 ? 1 : p;
}

StreamHandle handle_of_code(uintptr_t code) {
  return code == 1 ? legacy_stream() : reinterpret_cast<StreamHandle>(code);
}

// A stream handle as a protocol passed it: a non-negative Python int (or -1 where allowed).
long long to_stream_code(nb::handle h, const char* what) {
  if (!PyLong_Check(h.ptr()) || PyBool_Check(h.ptr()))
    raise(PyExc_TypeError, std::string(what) + " must be an integer or None, not " + type_of(h));
  long long v = PyLong_AsLongLong(h.ptr());
  if (v == -1 && PyErr_Occurred()) throw nb::python_error();
  return v;
}

// Work queued on `producer` (on `device`) happens before work later queued on `consumer`.
void order_streams(StreamHandle producer, StreamHandle consumer, int device, int consumer_device) {
  if (producer == consumer && device == consumer_device) return;
  Event e = Event::create(false, /*disable_timing=*/true, false, device);
  e.record(Stream::external(producer, device));
  Stream::external(consumer, consumer_device).wait_event(e.handle());
}

// --- export ---

void destroy_versioned_capsule(PyObject* cap) {
  // A renamed ("used_") capsule belongs to its consumer; an unused one still owns its tensor.
  PyObject *type, *value, *tb;
  PyErr_Fetch(&type, &value, &tb);  // may run during unwinding: keep the pending error
  if (PyCapsule_IsValid(cap, kVersionedName)) {
    auto* m = static_cast<dl::DLManagedTensorVersioned*>(PyCapsule_GetPointer(cap, kVersionedName));
    if (m && m->deleter) m->deleter(m);
  }
  PyErr_Restore(type, value, tb);
}

void destroy_legacy_capsule(PyObject* cap) {
  PyObject *type, *value, *tb;
  PyErr_Fetch(&type, &value, &tb);  // may run during unwinding: keep the pending error
  if (PyCapsule_IsValid(cap, kLegacyName)) {
    auto* m = static_cast<dl::DLManagedTensor*>(PyCapsule_GetPointer(cap, kLegacyName));
    if (m && m->deleter) m->deleter(m);
  }
  PyErr_Restore(type, value, tb);
}

nb::object versioned_capsule(const NDArray& a, uint64_t flags) {
  dl::DLManagedTensorVersioned* m = dl::export_versioned(a, flags);
  PyObject* cap = PyCapsule_New(m, kVersionedName, &destroy_versioned_capsule);
  if (!cap) {
    m->deleter(m);
    throw nb::python_error();
  }
  return nb::steal(cap);
}

nb::object legacy_capsule(const NDArray& a) {
  dl::DLManagedTensor* m = dl::export_legacy(a);
  PyObject* cap = PyCapsule_New(m, kLegacyName, &destroy_legacy_capsule);
  if (!cap) {
    m->deleter(m);
    throw nb::python_error();
  }
  return nb::steal(cap);
}

// ndarray.__dlpack__ as the array API standard specifies it.
nb::object dlpack(nb::handle self, nb::handle stream, nb::handle max_version, nb::handle dl_device,
                  nb::handle copy_arg) {
  NDArray a = unwrap(self).a;
  int dev = a.device();
  if (!dl_device.is_none()) {
    auto t = nb::cast<nb::tuple>(dl_device);
    if (t.size() != 2)
      raise(PyExc_ValueError, "dl_device must be a (device_type, device_id) tuple");
    int type = nb::cast<int>(t[0]), id = nb::cast<int>(t[1]);
    if (type == dl::kDLCPU) {
      // Export to the host: a copy NumPy owns, handed over through NumPy's own exporter.
      if (!copy_arg.is_none() && !nb::cast<bool>(copy_arg))
        raise(PyExc_BufferError, "the array is in GPU memory: exporting it to the CPU needs a "
                                 "copy, which copy=False forbids");
      nb::object host = self.attr("get")();
      bool versioned_host = !max_version.is_none() &&
                            nb::cast<long long>(nb::cast<nb::tuple>(max_version)[0]) >= 1;
      nb::dict kw;
      if (!max_version.is_none()) kw["max_version"] = max_version;
      if (versioned_host) kw["copy"] = true;  // so the capsule carries the "copied" flag
      PyObject* r = PyObject_Call(host.attr("__dlpack__").ptr(), nb::tuple().ptr(), kw.ptr());
      if (!r) throw nb::python_error();
      return nb::steal(r);
    }
    if (type != dl::kDLCUDA || id != dev)
      raise(PyExc_BufferError, "cunp can export this array only to its own device (" +
                                   std::to_string(dl::kDLCUDA) + ", " + std::to_string(dev) +
                                   "), not (" + std::to_string(type) + ", " + std::to_string(id) +
                                   ")");
  }
  bool versioned = false;
  if (!max_version.is_none()) {
    auto t = nb::cast<nb::tuple>(max_version);
    if (t.size() < 1) raise(PyExc_ValueError, "max_version must be a (major, minor) tuple");
    versioned = nb::cast<long long>(t[0]) >= 1;
  }
  // stream: None means the legacy default stream for CUDA; -1 asks for no synchronization.
  long long code = stream.is_none() ? 1 : to_stream_code(stream, "stream");
  if (code == 0)
    raise(PyExc_ValueError, "stream=0 is ambiguous for CUDA and not allowed by DLPack; use 1 for "
                            "the legacy default stream or 2 for the per-thread default stream");
  if (code < -1) raise(PyExc_ValueError, "invalid stream " + std::to_string(code));
  if (is_true(copy_arg)) {
    DeviceGuard g(dev);
    a = copy(a, OrderSpec::K);
  }
  if (code != -1) {
    DeviceGuard g(dev);
    order_streams(current_stream(dev).handle(), handle_of_code(static_cast<uintptr_t>(code)), dev,
                  dev);
  }
  // A legacy capsule cannot flag a copy; handing one over is still correct.
  if (!versioned) return legacy_capsule(a);
  return versioned_capsule(a, is_true(copy_arg) ? dl::kFlagIsCopied : 0);
}

// --- import ---

struct Imported {
  NDArray a;
  bool readonly = false;
};

// Views a capsule's tensor and marks the capsule used. Nothing is consumed on an exception.
Imported view_capsule(nb::handle cap) {
  if (!PyCapsule_CheckExact(cap.ptr()))
    raise(PyExc_TypeError, "expected a DLPack capsule, got " + type_of(cap));
  const char* raw = PyCapsule_GetName(cap.ptr());
  std::string name = raw ? raw : "";
  if (name == kUsedVersionedName || name == kUsedLegacyName)
    raise(PyExc_ValueError, "A DLPack tensor object cannot be consumed multiple times");
  Imported im;
  if (name == kVersionedName) {
    auto* m = static_cast<dl::DLManagedTensorVersioned*>(
        PyCapsule_GetPointer(cap.ptr(), kVersionedName));
    if (!m) throw nb::python_error();
    if (m->version.major != dl::kMajorVersion)
      raise(PyExc_BufferError, "unsupported DLPack version " + std::to_string(m->version.major) +
                                   "." + std::to_string(m->version.minor) + " (cunp reads 1.x)");
    im.readonly = (m->flags & dl::kFlagReadOnly) != 0;
    im.a = dl::view_tensor(m->dl_tensor, [m] {
      with_gil([m] {
        if (m->deleter) m->deleter(m);
      });
    });
    PyCapsule_SetName(cap.ptr(), kUsedVersionedName);
  } else if (name == kLegacyName) {
    auto* m = static_cast<dl::DLManagedTensor*>(PyCapsule_GetPointer(cap.ptr(), kLegacyName));
    if (!m) throw nb::python_error();
    im.a = dl::view_tensor(m->dl_tensor, [m] {
      with_gil([m] {
        if (m->deleter) m->deleter(m);
      });
    });
    PyCapsule_SetName(cap.ptr(), kUsedLegacyName);
  } else {
    raise(PyExc_ValueError,
          "expected a DLPack capsule named 'dltensor' or 'dltensor_versioned', got '" + name + "'");
  }
  return im;
}

// A private copy of an imported view; the view (and so the producer's memory) is held until the
// copy has run, since the producer may reuse its memory as soon as we let go.
NDArray copy_of_import(const NDArray& a) {
  DeviceGuard g(a.device());
  NDArray c = copy(a, OrderSpec::K);
  nb::gil_scoped_release unlocked;
  current_stream(a.device()).synchronize();
  return c;
}

// copy=None/True/False applied to an imported view; `base` becomes the view's base.
nb::object finish_import(Imported im, nb::handle base, nb::handle copy_arg) {
  if (im.readonly && is_false(copy_arg))
    raise(PyExc_BufferError, "the tensor is read-only and cunp arrays are always writable, so it "
                             "cannot be imported without a copy (pass copy=None or copy=True)");
  if (im.readonly || is_true(copy_arg)) return wrap(copy_of_import(im.a));
  return nb::cast(PyArray{std::move(im.a), nb::borrow(base)}, nb::rv_policy::move);
}

// Asks a CUDA producer on `device` for a capsule ordered before our current stream there.
nb::object request_capsule(nb::handle obj, int device) {
  check_device_id(device);
  nb::object fn = obj.attr("__dlpack__");
  nb::object code = nb::int_(stream_code(device));
  nb::dict kw;
  kw["stream"] = code;
  kw["max_version"] = nb::make_tuple(dl::kMajorVersion, dl::kMinorVersion);
  nb::tuple no_args;
  // The stream belongs to `device`, and PyTorch checks that its current device is the tensor's.
  ContextScope on(device);
  PyObject* r = PyObject_Call(fn.ptr(), no_args.ptr(), kw.ptr());
  if (r) return nb::steal(r);
  if (!PyErr_ExceptionMatches(PyExc_TypeError)) throw nb::python_error();
  PyErr_Clear();  // a pre-1.0 producer: no max_version keyword, legacy capsule
  nb::dict legacy_kw;
  legacy_kw["stream"] = code;
  r = PyObject_Call(fn.ptr(), no_args.ptr(), legacy_kw.ptr());
  if (!r) throw nb::python_error();
  return nb::steal(r);
}

// (device_type, device_id) from __dlpack_device__.
std::pair<int, int> dlpack_device_of(nb::handle fn_result) {
  nb::tuple t = nb::cast<nb::tuple>(fn_result);
  if (t.size() != 2)
    raise(PyExc_ValueError, "__dlpack_device__ must return a (device_type, device_id) tuple");
  return {nb::cast<int>(t[0]), nb::cast<int>(t[1])};
}

bool cai_sync_enabled() { return config().cuda_array_interface_sync; }

nb::handle dict_item(nb::handle d, const char* key) { return PyDict_GetItemString(d.ptr(), key); }

// A view of memory described by a __cuda_array_interface__ dict (versions 0 to 3).
Imported view_cai(nb::handle obj, nb::handle iface) {
  if (!PyDict_Check(iface.ptr()))
    raise(PyExc_TypeError, "__cuda_array_interface__ must be a dict, not " + type_of(iface));
  auto required = [&](const char* key) {
    nb::handle h = dict_item(iface, key);
    if (!h.is_valid())
      raise(PyExc_KeyError, std::string("__cuda_array_interface__ has no '") + key + "'");
    return h;
  };
  int version = nb::cast<int>(required("version"));
  if (version < 0 || version > 3)
    raise(PyExc_ValueError,
          "unsupported __cuda_array_interface__ version " + std::to_string(version));
  Dims shape = to_shape(required("shape"));
  std::string ts = nb::cast<std::string>(required("typestr"));
  if (!ts.empty() && ts[0] == '>') {
    // Byte order means nothing for one-byte types; anything wider would be read wrongly.
    if (ts.back() != '1')
      raise(PyExc_ValueError, "big-endian data (typestr '" + ts + "') cannot be viewed by cunp");
    ts[0] = '|';
  }
  DType dt = dtype_from_string(ts);
  nb::handle data = required("data");
  if (!PyTuple_Check(data.ptr()) || PyTuple_Size(data.ptr()) != 2)
    raise(PyExc_TypeError, "__cuda_array_interface__['data'] must be a (pointer, readonly) tuple");
  uintptr_t ptr = nb::cast<uintptr_t>(nb::borrow<nb::tuple>(data)[0]);
  Imported im;
  im.readonly = is_true(nb::borrow<nb::tuple>(data)[1]);
  nb::handle mask = dict_item(iface, "mask");
  if (mask.is_valid() && !mask.is_none())
    raise(PyExc_NotImplementedError,
          "masked arrays (__cuda_array_interface__['mask']) are not supported");
  int isz = itemsize(dt);
  std::vector<int64_t> shape_v(shape.begin(), shape.end()), strides_v;
  nb::handle strides = dict_item(iface, "strides");
  if (strides.is_valid() && !strides.is_none()) {
    Dims st = to_shape(strides);
    if (st.size() != shape.size())
      raise(PyExc_ValueError, "__cuda_array_interface__ strides and shape differ in length");
    for (int64_t s : st) {
      if (s % isz != 0)
        raise(PyExc_ValueError,
              "__cuda_array_interface__ strides must be multiples of the itemsize");
      strides_v.push_back(s / isz);
    }
  }
  int64_t size = shape.product();
  int device = ptr && size ? pointer_device(ptr) : current_device();
  nb::handle stream = version >= 3 ? dict_item(iface, "stream") : nb::handle();
  if (stream.is_valid() && !stream.is_none()) {
    long long code = to_stream_code(stream, "__cuda_array_interface__['stream']");
    if (code == 0)
      raise(PyExc_ValueError, "__cuda_array_interface__['stream'] is 0, which the protocol forbids "
                              "(1 is the legacy default stream, 2 the per-thread one)");
    if (code < 0)
      raise(PyExc_ValueError, "invalid __cuda_array_interface__ stream " + std::to_string(code));
    // The consumer side of the protocol: our current stream waits for the producer's work.
    if (cai_sync_enabled() && size) {
      int here = current_device();
      order_streams(handle_of_code(static_cast<uintptr_t>(code)), current_stream(here).handle(),
                    device, here);
    }
  }
  dl::DLTensor t{reinterpret_cast<void*>(ptr),
                 {dl::kDLCUDA, device},
                 static_cast<int32_t>(shape_v.size()),
                 dl::to_dl_dtype(dt),
                 shape_v.data(),
                 strides_v.empty() ? nullptr : strides_v.data(),
                 0};
  PyObject* owner = obj.ptr();
  Py_INCREF(owner);  // the memory keeps the producer alive, whoever holds the view
  try {
    im.a = dl::view_tensor(t, [owner] { with_gil([owner] { Py_DECREF(owner); }); });
  } catch (...) {
    Py_DECREF(owner);
    throw;
  }
  return im;
}

nb::object from_capsule(nb::handle cap, nb::handle copy_arg) {
  return finish_import(view_capsule(cap), cap, copy_arg);
}

// from_dlpack's work for a CUDA producer on `device`.
nb::object from_cuda_producer(nb::handle obj, int device, nb::handle copy_arg) {
  nb::object cap = request_capsule(obj, device);
  return finish_import(view_capsule(cap), obj, copy_arg);
}

nb::object from_cai(nb::handle obj, nb::handle copy_arg) {
  nb::object iface = optional_attr(obj, "__cuda_array_interface__");
  if (!iface.is_valid())
    raise(PyExc_TypeError, type_of(obj) + " does not expose __cuda_array_interface__");
  return finish_import(view_cai(obj, iface), obj, copy_arg);
}

}  // namespace

nb::object import_device_object(nb::handle obj, bool* readonly) {
  PyObject* p = obj.ptr();
  if (PyList_Check(p) || PyTuple_Check(p) || is_python_scalar(obj) || PyUnicode_Check(p) ||
      is_array(obj))
    return nb::object();
  Imported im;
  if (nb::object iface = optional_attr(obj, "__cuda_array_interface__"); iface.is_valid()) {
    im = view_cai(obj, iface);
  } else {
    nb::object dev_fn = optional_attr(obj, "__dlpack_device__");
    if (!dev_fn.is_valid() || !optional_attr(obj, "__dlpack__").is_valid()) return nb::object();
    auto [type, id] = dlpack_device_of(dev_fn());
    if (type != dl::kDLCUDA && type != dl::kDLCUDAManaged)
      return nb::object();  // host data: uploaded
    nb::object cap = request_capsule(obj, id);
    im = view_capsule(cap);
  }
  if (readonly) *readonly = im.readonly;
  return nb::cast(PyArray{std::move(im.a), nb::borrow(obj)}, nb::rv_policy::move);
}

void bind_interop(nb::module_& m) {
  nb::module_ sub = m.def_submodule("interop", "DLPack and __cuda_array_interface__ exchange");
  nb::handle array_type = nb::type<PyArray>();
  array_type.attr("__dlpack__") = nb::cpp_function(&dlpack, nb::is_method(), nb::kw_only(),
                                                   nb::arg("stream").none() = nb::none(),
                                                   nb::arg("max_version").none() = nb::none(),
                                                   nb::arg("dl_device").none() = nb::none(),
                                                   nb::arg("copy").none() = nb::none());
  array_type.attr("__dlpack_device__") = nb::cpp_function(
      [](nb::handle self) { return nb::make_tuple(int(dl::kDLCUDA), unwrap(self).a.device()); },
      nb::is_method());
  // CuPy's legacy spelling: a "dltensor" capsule, no stream ordering.
  array_type.attr("toDlpack") = nb::cpp_function(
      [](nb::handle self) { return legacy_capsule(unwrap(self).a); }, nb::is_method());

  sub.def("from_dlpack_capsule", &from_capsule, nb::arg("capsule"),
          nb::arg("copy").none() = nb::none());
  sub.def("from_dlpack_device", &from_cuda_producer, nb::arg("obj"), nb::arg("device"),
          nb::arg("copy").none() = nb::none());
  sub.def("from_cuda_array_interface", &from_cai, nb::arg("obj"),
          nb::arg("copy").none() = nb::none());
  sub.def(
      "stream_code",
      [](nb::handle device) {
        int d = device.is_none() ? current_device() : nb::cast<int>(device);
        check_device_id(d);
        return stream_code(d);
      },
      nb::arg("device").none() = nb::none());

  // The CUDA stream protocol: (version, handle).
  nb::handle stream_type = nb::type<Stream>();
  stream_type.attr("__cuda_stream__") = nb::cpp_function(
      [](const Stream& s) { return nb::make_tuple(0, s.ptr()); }, nb::is_method());
}

}  // namespace cunp::py
