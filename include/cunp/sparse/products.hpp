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

// How a product with one vector runs: as the route table of matmul.cpp says (Auto), or forced
// to SpMV or to SpMM with one dense column (for tests that probe the library).
enum class VectorProduct { Auto, SpMV, SpMM };

// out += a @ x. x is (cols,) or (cols, k) and out (rows,) or (rows, k), C-contiguous, of a's
// data dtype (float32/64, complex64/128). CSR runs as is, CSC as the transpose of the CSR
// matrix its arrays describe. Callers pass canonical indices (sorted, no duplicates), the
// format cuSPARSE documents. int32 indices need rows, cols and nnz below 2^31 (ValueError
// otherwise). Nothing is launched when a holds no entries or any size is zero.
void sparse_matmul(const CompressedMatrix& a, const NDArray& x, const NDArray& out,
                   VectorProduct vector_product = VectorProduct::Auto);

// Whether sparse_matmul runs a product of dtype t with one vector as SpMM with one dense
// column rather than SpMV (complex128: its SpMV faults inside the library; see matmul.cpp).
bool sparse_vector_as_matrix(DType t);

// Whether cuSPARSE loads and has every function cunp calls (never throws; no GPU needed), and
// why not.
bool cusparse_available();
std::string cusparse_unavailable_reason();

}  // namespace cunp
