// src/sparse/spgemm.cpp -- sparse @ sparse on cuSPARSE's generic SpGEMM: the library's work
// estimation and compute (each asked for its workspace size first), then the result's size, its
// arrays from the pool, and the copy into them. One host round trip, for the result's nnz.
#include "cunp/sparse/spgemm.hpp"

#include <string>

#include "cunp/memory/memory.hpp"
#include "cunp/runtime/error.hpp"
#include "cusparse.hpp"

namespace cunp {
namespace {

void require(bool ok, const std::string& what) {
  if (!ok) throw ValueError("sparse spgemm: " + what);
}

void* ptr(const NDArray& a) { return reinterpret_cast<void*>(a.data()); }

// alpha = 1, beta = 0 in the compute type, on the host; 16-byte aligned as a complex double
// (see the Scalars of matmul.cpp for why).
struct Scalars {
  alignas(16) float f[2] = {1.0f, 0.0f};
  alignas(16) double d[2] = {1.0, 0.0};
  alignas(16) float f0[2] = {0.0f, 0.0f};
  alignas(16) double d0[2] = {0.0, 0.0};
  bool single(DType t) const { return t == DType::Float32 || t == DType::Complex64; }
  const void* one(DType t) const {
    return single(t) ? static_cast<const void*>(f) : static_cast<const void*>(d);
  }
  const void* zero(DType t) const {
    return single(t) ? static_cast<const void*>(f0) : static_cast<const void*>(d0);
  }
};

// Descriptors are destroyed however the call ends.
struct SpMat {
  cusparseSpMatDescr_t d = nullptr;
  ~SpMat() {
    if (d) sparse::api().cusparseDestroySpMat(d);
  }
};
struct GemmDescr {
  cusparseSpGEMMDescr_t d = nullptr;
  ~GemmDescr() {
    if (d) sparse::api().cusparseSpGEMM_destroyDescr(d);
  }
};

void check_operand(const CompressedMatrix& m, DType t, const char* name) {
  const std::string n = name;
  require(m.by_rows, n + " must be CSR");
  require(m.data.dtype() == t, "operands must share one value dtype");
  require(m.indices.dtype() == DType::Int32 && m.indptr.dtype() == DType::Int32,
          n + " needs int32 indices and indptr");
  require(m.data.ndim() == 1 && m.indices.ndim() == 1 && m.indptr.ndim() == 1,
          n + "'s arrays must be 1-D");
  require(m.data.c_contiguous() && m.indices.c_contiguous() && m.indptr.c_contiguous(),
          n + "'s arrays must be contiguous");
  require(m.indptr.size() == m.rows + 1, n + "'s indptr has the wrong length");
  require(m.indices.size() == m.data.size() && m.data.size() > 0,
          n + " must hold entries, as many indices as values");
}

}  // namespace

CompressedProduct sparse_spgemm(const CompressedMatrix& a, const CompressedMatrix& b) {
  const DType t = a.data.dtype();
  const cudaDataType vt = sparse::value_type(t);
  check_operand(a, t, "a");
  check_operand(b, t, "b");
  require(a.cols == b.rows, "inner dimensions differ");
  constexpr int64_t kMax32 = 2147483647;
  require(a.rows < kMax32 && b.cols < kMax32 && a.cols < kMax32, "shape too large for int32");
  const int device = common_device(
      {&a.data, &a.indices, &a.indptr, &b.data, &b.indices, &b.indptr});
  cusparseHandle_t h = sparse::handle(device);
  const auto it = CUSPARSE_INDEX_32I;
  const auto base = CUSPARSE_INDEX_BASE_ZERO;
  SpMat ma, mb, mc;
  CUNP_CUSPARSE(cusparseCreateCsr, &ma.d, a.rows, a.cols, a.data.size(), ptr(a.indptr),
                ptr(a.indices), ptr(a.data), it, it, base, vt);
  CUNP_CUSPARSE(cusparseCreateCsr, &mb.d, b.rows, b.cols, b.data.size(), ptr(b.indptr),
                ptr(b.indices), ptr(b.data), it, it, base, vt);
  CUNP_CUSPARSE(cusparseCreateCsr, &mc.d, a.rows, b.cols, 0, nullptr, nullptr, nullptr, it, it,
                base, vt);
  GemmDescr g;
  CUNP_CUSPARSE(cusparseSpGEMM_createDescr, &g.d);
  const Scalars s;
  const void* alpha = s.one(t);
  const void* beta = s.zero(t);
  const auto op = CUSPARSE_OPERATION_NON_TRANSPOSE;
  const auto alg = CUSPARSE_SPGEMM_DEFAULT;
  // Each phase is asked for its workspace with a null buffer, then run with one from the pool;
  // the first workspace must live until the copy.
  std::size_t bytes1 = 0, bytes2 = 0;
  CUNP_CUSPARSE(cusparseSpGEMM_workEstimation, h, op, op, alpha, ma.d, mb.d, beta, mc.d, vt, alg,
                g.d, &bytes1, nullptr);
  MemoryPtr ws1 = allocate(bytes1 ? bytes1 : 1, device);
  CUNP_CUSPARSE(cusparseSpGEMM_workEstimation, h, op, op, alpha, ma.d, mb.d, beta, mc.d, vt, alg,
                g.d, &bytes1, reinterpret_cast<void*>(ws1->ptr));
  CUNP_CUSPARSE(cusparseSpGEMM_compute, h, op, op, alpha, ma.d, mb.d, beta, mc.d, vt, alg, g.d,
                &bytes2, nullptr);
  MemoryPtr ws2 = allocate(bytes2 ? bytes2 : 1, device);
  CUNP_CUSPARSE(cusparseSpGEMM_compute, h, op, op, alpha, ma.d, mb.d, beta, mc.d, vt, alg, g.d,
                &bytes2, reinterpret_cast<void*>(ws2->ptr));
  int64_t rows = 0, cols = 0, nnz = 0;
  CUNP_CUSPARSE(cusparseSpMatGetSize, mc.d, &rows, &cols, &nnz);
  CompressedProduct out;
  out.nnz = nnz;
  const int64_t cap = nnz > 0 ? nnz : 1;
  out.indptr = NDArray::empty(Dims{a.rows + 1}, DType::Int32, Order::C, device);
  out.indices = NDArray::empty(Dims{cap}, DType::Int32, Order::C, device);
  out.data = NDArray::empty(Dims{cap}, t, Order::C, device);
  CUNP_CUSPARSE(cusparseCsrSetPointers, mc.d, ptr(out.indptr), ptr(out.indices), ptr(out.data));
  CUNP_CUSPARSE(cusparseSpGEMM_copy, h, op, op, alpha, ma.d, mb.d, beta, mc.d, vt, alg, g.d);
  return out;
}

}  // namespace cunp
