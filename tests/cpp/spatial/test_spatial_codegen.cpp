// tests/cpp/spatial/test_spatial_codegen.cpp -- KDTree's query and ball kernels and
// Delaunay.find_simplex's walk compile with NVRTC (no GPU needed).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/spatial/kdtree.hpp"
#include "cunp/ops/spatial/tri_locate.hpp"

using namespace cunp;

namespace {

// Every operand raw, 1-D or `ndim` as the Python side passes it, C-contiguous.
void expect_compiles(const ElementwiseOp& op, std::vector<DType> inputs, std::vector<int> ndims,
                     std::vector<DType> scalars) {
  KernelSignature sig;
  for (DType t : inputs) sig.inputs.push_back(t);
  for (DType t : scalars) sig.scalars.push_back(t);
  for (int n : ndims) {
    sig.raw_ndim.push_back(n);
    sig.raw_contiguous.push_back(true);
  }
  const std::string src = elementwise_source(op, sig);
  try {
    EXPECT_FALSE(compile(src, op.name, 90, op.options).image.empty()) << op.name;
  } catch (const std::exception& e) {
    ADD_FAILURE() << op.name << ": " << e.what() << "\n"
                  << src.substr(src.size() > 3000 ? src.size() - 3000 : 0);
  }
}

constexpr DType F = DType::Float64, I = DType::Int64, I32 = DType::Int32, B = DType::Bool;

TEST(SpatialCodegen, KdQueryCompiles) {
  expect_compiles(kd_query_op(), {F, F, I, F, F, I, F}, {2, 3, 1, 2, 2, 2, 1},
                  {I, I32, I32, I32, I32, F, F, F, B});
}

TEST(SpatialCodegen, KdBallCompiles) {
  expect_compiles(kd_ball_op(), {F, F, I, F, F, I, I, I, F}, {2, 3, 1, 2, 1, 1, 1, 1, 1},
                  {I, I32, I32, I32, F, B, B});
}

TEST(SpatialCodegen, TriLocateCompiles) {
  expect_compiles(tri_locate_op(), {F, F, I, I, I}, {2, 3, 2, 1, 1}, {I, I32, F, I});
}

}  // namespace
