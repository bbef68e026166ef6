// tests/cpp/signal/test_iir_scan_host.cpp -- src/device/signal/iir_scan.cuh's five passes run
// on the host (its device functions compiled as plain C++), loop position by loop position as
// the launcher orders them, against a sequential filter: the kernels' indexing (rows, blocks,
// groups, partial last ones, strided layouts, zi and zf) checked without a GPU.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <type_traits>
#include <vector>

// The device code's `#pragma unroll` means nothing to a host compiler (clang stays quiet; GCC
// warns before the diagnostic pragma applies).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#define __device__
#define __forceinline__ inline
#include "../../../src/device/signal/iir_scan.cuh"
#undef __forceinline__
#undef __device__
#pragma GCC diagnostic pop

namespace {

using cunp::raw_array;
constexpr int kQ = 4;

// A raw array over host memory; strides in elements.
template <class T, int ND>
raw_array<T, ND, false> view(T* p, const long long (&shape)[ND], const long long (&strides)[ND]) {
  raw_array<T, ND, false> a;
  a.ptr_ = p;
  a.size_ = 1;
  for (int d = 0; d < ND; ++d) {
    a.shape_[d] = shape[d];
    a.strides_[d] = strides[d] * static_cast<long long>(sizeof(T));
    a.size_ *= shape[d];
  }
  return a;
}

template <class T> raw_array<T, 1, false> flat(std::vector<std::remove_const_t<T>>& v) {
  return view<T, 1>(v.data(), {static_cast<long long>(v.size())}, {1});
}

// 4th-order low-pass (Butterworth at 0.15 of Nyquist), as lfilter's b then a, and as two
// second-order sections.
const double kDirect[] = {0.00041659920440659937, 0.0016663968176263975,  0.0024995952264395962,
                          0.0016663968176263975,  0.00041659920440659937, 1.0,
                          -3.1806385488981206,    3.8611943489942133,     -2.1121553551109958,
                          0.43826514226197977};
const double kSos[] = {0.00041659920440659937,
                       0.00083319840881319873,
                       0.00041659920440659937,
                       1.0,
                       -1.4922994310291416,
                       0.56298897788227697,
                       1.0,
                       2.0,
                       1.0,
                       1.0,
                       -1.6883391178689794,
                       0.77862675614296232};

// One sample of the filter on a state z, from its form's step (the same code the kernel runs).
template <class Filter> std::vector<double> state_matrix(const Filter& proto) {
  std::vector<double> A(kQ * kQ);
  for (int j = 0; j < kQ; ++j) {
    Filter f = proto;
    for (int k = 0; k < kQ; ++k) f.set_state(k, k == j ? 1.0 : 0.0);
    f.step(0.0);
    for (int k = 0; k < kQ; ++k) A[k * kQ + j] = f.state(k);
  }
  return A;
}

std::vector<double> times(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> c(kQ * kQ, 0.0);
  for (int i = 0; i < kQ; ++i)
    for (int k = 0; k < kQ; ++k)
      for (int j = 0; j < kQ; ++j) c[i * kQ + j] += a[i * kQ + k] * b[k * kQ + j];
  return c;
}

std::vector<double> power_of(const std::vector<double>& a, long long p) {
  std::vector<double> r(kQ * kQ, 0.0);
  for (int i = 0; i < kQ; ++i) r[i * kQ + i] = 1.0;
  for (long long k = 0; k < p; ++k) r = times(a, r);
  return r;
}

template <class Filter> void check(long long rows, long long n, long long block, long long group,
                                   bool has_zi, bool transposed) {
  std::mt19937_64 gen(rows * 131 + n);
  std::normal_distribution<double> normal;
  const int ncoef = std::is_same_v<Filter, cunp::iir_sos_cascade<double, 2>> ? 12 : 10;
  std::vector<double> coef(ncoef == 12 ? kSos : kDirect, (ncoef == 12 ? kSos : kDirect) + ncoef);
  std::vector<double> x(rows * n), y(rows * n), zi(rows * kQ), zf(rows * kQ);
  for (double& v : x) v = normal(gen);
  for (double& v : zi) v = has_zi ? normal(gen) : 0.0;
  const long long rs = transposed ? 1 : n, ts = transposed ? rows : 1;  // row, sample strides
  auto X = view<const double, 2>(x.data(), {rows, n}, {rs, ts});
  auto Y = view<double, 2>(y.data(), {rows, n}, {rs, ts});
  auto K = flat<const double>(coef);
  Filter proto;
  proto.load(K);
  const std::vector<double> A = state_matrix(proto);
  std::vector<double> P = power_of(A, block), PG = power_of(P, group);
  auto PP = view<const double, 2>(P.data(), {kQ, kQ}, {kQ, 1});
  auto PPG = view<const double, 2>(PG.data(), {kQ, kQ}, {kQ, 1});
  const long long blocks = (n + block - 1) / block, groups = (blocks + group - 1) / group;
  std::vector<double> ends(rows * blocks * kQ), gends(rows * groups * kQ);
  auto E = flat<double>(ends);
  auto Ec = flat<const double>(ends);
  auto G = flat<double>(gends);
  auto Gc = flat<const double>(gends);
  auto ZI = flat<const double>(zi);
  auto ZF = flat<double>(zf);
  for (long long i = 0; i < rows * blocks; ++i)
    cunp::iir_block_local<Filter, kQ>(X, K, E, i, n, block, blocks, rows);
  for (long long i = 0; i < rows * groups; ++i)
    cunp::iir_group_local<kQ>(Ec, G, PP, i, blocks, group, groups);
  for (long long r = 0; r < rows; ++r) cunp::iir_group_carry<kQ>(G, ZI, PPG, r, groups, has_zi);
  for (long long i = 0; i < rows * groups; ++i)
    cunp::iir_group_fill<kQ>(E, Gc, PP, i, blocks, group, groups);
  for (long long i = 0; i < rows * blocks; ++i)
    cunp::iir_block_finish<Filter, kQ>(X, K, Ec, Y, ZF, i, n, block, blocks, rows);
  // The reference: one sequential pass per row.
  for (long long r = 0; r < rows; ++r) {
    Filter f = proto;
    for (int k = 0; k < kQ; ++k) f.set_state(k, zi[r * kQ + k]);
    double scale = 1.0;
    for (long long t = 0; t < n; ++t) {
      const double want = f.step(x[r * rs + t * ts]);
      scale = std::fmax(scale, std::fabs(want));
      ASSERT_NEAR(y[r * rs + t * ts], want, 1e-12 * scale) << "row " << r << " sample " << t;
    }
    for (int k = 0; k < kQ; ++k) EXPECT_NEAR(zf[r * kQ + k], f.state(k), 1e-12 * scale);
  }
}

struct Layout {
  long long rows, n, block, group;
  bool has_zi, transposed;
};

// Below one block, exactly one, one group, several with a partial last one, strided rows.
const Layout kLayouts[] = {{1, 7, 64, 1, true, false},    {2, 64, 64, 1, true, true},
                           {3, 1000, 64, 4, true, false}, {5, 200, 64, 2, false, true},
                           {4, 5000, 64, 8, true, true},  {1, 3000, 128, 5, false, false}};

TEST(IirScanHost, DirectFormMatchesTheSequentialFilter) {
  for (const Layout& l : kLayouts)
    check<cunp::iir_direct_form<double, kQ>>(l.rows, l.n, l.block, l.group, l.has_zi, l.transposed);
}

TEST(IirScanHost, SosCascadeMatchesTheSequentialFilter) {
  for (const Layout& l : kLayouts)
    check<cunp::iir_sos_cascade<double, 2>>(l.rows, l.n, l.block, l.group, l.has_zi, l.transposed);
}

}  // namespace
