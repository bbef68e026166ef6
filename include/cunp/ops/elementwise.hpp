// cunp/ops/elementwise.hpp -- the elementwise launcher: generates a kernel for an operation's
// body and the operands' dtypes and simplified layout, compiles it once, and launches it on the
// current stream. Every elementwise operation in cunp goes through here.
#pragma once
#include <string>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/array/scalar.hpp"

namespace cunp {

struct ElementwiseOp {
  // Identifies the body in the kernel cache: two ops with different bodies need different
  // names. Letters, digits and '_' only.
  std::string name;
  // C++ statements run once per element. They read in0, in1, ... (typed as the inputs),
  // scalars s0, s1, ... and, when uses_index is set, `_i` (the element's C-order position),
  // and assign out0, out1, ... (typed as the outputs). cunp::cast<T>(v) converts with astype's
  // rules.
  std::string body;
  bool uses_index = false;
  std::string preamble;  // device code placed before the kernel (helper functions)
};

// Runs `op` over outputs[0]'s shape; inputs broadcast to it. All operands must be on one
// device; the work goes to that device's current stream.
void elementwise(const ElementwiseOp& op, const std::vector<NDArray>& inputs,
                 const std::vector<NDArray>& outputs, const std::vector<Scalar>& scalars = {});

// The source elementwise() would generate for these dtypes with a contiguous layout (vec = 1)
// or an n-d strided one; for tests that compile kernels without a GPU.
std::string elementwise_source(const ElementwiseOp& op, const std::vector<DType>& inputs,
                               const std::vector<DType>& outputs,
                               const std::vector<DType>& scalars, int strided_ndim, int vec);

}  // namespace cunp
