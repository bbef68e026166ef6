// src/ops/reduction/functions.cpp -- NumPy's reductions on the engine: ufunc.reduce with NumPy's
// dtype rules (sum, prod, max, min, all, any are ufunc reductions) and argmax/argmin.
#include <limits>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/creation/creation.hpp"
#include "cunp/ops/reduction/reduction.hpp"
#include "cunp/runtime/error.hpp"
#include "ops/op_cache.hpp"

namespace cunp {
namespace {

// NumPy reorders (and so accepts several axes for) ufuncs with an identity, and the extrema.
bool reorderable(const Ufunc& u) {
  return u.identity != Identity::None || u.name == "maximum" || u.name == "minimum" ||
         u.name == "fmax" || u.name == "fmin";
}

// The identity as a value to start a fold into an out= of dtype `out` from (none where it
// has none, or -inf would be cast into an integer: C leaves that undefined).
std::optional<Scalar> identity_scalar(Identity id, DType out) {
  switch (id) {
    case Identity::Zero: return Scalar::from_int(0, DType::Int64);
    case Identity::One: return Scalar::from_int(1, DType::Int64);
    case Identity::MinusOne: return Scalar::from_int(-1, DType::Int64);
    case Identity::True: return Scalar::from_bool(true, DType::Bool);
    case Identity::False: return Scalar::from_bool(false, DType::Bool);
    case Identity::MinusInf:
      if (!is_inexact(out)) return std::nullopt;
      return Scalar::from_double(-std::numeric_limits<double>::infinity(), DType::Float64);
    default: return std::nullopt;
  }
}

// The identity as a C++ expression of the fold's type.
std::string identity_expr(Identity id) {
  switch (id) {
    case Identity::Zero: return "cast<_rtype>(0)";
    case Identity::One: return "cast<_rtype>(1)";
    case Identity::MinusOne: return "cast<_rtype>(-1)";
    case Identity::True: return "cast<_rtype>(true)";
    case Identity::False: return "cast<_rtype>(false)";
    case Identity::MinusInf: return "cast<_rtype>(-__int_as_float(0x7f800000))";
    default: return "";
  }
}

// The loop a reduction of dtype `t` runs: NumPy's add and multiply widen bool and small
// integers to the default integer; logical ufuncs fold truth values; otherwise the first loop
// of one type every operand of which `t` casts to safely.
struct ReduceLoop {
  DType loop;  // the loop's type: the result dtype
  DType acc;   // the fold's type (float16 folds in float32)
};

ReduceLoop reduce_loop(const Ufunc& u, DType t, std::optional<DType> dtype) {
  if (u.resolver == Resolver::Logical) {
    // Their only loop is bool's: dtype=int8 asks for one they lack (NumPy's TypeError).
    if (dtype && *dtype != DType::Bool)
      throw TypeError("No loop matching the specified signature and casting was found for ufunc " +
                      u.name);
    return {DType::Bool, DType::Bool};
  }
  DType want = t;
  if (dtype) {
    want = *dtype;
  } else if (u.name == "add" || u.name == "multiply") {
    if (t == DType::Bool || (kind(t) == 'i' && itemsize(t) < 8)) want = DType::Int64;
    else if (kind(t) == 'u' && itemsize(t) < 8) want = DType::UInt64;
  } else if (u.resolver == Resolver::TrueDivide && (t == DType::Bool || is_integer(t))) {
    want = DType::Float64;  // true division of integers is float64, as NumPy's resolver has it
  }
  // A strict ufunc (gcd, lcm) has no loop for types it lacks, as in its elementwise call:
  // gcd.reduce of bool is NumPy's TypeError, not an int8 fold.
  const bool exact = dtype || u.resolver == Resolver::Strict;
  for (const UfuncLoop& l : u.loops) {
    if (l.types[0] != l.types[1] || l.types[0] != l.types[2]) continue;
    if (exact ? l.types[0] == want : can_cast(want, l.types[0], Casting::Safe)) {
      DType acc = l.types[0] == DType::Float16 && !u.half_native ? DType::Float32 : l.types[0];
      return {l.types[0], acc};
    }
  }
  throw TypeError("No loop matching the specified signature and casting was found for ufunc " +
                  u.name);
}

OpCache<std::string, ReductionOp>& op_cache() {
  static auto& c = OpCache<std::string, ReductionOp>::create();
  return c;
}

// The engine op for ufunc `u` folding in `acc` (masked: a second input says which elements
// count; `init`: the fold starts from a runtime value).
const ReductionOp& ufunc_op(const Ufunc& u, DType acc, bool masked, bool init) {
  std::string key = u.name + "/" + std::to_string(static_cast<int>(acc)) + (masked ? "/m" : "/") +
                    (init ? "i" : "");
  return op_cache().get(key, [&] {
    ReductionOp op;
    op.name = u.name;
    op.math = true;
    op.reduce_type = info(acc).ctype;
    std::string id = identity_expr(u.identity);
    if (!id.empty()) op.identity = id;
    std::string value = u.resolver == Resolver::Logical ? "cast<bool>(in0)" : "cast<_rtype>(in0)";
    // Masked-off elements contribute the identity (or, for the extrema, initial=).
    op.map_expr = masked ? "in1 ? " + value + " : " + (id.empty() ? "_red_identity(_p)" : id)
                         : value;
    op.reduce_expr = "cast<_rtype>(" + u.function + "(a, b))";
    for (const std::string& part : u.device_parts) op.preamble += device_part(part);
    op.post_map_expr = masked ? "out0 = cast<_t2>(a)" : "out0 = cast<_t1>(a)";
    op.ordered = !reorderable(u);
    return op;
  });
}

// The check of a given out= against a reduction's result shape.
void check_out(const NDArray& out, const Dims& want, const std::string& opname, bool keepdims) {
  if (out.ndim() != want.size())
    throw ValueError("output parameter for reduction operation " + opname +
                     " has the wrong number of dimensions: Found " + std::to_string(out.ndim()) +
                     " but expected " + std::to_string(want.size()) +
                     (keepdims ? " (must match the operand's when keepdims=True)" : ""));
  if (out.shape() != want)
    throw ValueError("operands could not be broadcast together with remapped shapes "
                     "[original->remapped]: " +
                     shape_str(out.shape()) + " " + shape_str(want));
}

// axis= on a 0-d array: NumPy accepts 0 and -1 (and None) and reduces nothing.
std::vector<int> reduce_axes(const NDArray& a, const std::optional<std::vector<int64_t>>& axis) {
  if (a.ndim() == 0) {
    if (axis) normalize_axes(axis, 1);
    return {};
  }
  return normalize_axes(axis, a.ndim());
}

}  // namespace

Dims reduced_shape(const NDArray& a, const std::vector<int>& axes, bool keepdims) {
  std::vector<bool> red(a.ndim(), false);
  for (int x : axes) red[x] = true;
  Dims s;
  for (int d = 0; d < a.ndim(); ++d) {
    if (!red[d]) s.push_back(a.shape()[d]);
    else if (keepdims) s.push_back(1);
  }
  return s;
}

NDArray reduction_result(const NDArray& a, const std::vector<int>& axes, bool keepdims, DType dtype,
                         const NDArray* where) {
  Dims shape = reduced_shape(a, axes, keepdims);
  const bool plain = a.c_contiguous() && (!where || where->c_contiguous());
  if (plain || shape.size() < 2) return NDArray::empty(shape, dtype, Order::C, a.device());
  std::vector<Dims> strides;
  auto add = [&](const NDArray& x) {
    Dims st(a.ndim(), 0);
    const int off = a.ndim() - x.ndim();
    for (int i = 0; i < x.ndim(); ++i)
      if (x.shape()[i] != 1) st[off + i] = x.strides()[i];
    strides.push_back(st);
  };
  add(a);
  if (where) add(*where);
  // The result's axis for each axis of `a` (-1: reduced away), then its axes outermost first.
  std::vector<bool> reduced(a.ndim(), false);
  for (int x : axes) reduced[x] = true;
  std::vector<int> result_axis(a.ndim(), -1);
  for (int d = 0, r = 0; d < a.ndim(); ++d)
    if (keepdims || !reduced[d]) result_axis[d] = r++;
  Dims pshape;
  std::vector<int64_t> inverse(shape.size());
  for (int64_t d : iterator_order(a.shape(), strides)) {
    const int r = result_axis[static_cast<int>(d)];
    if (r < 0) continue;
    inverse[r] = pshape.size();
    pshape.push_back(shape[r]);
  }
  return NDArray::empty(pshape, dtype, Order::C, a.device()).transpose(inverse);
}

namespace {

// NumPy folds bool and integer inputs (but uint64) of ldexp through its mixed (float, int)
// loops: a loop whose first type a casts to safely (or is dtype=) and whose second it casts
// to. cunp has no such fold, so its TypeError comes last, after the checks NumPy makes once
// it has that loop.
bool mixed_fold(const Ufunc& u, DType t, std::optional<DType> dtype) {
  if (u.resolver != Resolver::MixedLoops) return false;
  for (const UfuncLoop& l : u.loops)
    if (l.types[0] == l.types[2] &&
        (dtype ? l.types[0] == *dtype : can_cast(t, l.types[0], Casting::Safe)) &&
        can_cast(t, l.types[1], Casting::Safe))
      return true;
  return false;
}

// The loop a reduction of dtype `t` runs, out= (its dtype `out`) taking part as NumPy's call
// op(out, a) does; nullopt where NumPy folds through a mixed loop cunp lacks. TypeError where
// no loop fits, in NumPy's order: it comes before the reorderability and out='s shape.
std::optional<ReduceLoop> resolve_reduce(const Ufunc& u, DType t, std::optional<DType> dtype,
                                         std::optional<DType> out) {
  const bool via_out = out && !dtype && u.resolver != Resolver::Logical;
  // A non-bool out= makes subtract.reduce of bool the loop of (int8, bool): no bool error.
  if (u.bool_error && t == DType::Bool && !dtype && (!via_out || *out == DType::Bool))
    throw TypeError(u.bool_error);
  // A strict ufunc (gcd) takes the loop of out's and a's promoted type, as its elementwise
  // call: gcd.reduce of bool into an int8 out= folds in int8.
  if (via_out && u.resolver == Resolver::Strict) return reduce_loop(u, promote_types(*out, t), {});
  std::optional<ReduceLoop> found;
  try {
    found = reduce_loop(u, t, dtype);
  } catch (const TypeError&) {
    if (!mixed_fold(u, t, dtype)) throw;
  }
  // NumPy resolves a reduction with out= as the call op(out, a): the first loop that out's
  // dtype and a's both cast to safely is the one that folds (add.reduce of float32 into a
  // float64 out= sums in float64); with none (arctan2 into a complex out=, ldexp of bool into
  // one), its TypeError.
  if (via_out) {
    const UfuncLoop* through_out = nullptr;
    for (const UfuncLoop& l : u.loops)
      if (can_cast(*out, l.types[0], Casting::Safe) && can_cast(t, l.types[1], Casting::Safe)) {
        through_out = &l;
        break;
      }
    if (!through_out)
      throw TypeError("ufunc '" + u.name +
                      "' not supported for the input types, and the inputs could not be safely "
                      "coerced to any supported types according to the casting rule ''safe''");
    const DType l = through_out->types[0];
    if (found && l != found->loop && l == through_out->types[1] && l == through_out->types[2])
      found = reduce_loop(u, t, l);
  }
  return found;
}

std::optional<DType> dtype_of(const NDArray& out) {
  if (!out.defined()) return std::nullopt;
  return out.dtype();
}

}  // namespace

NDArray ufunc_reduce(const Ufunc& u, const NDArray& a, const ReduceArgs& args) {
  if (u.nin != 2 || u.nout != 1) throw ValueError("reduce only supported for binary functions");
  // NumPy's order: the axes, the loop, then the reorderability, the where= identity, out=.
  std::vector<int> axes = reduce_axes(a, args.axis);
  const std::optional<ReduceLoop> found = resolve_reduce(u, a.dtype(), args.dtype,
                                                         dtype_of(args.out));
  if (!reorderable(u)) {
    bool many = args.axis ? axes.size() > 1 : a.ndim() > 1;
    if (many)
      throw ValueError("reduction operation '" + u.name +
                       "' is not reorderable, so at most one axis may be specified");
  }
  if (args.where && u.identity == Identity::None && !args.initial)
    throw ValueError(
        "reduction operation '" + u.name +
        "' does not have an identity, so to use a where mask one has to specify 'initial'");
  if (args.out.defined())
    check_out(args.out, reduced_shape(a, axes, args.keepdims), u.name, args.keepdims);
  if (!found) {
    const Dims result = reduced_shape(a, axes, args.keepdims);
    int64_t n_red = 1;
    for (int x : axes) n_red *= a.shape()[x];
    if (result.product() != 0 && n_red == 0 && !args.initial)  // the engine's check, first
      throw ValueError("zero-size array to reduction operation " + u.name +
                       " which has no identity");
    throw TypeError(u.name + ".reduce of " + name(a.dtype()) +
                    " runs through NumPy's mixed (float, int) loops, which cunp does not have");
  }
  const ReduceLoop loop = *found;

  NDArray out = args.out;
  if (!out.defined()) out = reduction_result(a, axes, args.keepdims, loop.loop, args.where);
  if (out.size() == 0) return out;

  // NumPy converts initial= (else the identity) into the loop's dtype and writes it into the
  // result, which is out= where given: the fold starts from that value read back (-1 through a
  // bool out= is 1, so bitwise_and.reduce of int8 [2] into it is False).
  std::optional<Scalar> init;
  std::optional<Scalar> start = args.initial;
  if (!start && args.out.defined() && args.out.dtype() != loop.loop)
    start = identity_scalar(u.identity, args.out.dtype());
  if (start) {
    Scalar v = start->cast(loop.loop);
    if (args.out.defined()) v = v.cast(args.out.dtype());
    init = v.cast(loop.acc);
  }
  const ReductionOp& op = ufunc_op(u, loop.acc, args.where != nullptr, init.has_value());
  if (args.where) {
    if (args.where->dtype() != DType::Bool)
      throw TypeError(std::string("Cannot cast array data from dtype('") +
                      name(args.where->dtype()) +
                      "') to dtype('bool') according to the rule 'safe'");
    NDArray mask = args.where->broadcast_to(a.shape());
    reduce(op, {a, mask}, {out}, axes, init ? &*init : nullptr, a.shape());
  } else {
    reduce(op, {a}, {out}, axes, init ? &*init : nullptr, a.shape());
  }
  return out;
}

DType ufunc_reduce_dtype(const Ufunc& u, DType t, std::optional<DType> dtype) {
  return reduce_loop(u, t, dtype).loop;
}

std::optional<DType> ufunc_reduce_loop_dtype(const Ufunc& u, DType t, std::optional<DType> dtype,
                                             std::optional<DType> out) {
  const std::optional<ReduceLoop> loop = resolve_reduce(u, t, dtype, out);
  if (!loop) return std::nullopt;
  return loop->loop;
}

NDArray sum(const NDArray& a, const ReduceArgs& args) {
  return ufunc_reduce(*find_ufunc("add"), a, args);
}
NDArray prod(const NDArray& a, const ReduceArgs& args) {
  return ufunc_reduce(*find_ufunc("multiply"), a, args);
}
NDArray amax(const NDArray& a, const ReduceArgs& args) {
  return ufunc_reduce(*find_ufunc("maximum"), a, args);
}
NDArray amin(const NDArray& a, const ReduceArgs& args) {
  return ufunc_reduce(*find_ufunc("minimum"), a, args);
}
NDArray all(const NDArray& a, const ReduceArgs& args) {
  return ufunc_reduce(*find_ufunc("logical_and"), a, args);
}
NDArray any(const NDArray& a, const ReduceArgs& args) {
  return ufunc_reduce(*find_ufunc("logical_or"), a, args);
}

namespace {

DType arg_value_type(DType t) { return t == DType::Float16 ? DType::Float32 : t; }

const ReductionOp& arg_op(bool max, DType t) {
  std::string key = std::string(max ? "argmax/" : "argmin/") + std::to_string(static_cast<int>(t));
  return op_cache().get(key, [&] {
    ReductionOp op;
    op.name = max ? "argmax" : "argmin";
    // The fold of (value, position) pairs: src/device/reduction/argminmax.cuh.
    op.preamble = device_part("argminmax") + "typedef " + info(arg_value_type(t)).ctype +
                  " _vt;\ntypedef argminmax::pair<_vt> _argpair;\n";
    op.reduce_type = "_argpair";
    op.map_expr = "_argpair{cast<_vt>(in0), _j}";
    op.reduce_expr = std::string("argminmax::pick<") + (max ? "true" : "false") + ">(a, b)";
    op.post_map_expr = "out0 = static_cast<_t1>(a.i)";
    op.uses_index = true;
    return op;
  });
}

NDArray arg_reduce(bool max, const NDArray& a, std::optional<int64_t> axis, bool keepdims,
                   NDArray out) {
  const char* what = max ? "argmax" : "argmin";
  std::vector<int> axes;
  if (axis) axes = reduce_axes(a, std::vector<int64_t>{*axis});
  else axes = normalize_axes(std::nullopt, a.ndim());
  int64_t n_red = 1;
  for (int x : axes) n_red *= a.shape()[x];
  Dims shape = reduced_shape(a, axes, keepdims);
  // NumPy raises whenever the reduced extent is empty, even when the result is empty too
  // (argmax of a (0, 3) array along axis 0); an empty result over a non-empty axis is fine.
  if (n_red == 0) throw ValueError(std::string("attempt to get ") + what + " of an empty sequence");
  if (out.defined()) {
    if (out.shape() != shape)
      throw ValueError("output array does not match result of np." + std::string(what));
    if (out.dtype() != DType::Int64)
      throw TypeError(std::string("Cannot cast array data from dtype('int64') to dtype('") +
                      name(out.dtype()) + "') according to the rule 'safe'");
  } else {
    out = NDArray::empty(shape, DType::Int64, Order::C, a.device());  // NumPy's is C-ordered
  }
  if (out.size() == 0) return out;
  reduce(arg_op(max, a.dtype()), {a}, {out}, axes, nullptr, a.shape());
  return out;
}

}  // namespace

NDArray argmax(const NDArray& a, std::optional<int64_t> axis, bool keepdims, NDArray out) {
  return arg_reduce(true, a, axis, keepdims, std::move(out));
}
NDArray argmin(const NDArray& a, std::optional<int64_t> axis, bool keepdims, NDArray out) {
  return arg_reduce(false, a, axis, keepdims, std::move(out));
}

std::string ufunc_reduce_source(const Ufunc& u, DType t, ReduceSignature layout) {
  ReduceLoop loop = reduce_loop(u, t, std::nullopt);
  const ReductionOp& op = ufunc_op(u, loop.acc, false, layout.init_param);
  layout.inputs = {t};
  layout.outputs = {loop.loop};
  return reduction_source(op, layout);
}

std::string arg_reduce_source(bool max, DType t, ReduceSignature layout) {
  layout.inputs = {t};
  layout.outputs = {DType::Int64};
  return reduction_source(arg_op(max, t), layout);
}

}  // namespace cunp
