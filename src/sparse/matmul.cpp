// src/sparse/matmul.cpp -- sparse @ dense on cuSPARSE's generic API: descriptors for the
// operands, a pool workspace sized by the library, and one SpMV or SpMM call.
#include <cstdint>
#include <string>

#include "cunp/memory/memory.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/sparse/products.hpp"
#include "cusparse.hpp"

namespace cunp {
namespace {

// How each value dtype reaches cuSPARSE: its CUDA type, and whether a product with one vector
// runs as SpMM with one dense column instead of SpMV. complex128 SpMV (cusparseSpMV with
// CUDA_C_64F, libcusparse.so.12 of the CUDA 13.0 toolkit) faults inside the library, even in a
// process that does nothing else, while SpMM on the same matrix is correct; a vector of n is a
// row-major n x 1 matrix with the same memory, so complex128 vectors take SpMM. The other types
// keep SpMV, the routine made for one vector. Integer and boolean data have no entry: cuSPARSE
// has no such products, and cunp.scipy.sparse composes them from the array engines.
struct ValueRoute {
  DType dtype;
  cudaDataType type;
  bool vector_as_matrix;
};
constexpr ValueRoute kValueRoutes[] = {
    {DType::Float32, CUDA_R_32F, false},
    {DType::Float64, CUDA_R_64F, false},
    {DType::Complex64, CUDA_C_32F, false},
    {DType::Complex128, CUDA_C_64F, true},
};

const ValueRoute* find_route(DType t) {
  for (const ValueRoute& r : kValueRoutes)
    if (r.dtype == t) return &r;
  return nullptr;
}

const ValueRoute& value_route(DType t) {
  if (const ValueRoute* r = find_route(t)) return *r;
  throw TypeError("sparse matmul on cuSPARSE needs float32/64 or complex64/128 data");
}

cusparseIndexType_t index_type(DType t) {
  if (t == DType::Int32) return CUSPARSE_INDEX_32I;
  if (t == DType::Int64) return CUSPARSE_INDEX_64I;
  throw TypeError("sparse index arrays must be int32 or int64");
}

// alpha = 1 and beta = 1 in the compute type, on the host (the handle's default pointer mode).
// Each is aligned as its complex type (cuDoubleComplex is a 16-byte aligned double2): the
// library may read a complex scalar with one aligned 16-byte load, which faults on an 8-byte
// aligned address. (A likely cause of the complex128 SpMV fault above, which the routed SpMM
// avoids whatever its cause; `vector_product` lets a test try SpMV again.)
struct Scalars {
  alignas(16) float f[2] = {1.0f, 0.0f};
  alignas(16) double d[2] = {1.0, 0.0};
  const void* of(DType t) const {
    return (t == DType::Float32 || t == DType::Complex64) ? static_cast<const void*>(f)
                                                          : static_cast<const void*>(d);
  }
};

void* ptr(const NDArray& a) { return reinterpret_cast<void*>(a.data()); }

void require(bool ok, const std::string& what) {
  if (!ok) throw ValueError("sparse matmul: " + what);
}

// Descriptors are destroyed however the call ends.
struct SpMat {
  cusparseSpMatDescr_t d = nullptr;
  ~SpMat() {
    if (d) sparse::api().cusparseDestroySpMat(d);
  }
};
struct DnVec {
  cusparseDnVecDescr_t d = nullptr;
  ~DnVec() {
    if (d) sparse::api().cusparseDestroyDnVec(d);
  }
};
struct DnMat {
  cusparseDnMatDescr_t d = nullptr;
  ~DnMat() {
    if (d) sparse::api().cusparseDestroyDnMat(d);
  }
};

}  // namespace

cudaDataType sparse::value_type(DType t) { return value_route(t).type; }

bool sparse_vector_as_matrix(DType t) {
  const ValueRoute* r = find_route(t);
  return r && r->vector_as_matrix;
}

void sparse_matmul(const CompressedMatrix& a, const NDArray& x, const NDArray& out,
                   VectorProduct vector_product) {
  const DType t = a.data.dtype();
  const ValueRoute& route = value_route(t);
  const bool vector_as_matrix = vector_product == VectorProduct::Auto
                                    ? route.vector_as_matrix
                                    : vector_product == VectorProduct::SpMM;
  const cudaDataType vt = route.type;
  const cusparseIndexType_t it = index_type(a.indices.dtype());
  require(a.indptr.dtype() == a.indices.dtype(), "indices and indptr dtypes differ");
  require(x.dtype() == t && out.dtype() == t, "operands must share the matrix's dtype");
  require(x.ndim() == out.ndim() && (x.ndim() == 1 || x.ndim() == 2), "1-D or 2-D operands");
  require(x.shape()[0] == a.cols && out.shape()[0] == a.rows, "shapes do not match");
  require(x.ndim() == 1 || x.shape()[1] == out.shape()[1], "column counts do not match");
  require(x.c_contiguous() && out.c_contiguous() && a.data.c_contiguous() &&
              a.indices.c_contiguous() && a.indptr.c_contiguous(),
          "operands must be contiguous");
  require(a.indptr.size() == (a.by_rows ? a.rows : a.cols) + 1, "indptr has the wrong length");
  const int64_t nnz = a.data.size();
  require(a.indices.size() == nnz, "indices and data lengths differ");
  // 32-bit indices describe at most 2^31 - 1 rows, columns and entries (cuSPARSE's range for
  // CUSPARSE_INDEX_32I); larger matrices need int64 index arrays.
  constexpr int64_t kMax32 = 2147483647;
  require(it == CUSPARSE_INDEX_64I || (a.rows <= kMax32 && a.cols <= kMax32 && nnz <= kMax32),
          "int32 indices cannot describe a matrix this large; use int64 indices");
  if (nnz == 0 || a.rows == 0 || a.cols == 0 || out.size() == 0) return;

  const int device = out.device();
  cusparseHandle_t h = sparse::handle(device);
  // A CSC matrix's arrays are the CSR arrays of its transpose: the product runs as the
  // transpose of that CSR matrix, the form every generic routine takes.
  SpMat m;
  if (a.by_rows)
    CUNP_CUSPARSE(cusparseCreateCsr, &m.d, a.rows, a.cols, nnz, ptr(a.indptr), ptr(a.indices),
                  ptr(a.data), it, it, CUSPARSE_INDEX_BASE_ZERO, vt);
  else
    CUNP_CUSPARSE(cusparseCreateCsr, &m.d, a.cols, a.rows, nnz, ptr(a.indptr), ptr(a.indices),
                  ptr(a.data), it, it, CUSPARSE_INDEX_BASE_ZERO, vt);
  const Scalars one;
  const void* alpha = one.of(t);
  const void* beta = one.of(t);
  const auto op_a = a.by_rows ? CUSPARSE_OPERATION_NON_TRANSPOSE : CUSPARSE_OPERATION_TRANSPOSE;
  const auto op = CUSPARSE_OPERATION_NON_TRANSPOSE;
  std::size_t bytes = 0;
  if (x.ndim() == 1 && !vector_as_matrix) {
    DnVec vx, vy;
    CUNP_CUSPARSE(cusparseCreateDnVec, &vx.d, a.cols, ptr(x), vt);
    CUNP_CUSPARSE(cusparseCreateDnVec, &vy.d, a.rows, ptr(out), vt);
    CUNP_CUSPARSE(cusparseSpMV_bufferSize, h, op_a, alpha, m.d, vx.d, beta, vy.d, vt,
                  CUSPARSE_SPMV_ALG_DEFAULT, &bytes);
    MemoryPtr ws = allocate(bytes ? bytes : 1, device);
    CUNP_CUSPARSE(cusparseSpMV, h, op_a, alpha, m.d, vx.d, beta, vy.d, vt,
                  CUSPARSE_SPMV_ALG_DEFAULT, reinterpret_cast<void*>(ws->ptr));
  } else {
    // Row-major dense operands (C order): x is cols x k, out rows x k, k = 1 for a vector
    // (a contiguous vector is its own n x 1 row-major matrix, leading dimension 1).
    const int64_t k = x.ndim() == 1 ? 1 : x.shape()[1];
    DnMat mx, my;
    CUNP_CUSPARSE(cusparseCreateDnMat, &mx.d, a.cols, k, k, ptr(x), vt, CUSPARSE_ORDER_ROW);
    CUNP_CUSPARSE(cusparseCreateDnMat, &my.d, a.rows, k, k, ptr(out), vt, CUSPARSE_ORDER_ROW);
    CUNP_CUSPARSE(cusparseSpMM_bufferSize, h, op_a, op, alpha, m.d, mx.d, beta, my.d, vt,
                  CUSPARSE_SPMM_ALG_DEFAULT, &bytes);
    MemoryPtr ws = allocate(bytes ? bytes : 1, device);
    CUNP_CUSPARSE(cusparseSpMM, h, op_a, op, alpha, m.d, mx.d, beta, my.d, vt,
                  CUSPARSE_SPMM_ALG_DEFAULT, reinterpret_cast<void*>(ws->ptr));
  }
}

}  // namespace cunp
