// src/python/blas.cpp -- bindings of the matrix products on cuBLAS: matmul (function, with
// NumPy's axes=/axis=, and the @, @= operators on ndarray), the TF32 switch, and cuBLAS's
// availability.
#include "common.hpp"
#include "cunp/linalg/products.hpp"
#include "gufunc_axes.hpp"
#include "ufunc_args.hpp"

namespace cunp::py {
namespace {

// A matmul operand: a cunp array, a list/tuple (copied to the device), or a scalar, which
// stands as a 0-d operand so matmul raises NumPy's "not enough dimensions" error. False for
// objects the operators leave to the other operand (NotImplemented).
bool to_operand(nb::handle h, NDArray& storage, const NDArray*& out) {
  UfuncArg arg;
  if (!to_ufunc_arg(h, arg, storage)) return false;
  if (arg.array) {
    out = arg.array;
  } else {
    storage = NDArray();  // 0-d, never read: matmul rejects it before looking at the data
    out = &storage;
  }
  return true;
}

// NumPy's axes=/axis= (rare): the named axes of each operand (and of out) are moved last, the
// product runs on those views, and the result's core axes are moved back (gufunc_axes.hpp).
nb::object matmul_on_axes(nb::handle x1, nb::handle x2, nb::handle out, nb::handle casting,
                          nb::handle dtype, nb::handle axes, nb::handle axis) {
  static const GufuncSignature sig("matmul", "(n?,k),(k,m?)->(n?,m?)");
  nb::list list = gufunc_axes_list(sig, axes, axis);
  nb::handle given = out;
  if (nb::isinstance<nb::tuple>(out)) {
    if (nb::len(out) != 1)
      throw nb::value_error("The 'out' tuple must have exactly one entry per ufunc output");
    given = nb::borrow<nb::tuple>(out)[0];
  }
  NDArray s1, s2;
  const NDArray *a = nullptr, *b = nullptr;
  if (!to_operand(x1, s1, a)) unsupported_operand(x1);
  if (!to_operand(x2, s2, b)) unsupported_operand(x2);
  GufuncAxes plan = gufunc_core_axes(sig, list, {a->ndim(), b->ndim()});
  NDArray ma = plan.inputs[0] ? a->transpose(*plan.inputs[0]) : *a;
  NDArray mb = plan.inputs[1] ? b->transpose(*plan.inputs[1]) : *b;
  Casting c = casting.is_none() ? Casting::SameKind
                                : casting_from_string(nb::cast<std::string>(casting));
  std::optional<DType> dt;
  if (!dtype.is_none()) dt = to_dtype(dtype);
  if (!given.is_none()) {
    if (!is_array(given)) throw nb::type_error("return arrays must be of ArrayType");
    const NDArray& o = unwrap(given).a;
    std::optional<std::vector<int64_t>> p = gufunc_out_axes(sig, plan, o.ndim(), false);
    NDArray mo = p ? o.transpose(*p) : o;
    matmul(ma, mb, &mo, dt, c);
    return nb::borrow(given);
  }
  NDArray r = matmul(ma, mb, nullptr, dt, c);
  std::optional<std::vector<int64_t>> p = gufunc_out_axes(sig, plan, r.ndim(), true);
  return wrap(p ? r.transpose(*p) : std::move(r));
}

nb::object matmul_fn(nb::handle x1, nb::handle x2, nb::handle out, nb::handle casting,
                     nb::handle order, nb::handle dtype, nb::handle subok, nb::handle axes,
                     nb::handle axis) {
  if (!axes.is_none() || !axis.is_none())
    return matmul_on_axes(x1, x2, out, casting, dtype, axes, axis);
  NDArray s1, s2;
  const NDArray *a = nullptr, *b = nullptr;
  if (!to_operand(x1, s1, a)) unsupported_operand(x1);
  if (!to_operand(x2, s2, b)) unsupported_operand(x2);
  nb::handle given = out;
  if (nb::isinstance<nb::tuple>(out)) {
    if (nb::len(out) != 1)
      throw nb::value_error("The 'out' tuple must have exactly one entry per ufunc output");
    given = nb::borrow<nb::tuple>(out)[0];
  }
  const NDArray* o = nullptr;
  if (!given.is_none()) {
    if (!is_array(given)) throw nb::type_error("return arrays must be of ArrayType");
    o = &unwrap(given).a;
  }
  Casting c = casting.is_none() ? Casting::SameKind
                                : casting_from_string(nb::cast<std::string>(casting));
  std::optional<DType> dt;
  if (!dtype.is_none()) dt = to_dtype(dtype);
  (void)order;
  (void)subok;
  NDArray r = matmul(*a, *b, o, dt, c);
  if (o) return nb::borrow(given);
  return wrap(std::move(r));
}

nb::object matmul_operator(nb::handle self, nb::handle other, bool reflected) {
  NDArray s1, s2;
  const NDArray *a = nullptr, *b = nullptr;
  if (!to_operand(self, s1, a) || !to_operand(other, s2, b)) return nb::borrow(Py_NotImplemented);
  if (reflected) std::swap(a, b);
  return wrap(matmul(*a, *b));
}

nb::object imatmul_operator(nb::handle self, nb::handle other) {
  NDArray s2;
  const NDArray* b = nullptr;
  if (!to_operand(other, s2, b)) return nb::borrow(Py_NotImplemented);
  matmul_inplace(unwrap(self).a, *b);
  return nb::borrow(self);
}

}  // namespace

void bind_blas(nb::module_& m) {
  // The area's one-line doc is given in solver.cpp.
  nb::module_ sub = m.def_submodule("linalg");
  m.def("matmul", &matmul_fn, nb::arg("x1").none(), nb::arg("x2").none(),
        nb::arg("out").none() = nb::none(), nb::kw_only(),
        nb::arg("casting").none() = nb::str("same_kind"), nb::arg("order").none() = nb::str("K"),
        nb::arg("dtype").none() = nb::none(), nb::arg("subok").none() = nb::bool_(true),
        nb::arg("axes").none() = nb::none(), nb::arg("axis").none() = nb::none(),
        "NumPy's matmul: matrix product of two arrays (stacks broadcast).");
  nb::handle cls = nb::type<PyArray>();
  cls.attr("__matmul__") = nb::cpp_function(
      [](nb::handle self, nb::handle other) { return matmul_operator(self, other, false); },
      nb::is_method(), nb::arg("other").none());
  cls.attr("__rmatmul__") = nb::cpp_function(
      [](nb::handle self, nb::handle other) { return matmul_operator(self, other, true); },
      nb::is_method(), nb::arg("other").none());
  cls.attr("__imatmul__") = nb::cpp_function(&imatmul_operator, nb::is_method(),
                                             nb::arg("other").none());
  sub.def(
      "set_allow_tf32", [](bool allow) { set_allow_tf32(allow); }, nb::arg("allow"));
  sub.def("allow_tf32", []() { return allow_tf32(); });
  sub.def("cublas_available", []() { return cublas_available(); });
  bind_gufunc_axes(m);
}

}  // namespace cunp::py
