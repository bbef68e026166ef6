// tests/cpp/signal/test_peak_walk_codegen.cpp -- peak_prominences' device walk compiles with
// NVRTC for the operands peak_walk passes (x float64, the peak indices and windows int64, the
// bases int64 and prominences float64, all 1-D and contiguous).
#include <gtest/gtest.h>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/signal/peak_walk.hpp"
#include "cunp/runtime/error.hpp"
#include "support/expect_compiles.hpp"

using namespace cunp;
using cunp::test_support::expect_compiles;

TEST(PeakWalk, KernelCompiles) {
  const ElementwiseOp& op = peak_walk_op();
  KernelSignature sig;
  sig.scalars = {DType::Int64};
  sig.inputs = {DType::Float64, DType::Int64, DType::Int64, DType::Int64};
  sig.outputs = {DType::Int64, DType::Int64, DType::Float64};
  sig.raw_ndim = {1, 1, 1, 1, 1, 1, 1};
  sig.raw_contiguous = {true, true, true, true, true, true, true};
  expect_compiles(op, sig, op.name);
}
