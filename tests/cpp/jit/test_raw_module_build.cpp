// tests/cpp/jit/test_raw_module_build.cpp -- user-module build switches without a GPU:
// translate_cucomplex, jitify's standard-header shims and the nvcc backend, compiled for real.
#include <gtest/gtest.h>

#include "cunp/cunp.hpp"
#include "cunp/jit/raw_module.hpp"

using namespace cunp;

namespace {

RawBuildOptions with(bool cucomplex, bool jitify, bool nvcc = false) {
  RawBuildOptions b;
  b.translate_cucomplex = cucomplex;
  b.jitify = jitify;
  if (nvcc) b.backend = RawBuildOptions::Backend::Nvcc;
  return b;
}

const char* kComplexKernel = R"(#include <cuComplex.h>
extern "C" __global__ void zaxpy(cuDoubleComplex a, const cuDoubleComplex* x, cuDoubleComplex* y,
                                 cuFloatComplex* f, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n) {
    y[i] = cuCadd(cuCmul(a, x[i]), y[i]);
    y[i] = cuCdiv(y[i], make_cuDoubleComplex(cuCabs(x[i]) + 1.0, cuCimag(cuConj(a))));
    f[i] = cuComplexDoubleToFloat(cuCfma(a, x[i], y[i]));
    f[i] = cuCfmaf(f[i], make_cuComplex(cuCrealf(f[i]), 1.f), cuConjf(f[i]));
  }
}
)";

}  // namespace

TEST(RawModuleBuild, CuComplexTranslates) {
  std::string t = translate_cucomplex(kComplexKernel);
  EXPECT_EQ(t.find("#include <cuComplex.h>"), std::string::npos);
  EXPECT_NE(t.find("typedef cunp::complex<double> cuDoubleComplex;"), std::string::npos);
  EXPECT_NE(t.find("#line 2\nextern \"C\""), std::string::npos);
  for (int arch : {80, 90}) {
    auto m = RawModule::from_source(kComplexKernel, {}, {}, with(true, false));
    EXPECT_FALSE(m->compile_for(arch).image.empty());
  }
}

TEST(RawModuleBuild, JitifyStandardHeaders) {
  const std::string src = R"(
    #include <cstdint>
    #include <type_traits>
    #include <limits>
    #include <cuda/std/complex>
    extern "C" __global__ void k(std::int64_t* y, cuda::std::complex<double>* z) {
      static_assert(std::is_same<std::int32_t, int>::value, "int32_t");
      y[0] = std::numeric_limits<std::int32_t>::max();
      z[0] = z[0] * z[0];
    })";
  auto jit = RawModule::from_source(src, {}, {}, with(false, true));
  EXPECT_FALSE(jit->compile_for(90).image.empty());
  auto plain = RawModule::from_source(src, {}, {}, with(false, false));
  EXPECT_THROW(plain->compile_for(90), CompileError);
  EXPECT_FALSE(jitify_include_dir().empty());
}

TEST(RawModuleBuild, NvccBackend) {
  if (toolkit().nvcc().empty()) GTEST_SKIP() << "nvcc not installed";
  auto m = RawModule::from_source(kComplexKernel, {"-DUNUSED=1"}, {}, with(true, false, true));
  CompileResult r = m->compile_for(80);
  EXPECT_FALSE(r.is_ptx);
  EXPECT_FALSE(r.image.empty());
  auto bad = RawModule::from_source("extern \"C\" __global__ void f(int* x) { x[0] = }\n", {}, {},
                                    with(false, false, true));
  EXPECT_THROW(bad->compile_for(80), CompileError);
  EXPECT_THROW(RawModule::from_source("", {}, {"f<int>"}, with(false, false, true)), ValueError);
}
