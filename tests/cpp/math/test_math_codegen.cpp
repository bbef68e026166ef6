// tests/cpp/math/test_math_codegen.cpp -- the kernels of src/ops/math (interp, i0), whose device
// code is in src/device/{interpolation,special}, compile with NVRTC for every dtype and layout
// their host code emits (no GPU needed).
#include <gtest/gtest.h>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/math/interpolation.hpp"
#include "cunp/ops/math/math_extras.hpp"
#include "support/expect_compiles.hpp"

using namespace cunp;
using cunp::test_support::expect_compiles;

namespace {

TEST(MathCodegen, InterpCompiles) {
  // x (loop), xp and fp (raw, possibly strided views), y; n, left, right, has_left, has_right.
  for (DType fp : {DType::Float64, DType::Complex128}) {
    for (int strided : {0, 2}) {
      KernelSignature sig;
      sig.inputs = {DType::Float64, DType::Float64, fp};
      sig.outputs = {fp};
      sig.scalars = {DType::Int64, fp, fp, DType::Bool, DType::Bool};
      sig.raw_ndim = {1, 1, 1, 1};
      sig.raw_contiguous = {true, strided == 0, strided == 0, true};
      sig.strided_ndim = strided;
      expect_compiles(interp_op(), sig, info(fp).name);
    }
  }
  EXPECT_EQ(device_part("interp").find("#include"), std::string::npos);
}

TEST(MathCodegen, I0Compiles) {
  for (DType t : {DType::Float32, DType::Float64}) {
    for (int strided : {0, 3}) {
      KernelSignature sig;
      sig.inputs = {t};
      sig.outputs = {t};
      sig.strided_ndim = strided;
      expect_compiles(i0_op(), sig, info(t).name);
    }
  }
}

}  // namespace
