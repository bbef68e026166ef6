// tests/cpp/device/test_device_extras.cpp -- the kernels of interp, i0 and tril/triu, whose device code
// is in src/device/{interpolation,special,creation}, compile with NVRTC for every dtype and layout
// their host code emits (no GPU needed).
#include <gtest/gtest.h>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/math/interpolation.hpp"
#include "cunp/ops/math/math_extras.hpp"
#include "cunp/ops/creation/triangles.hpp"

using namespace cunp;

namespace {

void expect_compiles(const ElementwiseOp& op, const KernelSignature& sig, const char* what) {
  const std::string src = elementwise_source(op, sig);
  try {
    EXPECT_FALSE(compile(src, op.name, 90, op.options).image.empty()) << what;
  } catch (const std::exception& e) {
    ADD_FAILURE() << what << ": " << e.what() << "\n"
                  << src.substr(src.size() > 3000 ? src.size() - 3000 : 0);
  }
}

TEST(DeviceExtras, InterpCompiles) {
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

TEST(DeviceExtras, I0Compiles) {
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

TEST(DeviceExtras, TriangleCompilesForEveryDtype) {
  for (int k = 0; k < kNumDTypes; ++k) {
    const DType t = static_cast<DType>(k);
    for (int strided : {0, 2}) {  // strided: a view, or a 1-D m broadcast into a square
      KernelSignature sig;
      sig.inputs = {t};
      sig.outputs = {t};
      sig.scalars = {DType::Int64, DType::Int64, DType::Int64, DType::Bool};
      sig.strided_ndim = strided;
      expect_compiles(triangle_op(), sig, info(t).name);
    }
  }
}

}  // namespace
