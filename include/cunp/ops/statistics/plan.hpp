// cunp/ops/statistics/plan.hpp -- the one owner of the statistics' NumPy rules (mean, var, std,
// nansum, nanmean, nanvar, nanstd): the dtypes they sum in and return, the elements folded per
// output, and whether the one-pass kernel can run or a composition must follow the plan.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "cunp/array/dtype.hpp"
#include "cunp/array/shape.hpp"
#include "cunp/ops/statistics/statistics.hpp"

namespace cunp {

// Why a composition of sums and ufuncs runs instead of the one-pass kernel (None: the kernel
// runs). The order is the order in which they are looked for.
enum class PlanNeed : uint8_t {
  None,
  Where,     // a where= mask: the counts are per output, on the device
  Mean,      // var's mean= is given
  Initial,   // nansum's initial=
  Foreign,   // the input is not a cunp.ndarray (a NumPy array where tests stand NumPy in)
  Subclass,  // the input is a subclass of cunp.ndarray (its operators may differ)
  DType,     // a dtype= the kernel does not accumulate in
  Out,       // an out= the kernel does not write as it is (another dtype or shape, a subclass)
  Ddof,      // a ddof that is not a finite number
  Disabled,  // the caller asked for the composition (tests compare the two)
};
const char* plan_need_name(PlanNeed n);

// A call of one statistic, its arguments already converted: the input's shape and dtype, the
// axes normalized once (by the caller: the Python layer reads NumPy's axis forms).
struct StatisticCall {
  Statistic kind = Statistic::Mean;
  bool root = false;  // std, nanstd
  Dims shape;
  DType dtype = DType::Float64;
  std::vector<int> axes;
  bool keepdims = false;
  std::optional<DType> dtype_arg;  // dtype=
  bool dtype_foreign = false;      // dtype= names a type cunp lacks (the sum raises NumPy's error)
  char dtype_kind = 0;             // NumPy's kind of dtype= (also of a foreign one); 0: none
  bool out_given = false;
  std::optional<DType> out_dtype;  // out='s, where out= is an array of a cunp dtype
  char out_kind = 0;               // NumPy's kind of out='s dtype; 0: no out=, or no dtype
  Dims out_shape;
  bool out_exact = false;      // out= is a cunp.ndarray, not a subclass
  std::optional<double> ddof;  // a finite ddof; nullopt: not a number, or not finite
  bool where_given = false;
  bool mean_given = false;
  bool initial_given = false;
  bool foreign = false;  // the input is not a cunp.ndarray
  bool subclass = false;
  bool one_pass = true;  // false: always plan the composition
};

// The plan. `kind` is the statistic actually computed: nanmean, nanvar and nanstd of bool and
// integer input (which holds no NaN) are mean, var and std, as in NumPy.
struct StatisticPlan {
  Statistic kind = Statistic::Mean;
  bool root = false;
  std::vector<int> axes;  // sorted
  bool keepdims = false;
  Dims result_shape;
  int64_t count = 0;                   // elements folded per output (without where=)
  std::optional<DType> sum_dtype;      // the dtype= of the composition's sums (nullopt: none)
  std::optional<DType> result_dtype;   // the result's (out='s where given); nullopt: unknown
  DType accumulator = DType::Float64;  // the kernel's fold type
  bool half_result = false;            // mean of float16: summed in float32, written float16
  bool real_sum = false;               // complex input summed in a real dtype=: its real part
  bool complex_warning = false;        // the composition issues NumPy's ComplexWarning
  PlanNeed need = PlanNeed::None;
};

// NumPy's TypeError for a dtype= or out= that is not float or complex, where nanmean, nanvar or
// nanstd gets float or complex input (checked before the axes, as NumPy does).
void check_statistic_types(const StatisticCall& c);

// The plan of a call: NumPy's result-dtype rules, its TypeErrors for a nan-function's integer
// dtype= or out= on inexact input, and the choice between the kernel and the composition.
StatisticPlan plan_statistic(const StatisticCall& call);

// Runs a plan whose need is None: one launch of the table's op into `out` (undefined: a new
// array); `flag` receives nanmean's and nanvar's per-output bool (see statistics.hpp).
NDArray run_statistic(const StatisticPlan& plan, const NDArray& a, double ddof, NDArray out = {},
                      NDArray* flag = nullptr);

}  // namespace cunp
