// src/ops/ufunc/operand.cpp -- Operand's hand-over to the ufunc machinery.
#include "cunp/ops/ufunc/operand.hpp"

#include "cunp/runtime/error.hpp"

namespace cunp {

UfuncArg Operand::arg() const {
  if (!is_array_) return UfuncArg{nullptr, scalar_, weak_};
  // An array without data would reach the kernels as a 0-d array at address 0.
  if (!array_.defined()) throw ValueError("an operand is an NDArray without data");
  return UfuncArg{&array_, Scalar{}, false};
}

}  // namespace cunp
