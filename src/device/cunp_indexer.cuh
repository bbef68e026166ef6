// src/device/cunp_indexer.cuh -- the one n-d indexer of generated kernels: a C-order position
// split into coordinates, outermost axis first in `shape`, innermost last.
#pragma once

namespace cunp {

// Calls f(d, c) with the coordinate c of `pos` along each axis d of a rank-NDIM shape, innermost
// axis first. The outermost axis takes what is left without a division (positions are below the
// shape's size). Idx is int or long long: 32-bit division where the sizes allow it.
template <int NDIM, class Idx, class F>
__device__ __forceinline__ void for_each_coordinate(Idx pos, const long long* shape, F&& f) {
#pragma unroll
  for (int d = NDIM - 1; d >= 0; --d) {
    const Idx e = static_cast<Idx>(shape[d]);
    const Idx c = d ? pos % e : pos;
    pos = d ? pos / e : 0;
    f(d, c);
  }
}

// The same over a rank known only at run time.
template <class Idx, class F>
__device__ __forceinline__ void for_each_coordinate(Idx pos, int ndim, const long long* shape,
                                                    F&& f) {
  for (int d = ndim - 1; d >= 0; --d) {
    const Idx e = static_cast<Idx>(shape[d]);
    const Idx c = d ? pos % e : pos;
    pos = d ? pos / e : 0;
    f(d, c);
  }
}

// Byte offsets of NOPS operands at `pos`: off[k] = sum over axes of coordinate * strides[k][d]
// (each operand's byte strides along the shared shape, operand-major). Rank 0 gives zeros; its
// stride rows then hold one unused axis.
template <int NDIM, int NOPS, class Idx>
__device__ __forceinline__ void nd_offsets(Idx pos, const long long* shape,
                                           const long long (*strides)[NDIM > 0 ? NDIM : 1],
                                           long long* off) {
#pragma unroll
  for (int k = 0; k < NOPS; ++k) off[k] = 0;
  for_each_coordinate<NDIM>(pos, shape, [&](int d, Idx c) {
#pragma unroll
    for (int k = 0; k < NOPS; ++k) off[k] += static_cast<long long>(c) * strides[k][d];
  });
}

}  // namespace cunp
