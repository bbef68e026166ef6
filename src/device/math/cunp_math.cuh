// src/device/math/cunp_math.cuh -- the ufunc math library: one np_<ufunc> function per NumPy
// ufunc, overloaded on the compute types, with NumPy's semantics (division by zero, NaN, shifts).
#pragma once
#include "cunp_base_math.cuh"

// Integers wrap like NumPy's; float16 loops compute in float (the caller converts) except
// nextafter and spacing; the complex<T> overloads are in cunp_complex_math.cuh. Written for
// NVRTC's default IEEE modes: fast-math or flush-to-zero would change subnormal results.

namespace cunp {
namespace mth {

// logical_*'s truth of a value: nonzero, for complex either part.
template <class T> __device__ bool truth(T v) {
  if constexpr (is_cplx<T>) return v.re != 0 || v.im != 0;
  else return v != T(0);
}

template <class T> __device__ uwide<T> uabs(T a) {
  if constexpr (is_sint<T>) return a < 0 ? uwide<T>(0) - uwide<T>(a) : uwide<T>(a);
  else return uwide<T>(a);
}

// NumPy's integer floor division and Python-signed remainder: x // 0 == x % 0 == 0, and
// MIN // -1 wraps to MIN without the overflowing division.
template <class T> __device__ T idiv(T a, T b) {
  if (b == 0) return T(0);
  if constexpr (is_sint<T>) {
    if (b == T(-1)) return T(uwide<T>(0) - uwide<T>(a));
    T q = T(a / b);
    return a % b != 0 && (a < 0) != (b < 0) ? T(q - 1) : q;
  } else {
    return T(a / b);
  }
}
template <class T> __device__ T imod(T a, T b) {
  if (b == 0) return T(0);
  if constexpr (is_sint<T>) {
    if (b == T(-1)) return T(0);
    T r = T(a % b);
    return r != 0 && (r < 0) != (b < 0) ? T(r + b) : r;
  } else {
    return T(a % b);
  }
}

// NumPy's npy_divmod (CPython's float divmod): fmod's remainder moved to b's sign and the
// quotient snapped to an integer; zeros keep meaningful signs; b == 0 gives a / b and NaN.
template <class T> __device__ T fdivmod(T a, T b, T& mod) {
  mod = fmod(a, b);
  if (b == 0) return a / b;
  T div = (a - mod) / b;
  if (mod != 0) {
    if ((b < 0) != (mod < 0)) mod += b, div -= T(1);
  } else {
    mod = copysign(T(0), b);
  }
  if (div == 0) return copysign(T(0), a / b);
  T fl = floor(div);
  return div - fl > T(0.5) ? fl + T(1) : fl;
}

template <class U> __device__ U ugcd(U x, U y) {
  while (x != 0) {
    U c = x;
    x = y % x, y = c;
  }
  return y;
}

// A product rounded on its own, and a fused multiply-add: NVRTC contracts a * b + c into an FMA
// wherever it likes, which these intrinsics pin down (see np_multiply's complex formula).
__device__ inline float mul_rn(float a, float b) { return __fmul_rn(a, b); }
__device__ inline double mul_rn(double a, double b) { return __dmul_rn(a, b); }
__device__ inline float fma_rn(float a, float b, float c) { return __fmaf_rn(a, b, c); }
__device__ inline double fma_rn(double a, double b, double c) { return __fma_rn(a, b, c); }

__device__ inline int cmp_mixed(long long a, unsigned long long b) {
  return a < 0 || static_cast<unsigned long long>(a) < b ? -1
                                                         : static_cast<unsigned long long>(a) > b;
}

}  // namespace mth

// ---- arithmetic -------------------------------------------------------------------------------

template <class T> __device__ T np_add(T a, T b) {
  if constexpr (mth::is_bool<T>) return a || b;
  else if constexpr (mth::is_int<T>) return T(mth::uwide<T>(a) + mth::uwide<T>(b));
  else return a + b;
}
template <class T> __device__ T np_subtract(T a, T b) {
  if constexpr (mth::is_bool<T>) return a != b;
  else if constexpr (mth::is_int<T>) return T(mth::uwide<T>(a) - mth::uwide<T>(b));
  else return a - b;
}
template <class T> __device__ T np_multiply(T a, T b) {
  if constexpr (mth::is_bool<T>) return a && b;
  else if constexpr (mth::is_int<T>) return T(mth::uwide<T>(a) * mth::uwide<T>(b));
  else if constexpr (mth::is_cplx<T>)
    // NumPy's complex loops on x86 (FMA3/AVX-512, contiguous or not, square too): the products
    // with a.re fused, those with a.im rounded. The same roundings give the same infinities
    // and NaNs where the products overflow (a free contraction put the fused one elsewhere).
    return T{mth::fma_rn(a.re, b.re, -mth::mul_rn(a.im, b.im)),
             mth::fma_rn(a.re, b.im, mth::mul_rn(a.im, b.re))};
  else return a * b;
}
template <class T> __device__ T np_square(T a) { return np_multiply(a, a); }
template <class T> __device__ T np_true_divide(T a, T b) { return a / b; }

template <class T> __device__ T np_floor_divide(T a, T b) {
  if constexpr (mth::is_int<T>) {
    return mth::idiv(a, b);
  } else {
    T m;
    return b == 0 ? a / b : mth::fdivmod(a, b, m);
  }
}
template <class T> __device__ T np_remainder(T a, T b) {
  if constexpr (mth::is_int<T>) {
    return mth::imod(a, b);
  } else {
    T m;
    if (b == 0) return fmod(a, b);
    mth::fdivmod(a, b, m);
    return m;
  }
}
template <class T> __device__ void np_divmod(T a, T b, T& q, T& r) {
  if constexpr (mth::is_int<T>) q = mth::idiv(a, b), r = mth::imod(a, b);
  else q = mth::fdivmod(a, b, r);
}
template <class T> __device__ T np_fmod(T a, T b) {
  if constexpr (mth::is_int<T>) {
    if (b == 0) return T(0);
    if constexpr (mth::is_sint<T>) {
      if (b == T(-1)) return T(0);
    }
    return T(a % b);
  } else {
    return fmod(a, b);
  }
}

template <class T> __device__ T np_negative(T a) {
  if constexpr (mth::is_int<T>) return T(mth::uwide<T>(0) - mth::uwide<T>(a));
  else return -a;
}
template <class T> __device__ T np_positive(T a) { return a; }
template <class T> __device__ T np_conjugate(T a) { return mth::conjugate(a); }

// Integer powers by squaring, wrapping like NumPy. A negative exponent makes NumPy raise
// ValueError, which a kernel cannot: it gets 1 / a**-b truncated to an integer instead, so 1 and
// +-1 for bases of 1 and -1, and 0 for the rest (a base of 0 included, as x // 0 gives 0).
template <class T> __device__ T np_power(T a, T b) {
  if constexpr (mth::is_int<T>) {
    if constexpr (mth::is_sint<T>) {
      if (b < 0) return a == 1 ? T(1) : a == T(-1) ? T(b & 1 ? -1 : 1) : T(0);
    }
    mth::uwide<T> r = 1, p = mth::uwide<T>(a);
    for (unsigned long long e = static_cast<unsigned long long>(b); e; e >>= 1, p *= p)
      if (e & 1) r *= p;
    return T(r);
  } else {
    return pow(a, b);
  }
}
template <class T> __device__ T np_float_power(T a, T b) { return np_power(a, b); }

// NumPy's float32 and float64 power loops take fast paths when the exponent is one value for the
// whole inner loop (a scalar, a 0-d or stride-0 operand): 0.5 is sqrt, so (-0.0)**0.5 is -0.0 and
// (-inf)**0.5 is NaN where pow gives +0.0 and inf; -1, 0, 1 and 2 are 1/a, 1, a and a*a. Kernels
// with a scalar exponent call this, except for float16 loops (NumPy's have no fast path).
template <class T> __device__ T np_power_scalar(T a, T b) {
  if constexpr (mth::is_real<T>) {
    if (b == T(0.5)) return sqrt(a);
    if (b == T(-1)) return T(1) / a;
    if (b == T(0)) return T(1);
    if (b == T(1)) return a;
    if (b == T(2)) return a * a;
  }
  return np_power(a, b);
}

template <class T> __device__ T np_absolute(T a) {
  if constexpr (mth::is_sint<T>) return T(mth::uabs(a));
  else if constexpr (mth::is_real<T>) return mth::absolute(a);
  else return a;
}
template <class T> __device__ T np_fabs(T a) { return fabs(a); }

template <class T> __device__ T np_sign(T a) {
  if constexpr (mth::is_real<T>) return a > 0 ? T(1) : a < 0 ? T(-1) : a == 0 ? T(0) : a;
  else if constexpr (mth::is_sint<T>) return T((a > 0) - (a < 0));
  else return T(a != 0);
}
template <class T> __device__ T np_heaviside(T x, T h0) {
  return isnan(x) ? x : x == 0 ? h0 : x < 0 ? T(0) : T(1);
}

// Integers: NumPy computes 1.0 / x and converts back, so 1 -> 1, -1 -> -1, others -> 0; 1 / 0
// converts inf, which x86 turns into MIN for int32 and int64 and into 0 for the other types.
template <class T> __device__ T np_reciprocal(T a) {
  if constexpr (mth::is_int<T>) {
    if (a == 0)
      return mth::is_sint<T> && sizeof(T) >= 4 ? T(mth::uwide<T>(1) << (sizeof(T) * 8 - 1)) : T(0);
    return a == 1 ? T(1) : mth::is_sint<T> && a == T(-1) ? T(-1) : T(0);
  } else {
    return T(1) / a;
  }
}

template <class T> __device__ T np_sqrt(T a) { return sqrt(a); }
template <class T> __device__ T np_cbrt(T a) { return cbrt(a); }

// gcd and lcm of |a| and |b| in the unsigned type, as NumPy (gcd(MIN, 0) wraps back to MIN).
template <class T> __device__ T np_gcd(T a, T b) {
  return T(mth::ugcd(mth::uabs(a), mth::uabs(b)));
}
template <class T> __device__ T np_lcm(T a, T b) {
  mth::uwide<T> x = mth::uabs(a), y = mth::uabs(b), g = mth::ugcd(x, y);
  return g == 0 ? T(0) : T(x / g * y);
}

// ---- exponents, logarithms, trigonometry (real; complex in cunp_complex_math.cuh) ------------

template <class T> __device__ T np_exp(T a) { return exp(a); }
template <class T> __device__ T np_exp2(T a) { return exp2(a); }
template <class T> __device__ T np_expm1(T a) { return expm1(a); }
template <class T> __device__ T np_log(T a) { return log(a); }
// An exact power of two answers exactly, as NumPy's libm does: CUDA's log2 is within an ulp
// there, and an integer cast truncates 63 - ulp to 62 (log2.at of int64's largest value).
template <class T> __device__ T np_log2(T a) {
  int e;
  return frexp(a, &e) == T(0.5) ? T(e - 1) : log2(a);
}
template <class T> __device__ T np_log10(T a) { return log10(a); }
template <class T> __device__ T np_log1p(T a) { return log1p(a); }

// NumPy's npy_logaddexp(2): equal arguments (same-signed infinities) first, NaN passes through.
template <class T> __device__ T np_logaddexp(T x, T y) {
  if (x == y) return x + mth::kLn2<T>;
  T d = x - y;
  if (d > 0) return x + log1p(exp(-d));
  if (d <= 0) return y + log1p(exp(d));
  return d;
}
template <class T> __device__ T np_logaddexp2(T x, T y) {
  if (x == y) return x + T(1);
  T d = x - y;
  if (d > 0) return x + mth::kLog2e<T> * log1p(exp2(-d));
  if (d <= 0) return y + mth::kLog2e<T> * log1p(exp2(d));
  return d;
}

template <class T> __device__ T np_sin(T a) { return sin(a); }
template <class T> __device__ T np_cos(T a) { return cos(a); }
template <class T> __device__ T np_tan(T a) { return tan(a); }
template <class T> __device__ T np_arcsin(T a) { return asin(a); }
template <class T> __device__ T np_arccos(T a) { return acos(a); }
template <class T> __device__ T np_arctan(T a) { return atan(a); }
template <class T> __device__ T np_sinh(T a) { return sinh(a); }
template <class T> __device__ T np_cosh(T a) { return cosh(a); }
template <class T> __device__ T np_tanh(T a) { return tanh(a); }
template <class T> __device__ T np_arcsinh(T a) { return asinh(a); }
template <class T> __device__ T np_arccosh(T a) { return acosh(a); }
template <class T> __device__ T np_arctanh(T a) { return atanh(a); }
template <class T> __device__ T np_arctan2(T y, T x) { return atan2(y, x); }
template <class T> __device__ T np_hypot(T a, T b) { return hypot(a, b); }
template <class T> __device__ T np_deg2rad(T a) { return a * (mth::kPi<T> / T(180)); }
template <class T> __device__ T np_rad2deg(T a) { return a * (T(180) / mth::kPi<T>); }

// ---- bitwise (bool and integers) --------------------------------------------------------------

template <class T> __device__ T np_bitwise_and(T a, T b) { return T(a & b); }
template <class T> __device__ T np_bitwise_or(T a, T b) { return T(a | b); }
template <class T> __device__ T np_bitwise_xor(T a, T b) { return T(a ^ b); }
template <class T> __device__ T np_invert(T a) {
  if constexpr (mth::is_bool<T>) return !a;
  else return T(~a);
}
// Shifts by a negative count or by the width or more give 0 (-1 for a negative a >> n).
template <class T> __device__ T np_left_shift(T a, T b) {
  return static_cast<unsigned long long>(b) < sizeof(T) * 8 ? T(mth::uwide<T>(a) << b) : T(0);
}
template <class T> __device__ T np_right_shift(T a, T b) {
  if (static_cast<unsigned long long>(b) < sizeof(T) * 8) return T(a >> b);
  if constexpr (mth::is_sint<T>) return a < 0 ? T(-1) : T(0);
  else return T(0);
}
template <class T> __device__ unsigned char np_bitwise_count(T a) {
  if constexpr (sizeof(T) > 4) return static_cast<unsigned char>(__popcll(mth::uabs(a)));
  else return static_cast<unsigned char>(__popc(mth::uabs(a)));
}

// ---- comparison and logic ---------------------------------------------------------------------

template <class T> __device__ bool np_greater(T a, T b) { return a > b; }
template <class T> __device__ bool np_greater_equal(T a, T b) { return a >= b; }
template <class T> __device__ bool np_less(T a, T b) { return a < b; }
template <class T> __device__ bool np_less_equal(T a, T b) { return a <= b; }
template <class T> __device__ bool np_equal(T a, T b) { return a == b; }
template <class T> __device__ bool np_not_equal(T a, T b) { return a != b; }

// NumPy's exact int64 / uint64 loops ('qQ->?', 'Qq->?').
#define CUNP_MIXED_COMPARE(name, op)                               \
  __device__ inline bool name(long long a, unsigned long long b) { \
    return mth::cmp_mixed(a, b) op 0;                              \
  }                                                                \
  __device__ inline bool name(unsigned long long a, long long b) { \
    return 0 op mth::cmp_mixed(b, a);                              \
  }
CUNP_MIXED_COMPARE(np_greater, >)
CUNP_MIXED_COMPARE(np_greater_equal, >=)
CUNP_MIXED_COMPARE(np_less, <)
CUNP_MIXED_COMPARE(np_less_equal, <=)
CUNP_MIXED_COMPARE(np_equal, ==)
CUNP_MIXED_COMPARE(np_not_equal, !=)
#undef CUNP_MIXED_COMPARE

template <class T> __device__ bool np_logical_and(T a, T b) {
  return mth::truth(a) && mth::truth(b);
}
template <class T> __device__ bool np_logical_or(T a, T b) {
  return mth::truth(a) || mth::truth(b);
}
template <class T> __device__ bool np_logical_xor(T a, T b) {
  return mth::truth(a) != mth::truth(b);
}
template <class T> __device__ bool np_logical_not(T a) { return !mth::truth(a); }

// ---- extrema: maximum/minimum propagate NaN, fmax/fmin ignore it; ties give b, as x86 NumPy --

template <class T> __device__ T np_maximum(T a, T b) {
  if constexpr (mth::is_real<T>) return isnan(a) || a > b ? a : b;
  else return a > b ? a : b;
}
template <class T> __device__ T np_minimum(T a, T b) {
  if constexpr (mth::is_real<T>) return isnan(a) || a < b ? a : b;
  else return a < b ? a : b;
}
template <class T> __device__ T np_fmax(T a, T b) {
  if constexpr (mth::is_real<T>) return isnan(b) || a > b ? a : b;
  else return a > b ? a : b;
}
template <class T> __device__ T np_fmin(T a, T b) {
  if constexpr (mth::is_real<T>) return isnan(b) || a < b ? a : b;
  else return a < b ? a : b;
}

// ---- floating-point classification and decomposition ------------------------------------------

template <class T> __device__ bool np_isnan(T a) {
  if constexpr (mth::is_real<T>) return mth::is_nan(a);
  else return false;
}
template <class T> __device__ bool np_isinf(T a) {
  if constexpr (mth::is_real<T>) return isinf(a);
  else return false;
}
template <class T> __device__ bool np_isfinite(T a) {
  if constexpr (mth::is_real<T>) return isfinite(a);
  else return true;
}
template <class T> __device__ bool np_signbit(T a) { return signbit(a); }
template <class T> __device__ T np_copysign(T a, T b) { return copysign(a, b); }
template <class T> __device__ T np_nextafter(T a, T b) { return nextafter(a, b); }

// The gap from x to the next value away from zero, signed like x (+0 and -0 give the smallest
// subnormal); NaN for infinities.
template <class T> __device__ T np_spacing(T a) {
  if (isinf(a)) return mth::qnan<T>();
  if (isnan(a)) return a;
  if (a == 0) return mth::from_bits(decltype(mth::bits_of(a))(1));
  return mth::from_bits(mth::bits_of(a) + 1) - a;
}

// NumPy's half-precision loops work on the bits: a NaN operand gives the default NaN, equal
// operands (+0 == -0) give b, and a step from zero lands on the smallest subnormal toward b.
__device__ inline float16 np_nextafter(float16 a, float16 b) {
  unsigned x = a.bits, y = b.bits, r;
  if ((x & 0x7fffu) > 0x7c00u || (y & 0x7fffu) > 0x7c00u) r = 0x7e00u;
  else if (x == y || ((x | y) & 0x7fffu) == 0) r = y;
  else if ((x & 0x7fffu) == 0) r = (y & 0x8000u) | 1u;
  else if (!(x & 0x8000u)) r = static_cast<short>(x) > static_cast<short>(y) ? x - 1 : x + 1;
  else r = !(y & 0x8000u) || (x & 0x7fffu) > (y & 0x7fffu) ? x - 1 : x + 1;
  float16 out;
  out.bits = static_cast<unsigned short>(r);
  return out;
}
// Sign operations on float16 work on the bits: converting to float may drop a NaN's sign.
__device__ inline float16 np_copysign(float16 a, float16 b) {
  float16 r;
  r.bits = static_cast<unsigned short>((a.bits & 0x7fffu) | (b.bits & 0x8000u));
  return r;
}
__device__ inline bool np_signbit(float16 a) { return (a.bits & 0x8000u) != 0; }
// NumPy's half spacing is never negative: the exponent's ulp, and for a negative power of two the
// ulp of the binade below; inf and NaN give NaN, the largest half gives inf.
__device__ inline float16 np_spacing(float16 a) {
  unsigned h = a.bits, e = h & 0x7c00u, r;
  if (e == 0x7c00u) r = 0x7e00u;
  else if (h == 0x7bffu) r = 0x7c00u;
  else if ((h & 0x8000u) && (h & 0x03ffu) == 0)
    r = e > 0x2c00u ? e - 0x2c00u : e > 0x0400u ? 1u << ((e >> 10) - 2) : 1u;
  else r = e > 0x2800u ? e - 0x2800u : e > 0x0400u ? 1u << ((e >> 10) - 1) : 1u;
  float16 out;
  out.bits = static_cast<unsigned short>(r);
  return out;
}

// NumPy's modf returns (fractional part, integral part).
template <class T> __device__ void np_modf(T a, T& frac, T& integral) { frac = modf(a, &integral); }

// Exponents past +-4096 scale every finite T to inf or 0 just as any larger one does.
template <class T> __device__ T np_ldexp(T x, long long e) {
  return ldexp(x, static_cast<int>(e > 4096 ? 4096 : e < -4096 ? -4096 : e));
}
template <class T> __device__ T np_ldexp(T x, int e) {
  return np_ldexp(x, static_cast<long long>(e));
}
template <class T> __device__ void np_frexp(T x, T& mantissa, int& exponent) {
  exponent = 0;
  mantissa = x == 0 || !isfinite(x) ? x : frexp(x, &exponent);
}

template <class T> __device__ T np_floor(T a) {
  if constexpr (mth::is_real<T>) return floor(a);
  else return a;
}
template <class T> __device__ T np_ceil(T a) {
  if constexpr (mth::is_real<T>) return ceil(a);
  else return a;
}
template <class T> __device__ T np_trunc(T a) {
  if constexpr (mth::is_real<T>) return trunc(a);
  else return a;
}
template <class T> __device__ T np_rint(T a) {
  if constexpr (mth::is_real<T>) return rint(a);
  else return a;
}

}  // namespace cunp
