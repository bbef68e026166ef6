// tests/cpp/sparse/test_sparse_matmul.cpp -- sparse_matmul's argument checks and its early
// return for empty operands, which all happen before any device or cuSPARSE call (no GPU
// needed), the route of each dtype's vector products, and the library query, which never
// throws.
#include <gtest/gtest.h>

#include "cunp/cunp.hpp"
#include "support/fake_array.hpp"

namespace cunp {
namespace {

using test_support::fake_array;
using test_support::message_of;

// A 3 x 4 CSR matrix with `nnz` entries (fake memory: never read).
CompressedMatrix csr(int64_t nnz, DType data = DType::Float64, DType index = DType::Int32) {
  CompressedMatrix a;
  a.data = fake_array(Dims{nnz}, data);
  a.indices = fake_array(Dims{nnz}, index);
  a.indptr = fake_array(Dims{4}, index);
  a.rows = 3;
  a.cols = 4;
  return a;
}

TEST(SparseMatmul, RefusesDtypesCusparseLacks) {
  NDArray x = fake_array(Dims{4}, DType::Int64), y = fake_array(Dims{3}, DType::Int64);
  EXPECT_NE(message_of<TypeError>([&] { sparse_matmul(csr(5, DType::Int64), x, y); }), "");
  NDArray xf = fake_array(Dims{4}, DType::Float64), yf = fake_array(Dims{3}, DType::Float64);
  EXPECT_NE(
      message_of<TypeError>([&] { sparse_matmul(csr(5, DType::Float64, DType::Int16), xf, yf); }),
      "");
}

TEST(SparseMatmul, RefusesMismatchedOperands) {
  NDArray x = fake_array(Dims{4}, DType::Float64), y = fake_array(Dims{3}, DType::Float64);
  NDArray x32 = fake_array(Dims{4}, DType::Float32);
  EXPECT_NE(message_of<ValueError>([&] { sparse_matmul(csr(5), x32, y); }), "");
  NDArray x5 = fake_array(Dims{5}, DType::Float64);
  EXPECT_NE(message_of<ValueError>([&] { sparse_matmul(csr(5), x5, y); }), "");
  NDArray y2 = fake_array(Dims{3, 2}, DType::Float64);
  EXPECT_NE(message_of<ValueError>([&] { sparse_matmul(csr(5), x, y2); }), "");
  CompressedMatrix mixed = csr(5);
  mixed.indptr = fake_array(Dims{4}, DType::Int64);
  EXPECT_NE(message_of<ValueError>([&] { sparse_matmul(mixed, x, y); }), "");
  CompressedMatrix short_ptr = csr(5);
  short_ptr.indptr = fake_array(Dims{3}, DType::Int32);
  EXPECT_NE(message_of<ValueError>([&] { sparse_matmul(short_ptr, x, y); }), "");
  // CSC's indptr runs over the columns.
  CompressedMatrix csc = csr(5);
  csc.by_rows = false;
  EXPECT_NE(message_of<ValueError>([&] { sparse_matmul(csc, x, y); }), "");
}

TEST(SparseMatmul, NothingToDoWithoutEntries) {
  NDArray x = fake_array(Dims{4}, DType::Float64), y = fake_array(Dims{3}, DType::Float64);
  EXPECT_NO_THROW(sparse_matmul(csr(0), x, y));
}

TEST(SparseMatmul, Int32IndicesRefuseMatricesBeyondTheirRange) {
  // A CSC matrix of 2^31 rows and 2 columns: its indptr is short, its rows are not.
  CompressedMatrix a;
  a.data = fake_array(Dims{1}, DType::Float64);
  a.indices = fake_array(Dims{1}, DType::Int32);
  a.indptr = fake_array(Dims{3}, DType::Int32);
  a.rows = int64_t{1} << 31;
  a.cols = 2;
  a.by_rows = false;
  NDArray x = fake_array(Dims{2}, DType::Float64), y = fake_array(Dims{a.rows}, DType::Float64);
  EXPECT_NE(message_of<ValueError>([&] { sparse_matmul(a, x, y); }).find("int64"),
            std::string::npos);
}

TEST(SparseMatmul, Complex128VectorsRunAsOneColumnMatrices) {
  EXPECT_TRUE(sparse_vector_as_matrix(DType::Complex128));
  for (DType t : {DType::Float32, DType::Float64, DType::Complex64, DType::Int64})
    EXPECT_FALSE(sparse_vector_as_matrix(t));
}

TEST(SparseMatmul, LibraryQueryNeverThrows) {
  bool ok = false;
  EXPECT_NO_THROW(ok = cusparse_available());
  EXPECT_EQ(cusparse_unavailable_reason().empty(), ok);
}

}  // namespace
}  // namespace cunp
