// tests/cpp/sparse/test_sparse_solve.cpp -- sparse_solve's argument checks and its early
// return for an empty matrix, which all happen before any device or cusolverSp call (no GPU
// needed), and the library query, which never throws.
#include <gtest/gtest.h>

#include "cunp/cunp.hpp"
#include "support/fake_csr.hpp"

namespace cunp {
namespace {

using test_support::fake_array;
using test_support::fake_square_csr;
using test_support::message_of;

TEST(SparseSolve, RefusesDtypesCusolverLacks) {
  NDArray b = fake_array(Dims{3}, DType::Int64), x = fake_array(Dims{3}, DType::Int64);
  EXPECT_NE(
      message_of<TypeError>([&] { sparse_solve(fake_square_csr(3, 4, DType::Int64), b, x, 0); }),
      "");
}

TEST(SparseSolve, RefusesBadOperands) {
  NDArray b = fake_array(Dims{3}, DType::Float64), x = fake_array(Dims{3}, DType::Float64);
  NDArray b32 = fake_array(Dims{3}, DType::Float32);
  EXPECT_NE(message_of<ValueError>([&] { sparse_solve(fake_square_csr(3, 4), b32, x, 0); }), "");
  NDArray b4 = fake_array(Dims{4}, DType::Float64);
  EXPECT_NE(message_of<ValueError>([&] { sparse_solve(fake_square_csr(3, 4), b4, x, 0); }), "");
  NDArray b2 = fake_array(Dims{3, 1}, DType::Float64);
  EXPECT_NE(message_of<ValueError>([&] { sparse_solve(fake_square_csr(3, 4), b2, x, 0); }), "");
  CompressedMatrix wide = fake_square_csr(3, 4);
  wide.cols = 4;
  EXPECT_NE(message_of<ValueError>([&] { sparse_solve(wide, b, x, 0); }), "");
  CompressedMatrix csc = fake_square_csr(3, 4);
  csc.by_rows = false;
  EXPECT_NE(message_of<ValueError>([&] { sparse_solve(csc, b, x, 0); }), "");
  EXPECT_NE(message_of<ValueError>([&] {
              sparse_solve(fake_square_csr(3, 4, DType::Float64, DType::Int64), b, x, 0);
            }),
            "");
  CompressedMatrix short_ptr = fake_square_csr(3, 4);
  short_ptr.indptr = fake_array(Dims{3}, DType::Int32);
  EXPECT_NE(message_of<ValueError>([&] { sparse_solve(short_ptr, b, x, 0); }), "");
}

TEST(SparseSolve, EmptyMatrixIsNotSingular) {
  NDArray b = fake_array(Dims{0}, DType::Float64), x = fake_array(Dims{0}, DType::Float64);
  EXPECT_EQ(sparse_solve(fake_square_csr(0, 0), b, x, 0), -1);
}

TEST(SparseSolve, LibraryQueryNeverThrows) {
  bool ok = false;
  EXPECT_NO_THROW(ok = sparse_solve_available());
  if (!ok) EXPECT_FALSE(sparse_solve_unavailable_reason().empty());
}

}  // namespace
}  // namespace cunp
