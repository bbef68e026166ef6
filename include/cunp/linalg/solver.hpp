// cunp/linalg/solver.hpp -- numpy.linalg's factorizations on cuSOLVER and cuBLAS: LU (det,
// slogdet, inv, solve), Cholesky, QR, eigh, eig and SVD, each over stacks (..., M, N).
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "cunp/array/ndarray.hpp"

namespace cunp {

// numpy.linalg.LinAlgError: a singular matrix, a matrix that is not positive definite, or an
// iteration that did not converge. Python maps it to cunp.linalg.LinAlgError (a ValueError).
struct LinAlgError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Inputs are stacks (..., M, N) already in the working dtype (float32/64, complex64/128; any
// other dtype is a TypeError "array type X is unsupported in linalg"); the caller does NumPy's
// promotion. Results are new arrays (their last two axes may be Fortran-ordered views).

NDArray det(const NDArray& a);
// (sign, logabsdet): sign has a's dtype, logabsdet its real dtype.
std::pair<NDArray, NDArray> slogdet(const NDArray& a);
// The `check` flags below decide whether the routine reads the library's info array back (a
// device-to-host sync) to raise LinAlgError; unchecked results hold the inf/nan the library
// leaves (cunp.errstate(linalg='ignore') in Python).

// LinAlgError "Singular matrix" unless check_singular is false (then inf/nan, as LAPACK leaves).
NDArray inv(const NDArray& a, bool check_singular = true);
// a (..., N, N), b (..., N, K) with the same batch shape: x with a @ x == b. LinAlgError
// "Singular matrix" unless check_singular is false.
NDArray solve(const NDArray& a, const NDArray& b, bool check_singular = true);
// getrf of matrices (..., M, N) (square for scipy.linalg.lu_factor, any shape for lu): {lu,
// piv}. lu holds LAPACK's packed factors (unit-lower L below the diagonal, U on and above it);
// piv is int32 (count, min(M, N)) with LAPACK's 1-based row interchanges. A singular U is not
// an error (SciPy only warns).
std::pair<NDArray, NDArray> lu_factor(const NDArray& a);
// The row permutations of lu_factor's pivots (int32 (count, K), K <= m) for m-row matrices, on
// the device: {perm, inv}, int32 (count, m), with a[perm] == L @ U and a == (L @ U)[inv].
std::pair<NDArray, NDArray> lu_permutation(const NDArray& piv, int64_t m);
// scipy.linalg.solve_banded's solver, in place: w (2 kl + ku + 1, M, count) holds each system's
// band in LAPACK's gbtrf layout (rows kl.. the band as ab, rows 0..kl-1 zero), x (M, K, count)
// the right-hand sides (the solutions on return), both C-contiguous, one solver dtype, the
// system index fastest. LU with partial pivoting (gbsv's), one thread per system. Returns info
// (count,) int32: 0, or the 1-based column of an exactly zero pivot (singular).
NDArray solve_banded(const NDArray& w, const NDArray& x, int64_t kl, int64_t ku);
// scipy.linalg.lu_solve: op(A) X = B from lu_factor's {lu, piv}; lu (..., N, N), piv int32
// (count, N) 1-based, b (..., N, K) with lu's batch shape and dtype; trans 0 (A) or 1 (A^T).
NDArray lu_solve(const NDArray& lu, const NDArray& piv, const NDArray& b, int trans);

// LinAlgError "Matrix is not positive definite" unless check is false (then the factor holds
// nan or garbage past the failing column, as the library leaves it).
NDArray cholesky(const NDArray& a, bool upper, bool check = true);

// QR by mode: "reduced" {q, r}, "complete" {q, r}, "r" {r}, "raw" {h, tau} (h as NumPy gives
// it: shape (..., N, M), the Householder vectors of LAPACK's column-major result).
std::vector<NDArray> qr(const NDArray& a, const std::string& mode);

// {w} or {w, v}; `lower` reads the lower triangle (NumPy's UPLO='L').
// LinAlgError "Eigenvalues did not converge" (also for NaN input, as NumPy).
std::vector<NDArray> eigh(const NDArray& a, bool lower, bool compute_vectors);
// {w} or {w, v}: complex results, also where every eigenvalue of a real a is real (NumPy 2.5).
std::vector<NDArray> eig(const NDArray& a, bool compute_vectors);

// {u, s, vh} or {s}. LinAlgError "SVD did not converge" (also for NaN input, as NumPy).
std::vector<NDArray> svd(const NDArray& a, bool full_matrices, bool compute_uv);

// Which cuSOLVER routine svd() uses for single matrices larger than 32x32: "gesvdj" (Jacobi,
// the default) or "gesvd" (QR iteration); ValueError for any other name.
void set_svd_driver(const std::string& driver);
std::string svd_driver();

}  // namespace cunp
