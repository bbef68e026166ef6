// tests/cpp/statistics/test_plan.cpp -- the statistics' plan (cunp/ops/statistics/plan.hpp):
// NumPy's sum and result dtypes, the count per output, the nan-functions' TypeErrors and the
// choice between the one-pass kernel and the composition. Host only: no GPU needed.
#include <gtest/gtest.h>

#include "cunp/cunp.hpp"
#include "cunp/ops/statistics/plan.hpp"

using namespace cunp;

namespace {

StatisticCall call(Statistic s, DType t, std::vector<int> axes = {0}, Dims shape = {3, 4}) {
  StatisticCall c;
  c.kind = s;
  c.dtype = t;
  c.shape = std::move(shape);
  c.axes = std::move(axes);
  c.ddof = 0.0;
  return c;
}

void with_dtype(StatisticCall& c, DType d) {
  c.dtype_arg = d;
  c.dtype_kind = kind(d);
}

void with_out(StatisticCall& c, DType d, Dims shape) {
  c.out_given = c.out_exact = true;
  c.out_dtype = d;
  c.out_kind = kind(d);
  c.out_shape = std::move(shape);
}

}  // namespace

TEST(StatisticPlan, AxesCountAndShape) {
  StatisticCall c = call(Statistic::Mean, DType::Float32, {2, 0}, {2, 3, 5});
  c.keepdims = true;
  StatisticPlan p = plan_statistic(c);
  EXPECT_EQ(p.axes, (std::vector<int>{0, 2}));
  EXPECT_EQ(p.count, 10);
  EXPECT_EQ(p.result_shape, (Dims{1, 3, 1}));
  EXPECT_EQ(p.need, PlanNeed::None);
  EXPECT_EQ(plan_statistic(call(Statistic::Mean, DType::Float32, {}, {})).count, 1);
  EXPECT_EQ(plan_statistic(call(Statistic::Var, DType::Float32, {1}, {2, 0})).count, 0);
}

TEST(StatisticPlan, NumPysDtypes) {
  // mean and var of ints: summed and returned in float64; mean of float16: summed in float32,
  // written as float16; var of complex: the real type.
  StatisticPlan p = plan_statistic(call(Statistic::Mean, DType::Int16));
  EXPECT_EQ(p.sum_dtype, DType::Float64);
  EXPECT_EQ(p.result_dtype, DType::Float64);
  p = plan_statistic(call(Statistic::Mean, DType::Float16));
  EXPECT_EQ(p.sum_dtype, DType::Float32);
  EXPECT_EQ(p.result_dtype, DType::Float16);
  EXPECT_TRUE(p.half_result);
  EXPECT_EQ(p.accumulator, DType::Float32);
  p = plan_statistic(call(Statistic::Var, DType::Complex64));
  EXPECT_FALSE(p.sum_dtype);
  EXPECT_EQ(p.result_dtype, DType::Float32);
  p = plan_statistic(call(Statistic::Var, DType::Float16));
  EXPECT_FALSE(p.sum_dtype);
  EXPECT_EQ(p.result_dtype, DType::Float16);
  // nansum: sum's rule (small ints widen); the nan-functions of ints are mean and var
  EXPECT_EQ(plan_statistic(call(Statistic::NanSum, DType::Int8)).result_dtype, DType::Int64);
  EXPECT_EQ(plan_statistic(call(Statistic::NanSum, DType::UInt16)).result_dtype, DType::UInt64);
  EXPECT_EQ(plan_statistic(call(Statistic::NanMean, DType::Int32)).kind, Statistic::Mean);
  EXPECT_EQ(plan_statistic(call(Statistic::NanVar, DType::Bool)).kind, Statistic::Var);
  EXPECT_EQ(plan_statistic(call(Statistic::NanVar, DType::Complex128)).result_dtype,
            DType::Float64);
  // dtype= is the result's, for every statistic; var's complex dtype= gives a complex var
  StatisticCall c = call(Statistic::Var, DType::Float32);
  with_dtype(c, DType::Complex128);
  p = plan_statistic(c);
  EXPECT_EQ(p.result_dtype, DType::Complex128);
  EXPECT_EQ(p.need, PlanNeed::DType);
  c = call(Statistic::Mean, DType::Float64);
  with_dtype(c, DType::Int32);
  p = plan_statistic(c);
  EXPECT_EQ(p.sum_dtype, DType::Int32);
  EXPECT_EQ(p.result_dtype, DType::Int32);
  EXPECT_EQ(p.need, PlanNeed::DType);
  c = call(Statistic::Mean, DType::Float64);
  with_dtype(c, DType::Float32);
  p = plan_statistic(c);
  EXPECT_EQ(p.need, PlanNeed::None);  // the kernel folds in float32 and writes it
  EXPECT_EQ(p.accumulator, DType::Float32);
}

TEST(StatisticPlan, ComplexInputIntoRealTypes) {
  StatisticCall c = call(Statistic::Mean, DType::Complex64);
  with_dtype(c, DType::Float64);
  StatisticPlan p = plan_statistic(c);
  EXPECT_TRUE(p.real_sum);
  EXPECT_TRUE(p.complex_warning);
  EXPECT_EQ(p.need, PlanNeed::DType);
  // a real out=: cunp's own sum warns as it casts; only a foreign module's composition must
  c = call(Statistic::Mean, DType::Complex64);
  with_out(c, DType::Float64, {4});
  p = plan_statistic(c);
  EXPECT_FALSE(p.real_sum);
  EXPECT_FALSE(p.complex_warning);
  EXPECT_EQ(p.need, PlanNeed::Out);
  c.foreign = true;
  EXPECT_TRUE(plan_statistic(c).complex_warning);
  c.kind = Statistic::Var;  // var's out= receives real squares: nothing is cast
  EXPECT_FALSE(plan_statistic(c).complex_warning);
}

TEST(StatisticPlan, NanFunctionsRejectIntegerDtypeAndOut) {
  StatisticCall c = call(Statistic::NanMean, DType::Float32);
  with_dtype(c, DType::Int32);
  EXPECT_THROW(plan_statistic(c), TypeError);
  c = call(Statistic::NanVar, DType::Complex64);
  with_out(c, DType::Int64, {4});
  EXPECT_THROW(check_statistic_types(c), TypeError);
  c = call(Statistic::NanVar, DType::Int32);  // integer input: NumPy's var takes any dtype=
  with_dtype(c, DType::Int32);
  EXPECT_NO_THROW(plan_statistic(c));
}

TEST(StatisticPlan, WhyTheCompositionRuns) {
  StatisticCall c = call(Statistic::Var, DType::Float64);
  EXPECT_EQ(plan_statistic(c).need, PlanNeed::None);
  c.ddof.reset();
  EXPECT_EQ(plan_statistic(c).need, PlanNeed::Ddof);
  c = call(Statistic::Var, DType::Float64);
  c.where_given = true;
  EXPECT_EQ(plan_statistic(c).need, PlanNeed::Where);
  c = call(Statistic::Var, DType::Float64);
  c.mean_given = true;
  EXPECT_EQ(plan_statistic(c).need, PlanNeed::Mean);
  c = call(Statistic::NanSum, DType::Float64);
  c.initial_given = true;
  EXPECT_EQ(plan_statistic(c).need, PlanNeed::Initial);
  c = call(Statistic::Mean, DType::Float64);
  c.subclass = true;
  EXPECT_EQ(plan_statistic(c).need, PlanNeed::Subclass);
  c = call(Statistic::Mean, DType::Float64);
  with_out(c, DType::Float64, {4});
  EXPECT_EQ(plan_statistic(c).need, PlanNeed::None);  // out= is the result itself
  with_out(c, DType::Float64, {1, 4});
  EXPECT_EQ(plan_statistic(c).need, PlanNeed::Out);
  c = call(Statistic::Mean, DType::Float64);
  c.one_pass = false;
  EXPECT_EQ(plan_statistic(c).need, PlanNeed::Disabled);
  EXPECT_STREQ(plan_need_name(PlanNeed::Disabled), "disabled");
}
