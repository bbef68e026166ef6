// tests/cpp/creation/test_creation_codegen.cpp -- the kernels of linspace, logspace and geomspace (scalar
// and array ends, every working dtype) and of tril/triu (every dtype and layout) compile with
// NVRTC. Needs no GPU.
#include <gtest/gtest.h>

#include <string>

#include "cunp/cunp.hpp"
#include "cunp/ops/creation/creation.hpp"
#include "cunp/ops/creation/triangles.hpp"
#include "support/expect_compiles.hpp"

using namespace cunp;

TEST(CreationCodegen, EverySpacedKernelCompiles) {
  const std::vector<std::string> sources = spaced_kernel_sources();
  EXPECT_GT(sources.size(), 40u);
  for (const std::string& src : sources) {
    try {
      compile(src, "spaced", 90);
    } catch (const CompileError& e) {
      ADD_FAILURE() << e.log << "\n" << numbered_source(src);
      return;
    }
  }
}

TEST(CreationCodegen, TriangleCompilesForEveryDtype) {
  for (int k = 0; k < kNumDTypes; ++k) {
    const DType t = static_cast<DType>(k);
    for (int strided : {0, 2}) {  // strided: a view, or a 1-D m broadcast into a square
      KernelSignature sig;
      sig.inputs = {t};
      sig.outputs = {t};
      sig.scalars = {DType::Int64, DType::Int64, DType::Int64, DType::Bool};
      sig.strided_ndim = strided;
      test_support::expect_compiles(triangle_op(), sig, info(t).name);
    }
  }
}
