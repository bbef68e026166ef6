// tests/cpp/ndimage/test_edt_codegen.cpp -- distance_transform_edt's kernels (the per-axis pass
// over lines, the distances and the indices, contiguous and strided outputs) compile with NVRTC.
#include <gtest/gtest.h>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/ndimage/edt.hpp"
#include "support/expect_compiles.hpp"

using namespace cunp;
using cunp::test_support::expect_compiles;

namespace {

TEST(NdimageEdt, PassCompiles) {
  for (int ndim : {1, 2, 3}) {
    KernelSignature sig;
    sig.inputs = {DType::Float64, DType::Int64, DType::Float64, DType::Int64, DType::Int32};
    sig.scalars = {DType::Int64, DType::Int64, DType::Int64, DType::Float64, DType::Int64};
    sig.raw_ndim = {ndim, ndim, ndim, ndim, 1};
    sig.raw_contiguous = {true, true, true, true, true};
    expect_compiles(edt_pass_op(), sig, "edt pass " + std::to_string(ndim));
  }
}

TEST(NdimageEdt, DistanceAndIndicesCompile) {
  for (int strided : {0, 2}) {
    KernelSignature d;
    d.inputs = {DType::Int64, DType::Float64, DType::Int64, DType::Float64};
    d.outputs = {DType::Float64};
    d.scalars = {DType::Int32};
    d.raw_ndim = {1, 1, 1, 1, 1};
    d.strided_ndim = strided;
    expect_compiles(edt_distance_op(), d, "edt distance " + std::to_string(strided));
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
