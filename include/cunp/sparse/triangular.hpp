// include/cunp/sparse/triangular.hpp -- triangular solves with a sparse matrix on cuSPARSE's
// generic SpSM: the device half of cunp.scipy.sparse.linalg's SuperLU.solve (the factors L and
// U stay on the device; each solve is a permutation and two of these calls).
#pragma once

#include "cunp/sparse/products.hpp"

namespace cunp {

// x = T^-1 b for the triangle T of a square CSR matrix a (by_rows; int32 or int64 indices,
// canonical: sorted, no duplicates): its lower triangle when `lower`, else its upper, with
// ones taken for the diagonal when `unit_diagonal` (entries outside the triangle are ignored,
// as cuSPARSE's fill mode reads them). b and x share a's data dtype (float32/64, complex64/128)
// and are (n,) vectors or (n, k) matrices in Fortran order (column-major, leading dimension n:
// the layout SpSM takes in every toolkit), distinct arrays. A zero on a non-unit diagonal is
// not checked: the caller knows its factor. Nothing is launched when n or k is zero.
void sparse_triangular_solve(const CompressedMatrix& a, const NDArray& b, const NDArray& x,
                             bool lower, bool unit_diagonal);

}  // namespace cunp
