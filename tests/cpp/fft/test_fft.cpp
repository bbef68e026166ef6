// tests/cpp/fft/test_fft.cpp -- cunp::fft: the cuFFT table and status names without a GPU, NumPy's
// argument errors before any device work, and (with a GPU) transforms against a direct DFT and
// the plan cache's limits.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>
#include <string>
#include <vector>

#include "cunp/cunp.hpp"
#include "fft/cufft.hpp"

using namespace cunp;
using namespace cunp::fft;

namespace {

bool have_gpu() {
  try {
    return device_count() > 0;
  } catch (const std::exception&) {
    return false;
  }
}

// An array that owns no memory: enough for every check that precedes device work.
NDArray shapes_only(DType t, Dims shape) {
  return NDArray(std::make_shared<Memory>(0, 0, 0), 0, t, shape,
                 contiguous_strides(shape, itemsize(t)));
}

Request request(Kind kind, std::vector<int64_t> axes, std::vector<int64_t> lengths) {
  Request r;
  r.kind = kind;
  r.axes = std::move(axes);
  r.lengths = std::move(lengths);
  return r;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

std::vector<std::complex<double>> dft(const std::vector<std::complex<double>>& x, bool forward) {
  const size_t n = x.size();
  std::vector<std::complex<double>> y(n);
  const double sign = forward ? -1 : 1;
  for (size_t k = 0; k < n; ++k)
    for (size_t j = 0; j < n; ++j)
      y[k] += x[j] * std::polar(1.0, sign * 2 * std::numbers::pi * double(j * k % n) / double(n));
  return y;
}

}  // namespace

TEST(Fft, CufftTableResolvesWhenPresent) {
  if (!available()) {
    const std::string why = unavailable_reason();
    ASSERT_EQ(why.find("lacks"), std::string::npos) << why;
    GTEST_SKIP() << why;
  }
  int version = 0;
  ASSERT_EQ(api().cufftGetVersion(&version), CUFFT_SUCCESS);
  EXPECT_GT(version, 10000);
}

TEST(Fft, StatusNames) {
  EXPECT_EQ(status_name(CUFFT_INVALID_SIZE), "CUFFT_INVALID_SIZE");
  EXPECT_EQ(status_name(CUFFT_ALLOC_FAILED), "CUFFT_ALLOC_FAILED");
  EXPECT_EQ(status_name(static_cast<cufftResult>(99)), "CUFFT_STATUS_99");
  EXPECT_EQ(error_of([] { check(CUFFT_EXEC_FAILED, "cufftExecC2C"); }),
            "cufftExecC2C failed: CUFFT_EXEC_FAILED");
  EXPECT_NO_THROW(check(CUFFT_SUCCESS, "x"));
}

TEST(Fft, PlanKeysCompareAndHashByEveryField) {
  PlanKey a;
  a.type = PlanType::Z2Z;
  a.rank = 2;
  a.n[0] = 4;
  a.n[1] = 8;
  a.batch = 3;
  PlanKey b = a;
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.hash(), b.hash());
  b.odist = 1;
  EXPECT_FALSE(a == b);
  EXPECT_NE(a.hash(), b.hash());
  EXPECT_NE(a.str().find("Z2Z n=(4, 8) batch=3"), std::string::npos) << a.str();
  EXPECT_STREQ(plan_type_name(PlanType::D2Z), "D2Z");
}

TEST(Fft, CallbacksGiveKeysTheirIdAndTheSameCallbacksTheSameId) {
  EXPECT_EQ(active_callbacks(), nullptr);
  Callbacks c;
  c.load_ir = "ir";
  c.load_name = "load";
  c.load_info = 16;
  uint64_t id = push_callbacks(c);
  ASSERT_NE(active_callbacks(), nullptr);
  EXPECT_EQ(active_callbacks()->id, id);
  EXPECT_EQ(active_callbacks()->load_name, "load");
  Callbacks other = c;
  other.load_info = 32;  // another callerInfo: other plans
  uint64_t id2 = push_callbacks(other);
  EXPECT_NE(id2, id);
  pop_callbacks();
  pop_callbacks();
  EXPECT_EQ(active_callbacks(), nullptr);
  EXPECT_EQ(push_callbacks(c), id);  // entered again: the plans linked before are found
  pop_callbacks();
  PlanKey a;
  PlanKey b = a;
  b.callbacks = id;
  EXPECT_FALSE(a == b);
  EXPECT_NE(a.hash(), b.hash());
  EXPECT_NE(b.str().find("callbacks=" + std::to_string(id)), std::string::npos) << b.str();
  EXPECT_EQ(a.str().find("callbacks"), std::string::npos);
  std::string why;
  if (!jit_callbacks_supported(&why)) EXPECT_FALSE(why.empty());
}

TEST(Fft, ArgumentErrorsComeFirst) {
  NDArray a = shapes_only(DType::Float64, {3, 4});
  EXPECT_EQ(error_of([&] { transform_1d(a, 0, -1, Kind::C2C, true, Norm::Backward); }),
            "Invalid number of FFT data points (0) specified.");
  EXPECT_EQ(error_of([&] { transform_1d(a, -3, 0, Kind::C2R, false, Norm::Backward); }),
            "Invalid number of FFT data points (-3) specified.");
  EXPECT_THROW(transform_1d(a, 4, 2, Kind::C2C, true, Norm::Backward), AxisError);
  EXPECT_THROW(transform_1d(a, std::nullopt, 2, Kind::C2C, true, Norm::Backward), IndexError);
  EXPECT_THROW(transform_1d(shapes_only(DType::Complex64, {4}), std::nullopt, 0, Kind::R2C, true,
                            Norm::Backward),
               TypeError);
  // irfft's default length of a one-element axis is 0.
  EXPECT_EQ(error_of([&] {
              transform_1d(shapes_only(DType::Complex128, {1}), std::nullopt, 0, Kind::C2R, false,
                           Norm::Backward);
            }),
            "Invalid number of FFT data points (0) specified.");
  EXPECT_EQ(error_of([&] {
              transform(a, request(Kind::C2C, {0, 1}, {3}));
            }),
            "Shape and axes have different lengths.");
  EXPECT_THROW(transform(a, request(Kind::R2C, {}, {})), IndexError);
  EXPECT_EQ(
      error_of([&] {
        transform(a, request(Kind::C2C, {0, 1}, {3, 4}), shapes_only(DType::Complex128, {3, 5}));
      }),
      "output array has wrong shape.");
  EXPECT_THROW(transform(a, request(Kind::C2C, {0}, {3}), shapes_only(DType::Float64, {3, 4})),
               TypeError);
  // No axes: the input itself, as NumPy's fftn(a, axes=()).
  EXPECT_EQ(transform(a, request(Kind::C2C, {}, {})).data(), a.data());
}

TEST(Fft, PlanCacheLimitsAreChecked) {
  PlanCache& c = plan_cache(0);
  EXPECT_THROW(c.set_max_size(-1), ValueError);
  EXPECT_THROW(c.set_max_memsize(-2), ValueError);
  EXPECT_THROW(plan_cache(-1), ValueError);
  EXPECT_EQ(c.info().max_size, 16);
  EXPECT_EQ(c.info().max_memsize, -1);
}

TEST(Fft, NdPlanningSwitch) {
  EXPECT_TRUE(nd_planning());
  set_nd_planning(false);
  EXPECT_FALSE(nd_planning());
  set_nd_planning(true);
}

TEST(FftGpu, ComplexTransformsMatchADirectDft) {
  if (!have_gpu()) GTEST_SKIP() << "no GPU";
  for (int64_t n : {1, 8, 17, 60}) {
    std::vector<std::complex<double>> x(n);
    for (int64_t i = 0; i < n; ++i) x[i] = {std::sin(0.3 * i), std::cos(1.7 * i)};
    NDArray a = from_host(x.data(), DType::Complex128, {n}, Order::C);
    for (bool forward : {true, false}) {
      NDArray y = transform_1d(a, std::nullopt, 0, Kind::C2C, forward,
                               forward ? Norm::Backward : Norm::Forward);
      std::vector<std::complex<double>> got(n), want = dft(x, forward);
      to_host(y, got.data(), Order::C);
      for (int64_t i = 0; i < n; ++i) EXPECT_NEAR(std::abs(got[i] - want[i]), 0, 1e-9) << n;
    }
  }
}

TEST(FftGpu, RealRoundTripWithPaddingAndColumns) {
  if (!have_gpu()) GTEST_SKIP() << "no GPU";
  // A (5, 3) float32 array transformed along axis 0, padded to 8: a strided, batched layout.
  std::vector<float> x(15);
  for (int i = 0; i < 15; ++i) x[i] = static_cast<float>(i % 7) - 2.5f;
  NDArray a = from_host(x.data(), DType::Float32, {5, 3}, Order::C);
  NDArray spectrum = transform_1d(a, 8, 0, Kind::R2C, true, Norm::Ortho);
  EXPECT_EQ(spectrum.shape(), (Dims{5, 3}));
  EXPECT_EQ(spectrum.dtype(), DType::Complex64);
  NDArray back = transform_1d(spectrum, 8, 0, Kind::C2R, false, Norm::Ortho);
  ASSERT_EQ(back.shape(), (Dims{8, 3}));
  std::vector<float> got(24);
  to_host(back, got.data(), Order::C);
  for (int i = 0; i < 24; ++i) EXPECT_NEAR(got[i], i < 15 ? x[i] : 0.0f, 1e-5) << i;
}

TEST(FftGpu, PlanCacheEvictsTheLeastRecentlyUsed) {
  if (!have_gpu()) GTEST_SKIP() << "no GPU";
  PlanCache& c = plan_cache(current_device());
  c.clear();
  c.set_max_size(2);
  for (int64_t n : {8, 16, 8, 32}) {
    NDArray a = zeros({n}, DType::Complex64);
    transform_1d(a, std::nullopt, 0, Kind::C2C, true, Norm::Backward);
  }
  PlanCacheInfo info = c.info();
  EXPECT_EQ(info.size, 2);
  EXPECT_EQ(info.hits, 1);
  EXPECT_EQ(info.misses, 3);
  ASSERT_EQ(info.plans.size(), 2u);
  EXPECT_NE(info.plans[0].first.find("n=(32,)"), std::string::npos) << info.plans[0].first;
  EXPECT_NE(info.plans[1].first.find("n=(8,)"), std::string::npos) << info.plans[1].first;
  c.set_max_size(0);
  EXPECT_EQ(c.size(), 0);
  c.set_max_size(16);
  c.clear();
}
