// src/device/math/cunp_base_math.cuh -- what the ufunc math headers share (its name sorts first):
// type tests, the wrap-around integer type and the constants of NumPy's npy_math. (IEEE bit
// access, inf and NaN are in cunp_scalar.cuh, which every kernel has.)
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_scalar.cuh"

namespace cunp {
namespace mth {

template <bool C, class A, class B> struct pick { using type = A; };
template <class A, class B> struct pick<false, A, B> { using type = B; };

// NumPy's integer arithmetic wraps; it is done in an unsigned type at least as wide as int, so
// small types never promote to a signed int that could overflow (undefined behaviour in C++).
template <class T> using uwide = typename pick<(sizeof(T) > 4), unsigned long long, unsigned>::type;

template <class T> constexpr bool is_bool = kind_of<T>::value == kBool;
template <class T> constexpr bool is_sint = kind_of<T>::value == kSigned;
template <class T> constexpr bool is_int = is_sint<T> || kind_of<T>::value == kUnsigned;
template <class T> constexpr bool is_real = kind_of<T>::value == kFloat;
template <class T> constexpr bool is_cplx = kind_of<T>::value == kComplex;

// Constants rounded once to T, as NumPy's npy_math spells them (NPY_PIf is the float of pi).
template <class T> constexpr T kPi = T(3.141592653589793238462643383279502884);
template <class T> constexpr T kPi2 = T(1.570796326794896619231321691639751442);
template <class T> constexpr T kPi4 = T(0.785398163397448309615660845819875721);
template <class T> constexpr T kLn2 = T(0.693147180559945309417232121458176568);
template <class T> constexpr T kLog2e = T(1.442695040888963407359924681001892137);
template <class T> constexpr T kLog10e = T(0.434294481903251827651128918916605082);
template <class T>
constexpr T kMax = T(sizeof(T) == 4 ? 3.40282346638528859812e+38 : 1.79769313486231570815e+308);

}  // namespace mth
}  // namespace cunp
