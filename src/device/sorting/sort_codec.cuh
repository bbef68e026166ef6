// src/device/sorting/sort_codec.cuh -- values as unsigned keys whose integer order is NumPy's
// sort order (the codecs of sort_params.hpp), and NumPy's order of complex numbers. Every sort,
// search and unique kernel compares through these, so they agree on NaNs and signed zeros.
// Plain C++ apart from the function qualifiers: the host tests include it too.
#pragma once
#include "sort_params.hpp"

namespace cunp::sort_kernel {

// The mantissa bits of the IEEE float of a key's width (float16, float32, float64).
template <class Bits> CUNP_SORT_FN constexpr int mantissa_bits() {
  static_assert(sizeof(Bits) == 2 || sizeof(Bits) == 4 || sizeof(Bits) == 8);
  return sizeof(Bits) == 2 ? 10 : sizeof(Bits) == 4 ? 23 : 52;
}

template <class Bits> CUNP_SORT_FN constexpr Bits sign_bit() {
  return Bits(Bits(1) << (sizeof(Bits) * 8 - 1));
}

template <class Bits> CUNP_SORT_FN bool float_is_nan(Bits u) {
  constexpr Bits inf = Bits(~sign_bit<Bits>() & ~Bits((Bits(1) << mantissa_bits<Bits>()) - 1));
  return Bits(u & ~sign_bit<Bits>()) > inf;
}

// The IEEE total order as unsigned integers: negatives reversed below positives, so
// -NaN < -inf < ... < -0.0 < 0.0 < ... < inf < NaN.
template <class Bits> CUNP_SORT_FN Bits float_order(Bits u) {
  return (u & sign_bit<Bits>()) ? Bits(~u) : Bits(u | sign_bit<Bits>());
}
template <class Bits> CUNP_SORT_FN Bits float_unorder(Bits k) {
  return (k & sign_bit<Bits>()) ? Bits(k ^ sign_bit<Bits>()) : Bits(~k);
}

// The 2^mantissa - 1 negative NaNs occupy the bottom of the total order: subtracting their
// count (modulo 2^bits) moves them to the top, above the positive NaNs, one to one.
template <class Bits> CUNP_SORT_FN constexpr Bits negative_nans() {
  return Bits((Bits(1) << mantissa_bits<Bits>()) - 1);
}

// The float bits that the one-to-one codec kFloat encodes to the smallest and largest keys
// (decode(0) and decode(~0)): -inf, and the negative NaN with the smallest payload.
template <class Bits> CUNP_SORT_FN constexpr Bits float_lowest_bits() {
  return Bits(~negative_nans<Bits>());
}
template <class Bits> CUNP_SORT_FN constexpr Bits float_highest_bits() {
  return Bits(~Bits(negative_nans<Bits>() - 1));
}

template <class Bits> CUNP_SORT_FN Bits encode_float(Bits u, bool ties) {
  if (ties) {
    if (float_is_nan(u)) return Bits(~Bits(0));
    if (u == sign_bit<Bits>()) u = 0;  // -0.0 sorts as 0.0
    return float_order(u);
  }
  return Bits(float_order(u) - negative_nans<Bits>());
}

template <class Bits> CUNP_SORT_FN Bits encode(Bits u, int codec) {
  if constexpr (sizeof(Bits) == 1) {
    return codec == kSigned ? Bits(u ^ sign_bit<Bits>()) : u;
  } else {
    switch (codec) {
      case kSigned: return Bits(u ^ sign_bit<Bits>());
      case kFloat: return encode_float(u, false);
      case kFloatTies: return encode_float(u, true);
      default: return u;
    }
  }
}

// The inverse of the one-to-one codecs (kUnsigned, kSigned, kFloat).
template <class Bits> CUNP_SORT_FN Bits decode(Bits k, int codec) {
  if constexpr (sizeof(Bits) == 1) {
    return codec == kSigned ? Bits(k ^ sign_bit<Bits>()) : k;
  } else {
    switch (codec) {
      case kSigned: return Bits(k ^ sign_bit<Bits>());
      case kFloat: return float_unorder(Bits(k + negative_nans<Bits>()));
      default: return k;
    }
  }
}

// A complex number's parts as bits (Bits: unsigned int for complex64, unsigned long long for
// complex128) and NumPy's order of complex numbers: by real part, then imaginary part, with
// every number before those with an imaginary NaN, then a real NaN, then both.
template <class Bits> struct ComplexBits { Bits re, im; };

template <class Bits> CUNP_SORT_FN ComplexBits<Bits> complex_at(const void* p, long long i) {
  const Bits* c = static_cast<const Bits*>(p) + 2 * i;
  return {c[0], c[1]};
}

template <class Bits> CUNP_SORT_FN int complex_class(ComplexBits<Bits> z) {
  return (float_is_nan(z.re) ? 2 : 0) | (float_is_nan(z.im) ? 1 : 0);
}

// The keys of the three stable passes that sort complex numbers: minor first, class last.
template <class Bits> CUNP_SORT_FN Bits complex_minor(ComplexBits<Bits> z) {
  return complex_class(z) == 0 ? encode_float(z.im, true) : Bits(0);
}
template <class Bits> CUNP_SORT_FN Bits complex_major(ComplexBits<Bits> z) {
  switch (complex_class(z)) {
    case 0:
    case 1: return encode_float(z.re, true);
    case 2: return encode_float(z.im, true);
    default: return 0;
  }
}

// a < b in that order (what the keys above sort by, as one comparison).
template <class Bits> CUNP_SORT_FN bool complex_less(ComplexBits<Bits> a, ComplexBits<Bits> b) {
  const int ca = complex_class(a), cb = complex_class(b);
  if (ca != cb) return ca < cb;
  const Bits ma = complex_major(a), mb = complex_major(b);
  if (ma != mb) return ma < mb;
  return complex_minor(a) < complex_minor(b);
}

}  // namespace cunp::sort_kernel
