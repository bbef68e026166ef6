// cunp/array/number.hpp -- C++ numbers as array values: the Number concept, dtype_of<T>() (the
// dtype whose elements are a T), scalar_of(v) (the Scalar holding v in that dtype) and
// python_scalar(v) (the value v carries as a Python scalar, for NEP 50's weak scalars).
#pragma once
#include <complex>
#include <concepts>
#include <cstdint>
#include <type_traits>

#include "cunp/array/dtype.hpp"
#include "cunp/array/scalar.hpp"

namespace cunp {

// The C++ types cunp takes as values: bool, the integer types, float, double and their
// std::complex. long double is left out: no dtype holds it (NumPy's longdouble is not one of the
// 14 types).
template <class T>
concept Number = std::is_integral_v<T> || std::same_as<T, float> || std::same_as<T, double> ||
    std::same_as<T, std::complex<float>> || std::same_as<T, std::complex<double>>;

// The dtype of a C++ type by its size and signedness: long and long long are both 64-bit
// integers here, and char is int8 or uint8 as the platform's char is signed or not.
template <Number T> constexpr DType dtype_of() {
  if constexpr (std::same_as<T, bool>) {
    return DType::Bool;
  } else if constexpr (std::is_integral_v<T>) {
    constexpr bool s = std::is_signed_v<T>;
    if constexpr (sizeof(T) == 1) return s ? DType::Int8 : DType::UInt8;
    if constexpr (sizeof(T) == 2) return s ? DType::Int16 : DType::UInt16;
    if constexpr (sizeof(T) == 4) return s ? DType::Int32 : DType::UInt32;
    if constexpr (sizeof(T) == 8) return s ? DType::Int64 : DType::UInt64;
  } else if constexpr (std::same_as<T, float>) {
    return DType::Float32;
  } else if constexpr (std::same_as<T, double>) {
    return DType::Float64;
  } else if constexpr (std::same_as<T, std::complex<float>>) {
    return DType::Complex64;
  } else {
    return DType::Complex128;
  }
}

// v as a Scalar of dtype `dt` (default: v's own dtype), converted with astype's rules.
template <Number T> Scalar scalar_of(T v, DType dt = dtype_of<T>()) {
  if constexpr (std::same_as<T, bool>) {
    return Scalar::from_bool(v, dt);
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    return Scalar::from_int(static_cast<int64_t>(v), dt);
  } else if constexpr (std::is_integral_v<T>) {
    return Scalar::from_uint(static_cast<uint64_t>(v), dt);
  } else if constexpr (std::is_floating_point_v<T>) {
    return Scalar::from_double(static_cast<double>(v), dt);
  } else {
    return Scalar::from_complex(std::complex<double>(v), dt);
  }
}

// The value a C++ number carries as a Python scalar (NEP 50's weak scalars, which take their
// dtype from the arrays they meet): integers as int64 (uint64 above int64's range), float and
// double as float64, complex as complex128. bool stays bool: Python's bool is not weak.
template <Number T> Scalar python_scalar(T v) {
  if constexpr (std::same_as<T, bool>) {
    return Scalar::from_bool(v, DType::Bool);
  } else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T> && sizeof(T) == 8) {
    if (v > static_cast<uint64_t>(INT64_MAX)) return Scalar::from_uint(v, DType::UInt64);
    return Scalar::from_int(static_cast<int64_t>(v), DType::Int64);
  } else if constexpr (std::is_integral_v<T>) {
    return Scalar::from_int(static_cast<int64_t>(v), DType::Int64);
  } else if constexpr (std::is_floating_point_v<T>) {
    return Scalar::from_double(static_cast<double>(v), DType::Float64);
  } else {
    return Scalar::from_complex(std::complex<double>(v), DType::Complex128);
  }
}

}  // namespace cunp
