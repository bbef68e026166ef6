// src/python/special.cpp -- _core.special: scipy.special's ufuncs (the special ufunc table) as
// cunp ufunc objects, for cunp.scipy.special to export.
#include "common.hpp"
#include "ufunc_args.hpp"

namespace cunp::py {

void bind_special(nb::module_& m) {
  nb::module_ sm = m.def_submodule("special", "scipy.special's ufuncs");
  nb::list names;
  for (const Ufunc& u : special_ufunc_table()) {
    nb::object f = nb::cast(PyUfunc{&u}, nb::rv_policy::move);
    f.attr("__name__") = u.name;
    f.attr("__doc__") = u.doc;
    sm.attr(u.name.c_str()) = f;
    names.append(u.name);
  }
  sm.attr("_ufunc_names") = names;
}

}  // namespace cunp::py
