// tests/cpp/manipulation/test_joining.cpp -- concatenate, stack and their forms, atleast_nd and splits from
// C++: shapes and errors need no GPU; on a GPU the joined values are checked on the host.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "cunp/cunp.hpp"

using namespace cunp;

namespace {

NDArray iota(const Dims& shape, double start = 0) {
  std::vector<double> v(shape.product());
  std::iota(v.begin(), v.end(), start);
  return from_host(v.data(), DType::Float64, shape, Order::C);
}

std::vector<double> values(const NDArray& a) {
  std::vector<double> v(a.size());
  NDArray c = astype(a, DType::Float64, OrderSpec::C);
  if (!v.empty()) to_host(c, v.data(), Order::C);
  return v;
}

}  // namespace

TEST(Joining, ErrorsNeedNoData) {
  EXPECT_THROW(concatenate({}), ValueError);
  EXPECT_THROW(stack({}), ValueError);
  EXPECT_THROW(array_split(NDArray(), int64_t{0}), ValueError);
}

TEST(JoiningGpu, ConcatenateAlongEachAxis) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray a = iota({2, 3}), b = iota({2, 3}, 6);
  NDArray r0 = concatenate({a, b}, 0);
  EXPECT_EQ(r0.shape(), (Dims{4, 3}));
  EXPECT_EQ(values(r0), (std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
  NDArray r1 = concatenate({a, b}, 1);
  EXPECT_EQ(r1.shape(), (Dims{2, 6}));
  EXPECT_EQ(values(r1), (std::vector<double>{0, 1, 2, 6, 7, 8, 3, 4, 5, 9, 10, 11}));
  NDArray flat = concatenate({a, b.transpose()}, std::nullopt);
  EXPECT_EQ(flat.shape(), (Dims{12}));
  EXPECT_EQ(values(flat)[6], 6.0);
  EXPECT_EQ(values(flat)[7], 9.0);  // b.T flattened in C order
  EXPECT_THROW(concatenate({a, iota({3, 3})}, 1), ValueError);
  EXPECT_THROW(concatenate({a, b}, 2), AxisError);
}

TEST(JoiningGpu, ResultInTheInputsMemoryOrder) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  // NumPy's layout: axes by the inputs' |strides| (C order where inputs disagree).
  NDArray swapped = iota({2, 3, 4}).transpose({1, 0, 2});  // strides (4, 12, 1) elements
  NDArray r = concatenate({swapped, swapped}, 0);
  EXPECT_EQ(r.shape(), (Dims{6, 2, 4}));
  EXPECT_EQ(r.strides(), (Dims{4 * 8, 24 * 8, 8}));
  EXPECT_EQ(values(r)[4], 12.0);  // r[0, 1, 0] is swapped[0, 1, 0], a[1, 0, 0]
  NDArray f = iota({2, 3}).transpose();
  EXPECT_TRUE(concatenate({f, f}, 1).f_contiguous());
  EXPECT_TRUE(concatenate({f, iota({3, 2})}, 1).c_contiguous());
  // A broadcast (stride-0) axis counts as the outermost.
  NDArray rows = iota({2}).broadcast_to(Dims{3, 2});
  EXPECT_TRUE(concatenate({rows.expand_dims({2})}, 2).f_contiguous());
}

TEST(JoiningGpu, DtypeAndCasting) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray i = astype(iota({3}), DType::Int32), f = astype(iota({2}), DType::Float32);
  EXPECT_EQ(concatenate({i, f}).dtype(), DType::Float64);  // NumPy's promotion of i4 and f4
  EXPECT_THROW(concatenate({f}, 0, {DType::Int32, Casting::SameKind}), TypeError);
  EXPECT_EQ(concatenate({f}, 0, {DType::Int32, Casting::Unsafe}).dtype(), DType::Int32);
  NDArray out = NDArray::empty(Dims{5}, DType::Float64);
  concatenate_into({i, f}, 0, out);
  EXPECT_EQ(values(out), (std::vector<double>{0, 1, 2, 0, 1}));
  EXPECT_THROW(concatenate_into({i}, 0, out), ValueError);  // wrong shape
}

TEST(JoiningGpu, StackForms) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray a = iota({3}), b = iota({3}, 3);
  EXPECT_EQ(stack({a, b}).shape(), (Dims{2, 3}));
  NDArray s1 = stack({a, b}, -1);
  EXPECT_EQ(s1.shape(), (Dims{3, 2}));
  EXPECT_EQ(values(s1), (std::vector<double>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(vstack({a, b}).shape(), (Dims{2, 3}));
  EXPECT_EQ(hstack({a, b}).shape(), (Dims{6}));
  EXPECT_EQ(dstack({a, b}).shape(), (Dims{1, 3, 2}));
  EXPECT_EQ(column_stack({a, b}).shape(), (Dims{3, 2}));
  EXPECT_EQ(atleast_3d(iota({2, 2})).shape(), (Dims{2, 2, 1}));
  EXPECT_THROW(stack({a, iota({4})}), ValueError);
}

TEST(JoiningGpu, SplitsAreViews) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray a = iota({7, 2});
  std::vector<NDArray> parts = array_split(a, int64_t{3});
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[0].shape(), (Dims{3, 2}));
  EXPECT_EQ(parts[2].shape(), (Dims{2, 2}));
  EXPECT_EQ(parts[1].memory(), a.memory());
  EXPECT_EQ(values(parts[1])[0], 6.0);
  std::vector<NDArray> at = array_split(a, std::vector<int64_t>{1, 5}, 0);
  EXPECT_EQ(at[1].shape(), (Dims{4, 2}));
  EXPECT_THROW(split(a, int64_t{2}), ValueError);
  EXPECT_EQ(split(a, int64_t{2}, 1).size(), 2u);
}
