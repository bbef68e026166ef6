// tests/cpp/random/test_random_generator.cpp -- seeding and the C++ Generator: SeedSequence against
// words NumPy's SeedSequence gives, the Philox key of a seed as Python derives it, and on a GPU
// draws with the moments of their distribution.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "cunp/cunp.hpp"

using namespace cunp;
using namespace cunp::random;

TEST(RandomSeeding, SeedSequenceMatchesNumPy) {
  // numpy.random.SeedSequence(12345): .pool and .generate_state(4)
  SeedSequence s(seed_words(12345));
  EXPECT_EQ(s.pool(), (std::vector<uint32_t>{4069775156u, 4251353637u, 4182767765u, 2267058336u}));
  EXPECT_EQ(s.generate_state(4),
            (std::vector<uint32_t>{2688385916u, 3048105090u, 4196366895u, 3152189807u}));
  // numpy.random.SeedSequence(2**100 + 7, spawn_key=(3, 1)).pool
  SeedSequence t({7u, 0u, 0u, 16u}, {3u, 1u});
  EXPECT_EQ(t.pool(), (std::vector<uint32_t>{3659426678u, 4239048520u, 3314153444u, 555985566u}));
  EXPECT_THROW(SeedSequence({1u}, {}, 3), ValueError);
  EXPECT_EQ(seed_words(0), (std::vector<uint32_t>{0u}));
  EXPECT_EQ(seed_words(uint64_t{1} << 32), (std::vector<uint32_t>{0u, 1u}));
}

TEST(RandomSeeding, PhiloxKeyAndCounter) {
  Philox p(42);  // cunp.random.Philox(42)._key
  EXPECT_EQ(p.key(), 11465652750463011511ull);
  EXPECT_EQ(p.reserve(10), (std::pair<uint64_t, uint64_t>{p.key(), 0}));
  EXPECT_EQ(p.reserve(5).second, 10u);
  EXPECT_EQ(p.counter(), 15u);
}

TEST(RandomGeneratorGpu, MomentsAndErrors) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  Generator g(7);
  const int64_t n = 1 << 20;
  NDArray u = g.random(Dims{n}, DType::Float32);
  NDArray z = g.normal(2.0, 3.0, Dims{n});
  std::vector<float> hu(n);
  std::vector<double> hz(n);
  to_host(u, hu.data(), Order::C);
  to_host(z, hz.data(), Order::C);
  double su = 0, sz = 0, sz2 = 0;
  for (int64_t i = 0; i < n; ++i) {
    EXPECT_TRUE(hu[i] >= 0.0f && hu[i] < 1.0f);
    su += hu[i];
    sz += hz[i];
    sz2 += hz[i] * hz[i];
  }
  EXPECT_NEAR(su / n, 0.5, 0.005);
  const double mean = sz / n;
  EXPECT_NEAR(mean, 2.0, 0.02);
  EXPECT_NEAR(std::sqrt(sz2 / n - mean * mean), 3.0, 0.02);
  // Two generators from one seed agree; the counter moved past the draws.
  Generator h(7);
  std::vector<float> again(n);
  to_host(h.random(Dims{n}, DType::Float32), again.data(), Order::C);
  EXPECT_EQ(again, hu);
  EXPECT_GT(g.bit_generator().counter(), 0u);
  EXPECT_THROW(g.normal(0.0, -1.0, Dims{4}), ValueError);
  EXPECT_THROW(g.random(Dims{4}, DType::Int32), TypeError);
}
