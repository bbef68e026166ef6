// tests/cpp/sparse/test_sparse_triangular.cpp -- sparse_triangular_solve's argument checks and
// its early returns for empty operands, which all happen before any device or cuSPARSE call
// (no GPU needed).
#include <gtest/gtest.h>

#include "cunp/cunp.hpp"
#include "cunp/sparse/triangular.hpp"
#include "support/fake_csr.hpp"

namespace cunp {
namespace {

using test_support::fake_array;
using test_support::fake_square_csr;
using test_support::message_of;

template <class F> void expect_value_error(F&& f) { EXPECT_NE(message_of<ValueError>(f), ""); }

TEST(SparseTriangular, RefusesDtypesCusparseLacks) {
  for (DType t : {DType::Int64, DType::Float16, DType::Bool}) {
    NDArray b = fake_array(Dims{3}, t), x = fake_array(Dims{3}, t);
    EXPECT_NE(message_of<TypeError>(
                  [&] { sparse_triangular_solve(fake_square_csr(3, 3, t), b, x, true, false); }),
              "");
  }
  NDArray b = fake_array(Dims{3}, DType::Float64), x = fake_array(Dims{3}, DType::Float64);
  EXPECT_NE(message_of<TypeError>([&] {
              sparse_triangular_solve(fake_square_csr(3, 3, DType::Float64, DType::Int16), b, x,
                                      true, false);
            }),
            "");
}

TEST(SparseTriangular, RefusesBadMatrices) {
  NDArray b = fake_array(Dims{3}, DType::Float64), x = fake_array(Dims{3}, DType::Float64);
  CompressedMatrix csc = fake_square_csr(3, 3);
  csc.by_rows = false;
  expect_value_error([&] { sparse_triangular_solve(csc, b, x, true, false); });
  CompressedMatrix wide = fake_square_csr(3, 3);
  wide.cols = 4;
  expect_value_error([&] { sparse_triangular_solve(wide, b, x, true, false); });
  CompressedMatrix mixed = fake_square_csr(3, 3);
  mixed.indptr = fake_array(Dims{4}, DType::Int64);
  expect_value_error([&] { sparse_triangular_solve(mixed, b, x, true, false); });
  CompressedMatrix short_ptr = fake_square_csr(3, 3);
  short_ptr.indptr = fake_array(Dims{3}, DType::Int32);
  expect_value_error([&] { sparse_triangular_solve(short_ptr, b, x, true, false); });
  CompressedMatrix lengths = fake_square_csr(3, 3);
  lengths.indices = fake_array(Dims{2}, DType::Int32);
  expect_value_error([&] { sparse_triangular_solve(lengths, b, x, true, false); });
}

TEST(SparseTriangular, RefusesBadRightHandSides) {
  const CompressedMatrix a = fake_square_csr(3, 3);
  NDArray x = fake_array(Dims{3}, DType::Float64);
  // dtype, length, rank
  expect_value_error(
      [&] { sparse_triangular_solve(a, fake_array(Dims{3}, DType::Float32), x, true, false); });
  expect_value_error([&] {
    sparse_triangular_solve(a, fake_array(Dims{4}, DType::Float64),
                            fake_array(Dims{4}, DType::Float64), true, false);
  });
  expect_value_error([&] {
    sparse_triangular_solve(a, fake_array(Dims{3, 1, 1}, DType::Float64),
                            fake_array(Dims{3, 1, 1}, DType::Float64), true, false);
  });
  // Matrices must be Fortran-ordered (SpSM's column-major layout), with matching columns.
  NDArray bf = fake_array(Dims{3, 2}, DType::Float64, Order::F);
  NDArray xf = fake_array(Dims{3, 2}, DType::Float64, Order::F);
  NDArray bc = fake_array(Dims{3, 2}, DType::Float64, Order::C);
  expect_value_error([&] { sparse_triangular_solve(a, bc, xf, true, false); });
  expect_value_error([&] { sparse_triangular_solve(a, bf, bc, true, false); });
  expect_value_error([&] {
    sparse_triangular_solve(a, bf, fake_array(Dims{3, 3}, DType::Float64, Order::F), true, false);
  });
  expect_value_error([&] { sparse_triangular_solve(a, bf, x, true, false); });
}

TEST(SparseTriangular, EmptyOperandsLaunchNothing) {
  NDArray b0 = fake_array(Dims{0}, DType::Complex128), x0 = fake_array(Dims{0}, DType::Complex128);
  EXPECT_NO_THROW(
      sparse_triangular_solve(fake_square_csr(0, 0, DType::Complex128), b0, x0, false, true));
  NDArray b = fake_array(Dims{3, 0}, DType::Float32, Order::F);
  NDArray x = fake_array(Dims{3, 0}, DType::Float32, Order::F);
  EXPECT_NO_THROW(
      sparse_triangular_solve(fake_square_csr(3, 3, DType::Float32), b, x, true, false));
}

}  // namespace
}  // namespace cunp
