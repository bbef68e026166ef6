// src/python/reductions.cpp -- bindings of ufunc.reduce and the reduction functions (sum, max,
// argmax, ...), as module functions and ndarray methods bound in C++ so a small `x.sum()` runs
// no Python frame.
#include <Python.h>

#include <memory>

#include "common.hpp"
#include "cunp/ops/reduction/reduction.hpp"
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

// NumPy converts initial= into an integer loop's dtype as int() would: truncated, then range-
// checked (OverflowError with NumPy's messages; TypeError for a complex value). `target` is
// the loop dtype (out= taking part in its choice); the value is then cast into out= unchecked.
void check_initial(nb::handle initial, DType target) {
  if (initial.is_none() || !is_integer(target)) return;
  PyObject* o = initial.ptr();
  if (PyBool_Check(o)) return;
  const bool has_dtype = !PyLong_Check(o) && !PyFloat_Check(o) && nb::hasattr(initial, "dtype");
  if (PyComplex_Check(o) || (has_dtype && kind(to_dtype(initial.attr("dtype"))) == 'c'))
    throw nb::type_error(
        "int() argument must be a string, a bytes-like object or a real number, not 'complex'");
  if (!PyLong_Check(o) && !PyFloat_Check(o) && !has_dtype) return;  // left to the conversion
  PyObject* i = PyNumber_Long(o);  // ValueError for NaN, OverflowError for infinity, as int()
  if (!i) throw nb::python_error();
  nb::object v = nb::steal(i);
  int overflow = 0;
  long long s = PyLong_AsLongLongAndOverflow(i, &overflow);
  const bool u64ok = kind(target) == 'u' && itemsize(target) >= 4;  // read as unsigned long
  bool ok;
  if (overflow < 0 || (overflow > 0 && !u64ok)) {
    PyErr_SetString(PyExc_OverflowError, "Python int too large to convert to C long");
    throw nb::python_error();
  } else if (overflow > 0) {
    PyLong_AsUnsignedLongLong(i);
    if (PyErr_Occurred()) {
      PyErr_Clear();
      PyErr_SetString(PyExc_OverflowError, "Python int too large to convert to C long");
      throw nb::python_error();
    }
    ok = target == DType::UInt64;
  } else {
    const int bits = itemsize(target) * 8;
    if (kind(target) == 'u') ok = s >= 0 && (bits == 64 || s < (1ll << bits));
    else ok = bits == 64 || (s >= -(1ll << (bits - 1)) && s < (1ll << (bits - 1)));
  }
  if (!ok) {
    PyErr_Format(PyExc_OverflowError, "Python integer %S out of bounds for %s", i, name(target));
    throw nb::python_error();
  }
}

// initial= as a Scalar the reduction casts into its loop dtype. A Python int keeps its value:
// int64 where it fits, else uint64 (a uint64 loop takes 2**63 .. 2**64-1; precheck has refused
// it for narrower integer loops), else float64 (a float loop takes any int a double holds).
Scalar initial_scalar(nb::handle initial) {
  PyObject* o = initial.ptr();
  if (!PyLong_Check(o) || PyBool_Check(o)) {
    DType t = nb::hasattr(initial, "dtype") ? to_dtype(initial.attr("dtype"))
                                            : scalar_dtype(initial);
    return to_scalar(initial, t);
  }
  int overflow = 0;
  PyLong_AsLongLongAndOverflow(o, &overflow);
  if (overflow == 0) return to_scalar(initial, DType::Int64);
  if (overflow > 0) {
    PyLong_AsUnsignedLongLong(o);
    if (!PyErr_Occurred()) return to_scalar(initial, DType::UInt64);
    PyErr_Clear();
  }
  const double v = PyLong_AsDouble(o);  // OverflowError past a double's range, as NumPy
  if (v == -1.0 && PyErr_Occurred()) throw nb::python_error();
  return Scalar::from_double(v, DType::Float64);
}

// NumPy's ComplexWarning where a complex input is reduced in, or written to, a real type.
void complex_warning(const NDArray& a, const ReduceArgs& args) {
  if (!is_complex(a.dtype())) return;
  DType target;
  if (args.dtype) target = *args.dtype;
  else if (args.out.defined()) target = args.out.dtype();
  else return;
  if (is_complex(target) || target == DType::Bool) return;  // bool keeps "either part nonzero"
  nb::object cat = nb::module_::import_("numpy.exceptions").attr("ComplexWarning");
  if (PyErr_WarnEx(cat.ptr(), "Casting complex values to real discards the imaginary part", 1) < 0)
    throw nb::python_error();
}

// The checks NumPy makes before reducing with ufunc `u`: axis first, then initial=.
void precheck(const Ufunc& u, const NDArray& a, const ReduceArgs& args, nb::handle initial) {
  complex_warning(a, args);
  if (initial.is_none()) return;
  if (a.ndim() == 0) {
    if (args.axis) normalize_axes(args.axis, 1);
  } else {
    normalize_axes(args.axis, a.ndim());
  }
  std::optional<DType> target;
  try {
    target = ufunc_reduce_loop_dtype(u, a.dtype(), args.dtype,
                                     args.out.defined() ? std::optional<DType>(args.out.dtype())
                                                        : std::nullopt);
  } catch (const TypeError&) {
    return;  // no loop: ufunc_reduce raises it in NumPy's order (after the axes)
  }
  if (!target) return;  // ldexp's mixed fold: ufunc_reduce raises after NumPy's other checks
  check_initial(initial, *target);
}

const char* fn_ufunc(Fn f) {
  switch (f) {
    case Fn::Sum: return "add";
    case Fn::Prod: return "multiply";
    case Fn::Max: return "maximum";
    case Fn::Min: return "minimum";
    case Fn::All: return "logical_and";
    default: return "logical_or";
  }
}

// The keyword arguments NumPy's reductions share, converted; `where_storage` keeps a mask made
// here alive for the call.
struct Keywords {
  ReduceArgs args;
  NDArray where_storage;
  Keywords(const NDArray& a, nb::handle axis, nb::handle dtype, nb::handle out, bool keepdims,
           nb::handle initial, nb::handle where, const Ufunc* u = nullptr) {
    args.axis = optional_axes(axis);
    // On a 0-d array NumPy takes a plain axis 0 or -1 (reducing nothing), never a tuple naming
    // an axis: (0,) is out of bounds for ndim 0. (u: a binary ufunc; others fail first.)
    if (u && a.ndim() == 0 && args.axis && !args.axis->empty() && PyTuple_Check(axis.ptr()))
      normalize_axes(args.axis, 0);
    if (!dtype.is_none()) args.dtype = to_dtype(dtype);
    if (!out.is_none()) {
      if (!is_array(out)) throw nb::type_error("output must be an array");
      args.out = unwrap(out).a;
    }
    args.keepdims = keepdims;
    if (u) precheck(*u, a, args, initial);
    if (!initial.is_none()) {
      if (!is_python_scalar(initial) && !nb::hasattr(initial, "dtype"))
        throw nb::type_error("initial must be a scalar");
      args.initial = initial_scalar(initial);
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

nb::object run(Fn f, nb::handle self, nb::handle axis, nb::handle dtype, nb::handle out,
               bool keepdims, nb::handle initial, nb::handle where) {
  Operand op(self);
  Keywords kw(*op.a, axis, dtype, out, keepdims, initial, where, find_ufunc(fn_ufunc(f)));
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
  if (!axis.is_none()) ax = axis_number(axis);
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
  Keywords kw(*op.a, axis, dtype, out, keepdims, initial, where,
              self.u->nin == 2 && self.u->nout == 1 ? self.u : nullptr);
  return result(ufunc_reduce(*self.u, *op.a, kw.args), out);
}

}  // namespace

void bind_reductions(nb::module_& m) {
  nb::module_ sub = m.def_submodule("reduction",
                                    "reductions' kernels compiled on their own (tests)");
  auto none = nb::none();
  auto t = nb::bool_(true);
  // Module functions and methods of each of sum, prod, max, min (dtype only where NumPy has it).
  struct Def {
    Fn f;
    const char* module_name;
    const char* alias;
    bool has_dtype, has_initial;
  };
  const Def defs[] = {
      {Fn::Sum, "sum", nullptr, true, true},   {Fn::Prod, "prod", nullptr, true, true},
      {Fn::Max, "amax", "max", false, true},   {Fn::Min, "amin", "min", false, true},
      {Fn::All, "all", nullptr, false, false}, {Fn::Any, "any", nullptr, false, false}};
  nb::handle cls = nb::type<PyArray>();
  for (const Def& d : defs) {
    const Fn f = d.f;
    nb::object fn, method;
    if (d.has_dtype) {
      auto body = [f](nb::handle a, nb::handle axis, nb::handle dtype, nb::handle out,
                      bool keepdims, nb::handle initial, nb::handle where) {
        return run(f, a, axis, dtype, out, keepdims, initial, where);
      };
      fn = nb::cpp_function(body, nb::name(d.module_name), nb::arg("a"),
                            nb::arg("axis").none() = none, nb::arg("dtype").none() = none,
                            nb::arg("out").none() = none, nb::arg("keepdims") = false,
                            nb::arg("initial").none() = none, nb::arg("where").none() = t);
      method = nb::cpp_function(body, nb::name(d.alias ? d.alias : d.module_name), nb::is_method(),
                                nb::arg("axis").none() = none, nb::arg("dtype").none() = none,
                                nb::arg("out").none() = none, nb::arg("keepdims") = false,
                                nb::arg("initial").none() = none, nb::arg("where").none() = t);
    } else if (d.has_initial) {
      auto body = [f](nb::handle a, nb::handle axis, nb::handle out, bool keepdims,
                      nb::handle initial, nb::handle where) {
        return run(f, a, axis, nb::none(), out, keepdims, initial, where);
      };
      fn = nb::cpp_function(body, nb::name(d.module_name), nb::arg("a"),
                            nb::arg("axis").none() = none, nb::arg("out").none() = none,
                            nb::arg("keepdims") = false, nb::arg("initial").none() = none,
                            nb::arg("where").none() = t);
      method = nb::cpp_function(body, nb::name(d.alias ? d.alias : d.module_name), nb::is_method(),
                                nb::arg("axis").none() = none, nb::arg("out").none() = none,
                                nb::arg("keepdims") = false, nb::arg("initial").none() = none,
                                nb::arg("where").none() = t);
    } else {
      auto body = [f](nb::handle a, nb::handle axis, nb::handle out, bool keepdims,
                      nb::handle where) {
        return run(f, a, axis, nb::none(), out, keepdims, nb::none(), where);
      };
      fn = nb::cpp_function(body, nb::name(d.module_name), nb::arg("a"),
                            nb::arg("axis").none() = none, nb::arg("out").none() = none,
                            nb::arg("keepdims") = false, nb::kw_only(),
                            nb::arg("where").none() = t);
      method = nb::cpp_function(body, nb::name(d.alias ? d.alias : d.module_name), nb::is_method(),
                                nb::arg("axis").none() = none, nb::arg("out").none() = none,
                                nb::arg("keepdims") = false, nb::kw_only(),
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
    m.attr(max ? "argmax" : "argmin") = nb::cpp_function(
        body, nb::name(max ? "argmax" : "argmin"), nb::arg("a"), nb::arg("axis").none() = none,
        nb::arg("out").none() = none, nb::kw_only(), nb::arg("keepdims") = false);
    cls.attr(max ? "argmax" : "argmin") = nb::cpp_function(
        body, nb::name(max ? "argmax" : "argmin"), nb::is_method(), nb::arg("axis").none() = none,
        nb::arg("out").none() = none, nb::kw_only(), nb::arg("keepdims") = false);
  }
  nb::type<PyUfunc>().attr("reduce") = nb::cpp_function(
      &ufunc_reduce_py, nb::name("reduce"), nb::is_method(), nb::arg("array"),
      nb::arg("axis").none() = nb::int_(0), nb::arg("dtype").none() = none,
      nb::arg("out").none() = none, nb::arg("keepdims") = false, nb::arg("initial").none() = none,
      nb::arg("where").none() = t);

  // The dtype ufunc.reduce's loop runs in for an input dtype, dtype= and out='s dtype (None
  // for ldexp's mixed fold; TypeError where no loop fits): host-side, for CPU tests.
  sub.def(
      "loop_dtype",
      [](const std::string& ufunc, nb::handle t, nb::handle dtype, nb::handle out) -> nb::object {
        const Ufunc* u = find_ufunc(ufunc);
        if (!u) throw nb::value_error(("no ufunc " + ufunc).c_str());
        std::optional<DType> d, o;
        if (!dtype.is_none()) d = to_dtype(dtype);
        if (!out.is_none()) o = to_dtype(out);
        const std::optional<DType> loop = ufunc_reduce_loop_dtype(*u, to_dtype(t), d, o);
        if (!loop) return nb::none();
        return nb::str(name(*loop));
      },
      nb::arg("ufunc"), nb::arg("t"), nb::arg("dtype").none() = none, nb::arg("out").none() = none);
  sub.def("compile", [](std::string src, std::string name, int arch) {
    nb::gil_scoped_release unlocked;
    compile(src, name, arch);
  });
}

}  // namespace cunp::py
