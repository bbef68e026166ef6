// tests/cpp/ufunc/test_ufunc.cpp -- the ufunc table without a GPU: every loop of every ufunc compiles
// with NVRTC, and type resolution follows NumPy 2 on the cases that define it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cunp/cunp.hpp"

using namespace cunp;

namespace {

// All loops of one ufunc in one translation unit: the headers once, each kernel in a namespace
// of its own (its Params struct would clash otherwise).
std::string ufunc_source(const Ufunc& u) {
  std::string all;
  for (std::size_t i = 0; i < u.loops.size(); ++i) {
    std::string src = ufunc_loop_source(u, static_cast<int>(i));
    std::size_t body = src.find("using namespace cunp;");
    if (all.empty()) all = src.substr(0, body);
    all += "namespace loop" + std::to_string(i) + " {\n" + src.substr(body) + "}\n";
  }
  return all;
}

UfuncArg strong(DType t) {
  UfuncArg a;
  a.scalar = Scalar::from_int(0, t);
  return a;
}
UfuncArg weak_int(int64_t v) {
  UfuncArg a;
  a.scalar = Scalar::from_int(v, DType::Int64);
  a.weak = true;
  return a;
}
UfuncArg weak_float() {
  UfuncArg a;
  a.scalar = Scalar::from_double(1.5, DType::Float64);
  a.weak = true;
  return a;
}

DType out_type(const char* ufunc, std::vector<UfuncArg> args) {
  const Ufunc& u = *find_ufunc(ufunc);
  UfuncPlan p = resolve_ufunc(u, args, {}, {});
  return p.loop->types[u.nin];
}

}  // namespace

// Every loop of every ufunc, one test per ufunc so that ctest spreads the compiles over the
// cores.
class EveryUfunc : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryUfunc, LoopsCompile) {
  const Ufunc& u = *find_ufunc(GetParam());
  try {
    compile(ufunc_source(u), u.name, 90);
  } catch (const CompileError& e) {
    ADD_FAILURE() << u.name << ": " << e.what() << "\n" << e.log.substr(0, 4000);
  }
}

std::vector<std::string> ufunc_names() {
  std::vector<std::string> v;
  for (const Ufunc& u : ufunc_table()) v.push_back(u.name);
  return v;
}

INSTANTIATE_TEST_SUITE_P(Ufunc, EveryUfunc, ::testing::ValuesIn(ufunc_names()),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(Ufunc, TableIsConsistent) {
  for (const Ufunc& u : ufunc_table()) {
    EXPECT_EQ(find_ufunc(u.name), &u);
    EXPECT_FALSE(u.loops.empty()) << u.name;
  }
  EXPECT_EQ(find_ufunc("abs"), find_ufunc("absolute"));
  EXPECT_EQ(find_ufunc("divide"), find_ufunc("true_divide"));
  EXPECT_EQ(find_ufunc("add")->type_string(find_ufunc("add")->loops[0]), "?\?->?");
}

TEST(Ufunc, Nep50Resolution) {
  EXPECT_EQ(out_type("add", {strong(DType::Int8), weak_int(1)}), DType::Int8);
  EXPECT_EQ(out_type("add", {strong(DType::Bool), weak_int(1)}), DType::Int64);
  EXPECT_EQ(out_type("add", {strong(DType::Int8), weak_float()}), DType::Float64);
  EXPECT_EQ(out_type("add", {strong(DType::Float32), weak_float()}), DType::Float32);
  EXPECT_EQ(out_type("add", {strong(DType::Int64), strong(DType::UInt64)}), DType::Float64);
  EXPECT_EQ(out_type("true_divide", {strong(DType::Int8), strong(DType::Int8)}), DType::Float64);
  EXPECT_EQ(out_type("true_divide", {strong(DType::Int8), strong(DType::Float16)}), DType::Float16);
  EXPECT_EQ(out_type("floor_divide", {strong(DType::Bool), strong(DType::Bool)}), DType::Int8);
  EXPECT_EQ(out_type("arctan2", {strong(DType::Int8), weak_float()}), DType::Float64);
  EXPECT_EQ(out_type("ldexp", {strong(DType::Bool), weak_int(1)}), DType::Float16);
  EXPECT_EQ(out_type("sqrt", {strong(DType::Int8)}), DType::Float16);
  EXPECT_EQ(out_type("bitwise_count", {strong(DType::Bool)}), DType::UInt8);
  EXPECT_EQ(out_type("less", {strong(DType::UInt8), weak_int(-1)}), DType::Bool);
  EXPECT_THROW(out_type("add", {strong(DType::UInt8), weak_int(300)}), OverflowError);
  EXPECT_THROW(out_type("bitwise_and", {strong(DType::Float32), strong(DType::Float32)}),
               TypeError);
  EXPECT_THROW(out_type("sign", {strong(DType::Bool)}), TypeError);
  EXPECT_THROW(out_type("negative", {strong(DType::Bool)}), TypeError);
  EXPECT_THROW(out_type("gcd", {strong(DType::Bool), strong(DType::Bool)}), TypeError);
}

TEST(Ufunc, ComparisonsOfInt64AndUInt64AreExact) {
  const Ufunc& u = *find_ufunc("less");
  UfuncPlan p = resolve_ufunc(u, {strong(DType::Int32), strong(DType::UInt64)}, {}, {});
  EXPECT_EQ(p.loop->types[0], DType::Int64);
  EXPECT_EQ(p.loop->types[1], DType::UInt64);
}

TEST(Ufunc, OutputCastingFollowsTheRule) {
  const Ufunc& u = *find_ufunc("add");
  std::vector<UfuncArg> args{strong(DType::Float64), strong(DType::Float64)};
  EXPECT_THROW(resolve_ufunc(u, args, {DType::Int64}, {}), TypeError);
  UfuncOptions unsafe;
  unsafe.casting = Casting::Unsafe;
  EXPECT_NO_THROW(resolve_ufunc(u, args, {DType::Int64}, unsafe));
}
