// tests/cpp/statistics/test_histogram.cpp -- the histogram engine: every kernel variant compiles with NVRTC
// (no GPU needed); on a GPU, bincount and histogram agree with counts made on the host.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "cunp/cunp.hpp"
#include "cunp/ops/statistics/histogram.hpp"

using namespace cunp;

TEST(HistogramCodegen, EveryVariantCompiles) {
  struct Case {
    BinRule rule;
    BinSum sum;
    DType values, bin_type, weights;
    DType ratio = DType::Float64;
  };
  const std::vector<Case> cases = {
      {BinRule::Index, BinSum::Counts, DType::Int32, DType::Int64, DType::Float64},
      {BinRule::Index, BinSum::Counts, DType::Bool, DType::Int64, DType::Float64},
      {BinRule::Index, BinSum::Real, DType::UInt8, DType::Int64, DType::Float64},
      {BinRule::Index, BinSum::Complex, DType::Int64, DType::Int64, DType::Complex64},
      {BinRule::Equal, BinSum::Counts, DType::Float32, DType::Float32, DType::Float64},
      {BinRule::Equal, BinSum::Counts, DType::Float16, DType::Float16, DType::Float64,
       DType::Float16},
      {BinRule::Equal, BinSum::Counts, DType::Float32, DType::Float32, DType::Float64,
       DType::Float32},
      {BinRule::Equal, BinSum::Integer, DType::Int16, DType::Float64, DType::UInt16},
      {BinRule::Equal, BinSum::Real, DType::Float64, DType::Float64, DType::Float16},
      {BinRule::Equal, BinSum::Complex, DType::UInt64, DType::Float64, DType::Complex128},
      {BinRule::Edges, BinSum::Counts, DType::Int8, DType::Int64, DType::Float64},
      {BinRule::Edges, BinSum::Real, DType::Float16, DType::Float64, DType::Bool},
      {BinRule::Edges, BinSum::Integer, DType::UInt32, DType::UInt32, DType::Int8},
  };
  for (const Case& c : cases) {
    for (bool shared : {true, false}) {
      HistogramSignature sig;
      sig.rule = c.rule;
      sig.sum = c.sum;
      sig.values = c.values;
      sig.bin_type = c.bin_type;
      sig.weights = c.weights;
      sig.ratio = c.ratio;
      sig.shared = shared;
      const std::string label = std::string(name(c.values)) + " rule " +
                                std::to_string(static_cast<int>(c.rule)) + " sum " +
                                std::to_string(static_cast<int>(c.sum)) +
                                (shared ? " shared" : " global");
      try {
        const CompileResult r = compile(histogram_source(sig), "cunp_histogram", 90);
        EXPECT_FALSE(r.image.empty()) << label;
      } catch (const CompileError& e) {
        ADD_FAILURE() << label << ": " << e.log.substr(0, 4000);
      }
    }
  }
}

// --- on a GPU ----------------------------------------------------------------------------

namespace {

template <class T> std::vector<T> host_vector(const NDArray& a) {
  std::vector<T> v(a.size());
  to_host(a, v.data(), Order::C);
  return v;
}

}  // namespace

TEST(HistogramGpu, BincountMatchesTheHostInSharedAndGlobalMemory) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  std::mt19937 rng(7);
  // 300 bins fit shared memory, 200000 do not.
  for (int bins : {300, 200000}) {
    std::uniform_int_distribution<int> pick(0, bins - 1);
    std::vector<int32_t> v(1000003);
    for (int32_t& x : v) x = pick(rng);
    std::vector<int64_t> want(bins, 0);
    for (int32_t x : v) ++want[x];
    const NDArray x = from_host(v.data(), DType::Int32, Dims{static_cast<int64_t>(v.size())},
                                Order::C);
    const std::vector<int64_t> got = host_vector<int64_t>(bincount(x, {}, bins));
    ASSERT_EQ(got, want) << bins << " bins";
  }
}

TEST(HistogramGpu, EqualBinsDropOutsideValuesAndCloseTheLastBin) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  const std::vector<double> v = {-1.0, 0.0, 0.25, 0.5, 0.99, 1.0, 2.0, NAN};
  const std::vector<double> e = {0.0, 0.5, 1.0};
  const NDArray x = from_host(v.data(), DType::Float64, Dims{8}, Order::C);
  const NDArray edges = from_host(e.data(), DType::Float64, Dims{3}, Order::C);
  const EqualBins equal{0.0, 1.0, 1.0, DType::Float64};
  const std::vector<int64_t> want = {2, 3};
  EXPECT_EQ(host_vector<int64_t>(histogram(x, edges, {}, &equal)), want);
  EXPECT_EQ(host_vector<int64_t>(histogram(x, edges)), want);
}
