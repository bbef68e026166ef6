// src/device/random/block_samplers.cuh -- the values of one lane of a Philox block, for the block
// kernels (uniform, normal, small bounded integers): lane j of K per 128-bit block. The lognormal
// and raw-bit samplers combine these with exp_f64 and lane() in their table rows (samplers.cpp).
#pragma once
#include "block_normals.cuh"
#include "uniform_bits.cuh"

namespace cunp_random {

// float32 uniform: K = 4; float64 uniform: K = 2.
CUNP_RFN float uniform_f32(const Words& w, int j) { return u24(lane(w, j)); }
CUNP_RFN double uniform_f64(const Words& w, int j) {
  return j == 0 ? u53(w.v0, w.v1) : u53(w.v2, w.v3);
}
CUNP_RFN float normal_f32(const Words& w, int j) { return normals_f32(w).v[j]; }
CUNP_RFN double normal_f64(const Words& w, int j) { return normals_f64(w).v[j]; }
// An integer in [0, range] (range < 2^32) from 64 bits: K = 2.
CUNP_RFN u64 bounded_small(const Words& w, int j, u64 range) {
  const u64 bits = j == 0 ? ((u64)w.v1 << 32 | w.v0) : ((u64)w.v3 << 32 | w.v2);
  return scale64(bits, range + 1ull);
}

}  // namespace cunp_random
