// src/device/random/philox.cuh -- Philox4x32-10, the random library's only device bit generator
// (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3"), and the counter layout every
// sampler reads its 128-bit blocks from.
//
// Stream layout (so that results never depend on the launch configuration):
//  - a generator owns a 64-bit key and a 64-bit counter offset;
//  - "block" kernels (uniform, normal, lognormal, bounded integers, raw bits) give element i the
//    lane i % K of Philox(key, counter = offset + i / K), K values per 128-bit block;
//  - every other sampler gives element i its own sub-stream: Philox(key, counter words
//    (offset + i, draw number)), so rejection loops may draw as many values as they need.
// Each call advances the offset by the counters it used, so calls never share a counter.
// (XORWOW and MRG32k3a are cuRAND's host generators that only key these streams:
// src/random/curand_keys.cpp.)
#pragma once
#include "random_intrinsics.cuh"

namespace cunp_random {

typedef unsigned int u32;
typedef unsigned long long u64;
typedef long long i64;

struct Words {
  u32 v0, v1, v2, v3;
};

// mul_wide_u32(a, b, hi, lo): the 64-bit product of a and b in two words (random_intrinsics.cuh:
// on the device one wide multiply whose two halves are used as they are; written in C++ the
// compiler splits it into two multiplies and 64-bit shifts, about a fifth more instructions).
CUNP_RFN Words philox_round(Words c, u32 k0, u32 k1) {
  u32 hi0, lo0, hi1, lo1;
  mul_wide_u32(0xD2511F53u, c.v0, hi0, lo0);
  mul_wide_u32(0xCD9E8D57u, c.v2, hi1, lo1);
  Words r;
  r.v0 = hi1 ^ c.v1 ^ k0;
  r.v1 = lo1;
  r.v2 = hi0 ^ c.v3 ^ k1;
  r.v3 = lo0;
  return r;
}

// clang-format off
CUNP_RFN Words philox4x32_10(Words c, u32 k0, u32 k1) {
  c = philox_round(c, k0, k1); k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
  c = philox_round(c, k0, k1); k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
  c = philox_round(c, k0, k1); k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
  c = philox_round(c, k0, k1); k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
  c = philox_round(c, k0, k1); k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
  c = philox_round(c, k0, k1); k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
  c = philox_round(c, k0, k1); k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
  c = philox_round(c, k0, k1); k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
  c = philox_round(c, k0, k1); k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
  return philox_round(c, k0, k1);
}
// clang-format on

// The 128-bit block at 64-bit counter `ctr`, sub-stream draw `draw`, under a 64-bit key.
CUNP_RFN Words block(u64 key, u64 ctr, u32 draw) {
  Words c;
  c.v0 = (u32)ctr;
  c.v1 = (u32)(ctr >> 32);
  c.v2 = draw;
  c.v3 = 0u;
  return philox4x32_10(c, (u32)key, (u32)(key >> 32));
}

CUNP_RFN u32 lane(const Words& w, int j) {
  return j == 0 ? w.v0 : j == 1 ? w.v1 : j == 2 ? w.v2 : w.v3;
}

}  // namespace cunp_random
