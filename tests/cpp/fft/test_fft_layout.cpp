// tests/cpp/fft/test_fft_layout.cpp -- how transforms map onto cuFFT, without a GPU: NumPy's step
// order and defaults, the grouping into plans, and the advanced layouts `describe` gives, checked
// by running each layout the way cuFFT reads it (a direct DFT over host memory) against the same
// transform addressed through the arrays' own strides.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <functional>
#include <numbers>
#include <random>
#include <vector>

#include "cunp/cunp.hpp"
#include "fft/layout.hpp"

using namespace cunp;
using namespace cunp::fft;

namespace {

using C = std::complex<double>;

// A view of host memory as an array: describe reads only shapes, strides and the data pointer.
NDArray host_view(void* base, int64_t offset_bytes, DType t, Dims shape, Dims strides) {
  auto p = reinterpret_cast<uintptr_t>(base);
  return NDArray(std::make_shared<Memory>(p, 0, 0), p + offset_bytes, t, shape, strides);
}

Dims byte_strides(const Dims& shape, const std::vector<int>& order, int item) {
  // C-contiguous in the axis order `order` (outermost first).
  Dims s(shape.size());
  int64_t step = item;
  for (size_t i = order.size(); i-- > 0;) {
    s[order[i]] = step;
    step *= shape[order[i]];
  }
  return s;
}

void for_each_index(const Dims& shape, const std::function<void(const Dims&)>& fn) {
  if (shape.product() == 0) return;
  Dims idx(shape.size(), 0);
  while (true) {
    fn(idx);
    int d = static_cast<int>(shape.size()) - 1;
    while (d >= 0 && ++idx[d] == shape[d]) idx[d--] = 0;
    if (d < 0) return;
  }
}

C& at(const NDArray& a, const Dims& idx) {
  uintptr_t p = a.data();
  for (int d = 0; d < a.ndim(); ++d) p += idx[d] * a.strides()[d];
  return *reinterpret_cast<C*>(p);
}

// The C2C transform over `axes`, addressed through the arrays' strides.
void reference(const NDArray& in, const NDArray& out, const std::vector<int>& axes) {
  for_each_index(out.shape(), [&](const Dims& k) {
    C sum = 0;
    Dims j = k;
    Dims sub(axes.size());
    for (size_t i = 0; i < axes.size(); ++i) sub[i] = in.shape()[axes[i]];
    for_each_index(sub, [&](const Dims& jj) {
      double phase = 0;
      for (size_t i = 0; i < axes.size(); ++i) {
        j[axes[i]] = jj[i];
        phase += double(k[axes[i]] * jj[i]) / double(sub[i]);
      }
      sum += at(in, j) * std::polar(1.0, -2 * std::numbers::pi * phase);
    });
    at(out, k) = sum;
  });
}

// The layout run as cuFFT reads it: element (batch b, index i) of each execution at
// base + b * dist + ((i0 * embed[1] + i1) * embed[2] + i2) * stride.
void emulate(const Layout& l, uintptr_t in, uintptr_t out) {
  const PlanKey& k = l.key;
  Dims n(k.rank);
  for (int d = 0; d < k.rank; ++d) n[d] = k.n[d];
  auto address = [&](const int64_t* embed, int64_t stride, const Dims& i) {
    int64_t a = 0;
    for (int d = 0; d < k.rank; ++d) a = a * (d ? embed[d] : 1) + i[d];
    return a * stride;
  };
  Dims loops(l.loops.size());
  for (size_t d = 0; d < l.loops.size(); ++d) loops[d] = l.loops[d][0];
  auto run = [&](const Dims& li) {
    uintptr_t ib = in, ob = out;
    for (size_t d = 0; d < l.loops.size(); ++d) {
      ib += li[d] * l.loops[d][1];
      ob += li[d] * l.loops[d][2];
    }
    for (int64_t b = 0; b < k.batch; ++b) {
      const C* x = reinterpret_cast<const C*>(ib) + b * k.idist;
      C* y = reinterpret_cast<C*>(ob) + b * k.odist;
      for_each_index(n, [&](const Dims& kk) {
        C sum = 0;
        for_each_index(n, [&](const Dims& jj) {
          double phase = 0;
          for (int d = 0; d < k.rank; ++d) phase += double(kk[d] * jj[d]) / double(n[d]);
          sum += x[address(k.inembed, k.istride, jj)] *
                 std::polar(1.0, -2 * std::numbers::pi * phase);
        });
        y[address(k.onembed, k.ostride, kk)] = sum;
      });
    }
  };
  if (loops.size() == 0) run(Dims());
  else for_each_index(loops, run);
}

struct LayoutCase {
  Dims shape;                  // the logical input (and output) shape
  std::vector<int> in_order;   // the input's memory order (outermost first)
  std::vector<int> out_order;  // the output's
  std::vector<int> plan_axes;  // in plan order
  Dims in_step;                // a step per axis of the input's view (1: dense)
};

void check_layout(const LayoutCase& c) {
  const int nd = static_cast<int>(c.shape.size());
  Dims full(nd);
  for (int d = 0; d < nd; ++d) full[d] = c.shape[d] * c.in_step[d];
  std::vector<C> in_buf(full.product()), out_buf(c.shape.product()), want_buf(c.shape.product());
  std::mt19937 rng(7);
  std::normal_distribution<double> g;
  for (C& v : in_buf) v = {g(rng), g(rng)};
  Dims in_strides = byte_strides(full, c.in_order, 16);
  for (int d = 0; d < nd; ++d) in_strides[d] *= c.in_step[d];
  NDArray in = host_view(in_buf.data(), 0, DType::Complex128, c.shape, in_strides);
  Dims out_strides = byte_strides(c.shape, c.out_order, 16);
  NDArray out = host_view(out_buf.data(), 0, DType::Complex128, c.shape, out_strides);
  NDArray want = host_view(want_buf.data(), 0, DType::Complex128, c.shape, out_strides);
  int64_t n[3] = {};
  for (size_t i = 0; i < c.plan_axes.size(); ++i) n[i] = c.shape[c.plan_axes[i]];
  auto l = describe(in, out, c.plan_axes, PlanType::Z2Z, n);
  ASSERT_TRUE(l.has_value());
  emulate(*l, in.data(), out.data());
  reference(in, want, c.plan_axes);
  for (size_t i = 0; i < out_buf.size(); ++i)
    ASSERT_NEAR(std::abs(out_buf[i] - want_buf[i]), 0, 1e-9) << i << " " << l->key.str();
}

Request request(Kind kind, std::vector<int64_t> axes, std::vector<int64_t> lengths) {
  Request r;
  r.kind = kind;
  r.axes = std::move(axes);
  r.lengths = std::move(lengths);
  return r;
}

NDArray shapes_only(DType t, Dims shape) {
  return NDArray(std::make_shared<Memory>(0, 0, 0), 0, t, shape,
                 contiguous_strides(shape, itemsize(t)));
}

}  // namespace

TEST(FftLayout, StepsFollowNumpysOrderAndDefaults) {
  NDArray a = shapes_only(DType::Complex64, {4, 6, 10});
  // C2C: last axis first; R2C: the real (last) axis first; C2R: the real axis last.
  auto c2c = steps_of(a, request(Kind::C2C, {0, 2}, {-1, 5}));
  ASSERT_EQ(c2c.size(), 2u);
  EXPECT_EQ(c2c[0].axis, 2);
  EXPECT_EQ(c2c[0].n, 5);
  EXPECT_EQ(c2c[1].axis, 0);
  EXPECT_EQ(c2c[1].n, 4);
  auto r2c = steps_of(a, request(Kind::R2C, {-1, 0}, {-1, -1}));
  EXPECT_EQ(r2c[0].axis, 0);
  EXPECT_TRUE(r2c[0].real);
  EXPECT_EQ(r2c[1].axis, 2);
  auto c2r = steps_of(a, request(Kind::C2R, {1, 2}, {-1, -1}));
  EXPECT_EQ(c2r[0].axis, 1);
  EXPECT_FALSE(c2r[0].real);
  EXPECT_EQ(c2r[1].axis, 2);
  EXPECT_EQ(c2r[1].n, 18);  // 2 * (10 - 1)
  EXPECT_EQ(input_length(c2r[1], Kind::C2R), 10);
  EXPECT_EQ(output_length(r2c[0], Kind::R2C), 3);
  // A repeated axis sees the length the step before it left.
  auto twice = steps_of(a, request(Kind::C2C, {1, 1}, {-1, 3}));
  EXPECT_EQ(twice[0].n, 3);
  EXPECT_EQ(twice[1].n, 3);
}

TEST(FftLayout, GroupsOfDistinctAxes) {
  NDArray a = shapes_only(DType::Complex64, {2, 3, 4, 5});
  auto sizes = [](const std::vector<std::vector<Step>>& g) {
    std::vector<size_t> s;
    for (const auto& x : g) s.push_back(x.size());
    return s;
  };
  auto all4 = steps_of(a, request(Kind::C2C, {0, 1, 2, 3}, {-1, -1, -1, -1}));
  EXPECT_EQ(sizes(group_steps(all4, Kind::C2C, 3)), (std::vector<size_t>{3, 1}));
  EXPECT_EQ(sizes(group_steps(all4, Kind::C2C, 1)), (std::vector<size_t>{1, 1, 1, 1}));
  auto repeated = steps_of(a, request(Kind::C2C, {0, 2, 0}, {-1, -1, -1}));
  EXPECT_EQ(sizes(group_steps(repeated, Kind::C2C, 3)), (std::vector<size_t>{2, 1}));
  auto r2c = steps_of(a, request(Kind::R2C, {1, 2, 3}, {-1, -1, -1}));
  EXPECT_EQ(sizes(group_steps(r2c, Kind::R2C, 3)), (std::vector<size_t>{3}));
  auto c2r = steps_of(a, request(Kind::C2R, {1, 2, 3}, {-1, -1, -1}));
  auto groups = group_steps(c2r, Kind::C2R, 3);
  EXPECT_EQ(sizes(groups), (std::vector<size_t>{2, 1}));
  EXPECT_TRUE(groups.back()[0].real);
}

TEST(FftLayout, ContiguousLastAxisIsOneBatchedPlan) {
  std::vector<C> buf(3 * 8), out(3 * 8);
  NDArray in = host_view(buf.data(), 0, DType::Complex128, {3, 8}, {128, 16});
  NDArray o = host_view(out.data(), 0, DType::Complex128, {3, 8}, {128, 16});
  int64_t n[3] = {8};
  auto l = describe(in, o, {1}, PlanType::Z2Z, n);
  ASSERT_TRUE(l);
  EXPECT_EQ(l->key.batch, 3);
  EXPECT_EQ(l->key.istride, 1);
  EXPECT_EQ(l->key.idist, 8);
  EXPECT_EQ(l->key.odist, 8);
  EXPECT_TRUE(l->loops.empty());
}

TEST(FftLayout, RealToComplexEmbeds) {
  std::vector<float> buf(8 * 6);
  std::vector<std::complex<float>> out(8 * 4);
  NDArray in = host_view(buf.data(), 0, DType::Float32, {8, 6}, {24, 4});
  NDArray o = host_view(out.data(), 0, DType::Complex64, {8, 4}, {32, 8});
  int64_t n[3] = {8, 6};
  auto l = describe(in, o, {0, 1}, PlanType::R2C, n);
  ASSERT_TRUE(l);
  EXPECT_EQ(l->key.inembed[1], 6);
  EXPECT_EQ(l->key.onembed[1], 4);
  EXPECT_EQ(l->key.batch, 1);
}

TEST(FftLayout, LayoutsCuFftCannotTakeAreRefused) {
  std::vector<C> buf(64), out(64);
  int64_t n[3] = {4, 4};
  NDArray o = host_view(out.data(), 0, DType::Complex128, {4, 4}, {64, 16});
  // A negative stride, a zero (broadcast) batch stride, axes that do not nest in plan order.
  NDArray reversed = host_view(buf.data(), 48 * 16, DType::Complex128, {4, 4}, {64, -16});
  EXPECT_FALSE(describe(reversed, o, {1}, PlanType::Z2Z, n + 1));
  NDArray broadcast = host_view(buf.data(), 0, DType::Complex128, {4, 4}, {0, 16});
  EXPECT_FALSE(describe(broadcast, o, {1}, PlanType::Z2Z, n + 1));
  NDArray c = host_view(buf.data(), 0, DType::Complex128, {4, 4}, {64, 16});
  EXPECT_FALSE(describe(c, o, {1, 0}, PlanType::Z2Z, n));
  // A view starting inside a complex128 (an 8-byte offset).
  NDArray shifted = host_view(buf.data(), 8, DType::Complex128, {4, 4}, {64, 16});
  EXPECT_FALSE(describe(shifted, o, {1}, PlanType::Z2Z, n + 1));
  // More leading batches than one plan loops over.
  std::vector<C> big(40 * 4 * 3), big_out(40 * 4 * 3);
  NDArray middle = host_view(big.data(), 0, DType::Complex128, {40, 4, 3}, {192, 48, 16});
  NDArray middle_out = host_view(big_out.data(), 0, DType::Complex128, {40, 4, 3}, {192, 48, 16});
  EXPECT_FALSE(describe(middle, middle_out, {1}, PlanType::Z2Z, n));
}

TEST(FftLayout, LayoutsAddressWhatTheArraysHold) {
  const std::vector<LayoutCase> cases = {
      {{3, 4, 5}, {0, 1, 2}, {0, 1, 2}, {2}, {1, 1, 1}},        // last axis, batched
      {{3, 4, 5}, {0, 1, 2}, {0, 1, 2}, {1}, {1, 1, 1}},        // middle axis: a loop
      {{3, 4, 5}, {0, 1, 2}, {0, 1, 2}, {0}, {1, 1, 1}},        // first axis: strided batch
      {{3, 4, 5}, {0, 1, 2}, {0, 1, 2}, {1, 2}, {1, 1, 1}},     // two axes
      {{3, 4, 5}, {0, 1, 2}, {0, 1, 2}, {0, 1, 2}, {1, 1, 1}},  // three axes, one transform
      {{3, 4, 5, 2}, {0, 1, 2, 3}, {0, 1, 2, 3}, {0, 2}, {1, 1, 1, 1}},  // non-adjacent axes
      {{3, 4, 5}, {2, 1, 0}, {2, 1, 0}, {2, 1}, {1, 1, 1}},              // F order
      {{3, 4, 5}, {2, 1, 0}, {0, 1, 2}, {0}, {1, 1, 1}},                 // F in, C out
      {{3, 4, 5}, {0, 1, 2}, {0, 1, 2}, {1, 2}, {2, 1, 3}},              // a strided view
      {{2, 3, 4, 5}, {0, 1, 2, 3}, {0, 1, 3, 2}, {2}, {1, 2, 1, 1}},     // out in another order
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(i);
    check_layout(cases[i]);
  }
}
