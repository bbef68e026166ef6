// src/device/random/uniform_bits.cuh -- random words to numbers: uniforms with 53 and 24 random
// bits, and an integer below m from 64 bits.
#pragma once
#include "philox.cuh"

namespace cunp_random {

// [0, 1) with 53 random bits (NumPy's construction from two 32-bit words).
CUNP_RFN double u53(u32 a, u32 b) {
  return ((double)(a >> 5) * 67108864.0 + (double)(b >> 6)) * (1.0 / 9007199254740992.0);
}
// [0, 1) and (0, 1] with 24 random bits, for float32.
CUNP_RFN float u24(u32 a) { return (float)(a >> 8) * (1.0f / 16777216.0f); }

// floor(w * m / 2^64) for m <= 2^32: a value in [0, m) from 64 random bits. The bias is below
// m / 2^64 <= 2^-32, far under anything a test can see.
CUNP_RFN u64 scale64(u64 w, u64 m) {
  const u64 hi = w >> 32, lo = w & 0xFFFFFFFFull;
  return (hi * m + ((lo * m) >> 32)) >> 32;
}

}  // namespace cunp_random
