// tests/cpp/ndimage/test_stencil_codegen.cpp -- the stencil engine's kernels (every fold, rank
// buffer size, input rank and a sample of dtypes, contiguous and strided; the 1-D passes'
// direct and run kernels) compile with NVRTC,
// and the boundary transform maps taps as SciPy's modes do (checked on the host).
#include <gtest/gtest.h>

#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/ndimage/stencil.hpp"
#include "cunp/runtime/error.hpp"
#include "support/expect_compiles.hpp"

using namespace cunp;
using cunp::test_support::expect_compiles;

namespace {

KernelSignature signature(DType in, DType out, int ndim, bool contiguous, int out_strided) {
  KernelSignature sig;
  sig.inputs = {in, DType::Int64, DType::Float64, DType::Int64};
  sig.outputs = {out};
  sig.scalars = {DType::Int64, DType::Int32, DType::Float64, DType::Int64};
  sig.raw_ndim = {ndim, 1, 1, 1, 1};
  sig.raw_contiguous = {contiguous, true, true, true, true};
  sig.strided_ndim = out_strided;
  return sig;
}

TEST(NdimageStencil, EveryFoldCompiles) {
  const StencilFold folds[] = {StencilFold::Sum, StencilFold::Min, StencilFold::Max};
  for (StencilFold f : folds) {
    for (int ndim : {1, 2, 3}) {
      for (DType t : {DType::Float32, DType::Float64, DType::UInt8, DType::Int16, DType::Bool,
                      DType::Float16}) {
        const bool contiguous = ndim != 2;
        expect_compiles(stencil_op(f), signature(t, t, ndim, contiguous, contiguous ? 0 : 2),
                        stencil_op(f).name + " " + info(t).name + " ndim " + std::to_string(ndim));
      }
    }
  }
  // A dtype output other than the input's (output=numpy.float64 on uint8 data).
  expect_compiles(stencil_op(StencilFold::Sum), signature(DType::UInt8, DType::Float64, 2, true, 0),
                  "uint8 -> float64");
}

TEST(NdimageStencil, RankBuffersCompile) {
  for (long long taps : {3LL, 9LL, 10LL, 100LL, 343LL, 1000LL, 4096LL}) {
    expect_compiles(stencil_op(StencilFold::Rank, taps),
                    signature(DType::Float32, DType::Float32, 3, true, 0),
                    "rank taps " + std::to_string(taps));
  }
  EXPECT_THROW(stencil_op(StencilFold::Rank, kStencilMaxRankTaps + 1), ValueError);
  // Up to kSmallRankTaps taps share the register kernel.
  EXPECT_EQ(&stencil_op(StencilFold::Rank, 3), &stencil_op(StencilFold::Rank, kSmallRankTaps));
  EXPECT_NE(&stencil_op(StencilFold::Rank, kSmallRankTaps + 1),
            &stencil_op(StencilFold::Rank, kSmallRankTaps));
}

// stencil_line's kernels: the direct folds over the output, and the runs (raw output).
KernelSignature line_signature(DType in, DType out, int ndim, bool contiguous, int out_strided) {
  KernelSignature sig;
  sig.inputs = {in, DType::Float64};
  sig.outputs = {out};
  sig.scalars = {DType::Int64, DType::Int32, DType::Int64, DType::Int32, DType::Float64};
  sig.raw_ndim = {ndim, 1, 1};
  sig.raw_contiguous = {contiguous, true, true};
  sig.strided_ndim = out_strided;
  return sig;
}

KernelSignature run_signature(DType in, DType out, int ndim, bool contiguous) {
  KernelSignature sig;
  sig.inputs = {in, DType::Float64, out};
  sig.scalars = {DType::Int64, DType::Int32,   DType::Int64,
                 DType::Int32, DType::Float64, DType::Int64};
  sig.raw_ndim = {ndim, 1, ndim};
  sig.raw_contiguous = {contiguous, true, contiguous};
  return sig;
}

TEST(NdimageStencil, LineKernelsCompile) {
  for (StencilFold f : {StencilFold::Sum, StencilFold::Min, StencilFold::Max}) {
    for (int ndim : {1, 2, 3}) {
      for (DType t : {DType::Float32, DType::UInt8, DType::Bool, DType::Float16}) {
        const bool contiguous = ndim != 2;
        expect_compiles(
            stencil_line_op(f), line_signature(t, t, ndim, contiguous, contiguous ? 0 : 2),
            stencil_line_op(f).name + " " + info(t).name + " ndim " + std::to_string(ndim));
      }
    }
  }
  for (int ndim : {1, 3}) {
    for (DType t : {DType::Float32, DType::Int32, DType::Float16}) {
      const DType out = t == DType::Int32 ? DType::Float64 : t;
      expect_compiles(stencil_run_op(StencilFold::Mean), run_signature(t, out, ndim, ndim == 1),
                      "running mean " + std::string(info(t).name));
      expect_compiles(stencil_run_op(StencilFold::Sum), run_signature(t, out, ndim, ndim != 1),
                      "sum runs " + std::string(info(t).name));
      for (int cap : {5, 128}) {  // the two buffer sizes
        for (StencilFold f : {StencilFold::Min, StencilFold::Max}) {
          expect_compiles(stencil_run_op(f, cap), run_signature(t, t, ndim, ndim != 1),
                          stencil_run_op(f, cap).name + " " + info(t).name);
        }
      }
    }
  }
  EXPECT_THROW(stencil_run_op(StencilFold::Max, 129), ValueError);
  EXPECT_THROW(stencil_line_op(StencilFold::Rank), ValueError);
}

TEST(NdimageStencil, TileKernelsCompile) {
  for (StencilFold f : {StencilFold::Sum, StencilFold::Min, StencilFold::Max, StencilFold::Rank}) {
    for (DType t : {DType::Float32, DType::UInt8, DType::Bool, DType::Float16, DType::Int64}) {
      const std::string what = "tile fold " + std::to_string(static_cast<int>(f)) + " " +
                               info(t).name;
      try {
        EXPECT_FALSE(compile(stencil_tile_source(t, t, f), "cunp_ndi_tile", 90).image.empty())
            << what;
      } catch (const std::exception& e) {
        ADD_FAILURE() << what << ": " << e.what();
      }
    }
  }
  EXPECT_FALSE(compile(stencil_tile_source(DType::UInt8, DType::Float64, StencilFold::Sum),
                       "cunp_ndi_tile", 90)
                   .image.empty());
  EXPECT_THROW(stencil_tile_source(DType::Float32, DType::Float32, StencilFold::Mean), ValueError);
}

TEST(NdimageStencil, PartsHaveNoIncludes) {
  EXPECT_EQ(device_part("ndi_stencil").find("#include"), std::string::npos);
  EXPECT_EQ(device_part("ndi_boundary").find("#include"), std::string::npos);
  EXPECT_EQ(device_part("ndi_line").find("#include"), std::string::npos);
  EXPECT_EQ(device_part("ndi_generic").find("#include"), std::string::npos);
  EXPECT_EQ(device_part("ndi_tile").find("#include"), std::string::npos);
}

}  // namespace
