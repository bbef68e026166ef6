// src/device/random/exp_f64.cuh -- exp for lognormal's float64 block values: a 32-entry table
// and a short polynomial, cheaper than the library's exp.
#pragma once
#include "philox.cuh"

namespace cunp_random {

// exp for lognormal's float64 values, cheaper than the library's (eleven double instructions,
// not fifteen): x = (32 k + i) ln2 / 32 + t, |t| <= ln2 / 64, exp x = 2^k 2^(i/32) e^t, with
// 2^(i/32) from a 32-entry table (one 256-byte load per warp, from L1) and e^t = 1 + t + t^2 E(t),
// E a near-minimax fit of degree 4 (below 2^-63 relative). 2^k goes straight into the exponent
// bits: |x| < 707 keeps every result normal; beyond (overflow, underflow, NaN) the library's exp.
// clang-format off
CUNP_RTABLE double kExp2Table32[32] = {
    1.0, 1.0218971486541166, 1.0442737824274138, 1.0671404006768237, 1.0905077326652577,
    1.1143867425958924, 1.1387886347566916, 1.1637248587775775, 1.189207115002721,
    1.215247359980469, 1.241857812073484, 1.2690509571917332, 1.2968395546510096,
    1.3252366431597413, 1.3542555469368927, 1.383909881963832, 1.4142135623730951,
    1.4451808069770467, 1.4768261459394993, 1.5091644275934228, 1.5422108254079407,
    1.5759808451078865, 1.6104903319492543, 1.645755478153965, 1.681792830507429,
    1.718619298122478, 1.7562521603732995, 1.7947090750031072, 1.8340080864093424,
    1.8741676341103, 1.9152065613971474, 1.9571441241754002};
// clang-format on
CUNP_RCONST double kExpSeries[5] = {0.5, 0.16666666666526053, 0.04166666666622844,
                                    0.008333367988360233, 0.0013888948919942884};
CUNP_RCONST double k32OverLn2 = 46.16624130844683;
CUNP_RCONST double kLn2Over32[2] = {0.02166084939249829, 7.247021293269686e-19};  // hi, lo
CUNP_RFN double exp_f64(double x) {
  if (!(fabs(x) < 707.0)) return exp(x);
  const double shifter = 6755399441055744.0;  // 1.5 * 2^52: the sum's low word is rint(x 32/ln2)
  const double jm = fma(x, k32OverLn2, shifter);
  const int j = (int)double_lo(jm);
  const double jd = jm - shifter;
  double t = fma(jd, -kLn2Over32[0], x);
  t = fma(jd, -kLn2Over32[1], t);
  double p = kExpSeries[4];
  p = fma(p, t, kExpSeries[3]);
  p = fma(p, t, kExpSeries[2]);
  p = fma(p, t, kExpSeries[1]);
  p = fma(p, t, kExpSeries[0]);
  const double q = fma(t * t, p, t);  // e^t - 1
  const double c = kExp2Table32[j & 31];
  const double r = fma(c, q, c);  // in [0.98, 2)
  return words_double((u32)(double_hi(r) + (j >> 5) * 0x100000), double_lo(r));
}

}  // namespace cunp_random
