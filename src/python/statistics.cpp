// src/python/statistics.cpp -- bindings of the one-launch statistics (cunp/ops/statistics.hpp)
// for cunp._statistics._stat_kernels: each takes NumPy's arguments and returns None where the composition
// in cunp._statistics._averages must run instead (a dtype= or out= other than the natural one, ...).
#include <Python.h>

#include <cmath>

#include "common.hpp"
#include "cunp/ops/statistics/statistics.hpp"

namespace cunp::py {
namespace {

using Axis = std::optional<std::vector<int64_t>>;

Axis as_axis(const std::vector<int>& axes) {
  return std::vector<int64_t>(axes.begin(), axes.end());
}

// out= as the one launch writes it: None, or a cunp.ndarray (not a subclass) of exactly the
// result's shape and dtype, set into `o`; false where the composition must cast into it.
bool out_fits(nb::handle out, const NDArray& a, const std::vector<int>& axes, bool keepdims,
              DType dtype, NDArray& o) {
  if (out.is_none()) return true;
  if (!out.type().is(nb::type<PyArray>())) return false;
  const NDArray& x = unwrap(out).a;
  const int nd = keepdims ? a.ndim() : a.ndim() - static_cast<int>(axes.size());
  if (x.dtype() != dtype || x.ndim() != nd) return false;
  std::vector<bool> red(a.ndim(), false);
  for (int d : axes) red[d] = true;
  for (int d = 0, k = 0; d < a.ndim(); ++d) {
    if (red[d] && !keepdims) continue;
    if (x.shape()[k++] != (red[d] ? 1 : a.shape()[d])) return false;
  }
  o = x;
  return true;
}

// ddof as a finite float, or none (the composition then gives NumPy's error or NaN).
std::optional<double> finite_ddof(nb::handle h) {
  const double v = PyFloat_AsDouble(h.ptr());
  if (v == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    return std::nullopt;
  }
  if (!std::isfinite(v)) return std::nullopt;
  return v;
}

// dtype= converted, or none where cunp has no such dtype (left to the composition's error).
std::optional<DType> dtype_arg(nb::handle h) {
  try {
    return to_dtype(h);
  } catch (const std::exception&) {  // (nb::python_error too: the error is dropped with it)
    return std::nullopt;
  }
}

nb::object result(NDArray r, nb::handle out) {
  return out.is_none() ? wrap(std::move(r)) : nb::borrow(out);
}

nb::object stat_mean(nb::handle arr, nb::handle axis, nb::handle dtype, nb::handle out,
                     bool keepdims) {
  const NDArray& a = unwrap(arr).a;
  std::optional<DType> dt;
  if (!dtype.is_none()) {
    // A complex input into a real dtype= drops imaginary parts with a warning: the composition's.
    dt = dtype_arg(dtype);
    if (!dt || !is_inexact(*dt) || (is_complex(a.dtype()) && !is_complex(*dt))) return nb::none();
  }
  const std::vector<int> axes = reduction_axes(axis, a.ndim(), false);
  NDArray o;
  if (!out_fits(out, a, axes, keepdims,
                dt ? *dt : statistic_result_dtype(Statistic::Mean, a.dtype()), o))
    return nb::none();
  return result(mean(a, as_axis(axes), keepdims, dt, std::move(o)), out);
}

nb::object stat_var(nb::handle arr, nb::handle axis, nb::handle dtype, nb::handle out,
                    nb::handle ddof, bool keepdims, bool root) {
  const NDArray& a = unwrap(arr).a;
  if (!dtype.is_none()) {
    std::optional<DType> dt = dtype_arg(dtype);
    if (!dt || *dt != a.dtype()) return nb::none();
  }
  std::optional<double> d = finite_ddof(ddof);
  if (!d) return nb::none();
  const std::vector<int> axes = reduction_axes(axis, a.ndim(), false);
  NDArray o;
  if (!out_fits(out, a, axes, keepdims, statistic_result_dtype(Statistic::Var, a.dtype()), o))
    return nb::none();
  NDArray r = root ? cunp::std(a, as_axis(axes), *d, keepdims, std::move(o))
                   : var(a, as_axis(axes), *d, keepdims, std::move(o));
  return result(std::move(r), out);
}

// The NaN-skipping kernels take float and complex input only (bool and integer input is the
// composition's: sum's dtype rules, mean's warnings).
nb::object stat_nansum(nb::handle arr, nb::handle axis, nb::handle out, bool keepdims) {
  const NDArray& a = unwrap(arr).a;
  if (!is_inexact(a.dtype())) return nb::none();
  const std::vector<int> axes = reduction_axes(axis, a.ndim(), true);
  NDArray o;
  if (!out_fits(out, a, axes, keepdims, a.dtype(), o)) return nb::none();
  return result(nansum(a, as_axis(axes), keepdims, std::move(o)), out);
}

nb::object stat_nanmean(nb::handle arr, nb::handle axis, nb::handle out, bool keepdims) {
  const NDArray& a = unwrap(arr).a;
  if (!is_inexact(a.dtype())) return nb::none();
  const std::vector<int> axes = reduction_axes(axis, a.ndim(), true);
  NDArray o, empty;
  if (!out_fits(out, a, axes, keepdims, a.dtype(), o)) return nb::none();
  nb::object r = result(nanmean(a, as_axis(axes), keepdims, std::move(o), &empty), out);
  return nb::make_tuple(r, wrap(std::move(empty)));
}

nb::object stat_nanvar(nb::handle arr, nb::handle axis, nb::handle out, nb::handle ddof,
                       bool keepdims, bool root) {
  const NDArray& a = unwrap(arr).a;
  if (!is_inexact(a.dtype())) return nb::none();
  std::optional<double> d = finite_ddof(ddof);
  if (!d) return nb::none();
  const std::vector<int> axes = reduction_axes(axis, a.ndim(), true);
  NDArray o, bad;
  if (!out_fits(out, a, axes, keepdims, statistic_result_dtype(Statistic::NanVar, a.dtype()), o))
    return nb::none();
  NDArray r = root ? nanstd(a, as_axis(axes), *d, keepdims, std::move(o), &bad)
                   : nanvar(a, as_axis(axes), *d, keepdims, std::move(o), &bad);
  return nb::make_tuple(result(std::move(r), out), wrap(std::move(bad)));
}

std::string stat_source(const std::string& kind, nb::handle in_dtype, nb::list out_dtypes,
                        double ddof, bool root, int strategy, int kept_ndim, int reduced_ndim,
                        int vec) {
  ReduceSignature sig;
  for (nb::handle h : out_dtypes) sig.outputs.push_back(to_dtype(h));
  sig.strategy = static_cast<ReduceStrategy>(strategy);
  sig.kept_ndim = kept_ndim;
  sig.reduced_ndim = reduced_ndim;
  sig.vec = vec;
  return statistic_source(statistic_from_name(kind), to_dtype(in_dtype), sig, ddof, root);
}

}  // namespace

void bind_statistics(nb::module_& m) {
  nb::module_ sub = m.def_submodule("statistics", "one-launch statistics and histograms");
  auto none = nb::none();
  // The table's ops, handed out by reference: the same object for the same cached op.
  nb::class_<ReductionOp>(m, "_StatisticOp").def_ro("name", &ReductionOp::name);
  sub.def(
      "op",
      [](const std::string& kind, nb::handle acc, double ddof, bool root) -> const ReductionOp& {
        return statistic_op(statistic_from_name(kind), to_dtype(acc), ddof, root);
      },
      nb::arg("kind"), nb::arg("acc"), nb::arg("ddof") = 0.0, nb::arg("root") = false,
      nb::rv_policy::reference,
      "The cached engine op of a statistic (mean, nansum, nanmean, var, nanvar) folding in `acc`.");
  sub.def("source", &stat_source, nb::arg("kind"), nb::arg("in_dtype"), nb::arg("out_dtypes"),
          nb::arg("ddof") = 0.0, nb::arg("root") = false, nb::arg("strategy") = 0,
          nb::arg("kept_ndim") = 0, nb::arg("reduced_ndim") = 1, nb::arg("vec") = 1,
          "The CUDA source of a statistic for these dtypes and engine layout (compiled by tests).");
  sub.def("mean", &stat_mean, nb::arg("a"), nb::arg("axis").none(), nb::arg("dtype").none() = none,
          nb::arg("out").none() = none, nb::arg("keepdims") = false);
  sub.def("var", &stat_var, nb::arg("a"), nb::arg("axis").none(), nb::arg("dtype").none() = none,
          nb::arg("out").none() = none, nb::arg("ddof") = 0, nb::arg("keepdims") = false,
          nb::arg("root") = false);
  sub.def("nansum", &stat_nansum, nb::arg("a"), nb::arg("axis").none(),
          nb::arg("out").none() = none, nb::arg("keepdims") = false);
  sub.def("nanmean", &stat_nanmean, nb::arg("a"), nb::arg("axis").none(),
          nb::arg("out").none() = none, nb::arg("keepdims") = false);
  sub.def("nanvar", &stat_nanvar, nb::arg("a"), nb::arg("axis").none(),
          nb::arg("out").none() = none, nb::arg("ddof") = 0, nb::arg("keepdims") = false,
          nb::arg("root") = false);
}

}  // namespace cunp::py
