// src/device/engines/random_blocks.cuh -- the walk of the random "block" kernels (uniform,
// normal, lognormal, small integers, raw bits): loop position i fills the elements of its Philox
// blocks, K values a block. Added after the random library (src/device/random: block, Words).
//
// Position i handles `per` blocks: the 32 positions of a warp take 32 * per consecutive blocks,
// trip t blocks [32 t, 32 t + 32) of that run, so one store per warp covers 512 contiguous bytes
// and the resident warps write in nearby windows (blocks i, i + T, ... would put concurrent
// stores T * 16 bytes apart: for 2^28 int64 that is four streams 512 MiB apart, which ran at
// under half the write bandwidth). Block b always gives elements [b K, b K + K) of the output,
// so values do not depend on the number of positions T. Many blocks per position spread its
// set-up (the scalars, the Philox key schedule, constants brought into registers) thin. `per` is
// the smallest power of two with per * T >= blocks, which is what the host chose T for.
#pragma once
#include "../random/philox.cuh"

namespace cunp_random {

// v[j] = value(j) for the K lanes of one block, unrolled: a block sampler's lanes function is
// its per-block work (the `prep` of its table row) followed by this.
template <int K, class T, class Value>
__device__ __forceinline__ void fill_lanes(T* v, Value value) {
#pragma unroll
  for (int j = 0; j < K; ++j) v[j] = value(j);
}

// lanes(w, v) writes the K values of the block whose words are w into v[0..K). VECTOR: whole
// blocks are written as one K-element vector (the output is aligned for it).
template <int K, bool VECTOR, class T, class Out, class Key, class Lanes>
__device__ __forceinline__ void block_walk(Out& out, const long long i, const long long positions,
                                           const Key key, const unsigned long long off,
                                           Lanes lanes) {
  const long long nb = (out.size() + K - 1) / K;
  int per = 1;
  while (static_cast<long long>(per) * positions < nb) per <<= 1;
  const long long b0 = (i >> 5) * (32 * static_cast<long long>(per)) + (i & 31);
  const long long rem = (nb - b0 + 31) >> 5;
  // The trip count, worked out once (at most per, fewer at the end of the array): a trip pays
  // one 32-bit count, not 64-bit bounds and run-end tests.
  const int trips = rem <= 0 ? 0 : static_cast<int>(rem < per ? rem : per);
  int t = 0;
  if constexpr (VECTOR) {
    // Full blocks take one vector store each, in a loop of their own (no per-trip tail test); a
    // partial last block of the array (K not dividing the size) goes to the scalar loop.
    const int full = trips - (out.size() % K != 0 && trips > 0 &&
                                      b0 + 32 * static_cast<long long>(trips - 1) == nb - 1
                                  ? 1
                                  : 0);
    struct alignas(16) V {
      T v[K];
    };
    V* const dst = reinterpret_cast<V*>(out.data()) + b0;
    for (; t < full; ++t) {
      V v;
      lanes(block(key, off + static_cast<unsigned long long>(b0 + 32 * static_cast<long long>(t)),
                  0u),
            v.v);
      dst[32 * t] = v;
    }
  }
  for (; t < trips; ++t) {
    const long long b = b0 + 32 * static_cast<long long>(t);
    const long long base = b * K;
    T v[K];
    lanes(block(key, off + static_cast<unsigned long long>(b), 0u), v);
#pragma unroll
    for (int j = 0; j < K; ++j)
      if (base + j < out.size()) out[base + j] = v[j];
  }
}

}  // namespace cunp_random
