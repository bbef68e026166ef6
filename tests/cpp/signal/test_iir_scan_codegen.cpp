// tests/cpp/signal/test_iir_scan_codegen.cpp -- the IIR scan's five kernels (every pass, both
// forms, a range of orders, real and complex, contiguous and strided signals of several ranks)
// compile with NVRTC; the ops reject what the launcher cannot build.
#include <gtest/gtest.h>

#include <iterator>
#include <string>
#include <tuple>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/signal/iir_scan.hpp"
#include "cunp/runtime/error.hpp"
#include "support/expect_compiles.hpp"

using namespace cunp;
using cunp::test_support::expect_compiles;

namespace {

KernelSignature signature(const std::string& pass, DType x, DType w, DType out, int xnd,
                          bool contiguous) {
  // Operands as iir_block_scan passes them: x any rank and layout, the powers (Q, Q), the
  // coefficients and every state buffer 1-D, y of x's rank and axis order.
  KernelSignature sig;
  sig.scalars = {DType::Int64, DType::Int64, DType::Int64};
  if (pass == "local") {
    sig.scalars = {DType::Int64, DType::Int64, DType::Int64, DType::Int64};
    sig.inputs = {x, w};
    sig.outputs = {w};
    sig.raw_ndim = {xnd, 1, 1};
    sig.raw_contiguous = {contiguous, true, true};
  } else if (pass == "group_local") {
    sig.inputs = {w, w};
    sig.outputs = {w};
    sig.raw_ndim = {1, 2, 1};
  } else if (pass == "group_carry") {
    sig.inputs = {w, w};
    sig.outputs = {w};
    sig.scalars = {DType::Int64, DType::Int64};
    sig.raw_ndim = {2, 1, 1};
  } else if (pass == "group_fill") {
    sig.inputs = {w, w};
    sig.outputs = {w};
    sig.raw_ndim = {2, 1, 1};
  } else {
    sig.scalars = {DType::Int64, DType::Int64, DType::Int64, DType::Int64};
    sig.inputs = {x, w, w};
    sig.outputs = {out, w};
    sig.raw_ndim = {xnd, 1, 1, xnd, 1};
    sig.raw_contiguous = {contiguous, true, true, contiguous, true};
  }
  return sig;
}

// The forms, orders and operand kinds the passes are compiled for: each pass's source differs
// by form and order (unrolled) and by the operands' dtypes and layout.
struct Case {
  const char* form;
  int order;
  DType x, w, out;
  int xnd;
  bool contiguous;
};
const Case kCases[] = {
    {"direct", 1, DType::Float32, DType::Float64, DType::Float32, 2, true},
    {"direct", 4, DType::Float64, DType::Float64, DType::Float64, 3, false},
    {"direct", 10, DType::Int64, DType::Float64, DType::Float64, 1, true},
    {"direct", 32, DType::Complex64, DType::Complex128, DType::Complex64, 2, false},
    {"sos", 1, DType::Float32, DType::Float64, DType::Float32, 1, true},
    {"sos", 4, DType::Float32, DType::Float64, DType::Float32, 2, true},
    {"sos", 16, DType::Complex128, DType::Complex128, DType::Complex128, 4, false},
};

}  // namespace

// One test per case and pass, so that ctest spreads the 35 NVRTC compiles (up to several
// seconds each at the higher orders and complex operands) over the cores.
const char* const kPasses[] = {"local", "group_local", "group_carry", "group_fill", "finish"};

class IirScanPass : public ::testing::TestWithParam<std::tuple<std::size_t, std::size_t>> {};

TEST_P(IirScanPass, Compiles) {
  const Case& c = kCases[std::get<0>(GetParam())];
  const char* pass = kPasses[std::get<1>(GetParam())];
  const ElementwiseOp& op = iir_scan_op(pass, c.form, c.order);
  expect_compiles(op, signature(pass, c.x, c.w, c.out, c.xnd, c.contiguous),
                  op.name + " x " + info(c.x).name + " ndim " + std::to_string(c.xnd));
}

INSTANTIATE_TEST_SUITE_P(
    IirScan, IirScanPass,
    ::testing::Combine(::testing::Range<std::size_t>(0, std::size(kCases)),
                       ::testing::Range<std::size_t>(0, std::size(kPasses))),
    [](const ::testing::TestParamInfo<std::tuple<std::size_t, std::size_t>>& p) {
      const Case& c = kCases[std::get<0>(p.param)];
      return std::string(c.form) + std::to_string(c.order) + "_" + cunp::info(c.x).name + "_" +
             kPasses[std::get<1>(p.param)];
    });

TEST(IirScan, SerialLoopCompiles) {
  // Any order, one thread per row: x of any rank and layout, coef and z 1-D, y as x.
  struct Case {
    DType x, w, out;
    int xnd;
    bool contiguous;
  };
  const Case cases[] = {
      {DType::Float32, DType::Float64, DType::Float32, 1, true},
      {DType::Float64, DType::Float64, DType::Float64, 3, false},
      {DType::Int64, DType::Float64, DType::Float64, 2, true},
      {DType::Complex64, DType::Complex128, DType::Complex64, 2, false},
  };
  const ElementwiseOp& op = iir_serial_op();
  for (const Case& c : cases) {
    KernelSignature sig;
    sig.scalars = {DType::Int64, DType::Int64};
    sig.inputs = {c.x, c.w};
    sig.outputs = {c.w, c.out};
    sig.raw_ndim = {c.xnd, 1, 1, c.xnd};
    sig.raw_contiguous = {c.contiguous, true, true, c.contiguous};
    expect_compiles(op, sig, op.name + " x " + info(c.x).name + " ndim " + std::to_string(c.xnd));
  }
}

TEST(IirScan, RejectsWhatItCannotBuild) {
  EXPECT_THROW(iir_scan_op("local", "lattice", 2), ValueError);
  EXPECT_THROW(iir_scan_op("sideways", "direct", 2), ValueError);
  EXPECT_THROW(iir_scan_op("local", "direct", 0), ValueError);
  EXPECT_THROW(iir_scan_op("local", "sos", kIirMaxOrder + 1), ValueError);
}
