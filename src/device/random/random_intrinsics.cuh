// src/device/random/random_intrinsics.cuh -- what the random library asks of the compiler that
// builds it: its function and table qualifiers, and bit-level helpers written in PTX.
//
// The library (src/device/random/*.cuh) is plain C++ on builtin types, so the host tests compile
// the same samplers for the CPU (tests/cpp/test_random_host.cpp): they define CUNP_RFN and host
// versions of everything below before including it, which leaves this file empty.
#pragma once

#ifndef CUNP_RFN
// Every library function: inlined into the kernel that calls it.
#define CUNP_RFN __device__ __forceinline__
// A table read with one index per warp: constant memory.
#define CUNP_RCONST __constant__
// A table read with an index per thread: global memory through L1 (constant memory would
// serialize the different indices of a warp).
#define CUNP_RTABLE __device__ const

namespace cunp_random {

// a * b in two words: one mul.wide.u32 whose register halves are read directly, so a Philox
// round is two wide multiplies and two three-way XORs.
__device__ __forceinline__ void mul_wide_u32(unsigned a, unsigned b, unsigned& hi, unsigned& lo) {
  unsigned long long p;
  asm("mul.wide.u32 %0, %1, %2;" : "=l"(p) : "r"(a), "r"(b));
  asm("mov.b64 {%0, %1}, %2;" : "=r"(lo), "=r"(hi) : "l"(p));
}
__device__ __forceinline__ int float_bits(float x) { return __float_as_int(x); }
__device__ __forceinline__ float bits_float(int i) { return __int_as_float(i); }
// The normals' approximations: one special-function instruction each (ftz: the arguments are
// never subnormal).
__device__ __forceinline__ float approx_log2f(float x) {
  float y;
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
__device__ __forceinline__ float approx_sqrtf(float x) {
  float y;
  asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
__device__ __forceinline__ void approx_sincosf(float x, float& s, float& c) {
  asm("sin.approx.ftz.f32 %0, %1;" : "=f"(s) : "f"(x));
  asm("cos.approx.ftz.f32 %0, %1;" : "=f"(c) : "f"(x));
}
__device__ __forceinline__ double approx_rcp(double x) {
  double y;
  asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
  return y;
}
__device__ __forceinline__ double approx_rsqrt(double x) {
  double y;
  asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
  return y;
}
// A double's high and low words, and a double from its words.
__device__ __forceinline__ int double_hi(double x) { return __double2hiint(x); }
__device__ __forceinline__ unsigned double_lo(double x) { return (unsigned)__double2loint(x); }
__device__ __forceinline__ double words_double(unsigned hi, unsigned lo) {
  return __hiloint2double((int)hi, (int)lo);
}

}  // namespace cunp_random
#endif
