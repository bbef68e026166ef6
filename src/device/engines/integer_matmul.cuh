// src/device/engines/integer_matmul.cuh -- matmul for integer and bool dtypes (cuBLAS has none
// with NumPy's wrap-around semantics): TILE x TILE tiles of A and B through shared memory, any
// element strides, a grid-stride walk over batch, row tiles and column tiles.
#pragma once

namespace cunp {
namespace integer_matmul {

// The host's IntMatmulParams (src/linalg/integer_matmul.cpp): sizes, element strides of each
// operand (batch, row, column) and the data addresses.
struct Params {
  long long n, m, k, batch;
  long long as_b, as_r, as_c, bs_b, bs_r, bs_c, cs_b, cs_r, cs_c;
  unsigned long long a, b, c;
};

// Integers accumulate in 64-bit unsigned arithmetic: wrap-around modulo 2**64, then the
// narrowing store, gives NumPy's result (its loops wrap in the dtype itself). bool is the
// or of ands.
template <class T> struct accumulator {
  typedef unsigned long long type;
  static __device__ __forceinline__ type widen(T v) {
    if constexpr (T(-1) < T(0)) return static_cast<type>(static_cast<long long>(v));
    else return static_cast<type>(v);
  }
  static __device__ __forceinline__ void add(type& acc, type a, type b) { acc += a * b; }
};
template <> struct accumulator<bool> {
  typedef bool type;
  static __device__ __forceinline__ type widen(bool v) { return v; }
  static __device__ __forceinline__ void add(type& acc, type a, type b) { acc = acc || (a && b); }
};

template <class T, int TILE> __device__ __forceinline__ void tiles(const Params& p) {
  typedef accumulator<T> A;
  typedef typename A::type Acc;
  __shared__ Acc ta[TILE][TILE + 1];
  __shared__ Acc tb[TILE][TILE + 1];
  const T* a = reinterpret_cast<const T*>(p.a);
  const T* b = reinterpret_cast<const T*>(p.b);
  T* c = reinterpret_cast<T*>(p.c);
  const int tx = threadIdx.x, ty = threadIdx.y;
  // The loop bounds depend on the block only, so every thread of a block reaches the same
  // __syncthreads.
  for (long long z = blockIdx.z; z < p.batch; z += gridDim.z) {
    for (long long by = blockIdx.y; by * TILE < p.n; by += gridDim.y) {
      for (long long bx = blockIdx.x; bx * TILE < p.m; bx += gridDim.x) {
        const long long i = by * TILE + ty, j = bx * TILE + tx;
        Acc acc = 0;
        for (long long k0 = 0; k0 < p.k; k0 += TILE) {
          const long long ka = k0 + tx, kb = k0 + ty;
          ta[ty][tx] = (i < p.n && ka < p.k) ? A::widen(a[z * p.as_b + i * p.as_r + ka * p.as_c])
                                             : Acc(0);
          tb[ty][tx] = (kb < p.k && j < p.m) ? A::widen(b[z * p.bs_b + kb * p.bs_r + j * p.bs_c])
                                             : Acc(0);
          __syncthreads();
#pragma unroll
          for (int kk = 0; kk < TILE; ++kk) A::add(acc, ta[ty][kk], tb[kk][tx]);
          __syncthreads();
        }
        if (i < p.n && j < p.m) c[z * p.cs_b + i * p.cs_r + j * p.cs_c] = static_cast<T>(acc);
      }
    }
  }
}

}  // namespace integer_matmul
}  // namespace cunp
