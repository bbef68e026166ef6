// cunp/ops/kernels/fusion.hpp -- the kernels of cunp.fuse: one ufunc call of a traced function as kernel
// code (the ufunc loops' call body), the fused op, and its launch over broadcast arrays. The
// tracing itself (Python stand-ins) and the per-function call cache live in the bindings.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/ops/ufunc/ufunc.hpp"

namespace cunp {

// An operand of a traced ufunc call: a value of the kernel (an input array or an earlier
// step's result), or a host scalar passed as a scalar parameter of the kernel.
struct FusionOperand {
  std::string name;  // its C++ expression in the body (in0, v3, s1)
  bool is_scalar = false;
  DType dtype = DType::Float64;  // values: their dtype
  UfuncArg scalar;               // scalars: the value (a weak Python scalar resolves by kind)
};

// One ufunc call as kernel code, with the dtypes NumPy's rules give.
struct FusionStep {
  // Declares the results (`outs`, typed as their dtypes) and computes them in a block.
  std::string code;
  std::vector<DType> in_types;   // the loop's input types
  std::vector<DType> out_types;  // the results' dtypes
  // Per input: for a weak Python int, the integer loop type it converts to. A later call with
  // another value must fit that type too (NEP 50), or run unfused. None for other operands.
  std::vector<std::optional<DType>> int_checks;
};

// The step for `u` on `operands` (as many as u.nin), its results named `outs` (u.nout). The
// loop and errors are the ufunc call's: TypeError when no loop fits, OverflowError for a weak
// Python int out of range of its integer loop type (also where NumPy would compare it exactly,
// which the kernel cannot).
FusionStep fusion_step(const Ufunc& u, const std::vector<FusionOperand>& operands,
                       const std::vector<std::string>& outs);

// The op of a fused kernel: `body` reads in0.., s0.. and assigns out0.., with the ufunc math
// library. `name` labels the kernel (cunp_<name>).
ElementwiseOp fused_op(const std::string& name, const std::string& body);

// A traced function's kernel for one combination of argument kinds.
struct FusedKernel {
  ElementwiseOp op;
  std::vector<DType> outputs;
  std::vector<DType> scalar_types;                // the dtype of s0, s1, ...
  std::vector<std::vector<DType>> scalar_checks;  // per scalar: FusionStep::int_checks it met
};

// Runs `k` over `inputs` (in0, in1, ...; broadcast together) with `scalars` (s0, s1, ...):
// allocates the outputs (C order, on the inputs' device) and launches. Returns them, or none,
// before anything ran, when the kernel cannot reproduce the call: shapes that do not broadcast,
// arrays on several devices, a scalar out of range of a checked type. The caller then runs
// the function unfused, which gives NumPy's result or error.
std::optional<std::vector<NDArray>> run_fused(const FusedKernel& k, ArgList<NDArray> inputs,
                                              ArgList<UfuncArg> scalars);

}  // namespace cunp
