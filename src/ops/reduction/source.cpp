// src/ops/reduction/source.cpp -- the reduction engine's kernel source: typedefs, the parameter
// block, the op's functions with its code pasted in (identity, map, reduce, post-map, named as
// CuPy's ReductionKernel names them), and the instantiation of one strategy's skeleton from
// src/device/engines/reduction.cuh.
#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/reduction/reduction.hpp"
#include "cunp/runtime/error.hpp"
#include "engine.hpp"

namespace cunp {
namespace {

std::string num(long long v) { return std::to_string(v); }

struct ReductionSource {
  const ReductionOp& op;
  const ReduceSignature& sig;
  int nin, nout;

  ReductionSource(const ReductionOp& o, const ReduceSignature& s)
      : op(o), sig(s), nin(static_cast<int>(s.inputs.size())),
        nout(static_cast<int>(s.outputs.size())) {}

  std::string name(int k) const {
    if (k < static_cast<int>(op.names.size())) return op.names[k];
    return k < nin ? "in" + num(k) : "out" + num(k - nin);
  }
  std::string T(int k) const { return "_t" + num(k); }
  DType dtype(int k) const { return k < nin ? sig.inputs[k] : sig.outputs[k - nin]; }

  // The operand types first..last-1 as the skeleton's list.
  std::string operands(int first, int last) const {
    std::string s = "cunp::reduce_operands<";
    for (int k = first; k < last; ++k) s += (k > first ? ", " : "") + T(k);
    return s + ">";
  }

  std::string source() const {
    const int nops = nin + nout;
    std::string s = device_header();
    if (op.math) s += device_math_header();
    s += device_part("cunp_block");
    s += device_part("reduction");
    s += "\nusing namespace cunp;\n#define BLOCK " + num(detail::kReduceBlock) + "\n";
    for (int k = 0; k < nops; ++k)
      s += "typedef " + std::string(info(dtype(k)).ctype) + " " + T(k) + ";\n";
    for (const TypeAlias& a : op.type_aliases) {
      if (a.scalar || a.index < 0 || a.index >= nops)
        throw ValueError("reduction: type alias '" + a.name + "' names no operand");
      s += "typedef " + T(a.index) + " " + a.name + ";\n";
    }
    s += op.preamble + "\n";
    std::string rt = op.reduce_type.empty() ? T(nin) : op.reduce_type;
    const std::string slot = num(detail::kReduceSlot);
    s += "typedef " + rt + " _type_reduce;\ntypedef _type_reduce _rtype;\n";
    s += "static_assert(sizeof(_rtype) <= " + slot + ", \"reduce_type is larger than " + slot +
         " bytes\");\n";
    s += std::string("typedef ") + (sig.index32 ? "int" : "long long") + " _idx_t;\n";
    const bool kid = op.identity.has_value() || sig.init_param;
    s += std::string("#define _KID ") + (kid ? "true" : "false") + "\n";
    s += "typedef cunp::reduce_params<" + num(nin) + ", " + num(nout) + ", " + num(sig.kept_ndim) +
         ", " + num(sig.reduced_ndim) + "> Params;\n";
    s += "static_assert(sizeof(Params) == " +
         num(detail::reduce_params_bytes(nin, nout, sig.kept_ndim, sig.reduced_ndim)) +
         ", \"host and device disagree on the parameter block\");\n";
    s += functions();
    s += ops_struct();
    s += "extern \"C\" __global__ void __launch_bounds__(BLOCK) " +
         detail::reduce_kernel_name(op.name) + "(const Params _p) {\n  " + instantiation() +
         "(_p, _red_ops());\n}\n";
    return s;
  }

  // The op's code, each part in a function of its own at namespace scope, so that it sees the
  // preamble's names as written (the heads are src/device/engines/reduction.cuh's macros).
  std::string functions() const {
    std::string s = "CUNP_REDUCE_IDENTITY {\n  (void)_p;\n";
    // initial= replaces the identity as the start of every partial fold only when the op has
    // none (the extrema, where folding it again changes nothing); otherwise it is folded in
    // once, before the outputs are written (fold_initial).
    if (op.identity) s += "  return (" + *op.identity + ");\n";
    else if (sig.init_param) s += "  return *reinterpret_cast<const _rtype*>(_p.init);\n";
    else s += "  return _rtype();\n";
    s += "}\nCUNP_REDUCE_MAP(";
    for (int k = 0; k < nin; ++k) s += "const " + T(k) + " " + name(k) + ", ";
    s += ") {\n  (void)_p;\n  (void)_j;\n  return (" + op.map_expr + ");\n}\n";
    s += "CUNP_REDUCE_REDUCE {\n  return (" + op.reduce_expr + ");\n}\n";
    // The post-map also sees the number of elements each output folds as _red_n: a mean
    // divides by it in the same launch.
    s += "CUNP_REDUCE_POST(";
    for (int j = 0; j < nout; ++j) s += ", " + T(nin + j) + "& " + name(nin + j);
    s += ") {\n  const long long _red_n = _p.n_red;\n";
    s += "  const cunp::reduce_size _in_ind{_p.n_red * _p.n_out}, _out_ind{_p.n_out};\n";
    s += "  (void)_red_n;\n  (void)_in_ind;\n  (void)_out_ind;\n" + op.post_map_expr + ";\n}\n";
    return s;
  }

  // The op as the skeletons take it (src/device/engines/reduction.cuh).
  std::string ops_struct() const {
    const bool fold_initial = sig.init_param && op.identity;
    std::string s = "typedef " + operands(0, nin) + " _red_inputs;\n";
    s += "typedef " + operands(nin, nin + nout) + " _red_outputs;\n";
    s += std::string("CUNP_REDUCE_OPS(_KID, ") + (fold_initial ? "true" : "false") + ")\n";
    return s;
  }

  // The strategy's skeleton with the planned layout.
  std::string instantiation() const {
    const std::string layout = "cunp::reduce_layout<_idx_t, " + num(sig.kept_ndim) + ", " +
                               num(sig.reduced_ndim) + ", " + num(sig.vec) + ", BLOCK, " +
                               num(detail::kReduceSlot) + ">";
    switch (sig.strategy) {
      case ReduceStrategy::Block: return "cunp::reduce_block<" + layout + ">";
      case ReduceStrategy::Warp: return "cunp::reduce_warp<" + layout + ">";
      case ReduceStrategy::Thread: return "cunp::reduce_thread<" + layout + ">";
      case ReduceStrategy::Tile:
        return "cunp::reduce_tile<" + layout + ", " + num(detail::kReduceTileCols) + ">";
    }
    throw ValueError("reduction: unknown strategy");
  }
};

}  // namespace

std::string reduction_source(const ReductionOp& op, const ReduceSignature& sig) {
  if (sig.inputs.empty() || sig.outputs.empty())
    throw ValueError("reduction: needs at least one input and one output");
  return ReductionSource(op, sig).source();
}

}  // namespace cunp
