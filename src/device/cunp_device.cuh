// src/device/cunp_device.cuh -- what every generated kernel includes: float16, complex, and the
// cast rules of astype. Kept free of system headers so NVRTC compiles a kernel in milliseconds.
#pragma once

namespace cunp {

// IEEE half precision, converted with the hardware's round-to-nearest-even instructions.
struct float16 {
  unsigned short bits;
  float16() = default;
  __device__ float16(float f) { asm("cvt.rn.f16.f32 %0, %1;" : "=h"(bits) : "f"(f)); }
  __device__ float16(double d) { asm("cvt.rn.f16.f64 %0, %1;" : "=h"(bits) : "d"(d)); }
  __device__ float16(int v) : float16(static_cast<float>(v)) {}
  __device__ operator float() const {
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(bits));
    return f;
  }
};

template <class T> struct complex {
  T re, im;
  complex() = default;
  __device__ constexpr complex(T r, T i = T(0)) : re(r), im(i) {}
  __device__ T real() const { return re; }
  __device__ T imag() const { return im; }
};
template <class T> __device__ complex<T> operator+(complex<T> a, complex<T> b) {
  return {a.re + b.re, a.im + b.im};
}
template <class T> __device__ complex<T> operator-(complex<T> a, complex<T> b) {
  return {a.re - b.re, a.im - b.im};
}
template <class T> __device__ complex<T> operator*(complex<T> a, complex<T> b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
template <class T> __device__ complex<T> operator*(complex<T> a, T b) {
  return {a.re * b, a.im * b};
}

// Type classes for the cast rules below (no <type_traits> in NVRTC without extra headers).
enum Kind { kBool, kSigned, kUnsigned, kFloat, kHalf, kComplex };
template <class T> struct kind_of;
template <> struct kind_of<bool> { static constexpr Kind value = kBool; };
template <> struct kind_of<signed char> { static constexpr Kind value = kSigned; };
template <> struct kind_of<short> { static constexpr Kind value = kSigned; };
template <> struct kind_of<int> { static constexpr Kind value = kSigned; };
template <> struct kind_of<long long> { static constexpr Kind value = kSigned; };
template <> struct kind_of<unsigned char> { static constexpr Kind value = kUnsigned; };
template <> struct kind_of<unsigned short> { static constexpr Kind value = kUnsigned; };
template <> struct kind_of<unsigned int> { static constexpr Kind value = kUnsigned; };
template <> struct kind_of<unsigned long long> { static constexpr Kind value = kUnsigned; };
template <> struct kind_of<float> { static constexpr Kind value = kFloat; };
template <> struct kind_of<double> { static constexpr Kind value = kFloat; };
template <> struct kind_of<float16> { static constexpr Kind value = kHalf; };
template <class T> struct kind_of<complex<T>> { static constexpr Kind value = kComplex; };

template <class T> struct real_of { using type = T; };
template <class T> struct real_of<complex<T>> { using type = T; };

// astype's conversion of one value, NumPy's rules: complex to real keeps the real part,
// anything to bool tests against zero, float to integer truncates as NumPy on x86 does.
template <class A, class B> struct same_type { static constexpr bool value = false; };
template <class A> struct same_type<A, A> { static constexpr bool value = true; };

// x86's truncating conversion (cvttsd2si) to int32 or int64: NaN and values out of range give
// the type's minimum ("integer indefinite"), where the device's conversion saturates; NumPy's
// casts are C casts, so platform-defined values are x86's on the machines users compare with.
template <class I, class F> __device__ __forceinline__ I x86_truncate(F v) {
  constexpr F bound = F(sizeof(I) == 4 ? 2147483648.0 : 9223372036854775808.0);
  return v >= -bound && v < bound ? static_cast<I>(v) : I(1ull << (sizeof(I) * 8 - 1));
}

// To uint64, as x86's compilers convert: the upper half shifted down into the signed range and
// its top bit put back.
template <class U, class I, class F> __device__ __forceinline__ U x86_unsigned(F v) {
  constexpr F half = F(9223372036854775808.0);
  constexpr U top = U(1) << 63;
  return v >= half ? static_cast<U>(x86_truncate<I>(v - half)) ^ top
                   : static_cast<U>(x86_truncate<I>(v));
}

template <class To, class From> __device__ __forceinline__ To cast(From v) {
  constexpr Kind f = kind_of<From>::value, t = kind_of<To>::value;
  if constexpr (same_type<To, From>::value) {
    return v;  // bit for bit: a float16 NaN keeps its sign
  } else if constexpr (f == kComplex) {
    if constexpr (t == kComplex) {
      using R = typename real_of<To>::type;
      return To(static_cast<R>(v.re), static_cast<R>(v.im));
    } else if constexpr (t == kBool) {
      return v.re != 0 || v.im != 0;
    } else {
      return cast<To>(v.re);
    }
  } else if constexpr (f == kHalf) {
    return cast<To>(static_cast<float>(v));
  } else if constexpr (t == kComplex) {
    using R = typename real_of<To>::type;
    return To(cast<R>(v), R(0));
  } else if constexpr (t == kBool) {
    return v != From(0);
  } else if constexpr (t == kHalf) {
    if constexpr (f == kFloat) return float16(v);
    else return float16(static_cast<double>(v));
  } else if constexpr (f == kFloat && (t == kSigned || t == kUnsigned)) {
    if constexpr (sizeof(To) < 4) {
      return static_cast<To>(x86_truncate<int>(v));  // x86's C converts through int32 here
    } else if constexpr (t == kSigned) {
      return x86_truncate<To>(v);
    } else if constexpr (sizeof(To) == 4) {
      // NumPy's scalar loops (0-d, strided, short arrays); its SIMD loop over a long
      // contiguous array gives other values here, so uint32 has no single answer to match
      return static_cast<To>(x86_truncate<long long>(v));
    } else {
      return x86_unsigned<To, long long>(v);
    }
  } else {
    return static_cast<To>(v);
  }
}

// Fixed-width vector of N values of T for 16-byte loads and stores on the contiguous path.
template <class T, int N> struct alignas(sizeof(T) * N) vec { T v[N]; };

}  // namespace cunp
