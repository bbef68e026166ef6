// src/python/kernel_args.cpp -- Python arguments of user kernels converted for the core.
#include "kernel_args.hpp"

#include <algorithm>
#include <cstring>
#include "interop.hpp"

namespace cunp::py {

bool is_numpy_scalar(nb::handle h) {
  if (!nb::hasattr(h, "dtype")) return false;
  static nb::object generic = numpy().attr("generic");
  return PyObject_IsInstance(h.ptr(), generic.ptr()) == 1;
}

// A texture or surface object of cunp.cuda.texture: CuPy's elementwise kernels take them, bound
// to a type placeholder ('U texObj').
bool is_texture_handle(nb::handle h) {
  // Held for the process's life (released, never decreffed after Python is finalized).
  static nb::handle kinds = [] {
    nb::module_ texture = nb::module_::import_("cunp.cuda.texture");
    return nb::make_tuple(texture.attr("TextureObject"), texture.attr("SurfaceObject")).release();
  }();
  return PyObject_IsInstance(h.ptr(), kinds.ptr()) == 1;
}

// Its 64-bit handle: cudaTextureObject_t and cudaSurfaceObject_t are unsigned long long, so a
// placeholder bound to uint64 reads it as the handle itself.
Scalar texture_handle(nb::handle h) {
  return Scalar::from_uint(nb::cast<unsigned long long>(h.attr("ptr")), DType::UInt64);
}

bool to_kernel_arg(nb::handle h, KernelArg& arg, NDArray* imported) {
  PyObject* o = h.ptr();
  arg = KernelArg{};
  KernelScalar& s = arg.scalar;
  if (is_array(h)) {
    arg.array = &unwrap(h).a;
  } else if (PyBool_Check(o)) {
    s.value = Scalar::from_bool(o == Py_True, DType::Bool);
  } else if (PyLong_Check(o)) {
    s.python_value = true;
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (!overflow) {
      s.value = Scalar::from_int(v, DType::Int64);
      return true;
    }
    if (overflow > 0) {
      unsigned long long u = PyLong_AsUnsignedLongLong(o);
      if (!PyErr_Occurred()) {
        s.value = Scalar::from_uint(u, DType::UInt64);
        return true;
      }
      PyErr_Clear();
    }
    double d = PyLong_AsDouble(o);
    if (d == -1.0 && PyErr_Occurred()) throw nb::python_error();
    s.value = Scalar::from_double(d, DType::Float64);
    s.big_int = true;
  } else if (PyFloat_Check(o)) {  // numpy.float64 too: it converts as a Python float
    s.value = Scalar::from_double(PyFloat_AS_DOUBLE(o), DType::Float64);
    s.python_value = true;
  } else if (PyComplex_Check(o)) {
    s.value = Scalar::from_complex({PyComplex_RealAsDouble(o), PyComplex_ImagAsDouble(o)},
                                   DType::Complex128);
    s.python_value = true;
  } else if (is_numpy_scalar(h)) {
    // Strings, objects, structured values and datetimes have no element type in a kernel.
    char kind = nb::cast<std::string>(h.attr("dtype").attr("kind"))[0];
    if (std::strchr("OSUVMm", kind)) return false;
    s.value = to_scalar(h, to_dtype(h.attr("dtype")));
  } else if (is_texture_handle(h)) {
    s.value = texture_handle(h);
    s.binds_type = true;
  } else if (nb::object view; imported && (view = import_device_object(h, nullptr)).is_valid()) {
    // Read only as an input here: a read-only producer's data is never written.
    *imported = unwrap(view).a;
    arg.array = imported;
  } else {
    return false;
  }
  return true;
}

// The alignment CUDA gives a struct with the fields of the structured dtype `dt`. NumPy packs
// fields unless asked (align=True), so a packed dtype can describe a layout no CUDA struct has.
std::size_t struct_alignment(nb::handle dt, const std::string& who) {
  nb::object names = dt.attr("names");
  if (names.is_none()) return nb::cast<std::size_t>(dt.attr("alignment"));
  nb::object fields = dt.attr("fields");
  std::size_t align = 1;
  for (nb::handle name : names) {
    nb::object field = fields[name];
    nb::object base = field[0].attr("base");  // a subarray field aligns as its element
    std::size_t offset = nb::cast<std::size_t>(field[1]);
    std::size_t a = struct_alignment(base, who);
    if (offset % a != 0)
      throw ValueError(who + ": the field '" + nb::cast<std::string>(nb::str(name)) +
                       "' of the structured dtype " + nb::cast<std::string>(nb::str(dt)) +
                       " is at offset " + std::to_string(offset) +
                       ", not a multiple of its alignment " + std::to_string(a) +
                       "; no CUDA struct has this layout (build the dtype with align=True)");
    align = std::max(align, a);
  }
  // make_aligned_dtype records an alignment larger than the fields' in the metadata.
  nb::object meta = dt.attr("metadata");
  if (!meta.is_none() && PyMapping_HasKeyString(meta.ptr(), "cuda_alignment"))
    align = std::max(align, nb::cast<std::size_t>(meta["cuda_alignment"]));
  std::size_t itemsize = nb::cast<std::size_t>(dt.attr("itemsize"));
  if (itemsize % align != 0)
    throw ValueError(who + ": the structured dtype " + nb::cast<std::string>(nb::str(dt)) + " is " +
                     std::to_string(itemsize) + " bytes, not a multiple of its alignment " +
                     std::to_string(align) +
                     "; a CUDA struct with these fields is padded to a multiple (build the "
                     "dtype with align=True)");
  return align;
}

namespace {

// The dtype of a numpy.void scalar (or of a direct subclass: numpy.record), or of a structured
// numpy.ndarray; none for anything else. Types are told by name, so no other argument pays.
nb::object structured_dtype(nb::handle h, bool& is_array) {
  const PyTypeObject* type = Py_TYPE(h.ptr());
  is_array = std::strcmp(type->tp_name, "numpy.ndarray") == 0;
  auto is_void = [](const PyTypeObject* t) {
    return t && std::strcmp(t->tp_name, "numpy.void") == 0;
  };
  if (!is_array && !is_void(type) && !is_void(type->tp_base)) return {};
  nb::object dt = h.attr("dtype");
  if (nb::cast<std::string>(dt.attr("kind")) != "V") return {};
  if (is_array && dt.attr("names").is_none()) return {};  // plain bytes arrays stay refused
  return dt;
}

StructLayout struct_layout(nb::handle dt, std::size_t position) {
  StructLayout layout;
  layout.size = nb::cast<std::size_t>(dt.attr("itemsize"));
  if (layout.size == 0)
    throw ValueError("kernel argument " + std::to_string(position) +
                     ": a structured value of 0 bytes cannot be passed");
  layout.align = struct_alignment(dt, "kernel argument " + std::to_string(position));
  return layout;
}

}  // namespace

bool to_struct_arg(nb::handle h, std::size_t position, KernelArg& arg, nb::object& keep) {
  bool is_array = false;
  nb::object dt = structured_dtype(h, is_array);
  if (!dt.is_valid()) return false;
  if (const int64_t size = is_array ? nb::cast<int64_t>(h.attr("size")) : 1; size != 1)
    throw TypeError("Unsupported type " + nb::cast<std::string>(nb::repr(h.type())) +
                    " (kernel argument " + std::to_string(position) +
                    "): a structured array is passed only as a struct by value, so it must "
                    "have one element, not " +
                    std::to_string(size));
  arg = KernelArg{};
  arg.scalar.struct_layout = struct_layout(dt, position);
  keep = h.attr("tobytes")();
  arg.scalar.struct_bytes = PyBytes_AsString(keep.ptr());
  return true;
}

std::vector<std::optional<DType>> kernel_signature_args(nb::list args,
                                                        std::vector<StructLayout>& structs) {
  std::vector<std::optional<DType>> r;
  structs.assign(args.size(), StructLayout{});
  std::size_t k = 0;
  for (nb::handle h : args) {
    bool is_array = false;
    if (nb::object dt = structured_dtype(h, is_array); dt.is_valid()) {
      structs[k] = struct_layout(dt, k);
      r.emplace_back();
    } else if (is_python_scalar(h) || is_numpy_scalar(h) || is_texture_handle(h)) {
      r.emplace_back();
    } else {
      r.emplace_back(to_dtype(h));
    }
    ++k;
  }
  return r;
}

void unsupported_kernel_arg(nb::handle h, std::size_t position) {
  throw TypeError("Unsupported type " + nb::cast<std::string>(nb::repr(h.type())) +
                  " (kernel argument " + std::to_string(position) + ")");
}

nb::list param_tuples(const std::vector<KernelParam>& params) {
  nb::list r;
  for (const KernelParam& p : params)
    r.append(nb::make_tuple(p.name, p.dtype ? nb::object(nb::str(name(*p.dtype))) : nb::none(),
                            p.ctype, p.raw, p.is_const));
  return r;
}

}  // namespace cunp::py
