// src/python/scipy_linalg.cpp -- _core.linalg: the cuSOLVER entry points that scipy.linalg needs
// beyond numpy.linalg's (LU factors and solves from them, banded solves); cunp.scipy.linalg does SciPy's
// argument handling around them.
#include "common.hpp"

#include "cunp/linalg/solver.hpp"

namespace cunp::py {
namespace {

NDArray arg(nb::handle h, const char* what) {
  if (!is_array(h)) throw TypeError(std::string(what) + " must be a cunp.ndarray");
  return unwrap(h).a;
}

}  // namespace

void bind_scipy_linalg(nb::module_& m) {
  nb::module_ s = m.def_submodule("linalg", "LU factors and solves for cunp.scipy.linalg");
  s.def("lu_factor", [](nb::handle a) {
    auto [lu, piv] = lu_factor(arg(a, "a"));
    return nb::make_tuple(wrap(lu), wrap(piv));
  });
  s.def("lu_permutation", [](nb::handle piv, int64_t m) {
    auto [perm, inv] = lu_permutation(arg(piv, "piv"), m);
    return nb::make_tuple(wrap(perm), wrap(inv));
  });
  s.def("banded_solve", [](nb::handle w, nb::handle x, int64_t kl, int64_t ku) {
    return wrap(solve_banded(arg(w, "w"), arg(x, "x"), kl, ku));
  });
  s.def(
      "lu_solve",
      [](nb::handle lu, nb::handle piv, nb::handle b, int trans) {
        return wrap(lu_solve(arg(lu, "lu"), arg(piv, "piv"), arg(b, "b"), trans));
      },
      nb::arg("lu"), nb::arg("piv"), nb::arg("b"), nb::arg("trans") = 0);
}

}  // namespace cunp::py
