// src/device/random/block_normals.cuh -- the normals of one Philox block for the block kernels:
// Box-Muller pairs at the fewest issued instructions each dtype's accuracy allows (float32 on the
// hardware approximations, float64 on polynomial fits with coefficients in constant memory).
#pragma once
#include "philox.cuh"

namespace cunp_random {

// The K normals of one block, computed once per block (the kernels index the result by lane).
struct Normal4 {
  float v[4];
};
struct Normal2 {
  double v[2];
};

// The generator is bound by instruction issue, not memory, so each pair costs as few issued
// instructions as its dtype's accuracy allows.
//
// float32: the hardware approximations (random_intrinsics.cuh: approx_log2f, approx_sqrtf,
// approx_sincosf; lg2/sqrt/sin/cos.approx, one special-function instruction each). Their errors
// are absolute, about 2^-22 in log2 and 2^-21 in sin/cos, which moves the normal CDF by under
// 1e-6 anywhere: no sample size a test can draw sees it. The radius takes all 32 bits of its
// lane, u = (a + 1/2) / 2^32 in (0, 1] (rounded to float: fine near 0, where the tail lives;
// the largest radius is 6.7), the angle 23 bits, t in [-1/2, 1/2) turns from the bits alone.
CUNP_RFN void box_muller_fast_f32(u32 a, u32 b, float& c, float& s) {
  const float u = fmaf((float)a, 2.3283064365386963e-10f, 1.1641532182693481e-10f);
  // -2 ln u = |2 ln 2 * log2 u|: the absolute value keeps an approximate log2(1) of the wrong
  // sign (and a -0) out of sqrt, at no cost (an operand modifier).
  const float r = approx_sqrtf(fabsf(1.3862943611198906f * approx_log2f(u)));
  const float t = bits_float((int)((b >> 9) | 0x3f800000u)) - 1.5f;
  float sn, cs;
  approx_sincosf(t * 6.283185307179586f, sn, cs);
  c = r * cs;
  s = r * sn;
}

// float64: uniforms straight from the bits (a double in [1, 2) less one: no conversion
// instructions), then -2 log, a square root, sine and cosine with no special cases (their inputs
// are known), coefficients in constant memory (operands of the multiply-adds, no instructions to
// load). fp64 issues at half the fp32 rate and the kernel is bound by instruction issue, so every
// instruction is budgeted: 41 double instructions a pair (was 55), 124 in all with Philox and
// the loop (was about 178), per the SASS of the generated kernel. (The thread's set-up, about
// 200 more, is spread over up to 16 pairs: see make_op in samplers.cpp.)
//  - neg2_log_unit_f64(x) = -2 ln x, x in [2^-52, 1): x = 2^e m, m in [sqrt(1/2), sqrt(2)),
//    ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.1716, as 2s + s^3 P(s^2) with P a degree-6
//    near-minimax fit (below 2^-59 relative). The -2 is folded in: S = -4s comes from the
//    reciprocal of -(2 + f) / 4 (exact scaling), and the polynomial in S^2 = 16 s^2 has P's
//    coefficients divided by 32 * 16^i (powers of two: no rounding).
//  - sqrt_pos_f64(v), v in [2^-52, 75]: t = v y (y the approximate 1/sqrt v), q = 1 - t y, then
//    sqrt v = t (1 - q)^(-1/2) = t (1 + q/2 + 3q^2/8 + ...); |q| ~ 2^-21, so the cubic term is
//    below 2^-64. Five instructions, no range check (v is never zero: x < 1).
//  - sincos_bits(hi, lo): a uniformly distributed angle's cosine and sine from 52 bits: an
//    angle a in (-pi/4, pi/4) from 50 (the half-integer j = n/2 - 2^49, n odd, 19 bits of hi and
//    32 of lo, times 2 pi / 2^52), then one of the four quarter turns from hi's bits 1 and 0:
//    (c, s), (-c, s), (s, c), (s, -c) are the angles a, pi - a, pi/2 - a and a - pi/2, which
//    tile the circle exactly (the half-integers make the four pieces meet without overlap), for
//    one sign flip and a swap. sin a = j (k + M S(M)), cos a = 1 + M C(M), M = j^2, the scale
//    k = 2 pi / 2^52 folded into the coefficients: near-minimax fits of degree 13 and 14 in the
//    angle on |a| <= pi/4, below 2^-58 and 2^-64.
CUNP_RCONST double kNeg2LogSeries[7] = {0.020833333333333544,   0.0007812499999885673,
                                        3.4877232351554865e-05, 1.6954192026241888e-06,
                                        8.670599151459805e-08,  4.5639425382904456e-09,
                                        2.755961422296734e-10};
CUNP_RCONST double kSinTurn52[6] = {-4.525942489222337e-46,   4.404729298298503e-77,
                                    -2.0413154383331115e-108, 5.51845778281709e-140,
                                    -9.764317995562041e-172,  1.2060676475563943e-203};
CUNP_RCONST double kCosTurn52[7] = {-9.732181327520791e-31,  1.5785892231957326e-61,
                                    -1.0242077707855666e-92, 3.5599199056059542e-124,
                                    -7.699061923937346e-156, 1.1352206243162874e-187,
                                    -1.2018495799763046e-219};
CUNP_RCONST double kNeg2Ln2 = -1.3862943611198906;
CUNP_RCONST double kMinusQuarter = -0.25;  // in constant memory: no register moves per pair
CUNP_RCONST double kThreeEighths = 0.375;
CUNP_RCONST double kTwoPiOver2p52 = 1.3951473992034527e-15;

CUNP_RFN double neg2_log_unit_f64(double x) {
  const int hi = double_hi(x);
  const int e = (hi - 0x3FE6A09E) >> 20;  // arithmetic shift: floor
  const double m = words_double((u32)(hi - e * 0x100000), double_lo(x));
  const double f = m - 1.0;                      // exact (Sterbenz)
  const double d = fma(f, kMinusQuarter, -0.5);  // -(2 + f) / 4, rounded as 2 + f would be
  // 1 / d: the approximation (about 2^-23) and one cubic step (e + e^2 + ...) to below 2^-60.
  double r = approx_rcp(d);
  double q = fma(-d, r, 1.0);
  q = fma(q, q, q);
  r = fma(r, q, r);
  const double s = f * r, z = s * s;  // s = -4 (m - 1) / (m + 1)
  double p = kNeg2LogSeries[6];
  p = fma(p, z, kNeg2LogSeries[5]);
  p = fma(p, z, kNeg2LogSeries[4]);
  p = fma(p, z, kNeg2LogSeries[3]);
  p = fma(p, z, kNeg2LogSeries[2]);
  p = fma(p, z, kNeg2LogSeries[1]);
  p = fma(p, z, kNeg2LogSeries[0]);
  return fma(s * z, p, fma((double)e, kNeg2Ln2, s));
}
CUNP_RFN double sqrt_pos_f64(double v) {
  const double y = approx_rsqrt(v);
  const double t = v * y;
  const double q = fma(-t, y, 1.0);
  const double g = q * fma(q, kThreeEighths, 0.5);
  return fma(t, g, t);
}
CUNP_RFN void sincos_bits(u32 hi, u32 lo, double& cs, double& sn) {
  // 2^51 + n / 2 (n = the top 19 bits of hi, lo, and a last bit 1), less 2^51 + 2^49: exact.
  const double m = words_double(0x43200000u | (hi >> 13), lo | 1u) - 2814749767106560.0;
  const double z = m * m;  // rounded once: fine
  double ps = kSinTurn52[5];
  ps = fma(ps, z, kSinTurn52[4]);
  ps = fma(ps, z, kSinTurn52[3]);
  ps = fma(ps, z, kSinTurn52[2]);
  ps = fma(ps, z, kSinTurn52[1]);
  ps = fma(ps, z, kSinTurn52[0]);
  const double s = m * fma(z, ps, kTwoPiOver2p52);
  double pc = kCosTurn52[6];
  pc = fma(pc, z, kCosTurn52[5]);
  pc = fma(pc, z, kCosTurn52[4]);
  pc = fma(pc, z, kCosTurn52[3]);
  pc = fma(pc, z, kCosTurn52[2]);
  pc = fma(pc, z, kCosTurn52[1]);
  pc = fma(pc, z, kCosTurn52[0]);
  double c = fma(z, pc, 1.0);
  // bit 1 of hi negates the cosine (its sign bit: integer instructions), bit 0 swaps
  c = words_double((u32)double_hi(c) ^ ((hi << 30) & 0x80000000u), double_lo(c));
  const bool swap = (hi & 1u) != 0u;
  cs = swap ? s : c;
  sn = swap ? c : s;
}
// loc + scale * (the pair): the scale rides on the radius (one multiply per pair, then one
// multiply-add per value).
CUNP_RFN void box_muller_fast_f64(const Words& w, double loc, double scale, double& c, double& s) {
  // radius: x = 2 - [1, 2) with the last bit set, in [2^-52, 1 - 2^-52]: 51 random bits, the
  // midpoints of 2^51 equal cells of (0, 1), never 1 (so -2 ln x > 0) (the largest radius 8.5);
  // the angle from the other two lanes
  const double x = 2.0 - words_double(0x3FF00000u | (w.v0 >> 12), w.v1 | 1u);
  const double r = scale * sqrt_pos_f64(neg2_log_unit_f64(x));
  double sn, cs;
  sincos_bits(w.v2, w.v3, cs, sn);
  c = fma(r, cs, loc);
  s = fma(r, sn, loc);
}

CUNP_RFN Normal4 normals_f32(const Words& w) {
  Normal4 z;
  box_muller_fast_f32(w.v0, w.v1, z.v[0], z.v[1]);
  box_muller_fast_f32(w.v2, w.v3, z.v[2], z.v[3]);
  return z;
}
CUNP_RFN Normal2 normals_f64_affine(const Words& w, double loc, double scale) {
  Normal2 z;
  box_muller_fast_f64(w, loc, scale, z.v[0], z.v[1]);
  return z;
}
CUNP_RFN Normal2 normals_f64(const Words& w) { return normals_f64_affine(w, 0.0, 1.0); }

}  // namespace cunp_random
