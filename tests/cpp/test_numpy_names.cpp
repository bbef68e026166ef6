// tests/cpp/test_numpy_names.cpp -- the common functions under NumPy's names (sum(x, axis),
// max, where, arange, full, asarray, copyto, result_type, ...): dtype rules and argument errors
// need no GPU (arrays over fake memory; nothing is allocated before they are checked); values
// are NumPy's, checked on a GPU.
#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <vector>

#include "cunp/cunp.hpp"
#include "support/fake_array.hpp"

using namespace cunp;

namespace {

NDArray fake(Dims shape, DType dt = DType::Float64) { return test_support::fake_array(shape, dt); }

}  // namespace

static_assert(dtype_of<bool>() == DType::Bool && dtype_of<int8_t>() == DType::Int8);
static_assert(dtype_of<uint16_t>() == DType::UInt16 && dtype_of<int>() == DType::Int32);
static_assert(dtype_of<long long>() == DType::Int64 && dtype_of<uint64_t>() == DType::UInt64);
static_assert(dtype_of<float>() == DType::Float32 && dtype_of<double>() == DType::Float64);
static_assert(dtype_of<std::complex<float>>() == DType::Complex64);
static_assert(!Number<long double> && !Number<NDArray>);

TEST(NumpyNames, ResultTypeTakesNumbersAsPythonScalars) {
  NDArray u8 = fake({2}, DType::UInt8), i8 = fake({2}, DType::Int8);
  NDArray f32 = fake({2}, DType::Float32);
  EXPECT_EQ(result_type(u8, 1), DType::UInt8);
  EXPECT_EQ(result_type(i8, 1.5), DType::Float64);
  EXPECT_EQ(result_type(f32, 2.0), DType::Float32);
  EXPECT_EQ(result_type(f32, std::complex<double>(0, 1)), DType::Complex64);
  EXPECT_EQ(result_type(i8, u8), DType::Int16);
  EXPECT_EQ(result_type(f32, Scalar::from_double(1, DType::Float64)), DType::Float64);
  EXPECT_EQ(result_type(i8, true), DType::Int8);
  EXPECT_EQ(result_type(1, 2.5), DType::Float64);  // only numbers: their default dtypes
  EXPECT_EQ(result_type(1), DType::Int64);
}

TEST(NumpyNames, ArgumentErrorsComeFirst) {
  EXPECT_THROW(arange(0, 5, 0), ValueError);
  EXPECT_THROW(asarray({1.0, 2.0, 3.0}, Dims{2, 2}), ValueError);
  EXPECT_THROW(full({2}, 300, DType::UInt8), OverflowError);
  EXPECT_THROW(full_like(fake({2}, DType::Int8), -129), OverflowError);
  EXPECT_THROW(nonzero(fake({})), ValueError);  // NumPy 2 refuses 0-d
  EXPECT_THROW(cunp::sum(fake({2, 3}), 2), AxisError);
  EXPECT_THROW(cunp::max(fake({2, 3}), std::vector<int64_t>{0, 0}), ValueError);
  EXPECT_THROW(mean(fake({2, 3}), -3), AxisError);
  EXPECT_THROW(cunp::std(fake({2, 3}), 5, 1.0), AxisError);
  EXPECT_THROW(cumsum(fake({2, 3}), 2), AxisError);
  EXPECT_THROW(swapaxes(fake({2, 3}), 0, 2), AxisError);
  EXPECT_EQ(transpose(fake({2, 3, 4})).shape(), (Dims{4, 3, 2}));
  EXPECT_EQ(permute_dims(fake({2, 3, 4}), {1, 0, 2}).shape(), (Dims{3, 2, 4}));
  EXPECT_EQ(moveaxis(fake({2, 3, 4}), 0, -1).shape(), (Dims{3, 4, 2}));
  EXPECT_EQ(expand_dims(fake({2, 3}), 1).shape(), (Dims{2, 1, 3}));
  EXPECT_EQ(squeeze(fake({1, 3, 1})).shape(), (Dims{3}));
  EXPECT_EQ(broadcast_to(fake({3}), {2, 3}).strides(), (Dims{0, 8}));
  EXPECT_EQ(real(fake({2}, DType::Complex128)).dtype(), DType::Float64);
  EXPECT_EQ(imag(fake({2}, DType::Complex64)).dtype(), DType::Float32);
}

TEST(NumpyNames, CopytoChecksTheCastingRule) {
  NDArray i64 = fake({3}, DType::Int64), u8 = fake({3}, DType::UInt8);
  EXPECT_THROW(copyto(i64, 1.5), TypeError);  // a float does not go into int64 same_kind
  EXPECT_THROW(copyto(fake({3}, DType::Bool), 1), TypeError);
  EXPECT_THROW(copyto(u8, 300), OverflowError);
  try {
    copyto(fake({3}, DType::Int32), fake({3}, DType::Float64));
    ADD_FAILURE() << "no TypeError";
  } catch (const TypeError& e) {
    EXPECT_STREQ(e.what(),
                 "Cannot cast array data from dtype('float64') to dtype('int32') according to "
                 "the rule 'same_kind'");
  }
  EXPECT_THROW(copyto(i64, fake({2})), TypeError);  // the cast is checked before the shape
  EXPECT_THROW(copyto(fake({3}), fake({2})), ValueError);
}

// -- with a GPU: values NumPy gives -----------------------------------------------------------

TEST(NumpyNamesGpu, Reductions) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray x = asarray({1.0, 5.0, 3.0, 4.0, 2.0, 6.0}, Dims{2, 3});
  EXPECT_EQ(to_vector<double>(cunp::sum(x)), (std::vector<double>{21}));
  EXPECT_EQ(to_vector<double>(cunp::sum(x, 0)), (std::vector<double>{5, 7, 9}));
  EXPECT_EQ(cunp::sum(x, 1, true).shape(), (Dims{2, 1}));
  EXPECT_EQ(to_vector<double>(cunp::sum(x, {0, 1})), (std::vector<double>{21}));
  EXPECT_EQ(to_vector<double>(prod(x, -1)), (std::vector<double>{15, 48}));
  EXPECT_EQ(to_vector<double>(cunp::max(x, 0)), (std::vector<double>{4, 5, 6}));
  EXPECT_EQ(to_vector<double>(cunp::min(x)), (std::vector<double>{1}));
  EXPECT_EQ(to_vector<int64_t>(argmax(x, 1)), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(to_vector<double>(mean(x, 1)), (std::vector<double>{3, 4}));
  EXPECT_TRUE(allclose(cunp::std(x, 0, 1.0),
                       asarray({2.1213203435596424, 2.1213203435596424, 2.1213203435596424})));
  EXPECT_EQ(to_vector<bool>(cunp::all(x > 0, 0)), (std::vector<bool>{true, true, true}));
  EXPECT_EQ(to_vector<bool>(cunp::any(x > 5, 1)), (std::vector<bool>{false, true}));
  NDArray c = cumsum(asarray(std::vector<int8_t>{1, 2, 3}));
  EXPECT_EQ(c.dtype(), DType::Int64);  // small integers accumulate in int64
  EXPECT_EQ(to_vector<int64_t>(c), (std::vector<int64_t>{1, 3, 6}));
  EXPECT_EQ(to_vector<double>(cumprod(x, 1)), (std::vector<double>{1, 5, 15, 4, 8, 48}));
  EXPECT_EQ(to_vector<double>(cumsum(x)), (std::vector<double>{1, 6, 9, 13, 15, 21}));
}

TEST(NumpyNamesGpu, SelectionAndRounding) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray x = asarray({-1.5, 0.25, 2.5, 4.0});
  EXPECT_EQ(to_vector<double>(where(x > 0, x, 0)), (std::vector<double>{0, 0.25, 2.5, 4}));
  NDArray w = where(x > 0, 1, 2);  // two Python ints: int64
  EXPECT_EQ(w.dtype(), DType::Int64);
  EXPECT_EQ(to_vector<int64_t>(w), (std::vector<int64_t>{2, 1, 1, 1}));
  auto nz = nonzero(reshape(x > 1, {2, 2}));
  ASSERT_EQ(nz.size(), 2u);
  EXPECT_EQ(to_vector<int64_t>(nz[0]), (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(to_vector<int64_t>(nz[1]), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(to_vector<int64_t>(where(x > 1)[0]), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(to_vector<double>(clip(x, 0, 3)), (std::vector<double>{0, 0.25, 2.5, 3}));
  EXPECT_EQ(to_vector<double>(cunp::round(x)), (std::vector<double>{-2, 0, 2, 4}));  // to even
  EXPECT_EQ(to_vector<double>(cunp::round(x, 1)), (std::vector<double>{-1.5, 0.2, 2.5, 4}));
  EXPECT_TRUE(allclose(x, x + 1e-9));
  EXPECT_FALSE(allclose(x, x + 1e-3));
  EXPECT_EQ(to_vector<bool>(isclose(x, 2.5)), (std::vector<bool>{false, false, true, false}));
}

TEST(NumpyNamesGpu, CreationAndHostData) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray a = arange(5);
  EXPECT_EQ(a.dtype(), DType::Int64);
  EXPECT_EQ(to_vector<int64_t>(a), (std::vector<int64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(to_vector<int64_t>(arange(10, 0, -3)), (std::vector<int64_t>{10, 7, 4, 1}));
  NDArray f = arange(0.0, 1.0, 0.25);
  EXPECT_EQ(f.dtype(), DType::Float64);
  EXPECT_EQ(to_vector<double>(f), (std::vector<double>{0, 0.25, 0.5, 0.75}));
  EXPECT_EQ(to_vector<double>(arange(1, 2.5)), (std::vector<double>{1, 2}));
  EXPECT_EQ(to_vector<double>(linspace(0, 1, 5)), (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
  EXPECT_EQ(to_vector<double>(eye(2)), (std::vector<double>{1, 0, 0, 1}));
  EXPECT_EQ(to_vector<int>(identity(2, DType::Int32)), (std::vector<int>{1, 0, 0, 1}));

  NDArray i = full({2}, 7);
  EXPECT_EQ(i.dtype(), DType::Int64);  // as np.full((2,), 7)
  EXPECT_EQ(full({2}, 0.5).dtype(), DType::Float64);
  EXPECT_EQ(full({2}, true).dtype(), DType::Bool);
  EXPECT_EQ(to_vector<int>(full({3}, 255, DType::UInt8)), (std::vector<int>{255, 255, 255}));
  NDArray z = zeros_like(i), o = ones_like(i, DType::Float32), e = empty_like(i);
  EXPECT_EQ(to_vector<int64_t>(z), (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(o.dtype(), DType::Float32);
  EXPECT_EQ(to_vector<float>(o), (std::vector<float>{1, 1}));
  EXPECT_EQ(e.shape(), i.shape());
  EXPECT_EQ(to_vector<double>(full_like(o, 2.5)), (std::vector<double>{2.5, 2.5}));
  EXPECT_EQ(to_vector<double>(imag(o)), (std::vector<double>{0, 0}));

  NDArray h = asarray(std::vector<uint16_t>{1, 2, 3, 4, 5, 6}, Dims{2, 3});
  EXPECT_EQ(h.dtype(), DType::UInt16);
  EXPECT_EQ(to_vector<double>(transpose(h)), (std::vector<double>{1, 4, 2, 5, 3, 6}));
  EXPECT_EQ(to_vector<bool>(asarray(std::vector<bool>{true, false, true})),
            (std::vector<bool>{true, false, true}));
  NDArray dst = zeros({2, 3}, DType::Int32);
  copyto(dst, asarray(std::vector<int16_t>{1, 2, 3}));  // broadcast over the rows
  copyto(dst(1), 9);
  EXPECT_EQ(to_vector<int>(dst), (std::vector<int>{1, 2, 3, 9, 9, 9}));
  EXPECT_EQ(to_vector<double>(concat({arange(2.0), arange(1.0)})), (std::vector<double>{0, 1, 0}));
}
