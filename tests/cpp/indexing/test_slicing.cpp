// tests/cpp/indexing/test_slicing.cpp -- x(Slice(1, 3), All, 2): the views (metadata only, so arrays over
// fake memory, no GPU) equal x.index()'s, with NumPy's errors; assignment through a view checks
// its value before writing (no GPU) and writes NumPy's elements (GPU).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "cunp/cunp.hpp"
#include "support/fake_array.hpp"

using namespace cunp;

namespace {

NDArray fake(Dims shape, DType dt = DType::Float32) { return test_support::fake_array(shape, dt); }

bool same_view(const NDArray& a, const NDArray& b) {
  return a.data() == b.data() && a.shape() == b.shape() && a.strides() == b.strides() &&
         a.dtype() == b.dtype();
}

}  // namespace

// Only the spellings NumPy takes make an index item (bool would be a mask there).
static_assert(IndexSpelling<int> && IndexSpelling<int64_t> && IndexSpelling<unsigned>);
static_assert(IndexSpelling<Slice> && IndexSpelling<NoneType> && IndexSpelling<NewAxisType>);
static_assert(IndexSpelling<EllipsisType> && IndexSpelling<IndexItem>);
static_assert(!IndexSpelling<bool> && !IndexSpelling<double> && !IndexSpelling<NDArray>);

TEST(Slicing, SpellingsMapToBasicIndexItems) {
  NDArray x = fake({4, 5, 6});
  using I = IndexItem;
  EXPECT_TRUE(
      same_view(x(Slice(1, 3), All, 2), x.index({I::slice(1, 3), I::slice(), I::integer(2)})));
  EXPECT_TRUE(same_view(x(NewAxis, Ellipsis, Slice(None, None, -1)),
                        x.index({I::new_axis(), I::ellipsis(), I::slice(I::kNone, I::kNone, -1)})));
  EXPECT_TRUE(same_view(x(Slice(2)), x.index({I::slice(I::kNone, 2)})));  // slice(2) is :2
  EXPECT_TRUE(same_view(x(Slice(None, 4, 2)), x.index({I::slice(I::kNone, 4, 2)})));
  EXPECT_TRUE(same_view(x(None), x.index({I::new_axis()})));  // None is numpy.newaxis
  EXPECT_TRUE(same_view(x(-1, I::slice(0, 2)), x.index({I::integer(-1), I::slice(0, 2)})));
  EXPECT_TRUE(same_view(x(), x));
}

TEST(Slicing, ShapesStridesAndOffsets) {
  NDArray x = fake({4, 5, 6});  // float32: strides 120, 24, 4
  NDArray v = x(Slice(1, 3), All, 2);
  EXPECT_EQ(v.shape(), (Dims{2, 5}));
  EXPECT_EQ(v.strides(), (Dims{120, 24}));
  EXPECT_EQ(v.data(), x.data() + 120 + 8);
  NDArray r = x(Ellipsis, Slice(None, None, -2));
  EXPECT_EQ(r.shape(), (Dims{4, 5, 3}));
  EXPECT_EQ(r.strides(), (Dims{120, 24, -8}));
  EXPECT_EQ(r.data(), x.data() + 20);
  EXPECT_EQ(x(0, 0, 0).ndim(), 0);  // a 0-d view, as x[0, 0, 0, ...] in NumPy
  EXPECT_EQ(x(NewAxis, 1, NewAxis).shape(), (Dims{1, 1, 5, 6}));
  EXPECT_EQ(x(Slice(10, 20)).size(), 0);
  // Views of views compose, and a View is an NDArray.
  NDArray w = x(1)(Slice(1, 4))(All, 0);
  EXPECT_TRUE(same_view(
      w, x.index({IndexItem::integer(1), IndexItem::slice(1, 4), IndexItem::integer(0)})));
}

TEST(Slicing, ErrorsAreNumPys) {
  NDArray x = fake({4, 5});
  EXPECT_THROW(x(4), IndexError);
  EXPECT_THROW(x(0, 0, 0), IndexError);
  EXPECT_THROW(x(Ellipsis, Ellipsis), IndexError);
  EXPECT_THROW(x(Slice(0, 4, 0)), ValueError);
}

TEST(Slicing, HandlesRebindViewsAssign) {
  NDArray x = fake({4, 5});
  NDArray h = x(0);  // an NDArray keeps a handle: assigning it rebinds, as in C++
  h = x(1);
  EXPECT_EQ(h.data(), x.data() + 20);
  // A View's assignment writes elements: the value is checked before anything is written.
  NDArray u8 = fake({3}, DType::UInt8);
  EXPECT_THROW(u8(Slice(0, 2)) = 300, OverflowError);
  EXPECT_THROW(u8(All) = -1, OverflowError);
  EXPECT_THROW(x(Slice(0, 2)) = fake({3}), ValueError);  // (3,) does not broadcast to (2, 5)
  EXPECT_THROW(x(Slice(0, 2)).assign(fake({4, 5})), ValueError);
}

// -- with a GPU: the elements NumPy writes ----------------------------------------------------

TEST(SlicingGpu, ReadsTheViewedElements) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray x = reshape(arange(12), {3, 4});  // [[0 1 2 3] [4 5 6 7] [8 9 10 11]]
  EXPECT_EQ(to_vector<int64_t>(x(1)), (std::vector<int64_t>{4, 5, 6, 7}));
  EXPECT_EQ(to_vector<int64_t>(x(Slice(None, None, -1), 0)), (std::vector<int64_t>{8, 4, 0}));
  EXPECT_EQ(to_vector<int64_t>(x(Slice(1, 3), Slice(None, None, 2))),
            (std::vector<int64_t>{4, 6, 8, 10}));
  EXPECT_EQ(to_vector<int64_t>(x(Ellipsis, -1)), (std::vector<int64_t>{3, 7, 11}));
}

TEST(SlicingGpu, AssignmentWritesThroughTheView) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray x = zeros({3, 4}, DType::Int64);
  x(All, 2) = -1;
  x(0) = asarray(std::vector<int64_t>{1, 2, 3, 4});
  x(Slice(1, 3), Slice(0, 2)) = asarray({10, 20});  // broadcast over the rows, int32 cast
  x(2, 3).assign(7.9);                              // a float into int64 truncates
  EXPECT_EQ(to_vector<int64_t>(x),
            (std::vector<int64_t>{1, 2, 3, 4, 10, 20, -1, 0, 10, 20, -1, 7}));
  // Assigning a view of itself, reversed: NumPy reads everything first.
  NDArray r = asarray(std::vector<int64_t>{1, 2, 3, 4});
  r(All) = r(Slice(None, None, -1));
  EXPECT_EQ(to_vector<int64_t>(r), (std::vector<int64_t>{4, 3, 2, 1}));
  View a = r(Slice(0, 2)), b = r(Slice(2, 4));
  a = b;  // elements, not handles
  EXPECT_EQ(to_vector<int64_t>(r), (std::vector<int64_t>{2, 1, 2, 1}));
}
