// src/python/triangles.cpp -- bindings of tril and triu (cunp/ops/creation/triangles.hpp). Private _core
// functions; python/cunp/_creation/_triangles.py takes NumPy's arguments.
#include "common.hpp"
#include "cunp/ops/creation/triangles.hpp"

namespace cunp::py {

void bind_triangles(nb::module_& m) {
  // The area's one-line doc is given in creation.cpp.
  nb::module_ sub = m.def_submodule("creation");
  auto one = [](bool lower) {
    return [lower](nb::handle a, int64_t k) {
      if (!is_array(a)) throw nb::type_error("m must be a cunp.ndarray");
      const NDArray& x = unwrap(a).a;
      return wrap(lower ? tril(x, k) : triu(x, k));
    };
  };
  sub.def("tril", one(true), nb::arg("m"), nb::arg("k"), "tril of a cunp array (k in int64).");
  sub.def("triu", one(false), nb::arg("m"), nb::arg("k"), "triu of a cunp array (k in int64).");
}

}  // namespace cunp::py
