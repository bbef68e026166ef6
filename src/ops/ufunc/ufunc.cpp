// src/ops/ufunc/ufunc.cpp -- calling a ufunc: shapes and outputs, operand overlap, the per-loop kernel
// body (casts around the np_<name> device function), and the launch through elementwise().
#include <memory>
#include <mutex>
#include <unordered_map>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/ops/ufunc/ufunc.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "ops/op_cache.hpp"

namespace cunp {
namespace {

// One element of loop `l` in a ufunc kernel: inputs (arrays in0.., scalars s0..), the call,
// results cast to whatever the output arrays hold; with where=, the mask is the last array.
std::string loop_body(const Ufunc& u, const UfuncLoop& l, unsigned scalar_mask, bool where) {
  std::vector<std::string> ins, outs, out_types;
  int arrays = 0, scalars = 0;
  for (int k = 0; k < u.nin; ++k) {
    const bool scalar = scalar_mask >> k & 1;
    std::string name = scalar ? "s" : "in";
    name += std::to_string(scalar ? scalars++ : arrays++);
    ins.push_back(std::move(name));
  }
  for (int k = 0; k < u.nout; ++k) {
    outs.push_back("out" + std::to_string(k));
    out_types.push_back("decltype(" + outs.back() + ")");
  }
  std::string s = ufunc_call_body(u, l, ins, outs, out_types, scalar_mask);
  if (where) s = "if (in" + std::to_string(arrays) + ") {\n" + s + "}\n";
  return s;
}

// Ops are built once per (ufunc, loop, which inputs are scalars, where=) and kept.
const ElementwiseOp& loop_op(const Ufunc& u, int loop, unsigned scalar_mask, bool where) {
  static auto& ops = OpCache<uint64_t, ElementwiseOp>::create();
  uint64_t key = static_cast<uint64_t>(u.index) << 24 | static_cast<uint64_t>(loop) << 8 |
                 scalar_mask << 1 | (where ? 1u : 0u);
  return ops.get(key, [&] {
    ElementwiseOp op;
    op.name = "uf_" + u.name + "_" + std::to_string(loop) + "_" + std::to_string(scalar_mask) +
              (where ? "w" : "");
    op.body = loop_body(u, u.loops[loop], scalar_mask, where);
    op.math = true;
    for (const std::string& part : u.device_parts) op.preamble += device_part(part);
    op.load_outputs = where;  // masked-off elements keep what the output held
    return op;
  });
}

// Whether writing `out` while reading `in` element by element is safe without a copy: no shared
// bytes, or exactly the same elements in the same order.
bool safe_in_place(const NDArray& in, const NDArray& out) {
  if (!may_share_memory(in, out)) return true;
  return in.data() == out.data() && in.strides() == out.strides() &&
         in.itemsize() == out.itemsize() && in.shape() == out.shape();
}

}  // namespace

std::string ufunc_call_body(const Ufunc& u, const UfuncLoop& l, const std::vector<std::string>& ins,
                            const std::vector<std::string>& outs,
                            const std::vector<std::string>& out_types, unsigned scalar_inputs) {
  std::string s;
  std::string args;
  for (int k = 0; k < u.nin; ++k) {
    std::string t = u.compute_type(l.types[k]);
    s += "const " + t + " a" + std::to_string(k) + " = cast<" + t + ">(" + ins[k] + ");\n";
    args += (k ? ", a" : "a") + std::to_string(k);
  }
  std::string function = u.function;
  // NumPy's float32/64 power with one scalar exponent has fast paths (0.5 is sqrt, 2 is a*a)
  // whose results differ from pow's at signed zeros and infinities.
  if (u.name == "power" && (scalar_inputs & 2) &&
      (l.types[0] == DType::Float32 || l.types[0] == DType::Float64))
    function = "np_power_scalar";
  if (u.nout == 1) {
    s += outs[0] + " = cast<" + out_types[0] + ">(" + function + "(" + args + "));\n";
    return s;
  }
  for (int k = 0; k < u.nout; ++k) {
    s += u.compute_type(l.types[u.nin + k]) + " r" + std::to_string(k) + ";\n";
    args += ", r" + std::to_string(k);
  }
  s += function + "(" + args + ");\n";
  for (int k = 0; k < u.nout; ++k)
    s += outs[k] + " = cast<" + out_types[k] + ">(r" + std::to_string(k) + ");\n";
  return s;
}

std::string ufunc_loop_source(const Ufunc& u, int loop_index, unsigned scalar_inputs, bool where) {
  const UfuncLoop& l = u.loops.at(loop_index);
  std::vector<DType> ins, scalars, outs(l.types + u.nin, l.types + u.nargs());
  for (int k = 0; k < u.nin; ++k) (scalar_inputs >> k & 1 ? scalars : ins).push_back(l.types[k]);
  if (where) ins.push_back(DType::Bool);
  return elementwise_source(loop_op(u, loop_index, scalar_inputs, where), ins, outs, scalars, 0, 1);
}

std::vector<NDArray> ufunc_call(const Ufunc& u, const std::vector<UfuncArg>& args,
                                std::vector<NDArray> outs, const UfuncOptions& opt) {
  if (static_cast<int>(outs.size()) != u.nout)
    throw ValueError("ufunc " + u.name + ": expected " + std::to_string(u.nout) + " output(s)");
  std::vector<std::optional<DType>> out_types(u.nout);
  for (int k = 0; k < u.nout; ++k)
    if (outs[k].defined()) out_types[k] = outs[k].dtype();
  UfuncPlan plan = resolve_ufunc(u, args, out_types, opt);
  const UfuncLoop& loop = *plan.loop;

  // The broadcast shape of the inputs (and the mask); given outputs must contain it.
  const NDArray* first = nullptr;
  Dims shape;
  bool have_shape = false;
  auto join = [&](const Dims& s) {
    if (!have_shape) {
      shape = s;
      have_shape = true;
    } else if (s != shape) {
      try {
        shape = broadcast_shapes({shape, s});
      } catch (const ValueError&) {
        std::string shapes;  // NumPy prints them without spaces here: (2,3) (4,)
        for (const UfuncArg& a : args) {
          if (!a.array) continue;
          std::string t = shape_str(a.array->shape());
          for (std::size_t p; (p = t.find(", ")) != std::string::npos;) t.erase(p + 1, 1);
          shapes += t + " ";
        }
        throw ValueError("operands could not be broadcast together with shapes " + shapes);
      }
    }
  };
  for (const UfuncArg& a : args)
    if (a.array) {
      join(a.array->shape());
      if (!first) first = a.array;
    }
  if (opt.where) join(opt.where->shape());
  for (int k = 0; k < u.nout; ++k) {
    if (!outs[k].defined()) continue;
    const Dims& os = outs[k].shape();
    Dims b = have_shape ? broadcast_shapes({shape, os}) : os;
    if (b != os)
      throw ValueError("non-broadcastable output operand with shape " + shape_str(os) +
                       " doesn't match the broadcast shape " + shape_str(b));
    shape = os;
    have_shape = true;
  }

  int device = first ? first->device() : -1;
  for (const NDArray& o : outs)
    if (o.defined() && device < 0) device = o.device();
  if (device < 0) device = current_device();

  // NumPy's order='K': its iterator's order over every array operand (the mask too), each
  // broadcast to the result's shape. C-contiguous operands all vote for C order (also when
  // broadcast), so the common call skips the sort and allocates C.
  bool all_c = true;
  for (const UfuncArg& a : args)
    if (a.array) all_c = all_c && a.array->c_contiguous();
  if (opt.where) all_c = all_c && opt.where->c_contiguous();
  std::vector<int64_t> keep;
  if (opt.order == OrderSpec::K && shape.size() > 1 && !all_c) {
    std::vector<Dims> strides;
    auto add = [&](const NDArray& a) {
      Dims s(shape.size(), 0);
      const int off = shape.size() - a.ndim();
      for (int i = 0; i < a.ndim(); ++i)
        if (a.shape()[i] != 1) s[off + i] = a.strides()[i];
      strides.push_back(s);
    };
    for (const UfuncArg& a : args)
      if (a.array) add(*a.array);
    if (opt.where) add(*opt.where);
    keep = iterator_order(shape, strides);
  }
  for (int k = 0; k < u.nout; ++k) {
    if (outs[k].defined()) continue;
    DType t = loop.types[u.nin + k];
    if (!keep.empty()) {
      Dims pshape(shape.size());
      std::vector<int64_t> inverse(shape.size());
      for (int i = 0; i < shape.size(); ++i) {
        pshape[i] = shape[static_cast<int>(keep[i])];
        inverse[keep[i]] = i;
      }
      outs[k] = NDArray::empty(pshape, t, Order::C, device).transpose(inverse);
    } else if (first && first->shape() == shape && opt.order == OrderSpec::A) {
      outs[k] = empty_like(*first, t, opt.order);
    } else {
      outs[k] = NDArray::empty(shape, t, opt.order == OrderSpec::F ? Order::F : Order::C, device);
    }
  }
  if (shape.product() == 0) return outs;

  std::vector<NDArray> inputs;
  std::vector<Scalar> scalars;
  inputs.reserve(u.nin + 1);
  unsigned scalar_mask = 0;
  for (int k = 0; k < u.nin; ++k) {
    const UfuncArg& a = args[k];
    if (!a.array) {
      scalar_mask |= 1u << k;
      scalars.push_back(a.scalar.cast(loop.types[k]));
      continue;
    }
    NDArray in = *a.array;
    for (const NDArray& o : outs) {
      NDArray view = in.shape() == shape ? in : in.broadcast_to(shape);
      if (!safe_in_place(view, o)) {
        in = copy(in);
        break;
      }
    }
    inputs.push_back(std::move(in));
  }
  if (opt.where) {
    if (opt.where->dtype() != DType::Bool)
      throw TypeError(std::string("Cannot cast array data from dtype('") +
                      name(opt.where->dtype()) +
                      "') to dtype('bool') according to the rule 'safe'");
    NDArray mask = *opt.where;
    for (const NDArray& o : outs)
      if (may_share_memory(mask, o)) {
        mask = copy(mask);
        break;
      }
    inputs.push_back(std::move(mask));
  }
  elementwise(loop_op(u, plan.loop_index, scalar_mask, opt.where != nullptr), inputs, outs,
              scalars);
  return outs;
}

}  // namespace cunp
