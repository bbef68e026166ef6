// tests/cpp/ufunc/test_operators.cpp -- NDArray's operators: type resolution of arrays and C++ numbers
// (NEP 50), broadcast and casting errors and the ufunc behind each in-place form need no GPU
// (arrays over fake memory, errors raised before anything runs); values need one.
#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <string>
#include <vector>

#include "cunp/cunp.hpp"
#include "support/fake_array.hpp"

using namespace cunp;

namespace {

NDArray fake(Dims shape, DType dt = DType::Float64) { return test_support::fake_array(shape, dt); }

// The dtype `ufunc(a, b)` gives, resolved as the operators resolve it (no data touched).
DType resolved(const char* name, const Operand& a, const Operand& b) {
  const Ufunc& u = *find_ufunc(name);
  return resolve_ufunc(u, {a.arg(), b.arg()}, {}, {}).loop->types[u.nin];
}

}  // namespace

TEST(Operators, NumbersAreWeakAsPythonScalars) {
  NDArray u8 = fake({3}, DType::UInt8), i8 = fake({3}, DType::Int8),
          f32 = fake({3}, DType::Float32);
  NDArray i32 = fake({3}, DType::Int32), b = fake({3}, DType::Bool);
  EXPECT_EQ(resolved("add", u8, 1), DType::UInt8);            // uint8 + 1 stays uint8
  EXPECT_EQ(resolved("add", i8, 1.5), DType::Float64);        // int8 + 1.5 is float64
  EXPECT_EQ(resolved("multiply", 2.0, f32), DType::Float32);  // 2.0 * float32 stays float32
  EXPECT_EQ(resolved("multiply", 2.0f, i8), DType::Float64);  // a C++ float is a Python float
  EXPECT_EQ(resolved("add", f32, std::complex<double>(1, 1)), DType::Complex64);
  EXPECT_EQ(resolved("divide", i32, 2), DType::Float64);  // true division
  EXPECT_EQ(resolved("add", i8, u8), DType::Int16);       // two arrays promote
  EXPECT_EQ(resolved("add", b, true), DType::Bool);       // bool is strong and stays bool
  EXPECT_EQ(resolved("add", i8, true), DType::Int8);
  EXPECT_EQ(resolved("add", i8, Scalar::from_int(1, DType::Int32)), DType::Int32);  // strong
  EXPECT_EQ(resolved("less", i32, 1.5), DType::Bool);
  EXPECT_EQ(resolved("equal", fake({3}, DType::Int64), uint64_t{1} << 63), DType::Bool);
  EXPECT_EQ(resolved("add", u8, uint64_t{200}), DType::UInt8);
}

TEST(Operators, IntegersOutOfRangeOverflow) {
  NDArray u8 = fake({3}, DType::UInt8);
  EXPECT_EQ(test_support::message_of<OverflowError>([&] { (void)(u8 + 300); }),
            "Python integer 300 out of bounds for uint8");
  EXPECT_THROW((void)(-1 * u8), OverflowError);
  EXPECT_THROW(u8 += 256, OverflowError);
  // Comparisons answer exactly beyond int64, except against bool, as NumPy.
  EXPECT_THROW((void)(fake({2}, DType::Bool) == (uint64_t{1} << 63)), OverflowError);
}

TEST(Operators, BroadcastErrorsNameTheShapes) {
  EXPECT_EQ(test_support::message_of<ValueError>([] {
              (void)(fake({2, 3}) + fake({4}));
            }),
            "operands could not be broadcast together with shapes (2,3) (4,) ");
  EXPECT_THROW((void)(fake({3}) == fake({2})), ValueError);
  // In place, the result must keep the left operand's shape: it cannot grow.
  NDArray a = fake({3});
  EXPECT_THROW(a += fake({2, 3}), ValueError);
  EXPECT_THROW(a *= fake({4}), ValueError);
}

TEST(Operators, InPlaceFormsCastSameKindThroughTheirUfunc) {
  // int8 op= 1.5: the float64 result cannot be written into int8 (or no integer loop takes a
  // float), and the message names the ufunc: each in-place form reaches its own.
  NDArray i8 = fake({3}, DType::Int8);
#define CHECK_INPLACE(op, inplace, fn)                                            \
  {                                                                               \
    std::string m = test_support::message_of<TypeError>([&] { i8 inplace 1.5; }); \
    EXPECT_NE(m.find("'" #fn "'"), std::string::npos) << #inplace << ": " << m;   \
  }
  CUNP_ARITHMETIC_OPERATORS(CHECK_INPLACE)
#undef CHECK_INPLACE
  EXPECT_EQ(test_support::message_of<TypeError>([&] { i8 /= fake({3}, DType::Int8); }),
            "Cannot cast ufunc 'divide' output from dtype('float64') to dtype('int8') with "
            "casting rule 'same_kind'");
  NDArray f32 = fake({3}, DType::Float32);
  EXPECT_THROW(f32 += std::complex<double>(0, 1), TypeError);
}

TEST(Operators, UnaryAndBitwiseRefuseWhatNumPyRefuses) {
  EXPECT_NE(
      test_support::message_of<TypeError>([] { (void)(-fake({2}, DType::Bool)); }).find("negative"),
      std::string::npos);
  EXPECT_THROW((void)(fake({2}, DType::Bool) - true), TypeError);
  EXPECT_NE(test_support::message_of<TypeError>([] { (void)(~fake({2})); }).find("'invert'"),
            std::string::npos);
  EXPECT_NE(
      test_support::message_of<TypeError>([] { (void)(fake({2}) << 1); }).find("'left_shift'"),
      std::string::npos);
  EXPECT_NE(test_support::message_of<TypeError>([] {
              (void)(fake({2}, DType::Complex128) % 2);
            }).find("'remainder'"),
            std::string::npos);
  EXPECT_THROW((void)(NDArray() + 1), ValueError);  // an array without data
}

// -- with a GPU: values NumPy gives -----------------------------------------------------------

TEST(OperatorsGpu, ArithmeticFollowsNumPy) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray x = asarray({1.0, 2.0, 3.0, 4.0}, Dims{2, 2});
  NDArray y = asarray({10, 20});  // int32, broadcast along the rows
  NDArray s = x + y;
  EXPECT_EQ(s.dtype(), DType::Float64);
  EXPECT_EQ(to_vector<double>(s), (std::vector<double>{11, 22, 13, 24}));
  EXPECT_EQ(to_vector<double>(2.0 * x - 1), (std::vector<double>{1, 3, 5, 7}));
  EXPECT_EQ(to_vector<double>(1 / x(0)), (std::vector<double>{1, 0.5}));
  EXPECT_EQ(to_vector<double>(-x(1)), (std::vector<double>{-3, -4}));
  EXPECT_EQ(to_vector<double>(power(x, 2)), (std::vector<double>{1, 4, 9, 16}));
  EXPECT_EQ(to_vector<double>(pow(2, x(0))), (std::vector<double>{2, 4}));

  NDArray u8 = asarray(std::vector<uint8_t>{250, 255});
  NDArray w = u8 + 1;  // stays uint8 and wraps, as in NumPy
  EXPECT_EQ(w.dtype(), DType::UInt8);
  EXPECT_EQ(to_vector<int>(w), (std::vector<int>{251, 0}));
  NDArray f = asarray({1.5f, 2.5f}) * 2.0;
  EXPECT_EQ(f.dtype(), DType::Float32);
  EXPECT_EQ(to_vector<float>(f), (std::vector<float>{3, 5}));

  // Python's % and //: the remainder has the divisor's sign.
  NDArray n = asarray(std::vector<int64_t>{-7, 7});
  EXPECT_EQ(to_vector<int64_t>(n % 3), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(to_vector<int64_t>(n % -3), (std::vector<int64_t>{-1, -2}));
  EXPECT_EQ(to_vector<int64_t>(floor_divide(n, 2)), (std::vector<int64_t>{-4, 3}));
  NDArray q = n / 2;
  EXPECT_EQ(q.dtype(), DType::Float64);
  EXPECT_EQ(to_vector<double>(q), (std::vector<double>{-3.5, 3.5}));
}

TEST(OperatorsGpu, ComparisonsAndBitsGiveNumPysArrays) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray x = asarray({1.0, 2.0, 3.0, 4.0});
  NDArray gt = x > 2;
  EXPECT_EQ(gt.dtype(), DType::Bool);
  EXPECT_EQ(to_vector<bool>(gt), (std::vector<bool>{false, false, true, true}));
  EXPECT_EQ(to_vector<bool>(x == asarray({1.0, 0.0, 3.0, 0.0})),
            (std::vector<bool>{true, false, true, false}));
  EXPECT_EQ(to_vector<bool>(2 <= x), (std::vector<bool>{false, true, true, true}));
  EXPECT_EQ(to_vector<bool>(x != 4), (std::vector<bool>{true, true, true, false}));
  // int64 against a uint64 beyond its range compares exactly.
  NDArray i = asarray(std::vector<int64_t>{-1, 5});
  EXPECT_EQ(to_vector<bool>(i < (uint64_t{1} << 63)), (std::vector<bool>{true, true}));

  NDArray b = asarray(std::vector<int64_t>{12});
  EXPECT_EQ(to_vector<int64_t>(b & 10), (std::vector<int64_t>{8}));
  EXPECT_EQ(to_vector<int64_t>(b | 10), (std::vector<int64_t>{14}));
  EXPECT_EQ(to_vector<int64_t>(b ^ 10), (std::vector<int64_t>{6}));
  EXPECT_EQ(to_vector<int64_t>(b << 2), (std::vector<int64_t>{48}));
  EXPECT_EQ(to_vector<int64_t>(b >> 2), (std::vector<int64_t>{3}));
  EXPECT_EQ(to_vector<int64_t>(~b), (std::vector<int64_t>{-13}));
  NDArray m = asarray(std::vector<bool>{true, false});
  EXPECT_EQ(to_vector<bool>(~m), (std::vector<bool>{false, true}));
  EXPECT_EQ(to_vector<bool>(m & true), (std::vector<bool>{true, false}));
}

TEST(OperatorsGpu, InPlaceWritesTheLeftOperand) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray a = asarray(std::vector<int64_t>{1, 2, 3});
  NDArray same = a;
  a += 1;
  a *= a;  // overlaps itself element for element
  a -= asarray(std::vector<int8_t>{1});
  EXPECT_EQ(to_vector<int64_t>(same), (std::vector<int64_t>{3, 8, 15}));
  a <<= 1;
  a %= 7;
  EXPECT_EQ(to_vector<int64_t>(a), (std::vector<int64_t>{6, 2, 2}));

  NDArray x = asarray({1.0, 2.0, 3.0, 4.0}, Dims{2, 2});
  x /= 2;
  x(Slice(0, 1)) += 10;  // through a view: only the first row
  x(All, 1) *= -1;
  EXPECT_EQ(to_vector<double>(x), (std::vector<double>{10.5, -11, 1.5, -2}));
  // Reading what is being written (x.T into x) gives NumPy's result: the input is copied first.
  NDArray t = asarray({1.0, 2.0, 3.0, 4.0}, Dims{2, 2});
  t += t.transpose();
  EXPECT_EQ(to_vector<double>(t), (std::vector<double>{2, 5, 5, 8}));
}
