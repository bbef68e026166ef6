// src/sparse/cusparse.hpp -- cuSPARSE, loaded with dlopen on first use: the function table of
// the generic API, and the handle of each device and thread, bound to the current stream.
#pragma once
#include <cusparse.h>

#include <string>

#include "cunp/array/dtype.hpp"

namespace cunp::sparse {

// clang-format off
#define CUNP_CUSPARSE_FUNCTIONS(X)                                                           \
  X(cusparseCreate) X(cusparseSetStream) X(cusparseGetVersion)                               \
  X(cusparseCreateCsr) X(cusparseDestroySpMat)                                               \
  X(cusparseCreateDnVec) X(cusparseDestroyDnVec)                                             \
  X(cusparseCreateDnMat) X(cusparseDestroyDnMat)                                             \
  X(cusparseSpMV_bufferSize) X(cusparseSpMV) X(cusparseSpMM_bufferSize) X(cusparseSpMM)      \
  X(cusparseCreateMatDescr) X(cusparseDestroyMatDescr)                                     \
  X(cusparseSpGEMM_createDescr) X(cusparseSpGEMM_destroyDescr)                               \
  X(cusparseSpGEMM_workEstimation) X(cusparseSpGEMM_compute) X(cusparseSpGEMM_copy)          \
  X(cusparseSpMatGetSize) X(cusparseCsrSetPointers)                                         \
  X(cusparseSpMatSetAttribute) X(cusparseSpSM_createDescr) X(cusparseSpSM_destroyDescr)      \
  X(cusparseSpSM_bufferSize) X(cusparseSpSM_analysis) X(cusparseSpSM_solve)
// clang-format on

struct Api {
#define CUNP_CUSPARSE_DECLARE(name) decltype(&::name) name = nullptr;
  CUNP_CUSPARSE_FUNCTIONS(CUNP_CUSPARSE_DECLARE)
#undef CUNP_CUSPARSE_DECLARE
  // Optional: only improves error messages.
  const char* (*cusparseGetErrorString)(cusparseStatus_t) = nullptr;
};

// The table, loaded once (libcusparse.so.12 from the toolkit or pip's nvidia-cusparse wheel;
// CUNP_CUDA_LIBRARY_DIRS names more directories). Throws CudaError naming the library or the
// missing function when it cannot be used.
const Api& api();
// Whether the library loads and every function resolves; never throws (no GPU needed).
bool available();
// Why api() fails (empty when it does not).
std::string unavailable_reason();

// The CUDA type of cuSPARSE's values for dtype t (float32/64, complex64/128); TypeError for the
// dtypes the library has no products of (integer, boolean, float16). In matmul.cpp's route table.
cudaDataType value_type(DType t);

// Throws CudaError naming the call and the status unless s is CUSPARSE_STATUS_SUCCESS.
void check(cusparseStatus_t s, const char* what);

// This thread's handle for `device` (created on first use), bound to the device's current
// stream. Call right before each cuSPARSE call: binding is cheap.
cusparseHandle_t handle(int device);

}  // namespace cunp::sparse

#define CUNP_CUSPARSE(fn, ...) ::cunp::sparse::check(::cunp::sparse::api().fn(__VA_ARGS__), #fn)
