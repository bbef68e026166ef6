// tests/cpp/random/test_random_host.cpp -- the random device code run on the host: Philox4x32-10 against
// its published known-answer vectors, the samplers' moments, and the permutation bijection.
#include <gtest/gtest.h>
#include <math.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "cunp/random/random.hpp"

// The random library (src/device/random) built as plain C++: the helpers random_intrinsics.cuh
// gives the device, here for the host: CUDA's sincospi (sin and cos of pi * x), the wide multiply
// and the float bit casts.
inline void sincospi(double x, double* s, double* c) {
  const double t = 3.141592653589793238 * x;
  *s = sin(t);
  *c = cos(t);
}

inline void mul_wide_u32(uint32_t a, uint32_t b, uint32_t& hi, uint32_t& lo) {
  const uint64_t p = uint64_t{a} * b;
  hi = static_cast<uint32_t>(p >> 32);
  lo = static_cast<uint32_t>(p);
}

inline int float_bits(float x) {
  int i;
  std::memcpy(&i, &x, sizeof i);
  return i;
}
inline float bits_float(int i) {
  float x;
  std::memcpy(&x, &i, sizeof x);
  return x;
}

// The approximations: exact on the host, except the float64 reciprocal and reciprocal square
// root, made as coarse as the device's (about 2^-22) so that the refinements are tested.
inline float approx_log2f(float x) { return log2f(x); }
inline float approx_sqrtf(float x) { return sqrtf(x); }
inline void approx_sincosf(float x, float& s, float& c) {
  s = sinf(x);
  c = cosf(x);
}
inline double approx_rcp(double x) { return (1.0 / x) * (1.0 + 0x1p-22); }
inline double approx_rsqrt(double x) { return (1.0 / sqrt(x)) * (1.0 - 0x1p-22); }
inline int double_hi(double x) {
  uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return static_cast<int>(b >> 32);
}
inline unsigned double_lo(double x) {
  uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return static_cast<unsigned>(b);
}
inline double words_double(unsigned hi, unsigned lo) {
  const uint64_t b = uint64_t{hi} << 32 | lo;
  double x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}

// The qualifiers: with CUNP_RFN defined, random_intrinsics.cuh leaves its device versions out.
#define CUNP_RFN inline
#define CUNP_RCONST static const
#define CUNP_RTABLE static const
#include "device/random/feistel_permutation.cuh"
#include "device/random/noncentral_samplers.cuh"
#include "device/random/block_samplers.cuh"
#include "device/random/exp_f64.cuh"
#include "device/random/row_samplers.cuh"
#undef CUNP_RFN
#undef CUNP_RCONST
#undef CUNP_RTABLE

using cunp_random::Rng;
using cunp_random::Words;

namespace {

// Random123's known-answer vectors for Philox4x32-10.
struct Kat {
  std::array<uint32_t, 4> ctr;
  std::array<uint32_t, 2> key;
  std::array<uint32_t, 4> out;
};
const Kat kKats[] = {
    {{0, 0, 0, 0}, {0, 0}, {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
    {{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
     {0xffffffff, 0xffffffff},
     {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
    {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
     {0xa4093822, 0x299f31d0},
     {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
};

TEST(RandomHost, PhiloxKnownAnswers) {
  for (const Kat& k : kKats) {
    EXPECT_EQ(cunp::random::philox4x32_10(k.ctr, k.key), k.out);
    Words c{k.ctr[0], k.ctr[1], k.ctr[2], k.ctr[3]};
    Words w = cunp_random::philox4x32_10(c, k.key[0], k.key[1]);
    EXPECT_EQ((std::array<uint32_t, 4>{w.v0, w.v1, w.v2, w.v3}), k.out);
  }
}

TEST(RandomHost, BlockCounterLayout) {
  // block(key, ctr, draw) is Philox of counter words (ctr lo, ctr hi, draw, 0), key (lo, hi).
  const uint64_t key = 0x0123456789abcdefull, ctr = 0xfedcba9876543210ull;
  Words w = cunp_random::block(key, ctr, 7);
  auto ref = cunp::random::philox4x32_10({0x76543210u, 0xfedcba98u, 7u, 0u},
                                         {0x89abcdefu, 0x01234567u});
  EXPECT_EQ((std::array<uint32_t, 4>{w.v0, w.v1, w.v2, w.v3}), ref);
}

template <class F> void moments(F draw, int n, double& mean, double& var) {
  double s = 0, s2 = 0;
  for (int i = 0; i < n; ++i) {
    double x = draw(i);
    s += x;
    s2 += x * x;
  }
  mean = s / n;
  var = s2 / n - mean * mean;
}

// Mean and variance within a few standard errors (variance: loose, 5%).
template <class F>
void check(const char* what, F sampler, double mean, double var, int n = 200000) {
  double m, v;
  moments(
      [&](int i) {
        Rng g(0x5eedull, static_cast<uint64_t>(i));
        return sampler(g);
      },
      n, m, v);
  EXPECT_NEAR(m, mean, 6 * std::sqrt(var / n) + 1e-12) << what;
  EXPECT_NEAR(v, var, 0.05 * var + 1e-12) << what;
}

TEST(RandomHost, ContinuousMoments) {
  check(
      "uniform", [](Rng& g) { return g.uniform(); }, 0.5, 1.0 / 12);
  check(
      "normal", [](Rng& g) { return g.normal(); }, 0.0, 1.0);
  check(
      "exponential", [](Rng& g) { return g.exponential(); }, 1.0, 1.0);
  for (double a : {0.3, 1.0, 2.5, 40.0})
    check(
        "gamma", [a](Rng& g) { return cunp_random::standard_gamma(g, a); }, a, a);
  for (auto ab : {std::pair{0.5, 0.7}, std::pair{2.0, 5.0}}) {
    double a = ab.first, b = ab.second;
    check(
        "beta", [a, b](Rng& g) { return cunp_random::beta(g, a, b); }, a / (a + b),
        a * b / ((a + b) * (a + b) * (a + b + 1)));
  }
  check(
      "chisquare", [](Rng& g) { return cunp_random::chisquare(g, 3.0); }, 3.0, 6.0);
  check(
      "noncentral_chisquare", [](Rng& g) { return cunp_random::noncentral_chisquare(g, 3.0, 2.0); },
      5.0, 2 * (3.0 + 4.0));
  check(
      "noncentral_chisquare df<1",
      [](Rng& g) { return cunp_random::noncentral_chisquare(g, 0.5, 2.0); }, 2.5, 2 * (0.5 + 4.0));
  check(
      "f", [](Rng& g) { return cunp_random::f_dist(g, 5.0, 20.0); }, 20.0 / 18.0,
      2 * 400.0 * 23.0 / (5.0 * 18.0 * 18.0 * 16.0));
  check(
      "standard_t", [](Rng& g) { return cunp_random::standard_t(g, 10.0); }, 0.0, 10.0 / 8.0);
  check(
      "laplace", [](Rng& g) { return cunp_random::laplace(g, 1.0, 2.0); }, 1.0, 8.0);
  check(
      "logistic", [](Rng& g) { return cunp_random::logistic(g, 1.0, 2.0); }, 1.0,
      4.0 * M_PI * M_PI / 3);
  check(
      "gumbel", [](Rng& g) { return cunp_random::gumbel(g, 1.0, 2.0); },
      1.0 + 2.0 * 0.5772156649015329, M_PI * M_PI / 6 * 4.0);
  check(
      "pareto", [](Rng& g) { return cunp_random::pareto(g, 5.0); }, 0.25, 5.0 / (16.0 * 3.0));
  check(
      "power", [](Rng& g) { return cunp_random::power(g, 3.0); }, 0.75, 3.0 / (16.0 * 5.0));
  check(
      "weibull", [](Rng& g) { return cunp_random::weibull(g, 2.0); }, std::tgamma(1.5),
      std::tgamma(2.0) - std::tgamma(1.5) * std::tgamma(1.5));
  check(
      "rayleigh", [](Rng& g) { return cunp_random::rayleigh(g, 2.0); }, 2.0 * std::sqrt(M_PI / 2),
      (4 - M_PI) / 2 * 4.0);
  check(
      "triangular", [](Rng& g) { return cunp_random::triangular(g, 0.0, 1.0, 4.0); }, 5.0 / 3,
      (0 + 1 + 16 - 0 - 0 - 4) / 18.0);
  check(
      "wald", [](Rng& g) { return cunp_random::wald(g, 2.0, 3.0); }, 2.0, 8.0 / 3.0);
  // von Mises(0, kappa): E[cos X] = I1(k)/I0(k); k = 2: 0.697775.
  check(
      "vonmises cos", [](Rng& g) { return std::cos(cunp_random::vonmises(g, 0.0, 2.0)); }, 0.697775,
      0.1632, 100000);
}

TEST(RandomHost, DiscreteMoments) {
  for (auto np : {std::pair<long long, double>{10, 0.3},
                  {40, 0.9},
                  {1000, 0.3},
                  {1000000, 0.01},
                  {123456789, 0.7}}) {
    long long n = np.first;
    double p = np.second;
    check(
        "binomial", [n, p](Rng& g) { return double(cunp_random::binomial(g, n, p)); }, n * p,
        n * p * (1 - p));
  }
  for (double lam : {0.5, 7.0, 10.0, 100.0, 1e6})
    check(
        "poisson", [lam](Rng& g) { return double(cunp_random::poisson(g, lam)); }, lam, lam);
  check(
      "negative_binomial",
      [](Rng& g) { return double(cunp_random::negative_binomial(g, 3.5, 0.4)); }, 3.5 * 0.6 / 0.4,
      3.5 * 0.6 / 0.16);
  for (double p : {0.05, 0.5, 0.9})
    check(
        "geometric", [p](Rng& g) { return double(cunp_random::geometric(g, p)); }, 1 / p,
        (1 - p) / (p * p));
  check(
      "hypergeometric", [](Rng& g) { return double(cunp_random::hypergeometric(g, 30, 70, 20)); },
      6.0, 20 * 0.3 * 0.7 * 80.0 / 99.0);
  check(
      "hypergeometric big sample",
      [](Rng& g) { return double(cunp_random::hypergeometric(g, 30, 70, 90)); }, 27.0,
      90 * 0.3 * 0.7 * 10.0 / 99.0);
  {
    double p = 0.6, r = -1 / std::log(1 - p);
    double mean = r * p / (1 - p), var = -p * (p + std::log(1 - p)) /
                                         ((1 - p) * (1 - p) * std::log(1 - p) * std::log(1 - p));
    check(
        "logseries", [p](Rng& g) { return double(cunp_random::logseries(g, p)); }, mean, var);
  }
  // zipf(a = 6) (finite fourth moment): mean zeta(5)/zeta(6), E[X^2] = zeta(4)/zeta(6).
  {
    double z4 = std::pow(M_PI, 4) / 90, z5 = 1.0369277551433699, z6 = std::pow(M_PI, 6) / 945;
    check(
        "zipf", [](Rng& g) { return double(cunp_random::zipf(g, 6.0)); }, z5 / z6,
        z4 / z6 - (z5 / z6) * (z5 / z6));
  }
}

TEST(RandomHost, EdgeParameters) {
  Rng g(1, 2);
  EXPECT_EQ(cunp_random::binomial(g, 10, 0.0), 0);
  EXPECT_EQ(cunp_random::binomial(g, 10, 1.0), 10);
  EXPECT_EQ(cunp_random::binomial(g, 0, 0.5), 0);
  EXPECT_EQ(cunp_random::poisson(g, 0.0), 0);
  EXPECT_EQ(cunp_random::geometric(g, 1.0), 1);
  EXPECT_EQ(cunp_random::negative_binomial(g, 2.0, 1.0), 0);
  EXPECT_EQ(cunp_random::standard_gamma(g, 0.0), 0.0);
  EXPECT_EQ(cunp_random::weibull(g, 0.0), 0.0);
  EXPECT_EQ(cunp_random::hypergeometric(g, 5, 0, 3), 3);
  EXPECT_EQ(cunp_random::hypergeometric(g, 0, 5, 3), 0);
  EXPECT_EQ(cunp_random::logseries(g, 0.0), 1);
  for (int i = 0; i < 1000; ++i) {
    double u = g.uniform();
    EXPECT_TRUE(u >= 0.0 && u < 1.0);
    EXPECT_LE(g.bounded(6), 6u);
    uint64_t big = g.bounded(0xFFFFFFFFFFull);
    EXPECT_LE(big, 0xFFFFFFFFFFull);
    double b = cunp_random::beta(g, 0.01, 0.01);
    EXPECT_TRUE(b >= 0.0 && b <= 1.0);
  }
  EXPECT_EQ(g.bounded(~0ull) >> 63 <= 1, true);
}

TEST(RandomHost, BlockLanes) {
  double s = 0, s2 = 0;
  const int n = 100000;
  for (int i = 0; i < n; ++i) {
    Words w = cunp_random::block(99, i, 0);
    for (int j = 0; j < 4; ++j) {
      float u = cunp_random::uniform_f32(w, j);
      ASSERT_TRUE(u >= 0.0f && u < 1.0f);
      double z = cunp_random::normal_f32(w, j);
      s += z;
      s2 += z * z;
    }
    for (int j = 0; j < 2; ++j) {
      ASSERT_LT(cunp_random::bounded_small(w, j, 9), 10u);
      double d = cunp_random::uniform_f64(w, j);
      ASSERT_TRUE(d >= 0.0 && d < 1.0);
    }
  }
  EXPECT_NEAR(s / (4.0 * n), 0.0, 0.01);
  EXPECT_NEAR(s2 / (4.0 * n), 1.0, 0.01);
  // bounded_small is uniform over [0, range]: counts of 0..9 within 5%.
  std::vector<int> counts(10);
  for (int i = 0; i < n; ++i) {
    Words w = cunp_random::block(7, i, 0);
    ++counts[cunp_random::bounded_small(w, 0, 9)];
    ++counts[cunp_random::bounded_small(w, 1, 9)];
  }
  for (int c : counts) EXPECT_NEAR(c, 2.0 * n / 10, 0.05 * 2.0 * n / 10);
}

// The float64 normals' log and sine/cosine against long double: a few ulp (log) and a few
// 2^-53 absolute (sine and cosine, whose argument 2 pi k / 2^52 is itself rounded once).
TEST(RandomHost, Float64NormalMathIsAccurate) {
  std::vector<double> xs = {1.0,
                            0x1p-52,
                            0.5,
                            0.75,
                            1.0 - 0x1p-52,
                            0.7071067811865476,
                            0.7071067811865475,
                            0.70710678118654,
                            0.707106781186548,
                            1e-10};
  for (int i = 0; i < 200000; ++i) {
    const Words w = cunp_random::block(11, i, 0);
    xs.push_back(2.0 - words_double(0x3FF00000u | (w.v0 >> 12), w.v1));
    xs.push_back(words_double(0x3CB00000u + (w.v2 % (0x3FF00000u - 0x3CB00000u)), w.v3));
  }
  double worst_log = 0;
  for (double x : xs) {
    if (x > 1.0 || x < 0x1p-52) continue;
    const double got = cunp_random::neg2_log_unit_f64(x);
    const long double ref = -2.0L * logl(static_cast<long double>(x));
    if (ref == 0) {
      ASSERT_EQ(got, 0.0);
      continue;
    }
    int e;
    frexp(static_cast<double>(ref), &e);
    worst_log = std::max(worst_log, static_cast<double>(fabsl(got - ref) / ldexpl(1.0L, e - 53)));
  }
  EXPECT_LT(worst_log, 3.0);

  // the square root on [2^-52, 75] (the radii's range), within 2 ulp
  double worst_sqrt = 0;
  for (int i = 0; i < 200000; ++i) {
    const Words w = cunp_random::block(13, i, 0);
    const double v = ldexp(1.0 + w.v0 * 0x1p-32 + w.v1 * 0x1p-64, static_cast<int>(w.v2 % 59) - 52);
    const double got = cunp_random::sqrt_pos_f64(v);
    const long double ref = sqrtl(static_cast<long double>(v));
    int e;
    frexp(static_cast<double>(ref), &e);
    worst_sqrt = std::max(worst_sqrt, static_cast<double>(fabsl(got - ref) / ldexpl(1.0L, e - 53)));
  }
  EXPECT_LT(worst_sqrt, 2.0);

  // (hi, lo) pairs: the extremes of the 50 angle bits under each of the four quarter turns
  std::vector<std::pair<uint32_t, uint32_t>> hl;
  for (uint32_t q = 0; q < 4; ++q)
    for (uint32_t top : {0u, 1u, 0x3FFFFu, 0x40000u, 0x7FFFFu})
      for (uint32_t lo : {0u, 1u, 0xFFFFFFFEu, 0xFFFFFFFFu}) hl.push_back({top << 13 | q, lo});
  for (int i = 0; i < 200000; ++i) {
    const Words w = cunp_random::block(12, i, 0);
    hl.push_back({w.v2, w.v3});
  }
  double worst = 0;
  const long double pi = 3.14159265358979323846264338327950288L;
  int quarters[4] = {0, 0, 0, 0};
  for (auto [hi, lo] : hl) {
    double sn, cs;
    cunp_random::sincos_bits(hi, lo, cs, sn);
    // the angle the bits name: a = (n / 2 - 2^49) 2 pi / 2^52, then the quarter turn
    const long double n = static_cast<long double>((uint64_t{hi >> 13} << 32) | lo | 1u);
    const long double a = (n / 2 - 562949953421312.0L) * 2 * pi / 4503599627370496.0L;
    ASSERT_LT(fabsl(a), pi / 4);
    const long double t = (hi & 1u) ? ((hi & 2u) ? a - pi / 2 : pi / 2 - a)
                                    : ((hi & 2u) ? pi - a : a);
    worst = std::max(worst, static_cast<double>(fabsl(sn - sinl(t))));
    worst = std::max(worst, static_cast<double>(fabsl(cs - cosl(t))));
    ASSERT_LE(sn * sn + cs * cs, 1.0 + 1e-15);
    // each quarter of the circle (centred on an axis) comes from one pair of bits
    const int quarter = static_cast<int>(floorl((atan2l(sn, cs) + pi / 4) / (pi / 2)) + 4) % 4;
    ++quarters[quarter];
  }
  for (int q = 0; q < 4; ++q) EXPECT_GT(quarters[q], 49000) << q;
  EXPECT_LT(worst, 3.0 * 0x1p-53);
}

// lognormal's float64 exp: within 2 ulp on the fast range (|x| < 707, every 2^(i/32) entry and
// both ends of each reduction interval), the library's beyond it (overflow, underflow, NaN).
TEST(RandomHost, Float64ExpIsAccurate) {
  std::vector<double> xs = {0.0,      -0.0,   1.0,    -1.0,    706.99,
                            -706.99,  707.0,  -707.0, 709.7,   710.0,
                            -745.0,   -746.0, 1e-300, -1e-300, 0.693147180559945,
                            0.0108304};
  for (int k = -40; k <= 40; ++k)
    for (int d = -1; d <= 1; ++d) xs.push_back((k + d * 0.5) * 0.6931471805599453 / 32.0);
  for (int i = 0; i < 300000; ++i) {
    const Words w = cunp_random::block(14, i, 0);
    const double u = ((w.v0 >> 11) * 2097152.0 + (w.v1 >> 11)) * 0x1p-42;  // [0, 1)
    xs.push_back(i % 2 ? (u - 0.5) * 1414.0 : (u - 0.5) * 16.0);
  }
  double worst = 0;
  for (double x : xs) {
    const double got = cunp_random::exp_f64(x);
    if (!(fabs(x) < 707.0)) {
      ASSERT_EQ(got, exp(x)) << x;
      continue;
    }
    const long double ref = expl(static_cast<long double>(x));
    int e;
    frexp(static_cast<double>(ref), &e);
    worst = std::max(worst, static_cast<double>(fabsl(got - ref) / ldexpl(1.0L, e - 53)));
  }
  EXPECT_LT(worst, 2.0);
  EXPECT_TRUE(std::isnan(cunp_random::exp_f64(NAN)));
  EXPECT_EQ(cunp_random::exp_f64(INFINITY), INFINITY);
  EXPECT_EQ(cunp_random::exp_f64(-INFINITY), 0.0);
}

// The current normals are Box-Muller pairs of the block's lanes: float32 from (0, 1) and (2, 3),
// radius from all 32 bits of the first lane, angle from the top 23 of the second; float64 from
// 52-bit uniforms, radius from lanes 0-1 (the last bit set: u < 1) and angle from lanes 2-3 (50
// bits of angle within a quarter turn, two bits choosing the quarter; see sincos_bits).
TEST(RandomHost, BlockNormalsAreBoxMullerPairs) {
  const long double two_pi = 2.0L * 3.14159265358979323846264338327950288L;
  for (int i = 0; i < 2000; ++i) {
    Words w = cunp_random::block(5, i, 0);
    if (i == 0) w = Words{0u, 0u, 0xFFFFFFFFu, 0xFFFFFFFFu};  // the largest and smallest radii
    if (i == 1) w = Words{0xFFFFFFFFu, 0xFFFFFFFFu, 0u, 0u};
    const cunp_random::Normal4 z = cunp_random::normals_f32(w);
    const uint32_t lanes[4] = {w.v0, w.v1, w.v2, w.v3};
    for (int p = 0; p < 2; ++p) {
      const float u = fmaf(static_cast<float>(lanes[2 * p]), 0x1p-32f, 0x1p-33f);
      const double r = sqrt(-2.0 * log(static_cast<double>(u)));
      const double t = 2.0 * 3.141592653589793238 * ((lanes[2 * p + 1] >> 9) / 8388608.0 - 0.5);
      ASSERT_TRUE(std::isfinite(z.v[2 * p]) && std::isfinite(z.v[2 * p + 1])) << i;
      EXPECT_NEAR(z.v[2 * p], r * cos(t), 1e-6 * (1.0 + r)) << i;
      EXPECT_NEAR(z.v[2 * p + 1], r * sin(t), 1e-6 * (1.0 + r)) << i;
    }
    const cunp_random::Normal2 d = cunp_random::normals_f64(w);
    const long double k1 = static_cast<long double>((uint64_t{w.v0 >> 12} << 32) | w.v1 | 1u);
    const long double n = static_cast<long double>((uint64_t{w.v2 >> 13} << 32) | w.v3 | 1u);
    const long double a = (n / 2 - 562949953421312.0L) * two_pi / 4503599627370496.0L;
    const long double pi = two_pi / 2;
    const long double t = (w.v2 & 1u) ? ((w.v2 & 2u) ? a - pi / 2 : pi / 2 - a)
                                      : ((w.v2 & 2u) ? pi - a : a);
    const long double x = 1.0L - k1 / 4503599627370496.0L;
    const long double r = sqrtl(-2.0L * logl(x));
    ASSERT_TRUE(std::isfinite(d.v[0]) && std::isfinite(d.v[1])) << i;
    const double tol = 1e-14 * (1.0 + static_cast<double>(r));
    EXPECT_NEAR(d.v[0], static_cast<double>(r * cosl(t)), tol) << i;
    EXPECT_NEAR(d.v[1], static_cast<double>(r * sinl(t)), tol) << i;
    // loc and scale ride on the pair
    const cunp_random::Normal2 af = cunp_random::normals_f64_affine(w, -1.5, 0.75);
    EXPECT_NEAR(af.v[0], static_cast<double>(-1.5L + 0.75L * r * cosl(t)), tol) << i;
    EXPECT_NEAR(af.v[1], static_cast<double>(-1.5L + 0.75L * r * sinl(t)), tol) << i;
  }
  // The extremes: radius 0 (a zero pair) and the largest radii, sqrt(66 ln 2) and sqrt(104 ln 2);
  // float64's smallest radius is sqrt(2^-51) (u = 1 - 2^-52).
  const cunp_random::Normal4 z0 = cunp_random::normals_f32(Words{0xFFFFFFFFu, 0u, 0u, 0u});
  EXPECT_EQ(z0.v[0], 0.0f);
  EXPECT_EQ(z0.v[1], 0.0f);
  const cunp_random::Normal4 z1 = cunp_random::normals_f32(Words{0u, 1u << 31, 0u, 0u});
  EXPECT_NEAR(z1.v[0], sqrt(66.0 * log(2.0)), 1e-5);  // angle 0
  // (lanes 2, 3 = 2^31, 0: the angle half a step above zero)
  const cunp_random::Normal2 d0 = cunp_random::normals_f64(Words{0u, 0u, 1u << 31, 0u});
  EXPECT_NEAR(d0.v[0], sqrt(0x1p-51), 1e-22);
  EXPECT_NEAR(d0.v[1], 0.0, 1e-22);
  const cunp_random::Normal2 d1 = cunp_random::normals_f64(
      Words{0xFFFFFFFFu, 0xFFFFFFFFu, 1u << 31, 0u});
  EXPECT_NEAR(d1.v[0], sqrt(104.0 * log(2.0)), 1e-13);
}

// Kolmogorov-Smirnov distance of sorted `x` from the standard normal.
double ks_normal(std::vector<double>& x) {
  std::sort(x.begin(), x.end());
  const double n = static_cast<double>(x.size());
  double d = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double f = 0.5 * erfc(-x[i] / sqrt(2.0));
    d = std::max({d, (i + 1) / n - f, f - i / n});
  }
  return d;
}

// 10^6 normals of each dtype (the device code with exact host approximations) against the normal
// CDF: below the 0.1% critical value 1.95 / sqrt(n); moments too.
TEST(RandomHost, BlockNormalsAreNormal) {
  const int blocks = 250000;
  std::vector<double> z32, z64;
  for (int i = 0; i < blocks; ++i) {
    const Words w = cunp_random::block(2024, i, 0);
    const cunp_random::Normal4 a = cunp_random::normals_f32(w);
    z32.insert(z32.end(), a.v, a.v + 4);
    const cunp_random::Normal2 b = cunp_random::normals_f64(w);
    const cunp_random::Normal2 c = cunp_random::normals_f64(cunp_random::block(2024, i, 1));
    z64.insert(z64.end(), {b.v[0], b.v[1], c.v[0], c.v[1]});
  }
  for (std::vector<double>* z : {&z32, &z64}) {
    double s1 = 0, s2 = 0, s4 = 0;
    for (double v : *z) {
      s1 += v;
      s2 += v * v;
      s4 += v * v * v * v;
    }
    const double n = static_cast<double>(z->size());
    EXPECT_NEAR(s1 / n, 0.0, 5e-3);
    EXPECT_NEAR(s2 / n, 1.0, 5e-3);
    EXPECT_NEAR(s4 / n, 3.0, 3e-2);
    EXPECT_LT(ks_normal(*z), 1.95 / sqrt(n));
  }
}

TEST(RandomHost, PermutationIsABijection) {
  for (uint64_t n : {1ull, 2ull, 3ull, 5ull, 16ull, 17ull, 1000ull, 65537ull}) {
    for (uint64_t tweak : {0ull, 3ull}) {
      cunp_random::Feistel f = cunp_random::feistel_tweak(cunp_random::feistel_setup(42, 7, n),
                                                          tweak);
      std::vector<char> seen(n, 0);
      for (uint64_t i = 0; i < n; ++i) {
        uint64_t j = cunp_random::permute_index(f, i);
        ASSERT_LT(j, n);
        ASSERT_FALSE(seen[j]) << "n=" << n;
        seen[j] = 1;
      }
    }
  }
  // Position 0 of a permutation of 10 is roughly uniform over keys.
  std::vector<int> counts(10);
  for (uint64_t key = 0; key < 20000; ++key)
    ++counts[cunp_random::permute_index(cunp_random::feistel_setup(key, 0, 10), 0)];
  for (int c : counts) EXPECT_NEAR(c, 2000, 200);
}

}  // namespace

// The permutations' gathers: every element of a (rows x rowlen) array, or of each slice, comes
// from exactly one source element, of its own slice.
TEST(RandomHost, PermutedSourcesAreBijections) {
  const int64_t rows = 37, len = 11;
  std::vector<char> seen(rows * len, 0);
  const cunp_random::Feistel by_row = cunp_random::feistel_setup(9, 4, rows);
  for (int64_t i = 0; i < rows * len; ++i) {
    const int64_t j = cunp_random::permuted_row_source(by_row, i, len);
    ASSERT_GE(j, 0);
    ASSERT_LT(j, rows * len);
    EXPECT_EQ(j % len, i % len);  // a row moves whole
    ASSERT_FALSE(seen[j]);
    seen[j] = 1;
  }
  seen.assign(rows * len, 0);
  const cunp_random::Feistel by_slice = cunp_random::feistel_setup(9, 4, len);
  bool slices_differ = false;
  for (int64_t i = 0; i < rows * len; ++i) {
    const int64_t j = cunp_random::permuted_slice_source(by_slice, i, len);
    ASSERT_EQ(j / len, i / len);  // within its slice
    ASSERT_FALSE(seen[j]);
    seen[j] = 1;
    slices_differ = slices_differ ||
                    (j % len != cunp_random::permuted_slice_source(by_slice, i % len, len));
  }
  EXPECT_TRUE(slices_differ);  // each slice has its own bijection
}

// What the row samplers index: a[j] by position (a const view writes through), a.size().
struct HostRow {
  double* p;
  int64_t n;
  double& operator[](int64_t j) const { return p[j]; }
  int64_t size() const { return n; }
};
struct HostCounts {
  int64_t* p;
  int64_t& operator[](int64_t j) const { return p[j]; }
};

TEST(RandomHost, RowSamplers) {
  // choice_cdf: the first j with cdf[j] > u, clamped to the last.
  std::vector<double> cdf = {0.25, 0.5, 0.5, 1.0};
  std::vector<int> picks(4);
  for (uint64_t i = 0; i < 40000; ++i)
    ++picks[cunp_random::choice_cdf(HostRow{cdf.data(), 4}, 0x5eedull, i)];
  EXPECT_NEAR(picks[0], 10000, 400);
  EXPECT_NEAR(picks[1], 10000, 400);
  EXPECT_EQ(picks[2], 0);
  EXPECT_NEAR(picks[3], 20000, 400);
  // Dirichlet rows sum to 1 (both the gamma and the stick-breaking branch), multinomial rows to
  // the trials, multivariate normal rows have the mean given the identity factor.
  const int64_t k = 3, nrows = 2000;
  for (double a : {2.0, 0.05}) {
    std::vector<double> alpha(k, a), out(nrows * k);
    for (int64_t i = 0; i < nrows; ++i)
      cunp_random::dirichlet_row(HostRow{alpha.data(), k}, HostRow{out.data(), nrows * k}, 1, i, i,
                                 k);
    for (int64_t i = 0; i < nrows; ++i)
      EXPECT_NEAR(out[i * k] + out[i * k + 1] + out[i * k + 2], 1.0, 1e-12) << a;
  }
  std::vector<double> pvals = {0.2, 0.3, 0.5};
  std::vector<int64_t> counts(nrows * k);
  for (int64_t i = 0; i < nrows; ++i)
    cunp_random::multinomial_row(HostRow{pvals.data(), k}, HostCounts{counts.data()}, 2, i, i, 50,
                                 k);
  double first = 0;
  for (int64_t i = 0; i < nrows; ++i) {
    EXPECT_EQ(counts[i * k] + counts[i * k + 1] + counts[i * k + 2], 50);
    first += static_cast<double>(counts[i * k]);
  }
  EXPECT_NEAR(first / nrows, 10.0, 0.3);
  std::vector<double> mean = {1.0, -2.0, 3.0}, eye = {1, 0, 0, 0, 1, 0, 0, 0, 1}, mv(nrows * k);
  for (int64_t i = 0; i < nrows; ++i)
    cunp_random::multivariate_normal_row(HostRow{mean.data(), k}, HostRow{eye.data(), 9},
                                         HostRow{mv.data(), nrows * k}, 3, i, i, k);
  for (int64_t j = 0; j < k; ++j) {
    double s = 0;
    for (int64_t i = 0; i < nrows; ++i) s += mv[i * k + j];
    EXPECT_NEAR(s / nrows, mean[j], 0.1);
  }
}
