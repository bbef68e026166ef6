// tests/cpp/scan/test_lookback.cpp -- the decoupled look-back of the device core (cunp_lookback.cuh)
// serves any value type and associative op: each packing compiles with NVRTC (no GPU needed),
// and the host sizes the status as the device lays it out.
#include <gtest/gtest.h>

#include "cunp/cunp.hpp"
#include "ops/scan/lookback_status.hpp"

using namespace cunp;

namespace {

// A single-pass exclusive scan of one value per block, tiles in ticket order, for a value type
// and op written in `types`; PACK as the host chooses it for the value's size.
std::string lookback_kernel(const std::string& types, int value_bytes) {
  return device_header() + device_part("cunp_lookback") + types +
         "static_assert(sizeof(value) == " + std::to_string(value_bytes) + ", \"value size\");\n" +
         "constexpr int kPack = " + std::to_string(detail::lookback_packing(value_bytes)) + ";\n" +
         R"(
extern "C" __global__ void __launch_bounds__(32) scan_tiles(unsigned long long* ticket,
                                                           unsigned long long* words,
                                                           long long tiles, const value* in,
                                                           value* out) {
  __shared__ long long s_tile;
  if (threadIdx.x == 0) s_tile = static_cast<long long>(atomicAdd(ticket, 1ull));
  __syncthreads();
  const long long tile = s_tile;
  const cunp::lookback_status<value, kPack> status{words, tiles};
  const int lane = threadIdx.x & 31;
  if (tile == 0) {
    if (lane == 0) status.publish(tile, 2, in[0]);
    return;
  }
  const value ex = cunp::lookback_exclusive_prefix(status, tile, 0, in[tile], lane, combine());
  if (lane == 0) out[tile] = ex;
}
)";
}

void expect_compiles(const std::string& src) {
  try {
    EXPECT_FALSE(compile(src, "scan_tiles", 90).image.empty());
  } catch (const CompileError& e) {
    ADD_FAILURE() << e.what() << "\n" << numbered_source(src);
  }
}

}  // namespace

TEST(LookbackCodegen, EveryPackingCompiles) {
  // One 8-byte word per tile.
  expect_compiles(lookback_kernel(R"(
typedef int value;
struct combine {
  __device__ int operator()(int a, int b) const { return a + b; }
};
)",
                                  4));
  // One 16-byte word per tile, an op that is not a sum.
  expect_compiles(lookback_kernel(R"(
typedef double value;
struct combine {
  __device__ double operator()(double a, double b) const { return a > b ? a : b; }
};
)",
                                  8));
  // Flags apart from the values: a struct of three words (count, sum, largest).
  expect_compiles(lookback_kernel(R"(
struct value {
  long long count;
  double sum, largest;
};
struct combine {
  __device__ value operator()(value a, value b) const {
    return {a.count + b.count, a.sum + b.sum, a.largest > b.largest ? a.largest : b.largest};
  }
};
)",
                                  24));
}

TEST(LookbackStatus, WordsFollowThePacking) {
  EXPECT_EQ(detail::lookback_packing(1), 1);
  EXPECT_EQ(detail::lookback_packing(4), 1);
  EXPECT_EQ(detail::lookback_packing(8), 2);
  EXPECT_EQ(detail::lookback_packing(16), 0);
  // Flag and value in one word: all of it starts cleared.
  EXPECT_EQ(detail::lookback_words(4, 10).words, 10);
  EXPECT_EQ(detail::lookback_words(4, 10).clear_words, 10);
  EXPECT_EQ(detail::lookback_words(8, 10).words, 20);
  EXPECT_EQ(detail::lookback_words(8, 10).clear_words, 20);
  // Flags two per word, then an aggregate and an inclusive prefix per tile.
  EXPECT_EQ(detail::lookback_words(24, 11).clear_words, 6);
  EXPECT_EQ(detail::lookback_words(24, 11).words, 6 + 2 * 11 * 3);
}
