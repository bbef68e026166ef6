// include/cunp/sparse/products.hpp -- products of a compressed sparse matrix (CSR or CSC) with
// dense vectors and matrices, on cuSPARSE's generic API (SpMV, SpMM).
#pragma once
#include <cstdint>
#include <string>

#include "cunp/array/ndarray.hpp"

namespace cunp {

// A compressed sparse matrix of `rows` x `cols`: CSR when by_rows (indptr has rows + 1 entries),
// else CSC (cols + 1). indices and indptr share one integer dtype (int32 or int64); all three
// arrays are 1-D and contiguous on one device.
struct CompressedMatrix {
  NDArray data, indices, indptr;
  int64_t rows = 0, cols = 0;
  bool by_rows = true;
};

// out += a @ x. x is (cols,) or (cols, k) and out (rows,) or (rows, k), C-contiguous, of a's
// data dtype (float32/64, complex64/128). Matrices (k columns) need CSR. Sorted indices are
// not required by the result but cuSPARSE may be faster with them. Nothing is launched when
// a holds no entries or any size is zero.
void sparse_matmul(const CompressedMatrix& a, const NDArray& x, const NDArray& out);

// Whether cuSPARSE loads and has every function cunp calls (never throws; no GPU needed), and
// why not.
bool cusparse_available();
std::string cusparse_unavailable_reason();

}  // namespace cunp
