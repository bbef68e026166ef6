// src/jit/cucomplex_translation.cpp -- CuPy's translate_cucomplex: cuComplex.h's types and
// functions defined on cunp::complex<T>, in place of the header's include lines.
#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/jit/raw_module.hpp"

namespace cunp {
namespace {

// cuComplex.h's API on cunp::complex<T>, so kernels written against cuComplex.h take complex64 /
// complex128 arrays and scalars (same layout: real part, then imaginary part).
const char* const kCuComplexBridge = R"(
namespace cunp {
template <class T> __device__ complex<T> operator-(complex<T> a) { return {-a.re, -a.im}; }
template <class T> __device__ complex<T> operator/(complex<T> a, complex<T> b) {
  // Scaled by |b.re| + |b.im| so that neither the squares overflow nor underflow (cuCdiv's way).
  T s = (b.re < T(0) ? -b.re : b.re) + (b.im < T(0) ? -b.im : b.im);
  T ar = a.re / s, ai = a.im / s, br = b.re / s, bi = b.im / s;
  T d = br * br + bi * bi;
  return {(ar * br + ai * bi) / d, (ai * br - ar * bi) / d};
}
}  // namespace cunp
typedef cunp::complex<float> cuFloatComplex;
typedef cunp::complex<double> cuDoubleComplex;
typedef cuFloatComplex cuComplex;
__device__ inline float cuCrealf(cuFloatComplex x) { return x.re; }
__device__ inline float cuCimagf(cuFloatComplex x) { return x.im; }
__device__ inline cuFloatComplex make_cuFloatComplex(float r, float i) { return cuFloatComplex(r, i); }
__device__ inline cuFloatComplex cuConjf(cuFloatComplex x) { return cuFloatComplex(x.re, -x.im); }
__device__ inline cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y) { return x + y; }
__device__ inline cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y) { return x - y; }
__device__ inline cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y) { return x * y; }
__device__ inline cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y) { return x / y; }
__device__ inline float cuCabsf(cuFloatComplex x) { return hypotf(x.re, x.im); }
__device__ inline double cuCreal(cuDoubleComplex x) { return x.re; }
__device__ inline double cuCimag(cuDoubleComplex x) { return x.im; }
__device__ inline cuDoubleComplex make_cuDoubleComplex(double r, double i) { return cuDoubleComplex(r, i); }
__device__ inline cuDoubleComplex cuConj(cuDoubleComplex x) { return cuDoubleComplex(x.re, -x.im); }
__device__ inline cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y) { return x + y; }
__device__ inline cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y) { return x - y; }
__device__ inline cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y) { return x * y; }
__device__ inline cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y) { return x / y; }
__device__ inline double cuCabs(cuDoubleComplex x) { return hypot(x.re, x.im); }
__device__ inline cuComplex make_cuComplex(float r, float i) { return cuComplex(r, i); }
__device__ inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
  return cuDoubleComplex(static_cast<double>(c.re), static_cast<double>(c.im));
}
__device__ inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
  return cuFloatComplex(static_cast<float>(c.re), static_cast<float>(c.im));
}
// x * y + d, with fused multiply-adds as cuComplex.h computes it.
__device__ inline cuFloatComplex cuCfmaf(cuFloatComplex x, cuFloatComplex y, cuFloatComplex d) {
  float re = fmaf(-x.im, y.im, fmaf(x.re, y.re, d.re));
  float im = fmaf(x.im, y.re, fmaf(x.re, y.im, d.im));
  return cuFloatComplex(re, im);
}
__device__ inline cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d) {
  double re = fma(-x.im, y.im, fma(x.re, y.re, d.re));
  double im = fma(x.im, y.re, fma(x.re, y.im, d.im));
  return cuDoubleComplex(re, im);
}
)";

// The bridge: cunp's device header (without its #pragma once, which a main file may not use)
// then the definitions above, guarded so a second include line adds nothing.
std::string cucomplex_bridge() {
  std::string h = device_header();
  if (std::size_t p = h.find("#pragma once"); p != std::string::npos) h.erase(p, 12);
  return "#ifndef CUNP_CUCOMPLEX_BRIDGE\n#define CUNP_CUCOMPLEX_BRIDGE\n" + h + kCuComplexBridge +
         "#endif\n";
}

// `#include <cuComplex.h>` or `#include "cuComplex.h"`, with any spacing.
bool is_cucomplex_include(const std::string& line) {
  std::size_t i = 0;
  auto skip = [&] {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  };
  skip();
  if (i >= line.size() || line[i] != '#') return false;
  ++i;
  skip();
  if (line.compare(i, 7, "include") != 0) return false;
  i += 7;
  skip();
  if (line.compare(i, 13, "<cuComplex.h>") == 0 || line.compare(i, 13, "\"cuComplex.h\"") == 0) {
    i += 13;
    skip();
    return i == line.size() || line.compare(i, 2, "//") == 0 || line[i] == '\r';
  }
  return false;
}

}  // namespace

std::string translate_cucomplex(const std::string& source) {
  std::string out;
  bool replaced = false;
  std::size_t line_no = 1;
  for (std::size_t pos = 0; pos < source.size(); ++line_no) {
    std::size_t end = source.find('\n', pos);
    std::size_t stop = end == std::string::npos ? source.size() : end;
    std::string line = source.substr(pos, stop - pos);
    if (is_cucomplex_include(line)) {
      out += cucomplex_bridge() + "#line " + std::to_string(line_no + 1) + "\n";
      replaced = true;
    } else {
      out += line;
      if (end != std::string::npos) out += '\n';
    }
    pos = end == std::string::npos ? source.size() : end + 1;
  }
  if (!replaced) return cucomplex_bridge() + "#line 1\n" + source;
  return out;
}

}  // namespace cunp
