// src/linalg/integer_matmul.cpp -- matmul for integer and bool dtypes (cuBLAS has none with
// NumPy's wrap-around semantics): a shared-memory tiled NVRTC kernel over any strides.
#include <algorithm>

#include "../jit/kernel.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/linalg/products.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "matmul_plan.hpp"

namespace cunp {
namespace {

constexpr int kTile = 16;

// The kernel's parameter block; the generated source declares the same struct.
struct IntMatmulParams {
  long long n, m, k, batch;
  long long as_b, as_r, as_c, bs_b, bs_r, bs_c, cs_b, cs_r, cs_c;  // element strides
  unsigned long long a, b, c;
};

}  // namespace

std::string integer_matmul_kernel_name(DType dtype) {
  return std::string("cunp_int_matmul_") + name(dtype);
}

std::string integer_matmul_source(DType dtype) {
  if (!is_integer(dtype) && dtype != DType::Bool)
    throw TypeError(std::string("integer matmul: not an integer or bool dtype: ") + name(dtype));
  const bool is_bool = dtype == DType::Bool;
  // Integers accumulate in 64-bit unsigned arithmetic: wrap-around modulo 2**64, then the
  // narrowing store, gives NumPy's result (its loops wrap in the dtype itself).
  std::string load = is_bool ? "v" : (kind(dtype) == 'i' ? "(Acc)(long long)v" : "(Acc)v");
  std::string s;
  s += "typedef " + std::string(info(dtype).ctype) + " T;\n";
  s += is_bool ? "typedef bool Acc;\n" : "typedef unsigned long long Acc;\n";
  s += "#define TILE " + std::to_string(kTile) + "\n";
  s += R"(struct Params {
  long long n, m, k, batch;
  long long as_b, as_r, as_c, bs_b, bs_r, bs_c, cs_b, cs_r, cs_c;
  unsigned long long a, b, c;
};
__device__ __forceinline__ Acc widen(T v) { return )" +
       load + R"(; }
extern "C" __global__ void )" +
       integer_matmul_kernel_name(dtype) + R"((const Params p) {
  __shared__ Acc ta[TILE][TILE + 1];
  __shared__ Acc tb[TILE][TILE + 1];
  const T* A = (const T*)p.a;
  const T* B = (const T*)p.b;
  T* C = (T*)p.c;
  const int tx = threadIdx.x, ty = threadIdx.y;
  // Grid-stride over batch, row tiles and column tiles: the loop bounds depend on the block
  // only, so every thread of a block reaches the same __syncthreads.
  for (long long z = blockIdx.z; z < p.batch; z += gridDim.z) {
    for (long long by = blockIdx.y; by * TILE < p.n; by += gridDim.y) {
      for (long long bx = blockIdx.x; bx * TILE < p.m; bx += gridDim.x) {
        const long long i = by * TILE + ty, j = bx * TILE + tx;
        Acc acc = 0;
        for (long long k0 = 0; k0 < p.k; k0 += TILE) {
          const long long ka = k0 + tx, kb = k0 + ty;
          ta[ty][tx] = (i < p.n && ka < p.k) ? widen(A[z * p.as_b + i * p.as_r + ka * p.as_c]) : (Acc)0;
          tb[ty][tx] = (kb < p.k && j < p.m) ? widen(B[z * p.bs_b + kb * p.bs_r + j * p.bs_c]) : (Acc)0;
          __syncthreads();
#pragma unroll
          for (int kk = 0; kk < TILE; ++kk) )" +
       std::string(is_bool ? "acc = acc || (ta[ty][kk] && tb[kk][tx]);"
                           : "acc += ta[ty][kk] * tb[kk][tx];") +
       R"(
          __syncthreads();
        }
        if (i < p.n && j < p.m) C[z * p.cs_b + i * p.cs_r + j * p.cs_c] = (T)acc;
      }
    }
  }
}
)";
  return s;
}

namespace linalg {

void integer_matmul(const NDArray& a, const NDArray& b, const NDArray& c) {
  const DType t = c.dtype();
  const int device = c.device();
  const detail::KernelKey key(detail::Engine::IntegerMatmul, device, static_cast<uint64_t>(t));
  FunctionHandle fn = detail::kernel(key, [&] {
    return detail::KernelSpec{integer_matmul_source(t), integer_matmul_kernel_name(t), {}};
  });
  const int nd = c.ndim(), isz = c.itemsize();
  const int64_t n = c.shape()[nd - 2], m = c.shape()[nd - 1], k = a.shape()[nd - 1];
  for (const NDArray* x : {&a, &b, &c})
    for (int d = 0; d < nd; ++d)
      if (x->strides()[d] % isz) throw ValueError("matmul: operand strides must be whole elements");
  const DeviceProperties& props = device_properties(device);
  for_each_batch_run(a, b, c, [&](const BatchRun& r) {
    IntMatmulParams p{};
    p.n = n;
    p.m = m;
    p.k = k;
    p.batch = r.count;
    p.as_b = r.stride[0] / isz;
    p.as_r = a.strides()[nd - 2] / isz;
    p.as_c = a.strides()[nd - 1] / isz;
    p.bs_b = r.stride[1] / isz;
    p.bs_r = b.strides()[nd - 2] / isz;
    p.bs_c = b.strides()[nd - 1] / isz;
    p.cs_b = r.stride[2] / isz;
    p.cs_r = c.strides()[nd - 2] / isz;
    p.cs_c = c.strides()[nd - 1] / isz;
    p.a = a.data() + r.offset[0];
    p.b = b.data() + r.offset[1];
    p.c = c.data() + r.offset[2];
    unsigned gx = static_cast<unsigned>(
        std::min<int64_t>((m + kTile - 1) / kTile, props.max_grid_dim[0]));
    unsigned gy = static_cast<unsigned>(
        std::min<int64_t>((n + kTile - 1) / kTile, props.max_grid_dim[1]));
    unsigned gz = static_cast<unsigned>(std::min<int64_t>(r.count, props.max_grid_dim[2]));
    detail::launch(fn, device, {gx, gy, gz}, {kTile, kTile}, &p);
  });
}

}  // namespace linalg
}  // namespace cunp
