// include/cunp/sparse/solve.hpp -- direct solves of sparse systems on cuSOLVER's sparse QR and
// Cholesky (cusolverSp's csrlsvqr, csrlsvchol), loaded from libcusolver on first use like the
// dense routines.
#pragma once
#include <string>

#include "cunp/sparse/products.hpp"

namespace cunp {

// How sparse_solve factors: QR for any square matrix; Cholesky (L L^H) for a Hermitian
// positive-definite one.
enum class SparseFactorization { Qr, Cholesky };

// Solves a @ x = b for a square CSR matrix a (by_rows, int32 indices and indptr) and vectors
// b, x of a's data dtype (float32/64, complex64/128), 1-D and contiguous, by a QR or Cholesky
// factorisation with fill-reducing reordering on the device. Returns -1, or the first column
// at which the factor's diagonal fell to `tol` or below (the matrix is then singular, or for
// Cholesky not positive definite, and x is not a solution). Blocks until the solve ends.
int sparse_solve(const CompressedMatrix& a, const NDArray& b, const NDArray& x, double tol,
                 SparseFactorization how = SparseFactorization::Qr);

// Whether cusolverSp loads with every function above (never throws; no GPU needed), and why
// not.
bool sparse_solve_available();
std::string sparse_solve_unavailable_reason();

}  // namespace cunp
