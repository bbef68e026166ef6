// src/ops/indexing/view_assignment.cpp -- x(...) = v: View's assignment (cunp/array/slicing.hpp) is a copy
// or a fill of the viewed elements, so it is defined here, over the copies of cunp/ops/copy.hpp.
#include "cunp/array/slicing.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/ufunc/ufunc.hpp"

namespace cunp {

View& View::assign(const NDArray& value) {
  copy_to(*this, value);  // broadcast, cast unsafely, overlap handled: NumPy's x[...] = y
  return *this;
}

View& View::assign(const Scalar& value) {
  fill(*this, value.cast(dtype()));
  return *this;
}

View& View::assign_number(const Scalar& weak_value) {
  // As NumPy 2 converts a Python scalar: an int must fit the dtype (OverflowError).
  fill(*this, scalar_as(UfuncArg{nullptr, weak_value, true}, dtype()));
  return *this;
}

}  // namespace cunp
