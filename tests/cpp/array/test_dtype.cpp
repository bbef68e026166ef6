// The dtype table and NumPy 2's promotion rules.
#include <gtest/gtest.h>

#include "cunp/array/dtype.hpp"
#include "cunp/array/scalar.hpp"
#include "cunp/runtime/error.hpp"

using namespace cunp;

TEST(DType, PromotionMatchesNumPy) {
  EXPECT_EQ(promote_types(DType::UInt8, DType::Int8), DType::Int16);
  EXPECT_EQ(promote_types(DType::UInt64, DType::Int64), DType::Float64);
  EXPECT_EQ(promote_types(DType::Int16, DType::Float16), DType::Float32);
  EXPECT_EQ(promote_types(DType::Int8, DType::Float16), DType::Float16);
  EXPECT_EQ(promote_types(DType::Int32, DType::Float32), DType::Float64);
  EXPECT_EQ(promote_types(DType::Float64, DType::Complex64), DType::Complex128);
  EXPECT_EQ(promote_types(DType::Bool, DType::Bool), DType::Bool);
  for (int i = 0; i < kNumDTypes; ++i)
    for (int j = 0; j < kNumDTypes; ++j)
      EXPECT_EQ(promote_types(DType(i), DType(j)), promote_types(DType(j), DType(i)));
}

TEST(DType, CastingRules) {
  EXPECT_TRUE(can_cast(DType::Int8, DType::Float16));
  EXPECT_FALSE(can_cast(DType::Int64, DType::Float32));
  EXPECT_TRUE(can_cast(DType::UInt8, DType::Int8, Casting::SameKind));
  EXPECT_FALSE(can_cast(DType::Int8, DType::UInt8, Casting::SameKind));
  EXPECT_TRUE(can_cast(DType::Float64, DType::Float16, Casting::SameKind));
  EXPECT_FALSE(can_cast(DType::Complex64, DType::Float64, Casting::SameKind));
  EXPECT_FALSE(can_cast(DType::Int32, DType::Int64, Casting::No));
}

TEST(DType, Parsing) {
  EXPECT_EQ(dtype_from_string("float32"), DType::Float32);
  EXPECT_EQ(dtype_from_string("<f4"), DType::Float32);
  EXPECT_EQ(dtype_from_string("f"), DType::Float32);
  EXPECT_EQ(dtype_from_string("i8"), DType::Int64);
  EXPECT_EQ(dtype_from_string("complex"), DType::Complex128);
  EXPECT_EQ(dtype_from_string("?"), DType::Bool);
  EXPECT_THROW(dtype_from_string("float99"), TypeError);
  EXPECT_THROW(dtype_from_string(">f4"), TypeError);
}

TEST(Scalar, HalfConversionRoundsToNearestEven) {
  EXPECT_EQ(float_to_half(1.0f), 0x3c00);
  EXPECT_EQ(float_to_half(65504.0f), 0x7bff);
  EXPECT_EQ(float_to_half(65520.0f), 0x7c00);  // rounds up to inf
  EXPECT_EQ(float_to_half(-0.0f), 0x8000);
  EXPECT_EQ(float_to_half(5.9604645e-08f), 0x0001);      // smallest subnormal
  EXPECT_EQ(float_to_half(1.0f + 1.0f / 2048), 0x3c00);  // tie to even
  for (uint32_t h = 0; h < 0x7c00; ++h) EXPECT_EQ(float_to_half(half_to_float(h)), h);
}

TEST(Scalar, CastsLikeAstype) {
  EXPECT_EQ(Scalar::from_double(-1.0, DType::UInt8).as_int(), 255);
  EXPECT_EQ(Scalar::from_int(300, DType::Int8).as_int(), 44);
  EXPECT_TRUE(Scalar::from_double(0.5, DType::Bool).as_bool());
  EXPECT_EQ(Scalar::from_complex({2.5, 1.0}, DType::Float32).as_double(), 2.5);
  EXPECT_EQ(Scalar::from_int(-1, DType::UInt64).as_uint(), UINT64_MAX);
}
