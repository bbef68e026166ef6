// src/device/primitives/cunp_block.cuh -- folds across a warp and across a block, for values of
// any type, over the shuffles of cunp_warp.cuh. A part (device_part("cunp_block")): added by the
// engines that fold, after the device header.
//
// A fold here may start empty: a reduction without an identity has nothing to start a thread's
// partial from, so `has` says whether a lane holds a value and fold(a, ha, b, hb) folds b into a
// where hb (a functor called as fold(T&, bool&, const T&, bool)). With AllHave (an identity is
// known, every lane holds a value) no flag is shuffled.
#pragma once

namespace cunp {

// Lane 0 ends with the fold of the warp's 32 values (the other lanes with partial folds).
template <bool AllHave, class T, class Fold>
__device__ __forceinline__ void warp_fold(T& a, bool& has, Fold fold) {
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) {
    const T b = shfl_down(a, d);
    const bool hb = AllHave ? true : shfl_down(static_cast<int>(has), d) != 0;
    fold(a, has, b, hb);
  }
}

// Thread 0 ends with the fold of the block's values; every thread of the block must call it.
// The shared buffers belong to the instantiation (Block, AllHave, T, Fold): calls in a loop, or
// twice with the same functor type, reuse them, which is why it synchronizes before writing.
template <int Block, bool AllHave, class T, class Fold>
__device__ __forceinline__ void block_fold(T& a, bool& has, Fold fold) {
  __shared__ __align__(16) unsigned char values[(Block / 32) * sizeof(T)];  // T may not be trivial
  __shared__ bool flags[Block / 32];
  warp_fold<AllHave>(a, has, fold);
  const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  __syncthreads();  // the buffers may still be read by the previous call
  if (lane == 0) {
    reinterpret_cast<T*>(values)[w] = a;
    flags[w] = has;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
#pragma unroll
    for (int k = 1; k < Block / 32; ++k)
      fold(a, has, reinterpret_cast<const T*>(values)[k], flags[k]);
  }
}

// The same for a fold that always has a value: op(a, b) combines two.
template <class Op> struct fold_always {
  Op op;
  template <class T>
  __device__ __forceinline__ void operator()(T& a, bool&, const T& b, bool) const {
    a = op(a, b);
  }
};

// Lane 0's result is op folded over the warp's 32 values.
template <class T, class Op> __device__ __forceinline__ T warp_reduce(T v, Op op) {
  bool has = true;
  warp_fold<true>(v, has, fold_always<Op>{op});
  return v;
}

// Thread 0's result is op folded over the block's values (Block threads, a multiple of 32).
template <int Block, class T, class Op> __device__ __forceinline__ T block_reduce(T v, Op op) {
  bool has = true;
  block_fold<Block, true>(v, has, fold_always<Op>{op});
  return v;
}

}  // namespace cunp
