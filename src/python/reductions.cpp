// src/python/reductions.cpp -- bindings of ufunc.reduce, ReductionKernel's engine op and the
// reduction functions (sum, max, argmax, ...), as module functions and ndarray methods bound in
// C++ so a small `x.sum()` runs no Python frame.
#include <Python.h>

#include <memory>

#include "common.hpp"
#include "cunp/ops/reduction.hpp"
#include "ufunc_args.hpp"

namespace cunp::py {
namespace {

enum class Fn { Sum, Prod, Max, Min, All, Any };

const char* fn_name(Fn f) {
  switch (f) {
    case Fn::Sum: return "sum";
    case Fn::Prod: return "prod";
    case Fn::Max: return "max";
    case Fn::Min: return "min";
    case Fn::All: return "all";
    default: return "any";
  }
}

int64_t to_index(nb::handle h) {
  PyObject* i = PyNumber_Index(h.ptr());
  if (!i) throw nb::python_error();
  nb::object owned = nb::steal(i);
  long long v = PyLong_AsLongLong(i);
  if (v == -1 && PyErr_Occurred()) throw nb::python_error();
  return v;
}

std::optional<std::vector<int64_t>> to_axis(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  std::vector<int64_t> axes;
  if (PyTuple_Check(h.ptr()) || PyList_Check(h.ptr())) {
    for (nb::handle x : nb::iter(h)) axes.push_back(to_index(x));
  } else {
    axes.push_back(to_index(h));
  }
  return axes;
}

// The operand: a cunp array as is, anything else copied to the device.
struct Operand {
  NDArray storage;
  const NDArray* a;
  explicit Operand(nb::handle h) {
    if (is_array(h)) {
      a = &unwrap(h).a;
    } else {
      storage = to_device_array(h, nb::none());
      a = &storage;
    }
  }
};

// The keyword arguments NumPy's reductions share, converted; `where_storage` keeps a mask made
// here alive for the call.
struct Keywords {
  ReduceArgs args;
  NDArray where_storage;
  Keywords(const NDArray& a, nb::handle axis, nb::handle dtype, nb::handle out, bool keepdims,
           nb::handle initial, nb::handle where) {
    args.axis = to_axis(axis);
    if (!dtype.is_none()) args.dtype = to_dtype(dtype);
    if (!out.is_none()) {
      if (!is_array(out)) throw nb::type_error("output must be an array");
      args.out = unwrap(out).a;
    }
    args.keepdims = keepdims;
    if (!initial.is_none()) {
      if (!is_python_scalar(initial) && !nb::hasattr(initial, "dtype"))
        throw nb::type_error("initial must be a scalar");
      DType t = nb::hasattr(initial, "dtype") ? to_dtype(initial.attr("dtype")) : scalar_dtype(initial);
      args.initial = to_scalar(initial, t);
    }
    if (!(where.ptr() == Py_True)) {
      if (where.ptr() == Py_False) {
        where_storage = NDArray::empty({}, DType::Bool, Order::C, a.device());
        fill(where_storage, Scalar::from_bool(false, DType::Bool));
      } else {
        where_storage = is_array(where) ? unwrap(where).a : to_device_array(where, nb::none());
      }
      args.where = &where_storage;
    }
  }
};

nb::object result(NDArray r, nb::handle out) {
  if (!out.is_none()) return nb::borrow(out);
  return wrap(std::move(r));
}

nb::object run(Fn f, nb::handle self, nb::handle axis, nb::handle dtype, nb::handle out, bool keepdims,
               nb::handle initial, nb::handle where) {
  Operand op(self);
  Keywords kw(*op.a, axis, dtype, out, keepdims, initial, where);
  NDArray r;
  switch (f) {
    case Fn::Sum: r = sum(*op.a, kw.args); break;
    case Fn::Prod: r = prod(*op.a, kw.args); break;
    case Fn::Max: r = amax(*op.a, kw.args); break;
    case Fn::Min: r = amin(*op.a, kw.args); break;
    case Fn::All: r = all(*op.a, kw.args); break;
    case Fn::Any: r = any(*op.a, kw.args); break;
  }
  return result(std::move(r), out);
}

nb::object run_arg(bool max, nb::handle self, nb::handle axis, nb::handle out, bool keepdims) {
  Operand op(self);
  std::optional<int64_t> ax;
  if (!axis.is_none()) ax = to_index(axis);
  NDArray o;
  if (!out.is_none()) {
    if (!is_array(out)) throw nb::type_error("output must be an array");
    o = unwrap(out).a;
  }
  NDArray r = max ? argmax(*op.a, ax, keepdims, o) : argmin(*op.a, ax, keepdims, o);
  return result(std::move(r), out);
}

nb::object ufunc_reduce_py(const PyUfunc& self, nb::handle array, nb::handle axis, nb::handle dtype,
                           nb::handle out, bool keepdims, nb::handle initial, nb::handle where) {
  Operand op(array);
  if (PyTuple_Check(out.ptr())) {
    if (nb::len(out) != 1) throw nb::value_error("The 'out' tuple must have exactly one entry");
    out = nb::borrow(out)[0];
  }
  Keywords kw(*op.a, axis, dtype, out, keepdims, initial, where);
  return result(ufunc_reduce(*self.u, *op.a, kw.args), out);
}

// cunp.ReductionKernel's engine op: built once per kernel and type set by the Python class.
struct PyReductionOp {
  ReductionOp op;
};

void reduction_op_call(PyReductionOp& self, nb::list inputs, nb::list outputs, nb::handle axes,
                       nb::handle shape) {
  std::vector<NDArray> ins, outs;
  for (nb::handle h : inputs) ins.push_back(unwrap(h).a);
  for (nb::handle h : outputs) outs.push_back(unwrap(h).a);
  std::vector<int> ax;
  for (nb::handle h : nb::iter(axes)) ax.push_back(nb::cast<int>(h));
  reduce(self.op, ins, outs, ax, nullptr, to_shape(shape));
}

std::string reduction_op_source(PyReductionOp& self, nb::list in_dtypes, nb::list out_dtypes,
                                int strategy, int kept_ndim, int reduced_ndim, int vec) {
  ReduceSignature sig;
  for (nb::handle h : in_dtypes) sig.inputs.push_back(to_dtype(h));
  for (nb::handle h : out_dtypes) sig.outputs.push_back(to_dtype(h));
  sig.strategy = static_cast<ReduceStrategy>(strategy);
  sig.kept_ndim = kept_ndim;
  sig.reduced_ndim = reduced_ndim;
  sig.vec = vec;
  return reduction_source(self.op, sig);
}

}  // namespace

void bind_reductions(nb::module_& m) {
  auto none = nb::none();
  auto t = nb::bool_(true);
  // Module functions and methods of each of sum, prod, max, min (dtype only where NumPy has it).
  struct Def {
    Fn f;
    const char* module_name;
    const char* alias;
    bool has_dtype, has_initial;
  };
  const Def defs[] = {{Fn::Sum, "sum", nullptr, true, true},   {Fn::Prod, "prod", nullptr, true, true},
                      {Fn::Max, "amax", "max", false, true},   {Fn::Min, "amin", "min", false, true},
                      {Fn::All, "all", nullptr, false, false}, {Fn::Any, "any", nullptr, false, false}};
  nb::handle cls = nb::type<PyArray>();
  for (const Def& d : defs) {
    const Fn f = d.f;
    nb::object fn, method;
    if (d.has_dtype) {
      auto body = [f](nb::handle a, nb::handle axis, nb::handle dtype, nb::handle out, bool keepdims,
                      nb::handle initial, nb::handle where) {
        return run(f, a, axis, dtype, out, keepdims, initial, where);
      };
      fn = nb::cpp_function(body, nb::name(d.module_name), nb::arg("a"), nb::arg("axis").none() = none, nb::arg("dtype").none() = none,
                            nb::arg("out").none() = none, nb::arg("keepdims") = false,
                            nb::arg("initial").none() = none, nb::arg("where").none() = t);
      method = nb::cpp_function(body, nb::name(d.alias ? d.alias : d.module_name), nb::is_method(), nb::arg("axis").none() = none,
                                nb::arg("dtype").none() = none, nb::arg("out").none() = none,
                                nb::arg("keepdims") = false, nb::arg("initial").none() = none,
                                nb::arg("where").none() = t);
    } else if (d.has_initial) {
      auto body = [f](nb::handle a, nb::handle axis, nb::handle out, bool keepdims, nb::handle initial,
                      nb::handle where) {
        return run(f, a, axis, nb::none(), out, keepdims, initial, where);
      };
      fn = nb::cpp_function(body, nb::name(d.module_name), nb::arg("a"), nb::arg("axis").none() = none, nb::arg("out").none() = none,
                            nb::arg("keepdims") = false, nb::arg("initial").none() = none,
                            nb::arg("where").none() = t);
      method = nb::cpp_function(body, nb::name(d.alias ? d.alias : d.module_name), nb::is_method(), nb::arg("axis").none() = none,
                                nb::arg("out").none() = none, nb::arg("keepdims") = false,
                                nb::arg("initial").none() = none, nb::arg("where").none() = t);
    } else {
      auto body = [f](nb::handle a, nb::handle axis, nb::handle out, bool keepdims, nb::handle where) {
        return run(f, a, axis, nb::none(), out, keepdims, nb::none(), where);
      };
      fn = nb::cpp_function(body, nb::name(d.module_name), nb::arg("a"), nb::arg("axis").none() = none, nb::arg("out").none() = none,
                            nb::arg("keepdims") = false, nb::kw_only(), nb::arg("where").none() = t);
      method = nb::cpp_function(body, nb::name(d.alias ? d.alias : d.module_name), nb::is_method(), nb::arg("axis").none() = none,
                                nb::arg("out").none() = none, nb::arg("keepdims") = false, nb::kw_only(),
                                nb::arg("where").none() = t);
    }
    m.attr(d.module_name) = fn;
    if (d.alias) m.attr(d.alias) = fn;
    cls.attr(d.alias ? d.alias : d.module_name) = method;
  }
  for (bool max : {true, false}) {
    auto body = [max](nb::handle a, nb::handle axis, nb::handle out, bool keepdims) {
      return run_arg(max, a, axis, out, keepdims);
    };
    m.attr(max ? "argmax" : "argmin") =
        nb::cpp_function(body, nb::name(max ? "argmax" : "argmin"), nb::arg("a"), nb::arg("axis").none() = none,
                         nb::arg("out").none() = none, nb::kw_only(), nb::arg("keepdims") = false);
    cls.attr(max ? "argmax" : "argmin") =
        nb::cpp_function(body, nb::name(max ? "argmax" : "argmin"), nb::is_method(), nb::arg("axis").none() = none,
                         nb::arg("out").none() = none, nb::kw_only(), nb::arg("keepdims") = false);
  }
  nb::type<PyUfunc>().attr("reduce") = nb::cpp_function(
      &ufunc_reduce_py, nb::name("reduce"), nb::is_method(), nb::arg("array"), nb::arg("axis").none() = nb::int_(0),
      nb::arg("dtype").none() = none, nb::arg("out").none() = none, nb::arg("keepdims") = false,
      nb::arg("initial").none() = none, nb::arg("where").none() = t);

  nb::class_<PyReductionOp>(m, "_ReductionOp")
      .def(
          "__init__",
          [](PyReductionOp* self, std::string name, std::string map_expr, std::string reduce_expr,
             std::string post_map_expr, nb::handle identity, std::string reduce_type, std::string preamble,
             std::vector<std::string> names, std::vector<std::string> aliases, std::vector<int> alias_operands,
             std::vector<std::string> options, bool uses_index) {
            new (self) PyReductionOp();
            ReductionOp& op = self->op;
            op.name = std::move(name);
            op.map_expr = std::move(map_expr);
            op.reduce_expr = std::move(reduce_expr);
            op.post_map_expr = std::move(post_map_expr);
            if (!identity.is_none()) op.identity = nb::cast<std::string>(nb::str(identity));
            op.reduce_type = std::move(reduce_type);
            op.preamble = std::move(preamble);
            op.names = std::move(names);
            for (std::size_t k = 0; k < aliases.size(); ++k)
              op.type_aliases.push_back(TypeAlias{aliases[k], false, alias_operands.at(k)});
            op.options = std::move(options);
            op.uses_index = uses_index;
            op.math = true;
          },
          nb::arg("name"), nb::arg("map_expr"), nb::arg("reduce_expr"), nb::arg("post_map_expr"),
          nb::arg("identity").none(), nb::arg("reduce_type"), nb::arg("preamble"), nb::arg("names"),
          nb::arg("aliases"), nb::arg("alias_operands"), nb::arg("options"), nb::arg("uses_index"))
      .def("__call__", &reduction_op_call, nb::arg("inputs"), nb::arg("outputs"), nb::arg("axes"),
           nb::arg("shape"))
      .def("_source", &reduction_op_source, nb::arg("in_dtypes"), nb::arg("out_dtypes"),
           nb::arg("strategy") = 0, nb::arg("kept_ndim") = 0, nb::arg("reduced_ndim") = 1, nb::arg("vec") = 1);
  m.def("_reduction_compile", [](std::string src, std::string name, int arch) {
    nb::gil_scoped_release unlocked;
    compile(src, name, arch);
  });
}

}  // namespace cunp::py
