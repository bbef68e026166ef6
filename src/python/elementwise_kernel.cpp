// src/python/elementwise_kernel.cpp -- cunp.ElementwiseKernel's calls: Python arguments and
// keywords converted for the core's ElementwiseKernel (cunp/ops/elementwise_kernel.hpp), which
// checks them, resolves the types, allocates the outputs and launches.
// python/cunp/_kernels/_elementwise_kernel.py subclasses this type, so a call runs no Python code.
#include "cunp/ops/kernels/elementwise_kernel.hpp"

#include "common.hpp"
#include "interop.hpp"
#include "kernel_args.hpp"

namespace cunp::py {
namespace {

constexpr int kMax = ElementwiseKernel::kMaxParams;

std::string type_repr(nb::handle h) { return nb::cast<std::string>(nb::repr(h.type())); }

int64_t integer(nb::handle h, const char* what) {
  PyObject* i = PyNumber_Index(h.ptr());
  if (!i) {
    PyErr_Clear();
    throw TypeError(std::string(what) + " must be an integer, not " + type_repr(h));
  }
  nb::object owned = nb::steal(i);
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(i, &overflow);
  if (overflow) throw ValueError(std::string(what) + " is out of range");
  return v;
}

// size=, stream= and block_size= as CuPy takes them; anything else is a TypeError.
int64_t take_kwargs(nb::kwargs kwargs, nb::handle& stream) {
  int64_t size = -1;
  nb::dict rest;
  for (auto [key, value] : kwargs) {
    std::string k = nb::cast<std::string>(key);
    if (k == "size") {  // -1 (CuPy's default) or None: decided by broadcasting
      if (!value.is_none()) size = integer(value, "size");
      if (size < -1) throw ValueError("size must be non-negative");
    } else if (k == "stream") {
      stream = value;
    } else if (k == "block_size") {  // accepted; the engine picks its own block size
      if (integer(value, "block_size") <= 0)
        throw ValueError("block_size must be greater than zero");
    } else {
      rest[key] = value;
    }
  }
  if (rest.size()) throw TypeError("Wrong arguments " + nb::cast<std::string>(nb::repr(rest)));
  return size;
}

nb::object call(ElementwiseKernel& k, nb::args args, nb::kwargs kwargs) {
  int64_t size = -1;
  nb::handle stream;
  if (kwargs.size()) size = take_kwargs(kwargs, stream);
  const std::size_t nin = k.params().in.size(), nargs = args.size();
  k.check_arg_count(nargs);
  KernelArg in[kMax];
  NDArray imported[kMax];
  nb::object struct_bytes[kMax];  // structured values' bytes, held for the call
  for (std::size_t j = 0; j < nin; ++j)
    if (!to_struct_arg(args[j], j, in[j], struct_bytes[j]) &&
        !to_kernel_arg(args[j], in[j], &imported[j]))
      unsupported_kernel_arg(args[j], j);
  NDArray given[kMax];
  for (std::size_t j = nin; j < nargs; ++j) {
    if (is_array(args[j])) {
      given[j - nin] = unwrap(args[j]).a;
      continue;
    }
    // Another library's writable device array is written in place, as CuPy's kernels do.
    bool readonly = false;
    nb::object view = import_device_object(args[j], &readonly);
    if (!view.is_valid() || readonly) throw TypeError("Output arguments type must be cunp.ndarray");
    given[j - nin] = unwrap(view).a;
  }
  const Stream* s = stream.is_valid() && !stream.is_none() ? &nb::cast<const Stream&>(stream)
                                                           : nullptr;
  std::vector<NDArray> outs = k(ArgList<KernelArg>(in, nin), ArgList<NDArray>(given, nargs - nin),
                                size, s);
  // Given outputs are returned as themselves.
  auto out = [&](std::size_t j) -> nb::object {
    return nargs > nin ? nb::borrow(args[nin + j]) : wrap(std::move(outs[j]));
  };
  switch (k.returns()) {
    case ElementwiseKernel::Returns::Nothing: return nb::none();
    case ElementwiseKernel::Returns::Single: return out(0);
    default: break;
  }
  nb::object ret = nb::steal(PyTuple_New(static_cast<Py_ssize_t>(outs.size())));
  for (std::size_t j = 0; j < outs.size(); ++j)
    PyTuple_SET_ITEM(ret.ptr(), static_cast<Py_ssize_t>(j), out(j).release().ptr());
  return ret;
}

}  // namespace

void bind_elementwise_kernel(nb::module_& m) {
  // The area's one-line doc is given in raw_kernel.cpp.
  nb::module_ sub = m.def_submodule("kernels");
  sub.def(
      "is_valid_kernel_name", [](const std::string& name) { return is_valid_kernel_name(name); },
      nb::arg("name"), "Whether `name` can name a kernel (a C identifier).");
  nb::class_<ElementwiseKernel>(m, "_ElementwiseKernelCore")
      .def(
          "__init__",
          [](ElementwiseKernel* self, const std::string& in_params, const std::string& out_params,
             std::string operation, nb::handle name, std::string preamble, std::string loop_prep,
             std::string after_loop, std::vector<std::string> options, bool no_return,
             bool return_tuple) {
            if (!nb::isinstance<nb::str>(name))  // a name must be a str first of all
              throw ValueError("Invalid kernel name: \"" + nb::cast<std::string>(nb::str(name)) +
                               "\"");
            new (self) ElementwiseKernel(
                in_params, out_params, std::move(operation), nb::cast<std::string>(name),
                ElementwiseKernelOptions{std::move(preamble), std::move(loop_prep),
                                         std::move(after_loop), std::move(options), no_return,
                                         return_tuple});
          },
          nb::arg("in_params"), nb::arg("out_params"), nb::arg("operation"), nb::arg("name"),
          nb::arg("preamble"), nb::arg("loop_prep"), nb::arg("after_loop"), nb::arg("options"),
          nb::arg("no_return"), nb::arg("return_tuple"))
      .def("__call__", &call)
      .def_prop_ro("_in_params",
                   [](const ElementwiseKernel& k) { return param_tuples(k.params().in); })
      .def_prop_ro("_out_params",
                   [](const ElementwiseKernel& k) { return param_tuples(k.params().out); })
      // The source a call with these arguments would compile (dtype specs stand for arrays,
      // structured values for themselves), and its NVRTC compile for sm_<arch> (no GPU needed): for tests and inspection.
      .def(
          "_source",
          [](ElementwiseKernel& k, nb::list args, int strided_ndim, int vec) {
            std::vector<StructLayout> structs;
            std::vector<std::optional<DType>> sig = kernel_signature_args(args, structs);
            return k.source(sig, strided_ndim, vec, structs);
          },
          nb::arg("args"), nb::arg("strided_ndim") = 0, nb::arg("vec") = 1)
      .def(
          "_compile",
          [](ElementwiseKernel& k, nb::list args, int strided_ndim, int arch) {
            std::vector<StructLayout> structs;
            std::vector<std::optional<DType>> sig = kernel_signature_args(args, structs);
            nb::gil_scoped_release unlocked;
            k.compile(sig, strided_ndim, arch, structs);
          },
          nb::arg("args"), nb::arg("strided_ndim") = 0, nb::arg("arch") = 90);
}

}  // namespace cunp::py
