// tests/cpp/statistics/test_statistics.cpp -- the statistics table and functions: dtype rules and cached
// ops, every row's kernel NVRTC-compiled for every accumulator (no GPU needed), and on a GPU
// mean/var/std/nansum/nanmean/nanvar/nanstd against values computed on the host.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "cunp/cunp.hpp"
#include "cunp/ops/statistics/statistics.hpp"

using namespace cunp;

namespace {

const DType kAll[] = {DType::Bool,      DType::Int8,      DType::UInt8,   DType::Int16,
                      DType::UInt16,    DType::Int32,     DType::UInt32,  DType::Int64,
                      DType::UInt64,    DType::Float16,   DType::Float32, DType::Float64,
                      DType::Complex64, DType::Complex128};

ReduceSignature layout(ReduceStrategy s, int kept, int red, int vec = 1) {
  ReduceSignature sig;
  sig.strategy = s;
  sig.kept_ndim = kept;
  sig.reduced_ndim = red;
  sig.vec = vec;
  return sig;
}

bool compiles(const std::string& src, const std::string& name) {
  try {
    CompileResult r = compile(src, name, 90);
    EXPECT_FALSE(r.image.empty());
    EXPECT_EQ(r.minimal, nvrtc_version() >= 12040);
    return true;
  } catch (const CompileError& e) {
    ADD_FAILURE() << e.what() << "\n" << numbered_source(src);
    return false;
  }
}

}  // namespace

TEST(StatisticsTable, AccumulatorAndResultDtypes) {
  for (DType t : kAll) {
    SCOPED_TRACE(name(t));
    const DType acc = statistic_accumulator(t);
    if (t == DType::Float16 || t == DType::Float32) EXPECT_EQ(acc, DType::Float32);
    else if (is_complex(t) || t == DType::Float64) EXPECT_EQ(acc, t);
    else EXPECT_EQ(acc, DType::Float64);  // bool and integers
    const DType own_or_f8 = is_inexact(t) ? t : DType::Float64;
    EXPECT_EQ(statistic_result_dtype(Statistic::Mean, t), own_or_f8);
    EXPECT_EQ(statistic_result_dtype(Statistic::NanSum, t), own_or_f8);
    EXPECT_EQ(statistic_result_dtype(Statistic::NanMean, t), own_or_f8);
    const DType var = is_float(t) ? t : t == DType::Complex64 ? DType::Float32 : DType::Float64;
    EXPECT_EQ(statistic_result_dtype(Statistic::Var, t), var);
    EXPECT_EQ(statistic_result_dtype(Statistic::NanVar, t), var);
  }
}

TEST(StatisticsTable, NamesAndFlags) {
  for (Statistic s :
       {Statistic::Mean, Statistic::NanSum, Statistic::NanMean, Statistic::Var, Statistic::NanVar})
    EXPECT_EQ(statistic_from_name(statistic_name(s)), s);
  EXPECT_STREQ(statistic_name(Statistic::NanVar), "nanvar");
  EXPECT_THROW(statistic_from_name("median"), ValueError);
  EXPECT_TRUE(statistic_flag_output(Statistic::NanMean));
  EXPECT_TRUE(statistic_flag_output(Statistic::NanVar));
  EXPECT_FALSE(statistic_flag_output(Statistic::Var));
  EXPECT_FALSE(statistic_flag_output(Statistic::Mean));
}

TEST(StatisticsTable, OpsAreCachedPerKindAccumulatorDdofAndRoot) {
  const ReductionOp& a = statistic_op(Statistic::Var, DType::Float32, 1.0, true);
  EXPECT_EQ(&a, &statistic_op(Statistic::Var, DType::Float32, 1.0, true));
  EXPECT_NE(&a, &statistic_op(Statistic::Var, DType::Float32, 0.0, true));
  EXPECT_NE(&a, &statistic_op(Statistic::Var, DType::Float64, 1.0, true));
  EXPECT_NE(&a, &statistic_op(Statistic::NanVar, DType::Float32, 1.0, true));
  EXPECT_EQ(a.name, "var_std");
  EXPECT_NE(a.preamble.find("static constexpr double ddof = 1.0;"), std::string::npos);
  EXPECT_NE(a.preamble.find("root = true;"), std::string::npos);
  // ddof and root mean nothing to mean: one op.
  EXPECT_EQ(&statistic_op(Statistic::Mean, DType::Float64, 2.0, true),
            &statistic_op(Statistic::Mean, DType::Float64));
  EXPECT_EQ(statistic_op(Statistic::Mean, DType::Float64).name, "mean");
  EXPECT_EQ(&statistic_op(Statistic::Var, DType::Float64, -0.0),
            &statistic_op(Statistic::Var, DType::Float64, 0.0));
}

TEST(StatisticsTable, RejectsOtherAccumulatorsAndNonFiniteDdof) {
  EXPECT_THROW(statistic_op(Statistic::Mean, DType::Int32), TypeError);
  EXPECT_THROW(statistic_op(Statistic::Var, DType::Float16), TypeError);
  EXPECT_THROW(statistic_op(Statistic::Var, DType::Float64,
                            std::numeric_limits<double>::infinity()),
               ValueError);
  EXPECT_THROW(statistic_op(Statistic::NanVar, DType::Float64, std::nan("")), ValueError);
}

TEST(StatisticsTable, SourceFillsTheOutputsAndNamesTheKernel) {
  ReduceSignature sig = layout(ReduceStrategy::Block, 0, 1);
  std::string s = statistic_source(Statistic::NanVar, DType::Complex64, sig, 1.0, true);
  EXPECT_NE(s.find("cunp_red_nanvar_std"), std::string::npos);
  EXPECT_NE(s.find("typedef float _t1;"), std::string::npos);  // complex64 -> float32 result
  EXPECT_NE(s.find("typedef bool _t2;"), std::string::npos);   // the flag
  EXPECT_NE(statistic_source(Statistic::Mean, DType::Int8, sig).find("typedef double _t1;"),
            std::string::npos);
}

// Every row for every accumulator (and the casts into it from float16, int8 and bool), each in
// one of the engine's strategies in turn; the var rows with and without the root.
TEST(StatisticsCodegen, EveryRowCompilesForEveryAccumulator) {
  const ReduceSignature layouts[] = {layout(ReduceStrategy::Block, 0, 1, 4),
                                     layout(ReduceStrategy::Warp, 1, 1, 2),
                                     layout(ReduceStrategy::Thread, 2, 2),
                                     layout(ReduceStrategy::Tile, 1, 1),
                                     layout(ReduceStrategy::Block, 1, 2)};
  const DType inexact[] = {DType::Float16, DType::Float32, DType::Float64, DType::Complex64,
                           DType::Complex128};
  const DType any[] = {DType::Float16,    DType::Float32, DType::Float64, DType::Complex64,
                       DType::Complex128, DType::Int8,    DType::Bool};
  int k = 0;
  for (Statistic s : {Statistic::Mean, Statistic::NanSum, Statistic::NanMean, Statistic::Var,
                      Statistic::NanVar}) {
    const bool nan = s != Statistic::Mean && s != Statistic::Var;
    const bool moments = s == Statistic::Var || s == Statistic::NanVar;
    for (DType t : nan ? std::vector<DType>(std::begin(inexact), std::end(inexact))
                       : std::vector<DType>(std::begin(any), std::end(any))) {
      for (bool root : moments ? std::vector<bool>{false, true} : std::vector<bool>{false}) {
        const std::string kernel = std::string("cunp_red_") + statistic_name(s) +
                                   (root ? "_std" : "");
        SCOPED_TRACE(kernel + " " + name(t));
        const ReduceSignature& sig = layouts[k++ % std::size(layouts)];
        std::string src = statistic_source(s, t, sig, root ? 1.0 : 0.0, root);
        ASSERT_NE(src.find(kernel), std::string::npos);
        compiles(src, kernel);
      }
    }
  }
}

// --- on a GPU ------------------------------------------------------------------------------------

namespace {

template <class T> NDArray upload(const std::vector<T>& v, DType t, Dims shape) {
  return from_host(v.data(), t, shape, Order::C);
}

template <class T> std::vector<T> download(const NDArray& a) {
  std::vector<T> v(static_cast<std::size_t>(a.size()));
  if (!v.empty()) to_host(a, v.data(), Order::C);
  return v;
}

using C = std::complex<double>;

// Host statistics over one axis (or both) of a rows x cols matrix held as complex<double>:
// for each output, the values it folds.
std::vector<std::vector<C>> slices(const std::vector<C>& x, int64_t rows, int64_t cols, int axis) {
  std::vector<std::vector<C>> out;
  if (axis < 0) {
    out.push_back(x);
  } else if (axis == 0) {
    for (int64_t j = 0; j < cols; ++j) {
      out.emplace_back();
      for (int64_t i = 0; i < rows; ++i) out.back().push_back(x[i * cols + j]);
    }
  } else {
    for (int64_t i = 0; i < rows; ++i)
      out.emplace_back(x.begin() + i * cols, x.begin() + (i + 1) * cols);
  }
  return out;
}

bool isnan_c(C v) { return std::isnan(v.real()) || std::isnan(v.imag()); }

// (non-NaN values only when skip_nan)
C host_mean(const std::vector<C>& v, bool skip_nan) {
  C s = 0;
  double n = 0;
  for (C x : v)
    if (!(skip_nan && isnan_c(x))) s += x, n += 1;
  return n == 0 ? C(NAN, 0) : s / n;
}
double host_var(const std::vector<C>& v, double ddof, bool skip_nan) {
  C m = host_mean(v, skip_nan);
  double q = 0, n = 0;
  for (C x : v)
    if (!(skip_nan && isnan_c(x))) q += std::norm(x - m), n += 1;
  double d = n - ddof;
  if (skip_nan) return d > 0 ? q / d : NAN;
  return q / std::max(d, 0.0);
}

double tolerance(DType t) { return t == DType::Float32 || t == DType::Complex64 ? 2e-5 : 1e-11; }

void expect_close(double got, double want, double tol, const std::string& what) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << what << ": got " << got << ", want NaN";
    return;
  }
  EXPECT_NEAR(got, want, tol * std::max(1.0, std::abs(want))) << what;
}

// A rows x cols array of dtype t on the device, and its values on the host; every 7th value NaN
// when `nans` (float and complex only).
struct Data {
  NDArray d;
  std::vector<C> h;
};

Data make(DType t, int64_t rows, int64_t cols, bool nans, unsigned seed, double offset = 0.0) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const int64_t n = rows * cols;
  Data r;
  Dims shape{rows, cols};
  auto nan_at = [&](int64_t i) { return nans && i % 7 == 3; };
  switch (t) {
    case DType::Float32: {
      std::vector<float> v(n);
      for (int64_t i = 0; i < n; ++i) v[i] = nan_at(i) ? NAN : static_cast<float>(offset + u(rng));
      for (float x : v) r.h.push_back(x);
      r.d = upload(v, t, shape);
      break;
    }
    case DType::Float64: {
      std::vector<double> v(n);
      for (int64_t i = 0; i < n; ++i) v[i] = nan_at(i) ? NAN : offset + u(rng);
      for (double x : v) r.h.push_back(x);
      r.d = upload(v, t, shape);
      break;
    }
    case DType::Complex64: {
      std::vector<std::complex<float>> v(n);
      for (int64_t i = 0; i < n; ++i)
        v[i] = nan_at(i) ? std::complex<float>(0, NAN)
                         : std::complex<float>(static_cast<float>(offset + u(rng)),
                                               static_cast<float>(u(rng)));
      for (auto x : v) r.h.push_back(C(x.real(), x.imag()));
      r.d = upload(v, t, shape);
      break;
    }
    case DType::Complex128: {
      std::vector<C> v(n);
      for (int64_t i = 0; i < n; ++i) v[i] = nan_at(i) ? C(NAN, 1) : C(offset + u(rng), u(rng));
      r.h = v;
      r.d = upload(v, t, shape);
      break;
    }
    case DType::Int32: {
      std::vector<int32_t> v(n);
      for (int64_t i = 0; i < n; ++i) v[i] = static_cast<int32_t>(std::floor(1000 * u(rng)));
      for (int32_t x : v) r.h.push_back(x);
      r.d = upload(v, t, shape);
      break;
    }
    default: {  // bool
      std::vector<uint8_t> v(n);
      for (int64_t i = 0; i < n; ++i) v[i] = u(rng) > 0;
      for (uint8_t x : v) r.h.push_back(x);
      r.d = upload(v, DType::Bool, shape);
      break;
    }
  }
  return r;
}

// A result's values as complex<double> (real results with imaginary part 0).
std::vector<C> values(const NDArray& a) {
  std::vector<C> r;
  switch (a.dtype()) {
    case DType::Float32:
      for (float x : download<float>(a)) r.push_back(x);
      break;
    case DType::Float64:
      for (double x : download<double>(a)) r.push_back(x);
      break;
    case DType::Complex64:
      for (auto x : download<std::complex<float>>(a)) r.push_back(C(x.real(), x.imag()));
      break;
    case DType::Complex128: r = download<C>(a); break;
    case DType::Int64:
      for (int64_t x : download<int64_t>(a)) r.push_back(static_cast<double>(x));
      break;
    case DType::Bool:
      for (uint8_t x : download<uint8_t>(a)) r.push_back(x);
      break;
    default: ADD_FAILURE() << "unexpected result dtype " << name(a.dtype());
  }
  return r;
}

std::optional<std::vector<int64_t>> axis_of(int axis) {
  if (axis < 0) return std::nullopt;
  return std::vector<int64_t>{axis};
}

// Shapes reaching the engine's strategies: a block per row (long rows), a warp per row, a
// thread per column (split along the rows), the whole array.
struct Shape {
  int64_t rows, cols;
  int axis;  // -1: every axis
};
const Shape kShapes[] = {{3, 5000, 1}, {50, 300, 1}, {5000, 3, 0}, {64, 33, 0}, {37, 1001, -1}};

}  // namespace

// One test per dtype, so that ctest spreads them over the cores: each compiles the mean, var and
// std kernels of every strategy for its dtype on first use (tens of NVRTC compiles).
class MeanVarStd : public ::testing::TestWithParam<DType> {};

TEST_P(MeanVarStd, MatchTheHost) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  const DType t = GetParam();
  for (const Shape& s : kShapes) {
    SCOPED_TRACE(std::string(name(t)) + " " + std::to_string(s.rows) + "x" +
                 std::to_string(s.cols) + " axis " + std::to_string(s.axis));
    Data x = make(t, s.rows, s.cols, false, 11);
    auto sl = slices(x.h, s.rows, s.cols, s.axis);
    const double tol = tolerance(statistic_result_dtype(Statistic::Mean, t));
    NDArray m = mean(x.d, axis_of(s.axis));
    EXPECT_EQ(m.dtype(), statistic_result_dtype(Statistic::Mean, t));
    ASSERT_EQ(m.size(), static_cast<int64_t>(sl.size()));
    std::vector<C> got = values(m);
    for (std::size_t k = 0; k < sl.size(); ++k) {
      C want = host_mean(sl[k], false);
      expect_close(got[k].real(), want.real(), tol, "mean re");
      expect_close(got[k].imag(), want.imag(), tol, "mean im");
    }
    for (double ddof : {0.0, 1.0}) {
      NDArray v = var(x.d, axis_of(s.axis), ddof);
      NDArray sd = cunp::std(x.d, axis_of(s.axis), ddof);
      EXPECT_EQ(v.dtype(), statistic_result_dtype(Statistic::Var, t));
      EXPECT_EQ(sd.dtype(), v.dtype());
      std::vector<C> gv = values(v), gs = values(sd);
      for (std::size_t k = 0; k < sl.size(); ++k) {
        double want = host_var(sl[k], ddof, false);
        expect_close(gv[k].real(), want, 20 * tol, "var");
        expect_close(gs[k].real(), std::sqrt(want), 20 * tol, "std");
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(StatisticsGpu, MeanVarStd,
                         ::testing::Values(DType::Float32, DType::Float64, DType::Complex64,
                                           DType::Complex128, DType::Int32, DType::Bool),
                         [](const ::testing::TestParamInfo<DType>& p) {
                           return cunp::name(p.param);
                         });

TEST(StatisticsGpu, NanFunctionsSkipNaN) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  for (DType t : {DType::Float32, DType::Float64, DType::Complex64, DType::Complex128})
    for (const Shape& s : kShapes) {
      SCOPED_TRACE(std::string(name(t)) + " " + std::to_string(s.rows) + "x" +
                   std::to_string(s.cols) + " axis " + std::to_string(s.axis));
      Data x = make(t, s.rows, s.cols, true, 5);
      auto sl = slices(x.h, s.rows, s.cols, s.axis);
      const double tol = tolerance(t);
      std::vector<C> gsum = values(nansum(x.d, axis_of(s.axis)));
      NDArray empty;
      NDArray nm = nanmean(x.d, axis_of(s.axis), false, {}, &empty);
      EXPECT_EQ(nm.dtype(), t);
      std::vector<C> gmean = values(nm), gempty = values(empty);
      NDArray bad;
      NDArray nv = nanstd(x.d, axis_of(s.axis), 1.0, false, {}, &bad);
      EXPECT_EQ(nv.dtype(), statistic_result_dtype(Statistic::NanVar, t));
      std::vector<C> gstd = values(nv), gbad = values(bad);
      for (std::size_t k = 0; k < sl.size(); ++k) {
        C sum = 0;
        for (C v : sl[k])
          if (!isnan_c(v)) sum += v;
        expect_close(gsum[k].real(), sum.real(), tol * 10, "nansum re");
        expect_close(gsum[k].imag(), sum.imag(), tol * 10, "nansum im");
        C m = host_mean(sl[k], true);
        expect_close(gmean[k].real(), m.real(), tol, "nanmean");
        EXPECT_EQ(gempty[k].real(), 0.0);
        expect_close(gstd[k].real(), std::sqrt(host_var(sl[k], 1.0, true)), 20 * tol, "nanstd");
        EXPECT_EQ(gbad[k].real(), 0.0);
      }
    }
}

TEST(StatisticsGpu, AllNaNAndShortSlicesAreFlagged) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  // Row 0 all NaN, row 1 one value, row 2 two values.
  std::vector<double> h = {NAN, NAN, NAN, 4.0, NAN, NAN, 1.0, NAN, 3.0};
  NDArray x = upload(h, DType::Float64, Dims{3, 3});
  NDArray empty, bad;
  std::vector<C> m = values(nanmean(x, std::vector<int64_t>{1}, false, {}, &empty));
  std::vector<C> v = values(nanvar(x, std::vector<int64_t>{1}, 1.0, false, {}, &bad));
  EXPECT_TRUE(std::isnan(m[0].real()));
  EXPECT_EQ(m[1].real(), 4.0);
  EXPECT_EQ(m[2].real(), 2.0);
  EXPECT_EQ(values(empty), (std::vector<C>{1.0, 0.0, 0.0}));
  EXPECT_TRUE(std::isnan(v[0].real()));
  EXPECT_TRUE(std::isnan(v[1].real()));
  EXPECT_EQ(v[2].real(), 2.0);
  EXPECT_EQ(values(bad), (std::vector<C>{1.0, 1.0, 0.0}));
  EXPECT_EQ(values(nansum(x, std::vector<int64_t>{1}))[0].real(), 0.0);
}

TEST(StatisticsGpu, EmptySlicesGiveNaNAndAnInfiniteMeanGivesANaNVariance) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray e = NDArray::empty(Dims{0, 4}, DType::Float32);
  std::vector<C> m = values(mean(e, std::vector<int64_t>{0}));
  ASSERT_EQ(m.size(), 4u);
  for (C v : m) EXPECT_TRUE(std::isnan(v.real()));
  for (C v : values(var(e, std::vector<int64_t>{0}))) EXPECT_TRUE(std::isnan(v.real()));
  EXPECT_EQ(mean(NDArray::empty(Dims{4, 0}, DType::Float32), std::vector<int64_t>{0}).size(), 0);
  std::vector<double> h = {1.0, INFINITY, 2.0};
  NDArray x = upload(h, DType::Float64, Dims{3});
  EXPECT_TRUE(std::isinf(values(mean(x))[0].real()));
  EXPECT_TRUE(std::isnan(values(var(x))[0].real()));
}

TEST(StatisticsGpu, Float32VarianceWithALargeOffsetKeepsItsAccuracy) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  Data x = make(DType::Float32, 1, (1 << 20) + 3, false, 3, 1e4);
  const double truth = host_var(x.h, 0.0, false);
  const double got = values(var(x.d))[0].real();
  EXPECT_NEAR(got, truth, 1e-4 * truth);
}

TEST(StatisticsGpu, KeepdimsAndOut) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  Data x = make(DType::Float64, 6, 7, false, 1);
  NDArray k = var(x.d, std::vector<int64_t>{1}, 0.0, true);
  EXPECT_EQ(k.shape(), (Dims{6, 1}));
  EXPECT_EQ(mean(x.d, std::nullopt, true).shape(), (Dims{1, 1}));
  EXPECT_EQ(mean(x.d).shape(), Dims{});
  NDArray out = NDArray::empty(Dims{7}, DType::Float64);
  NDArray r = mean(x.d, std::vector<int64_t>{0}, false, std::nullopt, out);
  EXPECT_EQ(r.data(), out.data());
  std::vector<C> got = values(out);
  auto sl = slices(x.h, 6, 7, 0);
  for (std::size_t j = 0; j < sl.size(); ++j)
    expect_close(got[j].real(), host_mean(sl[j], false).real(), 1e-12, "out");
  EXPECT_THROW(mean(x.d, std::vector<int64_t>{1}, false, std::nullopt, out), ValueError);
  // Another float dtype is cast into, as NumPy's sums write into out=; an int one is refused.
  NDArray narrow = NDArray::empty(Dims{7}, DType::Float32);
  EXPECT_EQ(mean(x.d, std::vector<int64_t>{0}, false, std::nullopt, narrow).data(), narrow.data());
  std::vector<C> got32 = values(narrow);
  for (std::size_t j = 0; j < sl.size(); ++j)
    expect_close(got32[j].real(), host_mean(sl[j], false).real(), 1e-6, "float32 out");
  EXPECT_THROW(mean(x.d, std::vector<int64_t>{0}, false, std::nullopt,
                    NDArray::empty(Dims{7}, DType::Int64)),
               TypeError);
  // dtype= names the accumulator and the result.
  NDArray f = mean(x.d, std::nullopt, false, DType::Float32);
  EXPECT_EQ(f.dtype(), DType::Float32);
  expect_close(values(f)[0].real(), host_mean(x.h, false).real(), 1e-5, "mean dtype=float32");
}

TEST(StatisticsGpu, IntegerInputToTheNanFunctions) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  Data x = make(DType::Int32, 4, 5, false, 9);
  NDArray s = nansum(x.d, std::vector<int64_t>{1});
  EXPECT_EQ(s.dtype(), DType::Int64);  // sum's rule
  NDArray empty, bad;
  NDArray m = nanmean(x.d, std::nullopt, false, {}, &empty);
  EXPECT_EQ(m.dtype(), DType::Float64);
  EXPECT_EQ(values(empty), std::vector<C>{0.0});
  NDArray v = nanvar(x.d, std::vector<int64_t>{0}, 4.0, false, {}, &bad);  // n - ddof = 0
  EXPECT_EQ(values(bad), std::vector<C>(5, 1.0));
  auto rows = slices(x.h, 4, 5, 1);
  std::vector<C> gs = values(s);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    double want = 0;
    for (C v : rows[i]) want += v.real();
    EXPECT_EQ(gs[i].real(), want);
  }
  expect_close(values(m)[0].real(), host_mean(x.h, false).real(), 1e-12, "nanmean of ints");
}

TEST(StatisticsGpu, AxesAndArgumentErrors) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  Data x = make(DType::Float32, 3, 4, false, 2);
  EXPECT_THROW(mean(x.d, std::vector<int64_t>{2}), AxisError);
  EXPECT_THROW(var(x.d, std::vector<int64_t>{0, -2}), ValueError);  // duplicate
  EXPECT_THROW(var(x.d, std::nullopt, std::numeric_limits<double>::infinity()), ValueError);
  EXPECT_THROW(mean(x.d, std::nullopt, false, DType::Int32), TypeError);
  Data c = make(DType::Complex64, 3, 4, false, 2);
  EXPECT_THROW(mean(c.d, std::nullopt, false, DType::Float32), TypeError);
  // 0-d: mean/var take no axis 0; the nan-functions take 0 and -1, reducing nothing.
  std::vector<double> one = {2.5};
  NDArray z = upload(one, DType::Float64, Dims{});
  EXPECT_THROW(mean(z, std::vector<int64_t>{0}), AxisError);
  EXPECT_EQ(values(nanmean(z, std::vector<int64_t>{-1}))[0].real(), 2.5);
  EXPECT_EQ(values(nansum(z, std::vector<int64_t>{0}))[0].real(), 2.5);
  EXPECT_THROW(nanvar(z, std::vector<int64_t>{1}), AxisError);
  EXPECT_EQ(values(var(z))[0].real(), 0.0);
}
