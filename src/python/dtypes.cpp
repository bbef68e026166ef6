// src/python/dtypes.cpp -- NumPy 2's promotion and casting queries (result_type, promote_types,
// can_cast) answered by the core's rules, the ones its ufuncs use: cunp arrays and dtype-likes
// are strong, Python scalars weak (NEP 50).
#include "ufunc_args.hpp"

namespace cunp::py {
namespace {

// A strong operand of `dtype` (only its dtype takes part in promotion).
UfuncArg strong(DType dtype) {
  UfuncArg a;
  a.scalar.dtype = dtype;
  return a;
}

bool is_python_number(PyObject* o) {
  return PyBool_Check(o) || PyLong_CheckExact(o) || PyFloat_CheckExact(o) ||
         PyComplex_CheckExact(o);
}

// A dtype-like; a non-native byte order ('>f8') promotes as its native twin, as in NumPy.
DType query_dtype(nb::handle h) {
  // numpy.dtype(array) is an error, though an array has a dtype: a dtype-like is asked for.
  if (is_array(h) || nb::isinstance(h, numpy().attr("ndarray")))
    throw TypeError("Cannot construct a dtype from an array");
  try {
    return to_dtype(h);
  } catch (const TypeError&) {
    nb::object d = numpy().attr("dtype")(h);
    if (nb::cast<std::string>(d.attr("byteorder")) != ">") throw;
    return to_dtype(d.attr("newbyteorder")("="));
  }
}

// Host arrays and NumPy scalars count by their dtype; anything else must be a dtype-like.
DType dtype_of(nb::handle h) {
  if (is_array(h)) return unwrap(h).a.dtype();
  if (nb::hasattr(h, "dtype") && !nb::isinstance<nb::type_object>(h))
    return query_dtype(h.attr("dtype"));
  return query_dtype(h);
}

}  // namespace

void bind_dtypes(nb::module_& m) {
  m.def("result_type", [](nb::args args) {
    if (args.size() == 0) throw ValueError("at least one array or dtype is required");
    std::vector<UfuncArg> ops;
    std::vector<NDArray> storage(args.size());
    ops.reserve(args.size());
    for (std::size_t i = 0; i < args.size(); ++i) {
      nb::handle h = args[i];
      UfuncArg a;
      if (is_python_number(h.ptr()) && to_ufunc_arg(h, a, storage[i])) ops.push_back(a);
      else ops.push_back(strong(dtype_of(h)));
    }
    return numpy_dtype(result_type(ops));
  });
  m.def("promote_types", [](nb::handle a, nb::handle b) {
    const DType first = query_dtype(a);
    return numpy_dtype(promote_types(first, query_dtype(b)));
  });
  m.def(
      "can_cast",
      [](nb::handle from, nb::handle to, const std::string& casting) {
        if (is_python_number(from.ptr()))
          throw TypeError("can_cast() does not support Python ints, floats, and complex because "
                          "the result used to depend on the value.\nThis change was part of "
                          "adopting NEP 50, we may explicitly allow them again in the future.");
        // NumPy's order of complaints: `to` first, then `casting`.
        const DType to_type = query_dtype(to);
        const DType from_type = dtype_of(from);
        return can_cast(from_type, to_type, casting_from_string(casting));
      },
      nb::arg("from_"), nb::arg("to"), nb::arg("casting") = "safe");
}

}  // namespace cunp::py
