// tests/cpp/linalg/test_products.cpp -- matmul without a GPU: the cuBLAS table resolves, the integer
// kernel compiles with NVRTC for every dtype, shape and dtype errors match NumPy's, and the batch
// is split into strided runs correctly.
#include <gtest/gtest.h>

#include <filesystem>

#include "cunp/cunp.hpp"
#include "cunp/linalg/products.hpp"
#include "linalg/cublas.hpp"
#include "linalg/matmul_plan.hpp"

using namespace cunp;

namespace {

// Arrays over fake memory: shapes and strides only, never read (no GPU needed).
NDArray fake(DType t, Dims shape, Dims strides = Dims()) {
  int isz = itemsize(t);
  if (strides.empty()) {
    strides = Dims(shape.size());
    int64_t s = isz;
    for (int d = shape.size() - 1; d >= 0; --d) {
      strides[d] = s;
      s *= std::max<int64_t>(shape[d], 1);
    }
  }
  MemoryPtr m = wrap_memory(0x10000, 1 << 20, 0, [] {});
  return NDArray(m, 0x10000, t, shape, strides);
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(Products, CublasTableResolvesWhenPresent) {
  if (!blas::available()) {
    const std::string why = blas::unavailable_reason();
    // Only "not found" is an acceptable reason to skip; a missing function is a bug.
    ASSERT_EQ(why.find("lacks"), std::string::npos) << why;
    GTEST_SKIP() << why;
  }
  const blas::Api& api = blas::api();
  EXPECT_NE(api.cublasCreate_v2, nullptr);
  EXPECT_NE(api.cublasSetStream_v2, nullptr);
  EXPECT_NE(api.cublasSetWorkspace_v2, nullptr);
  EXPECT_NE(api.cublasGemmEx, nullptr);
  EXPECT_NE(api.cublasGemmStridedBatchedEx, nullptr);
  int version = 0;
  // cublasGetVersion needs a handle in old releases; with nullptr it reports the library's.
  if (api.cublasGetVersion_v2(nullptr, &version) == CUBLAS_STATUS_SUCCESS) EXPECT_GT(version, 0);
}

TEST(Products, IntegerKernelCompilesForEveryDtype) {
  for (DType t : {DType::Bool, DType::Int8, DType::UInt8, DType::Int16, DType::UInt16, DType::Int32,
                  DType::UInt32, DType::Int64, DType::UInt64}) {
    const std::string src = integer_matmul_source(t);
    try {
      CompileResult r = compile(src, integer_matmul_kernel_name(t), 90);
      EXPECT_FALSE(r.image.empty()) << name(t);
    } catch (const CompileError& e) {
      ADD_FAILURE() << name(t) << ": " << e.log << "\n" << numbered_source(src);
    }
  }
  EXPECT_THROW(integer_matmul_source(DType::Float32), TypeError);
}

TEST(Products, ZeroDimOperandsAreRejected) {
  NDArray s = fake(DType::Float32, {}), v = fake(DType::Float32, {3});
  EXPECT_EQ(error_of([&] { matmul(s, v); }),
            "matmul: Input operand 0 does not have enough dimensions (has 0, gufunc core with "
            "signature (n?,k),(k,m?)->(n?,m?) requires 1)");
  EXPECT_THROW(matmul(v, s), ValueError);
}

TEST(Products, CoreMismatchMessagesMatchNumPy) {
  NDArray a = fake(DType::Float64, {2, 3}), b = fake(DType::Float64, {2, 2});
  EXPECT_EQ(error_of([&] { matmul(a, b); }),
            "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
            "signature (n?,k),(k,m?)->(n?,m?) (size 2 is different from 3)");
  NDArray x = fake(DType::Float64, {2, 3, 4}), y = fake(DType::Float64, {3, 4, 5});
  EXPECT_EQ(error_of([&] { matmul(x, y); }),
            "operands could not be broadcast together with remapped shapes [original->remapped]: "
            "(2,3,4)->(2,newaxis,newaxis) (3,4,5)->(3,newaxis,newaxis)  and requested shape (3,5)");
  NDArray c = fake(DType::Float64, {3, 2}), out = fake(DType::Float64, {3, 3});
  EXPECT_EQ(error_of([&] { matmul(a, c, &out); }),
            "matmul: Output operand 0 has a mismatch in its core dimension 0, with gufunc "
            "signature (n?,k),(k,m?)->(n?,m?) (size 3 is different from 2)");
}

TEST(Products, CastingRules) {
  NDArray a = fake(DType::Float64, {2, 3}), b = fake(DType::Float64, {3, 2});
  NDArray iout = fake(DType::Int64, {2, 2});
  EXPECT_EQ(error_of([&] { matmul(a, b, &iout); }),
            "Cannot cast ufunc 'matmul' output from dtype('float64') to dtype('int64') with "
            "casting rule 'same_kind'");
  EXPECT_EQ(error_of([&] { matmul(a, b, nullptr, DType::Int32); }),
            "Cannot cast ufunc 'matmul' input 0 from dtype('float64') to dtype('int32') with "
            "casting rule 'same_kind'");
  EXPECT_EQ(matmul_result_type(DType::Int8, DType::UInt8), DType::Int16);
  EXPECT_EQ(matmul_result_type(DType::Bool, DType::Bool), DType::Bool);
  EXPECT_EQ(matmul_result_type(DType::Float16, DType::Int8), DType::Float16);
}

TEST(Products, InplaceNeedsTwoDimensionalRight) {
  NDArray a = fake(DType::Float64, {2, 3}), v = fake(DType::Float64, {3});
  EXPECT_EQ(error_of([&] { matmul_inplace(a, v); }),
            "inplace matrix multiplication requires the first operand to have at least one and "
            "the second at least two dimensions.");
  NDArray b = fake(DType::Float64, {4, 3, 3});
  EXPECT_THROW(matmul_inplace(a, b), ValueError);
}

TEST(Products, BatchRunsCollapseUniformStrides) {
  // Contiguous (4, 5) batch: one run of 20.
  NDArray a = fake(DType::Float32, {4, 5, 2, 3}), b = fake(DType::Float32, {4, 5, 3, 2});
  NDArray c = fake(DType::Float32, {4, 5, 2, 2});
  std::vector<linalg::BatchRun> runs;
  linalg::for_each_batch_run(a, b, c, [&](const linalg::BatchRun& r) { runs.push_back(r); });
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].count, 20);
  EXPECT_EQ(runs[0].stride[0], 6 * 4);
  EXPECT_EQ(runs[0].stride[2], 4 * 4);

  // b broadcast along the outer batch axis only: strides (0, 24) do not collapse -> 4 runs of 5.
  NDArray bb = fake(DType::Float32, {4, 5, 3, 2}, {0, 24, 8, 4});
  runs.clear();
  linalg::for_each_batch_run(a, bb, c, [&](const linalg::BatchRun& r) { runs.push_back(r); });
  ASSERT_EQ(runs.size(), 4u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(runs[i].count, 5);
    EXPECT_EQ(runs[i].offset[0], i * 5 * 24);
    EXPECT_EQ(runs[i].offset[1], 0);
    EXPECT_EQ(runs[i].offset[2], i * 5 * 16);
    EXPECT_EQ(runs[i].stride[1], 24);
  }

  // Fully broadcast b (stride 0 everywhere) collapses: one run with stride 0.
  NDArray b0 = fake(DType::Float32, {4, 5, 3, 2}, {0, 0, 8, 4});
  runs.clear();
  linalg::for_each_batch_run(a, b0, c, [&](const linalg::BatchRun& r) { runs.push_back(r); });
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].count, 20);
  EXPECT_EQ(runs[0].stride[1], 0);

  // No batch: one run of one.
  NDArray m = fake(DType::Float32, {2, 3}), n = fake(DType::Float32, {3, 2}),
          o = fake(DType::Float32, {2, 2});
  runs.clear();
  linalg::for_each_batch_run(m, n, o, [&](const linalg::BatchRun& r) { runs.push_back(r); });
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].count, 1);
}

TEST(Products, Tf32SwitchDefaultsOff) {
  if (!config().allow_tf32) EXPECT_FALSE(allow_tf32());
  bool before = allow_tf32();
  set_allow_tf32(true);
  EXPECT_TRUE(allow_tf32());
  set_allow_tf32(before);
}
