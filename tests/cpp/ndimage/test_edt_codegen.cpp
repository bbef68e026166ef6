// tests/cpp/ndimage/test_edt_codegen.cpp -- distance_transform_edt's kernels (the per-axis pass,
// a block a line, and the indices, contiguous and strided outputs) compile with NVRTC.
#include <gtest/gtest.h>

#include <exception>
#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/ndimage/edt.hpp"
#include "support/expect_compiles.hpp"

using namespace cunp;
using cunp::test_support::expect_compiles;

namespace {

TEST(NdimageEdt, PassCompiles) {
  const std::string src = edt_pass_source();
  try {
    EXPECT_FALSE(compile(src, "cunp_ndi_edt_pass", 90).image.empty());
  } catch (const std::exception& e) {
    ADD_FAILURE() << "edt pass: " << e.what();
  }
}

TEST(NdimageEdt, IndicesCompile) {
  for (int strided : {0, 2}) {
    KernelSignature i;
    i.inputs = {DType::Int64, DType::Int64};
    i.outputs = {DType::Int32};
    i.scalars = {DType::Int64, DType::Int32};
    i.raw_ndim = {2, 1, 1};
    i.strided_ndim = strided ? 3 : 0;
    expect_compiles(edt_indices_op(), i, "edt indices " + std::to_string(strided));
  }
}

}  // namespace
