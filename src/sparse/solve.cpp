// src/sparse/solve.cpp -- sparse direct solves on cusolverSp's QR and Cholesky (csrlsvqr,
// csrlsvchol): the function table loaded from libcusolver on first use, the per-device,
// per-thread handles bound to the current stream, and the typed call.
// cusolverSp is marked deprecated in favour of cuDSS; it is what the toolkit cunp already
// loads ships, so the warning is silenced here (docs/differences.md says why).
#define DISABLE_CUSOLVER_DEPRECATED
#include <cusolverSp.h>

#include <array>
#include <cstdint>
#include <string>

#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"
#include "cunp/sparse/solve.hpp"
#include "../runtime/library.hpp"
#include "cusparse.hpp"

namespace cunp {
namespace {

// clang-format off
#define CUNP_CUSOLVERSP_FUNCTIONS(X)                                                         \
  X(cusolverSpCreate) X(cusolverSpSetStream)                                                 \
  X(cusolverSpScsrlsvqr) X(cusolverSpDcsrlsvqr) X(cusolverSpCcsrlsvqr) X(cusolverSpZcsrlsvqr)     \
  X(cusolverSpScsrlsvchol) X(cusolverSpDcsrlsvchol) X(cusolverSpCcsrlsvchol)                 \
  X(cusolverSpZcsrlsvchol)
// clang-format on

struct SpApi {
#define CUNP_CUSOLVERSP_DECLARE(name) decltype(&::name) name = nullptr;
  CUNP_CUSOLVERSP_FUNCTIONS(CUNP_CUSOLVERSP_DECLARE)
#undef CUNP_CUSOLVERSP_DECLARE
};

using Loaded = LoadedApi<SpApi>;

const Loaded& loaded() {
  static const Loaded* l = [] {
    Loaded* r = open_api<SpApi>("cuSOLVER",
                                {"libcusolver.so.12", "libcusolver.so.11", "libcusolver.so"},
                                "CUNP_CUSOLVER_PATH", "libcusolver.so.12; set CUNP_CUSOLVER_PATH");
    if (!r->handle) return r;
#define CUNP_CUSOLVERSP_RESOLVE(name) r->resolve(r->api.name, #name, "cuSOLVER");
    CUNP_CUSOLVERSP_FUNCTIONS(CUNP_CUSOLVERSP_RESOLVE)
#undef CUNP_CUSOLVERSP_RESOLVE
    return r;
  }();
  return *l;
}

const SpApi& api() {
  const Loaded& l = loaded();
  if (!l.error.empty()) throw CudaError(0, l.error);
  return l.api;
}

void check(cusolverStatus_t s, const char* what) {
  if (s == CUSOLVER_STATUS_SUCCESS) return;
  std::string msg = std::string(what) + " failed: status " + std::to_string(static_cast<int>(s));
  if (s == CUSOLVER_STATUS_ALLOC_FAILED) msg += "; the device is out of memory";
  throw CudaError(static_cast<int>(s), msg);
}

// One per device and thread, kept for the thread's life (as cuSPARSE's).
cusolverSpHandle_t handle(int device) {
  if (device < 0 || device >= kMaxDevices) throw CudaError(0, "cusolverSp: invalid device");
  thread_local std::array<cusolverSpHandle_t, kMaxDevices> handles{};
  activate(device);
  cusolverSpHandle_t& h = handles[device];
  if (!h) check(api().cusolverSpCreate(&h), "cusolverSpCreate");
  check(api().cusolverSpSetStream(h, reinterpret_cast<cudaStream_t>(current_stream_handle(device))),
        "cusolverSpSetStream");
  return h;
}

// A general, zero-based matrix description, destroyed however the call ends.
struct MatDescr {
  cusparseMatDescr_t d = nullptr;
  ~MatDescr() {
    if (d) sparse::api().cusparseDestroyMatDescr(d);
  }
};

void require(bool ok, const std::string& what) {
  if (!ok) throw ValueError("sparse solve: " + what);
}

template <class T> T* ptr(const NDArray& a) { return reinterpret_cast<T*>(a.data()); }

// One typed csrlsvqr or csrlsvchol call (both take the same arguments); symrcm reordering
// (reorder = 1) for less fill in the factor. Returns the singularity index (-1 when none).
template <class T, class Real, class F>
int factor_and_solve(F f, const char* name, cusolverSpHandle_t h, const CompressedMatrix& a,
                     cusparseMatDescr_t descr, const NDArray& b, const NDArray& x, double tol) {
  int singularity = -1;
  check(f(h, static_cast<int>(a.rows), static_cast<int>(a.data.size()), descr, ptr<const T>(a.data),
          ptr<const int>(a.indptr), ptr<const int>(a.indices), ptr<const T>(b),
          static_cast<Real>(tol), 1, ptr<T>(x), &singularity),
        name);
  return singularity;
}

}  // namespace

int sparse_solve(const CompressedMatrix& a, const NDArray& b, const NDArray& x, double tol,
                 SparseFactorization how) {
  const DType t = a.data.dtype();
  if (t != DType::Float32 && t != DType::Float64 && t != DType::Complex64 && t != DType::Complex128)
    throw TypeError("sparse solve needs float32/64 or complex64/128 data");
  require(a.by_rows, "the matrix must be CSR");
  require(a.rows == a.cols, "the matrix must be square");
  require(a.indices.dtype() == DType::Int32 && a.indptr.dtype() == DType::Int32,
          "indices and indptr must be int32");
  require(b.dtype() == t && x.dtype() == t, "b and x must share the matrix's dtype");
  require(b.ndim() == 1 && x.ndim() == 1 && b.shape()[0] == a.rows && x.shape()[0] == a.rows,
          "b and x must be vectors of the matrix's size");
  require(b.c_contiguous() && x.c_contiguous() && a.data.c_contiguous() &&
              a.indices.c_contiguous() && a.indptr.c_contiguous(),
          "operands must be contiguous");
  require(a.indptr.size() == a.rows + 1, "indptr has the wrong length");
  const int64_t nnz = a.data.size();
  require(a.indices.size() == nnz, "indices and data lengths differ");
  require(a.rows <= INT32_MAX && nnz <= INT32_MAX, "cusolverSp takes 32-bit sizes");
  if (a.rows == 0) return -1;

  cusolverSpHandle_t h = handle(x.device());
  MatDescr descr;
  CUNP_CUSPARSE(cusparseCreateMatDescr, &descr.d);
  const bool qr = how == SparseFactorization::Qr;
  const SpApi& f = api();
  switch (t) {
    case DType::Float32:
      return qr ? factor_and_solve<float, float>(f.cusolverSpScsrlsvqr, "cusolverSpScsrlsvqr", h, a,
                                                 descr.d, b, x, tol)
                : factor_and_solve<float, float>(f.cusolverSpScsrlsvchol, "cusolverSpScsrlsvchol",
                                                 h, a, descr.d, b, x, tol);
    case DType::Float64:
      return qr ? factor_and_solve<double, double>(f.cusolverSpDcsrlsvqr, "cusolverSpDcsrlsvqr", h,
                                                   a, descr.d, b, x, tol)
                : factor_and_solve<double, double>(f.cusolverSpDcsrlsvchol, "cusolverSpDcsrlsvchol",
                                                   h, a, descr.d, b, x, tol);
    case DType::Complex64:
      return qr ? factor_and_solve<cuComplex, float>(f.cusolverSpCcsrlsvqr, "cusolverSpCcsrlsvqr",
                                                     h, a, descr.d, b, x, tol)
                : factor_and_solve<cuComplex, float>(
                      f.cusolverSpCcsrlsvchol, "cusolverSpCcsrlsvchol", h, a, descr.d, b, x, tol);
    default:
      return qr ? factor_and_solve<cuDoubleComplex, double>(
                      f.cusolverSpZcsrlsvqr, "cusolverSpZcsrlsvqr", h, a, descr.d, b, x, tol)
                : factor_and_solve<cuDoubleComplex, double>(
                      f.cusolverSpZcsrlsvchol, "cusolverSpZcsrlsvchol", h, a, descr.d, b, x, tol);
  }
}

bool sparse_solve_available() { return loaded().error.empty() && cusparse_available(); }

std::string sparse_solve_unavailable_reason() {
  if (!loaded().error.empty()) return loaded().error;
  return cusparse_unavailable_reason();
}

}  // namespace cunp
