// src/ops/kernels/reduction_kernel.cpp -- CuPy's ReductionKernel on the reduction engine: parameters,
// the ReductionOp they give, and calls (type resolution, scalars as 0-d arrays, broadcasting,
// axes, output allocation).
#include "cunp/ops/kernels/reduction_kernel.hpp"

#include "cunp/array/shape.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

constexpr int kMaxParams = 128;

// The name is checked before the parameters are parsed, as CuPy does.
KernelParams named_params(const std::string& name, std::string_view in_params,
                          std::string_view out_params) {
  check_kernel_name(name);
  return KernelParams(in_params, out_params);
}

// A dtype name stands for its C++ type; anything else (a C++ type, a placeholder) is kept.
std::string reduce_ctype(const std::string& t) {
  for (int k = 0; k < kNumDTypes; ++k)
    if (t == name(static_cast<DType>(k))) return user_ctype(static_cast<DType>(k));
  return t;
}

}  // namespace

ReductionKernel::ReductionKernel(std::string_view in_params, std::string_view out_params,
                                 std::string map_expr, std::string reduce_expr,
                                 std::string post_map_expr, std::optional<std::string> identity,
                                 std::string name, ReductionKernelOptions options)
    : params_(named_params(name, in_params, out_params)) {
  for (std::size_t k = 0; k < params_.size(); ++k)
    if (params_[k].raw)
      throw NotImplementedError("raw parameters are not supported by ReductionKernel");
  params_.check_unique_names();
  if (params_.in.empty() || params_.out.empty())
    throw ValueError("ReductionKernel needs at least one input and one output");
  if (params_.size() > static_cast<std::size_t>(kMaxParams))
    throw ValueError("ReductionKernel: at most " + std::to_string(kMaxParams) + " parameters");
  op_.name = std::move(name);
  op_.uses_index = mentions_identifier(map_expr, "_j");
  op_.map_expr = std::move(map_expr);
  op_.reduce_expr = std::move(reduce_expr);
  op_.post_map_expr = std::move(post_map_expr);
  op_.identity = std::move(identity);
  op_.reduce_type = reduce_ctype(options.reduce_type.empty() ? params_.out[0].ctype
                                                             : options.reduce_type);
  op_.preamble = std::move(options.preamble);
  op_.options = std::move(options.options);
  op_.math = true;
  for (std::size_t k = 0; k < params_.size(); ++k) op_.names.push_back(params_[k].name);
  // Each placeholder is typedef'd from the first operand that has it.
  for (std::size_t t = 0; t < params_.placeholders.size(); ++t)
    for (std::size_t k = 0; k < params_.size(); ++k)
      if (params_[k].placeholder == static_cast<int>(t)) {
        op_.type_aliases.push_back(TypeAlias{params_.placeholders[t], false, static_cast<int>(k)});
        break;
      }
}

void ReductionKernel::check_arg_count(std::size_t nargs) const {
  const std::size_t nin = params_.in.size(), nout = params_.out.size();
  if (nargs != nin && nargs != nin + nout)
    throw TypeError("Wrong number of arguments for '" + name() + "'. It must be either " +
                    std::to_string(nin) + " or " + std::to_string(nin + nout) +
                    " (with outputs), but given " + std::to_string(nargs) + ".");
}

std::vector<NDArray> ReductionKernel::operator()(ArgList<KernelArg> inputs,
                                                 ArgList<NDArray> outputs,
                                                 const std::optional<std::vector<int64_t>>& axis,
                                                 bool keepdims, const Stream* stream) const {
  const std::size_t nin = params_.in.size(), nout = params_.out.size();
  check_arg_count(inputs.size() + outputs.size());
  if (inputs.size() != nin)
    throw TypeError("ReductionKernel '" + name() + "' takes " + std::to_string(nin) +
                    " inputs, given " + std::to_string(inputs.size()));
  std::optional<DType> in_given[kMaxParams];
  DType out_given[kMaxParams];
  for (std::size_t k = 0; k < nin; ++k) {
    if (inputs[k].array) in_given[k] = inputs[k].array->dtype();
    else if (inputs[k].scalar.binds_type) in_given[k] = inputs[k].scalar.value.dtype;
  }
  for (std::size_t j = 0; j < outputs.size(); ++j) out_given[j] = outputs[j].dtype();
  DType in_types[kMaxParams], out_types[kMaxParams];
  params_.resolve({in_given, nin}, {out_given, outputs.size()}, {in_types, nin}, {out_types, nout},
                  name());

  std::vector<NDArray> ins;
  std::vector<Dims> shapes;
  for (std::size_t k = 0; k < nin; ++k) {
    if (inputs[k].array) {
      ins.push_back(*inputs[k].array);
    } else {
      ins.push_back(NDArray::empty(Dims{}, in_types[k]));
      fill(ins.back(), inputs[k].scalar.as(in_types[k]));
    }
    shapes.push_back(ins.back().shape());
  }
  const Dims shape = broadcast_shapes(shapes);
  // Every axis is range-checked before duplicates are looked for, as NumPy does.
  if (axis)
    for (int64_t a : *axis) normalize_axis(a, static_cast<int>(shape.size()));
  const std::vector<int> axes = normalize_axes(axis, static_cast<int>(shape.size()));
  Dims kept;
  for (int d = 0; d < shape.size(); ++d) {
    const bool reduced = std::find(axes.begin(), axes.end(), d) != axes.end();
    if (!reduced) kept.push_back(shape[d]);
    else if (keepdims) kept.push_back(1);
  }
  std::vector<NDArray> outs;
  for (std::size_t j = 0; j < nout; ++j) {
    if (outputs.empty()) {
      outs.push_back(NDArray::empty(kept, out_types[j]));
    } else {
      if (outputs[j].shape() != kept) throw ValueError("Out shape is mismatched");
      outs.push_back(outputs[j]);
    }
  }
  StreamScope on_stream(stream);
  reduce(op_, ins, outs, axes, nullptr, shape);
  return outs;
}

std::string ReductionKernel::source(const std::vector<DType>& inputs,
                                    const std::vector<DType>& outputs,
                                    ReduceSignature layout) const {
  layout.inputs = inputs;
  layout.outputs = outputs;
  return reduction_source(op_, layout);
}

}  // namespace cunp
