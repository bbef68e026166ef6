// src/python/einsum.cpp -- bindings of einsum and einsum_path (cunp/ops/einsum.hpp): Python's
// optimize=, operand and out= objects converted for the core, which parses, plans and runs.
#include "common.hpp"
#include "cunp/ops/einsum/einsum.hpp"
#include "ops/einsum/plan.hpp"

namespace cunp::py {
namespace {

int64_t python_int(nb::handle h) {  // int(h), as NumPy's path reading does
  PyObject* i = PyNumber_Long(h.ptr());
  if (!i) throw nb::python_error();
  nb::object owned = nb::steal(i);
  const long long v = PyLong_AsLongLong(i);
  if (v == -1 && PyErr_Occurred()) throw nb::python_error();
  return v;
}

[[noreturn]] void path_name_not_found(nb::handle name) {
  // NumPy raises KeyError("Path name %s not found", name): two arguments, not formatted.
  PyErr_SetObject(PyExc_KeyError, nb::make_tuple("Path name %s not found", name).ptr());
  throw nb::python_error();
}

EinsumOptimize::Kind path_kind(nb::handle name) {
  const std::string s = nb::cast<std::string>(name);
  if (s == "greedy") return EinsumOptimize::Kind::Greedy;
  if (s == "optimal") return EinsumOptimize::Kind::Optimal;
  path_name_not_found(name);
}

// optimize= as NumPy takes it: False/None, True ('greedy'), 'greedy', 'optimal', (name, memory
// limit), or an explicit ['einsum_path', (i, j), ...].
EinsumOptimize to_optimize(nb::handle h) {
  EinsumOptimize o;
  if (h.is_none() || h.ptr() == Py_False) return o;
  if (h.ptr() == Py_True) {
    o.kind = EinsumOptimize::Kind::Greedy;
    return o;
  }
  if (PyUnicode_Check(h.ptr())) {
    o.kind = path_kind(h);
    return o;
  }
  auto not_understood = [&] {
    return nb::type_error(
        ("Did not understand the path: " + nb::cast<std::string>(nb::str(h))).c_str());
  };
  PyObject* seq = PySequence_List(h.ptr());
  if (!seq) {
    if (!PyErr_ExceptionMatches(PyExc_TypeError)) throw nb::python_error();
    PyErr_Clear();
    throw not_understood();
  }
  const nb::list items = nb::steal<nb::list>(seq);
  const size_t n = nb::len(items);
  const bool named = n > 0 && PyUnicode_Check(items[0].ptr());
  if (named && nb::cast<std::string>(items[0]) == "einsum_path") {
    o.kind = EinsumOptimize::Kind::Explicit;
    for (size_t s = 1; s < n; ++s) {
      std::vector<int64_t> step;
      for (nb::handle k : nb::iter(items[s])) step.push_back(python_int(k));
      o.path.push_back(std::move(step));
    }
    return o;
  }
  if (n == 2 && named && (PyLong_Check(items[1].ptr()) || PyFloat_Check(items[1].ptr()))) {
    o.kind = path_kind(items[0]);
    o.memory_limit = python_int(items[1]);
    return o;
  }
  throw not_understood();
}

// An operand as NumPy's asarray would take it: a cunp array as is, anything else copied to the
// current device.
NDArray to_operand(nb::handle h) {
  if (is_array(h)) return unwrap(h).a;
  return holds_device_array(h) ? gather_nested(h, nb::none()) : to_device_array(h, nb::none());
}

nb::object einsum_fn(const std::string& subscripts, nb::handle operands, nb::handle out,
                     nb::handle dtype, nb::handle casting, nb::handle optimize) {
  const nb::tuple given = PyTuple_Check(operands.ptr()) ? nb::borrow<nb::tuple>(operands)
                                                        : nb::tuple(nb::borrow(operands));
  std::vector<NDArray> ops;
  ops.reserve(given.size());
  for (nb::handle h : given) ops.push_back(to_operand(h));
  EinsumOptions options;
  if (!out.is_none()) {
    if (!is_array(out)) throw nb::type_error("keyword parameter out must be an array for einsum");
    options.out = unwrap(out).a;
  }
  if (!dtype.is_none()) options.dtype = to_dtype(dtype);
  if (!casting.is_none()) options.casting = casting_from_string(nb::cast<std::string>(casting));
  options.optimize = to_optimize(optimize);
  NDArray r = einsum(subscripts, ops, options);
  if (!out.is_none()) return nb::borrow(out);
  // A view of an operand ('ii->i', 'ij->ji') keeps that operand as its base.
  for (nb::handle h : given)
    if (is_array(h) && unwrap(h).a.memory() == r.memory()) return wrap(std::move(r), h);
  return wrap(std::move(r));
}

nb::tuple path_step(const std::vector<int64_t>& step) {
  nb::list l;
  for (int64_t k : step) l.append(k);
  return nb::tuple(l);
}

nb::tuple dims_tuple(const Dims& d) {
  nb::list l;
  for (int64_t e : d) l.append(e);
  return nb::tuple(l);
}

// (['einsum_path', *contractions], report) from the operands' shapes.
nb::tuple einsum_path_fn(const std::string& subscripts, nb::handle shapes, nb::handle optimize) {
  std::vector<Dims> dims;
  for (nb::handle s : nb::iter(shapes)) dims.push_back(to_shape(s));
  const EinsumPath p = einsum_path(subscripts, dims, to_optimize(optimize));
  nb::list path;
  path.append("einsum_path");
  for (const auto& step : p.path) path.append(path_step(step));
  return nb::make_tuple(path, nb::str(p.report.c_str()));
}

// The plan for operands of these shapes and dtypes, for tests without a GPU: (steps, result
// position, result shape, result dtype), each step (name, inputs, output, axes, shape, dtype).
nb::tuple einsum_plan_fn(const std::string& subscripts, nb::handle shapes, nb::handle dtypes,
                         nb::handle optimize) {
  std::vector<Dims> dims;
  std::vector<DType> types;
  for (nb::handle s : nb::iter(shapes)) dims.push_back(to_shape(s));
  for (nb::handle t : nb::iter(dtypes)) types.push_back(to_dtype(t));
  const detail::EinsumPlan plan = detail::plan_einsum(subscripts, dims, types,
                                                      to_optimize(optimize));
  nb::list steps;
  for (const detail::EinsumStep& s : plan.steps) {
    nb::list ins;
    for (int v : s.in)
      if (v >= 0) ins.append(v);
    steps.append(nb::make_tuple(detail::einsum_step_name(s.kind), nb::tuple(ins), s.out,
                                path_step(s.axes), dims_tuple(s.shape), numpy_dtype(s.dtype)));
  }
  return nb::make_tuple(steps, plan.result, dims_tuple(plan.shape), numpy_dtype(plan.dtype));
}

}  // namespace

void bind_einsum(nb::module_& m) {
  nb::module_ sub = m.def_submodule("einsum", "einsum's contraction, its path and its plan cache");
  sub.def("einsum", &einsum_fn, nb::arg("subscripts"), nb::arg("operands"), nb::arg("out").none(),
          nb::arg("dtype").none(), nb::arg("casting").none(), nb::arg("optimize").none());
  sub.def("path", &einsum_path_fn, nb::arg("subscripts"), nb::arg("shapes"),
          nb::arg("optimize").none());
  sub.def("plan", &einsum_plan_fn, nb::arg("subscripts"), nb::arg("shapes"), nb::arg("dtypes"),
          nb::arg("optimize").none());
  sub.def("plan_cache_size", &einsum_plan_cache_size);
  sub.def("clear_plan_cache", &clear_einsum_plan_cache);
}

}  // namespace cunp::py
