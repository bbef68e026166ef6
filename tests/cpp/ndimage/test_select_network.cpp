// tests/cpp/ndimage/test_select_network.cpp -- the pruned sorting networks of the rank filters'
// tiles (cunp/ops/ndimage/select_network.hpp) leave the wanted rank's value on its wire for every
// footprint size and a spread of ranks (run on the host over keys with many ties), cost what the
// planner expects, and compile into the tile kernels with NVRTC.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/ndimage/select_network.hpp"
#include "cunp/ops/ndimage/stencil.hpp"
#include "cunp/runtime/error.hpp"

using namespace cunp;

namespace {

// The steps as the device runs them (ndi_net_sort, ndi_net_min, ndi_net_max, moves).
uint32_t run(const std::vector<NetworkStep>& steps, std::vector<uint32_t> w, int rank) {
  for (const NetworkStep& s : steps) {
    uint32_t& a = w[s.a];
    uint32_t& b = w[s.b];
    switch (s.kind) {
      case NetworkStep::Kind::Move: a = b; break;
      case NetworkStep::Kind::Sort: {
        const uint32_t lo = std::min(a, b);
        b = std::max(a, b);
        a = lo;
        break;
      }
      case NetworkStep::Kind::Min: a = std::min(a, b); break;
      case NetworkStep::Kind::Max: b = std::max(a, b); break;
    }
  }
  return w[rank];
}

TEST(NdimageSelectNetwork, SelectsEveryRankOfEverySize) {
  std::mt19937 gen(7);
  for (int taps = 2; taps <= kNetworkMaxTaps; ++taps) {
    std::vector<int> ranks = {0, 1, taps / 2, taps - 1, taps - 2, taps / 3};
    for (int rank : ranks) {
      if (rank < 0 || rank >= taps) continue;
      const std::vector<NetworkStep>& steps = selection_network(taps, rank);
      for (int trial = 0; trial < 20; ++trial) {
        // Ties (a few distinct keys) in half of the trials, the largest key in some.
        std::uniform_int_distribution<uint32_t> key(0, trial % 2 ? 5u : 0xffffffffu);
        std::vector<uint32_t> w(network_wires(taps), 0xdeadbeefu);  // scratch: never read
        for (int k = 0; k < taps; ++k) w[k] = trial % 5 == 0 && k % 7 == 0 ? 0xffffffffu : key(gen);
        std::vector<uint32_t> values(w.begin(), w.begin() + taps);
        std::nth_element(values.begin(), values.begin() + rank, values.end());
        ASSERT_EQ(run(steps, w, rank), values[rank]) << "taps " << taps << " rank " << rank;
      }
    }
  }
}

TEST(NdimageSelectNetwork, CostsAndPlans) {
  EXPECT_EQ(network_wires(25), 32);
  EXPECT_EQ(network_wires(125), 128);
  EXPECT_EQ(network_cost(25, 12), 2 * 89 + 24);
  EXPECT_EQ(network_cost(125, 62), 2 * 1060 + 124);
  EXPECT_THROW(selection_network(kNetworkMaxTaps + 1, 3), ValueError);
  EXPECT_THROW(selection_network(25, 25), ValueError);
  using K = RankPlan::Kind;
  // The 5x5, 7x7, 3x3x3 and 5x5x5 medians take networks in the tiles (32-bit keys).
  for (long long taps : {9LL, 25LL, 27LL, 49LL, 125LL}) {
    const RankPlan p = network_rank_plan(taps, taps / 2, true);
    EXPECT_EQ(p.kind, K::Network) << taps;
    EXPECT_EQ(p.cap, network_wires(static_cast<int>(taps)));
  }
  // 64-bit keys take networks up to 64 taps; past that the register row.
  EXPECT_EQ(network_rank_plan(49, 24, false).kind, K::Network);
  EXPECT_EQ(network_rank_plan(125, 62, false).kind, K::Select);
  EXPECT_EQ(network_rank_plan(343, 171, true).kind, K::Buffer);
  // The elementwise stencil keeps rank_plan's folds.
  EXPECT_EQ(rank_plan(25, 12, true).kind, K::Select);
  EXPECT_EQ(rank_fold_type(network_rank_plan(25, 12, true), 25),
            "cunp::ndi_network_fold<float, 25, 32, ndi_network>");
}

TEST(NdimageSelectNetwork, TileKernelsCompile) {
  struct Case {
    int ndim;
    long long taps, rank;
    bool narrow;
    DType in;
  };
  const Case cases[] = {{2, 9, 4, true, DType::Float32},    {2, 25, 12, true, DType::Float32},
                        {2, 49, 24, false, DType::Float64}, {3, 27, 13, true, DType::UInt8},
                        {3, 125, 62, true, DType::Float32}, {3, 33, 6, true, DType::Int16}};
  for (const Case& c : cases) {
    ASSERT_EQ(network_rank_plan(c.taps, c.rank, c.narrow).kind, RankPlan::Kind::Network)
        << c.taps << " " << c.rank;
    const std::string what = "network tile ndim " + std::to_string(c.ndim) + " taps " +
                             std::to_string(c.taps);
    try {
      EXPECT_FALSE(compile(stencil_tile_source(c.in, c.in, StencilFold::Rank, c.ndim, c.taps,
                                               c.rank, c.narrow),
                           "cunp_ndi_tile", 90)
                       .image.empty())
          << what;
    } catch (const std::exception& e) {
      ADD_FAILURE() << what << ": " << e.what();
    }
  }
}

}  // namespace
