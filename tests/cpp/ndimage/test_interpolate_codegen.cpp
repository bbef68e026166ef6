// tests/cpp/ndimage/test_interpolate_codegen.cpp -- the interpolation kernels (each way of finding
// coordinates, input ranks 1 to 3, float, integer and bool outputs) and the spline prefilter's
// compile with NVRTC.
#include <gtest/gtest.h>

#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/ndimage/interpolate.hpp"
#include "support/expect_compiles.hpp"

using namespace cunp;
using cunp::test_support::expect_compiles;

namespace {

TEST(NdimageInterpolate, EveryMapCompiles) {
  for (SampleMap map : {SampleMap::Coordinates, SampleMap::Affine, SampleMap::ZoomShift}) {
    for (int ndim : {1, 2, 3}) {
      for (DType t : {DType::Float32, DType::Float64, DType::UInt8, DType::Int16, DType::Int64,
                      DType::UInt64, DType::Bool}) {
        KernelSignature sig;
        sig.inputs = {t, DType::Float64, DType::Int64};
        sig.outputs = {t};
        sig.scalars = {DType::Int64, DType::Int32, DType::Int32, DType::Int32, DType::Float64,
                       DType::Bool,  DType::Bool,  DType::Bool,  DType::Int64};
        sig.raw_ndim = {ndim, 1, 1, 1};
        sig.raw_contiguous = {ndim != 2, true, true, true};
        sig.strided_ndim = ndim == 2 ? 2 : 0;
        expect_compiles(interpolate_op(map), sig,
                        interpolate_op(map).name + " " + info(t).name + " " + std::to_string(ndim));
      }
    }
  }
}

TEST(NdimageInterpolate, SplineFilterCompiles) {
  KernelSignature sig;
  sig.inputs = {DType::Float64};
  sig.scalars = {DType::Int64, DType::Int64, DType::Int32, DType::Int32};
  sig.raw_ndim = {3};
  sig.raw_contiguous = {true};
  expect_compiles(spline_filter_op(), sig, "spline filter");
}

}  // namespace
