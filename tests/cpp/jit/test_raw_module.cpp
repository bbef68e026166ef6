// tests/cpp/jit/test_raw_module.cpp -- user modules without a GPU: the kernel-name scan behind the
// lookup hints, NVRTC compiles of user code with name expressions, and CompileError content.
#include <gtest/gtest.h>

#include "cunp/cunp.hpp"
#include "cunp/jit/raw_module.hpp"

using namespace cunp;

TEST(RawModule, ExternCKernelScan) {
  const std::string src = R"(
    // extern "C" __global__ void in_comment(int* x) {}
    /* extern "C" __global__ void in_block_comment(int* x) {} */
    extern "C" __global__ void a(int* x) {}
    extern "C" __global__
    void b(const double* in, double* out, const int Z) {}
    extern "C" {
      __global__ void c(int* x) { if (x) { x[0] = 1; } }
      __device__ int helper(int v) { return v; }
      __global__ void d(int* x) {}
    }
    __global__ void mangled(int* x) {}
    template <typename T> __global__ void tmpl(T* x) {}
  )";
  EXPECT_EQ(extern_c_kernels(src), (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_TRUE(declared_without_extern_c(src, "mangled"));
  EXPECT_TRUE(declared_without_extern_c(src, "tmpl"));
  EXPECT_FALSE(declared_without_extern_c(src, "a"));
  EXPECT_FALSE(declared_without_extern_c(src, "c"));
  EXPECT_FALSE(declared_without_extern_c(src, "absent"));
}

TEST(RawModule, CompilesWithNameExpressions) {
  const std::string src = R"(
    template <typename T> __global__ void fill(T* x, T v, int n) {
      int i = blockDim.x * blockIdx.x + threadIdx.x;
      if (i < n) x[i] = v;
    }
    __device__ float table[4];
  )";
  CompileResult r = compile(src, "raw_module", 80, {}, {"fill<float>", "fill<double>", "&table"});
  ASSERT_EQ(r.lowered_names.size(), 3u);
  EXPECT_EQ(r.lowered_names[0].rfind("_Z", 0), 0u);
  EXPECT_NE(r.lowered_names[0], r.lowered_names[1]);
  EXPECT_FALSE(r.image.empty());
}

TEST(RawModule, SyntaxErrorCarriesLogAndSource) {
  const std::string src = "extern \"C\" __global__ void f(int* x) { x[0] = }\n";
  try {
    compile(src, "raw_module", 80);
    FAIL() << "expected CompileError";
  } catch (const CompileError& e) {
    EXPECT_NE(e.log.find("expected an expression"), std::string::npos) << e.log;
    EXPECT_EQ(e.source, src);
    EXPECT_NE(numbered_source(e.source).find("1 extern"), std::string::npos);
  }
}

TEST(RawModule, SeedKernelsCompile) {
  const std::string src = R"(
    extern "C" __global__
    void mulReg(const double* in, double* out, const int Z, const int Y, const int X) {
        int x = blockDim.x * blockIdx.x + threadIdx.x;
        int y = blockDim.y * blockIdx.y + threadIdx.y;
        if (x < X && y < Y) {
            double tmp = 1.;
            for (int z = 0; z < Z; z++) tmp = tmp * in[z*Y*X+y*X+x];
            out[y*X+x] = tmp;
        }
    })";
  for (int arch : {80, 90}) EXPECT_FALSE(compile(src, "raw_module", arch).image.empty());
}

TEST(RawModule, ToolkitHeadersAreOnTheIncludePath) {
  // NVRTC has no include search path: user modules get the toolkit's (and CUDA 13's cccl).
  const std::string fp16 = R"(
    #include <cuda_fp16.h>
    extern "C" __global__ void f(double* out, __half h) { out[0] = __half2float(h); }
  )";
  const std::string coop = R"(
    #include <cooperative_groups.h>
    extern "C" __global__ void f(int* x) { cooperative_groups::this_grid().sync(); x[0] = 1; }
  )";
  std::vector<std::string> opts = user_compile_options({"-DUSER_OPTION=1"});
  ASSERT_FALSE(opts.empty());
  EXPECT_EQ(opts.front(), "-DUSER_OPTION=1");  // the user's options come first
  EXPECT_NO_THROW(compile(fp16, "fp16", 90, opts));
  EXPECT_NO_THROW(compile(coop, "coop", 90, opts));
}
