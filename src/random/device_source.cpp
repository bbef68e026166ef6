// src/random/device_source.cpp -- the random device code (device_code.inc) as the NVRTC source
// string that random kernels put in their preamble.
#include <string>

#include "cunp/random/random.hpp"

namespace cunp::random {
namespace {

#define CUNP_RANDOM_CODE(...) #__VA_ARGS__
const char kCode[] =
#include "device_code.inc"
    ;
#undef CUNP_RANDOM_CODE

}  // namespace

const std::string& device_source() {
  // The helpers the code expects from its includer. mul_wide_u32 in PTX: one mul.wide.u32 whose
  // register halves are read directly, so a Philox round is two wide multiplies and two
  // three-way XORs.
  static const std::string source =
      std::string(
          "#define CUNP_RFN __device__ __forceinline__\n"
          "__device__ __forceinline__ void mul_wide_u32(unsigned a, unsigned b, unsigned& hi,\n"
          "                                             unsigned& lo) {\n"
          "  unsigned long long p;\n"
          "  asm(\"mul.wide.u32 %0, %1, %2;\" : \"=l\"(p) : \"r\"(a), \"r\"(b));\n"
          "  asm(\"mov.b64 {%0, %1}, %2;\" : \"=r\"(lo), \"=r\"(hi) : \"l\"(p));\n"
          "}\n"
          "__device__ __forceinline__ int float_bits(float x) { return __float_as_int(x); }\n"
          "__device__ __forceinline__ float bits_float(int i) { return __int_as_float(i); }\n"
          // The normals' approximations: one special-function instruction each (ftz: the
          // arguments are never subnormal).
          "__device__ __forceinline__ float approx_log2f(float x) {\n"
          "  float y; asm(\"lg2.approx.ftz.f32 %0, %1;\" : \"=f\"(y) : \"f\"(x)); return y;\n"
          "}\n"
          "__device__ __forceinline__ float approx_sqrtf(float x) {\n"
          "  float y; asm(\"sqrt.approx.ftz.f32 %0, %1;\" : \"=f\"(y) : \"f\"(x)); return y;\n"
          "}\n"
          "__device__ __forceinline__ void approx_sincosf(float x, float& s, float& c) {\n"
          "  asm(\"sin.approx.ftz.f32 %0, %1;\" : \"=f\"(s) : \"f\"(x));\n"
          "  asm(\"cos.approx.ftz.f32 %0, %1;\" : \"=f\"(c) : \"f\"(x));\n"
          "}\n"
          "__device__ __forceinline__ double approx_rcp(double x) {\n"
          "  double y; asm(\"rcp.approx.ftz.f64 %0, %1;\" : \"=d\"(y) : \"d\"(x)); return y;\n"
          "}\n"
          "__device__ __forceinline__ double approx_rsqrt(double x) {\n"
          "  double y; asm(\"rsqrt.approx.ftz.f64 %0, %1;\" : \"=d\"(y) : \"d\"(x)); return y;\n"
          "}\n"
          "__device__ __forceinline__ int double_hi(double x) { return __double2hiint(x); }\n"
          "__device__ __forceinline__ unsigned double_lo(double x) {\n"
          "  return (unsigned)__double2loint(x);\n"
          "}\n"
          "__device__ __forceinline__ double words_double(unsigned hi, unsigned lo) {\n"
          "  return __hiloint2double((int)hi, (int)lo);\n"
          "}\n"
          "#define CUNP_RCONST __constant__\n"
          // per-thread indices: global memory through L1 (constant memory would serialize them)
          "#define CUNP_RTABLE __device__ const\n") +
      kCode + "\n";
  return source;
}

}  // namespace cunp::random
