// src/python/signatures.cpp -- inspect.signature for cunp's functions bound in C++: a
// `__signature__` property on nanobind's function type, whose getter lives in Python.
//
// nanobind's function type is immutable and has no __signature__, so inspect.signature refuses
// its functions. The property is read only by inspect (and help), never on a call, so calls
// cost what they did. Its getter (cunp._signatures) answers None for a function it has no
// signature for, which inspect takes as "look further": nothing changes for those.
#include "common.hpp"

namespace cunp::py {

void bind_signatures(nb::module_& m) {
  nb::module_ sub = m.def_submodule("signatures", "inspect.signature for what nanobind binds");
  sub.def(
      "install_property",
      [](nb::handle function, nb::handle property) {
        // nanobind's function, method and bound-method types (the last two for ndarray's
        // methods bound in C++).
        PyTypeObject* type = Py_TYPE(function.ptr());
        std::string name = type->tp_name;
        if (name != "nanobind.nb_func" && name != "nanobind.nb_method" &&
            name != "nanobind.nb_bound_method")
          throw TypeError("expected a nanobind function or method, not " + name);
        // The type is immutable to Python's setattr, not to its own dict: write there and
        // invalidate the attribute cache, as CPython does for its own types.
        if (PyDict_SetItemString(type->tp_dict, "__signature__", property.ptr()) != 0)
          throw nb::python_error();
        PyType_Modified(type);
      },
      nb::arg("function"), nb::arg("property"));
}

}  // namespace cunp::py
