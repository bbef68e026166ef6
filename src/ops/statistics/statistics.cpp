// src/ops/statistics/statistics.cpp -- the statistics functions of the C++ API (mean, var, std, nansum,
// nanmean, nanvar, nanstd): axes, result dtype and output, then one launch of the table's op.
#include <cmath>
#include <string>

#include "cunp/array/shape.hpp"
#include "cunp/ops/creation/copy.hpp"
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
  Dims shape = reduced_shape(a, axes, keepdims);
  if (!out.defined()) return NDArray::empty(shape, dtype, Order::C, a.device());
  if (out.shape() != shape)
    throw ValueError(std::string(what) + ": out has shape " + shape_str(out.shape()) +
                     ", the result has shape " + shape_str(shape));
  if (out.dtype() != dtype)
    throw TypeError(std::string(what) + ": out has dtype " + name(out.dtype()) +
                    ", the result has dtype " + name(dtype));
  return out;
}

double checked_ddof(const char* what, double ddof) {
  if (!std::isfinite(ddof)) throw ValueError(std::string(what) + ": ddof must be finite");
  return ddof;
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

NDArray moments(const char* what, const NDArray& a, const Axis& axis, double ddof, bool keepdims,
                NDArray out, bool root) {
  std::vector<int> axes = normalize_axes(axis, a.ndim());
  ddof = checked_ddof(what, ddof);
  return run(Statistic::Var, what, a, axes, keepdims, statistic_accumulator(a.dtype()),
             statistic_result_dtype(Statistic::Var, a.dtype()), std::move(out), ddof, root);
}

NDArray nan_moments(const char* what, const NDArray& a, const Axis& axis, double ddof,
                    bool keepdims, NDArray out, NDArray* bad, bool root) {
  std::vector<int> axes = nan_axes(a, axis);
  ddof = checked_ddof(what, ddof);
  if (!is_inexact(a.dtype())) {
    NDArray r = moments(what, a, as_axis(axes), ddof, keepdims, std::move(out), root);
    uniform_flag(bad, r, !(static_cast<double>(folded(a, axes)) - ddof > 0));
    return r;
  }
  return run(Statistic::NanVar, what, a, axes, keepdims, statistic_accumulator(a.dtype()),
             statistic_result_dtype(Statistic::NanVar, a.dtype()), std::move(out), ddof, root, bad);
}

}  // namespace

NDArray mean(const NDArray& a, const Axis& axis, bool keepdims, std::optional<DType> dtype,
             NDArray out) {
  std::vector<int> axes = normalize_axes(axis, a.ndim());
  DType res = statistic_result_dtype(Statistic::Mean, a.dtype());
  if (dtype) {
    if (!is_inexact(*dtype))
      throw TypeError(std::string("mean: dtype must be a float or complex type, not ") +
                      name(*dtype));
    if (is_complex(a.dtype()) && !is_complex(*dtype))
      throw TypeError(std::string("mean: a complex input needs a complex dtype (") + name(*dtype) +
                      " would drop the imaginary parts)");
    res = *dtype;
  }
  return run(Statistic::Mean, "mean", a, axes, keepdims, statistic_accumulator(res), res,
             std::move(out));
}

NDArray var(const NDArray& a, const Axis& axis, double ddof, bool keepdims, NDArray out) {
  return moments("var", a, axis, ddof, keepdims, std::move(out), false);
}

NDArray std(const NDArray& a, const Axis& axis, double ddof, bool keepdims, NDArray out) {
  return moments("std", a, axis, ddof, keepdims, std::move(out), true);
}

NDArray nansum(const NDArray& a, const Axis& axis, bool keepdims, NDArray out) {
  std::vector<int> axes = nan_axes(a, axis);
  if (!is_inexact(a.dtype())) {
    ReduceArgs args;
    args.axis = as_axis(axes);
    args.keepdims = keepdims;
    args.out = std::move(out);
    return sum(a, args);
  }
  return run(Statistic::NanSum, "nansum", a, axes, keepdims, statistic_accumulator(a.dtype()),
             statistic_result_dtype(Statistic::NanSum, a.dtype()), std::move(out));
}

NDArray nanmean(const NDArray& a, const Axis& axis, bool keepdims, NDArray out, NDArray* empty) {
  std::vector<int> axes = nan_axes(a, axis);
  if (!is_inexact(a.dtype())) {
    NDArray r = mean(a, as_axis(axes), keepdims, std::nullopt, std::move(out));
    uniform_flag(empty, r, folded(a, axes) == 0);
    return r;
  }
  return run(Statistic::NanMean, "nanmean", a, axes, keepdims, statistic_accumulator(a.dtype()),
             statistic_result_dtype(Statistic::NanMean, a.dtype()), std::move(out), 0.0, false,
             empty);
}

NDArray nanvar(const NDArray& a, const Axis& axis, double ddof, bool keepdims, NDArray out,
               NDArray* bad) {
  return nan_moments("nanvar", a, axis, ddof, keepdims, std::move(out), bad, false);
}

NDArray nanstd(const NDArray& a, const Axis& axis, double ddof, bool keepdims, NDArray out,
               NDArray* bad) {
  return nan_moments("nanstd", a, axis, ddof, keepdims, std::move(out), bad, true);
}

}  // namespace cunp
