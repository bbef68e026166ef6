// tests/cpp/sparse/test_sparse_lines_codegen.cpp -- the per-line kernels of compressed sparse
// matrices (src/device/sparse/csr_lines.cuh: line sums, take counts and gather, the canonical
// check) compile with NVRTC for the dtypes cunp.scipy.sparse hands them (no GPU needed).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cunp/sparse/lines.hpp"
#include "support/expect_compiles.hpp"

using namespace cunp;

namespace {

// inputs then outputs; every raw one 1-D, strided or not as `contiguous` says.
void expect_compiles(const ElementwiseOp& op, std::vector<DType> inputs, std::vector<DType> outputs,
                     std::vector<DType> scalars, bool contiguous) {
  KernelSignature sig;
  for (DType t : inputs) sig.inputs.push_back(t);
  for (DType t : outputs) sig.outputs.push_back(t);
  for (DType t : scalars) sig.scalars.push_back(t);
  for (std::size_t k = 0; k < inputs.size() + outputs.size(); ++k) {
    sig.raw_ndim.push_back(1);
    sig.raw_contiguous.push_back(contiguous);
  }
  test_support::expect_compiles(op, sig, op.name);
}

constexpr DType I32 = DType::Int32, I64 = DType::Int64, B = DType::Bool;

TEST(SparseLinesCodegen, LineSumsCompileForEverySumDtype) {
  // (data, result): SciPy's sum dtypes, and a dtype= that narrows or widens.
  const std::vector<std::pair<DType, DType>> pairs = {{DType::Float64, DType::Float64},
                                                      {DType::Float32, DType::Float32},
                                                      {DType::Complex64, DType::Complex64},
                                                      {DType::Complex128, DType::Complex128},
                                                      {DType::Int32, I64},
                                                      {DType::UInt8, DType::UInt64},
                                                      {B, I64},
                                                      {DType::Float16, DType::Float16},
                                                      {DType::Int32, DType::Complex128},
                                                      {DType::Complex64, DType::Float32},
                                                      {DType::Int64, DType::Int8}};
  for (auto [data, out] : pairs)
    for (DType ptr : {I32, I64})
      for (bool contiguous : {true, false})
        expect_compiles(sparse_line_sums_op(), {data, ptr}, {out}, {}, contiguous);
}

TEST(SparseLinesCodegen, TakeCompiles) {
  for (DType ptr : {I32, I64}) {
    expect_compiles(sparse_take_counts_op(), {I64, ptr}, {I64}, {I64}, true);
    for (DType data : {DType::Float64, DType::Complex128, B, DType::Int8, DType::Float16})
      for (bool contiguous : {true, false})
        expect_compiles(sparse_take_gather_op(), {I64, I64, ptr, ptr, data}, {ptr, data},
                        {I64, I64}, contiguous);
  }
}

TEST(SparseLinesCodegen, LineCheckCompiles) {
  for (DType data : {DType::Float32, DType::Float64, DType::Complex64, DType::Complex128})
    expect_compiles(sparse_line_check_op(), {I32, I32, data}, {B}, {}, true);
}

}  // namespace
