// tests/cpp/kernels/test_reduction_kernel.cpp -- ReductionKernel from C++: construction, the op its
// parameters give, sources compiled by NVRTC (no GPU needed), and calls on a GPU (skipped
// without one).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cunp/cunp.hpp"
#include "cunp/ops/kernels/reduction_kernel.hpp"

using namespace cunp;

namespace {

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace

TEST(ReductionKernel, ConstructionAndOp) {
  ReductionKernel k("T x, T w", "float64 y", "x * w", "a + b", "y = a", "0", "wsum",
                    ReductionKernelOptions{"float64"});
  EXPECT_EQ(k.reduce_type(), "double");  // a dtype name means its C++ type
  EXPECT_EQ(k.op().names, (std::vector<std::string>{"x", "w", "y"}));
  ASSERT_EQ(k.op().type_aliases.size(), 1u);
  EXPECT_EQ(k.op().type_aliases[0].name, "T");
  EXPECT_EQ(k.op().type_aliases[0].index, 0);
  EXPECT_FALSE(k.op().uses_index);
  EXPECT_EQ(ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "r").reduce_type(), "T");
  EXPECT_EQ(ReductionKernel("T x", "float32 y", "x", "a + b", "y = a", "0", "r").reduce_type(),
            "float");
  EXPECT_TRUE(ReductionKernel("T x", "int64 y", "_j", "max(a, b)", "y = a", std::nullopt, "lastj")
                  .op()
                  .uses_index);
  EXPECT_THROW(ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "bad name"), ValueError);
  EXPECT_THROW(ReductionKernel("T x, T x", "T y", "x", "a + b", "y = a", "0", "dup"), ValueError);
  EXPECT_THROW(ReductionKernel("raw T x", "T y", "x", "a + b", "y = a", "0", "rawk"),
               NotImplementedError);
  EXPECT_THROW(ReductionKernel("", "T y", "0", "a + b", "y = a", "0", "none"), ValueError);
}

TEST(ReductionKernel, SourcesCompile) {
  try {
    nvrtc_version();
  } catch (const CudaError&) {
    GTEST_SKIP() << "NVRTC is not available";
  }
  ReductionKernel l2("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm");
  for (ReduceStrategy s : {ReduceStrategy::Block, ReduceStrategy::Warp, ReduceStrategy::Thread,
                           ReduceStrategy::Tile}) {
    ReduceSignature layout;
    layout.strategy = s;
    layout.kept_ndim = s == ReduceStrategy::Block ? 0 : 1;
    layout.reduced_ndim = 1;
    std::string src = l2.source({DType::Float32}, {DType::Float32}, layout);
    EXPECT_TRUE(contains(src, "cunp_red_l2norm"));
    EXPECT_NO_THROW(compile(src, l2.name(), 90));
  }
  ReductionKernel wsum("T x, T w", "float64 y", "x * w", "a + b", "y = a", "0", "wsum",
                       ReductionKernelOptions{"float64"});
  std::string src = wsum.source({DType::Float16, DType::Float16}, {DType::Float64}, {});
  EXPECT_TRUE(contains(src, "typedef _t0 T;"));
}

TEST(ReductionKernelGpu, ReducesAxesWithScalarsAndOutputs) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  ReductionKernel dot("T x, T m", "T y", "(x - m) * (x - m)", "a + b", "y = a", "0", "ssd_cpp");
  std::vector<double> host = {0, 1, 2, 3, 4, 5};
  NDArray x = from_host(host.data(), DType::Float64, Dims{2, 3}, Order::C);
  KernelArg args[2] = {KernelArg{&x}, KernelArg{}};
  args[1].scalar = KernelScalar{Scalar::from_double(1, DType::Float64), true};
  std::vector<NDArray> out = dot(ArgList<KernelArg>(args, 2), {}, std::vector<int64_t>{1});
  ASSERT_EQ(out[0].shape(), (Dims{2}));
  std::vector<double> got(2);
  to_host(out[0], got.data(), Order::C);
  EXPECT_EQ(got, (std::vector<double>{1 + 0 + 1, 4 + 9 + 16}));
  out = dot(ArgList<KernelArg>(args, 2), {}, std::nullopt, true);
  EXPECT_EQ(out[0].shape(), (Dims{1, 1}));
  NDArray given = NDArray::empty(Dims{3}, DType::Float64);
  dot(ArgList<KernelArg>(args, 2), {given}, std::vector<int64_t>{0});
  EXPECT_THROW(dot(ArgList<KernelArg>(args, 2), {given}, std::vector<int64_t>{1}), ValueError);
  ReductionKernel first("T x", "T y", "x", "max(a, b)", "y = a", std::nullopt, "rmax_cpp");
  NDArray empty = NDArray::empty(Dims{0}, DType::Float32);
  EXPECT_THROW(first({KernelArg{&empty}}), ValueError);
}
