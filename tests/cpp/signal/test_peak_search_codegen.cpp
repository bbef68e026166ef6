// tests/cpp/signal/test_peak_search_codegen.cpp -- find_peaks' local maxima and the peak tree
// searches compile with NVRTC for the operands peak_search passes: x float32 or float64, strided
// or not; the tree float64; indices int64; properties float64 (all 1-D).
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/signal/peak_search.hpp"
#include "cunp/runtime/error.hpp"
#include "support/expect_compiles.hpp"

using namespace cunp;
using cunp::test_support::expect_compiles;

namespace {

KernelSignature signature(DType x, bool contiguous, std::initializer_list<DType> inputs,
                          std::initializer_list<DType> outputs,
                          std::initializer_list<DType> scalars) {
  KernelSignature sig;
  sig.inputs.push_back(x);
  for (DType d : inputs) sig.inputs.push_back(d);
  for (DType d : outputs) sig.outputs.push_back(d);
  for (DType d : scalars) sig.scalars.push_back(d);
  const std::size_t operands = sig.inputs.size() + sig.outputs.size();
  for (std::size_t k = 0; k < operands; ++k) {
    sig.raw_ndim.push_back(1);
    sig.raw_contiguous.push_back(k > 0 || contiguous);
  }
  return sig;
}

}  // namespace

TEST(PeakSearch, KernelsCompile) {
  const DType f8 = DType::Float64, i8 = DType::Int64;
  for (DType x : {DType::Float32, DType::Float64}) {
    for (bool contiguous : {true, false}) {
      const std::string what = std::string(x == DType::Float32 ? "float32" : "float64") +
                               (contiguous ? "" : " strided");
      expect_compiles(peak_left_edge_op(), signature(x, contiguous, {}, {DType::Bool}, {}),
                      "peak_left_edge " + what);
      expect_compiles(peak_edges_op(), signature(x, contiguous, {i8}, {i8, i8, i8}, {}),
                      "peak_edges " + what);
      expect_compiles(peak_tree_op(), signature(x, contiguous, {}, {f8, f8}, {i8}),
                      "peak_tree " + what);
      expect_compiles(peak_bases_op(), signature(x, contiguous, {f8, f8, i8}, {i8, i8, f8}, {i8}),
                      "peak_bases " + what);
      expect_compiles(peak_width_walk_op(),
                      signature(x, contiguous, {f8, i8, f8, i8, i8}, {f8, f8, f8, f8}, {f8}),
                      "peak_width_walk " + what);
    }
  }
}
