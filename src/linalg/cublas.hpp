// src/linalg/cublas.hpp -- cuBLAS, loaded with dlopen on first use: the function table, and the
// handle of each device and thread, bound to the current stream with a workspace from the pool.
#pragma once
#include <cublas_v2.h>

#include <string>

namespace cunp::blas {

// Names as the library exports them (cublas_v2.h maps cublasSgemm to cublasSgemm_v2, ...).
// clang-format off
#define CUNP_CUBLAS_FUNCTIONS(X)                                                             \
  X(cublasCreate_v2) X(cublasSetStream_v2) X(cublasSetWorkspace_v2) X(cublasSetMathMode)    \
  X(cublasGetVersion_v2) X(cublasGetProperty) X(cublasSgemm_v2) X(cublasDgemm_v2)           \
  X(cublasCgemm_v2) X(cublasZgemm_v2) X(cublasSgemmStridedBatched)                          \
  X(cublasDgemmStridedBatched) X(cublasCgemmStridedBatched) X(cublasZgemmStridedBatched)    \
  /* the solvers' batched LU */                                                              \
  X(cublasSgetrfBatched) X(cublasDgetrfBatched) X(cublasCgetrfBatched) X(cublasZgetrfBatched) \
  X(cublasSgetrsBatched) X(cublasDgetrsBatched) X(cublasCgetrsBatched) X(cublasZgetrsBatched) \
  X(cublasSgetriBatched) X(cublasDgetriBatched) X(cublasCgetriBatched) X(cublasZgetriBatched)
// clang-format on

// The Ex functions are overloaded in C++ (a legacy cudaDataType compute-type form): the types
// name the form with cublasComputeType_t, the one the library exports.
using GemmExFn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int,
                                    int, const void*, const void*, cudaDataType, int, const void*,
                                    cudaDataType, int, const void*, void*, cudaDataType, int,
                                    cublasComputeType_t, cublasGemmAlgo_t);
using GemmStridedBatchedExFn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t,
                                                  cublasOperation_t, int, int, int, const void*,
                                                  const void*, cudaDataType, int, long long,
                                                  const void*, cudaDataType, int, long long,
                                                  const void*, void*, cudaDataType, int, long long,
                                                  int, cublasComputeType_t, cublasGemmAlgo_t);
#define CUNP_CUBLAS_TYPED_FUNCTIONS(X) \
  X(cublasGemmEx, GemmExFn) X(cublasGemmStridedBatchedEx, GemmStridedBatchedExFn)

struct Api {
#define CUNP_CUBLAS_DECLARE(name) decltype(&::name) name = nullptr;
  CUNP_CUBLAS_FUNCTIONS(CUNP_CUBLAS_DECLARE)
#undef CUNP_CUBLAS_DECLARE
#define CUNP_CUBLAS_DECLARE_TYPED(name, type) type name = nullptr;
  CUNP_CUBLAS_TYPED_FUNCTIONS(CUNP_CUBLAS_DECLARE_TYPED)
#undef CUNP_CUBLAS_DECLARE_TYPED
  // Optional (absent from old releases): only improves error messages.
  const char* (*cublasGetStatusString)(cublasStatus_t) = nullptr;
};

// The table, loaded once (libcublas.so.13, then .12; $CUNP_CUBLAS_PATH names a file). Throws
// CudaError naming the library or the missing function when it cannot be used.
const Api& api();
// Whether the library loads and every function resolves; never throws (no GPU needed).
bool available();
// Why api() fails (empty when it does not).
std::string unavailable_reason();

// Throws CudaError naming the call and the status when s is not CUBLAS_STATUS_SUCCESS.
void check(cublasStatus_t s, const char* what);

// This thread's handle for `device` (created on first use), bound to the device's current
// stream, with a pool workspace for that stream and the math mode that set_allow_tf32 asks
// for. Call right before each cuBLAS call: binding is cheap.
cublasHandle_t handle(int device);

}  // namespace cunp::blas

#define CUNP_CUBLAS(fn, ...) ::cunp::blas::check(::cunp::blas::api().fn(__VA_ARGS__), #fn)
