// tests/cpp/sparse/test_sparse_spgemm.cpp -- the argument checks of sparse_spgemm and of the
// per-line calls, and the line calls' early returns for nothing to do: all before any device or
// library call (no GPU needed).
#include <gtest/gtest.h>

#include "cunp/cunp.hpp"
#include "cunp/sparse/lines.hpp"
#include "cunp/sparse/spgemm.hpp"
#include "support/fake_array.hpp"

namespace cunp {
namespace {

using test_support::fake_array;
using test_support::message_of;

// A rows x cols CSR matrix with `nnz` entries (fake memory: never read).
CompressedMatrix csr(int64_t rows, int64_t cols, int64_t nnz, DType data = DType::Float64,
                     DType index = DType::Int32) {
  CompressedMatrix a;
  a.data = fake_array(Dims{nnz}, data);
  a.indices = fake_array(Dims{nnz}, index);
  a.indptr = fake_array(Dims{rows + 1}, index);
  a.rows = rows;
  a.cols = cols;
  return a;
}

TEST(SparseSpgemm, RefusesDtypesCusparseLacks) {
  EXPECT_NE(message_of<TypeError>(
                [] { sparse_spgemm(csr(3, 4, 5, DType::Int64), csr(4, 2, 3, DType::Int64)); }),
            "");
  EXPECT_NE(message_of<TypeError>(
                [] { sparse_spgemm(csr(3, 4, 5, DType::Bool), csr(4, 2, 3, DType::Bool)); }),
            "");
}

TEST(SparseSpgemm, RefusesMismatchedOperands) {
  // Inner sizes, value dtypes, int64 indices, CSC, wrong indptr, no entries.
  EXPECT_NE(message_of<ValueError>([] { sparse_spgemm(csr(3, 4, 5), csr(5, 2, 3)); }), "");
  EXPECT_NE(
      message_of<ValueError>([] { sparse_spgemm(csr(3, 4, 5), csr(4, 2, 3, DType::Float32)); }),
      "");
  EXPECT_NE(message_of<ValueError>([] {
              sparse_spgemm(csr(3, 4, 5, DType::Float64, DType::Int64),
                            csr(4, 2, 3, DType::Float64, DType::Int64));
            }),
            "");
  CompressedMatrix csc = csr(3, 4, 5);
  csc.by_rows = false;
  EXPECT_NE(message_of<ValueError>([&] { sparse_spgemm(csc, csr(4, 2, 3)); }), "");
  CompressedMatrix short_ptr = csr(3, 4, 5);
  short_ptr.indptr = fake_array(Dims{3}, DType::Int32);
  EXPECT_NE(message_of<ValueError>([&] { sparse_spgemm(short_ptr, csr(4, 2, 3)); }), "");
  EXPECT_NE(message_of<ValueError>([] { sparse_spgemm(csr(3, 4, 0), csr(4, 2, 3)); }), "");
}

TEST(SparseLines, RefuseMismatchedOperands) {
  const NDArray data = fake_array(Dims{6}, DType::Float64);
  const NDArray ptr = fake_array(Dims{4}, DType::Int32);
  EXPECT_NE(message_of<ValueError>(
                [&] { sparse_line_sums(data, ptr, fake_array(Dims{4}, DType::Float64)); }),
            "");
  EXPECT_NE(message_of<ValueError>([&] {
              sparse_line_sums(data, fake_array(Dims{4}, DType::Float32),
                               fake_array(Dims{3}, DType::Float64));
            }),
            "");
  EXPECT_NE(message_of<ValueError>([&] {
              sparse_take_counts(fake_array(Dims{2}, DType::Int32), ptr,
                                 fake_array(Dims{2}, DType::Int64));
            }),
            "");
  EXPECT_NE(message_of<ValueError>([&] {
              sparse_take_gather(fake_array(Dims{3}, DType::Int64),
                                 fake_array(Dims{2}, DType::Int64), ptr,
                                 fake_array(Dims{6}, DType::Int32), data,
                                 fake_array(Dims{4}, DType::Int64),
                                 fake_array(Dims{4}, DType::Float64));
            }),
            "");
  EXPECT_NE(message_of<ValueError>([&] {
              sparse_line_check(ptr, fake_array(Dims{6}, DType::Int32), data,
                                fake_array(Dims{3}, DType::Bool));
            }),
            "");
}

TEST(SparseLines, NothingToDoWithoutLinesOrEntries) {
  const NDArray data = fake_array(Dims{0}, DType::Float64);
  const NDArray ptr = fake_array(Dims{1}, DType::Int64);
  EXPECT_NO_THROW(sparse_line_sums(data, ptr, fake_array(Dims{0}, DType::Float64)));
  EXPECT_NO_THROW(sparse_take_counts(fake_array(Dims{0}, DType::Int64), ptr,
                                     fake_array(Dims{0}, DType::Int64)));
  EXPECT_NO_THROW(
      sparse_take_gather(fake_array(Dims{3}, DType::Int64), fake_array(Dims{2}, DType::Int64), ptr,
                         fake_array(Dims{0}, DType::Int64), data, fake_array(Dims{0}, DType::Int64),
                         fake_array(Dims{0}, DType::Float64)));
  EXPECT_NO_THROW(sparse_line_check(ptr, fake_array(Dims{0}, DType::Int64), data,
                                    fake_array(Dims{0}, DType::Bool)));
}

}  // namespace
}  // namespace cunp
