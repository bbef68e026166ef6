// src/ops/launch_util.hpp -- pieces the JIT launchers share (elementwise, reductions, ufunc.at):
// stack buffers for per-call layout data, so a launch allocates nothing, operands' strides along
// a broadcast loop shape, and the covering grid.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "cunp/array/ndarray.hpp"

namespace cunp::detail {

// Per-call storage on the stack, spilling to the heap past N elements (huge ranks only).
template <class T, int N> class InlineBuffer {
 public:
  explicit InlineBuffer(std::size_t n)
      : data_(n <= N ? inline_ : (heap_ = std::make_unique<T[]>(n)).get()) {}
  InlineBuffer(const InlineBuffer&) = delete;
  InlineBuffer& operator=(const InlineBuffer&) = delete;
  T* data() { return data_; }
  T& operator[](std::size_t i) { return data_[i]; }

 private:
  T inline_[N];
  std::unique_ptr<T[]> heap_;
  T* data_;
};

// `a`'s byte strides along the loop shape `shape`, written to row[0, shape.size()): a's axes
// align with the last ones of `shape`; an axis `a` lacks, or has as 1, gets stride 0. ValueError
// in NumPy's words when `a` does not broadcast to `shape`.
void broadcast_strides(const NDArray& a, const Dims& shape, int64_t* row);

// Blocks of `block` threads covering n items at `per_block` items per block, one trip each.
// Blocks retire roughly in launch order, so the items in flight form one sliding window (a
// strided operand's cache lines then serve neighbouring rows); a capped grid with long
// grid-stride loops lets blocks drift apart and thrashes L2 (a * b.T: 471 -> 1309 GB/s on an
// H100), and even contiguous kernels measured 1-4% faster this way. Kernels keep grid-stride
// loops for the grids the cap limits: with 32-bit positions (`index32`), i + step must not
// overflow.
inline unsigned covering_grid(int64_t n, int64_t per_block, int block, bool index32) {
  constexpr int64_t kInt32Max = (int64_t{1} << 31) - 1;
  int64_t blocks = (n + per_block - 1) / per_block;
  int64_t cap = index32 ? (kInt32Max - n) / block - 1 : kInt32Max;
  return static_cast<unsigned>(std::max<int64_t>(1, std::min(blocks, cap)));
}

}  // namespace cunp::detail
