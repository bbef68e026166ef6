// tests/cpp/indexing/test_indexing_advanced.cpp -- x[key] and x[key] = v for general keys: the key's plan
// (classification, errors, where the index dimensions go) and the result shapes, checked against
// NumPy's without a GPU; every kernel of the general path compiles with NVRTC; and on a GPU,
// mixed keys read and written against NumPy's results.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cunp/cunp.hpp"
#include "ops/indexing/elementwise.hpp"

using namespace cunp;

namespace {

// An index array's shape and dtype with no memory: all the plan reads.
Index described(DType dt, Dims shape) {
  return Index::of(NDArray(MemoryPtr(), 0, dt, shape, contiguous_strides(shape, itemsize(dt))));
}
Index ints(Dims shape) { return described(DType::Int64, std::move(shape)); }
Index mask(Dims shape) { return described(DType::Bool, std::move(shape)); }
const Index colon = Index::slice();

// x[key].shape for an x of `shape`, with `counts` true elements in the key's masks (in order).
Dims result_shape(const Dims& shape, const std::vector<Index>& key,
                  const std::vector<int64_t>& counts = {}) {
  const IndexPlan plan = plan_index(key, shape.size());
  check_masks(plan, shape);  // against x's axes, before the view, as NumPy checks them
  const NDArray x(MemoryPtr(), 0, DType::Float64, shape, contiguous_strides(shape, 8));
  const NDArray view = x.index(plan.basic);
  if (plan.advanced.empty()) return view.shape();
  std::vector<Dims> index_shapes;
  std::size_t m = 0;
  for (const AdvancedIndex& e : plan.advanced) {
    if (e.kind == AdvancedIndex::Kind::Array) index_shapes.push_back(e.array.shape());
    else if (e.kind == AdvancedIndex::Kind::Bool) index_shapes.push_back(Dims{e.value ? 1 : 0});
    else index_shapes.push_back(Dims{counts.at(m++)});
  }
  return index_layout(plan, view.shape(), index_shapes).shape;
}

std::string message(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

bool compiles(const std::string& src) {
  try {
    const auto begin = src.find("void __launch_bounds__(256) ") + 28;
    CompileResult r = compile(src, src.substr(begin, src.find('(', begin) - begin), 90);
    EXPECT_FALSE(r.image.empty());
    return true;
  } catch (const CompileError& e) {
    ADD_FAILURE() << e.what() << "\n" << numbered_source(src);
    return false;
  }
}

}  // namespace

// -- the plan ------------------------------------------------------------------------------------

TEST(IndexPlan, SingleArrayStaysInPlace) {
  IndexPlan p = plan_index(std::vector<Index>{colon, ints({2})}, 2);
  ASSERT_EQ(p.basic.size(), 2u);
  EXPECT_EQ(p.basic[1].kind, IndexItem::Slice);
  ASSERT_EQ(p.advanced.size(), 1u);
  EXPECT_EQ(p.advanced[0].kind, AdvancedIndex::Kind::Array);
  EXPECT_EQ(p.advanced[0].first_axis, 1);
  EXPECT_EQ(p.advanced[0].source_axis, 1);
  EXPECT_TRUE(p.adjacent);
  EXPECT_EQ(p.position, 1);
}

TEST(IndexPlan, IntegersCountAsAdvancedOnceThereIsAnArray) {
  // x[0, :, [1, 2]]: a slice separates the integer from the array, which goes first.
  IndexPlan p = plan_index(std::vector<Index>{Index::integer(0), colon, ints({2})}, 3);
  EXPECT_FALSE(p.adjacent);
  EXPECT_EQ(p.position, 0);
  EXPECT_EQ(p.basic[0].kind, IndexItem::Integer);
  EXPECT_EQ(p.advanced[0].first_axis, 1);
  EXPECT_EQ(p.advanced[0].source_axis, 2);
  // x[:, 0, [1, 2]]: next to each other, in place.
  p = plan_index(std::vector<Index>{colon, Index::integer(0), ints({2})}, 3);
  EXPECT_TRUE(p.adjacent);
  EXPECT_EQ(p.position, 1);
  // Integers alone are basic indexing.
  p = plan_index(std::vector<Index>{Index::integer(0), colon, Index::integer(1)}, 3);
  EXPECT_TRUE(p.advanced.empty());
  EXPECT_TRUE(p.adjacent);
}

TEST(IndexPlan, NewAxisSeparates) {
  IndexPlan p = plan_index(std::vector<Index>{ints({2}), Index::new_axis(), ints({2})}, 3);
  EXPECT_FALSE(p.adjacent);
  EXPECT_EQ(p.position, 0);
}

TEST(IndexPlan, MaskAxesAndEllipsis) {
  IndexPlan p = plan_index(std::vector<Index>{Index::ellipsis(), mask({3, 4})}, 3);
  ASSERT_EQ(p.basic.size(), 3u);
  ASSERT_EQ(p.advanced.size(), 1u);
  EXPECT_EQ(p.advanced[0].kind, AdvancedIndex::Kind::Mask);
  EXPECT_EQ(p.advanced[0].first_axis, 1);
  EXPECT_EQ(p.advanced[0].naxes, 2);
  EXPECT_EQ(p.advanced[0].source_axis, 1);
  EXPECT_TRUE(p.adjacent);
  EXPECT_EQ(p.position, 1);
}

TEST(IndexPlan, ZeroDimBoolAddsAnAxis) {
  IndexPlan p = plan_index(std::vector<Index>{Index::boolean(true)}, 1);
  ASSERT_EQ(p.basic.size(), 1u);
  EXPECT_EQ(p.basic[0].kind, IndexItem::NewAxis);
  ASSERT_EQ(p.advanced.size(), 1u);
  EXPECT_EQ(p.advanced[0].kind, AdvancedIndex::Kind::Bool);
  EXPECT_TRUE(p.advanced[0].value);
  p = plan_index(std::vector<Index>{Index::integer(0), Index::boolean(true), colon, ints({1})}, 3);
  EXPECT_FALSE(p.adjacent);
}

TEST(IndexPlan, ErrorsSayWhatNumPySays) {
  auto plan = [](std::vector<Index> key, int ndim) {
    return message([&] { plan_index(key, ndim); });
  };
  EXPECT_EQ(plan({ints({1}), ints({1})}, 1),
            "too many indices for array: array is 1-dimensional, but 2 were indexed");
  EXPECT_EQ(plan({mask({3, 4}), ints({1})}, 2),
            "too many indices for array: array is 2-dimensional, but 3 were indexed");
  EXPECT_EQ(plan({Index::ellipsis(), Index::ellipsis(), ints({1})}, 2),
            "an index can only have a single ellipsis ('...')");
  EXPECT_EQ(plan({described(DType::Float64, {1})}, 1),
            "arrays used as indices must be of integer (or boolean) type");
  EXPECT_THROW(plan_index(std::vector<Index>{described(DType::Float32, {2})}, 1), IndexError);
}

TEST(IndexPlan, BroadcastAndMaskMessages) {
  EXPECT_EQ(
      message([] {
        broadcast_index_shapes({Dims{4}, Dims{3}});
      }),
      "shape mismatch: indexing arrays could not be broadcast together with shapes (4,) (3,) ");
  EXPECT_EQ(broadcast_index_shapes({Dims{2, 1}, Dims{3}, Dims{}}), (Dims{2, 3}));
  EXPECT_EQ(message([] {
              IndexPlan p = plan_index(std::vector<Index>{colon, mask({4})}, 2);
              check_masks(p, Dims{3, 3});
            }),
            "boolean index did not match indexed array along axis 1; size of axis is 3 but size "
            "of corresponding boolean axis is 4");
}

TEST(IndexPlan, ResultShapesMatchNumPy) {
  const Dims s{3, 4, 5};
  const Index none = Index::new_axis(), dots = Index::ellipsis();
  auto I = [](int64_t i) { return Index::integer(i); };
  struct Case {
    std::vector<Index> key;
    Dims want;
    std::vector<int64_t> counts;
  };
  const std::vector<Case> cases = {
      {{ints({3})}, {3, 4, 5}},
      {{ints({0})}, {0, 4, 5}},
      {{colon, ints({2})}, {3, 2, 5}},
      {{dots, ints({2})}, {3, 4, 2}},
      {{ints({2}), ints({2})}, {2, 5}},
      {{ints({2}), colon, ints({2})}, {2, 4}},
      {{I(0), colon, ints({2})}, {2, 4}},
      {{colon, I(0), ints({2})}, {3, 2}},
      {{colon, ints({2, 2}), Index::slice(1, 3)}, {3, 2, 2, 2}},
      {{ints({2, 2}), none, ints({1})}, {2, 2, 1, 5}},
      {{none, ints({2})}, {1, 2, 4, 5}},
      {{Index::slice(IndexItem::kNone, IndexItem::kNone, -1), ints({2}),
        Index::slice(IndexItem::kNone, IndexItem::kNone, 2)},
       {3, 2, 3}},
      {{ints({2, 1}), ints({3})}, {2, 3, 5}},
      {{mask({3, 4, 5})}, {60}, {60}},
      {{mask({3, 4})}, {12, 5}, {12}},
      {{colon, mask({4, 5})}, {3, 20}, {20}},
      {{mask({3}), colon, ints({2})}, {2, 4}, {2}},
      {{mask({3}), ints({2})}, {2, 5}, {2}},
      {{Index::boolean(true)}, {1, 3, 4, 5}},
      {{Index::boolean(false)}, {0, 3, 4, 5}},
      {{I(0), Index::boolean(true)}, {1, 4, 5}},
      {{I(1), ints({2, 1}), Index::slice(1)}, {2, 1, 4}},
      {{I(0), Index::boolean(true), colon, ints({1})}, {1, 4}},
      {{ints({2}), none, ints({2})}, {2, 1, 5}},
      {{none, mask({3, 4}), none}, {1, 12, 1, 5}, {12}},
      {{colon, ints({2}), mask({5})}, {3, 2}, {2}},
      {{I(1), I(2)}, {5}},
  };
  for (std::size_t c = 0; c < cases.size(); ++c) {
    SCOPED_TRACE("case " + std::to_string(c));
    EXPECT_EQ(result_shape(s, cases[c].key, cases[c].counts), cases[c].want);
  }
  EXPECT_THROW(result_shape(s, {ints({2}), ints({3})}), IndexError);
  EXPECT_THROW(result_shape(s, {mask({3, 5})}, {1}), IndexError);
}

TEST(IndexPlan, PlacementMovesTheIndexDimensions) {
  // x[:, idx2d, :] on (5, 6, 7): index dims (2, 3) at position 1 of (5, 7).
  IndexPlan p = plan_index(std::vector<Index>{colon, ints({2, 3})}, 3);
  IndexLayout L = index_layout(p, Dims{5, 6, 7}, {Dims{2, 3}});
  EXPECT_EQ(L.order, (std::vector<int64_t>{1, 0, 2}));
  EXPECT_EQ(L.broadcast, (Dims{2, 3}));
  EXPECT_EQ(L.rest, (Dims{5, 7}));
  EXPECT_EQ(L.placement, (std::vector<int64_t>{2, 0, 1, 3}));
  EXPECT_EQ(L.shape, (Dims{5, 2, 3, 7}));
}

// -- kernels --------------------------------------------------------------------------------------

TEST(IndexingAdvancedCodegen, EveryKernelCompiles) {
  for (const std::string& src : detail::advanced_indexing_sources())
    if (!compiles(src)) return;
}

TEST(IndexingAdvancedCodegen, RavelChecksEveryIndexAndAccumulates) {
  const ElementwiseOp& op = detail::ravel_op(2, true);
  EXPECT_NE(op.body.find("if (t1 < 0 || t1 >= n1) { err[0] = 1; t1 = 0; }"), std::string::npos);
  EXPECT_NE(op.body.find("lin[i] += t0 * s0 + t1 * s1;"), std::string::npos);
}

// -- on a GPU -------------------------------------------------------------------------------------

namespace {

template <class T> NDArray upload(const std::vector<T>& h, DType dt, Dims shape) {
  return from_host(h.data(), dt, shape, Order::C);
}
template <class T> std::vector<T> download(const NDArray& a) {
  std::vector<T> h(static_cast<std::size_t>(a.size()));
  if (!h.empty()) to_host(a, h.data(), Order::C);
  return h;
}
std::vector<int64_t> iota(int64_t n) {
  std::vector<int64_t> v(n);
  for (int64_t i = 0; i < n; ++i) v[i] = i;
  return v;
}
NDArray index_array(std::vector<int64_t> v, Dims shape) {
  return upload(v, DType::Int64, std::move(shape));
}

}  // namespace

TEST(IndexingAdvancedGpu, MixedKeysReadAsNumPy) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  const NDArray a = upload(iota(60), DType::Int64, {3, 4, 5});
  const Index I2 = Index::of(index_array({0, 2, 1, -1}, {2, 2}));
  const Index none = Index::new_axis();
  auto m = [](std::vector<uint8_t> v, Dims shape) {
    return Index::of(upload(v, DType::Bool, std::move(shape)));
  };
  std::vector<uint8_t> m3(12);
  for (int i = 0; i < 12; ++i) m3[i] = (i * 5) % 3 == 0;  // (A % 3 == 0)[:, :, 0]
  std::vector<uint8_t> m0(20);
  for (int i = 0; i < 20; ++i) m0[i] = i % 3 == 0;  // (A % 3 == 0)[0]
  struct Case {
    std::vector<Index> key;
    Dims shape;
    std::vector<int64_t> values;
  };
  const std::vector<Case> cases = {
      {{I2, none, Index::of(index_array({1}, {1}))},
       {2, 2, 1, 5},
       {5, 6, 7, 8, 9, 45, 46, 47, 48, 49, 25, 26, 27, 28, 29, 45, 46, 47, 48, 49}},
      {{colon, I2, Index::slice(1, 3)}, {3, 2, 2, 2}, {1,  2,  11, 12, 6,  7,  16, 17,
                                                       21, 22, 31, 32, 26, 27, 36, 37,
                                                       41, 42, 51, 52, 46, 47, 56, 57}},
      {{Index::integer(0), colon, Index::of(index_array({1, 3}, {2}))},
       {2, 4},
       {1, 6, 11, 16, 3, 8, 13, 18}},
      {{m({1, 0, 1}, {3}), colon, Index::of(index_array({0, 4}, {2}))},
       {2, 4},
       {0, 5, 10, 15, 44, 49, 54, 59}},
      {{colon, m(m0, {4, 5})}, {3, 7}, {0,  3,  6,  9,  12, 15, 18, 20, 23, 26, 29,
                                        32, 35, 38, 40, 43, 46, 49, 52, 55, 58}},
      {{m(m3, {3, 4})}, {4, 5}, {0,  1,  2,  3,  4,  15, 16, 17, 18, 19,
                                 30, 31, 32, 33, 34, 45, 46, 47, 48, 49}},
      {{Index::of(upload(std::vector<uint8_t>{1, 0}, DType::UInt8, {2})),
        Index::of(upload(std::vector<int16_t>{-1, 2}, DType::Int16, {2, 1}))},
       {2, 2, 5},
       {35, 36, 37, 38, 39, 15, 16, 17, 18, 19, 30, 31, 32, 33, 34, 10, 11, 12, 13, 14}},
      {{Index::boolean(true)}, {1, 3, 4, 5}, iota(60)},
      {{Index::boolean(false)}, {0, 3, 4, 5}, {}},
  };
  for (std::size_t c = 0; c < cases.size(); ++c) {
    SCOPED_TRACE("case " + std::to_string(c));
    NDArray r = getitem(a, cases[c].key);
    EXPECT_EQ(r.shape(), cases[c].shape);
    EXPECT_EQ(download<int64_t>(contiguous(r)), cases[c].values);
  }
  // A key without index arrays is a view.
  NDArray v = getitem(a, std::vector<Index>{Index::integer(1), colon, Index::slice(0, 2)});
  EXPECT_EQ(v.memory(), a.memory());
  EXPECT_EQ(v.shape(), (Dims{4, 2}));
}

TEST(IndexingAdvancedGpu, MixedKeysWriteAsNumPy) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  std::vector<double> base(60);
  for (int i = 0; i < 60; ++i) base[i] = i;
  std::vector<uint8_t> m3(12);
  for (int i = 0; i < 12; ++i) m3[i] = (i * 5) % 3 == 0;
  const Index I2 = Index::of(index_array({0, 2, 1, -1}, {2, 2}));
  auto f64 = [](std::vector<double> v, Dims shape) {
    return upload(v, DType::Float64, std::move(shape));
  };
  std::vector<double> r15(15);
  for (int i = 0; i < 15; ++i) r15[i] = i;
  struct Case {
    std::vector<Index> key;
    NDArray value;  // undefined: the scalar
    double scalar;
    std::vector<int64_t> at;
    std::vector<double> want;
  };
  const std::vector<Case> cases = {
      {{Index::of(index_array({0, 2}, {2})), colon, Index::of(index_array({1, 3}, {2}))},
       {},
       5.5,
       {1, 6, 11, 16, 43, 48, 53, 58},
       std::vector<double>(8, 5.5)},
      {{colon, I2, Index::integer(1)},
       {},
       -2.0,
       {1, 6, 11, 16, 21, 26, 31, 36, 41, 46, 51, 56},
       std::vector<double>(12, -2.0)},
      {{Index::of(upload(m3, DType::Bool, {3, 4}))},
       f64({0, 1, 2, 3, 4}, {5}),
       0,
       {15, 16, 17, 18, 19, 30, 31, 32, 33, 34, 45, 46, 47, 48, 49},
       {0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4}},
      {{Index::slice(IndexItem::kNone, IndexItem::kNone, -1), Index::of(index_array({1, -1}, {2}))},
       f64(r15, {3, 1, 5}),
       0,
       {5,  6,  7,  8,  9,  15, 16, 17, 18, 19, 25, 26, 27, 28, 29,
        35, 36, 37, 38, 39, 45, 46, 47, 48, 49, 55, 56, 57, 58, 59},
       {10, 11, 12, 13, 14, 10, 11, 12, 13, 14, 5, 6, 7, 8, 9,
        5,  6,  7,  8,  9,  0,  1,  2,  3,  4,  0, 1, 2, 3, 4}},
      {{Index::integer(0), colon, Index::of(index_array({1, 3}, {2}))},
       f64({1, 2}, {2, 1}),
       0,
       {3, 6, 8, 11, 13, 16, 18},
       {2, 1, 2, 1, 2, 1, 2}},
  };
  for (std::size_t c = 0; c < cases.size(); ++c) {
    SCOPED_TRACE("case " + std::to_string(c));
    NDArray x = f64(base, {3, 4, 5});
    if (cases[c].value.defined()) setitem(x, cases[c].key, cases[c].value);
    else setitem(x, cases[c].key, Scalar::from_double(cases[c].scalar, DType::Float64));
    std::vector<double> want = base;
    for (std::size_t k = 0; k < cases[c].at.size(); ++k) want[cases[c].at[k]] = cases[c].want[k];
    EXPECT_EQ(download<double>(x), want);
  }
}

TEST(IndexingAdvancedGpu, OutOfBoundsWritesNothing) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  std::vector<double> zeros(60, 0.0);
  NDArray x = upload(zeros, DType::Float64, {3, 4, 5});
  const std::vector<Index> key = {Index::of(index_array({0, 1}, {2})),
                                  Index::of(index_array({0, 7}, {2}))};
  EXPECT_EQ(message([&] { getitem(x, key); }), "index 7 is out of bounds for axis 1 with size 4");
  EXPECT_EQ(message([&] { setitem(x, key, Scalar::from_double(1.0, DType::Float64)); }),
            "index 7 is out of bounds for axis 1 with size 4");
  EXPECT_EQ(download<double>(x), zeros);
  // The flag is cleared: the next call succeeds.
  EXPECT_EQ(getitem(x, std::vector<Index>{Index::of(index_array({0, 1}, {2})),
                                          Index::of(index_array({0, 3}, {2}))})
                .shape(),
            (Dims{2, 5}));
  EXPECT_EQ(message([&] {
              setitem(x, std::vector<Index>{Index::of(index_array({0, 1, 2}, {3}))},
                      upload(std::vector<double>{1, 2}, DType::Float64, {2}));
            }),
            "shape mismatch: value array of shape (2,) could not be broadcast to indexing result "
            "of shape (3,4,5)");
}

TEST(IndexingAdvancedGpu, ValueViewingTheTargetIsReadFirst) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  std::vector<double> h(10);
  for (int i = 0; i < 10; ++i) h[i] = i;
  NDArray x = upload(h, DType::Float64, {10});
  // x[mask] = x[0:3] with the mask selecting 1, 2 and 3: the general scatter.
  std::vector<uint8_t> m(10, 0);
  m[1] = m[2] = m[3] = 1;
  setitem(x, std::vector<Index>{Index::of(upload(m, DType::Bool, {10}))},
          x.index({IndexItem::slice(0, 3)}));
  EXPECT_EQ(download<double>(x), (std::vector<double>{0, 0, 1, 2, 4, 5, 6, 7, 8, 9}));
}
