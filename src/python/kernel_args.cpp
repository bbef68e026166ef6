// src/python/kernel_args.cpp -- Python arguments of user kernels converted for the core.
#include "kernel_args.hpp"

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

void unsupported_kernel_arg(nb::handle h, std::size_t position) {
  throw TypeError("Unsupported type " + nb::cast<std::string>(nb::repr(h.type())) +
                  " (kernel argument " + std::to_string(position) + ")");
}

std::vector<std::optional<DType>> kernel_signature_args(nb::list args) {
  std::vector<std::optional<DType>> r;
  for (nb::handle h : args)
    if (is_python_scalar(h) || is_numpy_scalar(h) || is_texture_handle(h)) r.emplace_back();
    else r.emplace_back(to_dtype(h));
  return r;
}

nb::list param_tuples(const std::vector<KernelParam>& params) {
  nb::list r;
  for (const KernelParam& p : params)
    r.append(nb::make_tuple(p.name, p.dtype ? nb::object(nb::str(name(*p.dtype))) : nb::none(),
                            p.ctype, p.raw, p.is_const));
  return r;
}

}  // namespace cunp::py
