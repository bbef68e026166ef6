// tests/cpp/support/fake_csr.hpp -- a square CSR matrix over fake memory, for the sparse tests'
// argument checks (which never read the data, so they run without a GPU).
#pragma once
#include "cunp/sparse/products.hpp"
#include "fake_array.hpp"

namespace cunp::test_support {

// An n x n CSR matrix with `nnz` entries (fake memory: never read).
inline CompressedMatrix fake_square_csr(int64_t n, int64_t nnz, DType data = DType::Float64,
                                        DType index = DType::Int32) {
  CompressedMatrix a;
  a.data = fake_array(Dims{nnz}, data);
  a.indices = fake_array(Dims{nnz}, index);
  a.indptr = fake_array(Dims{n + 1}, index);
  a.rows = n;
  a.cols = n;
  return a;
}

}  // namespace cunp::test_support
