// src/sparse/triangular.cpp -- sparse triangular solves on cuSPARSE's SpSM: descriptors with
// the fill mode and diagonal type set, a pool workspace sized by the library, the analysis and
// the solve.
// One routine serves vectors and matrices: a contiguous vector of n is a column-major n x 1
// matrix, so vectors take SpSM with one column rather than SpSV, one call path to keep right
// (matmul.cpp met a library fault in one dtype of SpMV that SpMM did not share).
#include <cstdint>
#include <string>

#include "cunp/memory/memory.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/sparse/triangular.hpp"
#include "cusparse.hpp"

namespace cunp {
namespace {

void require(bool ok, const std::string& what) {
  if (!ok) throw ValueError("sparse triangular solve: " + what);
}

void* ptr(const NDArray& a) { return reinterpret_cast<void*>(a.data()); }

cusparseIndexType_t index_type(DType t) {
  if (t == DType::Int32) return CUSPARSE_INDEX_32I;
  if (t == DType::Int64) return CUSPARSE_INDEX_64I;
  throw TypeError("sparse index arrays must be int32 or int64");
}

// alpha = 1 in the compute type, host memory, aligned as the complex types (see matmul.cpp's
// Scalars for why the alignment matters).
struct One {
  alignas(16) float f[2] = {1.0f, 0.0f};
  alignas(16) double d[2] = {1.0, 0.0};
  const void* of(DType t) const {
    return (t == DType::Float32 || t == DType::Complex64) ? static_cast<const void*>(f)
                                                          : static_cast<const void*>(d);
  }
};

// Descriptors are destroyed however the call ends.
struct SpMat {
  cusparseSpMatDescr_t d = nullptr;
  ~SpMat() {
    if (d) sparse::api().cusparseDestroySpMat(d);
  }
};
struct DnMat {
  cusparseDnMatDescr_t d = nullptr;
  ~DnMat() {
    if (d) sparse::api().cusparseDestroyDnMat(d);
  }
};
struct SpSM {
  cusparseSpSMDescr_t d = nullptr;
  ~SpSM() {
    if (d) sparse::api().cusparseSpSM_destroyDescr(d);
  }
};

// Whether a is (n,) contiguous or (n, k) column-major.
bool column_major(const NDArray& a, int64_t n) {
  if (a.ndim() == 1) return a.shape()[0] == n && a.c_contiguous();
  return a.ndim() == 2 && a.shape()[0] == n && a.f_contiguous();
}

}  // namespace

void sparse_triangular_solve(const CompressedMatrix& a, const NDArray& b, const NDArray& x,
                             bool lower, bool unit_diagonal) {
  const DType t = a.data.dtype();
  const cudaDataType vt = sparse::value_type(t);
  const cusparseIndexType_t it = index_type(a.indices.dtype());
  require(a.by_rows, "the matrix must be CSR");
  require(a.rows == a.cols, "the matrix must be square");
  require(a.indptr.dtype() == a.indices.dtype(), "indices and indptr dtypes differ");
  require(b.dtype() == t && x.dtype() == t, "b and x must share the matrix's dtype");
  const int64_t n = a.rows;
  require(b.ndim() == x.ndim() && column_major(b, n) && column_major(x, n),
          "b and x must be (n,) contiguous or (n, k) Fortran-ordered");
  const int64_t k = b.ndim() == 1 ? 1 : b.shape()[1];
  require(x.ndim() == 1 || x.shape()[1] == k, "b and x column counts differ");
  require(a.data.c_contiguous() && a.indices.c_contiguous() && a.indptr.c_contiguous(),
          "the matrix arrays must be contiguous");
  require(a.indptr.size() == n + 1, "indptr has the wrong length");
  const int64_t nnz = a.data.size();
  require(a.indices.size() == nnz, "indices and data lengths differ");
  constexpr int64_t kMax32 = 2147483647;
  require(it == CUSPARSE_INDEX_64I || (n <= kMax32 && nnz <= kMax32),
          "int32 indices cannot describe a matrix this large; use int64 indices");
  if (n == 0 || k == 0) return;

  const int device = x.device();
  cusparseHandle_t h = sparse::handle(device);
  SpMat m;
  CUNP_CUSPARSE(cusparseCreateCsr, &m.d, n, n, nnz, ptr(a.indptr), ptr(a.indices), ptr(a.data), it,
                it, CUSPARSE_INDEX_BASE_ZERO, vt);
  cusparseFillMode_t fill = lower ? CUSPARSE_FILL_MODE_LOWER : CUSPARSE_FILL_MODE_UPPER;
  cusparseDiagType_t diag = unit_diagonal ? CUSPARSE_DIAG_TYPE_UNIT : CUSPARSE_DIAG_TYPE_NON_UNIT;
  CUNP_CUSPARSE(cusparseSpMatSetAttribute, m.d, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof(fill));
  CUNP_CUSPARSE(cusparseSpMatSetAttribute, m.d, CUSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof(diag));
  DnMat mb, mx;
  CUNP_CUSPARSE(cusparseCreateDnMat, &mb.d, n, k, n, ptr(b), vt, CUSPARSE_ORDER_COL);
  CUNP_CUSPARSE(cusparseCreateDnMat, &mx.d, n, k, n, ptr(x), vt, CUSPARSE_ORDER_COL);
  SpSM descr;
  CUNP_CUSPARSE(cusparseSpSM_createDescr, &descr.d);
  const One one;
  const auto op = CUSPARSE_OPERATION_NON_TRANSPOSE;
  std::size_t bytes = 0;
  CUNP_CUSPARSE(cusparseSpSM_bufferSize, h, op, op, one.of(t), m.d, mb.d, mx.d, vt,
                CUSPARSE_SPSM_ALG_DEFAULT, descr.d, &bytes);
  // The analysis keeps pointers into the workspace until the solve ends; the pool holds it
  // for the stream's work, as every other cuSPARSE workspace here.
  MemoryPtr ws = allocate(bytes ? bytes : 1, device);
  CUNP_CUSPARSE(cusparseSpSM_analysis, h, op, op, one.of(t), m.d, mb.d, mx.d, vt,
                CUSPARSE_SPSM_ALG_DEFAULT, descr.d, reinterpret_cast<void*>(ws->ptr));
  CUNP_CUSPARSE(cusparseSpSM_solve, h, op, op, one.of(t), m.d, mb.d, mx.d, vt,
                CUSPARSE_SPSM_ALG_DEFAULT, descr.d);
}

}  // namespace cunp
