// tests/cpp/ndimage/test_interpolate_codegen.cpp -- the interpolation kernels (each way of finding
// coordinates, input ranks 1 to 3, every spline order, float, integer and bool outputs, float32
// coordinates, every boundary mode in 32- and 64-bit indexing, the affine map's batched kernels)
// and the spline prefilter's passes compile with NVRTC; which inputs index in 32 bits.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/ndimage/interpolate.hpp"
#include "cunp/runtime/error.hpp"
#include "support/expect_compiles.hpp"

using namespace cunp;
using cunp::test_support::expect_compiles;

namespace {

// One test per way of finding coordinates and input rank (seven dtypes at order 3, then every
// order at float32), so that ctest spreads the NVRTC compiles over the cores.
class InterpolateMap : public ::testing::TestWithParam<std::tuple<SampleMap, int>> {};

KernelSignature signature(DType t, DType table, int ndim) {
  KernelSignature sig;
  // The output is a raw operand as well (one output element a thread), contiguous or not.
  sig.inputs = {t, table, DType::Int64, t};
  sig.scalars = {DType::Int64, DType::Int32, DType::Int32, DType::Float64,
                 DType::Bool,  DType::Bool,  DType::Bool,  DType::Int64};
  sig.raw_ndim = {ndim, 1, 1, ndim};
  sig.raw_contiguous = {ndim != 2, true, true, ndim != 3};
  return sig;
}

std::string map_name(SampleMap map) {
  switch (map) {
    case SampleMap::Coordinates: return "map_coordinates";
    case SampleMap::Affine: return "affine";
    case SampleMap::ZoomShift: break;
  }
  return "zoom_shift";
}

TEST_P(InterpolateMap, CompilesForEveryDtypeAndOrder) {
  const auto [map, ndim] = GetParam();
  for (DType t : {DType::Float32, DType::Float64, DType::UInt8, DType::Int16, DType::Int64,
                  DType::UInt64, DType::Bool}) {
    const ElementwiseOp& op = interpolate_op(map, 3, NdiMode::Mirror, true);
    expect_compiles(op, signature(t, DType::Float64, ndim),
                    op.name + " " + info(t).name + " " + std::to_string(ndim));
  }
  for (int order : {0, 1, 2, 4, 5}) {
    const ElementwiseOp& op = interpolate_op(map, order, NdiMode::Constant, ndim != 2);
    expect_compiles(op, signature(DType::Float32, DType::Float64, ndim),
                    op.name + " float32 " + std::to_string(ndim));
  }
  // The affine map's batched kernels (rotate's stacked planes: axis 0 read uninterpolated),
  // every order, a float and an integer output, in both index widths, and one mode a fold.
  if (map == SampleMap::Affine && ndim == 3) {
    for (int order = 0; order <= 5; ++order)
      for (bool index32 : {true, false}) {
        const ElementwiseOp& op = interpolate_op(map, order, NdiMode::Mirror, index32, true);
        expect_compiles(op, signature(DType::Float64, DType::Float64, ndim),
                        op.name + " float64 " + std::to_string(ndim));
      }
    for (int mode = 0; mode <= static_cast<int>(NdiMode::GridConstant); ++mode) {
      const ElementwiseOp& op = interpolate_op(map, 3, static_cast<NdiMode>(mode), true, true);
      expect_compiles(op, signature(DType::UInt8, DType::Float64, ndim),
                      op.name + " uint8 mode " + std::to_string(mode));
    }
  }
  // map_coordinates reads float32 coordinates as they are.
  if (map == SampleMap::Coordinates)
    expect_compiles(interpolate_op(map, 1, NdiMode::Constant, true),
                    signature(DType::Float32, DType::Float32, ndim),
                    "float32 coordinates " + std::to_string(ndim));
  // Each mode's folds at orders 0, 1 and 3 (the clamp of nearest and grid-constant, the cval
  // taps of grid-constant), in both index widths, at one rank a map.
  if (ndim == 2)
    for (int mode = 0; mode <= static_cast<int>(NdiMode::GridConstant); ++mode)
      for (int order : {0, 1, 3})
        for (bool index32 : {true, false}) {
          const ElementwiseOp& op = interpolate_op(map, order, static_cast<NdiMode>(mode), index32);
          expect_compiles(op, signature(DType::Float32, DType::Float32, ndim),
                          op.name + " mode " + std::to_string(mode));
        }
}

// The kernels differ by map, order, mode and index width (each its own code, so its own cache
// entry), and an out-of-range order or mode is SciPy's RuntimeError.
TEST(NdimageInterpolate, OneKernelPerMapOrderModeAndWidth) {
  const ElementwiseOp& a = interpolate_op(SampleMap::Coordinates, 1, NdiMode::Constant, true);
  EXPECT_NE(a.code_hash(),
            interpolate_op(SampleMap::Coordinates, 1, NdiMode::Constant, false).code_hash());
  EXPECT_NE(a.code_hash(),
            interpolate_op(SampleMap::Coordinates, 1, NdiMode::Nearest, true).code_hash());
  EXPECT_NE(a.code_hash(),
            interpolate_op(SampleMap::Affine, 1, NdiMode::Constant, true).code_hash());
  EXPECT_NE(a.code_hash(),
            interpolate_op(SampleMap::Coordinates, 0, NdiMode::Constant, true).code_hash());
  EXPECT_EQ(&a, &interpolate_op(SampleMap::Coordinates, 1, NdiMode::Constant, true));
  // The affine map's batched kernel is its own; the other maps have none.
  const ElementwiseOp& affine = interpolate_op(SampleMap::Affine, 3, NdiMode::Constant, true);
  const ElementwiseOp& lead = interpolate_op(SampleMap::Affine, 3, NdiMode::Constant, true, true);
  EXPECT_NE(affine.code_hash(), lead.code_hash());
  EXPECT_EQ(&lead, &interpolate_op(SampleMap::Affine, 3, NdiMode::Constant, true, true));
  EXPECT_THROW(interpolate_op(SampleMap::Coordinates, 3, NdiMode::Constant, true, true),
               ValueError);
  EXPECT_THROW(interpolate_op(SampleMap::ZoomShift, 3, NdiMode::Constant, true, true), ValueError);
  EXPECT_THROW(interpolate_op(SampleMap::Coordinates, 6, NdiMode::Constant, true), RuntimeError);
  EXPECT_THROW(interpolate_op(SampleMap::Coordinates, 1, static_cast<NdiMode>(7), true),
               RuntimeError);
}

INSTANTIATE_TEST_SUITE_P(NdimageInterpolate, InterpolateMap,
                         ::testing::Combine(::testing::Values(SampleMap::Coordinates,
                                                              SampleMap::Affine,
                                                              SampleMap::ZoomShift),
                                            ::testing::Values(1, 2, 3)),
                         [](const ::testing::TestParamInfo<std::tuple<SampleMap, int>>& p) {
                           return map_name(std::get<0>(p.param)) + "_" +
                                  std::to_string(std::get<1>(p.param)) + "d";
                         });

// 32 bits where every byte offset, extent and coordinate position fits; 64 past any of them.
TEST(NdimageInterpolate, Index32) {
  EXPECT_TRUE(interpolate_index32(Dims{2048, 2048}, Dims{8192, 4}, 2048 * 2048, true));
  // A reversed or transposed view spans the same bytes.
  EXPECT_TRUE(interpolate_index32(Dims{2048, 2048}, Dims{-8192, -4}, 2048 * 2048, true));
  EXPECT_TRUE(interpolate_index32(Dims{2048, 2048}, Dims{4, 8192}, 2048 * 2048, false));
  // The last element at byte 2^31 - 8 fits; one more element does not.
  EXPECT_TRUE(interpolate_index32(Dims{1LL << 28}, Dims{8}, 1, false));
  EXPECT_FALSE(interpolate_index32(Dims{(1LL << 28) + 1}, Dims{8}, 1, false));
  EXPECT_FALSE(interpolate_index32(Dims{4, 1LL << 28}, Dims{1LL << 31, 1}, 1, false));
  EXPECT_FALSE(interpolate_index32(Dims{1LL << 29}, Dims{1}, 1, false));
  EXPECT_TRUE(interpolate_index32(Dims{(1LL << 29) - 1}, Dims{1}, 1, false));
  // Coordinates: ndim planes of the output's size.
  EXPECT_TRUE(interpolate_index32(Dims{8, 8}, Dims{8, 1}, (1LL << 30) - 1, true));
  EXPECT_FALSE(interpolate_index32(Dims{8, 8}, Dims{8, 1}, 1LL << 30, true));
  EXPECT_TRUE(interpolate_index32(Dims{8, 8}, Dims{8, 1}, 1LL << 30, false));
  EXPECT_FALSE(interpolate_index32(Dims{8, 8}, Dims{8, 1}, 1LL << 31, false));
  // Empty and 0-d-like inputs: nothing to offset.
  EXPECT_TRUE(interpolate_index32(Dims{0, 5}, Dims{20, 4}, 0, true));
  EXPECT_TRUE(interpolate_index32(Dims{1}, Dims{0}, 1, true));
}

TEST(NdimageInterpolate, SplineFilterCompiles) {
  KernelSignature sig;
  sig.inputs = {DType::Float64, DType::Float64};
  sig.scalars = {DType::Int64, DType::Int64, DType::Int64, DType::Int64,
                 DType::Int32, DType::Int32, DType::Int32, DType::Bool};
  sig.raw_ndim = {3, 3};
  sig.raw_contiguous = {true, true};
  expect_compiles(spline_filter_op(), sig, "spline filter");
}

// Segments: 256 where lines are many, halved until a pass has 32768 threads, never below 32.
TEST(NdimageInterpolate, SplineSegment) {
  EXPECT_EQ(ndi_spline_segment(2048, 2048), 128);
  EXPECT_EQ(ndi_spline_segment(512 * 512, 512), 256);
  EXPECT_EQ(ndi_spline_segment(1, 10), 32);
  EXPECT_EQ(ndi_spline_segment(1, 1 << 20), 32);
  EXPECT_EQ(ndi_spline_segment(64, 1 << 16), 128);
}

}  // namespace

namespace {

// Few lines take up to 8 positions each (2048 lines: 8, so 64 blocks of one active warp);
// enough lines take one.
TEST(NdimageInterpolate, LineSpread) {
  EXPECT_EQ(ndi_line_spread(1), 8);
  EXPECT_EQ(ndi_line_spread(2048), 8);
  EXPECT_EQ(ndi_line_spread(16384), 4);
  EXPECT_EQ(ndi_line_spread(65536), 1);
  EXPECT_EQ(ndi_line_spread(1LL << 40), 1);
  for (long long lines = 1; lines < 200000; lines += 997) {
    const long long s = ndi_line_spread(lines);
    EXPECT_GE(s, 1);
    EXPECT_LE(s, 8);
    EXPECT_TRUE(s == 8 || (lines + 31) / 32 * s >= 2048) << lines;
  }
}

}  // namespace
