// src/ops/ufunc/functions.cpp -- UfuncRef: a table row called as NumPy's ufunc objects are, and
// its methods (reduce, accumulate, reduceat, outer, at) over the engines that run them.
#include "cunp/ops/ufunc/functions.hpp"

#include <string>

#include "cunp/ops/manipulation/reshape.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {

UfuncRef ufunc(std::string_view name) {
  if (const Ufunc* u = find_ufunc(name)) return UfuncRef(*u);
    // NumPy 2's array API names are bound by the Python package; the C++ functions of the same
    // names come from CUNP_UFUNC_ALIASES_*, which the lookup reads too.
#define CUNP_ALIAS_LOOKUP(alias, row) \
  if (name == #alias) return UfuncRef(*find_ufunc(#row));
  CUNP_UFUNC_ALIASES_1_1(CUNP_ALIAS_LOOKUP)
  CUNP_UFUNC_ALIASES_2_1(CUNP_ALIAS_LOOKUP)
#undef CUNP_ALIAS_LOOKUP
  throw ValueError("cunp has no ufunc named '" + std::string(name) + "'");
}

std::vector<NDArray> UfuncRef::call(ArgList<Operand> inputs, std::vector<NDArray> outs,
                                    const UfuncOptions& opt) const {
  std::vector<UfuncArg> args;
  args.reserve(inputs.size());
  for (const Operand& o : inputs) args.push_back(o.arg());
  if (outs.empty()) outs.resize(u_->nout);
  return ufunc_call(*u_, args, std::move(outs), opt);
}

NDArray UfuncRef::call1(ArgList<Operand> inputs) const {
  if (u_->nout != 1)
    throw ValueError("ufunc " + u_->name + " has " + std::to_string(u_->nout) +
                     " outputs: call it with call() or cunp::" + u_->name + "()");
  return std::move(call(inputs)[0]);
}

NDArray UfuncRef::reduce(const NDArray& a, const ReduceArgs& args) const {
  return ufunc_reduce(*u_, a, args);
}

NDArray UfuncRef::accumulate(const NDArray& a, int64_t axis, const ScanOptions& opt) const {
  return ufunc_accumulate(*u_, a, axis, opt);
}

NDArray UfuncRef::reduceat(const NDArray& a, const std::vector<int64_t>& indices, int64_t axis,
                           const ScanOptions& opt) const {
  return ufunc_reduceat(*u_, a, indices, axis, opt);
}

NDArray UfuncRef::outer(const NDArray& a, const NDArray& b, NDArray out,
                        const UfuncOptions& opt) const {
  if (u_->nin != 2 || u_->nout != 1)
    throw ValueError("outer product only supported for binary functions");
  // a's axes first, then b's: a gets b.ndim unit axes (a view), and broadcasting does the rest.
  Dims shape = a.shape();
  for (int k = 0; k < b.ndim(); ++k) shape.push_back(1);
  return std::move(call({reshape(a, shape), b}, {std::move(out)}, opt)[0]);
}

void UfuncRef::at(const NDArray& a, const std::vector<NDArray>& indices) const {
  ufunc_at(*u_, a, indices, nullptr);
}

void UfuncRef::at(const NDArray& a, const std::vector<NDArray>& indices, const Operand& b) const {
  UfuncArg arg = b.arg();
  ufunc_at(*u_, a, indices, &arg);
}

}  // namespace cunp
