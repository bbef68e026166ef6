// tests/cpp/sorting/test_select_engine.cpp -- the selection engine: every kernel shape compiles with
// NVRTC (no GPU needed); on a GPU, select_kth and select_classes agree with std::nth_element.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "cunp/cunp.hpp"
#include "cunp/ops/sorting/selection.hpp"

using namespace cunp;

TEST(SelectEngine, EveryShapeCompiles) {
  try {
    nvrtc_version();
  } catch (const CudaError&) {
    GTEST_SKIP() << "NVRTC is not available";
  }
  for (int width : {1, 2, 4, 8})
    for (int slots : {1, 4, 8, 32}) {
      const int digit_bits = slots <= 4 ? 11 : 8;
      SCOPED_TRACE("width " + std::to_string(width) + " slots " + std::to_string(slots));
      try {
        CompileResult r = compile(select_source(width, slots, digit_bits), "cunp_select", 90);
        EXPECT_FALSE(r.image.empty());
      } catch (const CompileError& e) {
        ADD_FAILURE() << e.log.substr(0, 4000);
      }
    }
}

namespace {

// NumPy's order of floats: NaNs last.
bool numpy_less(float a, float b) { return std::isnan(b) ? !std::isnan(a) : a < b; }

std::vector<float> random_floats(std::size_t n) {
  std::mt19937 gen(7);
  std::normal_distribution<float> normal;
  std::vector<float> v(n);
  for (auto& x : v) x = normal(gen);
  for (std::size_t i = 0; i < n; i += 97) v[i] = std::numeric_limits<float>::quiet_NaN();
  for (std::size_t i = 5; i < n; i += 101) v[i] = -0.0f;
  for (std::size_t i = 9; i < n; i += 103) v[i] = 0.0f;
  return v;
}

bool same(float a, float b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

}  // namespace

TEST(SelectEngineGpu, MatchesNthElement) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  for (std::size_t n : {std::size_t{1}, std::size_t{3}, std::size_t{1000}, std::size_t{1} << 20,
                        (std::size_t{1} << 20) + 3}) {
    SCOPED_TRACE("n " + std::to_string(n));
    std::vector<float> v = random_floats(n);
    std::vector<float> sorted = v;
    std::sort(sorted.begin(), sorted.end(), numpy_less);
    std::vector<int64_t> ks = {0, static_cast<int64_t>(n / 2), static_cast<int64_t>(n - 1),
                               static_cast<int64_t>((n - 1) / 3)};
    NDArray x = from_host(v.data(), DType::Float32, Dims{static_cast<int64_t>(n)}, Order::C);
    std::vector<float> got(ks.size());
    to_host(select_kth(x, ks), got.data(), Order::C);
    for (std::size_t j = 0; j < ks.size(); ++j)
      EXPECT_TRUE(same(got[j], sorted[ks[j]])) << "rank " << ks[j] << ": " << got[j];

    // Partition classes: ordering by class puts every selected rank in place.
    std::vector<uint8_t> classes(n);
    to_host(select_classes(x, ks), classes.data(), Order::C);
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return classes[a] < classes[b]; });
    for (int64_t k : ks) EXPECT_TRUE(same(v[order[k]], sorted[k])) << "rank " << k;
  }
}

TEST(SelectEngineGpu, IntegersAndManyRanks) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  std::mt19937 gen(3);
  std::uniform_int_distribution<int> dist(-100, 100);
  std::vector<int16_t> v(300001);
  for (auto& x : v) x = static_cast<int16_t>(dist(gen));
  std::vector<int16_t> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int64_t> ks;
  for (int j = 0; j < 32; ++j) ks.push_back(static_cast<int64_t>(j * 9371 % v.size()));
  NDArray x = from_host(v.data(), DType::Int16, Dims{static_cast<int64_t>(v.size())}, Order::C);
  std::vector<int16_t> got(ks.size());
  to_host(select_kth(x, ks), got.data(), Order::C);
  for (std::size_t j = 0; j < ks.size(); ++j) EXPECT_EQ(got[j], sorted[ks[j]]) << ks[j];
}

TEST(SelectEngine, RejectsBadRanks) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  std::vector<float> v(10, 1.0f);
  NDArray x = from_host(v.data(), DType::Float32, Dims{10}, Order::C);
  EXPECT_THROW(select_kth(x, {10}), ValueError);
  EXPECT_THROW(select_kth(x, {}), ValueError);
  EXPECT_THROW(select_kth(x, std::vector<int64_t>(33, 0)), ValueError);
}
