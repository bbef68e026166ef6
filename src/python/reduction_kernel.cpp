// src/python/reduction_kernel.cpp -- cunp.ReductionKernel's calls: Python arguments and keywords
// converted for the core's ReductionKernel (cunp/ops/reduction_kernel.hpp), which checks them,
// resolves the types, allocates the outputs and launches.
// python/cunp/_kernels/_reduction_kernel.py subclasses this type.
#include "cunp/ops/kernels/reduction_kernel.hpp"

#include "common.hpp"
#include "kernel_args.hpp"

namespace cunp::py {
namespace {

nb::object call(const ReductionKernel& k, nb::args args, nb::handle out, nb::handle axis,
                nb::handle keepdims, nb::handle stream) {
  const std::size_t nin = k.params().in.size(), nout = k.params().out.size();
  const std::size_t nargs = args.size();
  k.check_arg_count(nargs);
  std::vector<nb::handle> given;  // the outputs, positional or out=
  for (std::size_t j = nin; j < nargs; ++j) given.push_back(args[j]);
  nb::object out_items;
  if (!out.is_none()) {
    if (!given.empty()) throw ValueError("out is given both positionally and as a keyword");
    if (nout == 1) {
      given.push_back(out);
    } else {
      out_items = nb::list(out);
      for (nb::handle o : out_items) given.push_back(o);
    }
  }
  std::vector<NDArray> outputs;
  for (nb::handle o : given) {
    if (!is_array(o)) throw TypeError("Output arguments type must be cunp.ndarray");
    outputs.push_back(unwrap(o).a);
  }
  std::vector<KernelArg> inputs(nin);
  std::vector<NDArray> imported(nin);  // other libraries' device arrays, viewed in place
  std::vector<std::size_t> host_data;  // lists, NumPy arrays
  for (std::size_t j = 0; j < nin; ++j)
    if (!to_kernel_arg(args[j], inputs[j], &imported[j])) host_data.push_back(j);
  std::vector<NDArray> copies(host_data.size());
  if (!host_data.empty()) {
    // Such an argument has no dtype of its own here: like a scalar it decides no placeholder,
    // and it is converted to its parameter's type.
    std::vector<std::optional<DType>> in_dtypes(nin);
    std::vector<DType> out_dtypes, in_types(nin), out_types(nout);
    for (std::size_t j = 0; j < nin; ++j)
      if (inputs[j].array) in_dtypes[j] = inputs[j].array->dtype();
    for (const NDArray& o : outputs) out_dtypes.push_back(o.dtype());
    k.params().resolve(in_dtypes, out_dtypes, in_types, out_types, k.name());
    for (std::size_t c = 0; c < host_data.size(); ++c) {
      const std::size_t j = host_data[c];
      nb::object dtype = numpy_dtype(in_types[j]);  // as cunp.array(arg, dtype) converts it
      copies[c] = holds_device_array(args[j]) ? gather_nested(args[j], dtype)
                                              : to_device_array(args[j], dtype);
      inputs[j].array = &copies[c];
    }
  }
  const Stream* s = stream.is_none() ? nullptr : &nb::cast<const Stream&>(stream);
  std::vector<NDArray> outs = k(inputs, outputs, optional_axes(axis),
                                PyObject_IsTrue(keepdims.ptr()) == 1, s);
  // Given outputs are returned as themselves.
  auto result = [&](std::size_t j) -> nb::object {
    return given.empty() ? wrap(std::move(outs[j])) : nb::borrow(given[j]);
  };
  if (nout == 1) return result(0);
  nb::object ret = nb::steal(PyTuple_New(static_cast<Py_ssize_t>(nout)));
  for (std::size_t j = 0; j < nout; ++j)
    PyTuple_SET_ITEM(ret.ptr(), static_cast<Py_ssize_t>(j), result(j).release().ptr());
  return ret;
}

}  // namespace

void bind_reduction_kernel(nb::module_& m) {
  nb::class_<ReductionKernel>(m, "_ReductionKernelCore")
      .def(
          "__init__",
          [](ReductionKernel* self, const std::string& in_params, const std::string& out_params,
             std::string map_expr, std::string reduce_expr, std::string post_map_expr,
             nb::handle identity, nb::handle name, nb::handle reduce_type, std::string preamble,
             std::vector<std::string> options) {
            if (!nb::isinstance<nb::str>(name))  // a name must be a str first of all
              throw ValueError("Invalid kernel name: \"" + nb::cast<std::string>(nb::str(name)) +
                               "\"");
            std::optional<std::string> id;
            if (!identity.is_none()) id = nb::cast<std::string>(nb::str(identity));
            new (self) ReductionKernel(
                in_params, out_params, std::move(map_expr), std::move(reduce_expr),
                std::move(post_map_expr), std::move(id), nb::cast<std::string>(name),
                ReductionKernelOptions{reduce_type.is_none() ? std::string()
                                                             : nb::cast<std::string>(reduce_type),
                                       std::move(preamble), std::move(options)});
          },
          nb::arg("in_params"), nb::arg("out_params"), nb::arg("map_expr"), nb::arg("reduce_expr"),
          nb::arg("post_map_expr"), nb::arg("identity").none(), nb::arg("name"),
          nb::arg("reduce_type").none(), nb::arg("preamble"), nb::arg("options"))
      .def("__call__", &call, nb::arg("args"), nb::kw_only(), nb::arg("out").none() = nb::none(),
           nb::arg("axis").none() = nb::none(), nb::arg("keepdims") = nb::bool_(false),
           nb::arg("stream").none() = nb::none())
      .def_prop_ro("_in_params",
                   [](const ReductionKernel& k) { return param_tuples(k.params().in); })
      .def_prop_ro("_out_params",
                   [](const ReductionKernel& k) { return param_tuples(k.params().out); })
      .def_prop_ro("reduce_type", &ReductionKernel::reduce_type)
      // The source for these dtypes and layout (strategy 0 block, 1 warp, 2 thread, 3 tile).
      .def(
          "_source",
          [](const ReductionKernel& k, nb::list in_dtypes, nb::list out_dtypes, int strategy,
             int kept_ndim, int reduced_ndim, int vec) {
            std::vector<DType> ins, outs;
            for (nb::handle h : in_dtypes) ins.push_back(to_dtype(h));
            for (nb::handle h : out_dtypes) outs.push_back(to_dtype(h));
            ReduceSignature layout;
            layout.strategy = static_cast<ReduceStrategy>(strategy);
            layout.kept_ndim = kept_ndim;
            layout.reduced_ndim = reduced_ndim;
            layout.vec = vec;
            return k.source(ins, outs, layout);
          },
          nb::arg("in_dtypes"), nb::arg("out_dtypes"), nb::arg("strategy") = 0,
          nb::arg("kept_ndim") = 0, nb::arg("reduced_ndim") = 1, nb::arg("vec") = 1);
}

}  // namespace cunp::py
