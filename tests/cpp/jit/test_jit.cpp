// Every kernel the library generates compiles with NVRTC for sm_80 and sm_90, with no GPU.
#include <gtest/gtest.h>

#include "cunp/cunp.hpp"

using namespace cunp;

namespace {

// The bodies the core uses (creation, copy, fill), with representative dtypes and layouts.
struct Case {
  ElementwiseOp op;
  std::vector<DType> in, out, scalars;
};

std::vector<DType> all_dtypes() {
  std::vector<DType> v;
  for (int i = 0; i < kNumDTypes; ++i) v.push_back(static_cast<DType>(i));
  return v;
}

void expect_compiles(const Case& c, int arch) {
  for (int nd : {0, 1, 3})
    for (int vec : {1, 2}) {
      if (nd && vec > 1) continue;
      std::string src = elementwise_source(c.op, c.in, c.out, c.scalars, nd, vec);
      try {
        CompileResult r = compile(src, c.op.name, arch);
        EXPECT_FALSE(r.image.empty());
        EXPECT_EQ(r.minimal, nvrtc_version() >= 12040);  // generated code needs no runtime API
      } catch (const CompileError& e) {
        ADD_FAILURE() << e.what() << "\n" << numbered_source(src);
        return;
      }
    }
}

}  // namespace

TEST(Jit, CopyEveryDtypePair) {
  ElementwiseOp copy{"copy", "out0 = cast<decltype(out0)>(in0);"};
  // Every pair at sm_90 with the contiguous layout; the full layout set for a few.
  for (DType a : all_dtypes())
    for (DType b : all_dtypes()) {
      std::string src = elementwise_source(copy, {a}, {b}, {}, 0, 1);
      EXPECT_NO_THROW(compile(src, "copy", 90)) << name(a) << " -> " << name(b);
    }
  expect_compiles({copy, {DType::Float64}, {DType::Float16}, {}}, 80);
  expect_compiles({copy, {DType::Complex64}, {DType::Int8}, {}}, 90);
}

TEST(Jit, FillAndCreationBodies) {
  for (DType t : all_dtypes()) {
    expect_compiles({{"fill", "out0 = s0;"}, {}, {t}, {t}}, 90);
    expect_compiles({{"linspace", R"(
      double v = static_cast<double>(_i) * s1 + s0;
      if (s3 && _i == n - 1) v = s2;
      out0 = cast<decltype(out0)>(s4 ? floor(v) : v);)",
                      true},
                     {},
                     {t},
                     {DType::Float64, DType::Float64, DType::Float64, DType::Bool, DType::Bool}},
                    90);
  }
}

TEST(Jit, CompileErrorCarriesLog) {
  try {
    compile("extern \"C\" __global__ void k() { undefined_thing(); }", "bad", 90);
    FAIL() << "expected CompileError";
  } catch (const CompileError& e) {
    EXPECT_NE(e.log.find("undefined_thing"), std::string::npos);
  }
}

TEST(Jit, NvrtcVersionKnown) { EXPECT_GE(nvrtc_version(), 12000); }

TEST(Jit, DevicePartsByName) { EXPECT_THROW(device_part("no_such_part"), ValueError); }

TEST(Jit, CodeUsingTheRuntimeApiCompilesWithoutMinimal) {
  // A texture object and cudaError_t are among what NVRTC's -minimal leaves out: such code (a
  // RawModule's, say) compiles on the second try, without it.
  const std::string src = R"(
extern "C" __global__ void read(cudaTextureObject_t t, float* out) {
  cudaError_t e = cudaSuccess;
  out[0] = tex1Dfetch<float>(t, 0) + static_cast<float>(e);
})";
  CompileResult r = compile(src, "read", 90);
  EXPECT_FALSE(r.image.empty());
  EXPECT_FALSE(r.minimal);
  EXPECT_THROW(compile("extern \"C\" __global__ void k() { undeclared(); }", "k", 90),
               CompileError);
}
