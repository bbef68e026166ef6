// cunp/ops/ufunc/operators.hpp -- NDArray's operators, as NumPy's ndarray binds them: each one is its
// ufunc (x + y is cunp::add(x, y)), with NumPy's promotion, broadcasting and NEP 50 numbers.
#pragma once
#include "cunp/array/ndarray.hpp"
#include "cunp/ops/ufunc/operand.hpp"
#include "cunp/ops/ufunc/functions.hpp"

namespace cunp {

// The binary operators, their in-place forms and their ufuncs. C++ has no `**` and no `//`:
// cunp::power(x, y) and cunp::floor_divide(x, y) are those. Comparisons give bool arrays,
// element by element (== included: NDArray has no identity comparison; compare data() and
// shape() for that). The logical &&, || and ! are left alone, as NumPy leaves `and`, `or` and
// `not`: cunp::logical_and and friends compute them element by element.
// clang-format off
#define CUNP_ARITHMETIC_OPERATORS(X)                                                             \
  X(+, +=, add) X(-, -=, subtract) X(*, *=, multiply) X(/, /=, divide) X(%, %=, remainder)    \
  X(&, &=, bitwise_and) X(|, |=, bitwise_or) X(^, ^=, bitwise_xor)                            \
  X(<<, <<=, left_shift) X(>>, >>=, right_shift)
#define CUNP_COMPARISON_OPERATORS(X)                                                             \
  X(==, equal) X(!=, not_equal) X(<, less) X(<=, less_equal) X(>, greater) X(>=, greater_equal)
// clang-format on
#define CUNP_UNARY_OPERATORS(X) X(-, negative) X(+, positive) X(~, invert)

// At least one side is an NDArray, so built-in arithmetic on other types never meets these.
#define CUNP_DEFINE_BINARY_OPERATOR(op, fn)                                           \
  inline NDArray operator op(const NDArray& a, const NDArray& b) { return fn(a, b); } \
  inline NDArray operator op(const NDArray& a, const Operand& b) { return fn(a, b); } \
  inline NDArray operator op(const Operand& a, const NDArray& b) { return fn(a, b); }
// a op= b writes into a (also a View: x(Slice(0, 2)) += 1) under same_kind casting, and b must
// broadcast to a's shape, as in NumPy: int array += 1.5 is a TypeError, not a truncation.
#define CUNP_DEFINE_INPLACE_OPERATOR(op, fn)                              \
  inline const NDArray& operator op(const NDArray& a, const Operand& b) { \
    fn(a, b, a);                                                          \
    return a;                                                             \
  }
#define CUNP_DEFINE_ARITHMETIC_OPERATOR(op, inplace, fn) \
  CUNP_DEFINE_BINARY_OPERATOR(op, fn)                    \
  CUNP_DEFINE_INPLACE_OPERATOR(inplace, fn)
#define CUNP_DEFINE_UNARY_OPERATOR(op, fn) \
  inline NDArray operator op(const NDArray& x) { return fn(x); }

CUNP_ARITHMETIC_OPERATORS(CUNP_DEFINE_ARITHMETIC_OPERATOR)
CUNP_COMPARISON_OPERATORS(CUNP_DEFINE_BINARY_OPERATOR)
CUNP_UNARY_OPERATORS(CUNP_DEFINE_UNARY_OPERATOR)

#undef CUNP_DEFINE_BINARY_OPERATOR
#undef CUNP_DEFINE_INPLACE_OPERATOR
#undef CUNP_DEFINE_ARITHMETIC_OPERATOR
#undef CUNP_DEFINE_UNARY_OPERATOR

}  // namespace cunp
