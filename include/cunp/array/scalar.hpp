// cunp/array/scalar.hpp -- Scalar: one value of any dtype, held as the bytes the device uses.
// Kernel arguments, fill values and item() results all go through it.
#pragma once
#include <complex>
#include <cstdint>
#include <cstring>

#include "cunp/array/dtype.hpp"

namespace cunp {

uint16_t float_to_half(float f);  // round to nearest even, as the device's cvt.rn
float half_to_float(uint16_t h);

struct Scalar {
  DType dtype = DType::Float64;
  alignas(16) unsigned char bytes[16] = {};

  // Value conversions with astype's rules (C casts; complex to real keeps the real part).
  static Scalar from_bool(bool v, DType dt);
  static Scalar from_int(int64_t v, DType dt);
  static Scalar from_uint(uint64_t v, DType dt);
  static Scalar from_double(double v, DType dt);
  static Scalar from_complex(std::complex<double> v, DType dt);
  static Scalar from_bytes(const void* p, DType dt) {
    Scalar s;
    s.dtype = dt;
    std::memcpy(s.bytes, p, itemsize(dt));
    return s;
  }

  Scalar cast(DType dt) const;
  bool as_bool() const;
  int64_t as_int() const;
  uint64_t as_uint() const;
  double as_double() const;
  std::complex<double> as_complex() const;
};

}  // namespace cunp
