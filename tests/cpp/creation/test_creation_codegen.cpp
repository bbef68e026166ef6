// tests/cpp/creation/test_creation_codegen.cpp -- the kernels of linspace, logspace and geomspace (scalar
// and array ends, every working dtype) compile with NVRTC. Needs no GPU.
#include <gtest/gtest.h>

#include <string>

#include "cunp/cunp.hpp"
#include "cunp/ops/creation/creation.hpp"

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
