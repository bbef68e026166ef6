// src/python/scans.cpp -- bindings of cumulative operations (cumsum, cumprod, ...), ufunc.accumulate and ufunc.reduceat.
#include <Python.h>

#include "common.hpp"
#include "cunp/ops/scan/scan.hpp"
#include "ufunc_args.hpp"

namespace cunp::py {
namespace {

NDArray to_array(nb::handle h, NDArray& storage) {
  if (is_array(h)) return unwrap(h).a;
  storage = to_device_array(h, nb::none());
  return storage;
}

// axis= of accumulate/reduceat: one axis; None means the only one of a 1-d array.
int64_t single_axis(nb::handle axis, int ndim, const char* method) {
  auto multiple = [&] {
    throw nb::value_error((std::string(method) + " does not allow multiple axes").c_str());
  };
  if (axis.is_none()) {
    if (ndim > 1) multiple();
    return 0;
  }
  if (nb::isinstance<nb::tuple>(axis) || nb::isinstance<nb::list>(axis)) {
    if (nb::len(axis) != 1) multiple();
    return axis_number(axis[0]);
  }
  if (PyBool_Check(axis.ptr()) || !PyIndex_Check(axis.ptr()))
    throw nb::type_error(("'" + std::string(nb::str(axis.type().attr("__name__")).c_str()) +
                          "' object cannot be interpreted as an integer")
                             .c_str());
  return nb::cast<int64_t>(nb::int_(axis));
}

// out= as NumPy takes it for single-output methods: None, an array, or a 1-tuple.
nb::handle out_arg(nb::handle out) {
  if (nb::isinstance<nb::tuple>(out)) {
    if (nb::len(out) != 1)
      throw nb::value_error("The 'out' tuple must have exactly one entry per ufunc output");
    out = out[0];
  }
  if (!out.is_none() && !is_array(out)) throw nb::type_error("return arrays must be of ArrayType");
  return out;
}

ScanOptions options(nb::handle dtype, nb::handle out, bool nan) {
  ScanOptions o;
  if (!dtype.is_none()) o.dtype = to_dtype(dtype);
  if (!out.is_none()) o.out = unwrap(out).a;
  o.nan_as_identity = nan;
  return o;
}

nb::object finish(NDArray res, nb::handle out) {
  if (!out.is_none()) return nb::borrow(out);
  return wrap(std::move(res));
}

// The engine behind ufunc.accumulate and cumsum & co.
nb::object scan(const PyUfunc& self, nb::handle array, nb::handle axis, nb::handle dtype,
                nb::handle out, bool nan) {
  const Ufunc& u = *self.u;
  // Argument order as NumPy checks it: the ufunc's arity, out=, the scalar, the axis, and
  // only then the loop (in ufunc_accumulate, with dtype= taken into account).
  scan_arity(u, "accumulate");
  out = out_arg(out);
  NDArray storage;
  NDArray a = to_array(array, storage);
  if (a.ndim() == 0) throw nb::type_error("cannot accumulate on a scalar");
  int64_t ax = single_axis(axis, a.ndim(), "accumulate");
  return finish(ufunc_accumulate(u, a, ax, options(dtype, out, nan)), out);
}

nb::object accumulate(const PyUfunc& self, nb::handle array, nb::handle axis, nb::handle dtype,
                      nb::handle out) {
  return scan(self, array, axis, dtype, out, false);
}

// reduceat's indices on the host; a shape other than 1-d is NumPy's first check of them.
nb::object host_indices(nb::handle indices) {
  nb::object host;
  if (is_array(indices)) host = nb::borrow(indices).attr("get")();
  else host = numpy().attr("asarray")(indices);
  if (nb::cast<int>(host.attr("ndim")) != 1)
    throw nb::value_error("reduceat: indices must be a 1-d sequence of integers");
  return host;
}

// Their type, checked after the axis (as NumPy does), and their values.
std::vector<int64_t> to_indices(nb::handle host) {
  char kind = nb::cast<std::string>(host.attr("dtype").attr("kind"))[0];
  if (kind != 'i' && kind != 'u' && !(kind == 'f' && nb::cast<int64_t>(host.attr("size")) == 0))
    throw nb::type_error(("Cannot cast array data from " +
                          std::string(nb::str(nb::repr(host.attr("dtype"))).c_str()) +
                          " to dtype('int64') according to the rule 'safe'")
                             .c_str());
  std::vector<int64_t> v;
  nb::object items = host.attr("tolist")();
  for (nb::handle h : nb::iter(items)) v.push_back(nb::cast<int64_t>(h));
  return v;
}

nb::object reduceat(const PyUfunc& self, nb::handle array, nb::handle indices, nb::handle axis,
                    nb::handle dtype, nb::handle out) {
  const Ufunc& u = *self.u;
  // NumPy's order: the arity, the indices' shape, out=, the scalar, the axis, the indices'
  // type; their range and then the loop (with dtype=) are checked in ufunc_reduceat.
  scan_arity(u, "reduceat");
  nb::object host = host_indices(indices);
  out = out_arg(out);
  NDArray storage;
  NDArray a = to_array(array, storage);
  if (a.ndim() == 0) throw nb::type_error("cannot reduceat on a scalar");
  int64_t ax = single_axis(axis, a.ndim(), "reduceat");
  std::vector<int64_t> ix = to_indices(host);
  return finish(ufunc_reduceat(u, a, ix, ax, options(dtype, out, false)), out);
}

// The dtype accumulate gives for an input dtype (and dtype= / out= dtypes), without data.
nb::object scan_dtype(const PyUfunc& self, nb::handle in, nb::handle dtype, nb::handle out_dtype) {
  const Ufunc& u = *self.u;
  ScanOptions o;
  if (!dtype.is_none()) o.dtype = to_dtype(dtype);
  DType t = u.loops[scan_loop(u, to_dtype(in), o, "accumulate")].types[2];
  if (!out_dtype.is_none()) t = to_dtype(out_dtype);
  return numpy_dtype(t);
}

}  // namespace

void bind_scans(nb::module_& m) {
  nb::module_ sub = m.def_submodule("scan", "scans: cumulative sums, products and their dtypes");
  nb::handle ufunc = nb::type<PyUfunc>();
  nb::setattr(ufunc, "accumulate",
              nb::cpp_function(&accumulate, nb::is_method(), nb::name("accumulate"),
                               nb::arg("array"), nb::arg("axis").none() = 0,
                               nb::arg("dtype").none() = nb::none(),
                               nb::arg("out").none() = nb::none()));
  nb::setattr(ufunc, "reduceat",
              nb::cpp_function(&reduceat, nb::is_method(), nb::name("reduceat"), nb::arg("array"),
                               nb::arg("indices"), nb::arg("axis").none() = 0,
                               nb::arg("dtype").none() = nb::none(),
                               nb::arg("out").none() = nb::none()));
  sub.def("scan", &scan, nb::arg("ufunc"), nb::arg("a"), nb::arg("axis").none(),
          nb::arg("dtype").none(), nb::arg("out").none(), nb::arg("nan") = false);
  sub.def("dtype", &scan_dtype, nb::arg("ufunc"), nb::arg("in_dtype"), nb::arg("dtype").none(),
          nb::arg("out_dtype").none());
}

}  // namespace cunp::py
