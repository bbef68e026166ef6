// tests/cpp/ndimage/test_stencil_codegen.cpp -- the stencil engine's kernels (every fold, rank
// buffer size, input rank and a sample of dtypes, contiguous and strided; the 1-D passes'
// direct and run kernels) compile with NVRTC,
// and the boundary transform maps taps as SciPy's modes do (checked on the host).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <tuple>

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

// One test per fold and input rank (six dtypes each), so that ctest spreads the NVRTC compiles
// over the cores.
class StencilFoldRank : public ::testing::TestWithParam<std::tuple<StencilFold, int>> {};

TEST_P(StencilFoldRank, CompilesForEveryDtype) {
  const auto [f, ndim] = GetParam();
  for (DType t :
       {DType::Float32, DType::Float64, DType::UInt8, DType::Int16, DType::Bool, DType::Float16}) {
    const bool contiguous = ndim != 2;
    expect_compiles(stencil_op(f), signature(t, t, ndim, contiguous, contiguous ? 0 : 2),
                    stencil_op(f).name + " " + info(t).name + " ndim " + std::to_string(ndim));
  }
}

INSTANTIATE_TEST_SUITE_P(NdimageStencil, StencilFoldRank,
                         ::testing::Combine(::testing::Values(StencilFold::Sum, StencilFold::Min,
                                                              StencilFold::Max),
                                            ::testing::Values(1, 2, 3)),
                         [](const ::testing::TestParamInfo<std::tuple<StencilFold, int>>& p) {
                           return stencil_op(std::get<0>(p.param)).name + "_" +
                                  std::to_string(std::get<1>(p.param)) + "d";
                         });

TEST(NdimageStencil, OtherOutputDtypeCompiles) {
  // A dtype output other than the input's (output=numpy.float64 on uint8 data).
  expect_compiles(stencil_op(StencilFold::Sum), signature(DType::UInt8, DType::Float64, 2, true, 0),
                  "uint8 -> float64");
}

TEST(NdimageStencil, RankBuffersCompile) {
  for (long long taps : {3LL, 9LL, 10LL, 100LL, 343LL, 1000LL, 4096LL}) {
    expect_compiles(stencil_op(StencilFold::Rank, taps, taps / 2),
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

// Footprints beyond kSmallRankTaps rank through the selection network while the kept side fits
// its largest row (a 5x5x5 median keeps 63 values), else through the quickselect buffer.
TEST(NdimageStencil, RankPlansPickTheSelectionNetwork) {
  using K = RankPlan::Kind;
  EXPECT_EQ(rank_plan(9, 4, true).kind, K::Small);
  const RankPlan median5 = rank_plan(25, 12, true);
  EXPECT_EQ(median5.kind, K::Select);
  EXPECT_EQ(median5.cap, 16);
  EXPECT_TRUE(median5.narrow);
  EXPECT_EQ(rank_plan(49, 24, false).cap, 32);
  EXPECT_EQ(rank_plan(125, 62, true).cap, 64);
  EXPECT_EQ(rank_plan(125, 122, true).cap, 4);  // the upper end keeps the largest 3
  EXPECT_EQ(rank_plan(10, 0, false).cap, 4);
  const RankPlan wide = rank_plan(129, 64, true);
  EXPECT_EQ(wide.kind, K::Buffer);
  EXPECT_EQ(wide.cap, 512);
  EXPECT_FALSE(wide.narrow);
  EXPECT_EQ(rank_plan(4096, 3, false).kind, K::Select);
  EXPECT_EQ(rank_fold_type(median5), "cunp::ndi_select_fold<float, 16>");
  EXPECT_EQ(rank_fold_type(rank_plan(49, 24, false)), "cunp::ndi_select_fold<double, 32>");
}

TEST(NdimageStencil, NarrowKeysOnlyWhereFloatIsExact) {
  EXPECT_TRUE(rank_keys_narrow(DType::Float32, NdiMode::Reflect, 0.1));
  EXPECT_TRUE(rank_keys_narrow(DType::UInt16, NdiMode::Constant, 2.5));
  EXPECT_TRUE(rank_keys_narrow(DType::Float16, NdiMode::GridConstant, -3.0));
  EXPECT_FALSE(rank_keys_narrow(DType::Float32, NdiMode::Constant, 0.1));  // 0.1 is no float
  EXPECT_FALSE(rank_keys_narrow(DType::Float32, NdiMode::Constant, 1e300));
  EXPECT_TRUE(rank_keys_narrow(DType::Float32, NdiMode::Constant, std::nan("")));
  EXPECT_FALSE(rank_keys_narrow(DType::Float64, NdiMode::Nearest, 0.0));
  EXPECT_FALSE(rank_keys_narrow(DType::Int32, NdiMode::Nearest, 0.0));
}

TEST(NdimageStencil, SelectionKernelsCompile) {
  // Medians of 10 to 128 taps take a network compiled for their size and rank (64-bit keys: up
  // to 64 taps), the rest the register row, the widest ranks the quickselect.
  for (long long taps : {10LL, 25LL, 49LL, 125LL}) {
    for (bool narrow : {false, true}) {
      const ElementwiseOp& op = stencil_op(StencilFold::Rank, taps, taps / 2, narrow);
      const bool network = narrow || taps <= 64;
      EXPECT_NE(op.name.find(network ? "ndi_network_" : "ndi_select_"), std::string::npos)
          << op.name;
      expect_compiles(op, signature(DType::Float32, DType::Float32, 3, true, 0), op.name);
      expect_compiles(op, signature(DType::Int16, DType::Float64, 2, false, 2), op.name);
      expect_compiles(op, signature(DType::Float64, DType::Float64, 1, true, 0), op.name);
    }
  }
  EXPECT_NE(&stencil_op(StencilFold::Rank, 25, 12, true),
            &stencil_op(StencilFold::Rank, 25, 12, false));
  EXPECT_NE(&stencil_op(StencilFold::Rank, 25, 12, true),
            &stencil_op(StencilFold::Rank, 25, 11, true));
  EXPECT_EQ(&stencil_op(StencilFold::Rank, 25, 12, true),
            &stencil_op(StencilFold::Rank, 25, 12, true));
  // The row where the network would cost more (a rank near the end of a wide footprint).
  const ElementwiseOp& row = stencil_op(StencilFold::Rank, 200, 2, true);
  EXPECT_NE(row.name.find("ndi_select_"), std::string::npos) << row.name;
  expect_compiles(row, signature(DType::Float32, DType::Float32, 2, true, 0), row.name);
  // Past both: the quickselect buffers.
  expect_compiles(stencil_op(StencilFold::Rank, 343, 171),
                  signature(DType::Float32, DType::Float32, 3, true, 0), "rank 7x7x7 median");
  EXPECT_EQ(stencil_op(StencilFold::Rank, 343, 171).name, "ndi_rank512");
}

TEST(NdimageStencil, VolumeTileKernelsCompile) {
  for (StencilFold f : {StencilFold::Sum, StencilFold::Min, StencilFold::Max}) {
    for (DType t : {DType::Float32, DType::UInt8, DType::Float64}) {
      const std::string what = "3-D tile fold " + std::to_string(static_cast<int>(f)) + " " +
                               info(t).name;
      try {
        EXPECT_FALSE(compile(stencil_tile_source(t, t, f, 3), "cunp_ndi_tile", 90).image.empty())
            << what;
      } catch (const std::exception& e) {
        ADD_FAILURE() << what << ": " << e.what();
      }
    }
  }
  // Rank folds: 3x3x3 and 5x5x5 medians (narrow and double keys) in volumes, 5x5 and 7x7 in
  // images, and a 3x3 one (the small register sort) in a volume.
  struct Case {
    int ndim;
    long long taps, rank;
    bool narrow;
    DType in, out;
  };
  const Case cases[] = {{3, 27, 13, true, DType::Float32, DType::Float32},
                        {3, 125, 62, true, DType::UInt8, DType::UInt8},
                        {3, 125, 62, false, DType::Float64, DType::Float64},
                        {3, 9, 4, false, DType::Int32, DType::Float32},
                        {2, 25, 12, true, DType::Float32, DType::Float32},
                        {2, 49, 24, false, DType::Int64, DType::Int64}};
  for (const Case& c : cases) {
    const std::string what = "rank tile ndim " + std::to_string(c.ndim) + " taps " +
                             std::to_string(c.taps) + " " + info(c.in).name;
    try {
      EXPECT_FALSE(compile(stencil_tile_source(c.in, c.out, StencilFold::Rank, c.ndim, c.taps,
                                               c.rank, c.narrow),
                           "cunp_ndi_tile", 90)
                       .image.empty())
          << what;
    } catch (const std::exception& e) {
      ADD_FAILURE() << what << ": " << e.what();
    }
  }
  EXPECT_THROW(stencil_tile_source(DType::Float32, DType::Float32, StencilFold::Sum, 4),
               ValueError);
}

TEST(NdimageStencil, PartsHaveNoIncludes) {
  EXPECT_EQ(device_part("ndi_stencil").find("#include"), std::string::npos);
  EXPECT_EQ(device_part("ndi_boundary").find("#include"), std::string::npos);
  EXPECT_EQ(device_part("ndi_line").find("#include"), std::string::npos);
  EXPECT_EQ(device_part("ndi_generic").find("#include"), std::string::npos);
  EXPECT_EQ(device_part("ndi_tile").find("#include"), std::string::npos);
  EXPECT_EQ(device_part("ndi_tile3").find("#include"), std::string::npos);
  EXPECT_EQ(device_part("ndi_select").find("#include"), std::string::npos);
}

}  // namespace

// The weighted 1-D passes' tiles compile for both layouts, narrow and wide dtypes, the smallest
// and the widest window they take; out-of-range windows and layouts are refused.
TEST(NdimageStencil, LineTileKernelsCompile) {
  for (int layout : {0, 1}) {
    for (DType t : {DType::Float32, DType::Float64, DType::UInt8, DType::Float16, DType::Bool}) {
      for (long long taps : {1LL, 33LL, kLineTileMaxTaps}) {
        const std::string what = "line tile " + std::to_string(layout) + " " + info(t).name + " " +
                                 std::to_string(taps);
        try {
          EXPECT_FALSE(
              compile(stencil_line_tile_source(t, t, taps, layout), "cunp_ndi_line_tile", 90)
                  .image.empty())
              << what;
        } catch (const std::exception& e) {
          ADD_FAILURE() << what << ": " << e.what();
        }
      }
    }
  }
  EXPECT_THROW(stencil_line_tile_source(DType::Float32, DType::Float32, 0, 0), ValueError);
  EXPECT_THROW(stencil_line_tile_source(DType::Float32, DType::Float32, kLineTileMaxTaps + 1, 1),
               ValueError);
  EXPECT_THROW(stencil_line_tile_source(DType::Float32, DType::Float32, 3, 2), ValueError);
}
