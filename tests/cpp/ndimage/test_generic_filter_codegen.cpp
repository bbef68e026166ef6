// tests/cpp/ndimage/test_generic_filter_codegen.cpp -- generic_filter's and generic_filter1d's
// kernels around users' code (CuPy's RawKernel and ReductionKernel forms) compile with NVRTC
// for a sample of dtypes and ranks, and one op is kept per distinct code.
#include <gtest/gtest.h>

#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/ndimage/generic_filter.hpp"
#include "cunp/runtime/error.hpp"
#include "support/expect_compiles.hpp"

using namespace cunp;
using cunp::test_support::expect_compiles;

namespace {

KernelSignature filter_signature(DType in, DType out, int ndim) {
  KernelSignature sig;
  sig.inputs = {in, DType::Int64, DType::Float64};
  sig.outputs = {out};
  sig.scalars = {DType::Int64, DType::Int32, DType::Float64};
  sig.raw_ndim = {ndim, 1, 1, 1};
  sig.raw_contiguous = {ndim != 2, true, true, true};
  return sig;
}

const NdiUserFunction kRange{
    "extern \"C\" __global__ void value_range(double* v, int n, double* r) {\n"
    "  double lo = v[0], hi = v[0];\n"
    "  for (int k = 1; k < n; ++k) { lo = v[k] < lo ? v[k] : lo; hi = v[k] > hi ? v[k] : hi; }\n"
    "  *r = hi - lo;\n}\n",
    "value_range",
    {}};

const NdiUserFunction kShift{
    "__global__ void shift_sum(double* in, ptrdiff_t ni, double* out, ptrdiff_t no) {\n"
    "  for (ptrdiff_t k = 0; k < no; ++k) out[k] = in[k] + in[k + ni - no];\n}\n",
    "shift_sum",
    {}};

TEST(NdimageGenericFilter, RawKernelFormCompiles) {
  for (long long taps : {9LL, 100LL, 4096LL}) {
    for (int ndim : {1, 2, 3}) {
      for (DType t : {DType::Float32, DType::Float64, DType::UInt8, DType::Int64}) {
        expect_compiles(generic_filter_op(kRange, taps), filter_signature(t, t, ndim),
                        "raw taps " + std::to_string(taps) + " " + info(t).name);
      }
    }
  }
  EXPECT_THROW(generic_filter_op(kRange, kStencilMaxRankTaps + 1), ValueError);
  EXPECT_EQ(&generic_filter_op(kRange, 9), &generic_filter_op(kRange, 20));  // one op per code
}

TEST(NdimageGenericFilter, ReductionFormCompiles) {
  const NdiUserReduction sum_of_squares{"x",     "T", "y", "T", "x * x", "a + b",
                                        "y = a", "0", "",  "",  {}};
  const NdiUserReduction max_index{"v",       "double", "out",    "Z", "v + _j", "a > b ? a : b",
                                   "out = a", "",       "double", "",  {}};
  for (DType t : {DType::Float32, DType::Float64, DType::Int16, DType::Bool}) {
    expect_compiles(generic_filter_op(sum_of_squares), filter_signature(t, t, 2),
                    std::string("sum of squares ") + info(t).name);
    expect_compiles(generic_filter_op(max_index), filter_signature(t, DType::Float32, 3),
                    std::string("max index ") + info(t).name);
  }
}

TEST(NdimageGenericFilter, LineFormCompiles) {
  for (DType t : {DType::Float32, DType::Float64, DType::Int32}) {
    KernelSignature sig;
    sig.inputs = {t, DType::Float64, DType::Float64, t};
    sig.scalars = {DType::Int64, DType::Int64, DType::Int64,
                   DType::Int64, DType::Int32, DType::Float64};
    sig.raw_ndim = {3, 2, 2, 3};
    sig.raw_contiguous = {false, true, true, false};
    expect_compiles(generic_filter1d_op(kShift), sig, std::string("filter1d ") + info(t).name);
  }
}

}  // namespace
