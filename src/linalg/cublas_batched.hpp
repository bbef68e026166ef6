// src/linalg/cublas_batched.hpp -- cuBLAS's batched LU routines (getrf, getrs, getri) on stacks
// of small matrices, dispatched on the element type, through the shared cuBLAS table and handle.
#pragma once
#include "cunp/array/dtype.hpp"

namespace cunp::linalg {

// Each runs on `device`'s current stream with this thread's cuBLAS handle (blas::handle), takes
// device arrays of matrix pointers (one per matrix of the batch), and throws TypeError for a
// dtype other than float32/64, complex64/128 (before any device work) and CudaError when cuBLAS
// is missing or fails.
void getrf_batched(DType t, int device, int n, void* const* a, int lda, int* piv, int* info,
                   int batch);
// op(A) X = B from getrf's factors; `host_info` receives argument errors (on the host).
void getrs_batched(DType t, int device, bool transpose, int n, int nrhs, const void* const* a,
                   int lda, const int* piv, void* const* b, int ldb, int* host_info, int batch);
// C = inv(A) from getrf's factors (out of place).
void getri_batched(DType t, int device, int n, const void* const* a, int lda, const int* piv,
                   void* const* c, int ldc, int* info, int batch);

}  // namespace cunp::linalg
