// src/python/fusion.cpp -- the C++ half of cunp.fuse: one ufunc step of a traced expression as
// kernel code (the ufunc table's loop, resolved as a call would resolve it), and the fused
// kernel object that runs a whole body through the elementwise engine.
#include <memory>

#include "common.hpp"
#include "ufunc_args.hpp"

namespace cunp::py {
namespace {

// The type a loop computes in, as src/ops/ufunc.cpp's loop bodies use it.
std::string compute_type(const Ufunc& u, DType t) {
  if (t == DType::Float16 && !u.half_native) return "float";
  return info(t).ctype;
}

// One ufunc step: `operands` holds (True, dtype) for array values and (False, value) for
// scalars; `names` are their C++ expressions, `outs` the variables to declare for the results.
// Returns the output dtypes and the code. TypeError / OverflowError as the ufunc call would
// raise them (the caller then runs the function unfused, which raises them for real).
nb::tuple fusion_step(const std::string& ufunc_name, nb::list operands,
                      std::vector<std::string> names, std::vector<std::string> outs) {
  const Ufunc* up = find_ufunc(ufunc_name);
  if (!up) throw ValueError("no ufunc named " + ufunc_name);
  const Ufunc& u = *up;
  if (static_cast<int>(nb::len(operands)) != u.nin || static_cast<int>(names.size()) != u.nin ||
      static_cast<int>(outs.size()) != u.nout)
    throw ValueError("fusion step: wrong operand count for " + u.name);
  std::vector<UfuncArg> args(u.nin);
  NDArray storage[4];
  std::vector<bool> scalar(u.nin);
  for (int k = 0; k < u.nin; ++k) {
    nb::tuple op = nb::cast<nb::tuple>(operands[k]);
    if (nb::cast<bool>(op[0])) {
      DType t = to_dtype(op[1]);
      storage[k] = NDArray(nullptr, 0, t, Dims{}, Dims{});  // only its dtype is read
      args[k].array = &storage[k];
    } else {
      scalar[k] = true;
      if (!to_ufunc_arg(op[1], args[k], storage[k]) || args[k].array) unsupported_operand(op[1]);
    }
  }
  UfuncPlan plan = resolve_ufunc(u, args, std::vector<std::optional<DType>>(u.nout), UfuncOptions{});
  const UfuncLoop& l = *plan.loop;
  std::string fn = u.function;
  if (u.name == "power" && scalar[1] && (l.types[0] == DType::Float32 || l.types[0] == DType::Float64))
    fn = "np_power_scalar";  // as the unfused loop does for a scalar exponent
  std::string s;
  for (int k = 0; k < u.nout; ++k)
    s += std::string(info(l.types[u.nin + k]).ctype) + " " + outs[k] + ";\n";
  s += "{\n";
  std::string call_args;
  for (int k = 0; k < u.nin; ++k) {
    std::string t = compute_type(u, l.types[k]);
    std::string src = names[k];
    // A scalar is first converted to the loop's type, as the unfused call converts it on the host.
    if (scalar[k]) src = std::string("cast<") + info(l.types[k]).ctype + ">(" + src + ")";
    s += "const " + t + " a" + std::to_string(k) + " = cast<" + t + ">(" + src + ");\n";
    call_args += (k ? ", a" : "a") + std::to_string(k);
  }
  if (u.nout == 1) {
    s += outs[0] + " = cast<" + info(l.types[u.nin]).ctype + ">(" + fn + "(" + call_args + "));\n";
  } else {
    for (int k = 0; k < u.nout; ++k) {
      s += compute_type(u, l.types[u.nin + k]) + " r" + std::to_string(k) + ";\n";
      call_args += ", r" + std::to_string(k);
    }
    s += fn + "(" + call_args + ");\n";
    for (int k = 0; k < u.nout; ++k)
      s += outs[k] + " = cast<" + info(l.types[u.nin + k]).ctype + ">(r" + std::to_string(k) + ");\n";
  }
  s += "}\n";
  nb::list out_types;
  for (int k = 0; k < u.nout; ++k) out_types.append(nb::str(name(l.types[u.nin + k])));
  return nb::make_tuple(out_types, s);
}

// A fused body over fixed dtypes: inputs in0.., scalars s0.., outputs out0.. (C order).
class FusedKernel {
 public:
  FusedKernel(std::string name, std::string body, std::vector<std::string> out_dtypes,
              std::vector<std::string> scalar_dtypes)
      : body_(body) {
    op_.name = std::move(name);
    op_.body = std::move(body);
    op_.math = true;
    for (const auto& t : out_dtypes) out_types_.push_back(to_dtype(nb::str(t.c_str())));
    for (const auto& t : scalar_dtypes) scalar_types_.push_back(to_dtype(nb::str(t.c_str())));
  }

  nb::object call(nb::list inputs, nb::list scalars) {
    std::vector<NDArray> ins;
    std::vector<Dims> shapes;
    for (nb::handle h : inputs) {
      if (!is_array(h)) throw TypeError("fused kernel inputs must be cunp arrays");
      ins.push_back(unwrap(h).a);
      shapes.push_back(ins.back().shape());
    }
    if (ins.empty()) throw ValueError("a fused kernel needs at least one array input");
    if (nb::len(scalars) != scalar_types_.size()) throw ValueError("fused kernel: scalar count");
    std::vector<Scalar> sc;
    for (std::size_t k = 0; k < scalar_types_.size(); ++k) sc.push_back(to_scalar(scalars[k], scalar_types_[k]));
    Dims shape = broadcast_shapes(shapes);
    int device = ins[0].device();
    std::vector<NDArray> outs;
    for (DType t : out_types_) outs.push_back(NDArray::empty(shape, t, Order::C, device));
    if (shape.product() > 0) elementwise(op_, ins, outs, sc, shape);
    if (outs.size() == 1) return wrap(std::move(outs[0]));
    nb::list l;
    for (auto& o : outs) l.append(wrap(std::move(o)));
    return nb::tuple(l);
  }

  const std::string& body() const { return body_; }

 private:
  std::string body_;
  ElementwiseOp op_;
  std::vector<DType> out_types_, scalar_types_;
};

}  // namespace

void bind_fusion(nb::module_& m) {
  m.def("_fusion_step", &fusion_step, nb::arg("ufunc"), nb::arg("operands"), nb::arg("names"),
        nb::arg("outs"));
  nb::class_<FusedKernel>(m, "_FusedKernel")
      .def(nb::init<std::string, std::string, std::vector<std::string>, std::vector<std::string>>(),
           nb::arg("name"), nb::arg("body"), nb::arg("out_dtypes"), nb::arg("scalar_dtypes"))
      .def("__call__", &FusedKernel::call, nb::arg("inputs"), nb::arg("scalars"))
      .def_prop_ro("body", &FusedKernel::body);
  // The kernel source a fused body compiles to for these dtypes (contiguous layout), so tests
  // can NVRTC-compile it without a GPU.
  m.def("_fused_source", [](const std::string& name, const std::string& body,
                            std::vector<std::string> in_dtypes, std::vector<std::string> out_dtypes,
                            std::vector<std::string> scalar_dtypes) {
    ElementwiseOp op;
    op.name = name;
    op.body = body;
    op.math = true;
    auto conv = [](const std::vector<std::string>& v) {
      std::vector<DType> r;
      for (const auto& t : v) r.push_back(to_dtype(nb::str(t.c_str())));
      return r;
    };
    return elementwise_source(op, conv(in_dtypes), conv(out_dtypes), conv(scalar_dtypes), 0, 1);
  });
}

}  // namespace cunp::py
