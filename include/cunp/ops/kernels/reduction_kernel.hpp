// cunp/ops/kernels/reduction_kernel.hpp -- CuPy's ReductionKernel: user map / reduce / post-map code
// with CuPy's parameter lists and type placeholders, argument checks and output allocation, on
// the reduction engine.
//
//   ReductionKernel l2("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm");
//   NDArray norms = l2({KernelArg{&x}}, {}, std::vector<int64_t>{1})[0];
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/kernels/kernel_params.hpp"
#include "cunp/ops/reduction/reduction.hpp"
#include "cunp/runtime/stream.hpp"

namespace cunp {

struct ReductionKernelOptions {
  // The fold's type: a C++ type, a placeholder ('T') or a dtype name ('float64', which means
  // its C++ type); empty: the first output's type.
  std::string reduce_type;
  std::string preamble;              // device code placed before the kernel
  std::vector<std::string> options;  // extra NVRTC options
};

class ReductionKernel {
 public:
  // map_expr reads the inputs by name (and `_j`, the element's C-order position within the
  // reduced axes); reduce_expr folds `a` and `b`; post_map_expr writes the outputs from `a`.
  // No identity: the fold starts from the first element. CuPy's errors for a bad name or
  // parameter list (see KernelParams), raw parameters, duplicate names, no input or output.
  ReductionKernel(std::string_view in_params, std::string_view out_params, std::string map_expr,
                  std::string reduce_expr, std::string post_map_expr,
                  std::optional<std::string> identity, std::string name,
                  ReductionKernelOptions options = {});

  const std::string& name() const { return op_.name; }
  const KernelParams& params() const { return params_; }
  const std::string& reduce_type() const { return op_.reduce_type; }  // as the source spells it
  const ReductionOp& op() const { return op_; }

  // TypeError("Wrong number of arguments for 'k'. ...") unless `nargs` is the number of inputs,
  // or of inputs and outputs.
  void check_arg_count(std::size_t nargs) const;

  // Runs the kernel: `inputs` (one per input parameter; a scalar becomes a 0-d array of its
  // parameter's type), then either no outputs or all of them. The inputs broadcast together;
  // `axis` (none: every axis) is reduced, and each output has the kept axes (the reduced ones
  // as 1s with keepdims). Missing outputs are allocated; a given output must have that shape.
  // Types follow KernelParams::resolve. The kernel runs on `stream` when given, else on the
  // current stream. Returns the outputs, given or allocated.
  std::vector<NDArray> operator()(ArgList<KernelArg> inputs, ArgList<NDArray> outputs = {},
                                  const std::optional<std::vector<int64_t>>& axis = std::nullopt,
                                  bool keepdims = false, const Stream* stream = nullptr) const;

  // The source for these dtypes and layout (the signature's dtypes are replaced).
  std::string source(const std::vector<DType>& inputs, const std::vector<DType>& outputs,
                     ReduceSignature layout) const;

 private:
  KernelParams params_;
  ReductionOp op_;
};

}  // namespace cunp
