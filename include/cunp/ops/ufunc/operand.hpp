// cunp/ops/ufunc/operand.hpp -- Operand: an array or a number as an argument of cunp's NumPy-named
// functions and operators. C++ numbers are weak like Python's (NEP 50); a Scalar is strong.
#pragma once
#include <utility>

#include "cunp/array/ndarray.hpp"
#include "cunp/array/number.hpp"
#include "cunp/array/scalar.hpp"
#include "cunp/ops/ufunc/ufunc.hpp"

namespace cunp {

// An argument a function takes by value: keep it only for the call (it holds an array handle or
// a number, never a copy of the data).
//  - an NDArray;
//  - a C++ number (int, double, std::complex<double>, ...), weak as a Python scalar: it takes its
//    dtype from the arrays it meets, so uint8 array + 1 stays uint8, float32 array * 2.0 stays
//    float32, int8 array + 1.5 is float64 (an int too large for the array's dtype raises
//    OverflowError, as in NumPy 2). bool is strong, as Python's bool is;
//  - a Scalar, strong as a NumPy scalar (np.float32(1.5)): it promotes like a 0-d array.
class Operand {
 public:
  Operand(const NDArray& a) : array_(a), is_array_(true) {}
  Operand(NDArray&& a) : array_(std::move(a)), is_array_(true) {}
  template <Number T> Operand(T v) : scalar_(python_scalar(v)), weak_(!std::same_as<T, bool>) {}
  Operand(const Scalar& s) : scalar_(s) {}

  bool is_array() const { return is_array_; }
  const NDArray& array() const { return array_; }
  const Scalar& scalar() const { return scalar_; }
  bool weak() const { return weak_; }
  DType dtype() const { return is_array_ ? array_.dtype() : scalar_.dtype; }

  // The ufunc machinery's form of it; valid while this Operand lives. ValueError for an
  // NDArray that was never given data (default-constructed).
  UfuncArg arg() const;

 private:
  NDArray array_;
  Scalar scalar_;
  bool is_array_ = false;
  bool weak_ = false;
};

}  // namespace cunp
