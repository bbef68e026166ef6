// src/python/ufunc.cpp -- cunp.ufunc: the ufunc objects (cunp.add, cunp.sin, ...) with NumPy's
// call protocol, and the conversion of Python operands that the ndarray operators share.
#include <Python.h>

#include "common.hpp"
#include "interop.hpp"
#include "ufunc_args.hpp"

namespace cunp::py {

// The type defines __array_ufunc__ (not None) and the object exposes no array interface.
static bool defers_ufuncs(nb::handle h) {
  nb::handle type = h.type();
  if (!nb::hasattr(type, "__array_ufunc__") || type.attr("__array_ufunc__").is_none()) return false;
  for (const char* k : {"__array_interface__", "__cuda_array_interface__", "__dlpack__"})
    if (nb::hasattr(h, k)) return false;
  return true;
}

bool to_ufunc_arg(nb::handle h, UfuncArg& arg, NDArray& storage) {
  PyObject* o = h.ptr();
  arg = UfuncArg{};
  if (is_array(h)) {
    arg.array = &unwrap(h).a;
    return true;
  }
  if (PyBool_Check(o)) {
    arg.scalar = Scalar::from_bool(o == Py_True, DType::Bool);
    return true;
  }
  // Python int/float/complex are weak (NEP 50); NumPy's float64 and complex128 subclass the
  // Python types but are strong, so exact type checks come first.
  if (PyLong_CheckExact(o)) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (!overflow) {
      arg.scalar = Scalar::from_int(v, DType::Int64);
    } else {
      unsigned long long u = overflow > 0 ? PyLong_AsUnsignedLongLong(o) : 0;
      if (overflow < 0 || PyErr_Occurred()) {
        // Beyond 64 bits: usable with float loops and in comparisons, as in NumPy.
        PyErr_Clear();
        double d = PyLong_AsDouble(o);
        if (PyErr_Occurred()) throw nb::python_error();
        arg.scalar = Scalar::from_double(d, DType::Float64);
        arg.big_int = true;
      } else {
        arg.scalar = Scalar::from_uint(u, DType::UInt64);
      }
    }
    arg.weak = true;
    return true;
  }
  if (PyFloat_CheckExact(o)) {
    arg.scalar = Scalar::from_double(PyFloat_AS_DOUBLE(o), DType::Float64);
    arg.weak = true;
    return true;
  }
  if (PyComplex_CheckExact(o)) {
    arg.scalar = Scalar::from_complex({PyComplex_RealAsDouble(o), PyComplex_ImagAsDouble(o)},
                                      DType::Complex128);
    arg.weak = true;
    return true;
  }
  if (PyList_Check(o) || PyTuple_Check(o)) {
    storage = to_device_array(h, nb::none());
    arg.array = &storage;
    return true;
  }
  // An object that overrides ufuncs and is no array of any kind (a tracer, such as cunp.fuse's
  // stand-ins) is handed the call by defer_or_refuse, as NumPy's protocol does.
  if (defers_ufuncs(h)) return false;
  // NumPy scalars and 0-d NumPy arrays are strong scalars; other host arrays must be moved to
  // the device explicitly (no hidden transfers, as in CuPy).
  if (PyObject_HasAttrString(o, "dtype") && PyObject_HasAttrString(o, "shape") &&
      !PyObject_HasAttrString(o, "__cuda_array_interface__")) {
    nb::object shape = nb::borrow(h).attr("shape");
    if (nb::len(shape) != 0) return false;
    nb::object item = nb::hasattr(h, "__array_interface__") && !nb::hasattr(h, "is_integer")
                          ? h.attr("__getitem__")(nb::tuple())
                          : nb::borrow(h);
    DType dt = to_dtype(item.attr("dtype"));
    arg.scalar = to_scalar(item, dt);
    return true;
  }
  // Another library's device array (a torch tensor, a numba or CuPy array): viewed in place.
  if (nb::hasattr(h, "__cuda_array_interface__") || nb::hasattr(h, "__dlpack__")) {
    nb::object view = import_device_object(h, nullptr);
    if (view.is_valid()) {
      storage = unwrap(view).a;
      arg.array = &storage;
      return true;
    }
  }
  if (is_python_scalar(h)) {  // subclasses of the Python number types
    DType dt = scalar_dtype(h);
    arg.scalar = to_scalar(h, dt);
    arg.weak = dt != DType::Bool;
    return true;
  }
  return false;
}

[[noreturn]] void unsupported_operand(nb::handle h) {
  nb::str tname = nb::str(nb::borrow(h).type());
  throw nb::type_error(("Unsupported type " + std::string(tname.c_str())).c_str());
}

nb::object ufunc_results(const Ufunc& u, std::vector<NDArray>& results, const nb::handle* given) {
  auto one = [&](int k) -> nb::object {
    if (given && given[k].is_valid() && !given[k].is_none()) return nb::borrow(given[k]);
    return wrap(std::move(results[k]));
  };
  if (u.nout == 1) return one(0);
  nb::list l;
  for (int k = 0; k < u.nout; ++k) l.append(one(k));
  return nb::tuple(l);
}

namespace {

// signature= as NumPy takes it: "ff->f", or a tuple of dtypes / None per operand.
std::vector<std::optional<DType>> to_signature(const Ufunc& u, nb::handle sig) {
  std::vector<std::optional<DType>> out;
  if (nb::isinstance<nb::str>(sig)) {
    std::string s = nb::cast<std::string>(sig);
    for (char c : s)
      if (c != '-' && c != '>' && c != ',' && c != ' ') out.push_back(dtype_from_char(c));
  } else {
    for (nb::handle t : nb::iter(sig))
      out.push_back(t.is_none() ? std::nullopt : std::optional(to_dtype(t)));
  }
  if (static_cast<int>(out.size()) != u.nargs())
    throw nb::value_error(("a type-tuple must be specified of length " + std::to_string(u.nargs()) +
                           " for ufunc '" + u.name + "'")
                              .c_str());
  return out;
}

// An operand cunp cannot take: NumPy's override protocol lets its type's __array_ufunc__ (a dask
// or xarray container, a tracer) run the call; without one it is a TypeError.
nb::object defer_or_refuse(const PyUfunc& self, nb::args args, nb::kwargs kwargs, int bad) {
  nb::handle operand = args[bad];
  nb::object type = nb::borrow(operand.type());
  if (nb::hasattr(type, "__array_ufunc__") && !nb::hasattr(operand, "__array_interface__")) {
    nb::object method = type.attr("__array_ufunc__");
    if (!method.is_none()) {
      nb::list call_args;
      call_args.append(operand);
      call_args.append(nb::find(&self));
      call_args.append(nb::str("__call__"));
      for (nb::handle a : args) call_args.append(a);
      nb::object r = method(*nb::tuple(call_args), **kwargs);
      if (!r.is(nb::handle(Py_NotImplemented))) return r;
    }
  }
  unsupported_operand(operand);
}

nb::object call(const PyUfunc& self, nb::args args, nb::kwargs kwargs) {
  const Ufunc& u = *self.u;
  int nargs = static_cast<int>(args.size());
  if (nargs < u.nin || nargs > u.nargs())
    throw nb::type_error((u.name + "() takes from " + std::to_string(u.nin) + " to " +
                          std::to_string(u.nargs()) + " positional arguments but " +
                          std::to_string(nargs) + " were given")
                             .c_str());
  std::vector<UfuncArg> in(u.nin);
  NDArray storage[8];
  for (int k = 0; k < u.nin; ++k)
    if (!to_ufunc_arg(args[k], in[k], storage[k])) return defer_or_refuse(self, args, kwargs, k);

  nb::handle given[8];
  for (int k = u.nin; k < nargs; ++k) given[k - u.nin] = args[k];
  UfuncOptions opt;
  NDArray where_storage;
  bool skip_all = false;
  for (auto [key, value] : kwargs) {
    std::string k = nb::cast<std::string>(key);
    if (k == "out") {
      if (nargs > u.nin)
        throw nb::type_error("cannot specify 'out' as both a positional and keyword argument");
      if (nb::isinstance<nb::tuple>(value)) {
        if (static_cast<int>(nb::len(value)) != u.nout)
          throw nb::value_error("The 'out' tuple must have exactly one entry per ufunc output");
        for (int j = 0; j < u.nout; ++j) given[j] = value[j];
      } else if (u.nout == 1) {
        given[0] = value;
      } else if (!value.is_none()) {
        throw nb::type_error("'out' must be a tuple of arrays for a ufunc with several outputs");
      }
    } else if (k == "where") {
      if (PyBool_Check(value.ptr())) {
        skip_all = value.ptr() == Py_False;
      } else {
        where_storage = is_array(value) ? unwrap(value).a : to_device_array(value, nb::none());
        opt.where = &where_storage;
      }
    } else if (k == "casting") {
      if (!nb::isinstance<nb::str>(value))
        throw nb::type_error(("casting must be str, not " +
                              std::string(nb::str(value.type().attr("__name__")).c_str()))
                                 .c_str());
      std::string c = nb::cast<std::string>(value);
      try {
        opt.casting = casting_from_string(c);
      } catch (const ValueError&) {
        throw nb::value_error(("casting must be one of 'no', 'equiv', 'safe', 'same_kind', "
                               "'unsafe' (got '" +
                               c + "')")
                                  .c_str());
      }
    } else if (k == "dtype") {
      if (!value.is_none()) opt.dtype = to_dtype(value);
    } else if (k == "signature" || k == "sig") {
      if (!value.is_none()) opt.signature = to_signature(u, value);
    } else if (k == "order") {
      opt.order = to_order_spec(value, 'K');
    } else if (k == "subok") {
      // cunp has no ndarray subclasses
    } else {
      throw nb::type_error((u.name + "() got an unexpected keyword argument '" + k + "'").c_str());
    }
  }
  if (opt.dtype && !opt.signature.empty())
    throw nb::type_error("cannot specify both 'signature' and 'dtype'");
  std::vector<NDArray> outs(u.nout);
  for (int k = 0; k < u.nout; ++k) {
    if (!given[k].is_valid() || given[k].is_none()) continue;
    if (!is_array(given[k])) throw nb::type_error("return arrays must be of ArrayType");
    outs[k] = unwrap(given[k]).a;
  }
  if (skip_all) {
    // where=False computes nothing: a false mask keeps outputs as they are (new ones
    // uninitialized, as in NumPy).
    where_storage = NDArray::empty({}, DType::Bool);
    fill(where_storage, Scalar::from_bool(false, DType::Bool));
    opt.where = &where_storage;
  }
  std::vector<NDArray> results = ufunc_call(u, in, std::move(outs), opt);
  return ufunc_results(u, results, given);
}

nb::object identity(const Ufunc& u) {
  switch (u.identity) {
    case Identity::Zero: return nb::int_(0);
    case Identity::One: return nb::int_(1);
    case Identity::MinusOne: return nb::int_(-1);
    case Identity::True: return nb::bool_(true);
    case Identity::False: return nb::bool_(false);
    case Identity::MinusInf: return nb::float_(-std::numeric_limits<double>::infinity());
    default: return nb::none();
  }
}

// ufunc.resolve_dtypes: the loop's dtypes for operand dtypes, without data. Python int, float
// and complex stand for weak scalars, as in NumPy.
nb::tuple resolve_dtypes(const PyUfunc& self, nb::handle dtypes, nb::handle signature,
                         nb::handle casting, bool reduction) {
  const Ufunc& u = *self.u;
  if (reduction) throw nb::value_error("reduction resolution is not supported yet");
  std::vector<nb::handle> items;
  for (nb::handle h : nb::iter(dtypes)) items.push_back(h);
  if (static_cast<int>(items.size()) != u.nargs())
    throw nb::value_error(
        ("ufunc " + u.name + " takes " + std::to_string(u.nargs()) + " dtypes").c_str());
  std::vector<UfuncArg> in(u.nin);
  for (int k = 0; k < u.nin; ++k) {
    PyObject* t = items[k].ptr();
    if (t == reinterpret_cast<PyObject*>(&PyLong_Type)) {
      in[k].scalar = Scalar::from_int(0, DType::Int64);
      in[k].weak = true;
    } else if (t == reinterpret_cast<PyObject*>(&PyFloat_Type)) {
      in[k].scalar = Scalar::from_double(0, DType::Float64);
      in[k].weak = true;
    } else if (t == reinterpret_cast<PyObject*>(&PyComplex_Type)) {
      in[k].scalar = Scalar::from_complex(0, DType::Complex128);
      in[k].weak = true;
    } else {
      in[k].scalar = Scalar::from_int(0, to_dtype(items[k]));
    }
  }
  std::vector<std::optional<DType>> outs(u.nout);
  for (int k = 0; k < u.nout; ++k)
    if (!items[u.nin + k].is_none()) outs[k] = to_dtype(items[u.nin + k]);
  UfuncOptions opt;
  if (!casting.is_none()) opt.casting = casting_from_string(nb::cast<std::string>(casting));
  if (!signature.is_none()) opt.signature = to_signature(u, signature);
  UfuncPlan plan = resolve_ufunc(u, in, outs, opt);
  nb::list l;
  for (int k = 0; k < u.nargs(); ++k) l.append(numpy_dtype(plan.loop->types[k]));
  return nb::tuple(l);
}

void at(const PyUfunc& self, nb::handle a, nb::list indices, nb::handle b) {
  std::vector<NDArray> ix;
  for (nb::handle h : indices)
    ix.push_back(is_array(h) ? unwrap(h).a : to_device_array(h, nb::none()));
  UfuncArg arg;
  NDArray storage;
  if (!b.is_none() && !to_ufunc_arg(b, arg, storage)) unsupported_operand(b);
  ufunc_at(*self.u, unwrap(a).a, ix, b.is_none() ? nullptr : &arg);
}

}  // namespace

void bind_ufuncs(nb::module_& m) {
  // The area's one-line doc is given in elementwise_functions.cpp.
  nb::module_ sub = m.def_submodule("elementwise");
  // dynamic_attr: __name__ and __doc__ are per-object attributes, as on NumPy's ufuncs.
  nb::class_<PyUfunc> cls(m, "ufunc", nb::dynamic_attr());
  cls.def("__call__", &call)
      .def_prop_ro("nin", [](const PyUfunc& s) { return s.u->nin; })
      .def_prop_ro("nout", [](const PyUfunc& s) { return s.u->nout; })
      .def_prop_ro("nargs", [](const PyUfunc& s) { return s.u->nargs(); })
      .def_prop_ro("ntypes", [](const PyUfunc& s) { return s.u->loops.size(); })
      .def_prop_ro("types",
                   [](const PyUfunc& s) {
                     nb::list l;
                     for (const UfuncLoop& loop : s.u->loops) l.append(s.u->type_string(loop));
                     return l;
                   })
      .def_prop_ro("identity", [](const PyUfunc& s) { return identity(*s.u); })
      .def_prop_ro("signature", [](const PyUfunc&) { return nb::none(); })
      .def("__repr__", [](const PyUfunc& s) { return "<ufunc '" + s.u->name + "'>"; })
      .def("resolve_dtypes", &resolve_dtypes, nb::arg("dtypes"), nb::kw_only(),
           nb::arg("signature").none() = nb::none(), nb::arg("casting").none() = nb::none(),
           nb::arg("reduction") = false);
  sub.def("ufunc_at", &at, nb::arg("ufunc"), nb::arg("a"), nb::arg("indices"), nb::arg("b").none());
  nb::list names;
  for (const Ufunc& u : ufunc_table()) {
    nb::object f = nb::cast(PyUfunc{&u}, nb::rv_policy::move);
    f.attr("__name__") = u.name;
    f.attr("__doc__") = u.doc;
    m.attr(u.name.c_str()) = f;
    names.append(u.name);
  }
  for (const auto& [alias, target] : ufunc_aliases()) {
    m.attr(alias.c_str()) = m.attr(target.c_str());
    names.append(alias);
  }
  sub.attr("ufunc_names") = names;
}

}  // namespace cunp::py
