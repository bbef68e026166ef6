// src/linalg/matmul_cublas.cpp -- float and complex matmul on cuBLAS: one GemmEx /
// GemmStridedBatchedEx call per batch run, operands read in place whenever a transpose flag
// describes their layout.
#include <algorithm>
#include <climits>
#include <cstring>
#include <optional>

#include "cunp/linalg/products.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/runtime/error.hpp"
#include "cublas.hpp"
#include "matmul_plan.hpp"

namespace cunp::linalg {
namespace {

// cuBLAS's types for each dtype it multiplies; alpha and beta have the compute type's scalar.
struct GemmType {
  DType dtype;
  cudaDataType_t data;
  cublasComputeType_t compute;
  cublasComputeType_t compute_tf32;  // with set_allow_tf32(true)
  int scalar_bytes;                  // float, double, or a complex pair of them
  bool scalar_double;
};

constexpr GemmType kGemmTypes[] = {
    // NumPy's float16 matmul accumulates in float32 and rounds once: GemmEx's 32F compute.
    {DType::Float16, CUDA_R_16F, CUBLAS_COMPUTE_32F, CUBLAS_COMPUTE_32F, 4, false},
    {DType::Float32, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUBLAS_COMPUTE_32F_FAST_TF32, 4, false},
    {DType::Float64, CUDA_R_64F, CUBLAS_COMPUTE_64F, CUBLAS_COMPUTE_64F, 8, true},
    {DType::Complex64, CUDA_C_32F, CUBLAS_COMPUTE_32F, CUBLAS_COMPUTE_32F_FAST_TF32, 8, false},
    {DType::Complex128, CUDA_C_64F, CUBLAS_COMPUTE_64F, CUBLAS_COMPUTE_64F, 16, true},
};

const GemmType& gemm_type(DType t) {
  for (const GemmType& g : kGemmTypes)
    if (g.dtype == t) return g;
  throw TypeError(std::string("matmul: no cuBLAS product for dtype ") + name(t));
}

// How cuBLAS reads a row-major rows x cols matrix X as the column-major X^T it multiplies:
// op N when X's rows are unit-stride runs (ld = row stride), op T when its columns are.
struct Layout {
  cublasOperation_t op;
  int64_t ld;
};

std::optional<Layout> layout(int64_t rows, int64_t cols, int64_t s_row, int64_t s_col) {
  const int64_t r1 = std::max<int64_t>(rows, 1), c1 = std::max<int64_t>(cols, 1);
  if (s_col == 1 || cols == 1) {
    int64_t ld = rows == 1 ? c1 : s_row;
    if (ld >= c1 && ld <= INT_MAX) return Layout{CUBLAS_OP_N, ld};
  }
  if (s_row == 1 || rows == 1) {
    int64_t ld = cols == 1 ? r1 : s_col;
    if (ld >= r1 && ld <= INT_MAX) return Layout{CUBLAS_OP_T, ld};
  }
  return std::nullopt;
}

// x's last two axes as element strides, or nothing when a stride is not a whole element.
std::optional<Layout> operand_layout(const NDArray& x) {
  const int nd = x.ndim(), isz = x.itemsize();
  int64_t sr = x.strides()[nd - 2], sc = x.strides()[nd - 1];
  if (sr % isz || sc % isz) return std::nullopt;
  for (int d = 0; d < nd - 2; ++d)
    if (x.strides()[d] % isz) return std::nullopt;
  return layout(x.shape()[nd - 2], x.shape()[nd - 1], sr / isz, sc / isz);
}

// x as cuBLAS can read it: x itself, or a C-contiguous copy of the matrices (broadcast batch
// dimensions stay broadcast: only the distinct matrices are copied).
NDArray readable(const NDArray& x, Layout* out) {
  if (auto l = operand_layout(x)) {
    *out = *l;
    return x;
  }
  // Undo the batch broadcast before copying, then broadcast the copy again.
  const int nd = x.ndim();
  Dims shape = x.shape();
  std::vector<IndexItem> items;
  for (int d = 0; d < nd - 2; ++d) {
    bool bcast = x.strides()[d] == 0 && shape[d] > 1;
    items.push_back(bcast ? IndexItem::slice(0, 1) : IndexItem::slice());
  }
  NDArray distinct = nd > 2 ? x.index(items) : x;
  NDArray c = contiguous(distinct, Order::C).broadcast_to(shape);
  *out = *operand_layout(c);
  return c;
}

}  // namespace

void gemm_matmul(const NDArray& a, const NDArray& b, const NDArray& c) {
  const GemmType& g = gemm_type(c.dtype());
  const int nd = c.ndim();
  const int64_t n = c.shape()[nd - 2], m = c.shape()[nd - 1], k = a.shape()[nd - 1];
  if (n > INT_MAX || m > INT_MAX || k > INT_MAX)
    throw NotImplementedError("matmul: matrix dimensions above 2**31 - 1 are not supported");
  Layout la{}, lb{};
  NDArray A = readable(a, &la), B = readable(b, &lb);
  const int isz = c.itemsize();
  const int device = c.device();
  const bool tf32 = allow_tf32();
  const cublasComputeType_t compute = tf32 ? g.compute_tf32 : g.compute;
  alignas(16) unsigned char one[16] = {}, zero[16] = {};
  if (g.scalar_double) {
    double v = 1.0;
    std::memcpy(one, &v, sizeof v);
  } else {
    float v = 1.0f;
    std::memcpy(one, &v, sizeof v);
  }
  // Row-major C = A B is column-major C^T = B^T A^T: cuBLAS's first operand is B.
  for_each_batch_run(A, B, c, [&](const BatchRun& r) {
    const void* pb = reinterpret_cast<const void*>(B.data() + r.offset[1]);
    const void* pa = reinterpret_cast<const void*>(A.data() + r.offset[0]);
    void* pc = reinterpret_cast<void*>(c.data() + r.offset[2]);
    for (int64_t done = 0; done < r.count;) {
      const int64_t count = std::min<int64_t>(r.count - done, INT_MAX);
      const char* qb = static_cast<const char*>(pb) + done * r.stride[1];
      const char* qa = static_cast<const char*>(pa) + done * r.stride[0];
      char* qc = static_cast<char*>(pc) + done * r.stride[2];
      cublasHandle_t h = blas::handle(device);
      if (count == 1) {
        CUNP_CUBLAS(cublasGemmEx, h, lb.op, la.op, static_cast<int>(m), static_cast<int>(n),
                    static_cast<int>(k), one, qb, g.data, static_cast<int>(lb.ld), qa, g.data,
                    static_cast<int>(la.ld), zero, qc, g.data, static_cast<int>(m), compute,
                    CUBLAS_GEMM_DEFAULT);
      } else {
        CUNP_CUBLAS(cublasGemmStridedBatchedEx, h, lb.op, la.op, static_cast<int>(m),
                    static_cast<int>(n), static_cast<int>(k), one, qb, g.data,
                    static_cast<int>(lb.ld), static_cast<long long>(r.stride[1] / isz), qa, g.data,
                    static_cast<int>(la.ld), static_cast<long long>(r.stride[0] / isz), zero, qc,
                    g.data, static_cast<int>(m), static_cast<long long>(r.stride[2] / isz),
                    static_cast<int>(count), compute, CUBLAS_GEMM_DEFAULT);
      }
      done += count;
    }
  });
}

}  // namespace cunp::linalg
