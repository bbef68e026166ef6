// src/python/raw_kernel.cpp -- bindings of RawKernel, RawModule and CUDA graphs (with the
// capture methods of Stream). Kernel arguments are marshalled here, in C++, with no Python frame.
#include <Python.h>

#include <algorithm>
#include <array>
#include <complex>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "common.hpp"
#include "kernel_args.hpp"
#include "cunp/jit/raw_module.hpp"
#include "cunp/runtime/graph.hpp"

namespace cunp::py {

void bind_fusion(nb::module_& m);    // src/python/fusion.cpp
void bind_profiler(nb::module_& m);  // src/python/profiler.cpp

namespace {

std::string arg_type_repr(nb::handle h) { return nb::cast<std::string>(nb::repr(h.type())); }

std::vector<std::string> to_strings(nb::handle h, const char* what) {
  std::vector<std::string> out;
  if (h.is_none()) return out;
  if (nb::isinstance<nb::str>(h)) return {nb::cast<std::string>(h)};
  for (nb::handle o : nb::iter(h)) {
    if (!nb::isinstance<nb::str>(o))
      throw TypeError(std::string(what) + " must be a sequence of str, not one holding " +
                      arg_type_repr(o));
    out.push_back(nb::cast<std::string>(o));
  }
  return out;
}

RawBuildOptions build_options(const std::string& backend, bool translate_cucomplex, bool jitify) {
  RawBuildOptions b;
  if (backend == "nvcc") b.backend = RawBuildOptions::Backend::Nvcc;
  else if (backend != "nvrtc")
    throw ValueError("Invalid backend " + backend + " (expected 'nvrtc' or 'nvcc')");
  b.translate_cucomplex = translate_cucomplex;
  b.jitify = jitify;
  return b;
}

// The whole user-source pipeline (translate_cucomplex, jitify shims, NVRTC or nvcc) for
// sm_<arch>, without loading: works with no GPU.
CompileResult compile_user_source(std::string source, std::vector<std::string> options,
                                  std::vector<std::string> name_expressions, int arch,
                                  const std::string& backend, bool translate_cucomplex,
                                  bool jitify) {
  auto mod = RawModule::from_source(std::move(source), std::move(options),
                                    std::move(name_expressions),
                                    build_options(backend, translate_cucomplex, jitify));
  nb::gil_scoped_release unlocked;
  return mod->compile_for(arch);
}

// One grid/block extent; exact ints (the common case) skip __index__.
unsigned dim_value(PyObject* v, const char* what) {
  long long x;
  if (PyLong_CheckExact(v)) {
    x = PyLong_AsLongLong(v);
  } else {
    PyObject* i = PyNumber_Index(v);
    if (!i) {
      PyErr_Clear();
      throw TypeError(std::string(what) + " must be an int or a tuple of ints, not " +
                      arg_type_repr(nb::handle(v)));
    }
    x = PyLong_AsLongLong(i);
    Py_DECREF(i);
  }
  if (x == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    x = -1;
  }
  if (x <= 0 || x > 0xffffffffLL)
    throw ValueError(std::string(what) + " dimensions must be positive 32-bit integers, got " +
                     nb::cast<std::string>(nb::repr(nb::handle(v))));
  return static_cast<unsigned>(x);
}

// grid= / block=: an int or a tuple (or list) of up to three ints.
void to_dim3(nb::handle h, unsigned out[3], const char* what) {
  out[0] = out[1] = out[2] = 1;
  PyObject* o = h.ptr();
  if (PyTuple_Check(o) || PyList_Check(o)) {
    Py_ssize_t n = PySequence_Fast_GET_SIZE(o);
    if (n < 1 || n > 3)
      throw ValueError(std::string(what) + " must have 1 to 3 dimensions, got " +
                       std::to_string(n));
    PyObject** items = PySequence_Fast_ITEMS(o);
    for (Py_ssize_t k = 0; k < n; ++k) out[k] = dim_value(items[k], what);
  } else {
    out[0] = dim_value(o, what);
  }
}

bool is_numpy_generic(nb::handle h) {
  if (!PyObject_HasAttrString(h.ptr(), "dtype")) return false;
  static nb::object generic = numpy().attr("generic");
  return PyObject_IsInstance(h.ptr(), generic.ptr()) == 1;
}

// The storage of one kernel argument: its bytes inline, or a NumPy scalar's buffer.
struct ArgSlot {
  alignas(16) unsigned char bytes[16];
};

// NumPy scalars of the numeric types hold their value right after the object header (NumPy's
// PyArrayScalar_VAL layout), so it is copied from there, not through the buffer protocol (about
// 0.4 us less per argument). Each type is checked once against tobytes() on a sample value and
// left to the buffer protocol if it disagrees.
struct NumpyScalarType {
  PyTypeObject* type;
  std::size_t size;
};

const std::vector<NumpyScalarType>& numpy_scalar_types() {
  static const std::vector<NumpyScalarType> table = [] {
    std::vector<NumpyScalarType> t;
    nb::object dtype;
    try {
      dtype = numpy().attr("dtype");
    } catch (const std::exception&) {
      PyErr_Clear();
      return t;
    }
    const nb::object complex_sample = nb::steal(PyComplex_FromDoubles(1.5, -2.5));
    for (const char* c :
         {"?", "b", "B", "h", "H", "i", "I", "l", "L", "q", "Q", "e", "f", "d", "F", "D"}) {
      try {
        nb::object type = dtype(c).attr("type");
        const char kind = c[0];
        nb::object sample = kind == '?'                                   ? type(true)
                            : (kind == 'F' || kind == 'D')                ? type(complex_sample)
                            : (kind == 'e' || kind == 'f' || kind == 'd') ? type(1.5)
                                                                          : type(90);
        nb::bytes b = nb::borrow<nb::bytes>(sample.attr("tobytes")());
        const char* value = reinterpret_cast<const char*>(sample.ptr()) + sizeof(PyObject);
        if (b.size() <= sizeof(ArgSlot) && std::memcmp(value, b.c_str(), b.size()) == 0)
          t.push_back({reinterpret_cast<PyTypeObject*>(type.ptr()), b.size()});
      } catch (const std::exception&) {
        PyErr_Clear();  // that type keeps the buffer protocol
      }
    }
    return t;
  }();
  return table;
}

// Marshals `args` into `params` (one pointer per kernel parameter), CuPy's rules: cunp arrays and
// MemoryPointers as device pointers, None as a null pointer, bool/int/float/complex as
// bool/int64/float64/complex128 (a float to a 4-byte parameter as float32, so it is not garbled),
// NumPy scalars by value with their own width.
class Marshal {
 public:
  Marshal(nb::handle args, const RawFunction& f) {
    PyObject* seq = args.ptr();
    if (!PyTuple_Check(seq) && !PyList_Check(seq))
      throw TypeError("args must be a tuple of kernel arguments, not " + arg_type_repr(args));
    n_ = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(seq));
    if (f.num_params >= 0 && n_ != static_cast<std::size_t>(f.num_params))
      throw TypeError("the kernel takes " + std::to_string(f.num_params) + " argument" +
                      (f.num_params == 1 ? "" : "s") + " but " + std::to_string(n_) +
                      (n_ == 1 ? " was" : " were") + " given");
    if (n_ > kInline) {
      heap_slots_.resize(n_);
      heap_params_.resize(n_);
    }
    ArgSlot* slots = n_ > kInline ? heap_slots_.data() : inline_slots_;
    params_ = n_ > kInline ? heap_params_.data() : inline_params_;
    PyObject** items = PySequence_Fast_ITEMS(seq);
    for (std::size_t k = 0; k < n_; ++k) {
      int psize = f.num_params >= 0 ? f.param_sizes[k] : -1;
      params_[k] = convert(nb::handle(items[k]), k, psize, slots[k]);
    }
  }
  ~Marshal() {
    for (Py_buffer& b : buffers_) PyBuffer_Release(&b);
  }
  Marshal(const Marshal&) = delete;
  Marshal& operator=(const Marshal&) = delete;

  void** params() { return params_; }

 private:
  static constexpr std::size_t kInline = 32;

  [[noreturn]] static void bad(std::size_t k, const std::string& why) {
    throw TypeError(why + " (kernel argument " + std::to_string(k) + ")");
  }

  static void check_size(std::size_t k, int psize, std::size_t have, const char* what) {
    if (psize >= 0 && have < static_cast<std::size_t>(psize))
      bad(k, std::string(what) + " of " + std::to_string(have) +
                 " bytes was passed where the "
                 "kernel's parameter takes " +
                 std::to_string(psize) + " bytes");
  }

  template <class Store>
  static void* array_pointer(nb::handle h, std::size_t k, int psize, Store& store) {
    check_size(k, psize, 8, "an array (a pointer)");
    uintptr_t p = unwrap(h).a.data();
    return store(&p, sizeof p);
  }

  // The bytes of a NumPy scalar or one-element array, by value: copied into the slot when they
  // fit, else read from the buffer, which stays held until the launch is done.
  void* host_bytes(nb::handle h, std::size_t k, int psize, ArgSlot& slot, const char* what) {
    Py_buffer view;
    if (PyObject_GetBuffer(h.ptr(), &view, PyBUF_SIMPLE) != 0) {
      PyErr_Clear();
      bad(k, "Unsupported type " + arg_type_repr(h));
    }
    buffers_.push_back(view);
    check_size(k, psize, static_cast<std::size_t>(view.len), what);
    if (static_cast<std::size_t>(view.len) <= sizeof slot.bytes) {
      std::memcpy(slot.bytes, view.buf, static_cast<std::size_t>(view.len));
      return slot.bytes;
    }
    return view.buf;
  }

  void* convert(nb::handle h, std::size_t k, int psize, ArgSlot& slot) {
    PyObject* o = h.ptr();
    auto store = [&](const void* p, std::size_t n) {
      std::memcpy(slot.bytes, p, n);
      return static_cast<void*>(slot.bytes);
    };
    // cunp.ndarray by its exact type first: no lookup in nanobind's type registry per argument.
    static PyTypeObject* const array_type = reinterpret_cast<PyTypeObject*>(
        nb::type<PyArray>().ptr());
    if (Py_TYPE(o) == array_type) return array_pointer(h, k, psize, store);
    if (PyBool_Check(o)) {
      bool b = o == Py_True;
      return store(&b, 1);
    }
    if (PyLong_CheckExact(o)) {
      int overflow = 0;
      long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
      if (overflow) {
        // Beyond int64: an unsigned 64-bit value still fits the parameter's bytes.
        unsigned long long u = PyLong_AsUnsignedLongLong(o);
        if (PyErr_Occurred()) {
          PyErr_Clear();
          throw OverflowError("Python int too large to convert to a kernel argument (kernel "
                              "argument " +
                              std::to_string(k) + ")");
        }
        return store(&u, 8);
      }
      return store(&v, 8);
    }
    if (PyFloat_CheckExact(o)) {
      double d = PyFloat_AS_DOUBLE(o);
      if (psize == 4) {
        float f = static_cast<float>(d);
        return store(&f, 4);
      }
      return store(&d, 8);
    }
    if (PyComplex_CheckExact(o)) {
      std::complex<double> c(PyComplex_RealAsDouble(o), PyComplex_ImagAsDouble(o));
      if (psize ==
          8) {  // a complex64 parameter (cuFloatComplex, complex<float>): as the float rule
        std::complex<float> cf(static_cast<float>(c.real()), static_cast<float>(c.imag()));
        return store(&cf, 8);
      }
      check_size(k, psize, 16, "a complex");
      return store(&c, 16);
    }
    if (o == Py_None) {
      void* p = nullptr;
      return store(&p, sizeof p);
    }
    const char* tp = Py_TYPE(o)->tp_name;
    if (std::strncmp(tp, "numpy.", 6) == 0)  // (no numpy import for other types)
      for (const NumpyScalarType& t : numpy_scalar_types())
        if (Py_TYPE(o) == t.type) {
          // (the message is built only when the size is short)
          if (psize >= 0 && t.size < static_cast<std::size_t>(psize))
            check_size(k, psize, t.size, (std::string("a ") + tp + " scalar").c_str());
          return store(reinterpret_cast<const char*>(o) + sizeof(PyObject), t.size);
        }
    // The type-registry lookups last: subclasses of cunp.ndarray, MemoryPointer.
    if (is_array(h)) return array_pointer(h, k, psize, store);
    if (nb::isinstance<PyMemoryPointer>(h)) {
      uintptr_t p = nb::cast<const PyMemoryPointer&>(h).ptr;
      return store(&p, sizeof p);
    }
    if (std::strcmp(tp, "numpy.ndarray") == 0) {
      // A one-element structured array (arr.view(struct_dtype)) is a struct passed by value.
      nb::object dt = h.attr("dtype");
      if (dt.attr("names").is_none() || nb::cast<int64_t>(h.attr("size")) != 1)
        bad(k, "numpy.ndarray is not supported for a kernel argument (only a one-element "
               "structured array, passed by value); use cunp.asarray");
      struct_alignment(dt, "kernel argument " + std::to_string(k));
      return host_bytes(h, k, psize, slot, "a structured numpy.ndarray");
    }
    if (is_numpy_generic(h)) {
      nb::object dt = h.attr("dtype");
      char kind = nb::cast<std::string>(dt.attr("kind"))[0];
      if (kind == 'O' || kind == 'S' || kind == 'U')
        bad(k, "Unsupported type " + arg_type_repr(h) +
                   " (strings and objects cannot be kernel arguments)");
      if (!dt.attr("names").is_none()) struct_alignment(dt, "kernel argument " + std::to_string(k));
      return host_bytes(h, k, psize, slot, (std::string("a ") + tp + " scalar").c_str());
    }
    // Subclasses of the Python number types (not NumPy's): by their Python value.
    if (PyLong_Check(o)) {
      long long v = PyLong_AsLongLong(o);
      if (v == -1 && PyErr_Occurred()) throw nb::python_error();
      return store(&v, 8);
    }
    if (PyFloat_Check(o)) {
      double d = PyFloat_AsDouble(o);
      return store(&d, 8);
    }
    // Texture and surface objects (cunp.cuda.texture) and other handles whose integer is their
    // CUDA value: __index__ gives the 64-bit cudaTextureObject_t / cudaSurfaceObject_t.
    if (PyIndex_Check(o)) {
      PyObject* i = PyNumber_Index(o);
      if (!i) throw nb::python_error();
      unsigned long long v = PyLong_AsUnsignedLongLongMask(i);
      Py_DECREF(i);
      if (v == static_cast<unsigned long long>(-1) && PyErr_Occurred()) throw nb::python_error();
      check_size(k, psize, 8, "a handle");
      return store(&v, 8);
    }
    bad(k, "Unsupported type " + arg_type_repr(h));
  }

  std::size_t n_ = 0;
  ArgSlot inline_slots_[kInline];
  void* inline_params_[kInline];
  std::vector<ArgSlot> heap_slots_;
  std::vector<void*> heap_params_;
  void** params_ = nullptr;
  std::vector<Py_buffer> buffers_;
};

// cunp.RawKernel: one kernel of a RawModule, looked up lazily per device.
class PyRawKernel {
 public:
  PyRawKernel(std::shared_ptr<RawModule> module, std::string name, std::vector<std::string> options,
              std::string backend, bool cooperative)
      : module_(std::move(module)), name_(std::move(name)), options_(std::move(options)),
        backend_(std::move(backend)), cooperative_(cooperative) {}

  const RawFunction& function() {
    int d = current_device();
    RawFunction& f = functions_[d];
    if (!f.handle) f = module_->function(name_, d);
    return f;
  }
  bool loaded_on_current_device() const { return functions_[current_device()].handle != nullptr; }

  void call(nb::handle grid, nb::handle block, nb::handle args, nb::handle shared_mem,
            nb::handle stream, bool cooperative) {
    LaunchConfig c;
    to_dim3(grid, c.grid, "grid");
    to_dim3(block, c.block, "block");
    long long smem = 0;
    if (!shared_mem.ptr()) {  // the fast call: no shared_mem given
    } else if (PyLong_CheckExact(shared_mem.ptr())) {
      smem = PyLong_AsLongLong(shared_mem.ptr());
      if (smem == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        throw ValueError("shared_mem must be a non-negative int");
      }
      if (smem < 0 || smem > 0xffffffffLL)
        throw ValueError("shared_mem must be a non-negative int");
    } else if (!shared_mem.is_none()) {
      smem = nb::cast<long long>(shared_mem);
      if (smem < 0 || smem > 0xffffffffLL)
        throw ValueError("shared_mem must be a non-negative int");
    }
    c.shared_mem = static_cast<unsigned>(smem);
    c.cooperative = cooperative || cooperative_;
    const RawFunction& f = function();
    if (f.properties) check_launch_config(c, *f.properties);
    else check_launch_config(c, f.device);
    Marshal m(args, f);
    StreamHandle s = stream.is_none() ? current_stream_handle(f.device)
                                      : nb::cast<const Stream&>(stream).handle();
    launch_raw(f, c, s, m.params());  // makes f's device current when it is not
  }

  const std::string& name() const { return name_; }
  const std::shared_ptr<RawModule>& module() const { return module_; }
  const std::vector<std::string>& options() const { return options_; }
  const std::string& backend() const { return backend_; }
  bool cooperative() const { return cooperative_; }

 private:
  std::shared_ptr<RawModule> module_;
  std::string name_;
  std::vector<std::string> options_;
  std::string backend_;
  bool cooperative_;
  std::array<RawFunction, kMaxDevices> functions_{};
};

// RawKernel.__call__ as the type's own tp_call: `kernel(grid, block, args)`, with or without the
// shared_mem= and stream= keywords, reaches the launch with no method lookup and no general
// keyword matching (the launch-overhead case). Other keywords, the first call (which compiles)
// and every error go to the nanobind-bound `_call`, so messages and exception types come from
// one place; the fast path throws only before launching or from the launch itself, so repeating
// the call there does no work twice.

// The shared_mem= and stream= keywords of a call (null and None where not given); false if it
// has any other keyword (or shared_mem=None, which `_call` rejects).
bool launch_keywords(PyObject* kwargs, PyObject*& shared_mem, PyObject*& stream) {
  shared_mem = nullptr;
  stream = Py_None;
  if (!kwargs) return true;
  Py_ssize_t pos = 0;
  PyObject *key, *value;
  while (PyDict_Next(kwargs, &pos, &key, &value)) {
    if (PyUnicode_CompareWithASCIIString(key, "shared_mem") == 0 && value != Py_None)
      shared_mem = value;
    else if (PyUnicode_CompareWithASCIIString(key, "stream") == 0) stream = value;
    else return false;
  }
  return true;
}

PyObject* raw_kernel_tp_call(PyObject* self, PyObject* args, PyObject* kwargs) {
  PyObject *shared_mem, *stream;
  if (PyTuple_GET_SIZE(args) == 3 && nb::inst_ready(self) &&
      launch_keywords(kwargs, shared_mem, stream)) {
    PyRawKernel* k = nb::inst_ptr<PyRawKernel>(self);
    if (k->loaded_on_current_device()) {
      try {
        k->call(PyTuple_GET_ITEM(args, 0), PyTuple_GET_ITEM(args, 1), PyTuple_GET_ITEM(args, 2),
                nb::handle(shared_mem), nb::handle(stream), false);
        Py_RETURN_NONE;
      } catch (...) {
        PyErr_Clear();  // `_call` raises the same error, translated by nanobind
      }
    }
  }
  PyObject* slow = PyObject_GetAttrString(self, "_call");
  if (!slow) return nullptr;
  PyObject* r = PyObject_Call(slow, args, kwargs);
  Py_DECREF(slow);
  return r;
}

PyType_Slot raw_kernel_slots[] = {{Py_tp_call, reinterpret_cast<void*>(raw_kernel_tp_call)},
                                  {0, nullptr}};

struct PyRawModule {
  std::shared_ptr<RawModule> module;
  std::vector<std::string> options;
  std::string backend;
  bool cooperative = false;
  nb::object code, path, name_expressions;
};

nb::dict attributes_dict(const KernelAttributes& a) {
  nb::dict d;
  d["max_threads_per_block"] = a.max_threads_per_block;
  d["shared_size_bytes"] = a.shared_size_bytes;
  d["const_size_bytes"] = a.const_size_bytes;
  d["local_size_bytes"] = a.local_size_bytes;
  d["num_regs"] = a.num_regs;
  d["ptx_version"] = a.ptx_version;
  d["binary_version"] = a.binary_version;
  d["cache_mode_ca"] = a.cache_mode_ca;
  d["max_dynamic_shared_size_bytes"] = a.max_dynamic_shared_size_bytes;
  d["preferred_shared_memory_carveout"] = a.preferred_shared_memory_carveout;
  return d;
}

const Stream& stream_or_current(nb::handle stream, int device) {
  if (stream.is_none()) return current_stream(device);
  return nb::cast<const Stream&>(stream);
}

}  // namespace

void bind_raw_kernel(nb::module_& m) {
  nb::module_ sub = m.def_submodule(
      "kernels", "users' kernels: raw, elementwise, reduction, fused and generalized ufuncs");
  using Attr = int KernelAttributes::*;
  auto cls =
      nb::class_<PyRawKernel>(m, "RawKernel", nb::type_slots(raw_kernel_slots),
                              "User CUDA C++ kernel, compiled on first use (CuPy's RawKernel).")
          .def(
              "__init__",
              [](PyRawKernel* self, std::string code, std::string name, nb::handle options,
                 std::string backend, bool translate_cucomplex, bool enable_cooperative_groups,
                 bool jitify) {
                RawBuildOptions b = build_options(backend, translate_cucomplex, jitify);
                std::vector<std::string> opts = to_strings(options, "options");
                new (self) PyRawKernel(RawModule::from_source(std::move(code), opts, {}, b),
                                       std::move(name), opts, std::move(backend),
                                       enable_cooperative_groups);
              },
              nb::arg("code"), nb::arg("name"), nb::arg("options") = nb::tuple(),
              nb::arg("backend") = "nvrtc", nb::kw_only(), nb::arg("translate_cucomplex") = false,
              nb::arg("enable_cooperative_groups") = false, nb::arg("jitify") = false)
          // __call__ is the type's tp_call (above); this is its general form.
          .def("_call", &PyRawKernel::call, nb::arg("grid"), nb::arg("block"), nb::arg("args"),
               nb::kw_only(), nb::arg("shared_mem") = 0, nb::arg("stream").none() = nb::none(),
               nb::arg("enable_cooperative_groups") = false)
          .def(
              "compile",
              [](PyRawKernel& k, nb::handle log_stream) {
                (void)log_stream;
                k.function();
              },
              nb::arg("log_stream").none() = nb::none(),
              "Compiles (and loads) the kernel for the current device now instead of at first call.")
          .def_prop_ro("name", &PyRawKernel::name)
          .def_prop_ro("code", [](const PyRawKernel& k) { return k.module()->source(); })
          .def_prop_ro("options",
                       [](const PyRawKernel& k) {
                         nb::list l;
                         for (const auto& o : k.options()) l.append(nb::str(o.c_str()));
                         return nb::tuple(l);
                       })
          .def_prop_ro("backend", &PyRawKernel::backend)
          .def_prop_ro("enable_cooperative_groups", &PyRawKernel::cooperative)
          .def_prop_ro("kernel",
                       [](PyRawKernel& k) {
                         return reinterpret_cast<uintptr_t>(k.function().handle);
                       })
          .def_prop_ro("num_params",
                       [](PyRawKernel& k) -> nb::object {
                         int n = k.function().num_params;
                         if (n < 0) return nb::none();
                         return nb::int_(n);
                       })
          .def_prop_ro("attributes",
                       [](PyRawKernel& k) { return attributes_dict(k.function().attributes()); })
          .def_prop_rw(
              "max_dynamic_shared_size_bytes",
              [](PyRawKernel& k) {
                return k.function().attributes().max_dynamic_shared_size_bytes;
              },
              [](PyRawKernel& k, int v) { k.function().set_max_dynamic_shared_size_bytes(v); });
  // The read-only attributes, one property each (CuPy's names).
  static const std::pair<const char*, Attr> kAttrs[] = {
      {"max_threads_per_block", &KernelAttributes::max_threads_per_block},
      {"shared_size_bytes", &KernelAttributes::shared_size_bytes},
      {"const_size_bytes", &KernelAttributes::const_size_bytes},
      {"local_size_bytes", &KernelAttributes::local_size_bytes},
      {"num_regs", &KernelAttributes::num_regs},
      {"ptx_version", &KernelAttributes::ptx_version},
      {"binary_version", &KernelAttributes::binary_version},
      {"cache_mode_ca", &KernelAttributes::cache_mode_ca},
      {"preferred_shared_memory_carveout", &KernelAttributes::preferred_shared_memory_carveout},
  };
  for (const auto& [attr_name, member] : kAttrs) {
    Attr mp = member;
    cls.def_prop_ro(attr_name, [mp](PyRawKernel& k) { return k.function().attributes().*mp; });
  }

  nb::class_<PyRawModule>(
      m, "RawModule",
      "User CUDA C++ compiled with NVRTC, or a cubin/PTX/fatbin file (CuPy's RawModule).")
      .def(
          "__init__",
          [](PyRawModule* self, nb::handle code, nb::handle path, nb::handle options,
             std::string backend, bool translate_cucomplex, bool enable_cooperative_groups,
             nb::handle name_expressions, bool jitify) {
            if (code.is_none() == path.is_none())
              throw TypeError("Exactly one of code and path keyword arguments must be given.");
            RawBuildOptions b = build_options(backend, translate_cucomplex, jitify);
            auto* p = new (self) PyRawModule();
            p->options = to_strings(options, "options");
            p->backend = backend;
            p->cooperative = enable_cooperative_groups;
            p->code = nb::borrow(code);
            p->path = nb::borrow(path);
            p->name_expressions = nb::borrow(name_expressions);
            if (!code.is_none()) {
              if (!nb::isinstance<nb::str>(code)) throw TypeError("code must be a str");
              p->module = RawModule::from_source(nb::cast<std::string>(code), p->options,
                                                 to_strings(name_expressions, "name_expressions"),
                                                 b);
            } else {
              if (!name_expressions.is_none())
                throw ValueError(
                    "name_expressions applies to code, not to a module loaded from path");
              p->module = RawModule::from_file(nb::cast<std::string>(nb::str(path)));
            }
          },
          nb::kw_only(), nb::arg("code").none() = nb::none(), nb::arg("path").none() = nb::none(),
          nb::arg("options") = nb::tuple(), nb::arg("backend") = "nvrtc",
          nb::arg("translate_cucomplex") = false, nb::arg("enable_cooperative_groups") = false,
          nb::arg("name_expressions").none() = nb::none(), nb::arg("jitify") = false)
      .def(
          "compile",
          [](PyRawModule& p, nb::handle log_stream) {
            (void)log_stream;
            p.module->ensure_loaded(current_device());
          },
          nb::arg("log_stream").none() = nb::none())
      .def(
          "get_function",
          [](PyRawModule& p, std::string name) {
            auto* k = new PyRawKernel(p.module, std::move(name), p.options, p.backend,
                                      p.cooperative);
            std::unique_ptr<PyRawKernel> guard(k);
            k->function();  // CuPy raises for a missing name here, not at the first launch
            return guard.release();
          },
          nb::arg("name"), nb::rv_policy::take_ownership)
      .def(
          "get_global",
          [](PyRawModule& p, std::string name, nb::handle dtype, nb::handle shape) -> nb::object {
            int d = current_device();
            auto [ptr, size] = p.module->global(name, d);
            // Modules live for the process, so the view needs no release.
            MemoryPtr mem = wrap_memory(ptr, size, d, [] {});
            if (dtype.is_none()) return nb::cast(PyMemoryPointer{mem, ptr});
            DType t = to_dtype(dtype);
            int isz = info(t).itemsize;
            Dims s = shape.is_none() ? Dims{static_cast<int64_t>(size / isz)} : to_shape(shape);
            if (static_cast<std::size_t>(s.product()) * isz > size)
              throw ValueError("the global '" + name + "' holds " + std::to_string(size) +
                               " bytes, fewer than the shape and dtype asked for");
            return wrap(NDArray(mem, ptr, t, s, contiguous_strides(s, isz)));
          },
          nb::arg("name"), nb::arg("dtype").none() = nb::none(),
          nb::arg("shape").none() = nb::none(),
          "The device variable `name`: a MemoryPointer (as CuPy), or with dtype= an array viewing it.")
      .def("get_lowered_name",
           [](PyRawModule& p, const std::string& expr) {
             return p.module->lowered_name(expr, current_device());
           })
      .def_prop_ro("code", [](const PyRawModule& p) { return p.code; })
      .def_prop_ro("path", [](const PyRawModule& p) { return p.path; })
      .def_prop_ro("name_expressions", [](const PyRawModule& p) { return p.name_expressions; })
      .def_prop_ro("backend", [](const PyRawModule& p) { return p.backend; })
      .def_prop_ro("options",
                   [](const PyRawModule& p) {
                     nb::list l;
                     for (const auto& o : p.options) l.append(nb::str(o.c_str()));
                     return nb::tuple(l);
                   })
      .def_prop_ro("enable_cooperative_groups", [](const PyRawModule& p) { return p.cooperative; });

  // Names of kernels a source declares extern "C" (what a RawKernel can be asked for).
  sub.def("extern_c_kernels", &extern_c_kernels);
  // NVRTC compile for sm_<arch> with no GPU (tests): (is_ptx, lowered names).
  sub.def(
      "nvrtc_compile",
      [](const std::string& source, std::vector<std::string> options,
         std::vector<std::string> name_expressions, int arch) {
        CompileResult r;
        {
          nb::gil_scoped_release unlocked;
          r = compile(source, "raw_module", arch, user_compile_options(options), name_expressions);
        }
        return nb::make_tuple(r.is_ptx, r.lowered_names);
      },
      nb::arg("source"), nb::arg("options") = std::vector<std::string>(),
      nb::arg("name_expressions") = std::vector<std::string>(), nb::arg("arch") = 80);

  // The whole user-source pipeline (translate_cucomplex, jitify shims, NVRTC or nvcc) for
  // sm_<arch> with no GPU (tests): (is_ptx, lowered names, image size in bytes).
  sub.def(
      "raw_compile",
      [](std::string source, std::vector<std::string> options,
         std::vector<std::string> name_expressions, int arch, std::string backend,
         bool translate_cucomplex, bool jitify) {
        CompileResult r = compile_user_source(std::move(source), std::move(options),
                                              std::move(name_expressions), arch, backend,
                                              translate_cucomplex, jitify);
        return nb::make_tuple(r.is_ptx, r.lowered_names, r.image.size());
      },
      nb::arg("source"), nb::arg("options") = std::vector<std::string>(),
      nb::arg("name_expressions") = std::vector<std::string>(), nb::arg("arch") = 80,
      nb::arg("backend") = "nvrtc", nb::arg("translate_cucomplex") = false,
      nb::arg("jitify") = false);
  // A part of the device library (src/device/<area>/<name>.cuh, as kernels include it), for
  // Python code that hands device code to a library (cuFFT's LTO callbacks).
  sub.def(
      "device_part", [](const std::string& name) { return device_part(name); }, nb::arg("name"));
  // cunp.cuda.compiler.compile_using_nvrtc/_nvcc: the same pipeline, handing the image to
  // Python: (bytes, is_ptx, lowered names). PTX loses the NUL the driver needs (Module.load adds
  // one back).
  sub.def(
      "compile_image",
      [](std::string source, std::vector<std::string> options,
         std::vector<std::string> name_expressions, int arch, std::string backend, bool jitify) {
        CompileResult r = compile_user_source(std::move(source), std::move(options),
                                              std::move(name_expressions), arch, backend, false,
                                              jitify);
        std::size_t n = r.image.size();
        if (r.is_ptx && n > 0 && r.image[n - 1] == '\0') --n;
        return nb::make_tuple(nb::bytes(r.image.data(), n), r.is_ptx, r.lowered_names);
      },
      nb::arg("source"), nb::arg("options"), nb::arg("name_expressions"), nb::arg("arch"),
      nb::arg("backend"), nb::arg("jitify"));
  sub.def("translate_cucomplex", &translate_cucomplex);
  // How many NumPy scalar types are read straight from the object (tests: the fast path is on).
  sub.def("raw_kernel_numpy_scalar_types", [] { return numpy_scalar_types().size(); });
  sub.def("nvcc_path", [] { return toolkit().nvcc(); });

  nb::class_<Graph>(m, "Graph", "A captured sequence of GPU work, replayed with launch().")
      .def(
          "launch",
          [](const Graph& g, nb::handle stream) {
            g.launch(stream_or_current(stream, g.device()));
          },
          nb::arg("stream").none() = nb::none())
      .def(
          "upload",
          [](const Graph& g, nb::handle stream) {
            g.upload(stream_or_current(stream, g.device()));
          },
          nb::arg("stream").none() = nb::none())
      .def_prop_ro("num_nodes", &Graph::num_nodes);

  nb::handle stream_type = nb::type<Stream>();
  stream_type.attr("begin_capture") = nb::cpp_function(
      [](const Stream& s, nb::handle mode) {
        int md = mode.is_none() ? static_cast<int>(CaptureMode::Relaxed) : nb::cast<int>(mode);
        if (md < 0 || md > 2)
          throw ValueError("mode must be 0 (global), 1 (thread local) or 2 (relaxed)");
        begin_capture(s, static_cast<CaptureMode>(md));
      },
      nb::is_method(), nb::arg("mode").none() = nb::none(),
      "Starts recording the work enqueued on this stream into a graph (default mode: relaxed).");
  stream_type.attr("end_capture") = nb::cpp_function(
      [](const Stream& s) { return Graph::end_capture(s); }, nb::is_method(),
      "Ends the capture and returns the recorded work as a cunp.cuda.graph.Graph.");
  stream_type.attr("is_capturing") = nb::cpp_function(
      [](const Stream& s) { return is_capturing(s); }, nb::is_method());

  bind_fusion(m);
  bind_profiler(m);
}

}  // namespace cunp::py
