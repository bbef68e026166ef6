// src/linalg/solver_common.hpp -- what the solver routines share: stacks of column-major
// matrices in one buffer, pointer arrays, info arrays read back in one transfer, workspaces,
// and the small kernels (determinants from LU, triangles, finiteness checks, eig vectors).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/memory/memory.hpp"

namespace cunp::linalg {

// Library enums as ints (their C ABI), so no CUDA library header is needed.
constexpr int kOpN = 0, kOpT = 1;          // cublasOperation_t
constexpr int kLower = 0, kUpper = 1;      // cublasFillMode_t
constexpr int kNoVector = 0, kVector = 1;  // cusolverEigMode_t
int cuda_data_type(DType t);               // cudaDataType: CUDA_R_32F, ...

// A stack of `rows` x `cols` column-major matrices: `data` is C-contiguous with shape
// batch + (cols, rows).
struct Batch {
  NDArray data;
  Dims batch_shape;
  int64_t count = 0;
  int64_t rows = 0, cols = 0;
  DType dtype() const { return data.dtype(); }
  int ld() const { return static_cast<int>(rows > 0 ? rows : 1); }
  uintptr_t matrix(int64_t b) const { return data.data() + b * rows * cols * data.itemsize(); }
};

// LinAlgError with NumPy's messages unless a is a stack of matrices (square when asked).
void require_stack(const NDArray& a, bool square);
// TypeError "array type X is unsupported in linalg" unless a float32/64, complex64/128 dtype.
void require_solver_dtype(DType t);
// Sizes beyond the 32-bit library interfaces.
void require_int32(int64_t v, const char* what);

// A fresh column-major copy of a (..., m, n) (the library overwrites it).
Batch column_major_copy(const NDArray& a);
// A fresh row-major copy seen as column-major: the stack of a's transposes (n x m).
Batch transposed_copy(const NDArray& a);
Batch column_major_empty(const Dims& batch_shape, int64_t rows, int64_t cols, DType dtype);
// The (..., rows, cols) view of a batch (a Fortran-ordered view of its buffer).
NDArray matrices(const Batch& b);
// The batch's buffer read row-major: (..., cols, rows), the transposes.
NDArray transposes(const Batch& b);

Dims with_matrix(const Dims& batch, int64_t r, int64_t c);
Dims with_vector(const Dims& batch, int64_t n);

// A device array of the matrix pointers of a batch (one host-to-device copy).
NDArray pointer_array(const Batch& b);
inline void* ptr_of(const NDArray& a) { return reinterpret_cast<void*>(a.data()); }
inline void* at(uintptr_t p) { return reinterpret_cast<void*>(p); }

// int32 zeros of length n.
NDArray info_array(int64_t n);
// The info values on the host (synchronizes the stream).
std::vector<int32_t> read_info(const NDArray& info);

// Device workspace from the pool for the current stream (at least one byte).
MemoryPtr workspace(std::size_t bytes, int device);

// --- kernels ---
// det of each LU factorization (lu: batch of n x n, piv: int32 (count, n)) into out (count,).
void det_from_lu(const Batch& lu, const NDArray& piv, const NDArray& out);
void slogdet_from_lu(const Batch& lu, const NDArray& piv, const NDArray& sign,
                     const NDArray& logdet);
// Zeroes one triangle of each matrix of a C-contiguous (..., r, c) array, in place: above the
// diagonal (keep_lower) or below it.
void keep_triangle(const NDArray& a, bool keep_lower);
// flags[b] = 1 where matrix b of the batch holds a NaN or an infinity (flags: int32 (count,)).
void flag_nonfinite(const Batch& b, const NDArray& flags);
// LAPACK's packed real eigenvectors (vr: batch of n x n) to complex ones (out: like vr).
void unpack_eigenvectors(const Batch& vr, const NDArray& w, const Batch& out);
// perm (..., m) with a[perm] == L @ U and its inverse inv, from getrf's 1-based row swaps piv
// (C-contiguous int32 (count, k)); perm, inv: C-contiguous int32 (count, m). One thread per
// matrix replays its k swaps (they are sequential: each acts on the previous ones' result).
void permutation_from_pivots(const NDArray& piv, const NDArray& perm, const NDArray& inv);
// Solves each banded system in place of x by LU with partial pivoting, one thread per system:
// w (2 kl + ku + 1, m, count) holds the band in its rows kl.. (rows 0..kl-1 zero), x (m, nrhs,
// count) the right-hand sides, both C-contiguous of one solver dtype; info (count,) int32 gets
// 0 or the 1-based column of a zero pivot.
void banded_solve_inplace(const NDArray& w, const NDArray& x, const NDArray& info, int64_t kl,
                          int64_t ku);
// In place complex conjugate (a no-op for real arrays).
void conjugate_inplace(const NDArray& a);

// The kernel sources, for the NVRTC compile test.
std::vector<std::string> solver_kernel_sources();

}  // namespace cunp::linalg
