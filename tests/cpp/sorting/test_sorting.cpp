// tests/cpp/sorting/test_sorting.cpp -- the sort codecs' order on the host (every real dtype's keys
// ordered as NumPy sorts, NaNs last, -0.0 tied with 0.0 or just below it, decoding exact), the
// complex order, the argument errors, the prebuilt kernels' presence in the fatbin, and on a
// GPU sort, argsort, searchsorted and unique against the host.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "cunp/cunp.hpp"
#include "cunp/ops/sorting/sorting.hpp"
#include "kernels/prebuilt.hpp"
#include "device/sorting/sort_codec.cuh"

using namespace cunp;
using namespace cunp::sort_kernel;

namespace {

constexpr float kInfF = std::numeric_limits<float>::infinity();
constexpr double kInfD = std::numeric_limits<double>::infinity();

template <class Bits> std::vector<Bits> encoded(const std::vector<Bits>& bits, int codec) {
  std::vector<Bits> keys;
  for (Bits b : bits) keys.push_back(encode(b, codec));
  return keys;
}

// `bits` lists values in NumPy's sort order; `ties[i]` says value i equals value i + 1.
template <class Bits>
void expect_order(const std::vector<Bits>& bits, const std::vector<bool>& ties) {
  const std::vector<Bits> exact = encoded(bits, kFloat), tied = encoded(bits, kFloatTies);
  for (std::size_t i = 0; i + 1 < bits.size(); ++i) {
    SCOPED_TRACE("item " + std::to_string(i));
    EXPECT_LT(exact[i], exact[i + 1]) << "the one-to-one codec orders distinct bits strictly";
    if (ties[i]) {
      EXPECT_EQ(tied[i], tied[i + 1]);
    } else {
      EXPECT_LT(tied[i], tied[i + 1]);
    }
  }
  for (Bits b : bits) EXPECT_EQ(decode(encode(b, kFloat), kFloat), b);
}

std::vector<uint32_t> float_bits(const std::vector<float>& v) {
  std::vector<uint32_t> out;
  for (float f : v) out.push_back(std::bit_cast<uint32_t>(f));
  return out;
}

}  // namespace

TEST(SortCodec, Float32InNumPyOrder) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<uint32_t> bits = float_bits(
      {-kInfF, -3.4e38f, -1.0f, -1e-45f, -0.0f, 0.0f, 1e-45f, 1.0f, 3.4e38f, kInfF, nan});
  bits.push_back(0x7fc00001u);  // NaN with a payload
  bits.push_back(0xffffffffu);  // negative NaNs, above the positive ones in the one-to-one
  bits.push_back(0xffc00000u);  // codec (in reverse bit order, as negatives go)
  //                               -inf   -max   -1     -tiny  -0    0      tiny   1      max    inf    nan   nan   -nan
  expect_order<uint32_t>(bits, {false, false, false, false, true, false, false, false, false, false,
                                true, true, true});
}

TEST(SortCodec, Float64InNumPyOrder) {
  std::vector<uint64_t> bits;
  for (double d : {-kInfD, -1e308, -1.0, -5e-324, -0.0, 0.0, 5e-324, 1.0, 1e308, kInfD})
    bits.push_back(std::bit_cast<uint64_t>(d));
  bits.push_back(0x7ff8000000000000ull);  // NaN
  bits.push_back(0xfff8000000000000ull);  // -NaN
  expect_order<uint64_t>(bits, {false, false, false, false, true, false, false, false, false, false,
                                true});
}

TEST(SortCodec, Float16InNumPyOrder) {
  // -inf, -65504, -1, -min subnormal, -0, 0, min subnormal, 1, 65504, inf, NaN, NaN, -NaN
  const std::vector<uint16_t> bits = {0xfc00, 0xfbff, 0xbc00, 0x8001, 0x8000, 0x0000, 0x0001,
                                      0x3c00, 0x7bff, 0x7c00, 0x7c01, 0x7e00, 0xfe00};
  expect_order<uint16_t>(bits, {false, false, false, false, true, false, false, false, false, false,
                                true, true});
}

TEST(SortCodec, DecodingInvertsEveryFloat16AndRandomWiderFloats) {
  for (uint32_t b = 0; b <= 0xffff; ++b) {
    const auto h = static_cast<uint16_t>(b);
    ASSERT_EQ(decode(encode(h, kFloat), kFloat), h) << std::hex << b;
  }
  std::mt19937_64 rng(3);
  for (int k = 0; k < 100000; ++k) {
    const uint64_t d = rng();
    const auto f = static_cast<uint32_t>(d);
    ASSERT_EQ(decode(encode(d, kFloat), kFloat), d);
    ASSERT_EQ(decode(encode(f, kFloat), kFloat), f);
  }
}

template <class Bits> void expect_extreme_keys() {
  using namespace cunp::sort_kernel;
  EXPECT_EQ(encode(float_lowest_bits<Bits>(), kFloat), Bits(0));
  EXPECT_EQ(encode(float_highest_bits<Bits>(), kFloat), Bits(~Bits(0)));
  EXPECT_EQ(decode(Bits(0), kFloat), float_lowest_bits<Bits>());
  EXPECT_EQ(decode(Bits(~Bits(0)), kFloat), float_highest_bits<Bits>());
}

TEST(SortCodec, ExtremeKeysOfTheRadixPasses) {
  // CUB pads partial tiles with the bits of the largest key (NumericTraits::MAX_KEY in
  // sort.cu): they must encode to all ones, -inf to zero.
  expect_extreme_keys<unsigned short>();
  expect_extreme_keys<unsigned int>();
  expect_extreme_keys<unsigned long long>();
  EXPECT_EQ(cunp::sort_kernel::float_lowest_bits<unsigned int>(), 0xff800000u);  // -inf
}

TEST(SortCodec, KeysOfRandomFloatsSortAsTheHostCompares) {
  // NumPy's order: a < b, NaNs after everything.
  auto numpy_less = [](float a, float b) { return std::isnan(b) ? !std::isnan(a) : a < b; };
  std::mt19937 rng(5);
  std::vector<float> v(4000);
  for (float& f : v) f = std::bit_cast<float>(static_cast<uint32_t>(rng()));
  for (int k = 0; k < 40; ++k) v[rng() % v.size()] = (k % 2 ? -0.0f : 0.0f);
  for (std::size_t i = 0; i < v.size(); ++i) {
    const float a = v[i], b = v[(i * 7919 + 1) % v.size()];
    const uint32_t ka = encode(std::bit_cast<uint32_t>(a), kFloatTies);
    const uint32_t kb = encode(std::bit_cast<uint32_t>(b), kFloatTies);
    EXPECT_EQ(ka < kb, numpy_less(a, b)) << a << " " << b;
    EXPECT_EQ(ka == kb, !numpy_less(a, b) && !numpy_less(b, a)) << a << " " << b;
  }
}

TEST(SortCodec, SignedIntegersFlipTheSignBitAndUnsignedKeepTheirBits) {
  const std::vector<int8_t> i8 = {-128, -1, 0, 1, 127};
  for (std::size_t i = 0; i + 1 < i8.size(); ++i)
    EXPECT_LT(encode(static_cast<uint8_t>(i8[i]), kSigned),
              encode(static_cast<uint8_t>(i8[i + 1]), kSigned));
  const std::vector<int64_t> i64 = {INT64_MIN, -1, 0, 1, INT64_MAX};
  for (std::size_t i = 0; i + 1 < i64.size(); ++i)
    EXPECT_LT(encode(static_cast<uint64_t>(i64[i]), kSigned),
              encode(static_cast<uint64_t>(i64[i + 1]), kSigned));
  const std::vector<int16_t> i16 = {INT16_MIN, -300, 0, 300, INT16_MAX};
  for (std::size_t i = 0; i + 1 < i16.size(); ++i)
    EXPECT_LT(encode(static_cast<uint16_t>(i16[i]), kSigned),
              encode(static_cast<uint16_t>(i16[i + 1]), kSigned));
  const std::vector<int32_t> i32 = {INT32_MIN, -70000, 0, 70000, INT32_MAX};
  for (std::size_t i = 0; i + 1 < i32.size(); ++i)
    EXPECT_LT(encode(static_cast<uint32_t>(i32[i]), kSigned),
              encode(static_cast<uint32_t>(i32[i + 1]), kSigned));
  for (uint32_t u : {0u, 1u, 0x80000000u, 0xffffffffu}) {
    EXPECT_EQ(encode(u, kUnsigned), u);
    EXPECT_EQ(decode(encode(u, kSigned), kSigned), u);
  }
  EXPECT_EQ(encode(uint8_t{1}, kUnsigned), 1);  // bool
}

TEST(SortCodec, ComplexNumbersInNumPyOrder) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  auto z = [](float re, float im) {
    return ComplexBits<uint32_t>{std::bit_cast<uint32_t>(re), std::bit_cast<uint32_t>(im)};
  };
  // By real, then imaginary; then imaginary NaNs by real; real NaNs by imaginary; both NaN.
  const std::vector<ComplexBits<uint32_t>> order = {z(-kInfF, 0), z(-1, -kInfF), z(-1, 2),
                                                    z(0, -1),     z(0, kInfF),   z(kInfF, -5),
                                                    z(-3, nan),   z(4, nan),     z(nan, -2),
                                                    z(nan, 7),    z(nan, nan)};
  for (std::size_t i = 0; i < order.size(); ++i)
    for (std::size_t j = 0; j < order.size(); ++j)
      EXPECT_EQ(complex_less(order[i], order[j]), i < j) << i << " " << j;
  EXPECT_FALSE(complex_less(z(-0.0f, 1), z(0.0f, 1)));
  EXPECT_FALSE(complex_less(z(0.0f, 1), z(-0.0f, 1)));
  EXPECT_FALSE(complex_less(z(nan, nan), z(-nan, nan)));
  EXPECT_EQ(complex_class(z(1, 2)), 0);
  EXPECT_EQ(complex_class(z(1, nan)), 1);
  EXPECT_EQ(complex_class(z(nan, 2)), 2);
  EXPECT_EQ(complex_class(z(nan, nan)), 3);
}

TEST(SortParams, TilesMatchCubsSm90Tuning) {
  EXPECT_EQ(onesweep_tile(4, false), 384 * 20);
  EXPECT_EQ(onesweep_tile(4, true), 384 * 23);  // 32-bit positions with the keys
  EXPECT_EQ(onesweep_tile(1, false), 512 * 19);
  EXPECT_EQ(onesweep_tile(1, true), 512 * 17);
  EXPECT_EQ(onesweep_tile(8, true), 384 * 15);
  for (int w : {1, 2, 4, 8})
    for (bool pairs : {false, true}) {
      EXPECT_EQ(onesweep_portion(w, pairs) % onesweep_tile(w, pairs), 0);
      EXPECT_LT(onesweep_portion(w, pairs), 1 << 28);
    }
  EXPECT_EQ(block_sort_tile(kBlockTiles - 1), 4096);
}

TEST(SortArgs, KindAndSideAsNumPyParsesThem) {
  EXPECT_EQ(sort_kind_from_string("quicksort"), SortKind::Quick);
  EXPECT_EQ(sort_kind_from_string("Q"), SortKind::Quick);
  EXPECT_EQ(sort_kind_from_string("mergesort"), SortKind::Merge);
  EXPECT_EQ(sort_kind_from_string("heapsort"), SortKind::Heap);
  EXPECT_EQ(sort_kind_from_string("stable"), SortKind::Stable);
  EXPECT_EQ(sort_kind_from_string("S"), SortKind::Stable);
  try {
    sort_kind_from_string("foo");
    ADD_FAILURE() << "no error";
  } catch (const ValueError& e) {
    EXPECT_STREQ(e.what(), "sort kind must be one of 'quick', 'heap', or 'stable' (got 'foo')");
  }
  EXPECT_FALSE(search_side_right("left"));
  EXPECT_TRUE(search_side_right("right"));
  EXPECT_THROW(search_side_right("L"), ValueError);
}

TEST(Prebuilt, FatbinHoldsTheSortKernels) {
  const std::span<const unsigned char> fb = prebuilt_fatbin();
  const std::string_view bytes(reinterpret_cast<const char*>(fb.data()), fb.size());
  for (const char* name :
       {"cunp_sort_histogram_1", "cunp_sort_histogram_8", "cunp_sort_exclusive_sum",
        "cunp_sort_onesweep_keys_4", "cunp_sort_onesweep_pairs_8", "cunp_sort_block_keys_4_1",
        "cunp_sort_block_pairs_2_2", "cunp_sort_keys_1", "cunp_sort_histogram_f4",
        "cunp_sort_onesweep_keys_i8", "cunp_sort_finish", "cunp_sort_search_4",
        "cunp_sort_search_c16", "cunp_sort_run_starts", "cunp_sort_run_counts",
        "cunp_sort_run_inverse"})
    EXPECT_NE(bytes.find(name), std::string_view::npos) << name;
}

// --- on a GPU ----------------------------------------------------------------------------

namespace {

bool sort_gpu_ready() {
  return cuda_available() && compute_capability(0) >= 80 && !config().disable_prebuilt;
}

template <class T> NDArray device_array(const std::vector<T>& v, DType t, const Dims& shape) {
  return from_host(v.data(), t, shape, Order::C);
}
template <class T> std::vector<T> host_vector(const NDArray& a) {
  std::vector<T> v(a.size());
  to_host(a, v.data(), Order::C);
  return v;
}

bool numpy_less(float a, float b) { return std::isnan(b) ? !std::isnan(a) : a < b; }

std::vector<float> random_floats(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> small(-50, 50);
  std::vector<float> v(n);
  for (float& f : v) {
    const int k = small(rng);
    f = k == 50 ? std::numeric_limits<float>::quiet_NaN() : k == 49 ? -0.0f : k * 0.5f;
  }
  return v;
}

std::vector<int64_t> stable_argsort(const std::vector<float>& v, std::size_t begin,
                                    std::size_t end) {
  std::vector<int64_t> idx(end - begin);
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(),
                   [&](int64_t a, int64_t b) { return numpy_less(v[begin + a], v[begin + b]); });
  return idx;
}

}  // namespace

TEST(SortingGpu, ArgsortIsStableAcrossPathsAndRowLengths) {
  if (!sort_gpu_ready()) GTEST_SKIP() << "no GPU with the prebuilt kernels";
  // Row lengths for each path: one block (three tile classes), tiny rows in bulk, long rows.
  for (auto [rows, len] : std::vector<std::pair<int64_t, int64_t>>{
           {1, 5}, {3, 200}, {7, 1000}, {2, 4096}, {40000, 8}, {3, 5000}, {1, 300000}}) {
    SCOPED_TRACE(std::to_string(rows) + " x " + std::to_string(len));
    const std::vector<float> v = random_floats(rows * len, static_cast<unsigned>(rows + len));
    const NDArray x = device_array(v, DType::Float32, Dims{rows, len});
    const std::vector<int64_t> got = host_vector<int64_t>(argsort(x, -1));
    const std::vector<float> sorted = host_vector<float>(sort(x, -1));
    for (int64_t r = 0; r < rows; ++r) {
      const std::vector<int64_t> want = stable_argsort(v, r * len, (r + 1) * len);
      for (int64_t i = 0; i < len; ++i) {
        ASSERT_EQ(got[r * len + i], want[i]) << "row " << r << " item " << i;
        const float a = sorted[r * len + i], b = v[r * len + want[i]];
        ASSERT_TRUE(a == b || (std::isnan(a) && std::isnan(b))) << "row " << r << " item " << i;
      }
    }
  }
}

TEST(SortingGpu, SearchsortedAndUniqueAgreeWithTheHost) {
  if (!sort_gpu_ready()) GTEST_SKIP() << "no GPU with the prebuilt kernels";
  const std::vector<int32_t> a = {1, 2, 2, 2, 5, 9};
  const std::vector<int32_t> v = {0, 2, 3, 9, 10};
  const NDArray da = device_array(a, DType::Int32, Dims{6});
  const NDArray dv = device_array(v, DType::Int32, Dims{5});
  EXPECT_EQ(host_vector<int64_t>(searchsorted(da, dv, false)),
            (std::vector<int64_t>{0, 1, 4, 5, 6}));
  EXPECT_EQ(host_vector<int64_t>(searchsorted(da, dv, true)),
            (std::vector<int64_t>{0, 4, 4, 6, 6}));
  const std::vector<int32_t> x = {3, 1, 3, 2, 1, 3};
  const UniqueResult u = unique(device_array(x, DType::Int32, Dims{2, 3}), true, true, true);
  EXPECT_EQ(host_vector<int32_t>(u.values), (std::vector<int32_t>{1, 2, 3}));
  EXPECT_EQ(host_vector<int64_t>(u.index), (std::vector<int64_t>{1, 3, 0}));
  EXPECT_EQ(host_vector<int64_t>(u.inverse), (std::vector<int64_t>{2, 0, 2, 1, 0, 2}));
  EXPECT_EQ(u.inverse.shape(), (Dims{2, 3}));
  EXPECT_EQ(host_vector<int64_t>(u.counts), (std::vector<int64_t>{2, 1, 3}));
}
