// src/linalg/cublas_batched.cpp -- the batched LU routines, each picking its S/D/C/Z function
// from the shared cuBLAS table (one handle per device, thread and stream for all of cunp).
#include "cublas_batched.hpp"

#include <string>
#include <type_traits>

#include "cublas.hpp"
#include "solver_common.hpp"

namespace cunp::linalg {
namespace {

// Calls call(fn, T*) with the function and element type for t: S float, D double, C cuComplex,
// Z cuDoubleComplex. The dtype is checked first, so a bad one costs no library load.
template <class FS, class FD, class FC, class FZ, class Call>
void by_type(DType t, FS s, FD d, FC c, FZ z, Call&& call) {
  switch (t) {
    case DType::Float32: call(s, static_cast<float*>(nullptr)); return;
    case DType::Float64: call(d, static_cast<double*>(nullptr)); return;
    case DType::Complex64: call(c, static_cast<cuComplex*>(nullptr)); return;
    case DType::Complex128: call(z, static_cast<cuDoubleComplex*>(nullptr)); return;
    default: require_solver_dtype(t);
  }
}

char letter(DType t) {
  switch (t) {
    case DType::Float32: return 'S';
    case DType::Float64: return 'D';
    case DType::Complex64: return 'C';
    default: return 'Z';
  }
}

std::string name(const char* routine, DType t) {
  return std::string("cublas") + letter(t) + routine;
}

}  // namespace

void getrf_batched(DType t, int device, int n, void* const* a, int lda, int* piv, int* info,
                   int batch) {
  require_solver_dtype(t);
  const blas::Api& api = blas::api();
  by_type(t, api.cublasSgetrfBatched, api.cublasDgetrfBatched, api.cublasCgetrfBatched,
          api.cublasZgetrfBatched, [&](auto fn, auto* tag) {
            using T = std::remove_pointer_t<decltype(tag)>;
            blas::check(fn(blas::handle(device), n, reinterpret_cast<T* const*>(a), lda, piv, info,
                           batch),
                        name("getrfBatched", t).c_str());
          });
}

void getrs_batched(DType t, int device, bool transpose, int n, int nrhs, const void* const* a,
                   int lda, const int* piv, void* const* b, int ldb, int* host_info, int batch) {
  require_solver_dtype(t);
  const blas::Api& api = blas::api();
  cublasOperation_t op = transpose ? CUBLAS_OP_T : CUBLAS_OP_N;
  by_type(t, api.cublasSgetrsBatched, api.cublasDgetrsBatched, api.cublasCgetrsBatched,
          api.cublasZgetrsBatched, [&](auto fn, auto* tag) {
            using T = std::remove_pointer_t<decltype(tag)>;
            blas::check(fn(blas::handle(device), op, n, nrhs, reinterpret_cast<const T* const*>(a),
                           lda, piv, reinterpret_cast<T* const*>(b), ldb, host_info, batch),
                        name("getrsBatched", t).c_str());
          });
}

void getri_batched(DType t, int device, int n, const void* const* a, int lda, const int* piv,
                   void* const* c, int ldc, int* info, int batch) {
  require_solver_dtype(t);
  const blas::Api& api = blas::api();
  by_type(t, api.cublasSgetriBatched, api.cublasDgetriBatched, api.cublasCgetriBatched,
          api.cublasZgetriBatched, [&](auto fn, auto* tag) {
            using T = std::remove_pointer_t<decltype(tag)>;
            blas::check(fn(blas::handle(device), n, reinterpret_cast<const T* const*>(a), lda, piv,
                           reinterpret_cast<T* const*>(c), ldc, info, batch),
                        name("getriBatched", t).c_str());
          });
}

}  // namespace cunp::linalg
