// src/python/joining.cpp -- the joins and splits of cunp/ops/joining.hpp. cunp/_manipulation/_joining.py turns
// its arguments into lists of cunp arrays first (asarray, NumPy's iteration of an array argument).
#include "common.hpp"

namespace cunp::py {
namespace {

std::vector<NDArray> arrays_of(const nb::list& items) {
  std::vector<NDArray> v;
  v.reserve(items.size());
  for (nb::handle h : items) v.push_back(unwrap(h).a);
  return v;
}

std::optional<int64_t> axis_of(nb::handle axis) {
  if (axis.is_none()) return std::nullopt;
  return axis_number(axis);  // a tuple: NumPy's TypeError, not nanobind's bad_cast
}

JoinOptions options_of(nb::handle dtype, const std::string& casting) {
  JoinOptions o;
  if (!dtype.is_none()) o.dtype = to_dtype(dtype);
  o.casting = casting_from_string(casting);
  return o;
}

// out= and dtype= together: NumPy's TypeError (named after the function called).
void check_out_or_dtype(const char* name, nb::handle out, nb::handle dtype) {
  if (!out.is_none() && !dtype.is_none())
    throw TypeError(std::string(name) +
                    "() only takes `out` or `dtype` as an argument, but both were provided.");
  if (!out.is_none() && !is_array(out)) throw TypeError("'out' must be a cunp array");
}

nb::list to_list(const std::vector<NDArray>& parts, nb::handle base) {
  nb::list l;
  for (const NDArray& p : parts) l.append(wrap(p, base));
  return l;
}

}  // namespace

void bind_joining(nb::module_& m) {
  nb::module_ sub = m.def_submodule("manipulation", "joining and splitting arrays");
  sub.def(
      "concatenate",
      [](nb::list arrays, nb::handle axis, nb::handle out, nb::handle dtype,
         const std::string& casting) -> nb::object {
        check_out_or_dtype("concatenate", out, dtype);
        if (out.is_none())
          return wrap(concatenate(arrays_of(arrays), axis_of(axis), options_of(dtype, casting)));
        concatenate_into(arrays_of(arrays), axis_of(axis), unwrap(out).a,
                         casting_from_string(casting));
        return nb::borrow(out);
      },
      nb::arg("arrays"), nb::arg("axis").none(), nb::arg("out").none(), nb::arg("dtype").none(),
      nb::arg("casting"));
  sub.def(
      "stack",
      [](nb::list arrays, int64_t axis, nb::handle out, nb::handle dtype,
         const std::string& casting) -> nb::object {
        check_out_or_dtype("concatenate", out, dtype);
        if (out.is_none()) return wrap(stack(arrays_of(arrays), axis, options_of(dtype, casting)));
        stack_into(arrays_of(arrays), axis, unwrap(out).a, casting_from_string(casting));
        return nb::borrow(out);
      },
      nb::arg("arrays"), nb::arg("axis"), nb::arg("out").none(), nb::arg("dtype").none(),
      nb::arg("casting"));
  sub.def(
      "vstack",
      [](nb::list arrays, nb::handle dtype, const std::string& casting) {
        return wrap(vstack(arrays_of(arrays), options_of(dtype, casting)));
      },
      nb::arg("arrays"), nb::arg("dtype").none(), nb::arg("casting"));
  sub.def(
      "hstack",
      [](nb::list arrays, nb::handle dtype, const std::string& casting) {
        return wrap(hstack(arrays_of(arrays), options_of(dtype, casting)));
      },
      nb::arg("arrays"), nb::arg("dtype").none(), nb::arg("casting"));
  sub.def("dstack", [](nb::list arrays) { return wrap(dstack(arrays_of(arrays))); });
  sub.def("column_stack", [](nb::list arrays) { return wrap(column_stack(arrays_of(arrays))); });
  sub.def("atleast", [](int ndim, nb::handle a) {
    const NDArray& x = unwrap(a).a;
    NDArray r = ndim == 1 ? atleast_1d(x) : ndim == 2 ? atleast_2d(x) : atleast_3d(x);
    return r.memory() == x.memory() ? wrap(std::move(r), a) : wrap(std::move(r));
  });
  sub.def("array_split", [](nb::handle a, nb::handle indices_or_sections, int64_t axis,
                            bool equal) {
    const NDArray& x = unwrap(a).a;
    if (nb::isinstance<nb::list>(indices_or_sections))
      return to_list(array_split(x, nb::cast<std::vector<int64_t>>(indices_or_sections), axis), a);
    const int64_t sections = nb::cast<int64_t>(indices_or_sections);
    return to_list(equal ? split(x, sections, axis) : array_split(x, sections, axis), a);
  });
}

}  // namespace cunp::py
