// src/ops/statistics/statistics.cpp -- the statistics functions of the C++ API (mean, var, std, nansum,
// nanmean, nanvar, nanstd): axes normalized once, the plan (plan.cpp) for the dtypes, then one
// launch of the table's op (run_statistic, which the Python binding calls with its own plan).
#include <cmath>
#include <string>

#include "cunp/array/shape.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/statistics/plan.hpp"
#include "cunp/ops/statistics/statistics.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

using Axis = std::optional<std::vector<int64_t>>;

// The NaN-skipping functions are ufunc reductions in NumPy, which take an axis of 0 or -1 on a
// 0-d array (reducing nothing); mean, var and std raise AxisError there.
std::vector<int> nan_axes(const NDArray& a, const Axis& axis) {
  if (a.ndim() == 0) {
    if (axis)
      for (int64_t x : *axis)
        if (x != 0 && x != -1) throw AxisError(x, 0);
    return {};
  }
  return normalize_axes(axis, a.ndim());
}

Axis as_axis(const std::vector<int>& axes) {
  return std::vector<int64_t>(axes.begin(), axes.end());
}

int64_t folded(const NDArray& a, const std::vector<int>& axes) {
  int64_t n = 1;
  for (int x : axes) n *= a.shape()[x];
  return n;
}

// The result array: `out` when it is exactly the result's shape and dtype, a new one when
// out is undefined.
NDArray result_array(const char* what, const NDArray& a, const std::vector<int>& axes,
                     bool keepdims, DType dtype, NDArray out) {
  if (!out.defined()) return reduction_result(a, axes, keepdims, dtype);
  Dims shape = reduced_shape(a, axes, keepdims);
  if (out.shape() != shape)
    throw ValueError(std::string(what) + ": out has shape " + shape_str(out.shape()) +
                     ", the result has shape " + shape_str(shape));
  if (out.dtype() != dtype)
    throw TypeError(std::string(what) + ": out has dtype " + name(out.dtype()) +
                    ", the result has dtype " + name(dtype));
  return out;
}

// One launch of the table's op for `s`, folding in `acc`, into a `res` result.
NDArray run(Statistic s, const char* what, const NDArray& a, const std::vector<int>& axes,
            bool keepdims, DType acc, DType res, NDArray out, double ddof = 0.0, bool root = false,
            NDArray* flag = nullptr) {
  NDArray o = result_array(what, a, axes, keepdims, res, std::move(out));
  const ReductionOp& op = statistic_op(s, acc, ddof, root);
  if (statistic_flag_output(s)) {
    NDArray f = NDArray::empty(o.shape(), DType::Bool, Order::C, a.device());
    reduce(op, {a}, {o, f}, axes, nullptr, a.shape());
    if (flag) *flag = std::move(f);
  } else {
    reduce(op, {a}, {o}, axes, nullptr, a.shape());
  }
  return o;
}

// The flag of a bool or integer input (no NaN): the same for every slice.
void uniform_flag(NDArray* flag, const NDArray& result, bool value) {
  if (!flag) return;
  *flag = NDArray::empty(result.shape(), DType::Bool, Order::C, result.device());
  fill(*flag, Scalar::from_bool(value, DType::Bool));
}

// The call of the C++ API: axes normalized here, once; out= must be the result itself.
StatisticCall api_call(Statistic s, const NDArray& a, std::vector<int> axes, bool keepdims,
                       const NDArray& out, double ddof = 0.0, bool root = false) {
  StatisticCall c;
  c.kind = s;
  c.root = root;
  c.shape = a.shape();
  c.dtype = a.dtype();
  c.axes = std::move(axes);
  c.keepdims = keepdims;
  if (out.defined()) {
    c.out_given = c.out_exact = true;
    c.out_dtype = out.dtype();
    c.out_kind = kind(out.dtype());
    c.out_shape = out.shape();
  }
  if (std::isfinite(ddof)) c.ddof = ddof;
  return c;
}

// The plan's launch. An out= of another dtype than the statistic's own gets the result cast
// into it under same_kind, as NumPy's sums write into out=; the shape must match exactly.
NDArray launch(const char* what, const StatisticCall& c, const NDArray& a, NDArray out, double ddof,
               NDArray* flag = nullptr) {
  StatisticPlan p = plan_statistic(c);
  if (p.need == PlanNeed::Ddof) throw ValueError(std::string(what) + ": ddof must be finite");
  if (p.need != PlanNeed::Out) return run_statistic(p, a, ddof, std::move(out), flag);
  result_array(what, a, p.axes, c.keepdims, *p.result_dtype, out);
  StatisticCall own = c;
  own.out_given = own.out_exact = false;
  own.out_dtype.reset();
  own.out_kind = 0;
  NDArray r = launch(what, own, a, NDArray(), ddof, flag);
  if (!can_cast(r.dtype(), out.dtype(), Casting::SameKind))
    throw TypeError(std::string(what) + ": cannot cast the result from " + name(r.dtype()) +
                    " to out's " + name(out.dtype()) + " with casting rule 'same_kind'");
  copy_to(out, r);
  return out;
}

NDArray moments(const char* what, const NDArray& a, const Axis& axis, double ddof, bool keepdims,
                NDArray out, bool root) {
  StatisticCall c = api_call(Statistic::Var, a, normalize_axes(axis, a.ndim()), keepdims, out, ddof,
                             root);
  return launch(what, c, a, std::move(out), ddof);
}

NDArray nan_moments(const char* what, const NDArray& a, const Axis& axis, double ddof,
                    bool keepdims, NDArray out, NDArray* bad, bool root) {
  StatisticCall c = api_call(Statistic::NanVar, a, nan_axes(a, axis), keepdims, out, ddof, root);
  NDArray r = launch(what, c, a, std::move(out), ddof, bad);
  if (!is_inexact(a.dtype()))
    uniform_flag(bad, r, !(static_cast<double>(folded(a, c.axes)) - ddof > 0));
  return r;
}

}  // namespace

NDArray mean(const NDArray& a, const Axis& axis, bool keepdims, std::optional<DType> dtype,
             NDArray out) {
  if (dtype) {
    if (!is_inexact(*dtype))
      throw TypeError(std::string("mean: dtype must be a float or complex type, not ") +
                      name(*dtype));
    if (is_complex(a.dtype()) && !is_complex(*dtype))
      throw TypeError(std::string("mean: a complex input needs a complex dtype (") + name(*dtype) +
                      " would drop the imaginary parts)");
  }
  StatisticCall c = api_call(Statistic::Mean, a, normalize_axes(axis, a.ndim()), keepdims, out);
  c.dtype_arg = dtype;
  if (dtype) c.dtype_kind = kind(*dtype);
  return launch("mean", c, a, std::move(out), 0.0);
}

NDArray var(const NDArray& a, const Axis& axis, double ddof, bool keepdims, NDArray out) {
  return moments("var", a, axis, ddof, keepdims, std::move(out), false);
}

NDArray std(const NDArray& a, const Axis& axis, double ddof, bool keepdims, NDArray out) {
  return moments("std", a, axis, ddof, keepdims, std::move(out), true);
}

NDArray nansum(const NDArray& a, const Axis& axis, bool keepdims, NDArray out) {
  std::vector<int> axes = nan_axes(a, axis);
  if (!is_inexact(a.dtype())) {  // NumPy's sum, with its casting into out=
    ReduceArgs args;
    args.axis = as_axis(axes);
    args.keepdims = keepdims;
    args.out = std::move(out);
    return sum(a, args);
  }
  StatisticCall c = api_call(Statistic::NanSum, a, std::move(axes), keepdims, out);
  return launch("nansum", c, a, std::move(out), 0.0);
}

NDArray nanmean(const NDArray& a, const Axis& axis, bool keepdims, NDArray out, NDArray* empty) {
  StatisticCall c = api_call(Statistic::NanMean, a, nan_axes(a, axis), keepdims, out);
  NDArray r = launch("nanmean", c, a, std::move(out), 0.0, empty);
  if (!is_inexact(a.dtype())) uniform_flag(empty, r, folded(a, c.axes) == 0);
  return r;
}

NDArray nanvar(const NDArray& a, const Axis& axis, double ddof, bool keepdims, NDArray out,
               NDArray* bad) {
  return nan_moments("nanvar", a, axis, ddof, keepdims, std::move(out), bad, false);
}

NDArray nanstd(const NDArray& a, const Axis& axis, double ddof, bool keepdims, NDArray out,
               NDArray* bad) {
  return nan_moments("nanstd", a, axis, ddof, keepdims, std::move(out), bad, true);
}

NDArray run_statistic(const StatisticPlan& p, const NDArray& a, double ddof, NDArray out,
                      NDArray* flag) {
  if (p.need != PlanNeed::None)
    throw ValueError(std::string("statistics: a plan that needs its composition (") +
                     plan_need_name(p.need) + ") cannot be launched");
  if (p.kind == Statistic::NanSum && !is_inexact(a.dtype())) {  // no NaN: NumPy's sum
    ReduceArgs args;
    args.axis = as_axis(p.axes);
    args.keepdims = p.keepdims;
    args.out = std::move(out);
    return sum(a, args);
  }
  return run(p.kind, statistic_name(p.kind), a, p.axes, p.keepdims, p.accumulator, *p.result_dtype,
             std::move(out), ddof, p.root, flag);
}

}  // namespace cunp
