// src/ops/kernels/elementwise_kernel.cpp -- CuPy's ElementwiseKernel on the elementwise engine: argument
// checks in CuPy's order, type resolution, broadcasting, output allocation, and one engine op
// per pattern of scalar inputs.
#include "cunp/ops/kernels/elementwise_kernel.hpp"

#include <algorithm>
#include <cstring>

#include "cunp/array/shape.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

constexpr int kMax = ElementwiseKernel::kMaxParams;

// The ufunc math library (complex and float16 functions) only where the dtypes need it, so
// plain real kernels stay cheap to compile.
bool needs_math(DType t) { return is_complex(t) || t == DType::Float16; }

std::string checked_name(std::string name) {
  check_kernel_name(name);
  return name;
}

}  // namespace

struct ElementwiseKernel::MadeOp {
  ElementwiseOp op;
  std::vector<bool> scalar;           // per input
  std::vector<StructLayout> structs;  // per input: a structured value's layout, or size 0
};

namespace {

bool same_layouts(const std::vector<StructLayout>& a, const StructLayout* b) {
  for (std::size_t k = 0; k < a.size(); ++k)
    if (a[k].size != b[k].size || a[k].align != b[k].align) return false;
  return true;
}

}  // namespace

ElementwiseKernel::ElementwiseKernel(std::string_view in_params, std::string_view out_params,
                                     std::string operation, std::string name,
                                     ElementwiseKernelOptions options)
    : name_(checked_name(std::move(name))), params_(in_params, out_params, &options.preamble),
      operation_(std::move(operation)), options_(std::move(options)) {
  for (std::size_t k = 0; k < params_.size(); ++k)
    if (params_[k].name == "i") throw ValueError("Can not use 'i' as a parameter name");
  params_.check_unique_names();
  if (params_.size() > static_cast<std::size_t>(kMax))
    throw ValueError("ElementwiseKernel: at most " + std::to_string(kMax) + " parameters");
  for (const std::string* code :
       {&operation_, &options_.loop_prep, &options_.after_loop, &options_.preamble})
    uses_index_ = uses_index_ || mentions_identifier(*code, "i") ||
                  mentions_identifier(*code, "_ind");
}

ElementwiseKernel::~ElementwiseKernel() = default;

ElementwiseKernel::Returns ElementwiseKernel::returns() const {
  if (options_.no_return) return Returns::Nothing;
  return params_.out.size() == 1 && !options_.return_tuple ? Returns::Single : Returns::Tuple;
}

void ElementwiseKernel::check_arg_count(std::size_t nargs) const {
  const std::size_t nin = params_.in.size(), nout = params_.out.size();
  if (nargs != nin && nargs != nin + nout)
    throw TypeError("Wrong number of arguments for '" + name_ + "'. It must be either " +
                    std::to_string(nin) + " or " + std::to_string(nin + nout) +
                    " (with outputs), but given " + std::to_string(nargs) + ".");
}

std::vector<NDArray> ElementwiseKernel::operator()(ArgList<KernelArg> inputs,
                                                   ArgList<NDArray> outputs, int64_t size,
                                                   const Stream* stream) {
  const std::size_t nin = params_.in.size(), nout = params_.out.size();
  check_arg_count(inputs.size() + outputs.size());
  if (inputs.size() != nin)
    throw TypeError("ElementwiseKernel '" + name_ + "' takes " + std::to_string(nin) +
                    " inputs, given " + std::to_string(inputs.size()));
  std::optional<DType> in_given[kMax];
  bool scalar[kMax];
  StructLayout structs[kMax];
  for (std::size_t k = 0; k < nin; ++k) {
    scalar[k] = !inputs[k].array;
    if (scalar[k]) structs[k] = inputs[k].scalar.struct_layout;
    check_struct_arg(k, !scalar[k], structs[k]);
    if (!scalar[k]) in_given[k] = inputs[k].array->dtype();
    else if (inputs[k].scalar.binds_type) in_given[k] = inputs[k].scalar.value.dtype;
  }
  DType out_given[kMax];
  for (std::size_t j = 0; j < outputs.size(); ++j) out_given[j] = outputs[j].dtype();
  // The loop shape, then the types: CuPy's order, so its errors come first.
  Dims shape = loop_shape(inputs, outputs, size);
  DType in_types[kMax], out_types[kMax];
  params_.resolve({in_given, nin}, {out_given, outputs.size()}, {in_types, nin}, {out_types, nout},
                  name_);
  StreamScope on_stream(stream);

  std::vector<NDArray> outs;
  outs.reserve(nout);
  for (std::size_t j = 0; j < nout; ++j) {
    if (!outputs.empty()) {
      if (!params_.out[j].raw && outputs[j].shape() != shape)
        throw ValueError("Out shape is mismatched");
      outs.push_back(outputs[j]);
    } else {
      if (params_.out[j].raw && size < 0) throw ValueError("Output array size is Undecided");
      outs.push_back(NDArray::empty(shape, out_types[j]));
    }
  }
  if (shape.product() == 0) return outs;

  std::vector<NDArray> in_arrays;
  in_arrays.reserve(nin);
  Scalar scalars[kMax];
  int ns = 0;
  for (std::size_t k = 0; k < nin; ++k) {
    if (!scalar[k]) {
      in_arrays.push_back(*inputs[k].array);
    } else if (const std::size_t size = structs[k].size) {
      // A struct's bytes over consecutive 16-byte slots (see StructScalar).
      const int n = struct_slots(static_cast<int>(size));
      if (ns + n > kMax)
        throw ValueError("ElementwiseKernel '" + name_ + "': the scalar arguments take more than " +
                         std::to_string(kMax * 16) + " bytes");
      const auto* bytes = static_cast<const unsigned char*>(inputs[k].scalar.struct_bytes);
      for (int j = 0; j < n; ++j) {
        Scalar& slot = scalars[ns++];
        slot = Scalar{};
        slot.dtype = DType::UInt8;
        std::memcpy(slot.bytes, bytes + 16 * j, std::min<std::size_t>(16, size - 16 * j));
      }
    } else {
      scalars[ns++] = inputs[k].scalar.as(in_types[k]);
    }
  }
  const ElementwiseOp& op = op_for(scalar, structs, in_types, out_types);
  try {
    elementwise(op, in_arrays, outs, ArgList<Scalar>(scalars, ns), shape);
  } catch (const CompileError& e) {
    raise_struct_mismatch(e, structs);
    throw;
  }
  return outs;
}

Dims ElementwiseKernel::loop_shape(ArgList<KernelArg> inputs, ArgList<NDArray> outputs,
                                   int64_t size) const {
  const std::size_t nin = inputs.size(), n = nin + outputs.size();
  auto loop_array = [&](std::size_t k) -> const NDArray* {  // null: raw or a scalar
    if (params_[k].raw) return nullptr;
    return k < nin ? inputs[k].array : &outputs[k - nin];
  };
  const Dims* first = nullptr;
  bool same = true;
  for (std::size_t k = 0; k < n; ++k) {
    const NDArray* a = loop_array(k);
    if (!a) continue;
    if (!first) first = &a->shape();
    else same = same && a->shape() == *first;
  }
  if (size >= 0) {
    if (first)
      throw ValueError("Specified 'size' can be used only if all of the ndarray are 'raw'.");
    return Dims{size};
  }
  if (!first) throw ValueError("Loop size is undecided.");
  if (same) return *first;
  std::vector<Dims> shapes;
  for (std::size_t k = 0; k < n; ++k)
    if (const NDArray* a = loop_array(k)) shapes.push_back(a->shape());
  return broadcast_shapes(shapes);
}

void ElementwiseKernel::check_struct_arg(std::size_t k, bool array,
                                         const StructLayout& layout) const {
  const KernelParam& p = params_.in[k];
  const std::string where = "parameter '" + p.name + "' of kernel '" + name_ +
                            "' (kernel argument " + std::to_string(k) + ")";
  if (p.is_struct) {
    if (array || !layout.size)
      throw TypeError(where + " has the C type " + p.ctype +
                      " and takes a structured scalar (numpy.void, or a one-element structured "
                      "array) by value, not " +
                      (array ? "an array" : "a plain scalar"));
    if (layout.align > 16)
      throw ValueError(where + ": the structured value needs an alignment of " +
                       std::to_string(layout.align) +
                       " bytes; ElementwiseKernel passes structs aligned to at most 16");
  } else if (layout.size) {
    throw TypeError("Unsupported type numpy.void: a structured value was passed for " + where +
                    ", whose type is " + p.ctype +
                    "; only a parameter typed by a C struct name (such as 'double3 v') takes one");
  }
}

void ElementwiseKernel::raise_struct_mismatch(const CompileError& e,
                                              const StructLayout* structs) const {
  for (std::size_t k = 0; k < params_.in.size(); ++k) {
    const KernelParam& p = params_.in[k];
    if (!p.is_struct || !structs[k].size) continue;
    const std::string head = "ElementwiseKernel '" + name_ + "': the C type " + p.ctype +
                             " of parameter '" + p.name + "' (kernel argument " +
                             std::to_string(k) + ")";
    // The compiler's message, not the source line it echoes (which any error there shows).
    auto failed = [&](const char* what) {
      return e.log.find("failed with \"" + struct_scalar_marker(p.name, what) + "\"") !=
             std::string::npos;
    };
    if (failed("size"))
      throw ValueError(head + " is not " + std::to_string(structs[k].size) +
                       " bytes, the itemsize of the structured value passed for it");
    if (failed("over-aligned"))
      throw ValueError(head + " is aligned to more than 16 bytes; ElementwiseKernel passes "
                              "structs aligned to at most 16");
    if (failed("alignment"))
      throw ValueError(head + " is not aligned to a multiple of " +
                       std::to_string(structs[k].align) +
                       " bytes, the alignment the structured value's fields need");
  }
}

const ElementwiseOp& ElementwiseKernel::op_for(const bool* scalar, const StructLayout* structs,
                                               const DType* in_types, const DType* out_types) {
  bool math = false;
  for (std::size_t k = 0; k < params_.in.size(); ++k) math = math || needs_math(in_types[k]);
  for (std::size_t j = 0; j < params_.out.size(); ++j) math = math || needs_math(out_types[j]);
  // A kernel meets one or two patterns in practice: a linear search is the fastest lookup.
  std::lock_guard<std::mutex> lock(ops_mutex_);
  for (const auto& m : ops_)
    if (m->op.math == math && std::equal(m->scalar.begin(), m->scalar.end(), scalar) &&
        same_layouts(m->structs, structs))
      return m->op;
  ops_.push_back(std::make_unique<MadeOp>(make_op(scalar, structs, math)));
  return ops_.back()->op;
}

ElementwiseKernel::MadeOp ElementwiseKernel::make_op(const bool* scalar,
                                                     const StructLayout* structs, bool math) const {
  const std::vector<KernelParam>& in = params_.in;
  const std::vector<KernelParam>& out = params_.out;
  MadeOp m;
  ElementwiseOp& op = m.op;
  op.name = name_;
  op.body = operation_;
  op.uses_index = uses_index_;
  op.preamble = options_.preamble;
  op.math = math;
  op.load_outputs = true;  // CuPy's outputs are references to the elements
  op.loop_prep = options_.loop_prep;
  op.after_loop = options_.after_loop;
  op.options = options_.options;
  // Operand and scalar positions of each param.
  std::vector<int> operand(params_.size(), -1), scalar_at(in.size(), -1);
  int nops = 0, ns = 0;
  for (std::size_t k = 0; k < in.size(); ++k) {
    m.scalar.push_back(scalar[k]);
    m.structs.push_back(scalar[k] ? structs[k] : StructLayout{});
    if (scalar[k]) {
      scalar_at[k] = ns++;
      op.scalar_names.push_back(in[k].name);
      if (structs[k].size) {  // passed as its bytes, read as the parameter's C type
        op.struct_scalars.resize(ns);
        op.struct_scalars.back() = StructScalar{in[k].ctype, static_cast<int>(structs[k].size),
                                                static_cast<int>(structs[k].align)};
      }
    } else {
      operand[k] = nops++;
      op.names.push_back(in[k].name);
      op.raw.push_back(in[k].raw);
      op.writable.push_back(!in[k].is_const);
    }
  }
  for (std::size_t j = 0; j < out.size(); ++j) {
    operand[in.size() + j] = nops++;
    op.names.push_back(out[j].name);
    op.raw.push_back(out[j].raw);
    op.writable.push_back(true);
  }
  // A typedef for each placeholder, from the first param that has it (outputs are always
  // operands; an input may be a scalar, converted to the placeholder's type).
  for (std::size_t t = 0; t < params_.placeholders.size(); ++t) {
    TypeAlias a{params_.placeholders[t]};
    for (std::size_t k = 0; k < params_.size(); ++k) {
      if (params_[k].placeholder != static_cast<int>(t)) continue;
      a.scalar = k < in.size() && scalar[k];
      a.index = a.scalar ? scalar_at[k] : operand[k];
      break;
    }
    op.type_aliases.push_back(a);
  }
  return m;
}

KernelSignature ElementwiseKernel::signature(ArgList<std::optional<DType>> args,
                                             ArgList<StructLayout> structs, bool* scalar,
                                             StructLayout* layouts, DType* in_types) const {
  check_arg_count(args.size());
  const std::size_t nin = params_.in.size(), nout = params_.out.size();
  const bool outs_given = args.size() > nin;
  DType out_given[kMax];
  for (std::size_t j = 0; outs_given && j < nout; ++j) {
    if (!args[nin + j]) throw TypeError("Output arguments type must be cunp.ndarray");
    out_given[j] = *args[nin + j];
  }
  for (std::size_t k = 0; k < nin; ++k) {
    scalar[k] = !args[k];
    layouts[k] = scalar[k] && k < structs.size() ? structs[k] : StructLayout{};
    check_struct_arg(k, !scalar[k], layouts[k]);
  }
  DType out_types[kMax];
  params_.resolve({args.begin(), nin}, {out_given, outs_given ? nout : 0}, {in_types, nin},
                  {out_types, nout}, name_);
  KernelSignature sig;
  for (std::size_t k = 0; k < nin; ++k) {
    if (!scalar[k]) sig.inputs.push_back(in_types[k]);
    else if (layouts[k].size)  // its slots (see StructScalar)
      for (int j = struct_slots(static_cast<int>(layouts[k].size)); j > 0; --j)
        sig.scalars.push_back(DType::UInt8);
    else sig.scalars.push_back(in_types[k]);
  }
  sig.outputs.assign(out_types, out_types + nout);
  return sig;
}

std::string ElementwiseKernel::source(ArgList<std::optional<DType>> args, int strided_ndim, int vec,
                                      ArgList<StructLayout> structs) {
  bool scalar[kMax];
  StructLayout layouts[kMax];
  DType in_types[kMax];
  KernelSignature sig = signature(args, structs, scalar, layouts, in_types);
  sig.strided_ndim = strided_ndim;
  sig.vec = vec;
  return elementwise_source(op_for(scalar, layouts, in_types, sig.outputs.data()), sig);
}

void ElementwiseKernel::compile(ArgList<std::optional<DType>> args, int strided_ndim, int arch,
                                ArgList<StructLayout> structs) {
  bool scalar[kMax];
  StructLayout layouts[kMax];
  DType in_types[kMax];
  KernelSignature sig = signature(args, structs, scalar, layouts, in_types);
  sig.strided_ndim = strided_ndim;
  const ElementwiseOp& op = op_for(scalar, layouts, in_types, sig.outputs.data());
  try {
    cunp::compile(elementwise_source(op, sig), op.name, arch, op.options);
  } catch (const CompileError& e) {
    raise_struct_mismatch(e, layouts);
    throw;
  }
}

}  // namespace cunp
