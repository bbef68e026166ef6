// src/python/statistics.cpp -- the statistics' one entry from Python (cunp._statistics._averages):
// _core.statistics.run takes NumPy's arguments once, normalizes the axes and plans the call
// (cunp/ops/statistics/plan.hpp), issues the warnings the host can decide, and either launches
// the one-pass kernel or returns the Plan that the composition follows.
#include <Python.h>

#include <cmath>

#include "common.hpp"
#include "cunp/ops/creation/transfer.hpp"
#include "cunp/ops/statistics/plan.hpp"
#include "cunp/ops/statistics/statistics.hpp"

namespace cunp::py {
namespace {

// A plan as Python reads it: the C++ plan, with the user's dtype= where cunp has no such type
// (the composition's sum then raises NumPy's error) and the ddof that correction= resolved.
struct PyPlan {
  StatisticPlan plan;
  nb::object foreign_dtype;
  nb::object ddof;
};

void warn(PyObject* category, const char* message, int stacklevel) {
  if (PyErr_WarnEx(category, message, stacklevel) < 0) throw nb::python_error();
}

// NumPy's kind letter of a dtype-like object, or 0 where it has none (the caller raises or not).
char numpy_kind(nb::handle dtype_like, bool raise) {
  try {
    nb::object d = numpy().attr("dtype")(dtype_like);
    return nb::cast<std::string>(d.attr("kind"))[0];
  } catch (nb::python_error&) {
    if (raise) throw;
    return 0;
  }
}

void parse_kind(const std::string& name, StatisticCall& c) {
  c.root = name == "std" || name == "nanstd";
  c.kind = name == "std"      ? Statistic::Var
           : name == "nanstd" ? Statistic::NanVar
                              : statistic_from_name(name);
}

// The call's input, dtype= and out=. The input may be an array of another module (NumPy,
// standing in for cunp in the CPU tests): then only its shape and dtype are read.
void read_arrays(nb::handle arr, nb::handle dtype, nb::handle out, StatisticCall& c) {
  if (is_array(arr)) {
    const NDArray& a = unwrap(arr).a;
    c.shape = a.shape();
    c.dtype = a.dtype();
    c.subclass = !arr.type().is(nb::type<PyArray>());
  } else {
    c.foreign = true;
    c.shape = to_shape(arr.attr("shape"));
    c.dtype = to_dtype(arr.attr("dtype"));
  }
  const bool nan_inexact = is_inexact(c.dtype) &&
                           (c.kind == Statistic::NanMean || c.kind == Statistic::NanVar);
  if (!dtype.is_none()) {
    try {
      c.dtype_arg = to_dtype(dtype);
      c.dtype_kind = kind(*c.dtype_arg);
    } catch (const std::exception&) {  // (nb::python_error too: NumPy's error comes later)
      c.dtype_foreign = true;
      // NumPy's nanmean and nanvar read dtype= first: an unknown type raises there.
      c.dtype_kind = numpy_kind(dtype, nan_inexact);
    }
  }
  if (!out.is_none()) {
    c.out_given = true;
    if (nb::hasattr(out, "dtype")) {
      nb::object d = out.attr("dtype");
      c.out_kind = numpy_kind(d, false);
      try {
        c.out_dtype = to_dtype(d);
      } catch (const std::exception&) {
      }
    }
    c.out_exact = out.type().is(nb::type<PyArray>());
    if (c.out_exact) c.out_shape = unwrap(out).a.shape();
  }
}

// ddof, or correction= (the array API's name) where given; both given is NumPy's ValueError.
nb::object resolve_ddof(nb::handle ddof, nb::handle correction, bool correction_given) {
  if (!correction_given) return nb::borrow(ddof);
  nb::object zero = nb::int_(0);
  const int ne = PyObject_RichCompareBool(ddof.ptr(), zero.ptr(), Py_NE);
  if (ne < 0) throw nb::python_error();
  if (ne) throw ValueError("ddof and correction can't be provided simultaneously.");
  return nb::borrow(correction);
}

std::optional<double> finite(nb::handle h) {
  const double v = PyFloat_AsDouble(h.ptr());
  if (v == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    return std::nullopt;
  }
  if (!std::isfinite(v)) return std::nullopt;
  return v;
}

// Whether any element of a bool flag is set (one small transfer, where NumPy looks too).
bool any_set(const NDArray& flag) {
  NDArray r = any(flag);
  bool v = false;
  to_host(r, &v, Order::C);
  return v;
}

// The statistic `kind` (mean, var, std, nansum, nanmean, nanvar, nanstd) of `arr`: the result,
// or with launch=False (or where the kernel cannot serve the call) the Plan. stacklevel > 0:
// the warnings the host can decide are issued, `stacklevel` frames above the Python caller.
nb::object stat_run(const std::string& kind_name, nb::handle arr, nb::handle axis, nb::handle dtype,
                    nb::handle out, bool keepdims, nb::handle ddof, nb::handle correction,
                    bool correction_given, bool where_given, bool mean_given, bool initial_given,
                    bool one_pass, bool launch, int stacklevel) {
  StatisticCall c;
  parse_kind(kind_name, c);
  read_arrays(arr, dtype, out, c);
  // NumPy's order: a nan-function's dtype=/out= TypeError, then correction=, then the axes.
  check_statistic_types(c);
  const bool moments = c.kind == Statistic::Var || c.kind == Statistic::NanVar;
  nb::object d = moments ? resolve_ddof(ddof, correction, correction_given)
                         : nb::object(nb::int_(0));
  if (moments) c.ddof = finite(d);
  // The nan-functions of float and complex input and nansum are ufunc reductions in NumPy, as
  // are mean's and var's counts under where=: an axis 0 or -1 of a 0-d array reduces nothing.
  // Otherwise mean and var (and the nan-functions of other input, which NumPy hands to them)
  // count on the host and raise AxisError.
  const bool reduce_0d = where_given || c.kind == Statistic::NanSum ||
                         (c.kind != Statistic::Mean && c.kind != Statistic::Var &&
                          is_inexact(c.dtype));
  c.axes = reduction_axes(axis, static_cast<int>(c.shape.size()), reduce_0d);
  c.keepdims = keepdims;
  c.where_given = where_given;
  c.mean_given = mean_given;
  c.initial_given = initial_given;
  c.one_pass = one_pass;
  StatisticPlan p = plan_statistic(c);

  // NumPy's warnings where its count is a host number (no where=): an empty slice, ddof >= n.
  if (stacklevel > 0 && !where_given) {
    if (p.kind == Statistic::Mean && p.count == 0)
      warn(PyExc_RuntimeWarning, "Mean of empty slice", stacklevel);
    if (p.kind == Statistic::Var) {
      nb::object n = nb::int_(p.count);
      const int ge = PyObject_RichCompareBool(d.ptr(), n.ptr(), Py_GE);
      if (ge < 0) throw nb::python_error();
      if (ge) warn(PyExc_RuntimeWarning, "Degrees of freedom <= 0 for slice", stacklevel);
    }
  }
  if (!launch || p.need != PlanNeed::None)
    return nb::cast(PyPlan{std::move(p), c.dtype_foreign ? nb::borrow(dtype) : nb::none(), d});

  const NDArray& a = unwrap(arr).a;
  NDArray flag;
  const bool flagged = p.kind == Statistic::NanMean || p.kind == Statistic::NanVar;
  NDArray r = run_statistic(p, a, c.ddof.value_or(0.0), c.out_given ? unwrap(out).a : NDArray(),
                            flagged ? &flag : nullptr);
  if (flagged && stacklevel > 0 && any_set(flag))
    warn(PyExc_RuntimeWarning,
         p.kind == Statistic::NanMean ? "Mean of empty slice"
                                      : "Degrees of freedom <= 0 for slice.",
         stacklevel);
  return c.out_given ? nb::borrow(out) : wrap(std::move(r));
}

nb::object dtype_or_none(const std::optional<DType>& t) { return t ? numpy_dtype(*t) : nb::none(); }

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
  nb::class_<PyPlan>(sub, "Plan",
                     "How a statistic's composition runs: its axes, dtypes, count and why")
      .def_prop_ro("kind", [](const PyPlan& p) { return statistic_name(p.plan.kind); })
      .def_prop_ro("root", [](const PyPlan& p) { return p.plan.root; })
      .def_prop_ro("axes",
                   [](const PyPlan& p) {
                     nb::list l;
                     for (int x : p.plan.axes) l.append(x);
                     return nb::tuple(l);
                   })
      .def_prop_ro("count", [](const PyPlan& p) { return p.plan.count; })
      .def_prop_ro("sum_dtype",
                   [](const PyPlan& p) {
                     return p.foreign_dtype.is_none() ? dtype_or_none(p.plan.sum_dtype)
                                                      : p.foreign_dtype;
                   })
      .def_prop_ro("result_dtype",
                   [](const PyPlan& p) { return dtype_or_none(p.plan.result_dtype); })
      .def_prop_ro("half_result", [](const PyPlan& p) { return p.plan.half_result; })
      .def_prop_ro("real_sum", [](const PyPlan& p) { return p.plan.real_sum; })
      .def_prop_ro("complex_warning", [](const PyPlan& p) { return p.plan.complex_warning; })
      .def_prop_ro("ddof", [](const PyPlan& p) { return p.ddof; })
      .def_prop_ro("need", [](const PyPlan& p) { return plan_need_name(p.plan.need); });
  sub.def("run", &stat_run, nb::arg("kind"), nb::arg("a"), nb::arg("axis").none() = none,
          nb::arg("dtype").none() = none, nb::arg("out").none() = none, nb::arg("keepdims") = false,
          nb::arg("ddof").none() = nb::int_(0), nb::arg("correction").none() = none,
          nb::arg("correction_given") = false, nb::arg("where_given") = false,
          nb::arg("mean_given") = false, nb::arg("initial_given") = false,
          nb::arg("one_pass") = true, nb::arg("launch") = true, nb::arg("stacklevel") = 0,
          "A statistic in one launch, or the Plan its composition follows (launch=False: the "
          "Plan only).");
}

}  // namespace cunp::py
