// src/ops/statistics/plan.cpp -- the statistics' plan: NumPy's result and sum dtypes, the count
// per output, and whether the one-pass kernel runs or a composition follows the plan. Every
// statistic's dtype rule is here and nowhere else (Python's compositions read the plan).
#include <algorithm>
#include <string>

#include "cunp/ops/reduction/reduction.hpp"
#include "cunp/ops/statistics/plan.hpp"
#include "cunp/ops/ufunc/ufunc.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

bool kind_in(char k, const char* set) {
  return k != 0 && std::string(set).find(k) != std::string::npos;
}

bool is_moments(Statistic s) { return s == Statistic::Var || s == Statistic::NanVar; }

// NumPy's result dtype with no out=: dtype= where given, else the statistic's own rule.
std::optional<DType> result_dtype(const StatisticCall& c, Statistic kind) {
  if (c.dtype_foreign) return std::nullopt;
  if (c.dtype_arg) return *c.dtype_arg;
  const DType t = c.dtype;
  switch (kind) {
    case Statistic::NanSum:
      return ufunc_reduce_dtype(*find_ufunc("add"), t);  // sum's rule
    // var sums the squares |x - mean|**2, real for complex x; the mean of ints is float64.
    case Statistic::Var:
    case Statistic::NanVar: return statistic_result_dtype(Statistic::Var, t);
    default: return statistic_result_dtype(Statistic::Mean, t);
  }
}

// Whether the kernel can fold in what dtype= asks (nullopt dtype=: always).
bool kernel_takes_dtype(const StatisticCall& c, Statistic kind) {
  if (c.dtype_foreign) return false;
  if (!c.dtype_arg) return true;
  const DType d = *c.dtype_arg;
  // mean accumulates in a float or complex dtype= and returns it; a complex input into a real
  // dtype= drops its imaginary parts with a warning (the composition's).
  if (kind == Statistic::Mean) return is_inexact(d) && (!is_complex(c.dtype) || is_complex(d));
  // var's kernel writes a float input's own dtype (NumPy: a complex dtype= gives a complex var)
  if (kind == Statistic::Var) return d == c.dtype && is_float(d);
  return false;  // the nan-functions' kernels fold in their own accumulator only
}

}  // namespace

const char* plan_need_name(PlanNeed n) {
  switch (n) {
    case PlanNeed::None: return "none";
    case PlanNeed::Where: return "where";
    case PlanNeed::Mean: return "mean";
    case PlanNeed::Initial: return "initial";
    case PlanNeed::Foreign: return "foreign";
    case PlanNeed::Subclass: return "subclass";
    case PlanNeed::DType: return "dtype";
    case PlanNeed::Out: return "out";
    case PlanNeed::Ddof: return "ddof";
    default: return "disabled";
  }
}

void check_statistic_types(const StatisticCall& c) {
  if (!is_inexact(c.dtype) || (c.kind != Statistic::NanMean && c.kind != Statistic::NanVar)) return;
  if (c.dtype_kind && !kind_in(c.dtype_kind, "fc"))
    throw TypeError("If a is inexact, then dtype must be inexact");
  if (c.out_kind && !kind_in(c.out_kind, "fc"))
    throw TypeError("If a is inexact, then out must be inexact");
}

StatisticPlan plan_statistic(const StatisticCall& c) {
  StatisticPlan p;
  const DType t = c.dtype;
  const bool inexact = is_inexact(t);
  // NumPy's nan-functions look for NaN only in float and complex input; bool and integer input
  // is handed to mean and var as it is.
  p.kind = c.kind;
  if (!inexact && c.kind == Statistic::NanMean) p.kind = Statistic::Mean;
  if (!inexact && c.kind == Statistic::NanVar) p.kind = Statistic::Var;
  p.root = c.root && is_moments(p.kind);
  check_statistic_types(c);

  p.axes = c.axes;
  p.keepdims = c.keepdims;
  std::sort(p.axes.begin(), p.axes.end());
  p.count = 1;
  for (int x : p.axes) p.count *= c.shape[x];
  std::vector<bool> red(c.shape.size(), false);
  for (int x : p.axes) red[x] = true;
  for (int d = 0; d < c.shape.size(); ++d)
    if (!red[d]) p.result_shape.push_back(c.shape[d]);
    else if (c.keepdims) p.result_shape.push_back(1);

  // The dtype= of the composition's sums: NumPy's mean and var sum bool and integer input in
  // float64, and mean sums float16 in float32 (written back as float16).
  const bool given_dtype = c.dtype_arg || c.dtype_foreign;
  if (c.dtype_arg) p.sum_dtype = *c.dtype_arg;
  else if (!given_dtype && !inexact && (p.kind == Statistic::Mean || p.kind == Statistic::Var))
    p.sum_dtype = DType::Float64;
  else if (!given_dtype && p.kind == Statistic::Mean && t == DType::Float16)
    p.sum_dtype = DType::Float32;
  p.half_result = p.kind == Statistic::Mean && t == DType::Float16 && !given_dtype && !c.out_given;
  // The kernel writes the statistic's own result dtype: an out= of another dtype is cast into
  // by the composition (NumPy's sums choose their loop from out= there).
  const std::optional<DType> own = result_dtype(c, p.kind);
  p.result_dtype = c.out_given ? c.out_dtype : own;
  p.accumulator = statistic_accumulator(
      p.kind == Statistic::Mean && c.dtype_arg && is_inexact(*c.dtype_arg) ? *c.dtype_arg : t);

  // ComplexWarning: a real (int or float) dtype= sums a complex input's real part; a real out=
  // of mean, nanmean and nansum casts the complex sum into it, where cunp's own sum warns
  // itself (so only a stand-in's composition must).
  if (is_complex(t)) {
    p.real_sum = kind_in(c.dtype_kind, "iuf");
    const bool sums_into_out = !is_moments(p.kind);
    p.complex_warning = p.real_sum ||
                        (sums_into_out && !given_dtype && c.foreign && kind_in(c.out_kind, "iuf"));
  }

  const bool out_fits = !c.out_given || (c.out_exact && c.out_dtype && own &&
                                         *c.out_dtype == *own && c.out_shape == p.result_shape);
  if (c.where_given) p.need = PlanNeed::Where;
  else if (c.mean_given) p.need = PlanNeed::Mean;
  else if (c.initial_given) p.need = PlanNeed::Initial;
  else if (c.foreign) p.need = PlanNeed::Foreign;
  else if (c.subclass) p.need = PlanNeed::Subclass;
  else if (!kernel_takes_dtype(c, p.kind)) p.need = PlanNeed::DType;
  else if (!out_fits) p.need = PlanNeed::Out;
  else if (is_moments(p.kind) && !c.ddof) p.need = PlanNeed::Ddof;
  else if (!c.one_pass) p.need = PlanNeed::Disabled;
  return p;
}

}  // namespace cunp
