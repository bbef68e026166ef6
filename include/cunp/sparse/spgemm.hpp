// include/cunp/sparse/spgemm.hpp -- the product of two CSR matrices on cuSPARSE's SpGEMM (work
// estimation, compute, copy), its result in new arrays.
#pragma once
#include <cstdint>

#include "cunp/array/ndarray.hpp"
#include "cunp/sparse/products.hpp"

namespace cunp {

// The CSR arrays of a product: data and indices hold at least one element (cuSPARSE takes no
// null pointers), of which the first nnz are the entries.
struct CompressedProduct {
  NDArray data, indices, indptr;
  int64_t nnz = 0;
};

// a @ b for CSR a (m x k) and b (k x n) with one value dtype (float32/64, complex64/128),
// int32 indices and indptr, contiguous and canonical (sorted, no duplicates), each holding at
// least one entry. The result's indptr is int32 (m + 1). Stored entries whose products cancel to
// zero are kept, as cuSPARSE keeps them: callers drop them where SciPy does.
CompressedProduct sparse_spgemm(const CompressedMatrix& a, const CompressedMatrix& b);

}  // namespace cunp
