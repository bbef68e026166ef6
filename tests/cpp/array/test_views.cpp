// Views only rewrite metadata, so they are tested on arrays over fake device memory.
#include <gtest/gtest.h>

#include "cunp/cunp.hpp"
#include "support/fake_array.hpp"

using namespace cunp;

namespace {
NDArray fake(Dims shape, DType dt = DType::Float32, Order order = Order::C) {
  return test_support::fake_array(shape, dt, order);
}
}  // namespace

TEST(Views, Flags) {
  NDArray a = fake({2, 3});
  EXPECT_TRUE(a.c_contiguous());
  EXPECT_FALSE(a.f_contiguous());
  EXPECT_TRUE(a.transpose().f_contiguous());
  NDArray v = fake({1, 5});
  EXPECT_TRUE(v.c_contiguous() && v.f_contiguous());
}

TEST(Views, ReshapeWithoutCopy) {
  NDArray a = fake({4, 6});
  auto r = a.reshape_view(Dims{2, 2, 6}, Order::C);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->strides(), (Dims{48, 24, 4}));
  // A transposed array reshaped in C order needs a copy, in F order it does not.
  NDArray t = a.transpose();
  EXPECT_FALSE(t.reshape_view(Dims{24}, Order::C));
  EXPECT_TRUE(t.reshape_view(Dims{24}, Order::F));
  // Splitting an axis of a strided view keeps it a view.
  NDArray s = a.index({IndexItem::slice(), IndexItem::slice(0, 6, 2)});
  auto rs = s.reshape_view(Dims{4, 3, 1}, Order::C);
  ASSERT_TRUE(rs);
  EXPECT_EQ(rs->strides()[1], 8);
}

TEST(Views, ResolveShape) {
  NDArray a = fake({4, 6});
  EXPECT_EQ(a.resolve_shape(Dims{-1, 3}), (Dims{8, 3}));
  EXPECT_THROW(a.resolve_shape(Dims{-1, -1}), ValueError);
  EXPECT_EQ(a.resolve_shape(Dims{2, -2}), (Dims{2, 12}));  // any negative is the unknown
  EXPECT_THROW(a.resolve_shape(Dims{5, -1}), ValueError);
  EXPECT_THROW(a.resolve_shape(Dims{25}), ValueError);
}

TEST(Views, BasicIndexing) {
  NDArray a = fake({5, 4});
  NDArray r = a.index(
      {IndexItem::slice(IndexItem::kNone, IndexItem::kNone, -2), IndexItem::integer(-1)});
  EXPECT_EQ(r.shape(), (Dims{3}));
  EXPECT_EQ(r.strides(), (Dims{-32}));
  EXPECT_EQ(r.data(), a.data() + 4 * 16 + 3 * 4);
  NDArray e = a.index({IndexItem::ellipsis(), IndexItem::new_axis()});
  EXPECT_EQ(e.shape(), (Dims{5, 4, 1}));
  EXPECT_THROW(a.index({IndexItem::integer(5)}), IndexError);
  EXPECT_THROW(a.index({IndexItem::integer(0), IndexItem::integer(0), IndexItem::integer(0)}),
               IndexError);
  EXPECT_THROW(a.index({IndexItem::ellipsis(), IndexItem::ellipsis()}), IndexError);
  EXPECT_THROW(a.index({IndexItem::slice(0, 1, 0)}), ValueError);
  EXPECT_EQ(a.index({IndexItem::slice(10, 20)}).size(), 0);
}

TEST(Views, AxesAndBroadcast) {
  NDArray a = fake({2, 3, 4});
  EXPECT_EQ(a.moveaxis({0}, {-1}).shape(), (Dims{3, 4, 2}));
  EXPECT_EQ(a.swapaxes(0, 2).shape(), (Dims{4, 3, 2}));
  EXPECT_THROW(a.transpose({0, 0, 1}), ValueError);
  EXPECT_THROW(a.swapaxes(0, 3), AxisError);
  EXPECT_EQ(a.expand_dims({0, -1}).shape(), (Dims{1, 2, 3, 4, 1}));
  NDArray b = fake({3, 1}).broadcast_to(Dims{2, 3, 5});
  EXPECT_EQ(b.strides(), (Dims{0, 4, 0}));
  EXPECT_THROW(fake({3}).broadcast_to(Dims{4}), ValueError);
  EXPECT_EQ(broadcast_shapes({Dims{3, 1}, Dims{4}}), (Dims{3, 4}));
  EXPECT_THROW(broadcast_shapes({Dims{3}, Dims{4}}), ValueError);
  EXPECT_THROW(fake({2, 3}).squeeze({0}), ValueError);
}

TEST(Views, DtypeViewsAndDiagonal) {
  NDArray a = fake({2, 4}, DType::Float32);
  EXPECT_EQ(a.view_as(DType::Float64).shape(), (Dims{2, 2}));
  EXPECT_EQ(a.view_as(DType::Int8).shape(), (Dims{2, 16}));
  EXPECT_THROW(fake({2, 3}).view_as(DType::Float64), ValueError);
  NDArray c = fake({3}, DType::Complex64);
  EXPECT_EQ(c.imag().data(), c.data() + 4);
  EXPECT_EQ(c.real().dtype(), DType::Float32);
  NDArray d = fake({3, 4}).diagonal(1);
  EXPECT_EQ(d.shape(), (Dims{3}));
  EXPECT_EQ(d.strides(), (Dims{20}));
}

TEST(NoGpu, DeviceUseRaisesCudaError) {
  if (cuda_available()) GTEST_SKIP() << "a GPU is present";
  EXPECT_THROW(NDArray::empty(Dims{3}, DType::Float32), CudaError);
  EXPECT_THROW(device_count(), CudaError);
}
