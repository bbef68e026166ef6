// src/ops/einsum/plan.hpp -- an einsum call as a plan: steps (views, sums, products, batched
// matmuls) over a list of values that starts with the operands, built from shapes and dtypes
// alone, so one plan serves every later call with the same signature.
#pragma once
#include <string_view>
#include <vector>

#include "cunp/ops/einsum/einsum.hpp"
#include "cunp/ops/reduction/reduction.hpp"
#include "labels.hpp"

namespace cunp::detail {

enum class EinsumStepKind : uint8_t {
  Diagonal,     // x.diagonal(0, axes[0], axes[1]): a repeated label, moved last (a view)
  Transpose,    // x.transpose(axes) (a view)
  Reshape,      // x.reshape(shape): a view where the layout allows, else a C-order copy
  BroadcastTo,  // broadcast_to(x, shape) (a view)
  Sum,          // sum(x, axis=axes, dtype=x.dtype): NumPy's einsum sums in the operand's dtype
  Multiply,     // multiply(x, y), broadcasting
  Matmul,       // matmul(x, y) of (batch, m, k) and (batch, k, n)
};
const char* einsum_step_name(EinsumStepKind kind);  // "diagonal", "transpose", ...

struct EinsumStep {
  EinsumStepKind kind;
  int in[2] = {-1, -1};  // value positions read (the second for Multiply and Matmul)
  int out = -1;          // the value position written
  std::vector<int64_t> axes;
  Dims shape;           // the result's shape (Reshape and BroadcastTo make it)
  DType dtype;          // the result's dtype
  ReduceArgs sum_args;  // Sum: the call's arguments (axes, dtype)
};

struct EinsumPlan {
  int n_inputs = 0;
  int n_values = 0;  // operands, then one per step
  int result = 0;    // the value position of the result (an operand's for 'ij->ij')
  std::vector<EinsumStep> steps;
  Dims shape;  // the result's
  DType dtype = DType::Float64;
};

// The plan for operands of these shapes and dtypes: repeated labels become diagonals, then the
// operands are contracted along `optimize`'s path (pairwise within each step, smallest
// intermediate first), and the result is transposed to the output's order and broadcast to its
// sizes. NumPy's errors for mismatched dimensions and bad explicit paths.
EinsumPlan plan_einsum(const EinsumLabels& labels, const std::vector<Dims>& shapes,
                       const std::vector<DType>& dtypes, const EinsumOptimize& optimize);
EinsumPlan plan_einsum(std::string_view subscripts, const std::vector<Dims>& shapes,
                       const std::vector<DType>& dtypes, const EinsumOptimize& optimize);

// Runs a plan on operands of the shapes and dtypes it was built for.
NDArray run_einsum_plan(const EinsumPlan& plan, const NDArray* operands);

}  // namespace cunp::detail
