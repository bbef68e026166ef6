// src/ops/kernels/fusion.cpp -- cunp.fuse's kernels: the code of one traced ufunc call (resolved as the
// ufunc call would be, written by the ufunc loops' ufunc_call_body), the fused op, and its
// launch.
#include "cunp/ops/kernels/fusion.hpp"

#include "cunp/array/shape.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {

FusionStep fusion_step(const Ufunc& u, const std::vector<FusionOperand>& operands,
                       const std::vector<std::string>& outs) {
  if (static_cast<int>(operands.size()) != u.nin || static_cast<int>(outs.size()) != u.nout)
    throw ValueError("fusion step: wrong operand count for " + u.name);
  std::vector<UfuncArg> args(u.nin);
  NDArray values[4];  // only their dtypes are read
  unsigned scalar_mask = 0;
  for (int k = 0; k < u.nin; ++k) {
    const FusionOperand& op = operands[k];
    if (op.is_scalar) {
      if (op.scalar.array) throw ValueError("fusion step: a scalar operand holds an array");
      args[k] = op.scalar;
      scalar_mask |= 1u << k;
    } else {
      values[k] = NDArray(nullptr, 0, op.dtype, Dims{}, Dims{});
      args[k].array = &values[k];
    }
  }
  UfuncPlan plan = resolve_ufunc(u, args, std::vector<std::optional<DType>>(u.nout),
                                 UfuncOptions{});
  const UfuncLoop& l = *plan.loop;
  FusionStep step;
  step.in_types.assign(l.types, l.types + u.nin);
  step.out_types.assign(l.types + u.nin, l.types + u.nargs());
  step.int_checks.resize(u.nin);
  std::vector<std::string> ins, out_types;
  for (int k = 0; k < u.nin; ++k) {
    const FusionOperand& op = operands[k];
    if (!op.is_scalar) {
      ins.push_back(op.name);
      continue;
    }
    const bool weak_int = op.scalar.weak &&
                          (op.scalar.big_int || is_integer(op.scalar.scalar.dtype));
    if (weak_int && is_integer(l.types[k])) {
      scalar_as(op.scalar, l.types[k]);  // OverflowError when it does not fit
      step.int_checks[k] = l.types[k];
    }
    // A scalar is first converted to the loop's type, as the unfused call converts it on the
    // host.
    ins.push_back(std::string("cast<") + info(l.types[k]).ctype + ">(" + op.name + ")");
  }
  for (int k = 0; k < u.nout; ++k) {
    const char* ctype = info(step.out_types[k]).ctype;
    step.code += std::string(ctype) + " " + outs[k] + ";\n";
    out_types.push_back(ctype);
  }
  step.code += "{\n" + ufunc_call_body(u, l, ins, outs, out_types, scalar_mask) + "}\n";
  return step;
}

ElementwiseOp fused_op(const std::string& name, const std::string& body) {
  ElementwiseOp op;
  op.name = name;
  op.body = body;
  op.math = true;  // complex and float16 helpers of the ufunc loops
  return op;
}

std::optional<std::vector<NDArray>> run_fused(const FusedKernel& k, ArgList<NDArray> inputs,
                                              ArgList<UfuncArg> scalars) {
  if (inputs.empty() || k.outputs.empty())
    throw ValueError("fuse: a fused kernel needs an array input and an output");
  if (scalars.size() != k.scalar_types.size())
    throw ValueError("fuse: expected " + std::to_string(k.scalar_types.size()) + " scalars");
  bool same = true;
  const int device = inputs[0].device();
  for (const NDArray& a : inputs) {
    if (a.device() != device) return std::nullopt;
    same = same && a.shape() == inputs[0].shape();
  }
  Dims shape;
  if (same) {
    shape = inputs[0].shape();
  } else {
    std::vector<Dims> shapes;
    for (const NDArray& a : inputs) shapes.push_back(a.shape());
    try {
      shape = broadcast_shapes(shapes);
    } catch (const ValueError&) {
      return std::nullopt;
    }
  }
  std::vector<Scalar> sc;
  sc.reserve(scalars.size());
  for (std::size_t j = 0; j < scalars.size(); ++j) {
    try {
      if (j < k.scalar_checks.size())
        for (DType t : k.scalar_checks[j]) scalar_as(scalars[j], t);
      sc.push_back(scalar_as(scalars[j], k.scalar_types[j]));
    } catch (const OverflowError&) {
      return std::nullopt;
    }
  }
  std::vector<NDArray> outs;
  outs.reserve(k.outputs.size());
  for (DType t : k.outputs) outs.push_back(NDArray::empty(shape, t, Order::C, device));
  if (shape.product() > 0) elementwise(k.op, inputs, outs, sc, shape);
  return outs;
}

}  // namespace cunp
