// src/device/random/feistel_permutation.cuh -- permutations without a sort: a keyed Feistel
// bijection walked until it falls inside [0, n), so element i of a permutation is computed alone.
#pragma once
#include "philox.cuh"

namespace cunp_random {

// A keyed Feistel network on [0, 2^(2h)) is a bijection; walking its cycle until the value falls
// below n (2^(2h) < 4n, so under 4 steps on average) makes it a bijection of [0, n). Element i of
// a permutation is walk(i): every element is independent, so the whole permutation is one
// elementwise pass. `tweak` (a slice number) gives each slice of permuted() its own bijection.
CUNP_RFN u32 mix32(u32 x) {
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  x ^= x >> 16;
  return x;
}
struct Feistel {
  u32 rk[8];
  u32 half_bits;
  u64 n;
};
CUNP_RFN Feistel feistel_setup(u64 key, u64 ctr, u64 n) {
  Feistel f;
  const Words a = block(key, ctr, 0u), b = block(key, ctr, 1u);
  f.rk[0] = a.v0;
  f.rk[1] = a.v1;
  f.rk[2] = a.v2;
  f.rk[3] = a.v3;
  f.rk[4] = b.v0;
  f.rk[5] = b.v1;
  f.rk[6] = b.v2;
  f.rk[7] = b.v3;
  u32 bits = 2u;
  while (bits < 64u && ((u64)1 << bits) < n) bits += 2u;
  f.half_bits = bits / 2u;
  f.n = n;
  return f;
}
// The bijection of slice `tweak`: the round keys mixed with a hash of the slice number.
CUNP_RFN Feistel feistel_tweak(Feistel f, u64 tweak) {
  const u32 t = mix32((u32)tweak ^ mix32((u32)(tweak >> 32) + 0x9E3779B9u));
  for (int k = 0; k < 8; ++k) f.rk[k] ^= mix32(t + (u32)k * 0x85EBCA6Bu);
  return f;
}
CUNP_RFN u64 feistel_apply(const Feistel& f, u64 x) {
  const u32 h = f.half_bits;
  const u32 mask = h >= 32u ? 0xFFFFFFFFu : ((1u << h) - 1u);
  u32 l = (u32)(x >> h) & mask, r = (u32)x & mask;
  for (int k = 0; k < 8; ++k) {
    const u32 t = l ^ (mix32(r ^ f.rk[k]) & mask);
    l = r;
    r = t;
  }
  return ((u64)l << h) | r;
}
CUNP_RFN u64 permute_index(const Feistel& f, u64 i) {
  u64 x = feistel_apply(f, i);
  while (x >= f.n) x = feistel_apply(f, x);
  return x;
}

// Where element i of an array with its rows (blocks of rowlen elements, f over the row count)
// permuted comes from.
CUNP_RFN i64 permuted_row_source(const Feistel& f, i64 i, i64 rowlen) {
  const i64 r = i / rowlen, c = i - r * rowlen;
  return (i64)permute_index(f, (u64)r) * rowlen + c;
}
// Where element i of an array with each slice of len elements permuted on its own comes from:
// slice s takes the bijection feistel_tweak(f, s) (f over len).
CUNP_RFN i64 permuted_slice_source(const Feistel& f, i64 i, i64 len) {
  const i64 s = i / len, c = i - s * len;
  const Feistel fs = feistel_tweak(f, (u64)s);
  return s * len + (i64)permute_index(fs, (u64)c);
}

}  // namespace cunp_random
