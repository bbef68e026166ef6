// src/device/random/substream.cuh -- Rng, the per-element sub-stream of the samplers that are not
// block kernels: Philox blocks at counter words (ctr, draw), read 32 bits at a time, and the
// uniform, normal, exponential and bounded integers drawn from it.
#pragma once
#include "uniform_bits.cuh"

namespace cunp_random {

// Box-Muller, one pair (cos, sin) per call, for the per-thread generators: float64 takes the
// angle through sincospi(2u) (2u exact, in [0, 2): no argument reduction and no rounding of
// 2*pi*u, so at least as accurate as sin/cos(2*pi*u)), CUDA's log and sqrt.
CUNP_RFN void box_muller_f64(double u1, double u2, double& c, double& s) {
  const double r = sqrt(-2.0 * log(1.0 - u1));
  double sn, cs;
  sincospi(2.0 * u2, &sn, &cs);
  c = r * cs;
  s = r * sn;
}

// The sub-stream of one element: the Philox blocks (key, counter words (ctr, draw)), draw = 0, 1, ...
struct Rng {
  u64 key, ctr;
  u32 draw, pos;
  Words buf;
  bool has_spare;
  double spare;

  CUNP_RFN Rng(u64 k, u64 c) : key(k), ctr(c), draw(0u), pos(4u), has_spare(false), spare(0.0) {
    buf.v0 = buf.v1 = buf.v2 = buf.v3 = 0u;
  }
  CUNP_RFN u32 next32() {
    if (pos == 4u) {
      buf = block(key, ctr, draw);
      ++draw;
      pos = 0u;
    }
    const u32 r = lane(buf, (int)pos);
    ++pos;
    return r;
  }
  CUNP_RFN u64 next64() {
    const u64 lo = next32();
    const u64 hi = next32();
    return hi << 32 | lo;
  }
  CUNP_RFN double uniform() {
    const u32 a = next32();
    const u32 b = next32();
    return u53(a, b);
  }
  // (0, 1): for samplers that take log(u) and log(1 - u).
  CUNP_RFN double uniform_open() {
    double u = uniform();
    while (u == 0.0) u = uniform();
    return u;
  }
  CUNP_RFN double normal() {
    if (has_spare) {
      has_spare = false;
      return spare;
    }
    const double u1 = uniform();
    const double u2 = uniform();
    double c;
    box_muller_f64(u1, u2, c, spare);
    has_spare = true;
    return c;
  }
  CUNP_RFN double exponential() { return -log1p(-uniform()); }
  // [0, range] for any 64-bit range: masked rejection (at most half the draws are rejected).
  CUNP_RFN u64 bounded(u64 range) {
    if (range == 0ull) return 0ull;
    if (range < 0xFFFFFFFFull) return scale64(next64(), range + 1ull);
    u64 mask = range;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    mask |= mask >> 32;
    u64 v = next64() & mask;
    while (v > range) v = next64() & mask;
    return v;
  }
};

}  // namespace cunp_random
