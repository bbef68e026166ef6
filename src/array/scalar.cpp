// src/array/scalar.cpp -- host-side values of every dtype, converted with the device's rules.
#include "cunp/array/scalar.hpp"

#include <cmath>
#include <type_traits>

namespace cunp {

uint16_t float_to_half(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t mag = x & 0x7fffffffu;
  if (mag >= 0x7f800000u)  // inf or nan (keep nan quiet)
    return static_cast<uint16_t>(sign | 0x7c00u | (mag > 0x7f800000u ? 0x200u : 0u));
  if (mag >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // rounds to inf
  if (mag < 0x38800000u) {  // subnormal half (or zero): shift with round-to-nearest-even
    if (mag < 0x33000000u) return static_cast<uint16_t>(sign);
    uint32_t e = mag >> 23;
    uint32_t m = (mag & 0x7fffffu) | 0x800000u;
    int shift = 126 - static_cast<int>(e);  // 113 - e + 13
    uint32_t half = m >> shift;
    uint32_t rem = m & ((1u << shift) - 1);
    uint32_t mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1))) ++half;
    return static_cast<uint16_t>(sign | half);
  }
  uint32_t h = ((mag - 0x38000000u) >> 13);
  uint32_t rem = mag & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1))) ++h;
  return static_cast<uint16_t>(sign | h);
}

float half_to_float(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16;
  uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff;
  uint32_t x;
  if (e == 0) {
    if (m == 0) x = sign;
    else {  // subnormal: normalize
      int k = 0;
      while (!(m & 0x400)) {
        m <<= 1;
        ++k;
      }
      x = sign | ((113 - k) << 23) | ((m & 0x3ff) << 13);
    }
  } else if (e == 31) {
    x = sign | 0x7f800000u | (m << 13);
  } else {
    x = sign | ((e + 112) << 23) | (m << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

namespace {

template <class T> void store(Scalar& s, T v) { std::memcpy(s.bytes, &v, sizeof v); }

// Float to integer as the device's cast<> does: through int64, wrapping; NaN and values out of
// int64's range give INT64_MIN's low bits, as x86 does.
template <class I> I float_to_int(double v) {
  if constexpr (std::is_same_v<I, uint64_t>)
    if (v >= 0 && v < 1.8446744073709552e19) return static_cast<uint64_t>(v);
  if (!(v > -9.2233720368547758e18 && v < 9.2233720368547758e18))
    return static_cast<I>(static_cast<uint64_t>(INT64_MIN));
  return static_cast<I>(static_cast<int64_t>(v));
}

}  // namespace

Scalar Scalar::from_complex(std::complex<double> v, DType dt) {
  Scalar s;
  s.dtype = dt;
  double re = v.real();
  switch (dt) {
    case DType::Bool: store(s, re != 0 || v.imag() != 0); break;
    case DType::Int8: store(s, float_to_int<int8_t>(re)); break;
    case DType::UInt8: store(s, float_to_int<uint8_t>(re)); break;
    case DType::Int16: store(s, float_to_int<int16_t>(re)); break;
    case DType::UInt16: store(s, float_to_int<uint16_t>(re)); break;
    case DType::Int32: store(s, float_to_int<int32_t>(re)); break;
    case DType::UInt32: store(s, float_to_int<uint32_t>(re)); break;
    case DType::Int64: store(s, float_to_int<int64_t>(re)); break;
    case DType::UInt64: store(s, float_to_int<uint64_t>(re)); break;
    case DType::Float16: store(s, float_to_half(static_cast<float>(re))); break;
    case DType::Float32: store(s, static_cast<float>(re)); break;
    case DType::Float64: store(s, re); break;
    case DType::Complex64: store(s, std::complex<float>(v)); break;
    case DType::Complex128: store(s, v); break;
  }
  return s;
}

Scalar Scalar::from_double(double v, DType dt) { return from_complex({v, 0.0}, dt); }

Scalar Scalar::from_int(int64_t v, DType dt) {
  if (is_inexact(dt)) return from_double(static_cast<double>(v), dt);
  Scalar s;
  s.dtype = dt;
  if (dt == DType::Bool) store(s, v != 0);
  else std::memcpy(s.bytes, &v, itemsize(dt));  // little-endian: the low bytes wrap like C
  return s;
}

Scalar Scalar::from_uint(uint64_t v, DType dt) {
  if (is_inexact(dt)) return from_double(static_cast<double>(v), dt);
  return from_int(static_cast<int64_t>(v), dt);
}

Scalar Scalar::from_bool(bool v, DType dt) { return from_int(v ? 1 : 0, dt); }

std::complex<double> Scalar::as_complex() const {
  switch (dtype) {
    case DType::Complex64: {
      std::complex<float> c;
      std::memcpy(&c, bytes, 8);
      return {c.real(), c.imag()};
    }
    case DType::Complex128: {
      std::complex<double> c;
      std::memcpy(&c, bytes, 16);
      return c;
    }
    default: return {as_double(), 0.0};
  }
}

double Scalar::as_double() const {
  switch (dtype) {
    case DType::Float16: {
      uint16_t h;
      std::memcpy(&h, bytes, 2);
      return half_to_float(h);
    }
    case DType::Float32: {
      float f;
      std::memcpy(&f, bytes, 4);
      return f;
    }
    case DType::Float64: {
      double d;
      std::memcpy(&d, bytes, 8);
      return d;
    }
    case DType::Complex64:
    case DType::Complex128: return as_complex().real();
    case DType::UInt64: return static_cast<double>(as_uint());
    default: return static_cast<double>(as_int());
  }
}

int64_t Scalar::as_int() const {
  switch (dtype) {
    case DType::Bool: return bytes[0] != 0;
    case DType::Int8: {
      int8_t v;
      std::memcpy(&v, bytes, 1);
      return v;
    }
    case DType::UInt8: return bytes[0];
    case DType::Int16: {
      int16_t v;
      std::memcpy(&v, bytes, 2);
      return v;
    }
    case DType::UInt16: {
      uint16_t v;
      std::memcpy(&v, bytes, 2);
      return v;
    }
    case DType::Int32: {
      int32_t v;
      std::memcpy(&v, bytes, 4);
      return v;
    }
    case DType::UInt32: {
      uint32_t v;
      std::memcpy(&v, bytes, 4);
      return v;
    }
    case DType::Int64:
    case DType::UInt64: {
      int64_t v;
      std::memcpy(&v, bytes, 8);
      return v;
    }
    default: return float_to_int<int64_t>(as_double());
  }
}

uint64_t Scalar::as_uint() const {
  if (dtype == DType::UInt64) {
    uint64_t v;
    std::memcpy(&v, bytes, 8);
    return v;
  }
  if (is_inexact(dtype)) return float_to_int<uint64_t>(as_double());
  return static_cast<uint64_t>(as_int());
}

bool Scalar::as_bool() const {
  if (is_inexact(dtype)) {
    auto c = as_complex();
    return c.real() != 0 || c.imag() != 0;
  }
  return as_int() != 0;
}

Scalar Scalar::cast(DType dt) const {
  if (dt == dtype) return *this;
  if (is_inexact(dtype)) return from_complex(as_complex(), dt);
  if (dtype == DType::UInt64) return from_uint(as_uint(), dt);
  return from_int(as_int(), dt);
}

}  // namespace cunp
