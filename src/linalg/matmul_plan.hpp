// src/linalg/matmul_plan.hpp -- what matmul's two engines (cuBLAS, the integer kernel) share:
// splitting broadcast batch dimensions into runs that one strided-batched call can cover.
#pragma once
#include <cstdint>
#include <functional>

#include "cunp/array/ndarray.hpp"

namespace cunp::linalg {

// One strided-batched call's worth: `count` products, operand i's first matrix at byte offset
// offset[i] from its data pointer, the next `stride[i]` bytes further (0: the same matrix).
struct BatchRun {
  int64_t offset[3];
  int64_t stride[3];
  int64_t count;
};

// a: (*batch, n, k), b: (*batch, k, m), c: (*batch, n, m), all of one batch shape (broadcast
// views allowed). Calls fn once per run; the runs cover every batch position once.
void for_each_batch_run(const NDArray& a, const NDArray& b, const NDArray& c,
                        const std::function<void(const BatchRun&)>& fn);

// c = a @ b for integer and bool dtypes (one dtype for all three; c must not overlap a or b),
// any strides, on the current stream.
void integer_matmul(const NDArray& a, const NDArray& b, const NDArray& c);

// c = a @ b through cuBLAS for float16/32/64 and complex64/128 (one dtype for all three); c is
// C-contiguous; a and b are copied where their layout is not one cuBLAS reads.
void gemm_matmul(const NDArray& a, const NDArray& b, const NDArray& c);

}  // namespace cunp::linalg
