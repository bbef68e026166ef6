// tests/cpp/kernels/test_fusion.cpp -- cunp.fuse's kernels from C++: traced ufunc steps (NumPy's loop
// choice, the call body the ufunc loops share, weak Python ints), fused sources compiled by
// NVRTC (no GPU needed), and run_fused on a GPU (skipped without one).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cunp/cunp.hpp"
#include "cunp/ops/kernels/fusion.hpp"

using namespace cunp;

namespace {

FusionOperand value(const std::string& name, DType t) {
  FusionOperand op;
  op.name = name;
  op.dtype = t;
  return op;
}

FusionOperand weak(const std::string& name, Scalar s) {
  FusionOperand op;
  op.name = name;
  op.is_scalar = true;
  op.scalar.scalar = s;
  op.scalar.weak = true;
  return op;
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace

TEST(Fusion, StepFollowsNumpysPromotion) {
  FusionStep s = fusion_step(
      *find_ufunc("multiply"),
      {value("in0", DType::Float32), weak("s0", Scalar::from_double(2.5, DType::Float64))}, {"v0"});
  EXPECT_EQ(s.out_types, std::vector<DType>{DType::Float32});  // NEP 50: no promotion
  EXPECT_EQ(s.code, "float v0;\n{\nconst float a0 = cast<float>(in0);\n"
                    "const float a1 = cast<float>(cast<float>(s0));\n"
                    "v0 = cast<float>(np_multiply(a0, a1));\n}\n");
  s = fusion_step(*find_ufunc("divide"),
                  {value("in0", DType::Int32), weak("s0", Scalar::from_int(2, DType::Int64))},
                  {"v0"});
  EXPECT_EQ(s.out_types, std::vector<DType>{DType::Float64});
  EXPECT_EQ(s.in_types, (std::vector<DType>{DType::Float64, DType::Float64}));
  EXPECT_FALSE(s.int_checks[1].has_value());  // a float loop takes any Python int
  EXPECT_THROW(fusion_step(*find_ufunc("negative"), {value("in0", DType::Bool)}, {"v0"}),
               TypeError);
}

TEST(Fusion, WeakIntsAreCheckedAgainstTheirLoopType) {
  FusionStep s = fusion_step(
      *find_ufunc("add"),
      {value("in0", DType::Int8), weak("s0", Scalar::from_int(3, DType::Int64))}, {"v0"});
  EXPECT_EQ(s.int_checks[1], DType::Int8);
  EXPECT_FALSE(s.int_checks[0].has_value());
  // NumPy raises: the call runs unfused.
  EXPECT_THROW(
      fusion_step(*find_ufunc("add"),
                  {value("in0", DType::Int8), weak("s0", Scalar::from_int(1000, DType::Int64))},
                  {"v0"}),
      OverflowError);
  // A comparison compares exactly, in a loop that holds the int; later values must fit it too.
  s = fusion_step(*find_ufunc("less"),
                  {value("in0", DType::Int8), weak("s0", Scalar::from_int(1000, DType::Int64))},
                  {"v0"});
  ASSERT_TRUE(s.int_checks[1].has_value());
  EXPECT_EQ(*s.int_checks[1], s.in_types[1]);
  EXPECT_NE(s.in_types[1], DType::Int8);
}

TEST(Fusion, StepsShareTheUfuncLoopsCallBody) {
  // Two outputs, and power's own path for a scalar exponent.
  const Ufunc& dm = *find_ufunc("divmod");
  FusionStep s = fusion_step(dm, {value("in0", DType::Int64), value("v1", DType::Int64)},
                             {"v2", "v3"});
  EXPECT_TRUE(contains(s.code, "long long v2;\nlong long v3;\n{\n"));
  EXPECT_TRUE(contains(s.code, "v2 = cast<long long>(r0);\nv3 = cast<long long>(r1);\n}\n"));
  s = fusion_step(
      *find_ufunc("power"),
      {value("in0", DType::Float32), weak("s0", Scalar::from_double(2, DType::Float64))}, {"v0"});
  EXPECT_TRUE(contains(s.code, "np_power_scalar(a0, a1)"));
  s = fusion_step(*find_ufunc("power"),
                  {value("in0", DType::Float32), value("in1", DType::Float32)}, {"v0"});
  EXPECT_FALSE(contains(s.code, "np_power_scalar"));
}

TEST(Fusion, UfuncCallBodyWritesLoopsAndFusedSteps) {
  const Ufunc& u = *find_ufunc("divmod");
  const UfuncLoop& l = u.loops[0];
  std::string ct0 = u.compute_type(l.types[0]), ct1 = u.compute_type(l.types[1]);
  std::string body = ufunc_call_body(u, l, {"in0", "s0"}, {"out0", "out1"}, {"decltype(out0)", "T"},
                                     2);
  EXPECT_EQ(body, "const " + ct0 + " a0 = cast<" + ct0 + ">(in0);\nconst " + ct1 + " a1 = cast<" +
                      ct1 + ">(s0);\n" + u.compute_type(l.types[2]) + " r0;\n" +
                      u.compute_type(l.types[3]) + " r1;\n" + u.function +
                      "(a0, a1, r0, r1);\nout0 = cast<decltype(out0)>(r0);\nout1 = cast<T>(r1);\n");
}

TEST(Fusion, FusedSourcesCompile) {
  try {
    nvrtc_version();
  } catch (const CudaError&) {
    GTEST_SKIP() << "NVRTC is not available";
  }
  for (DType t : {DType::Float16, DType::Float32, DType::Int8, DType::Complex64, DType::Bool}) {
    SCOPED_TRACE(name(t));
    std::string body;
    DType out_type = t;
    try {
      FusionStep a = fusion_step(*find_ufunc("multiply"),
                                 {value("in0", t), weak("s0", Scalar::from_int(5, DType::Int64))},
                                 {"v0"});
      FusionStep b = fusion_step(*find_ufunc("less"),
                                 {value("v0", a.out_types[0]), value("in0", t)}, {"v1"});
      body = a.code + b.code + "out0 = v1;\n";
      out_type = b.out_types[0];
    } catch (const TypeError&) {
      continue;  // no loop: fuse would run the call unfused
    }
    for (int nd : {0, 2}) {
      std::string src = elementwise_source(fused_op("fused_t", body), {t}, {out_type},
                                           {DType::Int64}, nd, 1);
      EXPECT_NO_THROW(compile(src, "fused_t", 90));
    }
  }
}

TEST(FusionGpu, RunsOverBroadcastArraysAndRefusesWhatItCannotReproduce) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  FusionStep a = fusion_step(
      *find_ufunc("add"),
      {value("in0", DType::Int8), weak("s0", Scalar::from_int(3, DType::Int64))}, {"v0"});
  FusedKernel k;
  k.op = fused_op("fused_add_cpp", a.code + "out0 = v0;\n");
  k.outputs = a.out_types;
  k.scalar_types = {DType::Int64};
  k.scalar_checks = {{DType::Int8}};
  int8_t host[6] = {0, 1, 2, 3, 4, 5};
  NDArray x = from_host(host, DType::Int8, Dims{2, 3}, Order::C);
  UfuncArg s;
  s.scalar = Scalar::from_int(7, DType::Int64);
  s.weak = true;
  std::optional<std::vector<NDArray>> out = run_fused(k, {x}, {s});
  ASSERT_TRUE(out.has_value());
  int8_t got[6];
  to_host((*out)[0], got, Order::C);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(got[i], host[i] + 7);
  s.scalar = Scalar::from_int(1000, DType::Int64);  // does not fit int8: run unfused
  EXPECT_FALSE(run_fused(k, {x}, {s}).has_value());
}
