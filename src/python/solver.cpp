// src/python/solver.cpp -- bindings of numpy.linalg's decompositions and solvers on cuSOLVER:
// private _core._linalg_* entry points (cunp.linalg does NumPy's argument handling) and the
// translation of LinAlgError.
#include "common.hpp"

#include "cunp/linalg/solver.hpp"

namespace cunp::py {
namespace {

NDArray arg(nb::handle h, const char* what) {
  if (!is_array(h)) throw TypeError(std::string(what) + " must be a cunp.ndarray");
  return unwrap(h).a;
}

nb::tuple wrap_all(const std::vector<NDArray>& v) {
  nb::list out;
  for (const NDArray& a : v) out.append(wrap(a));
  return nb::tuple(out);
}

}  // namespace

void bind_solver(nb::module_& m) {
  // The core's LinAlgError becomes numpy.linalg.LinAlgError itself (as CuPy raises), so code
  // that catches NumPy's exception works unchanged; NumPy is imported only when one is raised.
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const LinAlgError& e) {
      nb::object cls = numpy().attr("linalg").attr("LinAlgError");
      PyErr_SetString(cls.ptr(), e.what());
    }
  });

  m.def("_linalg_det", [](nb::handle a) { return wrap(det(arg(a, "a"))); });
  m.def("_linalg_slogdet", [](nb::handle a) {
    auto [s, l] = slogdet(arg(a, "a"));
    return nb::make_tuple(wrap(s), wrap(l));
  });
  m.def(
      "_linalg_inv", [](nb::handle a, bool check) { return wrap(inv(arg(a, "a"), check)); },
      nb::arg("a"), nb::arg("check") = true);
  m.def(
      "_linalg_solve",
      [](nb::handle a, nb::handle b, bool check) {
        return wrap(solve(arg(a, "a"), arg(b, "b"), check));
      },
      nb::arg("a"), nb::arg("b"), nb::arg("check") = true);
  m.def(
      "_linalg_cholesky",
      [](nb::handle a, bool upper, bool check) {
        return wrap(cholesky(arg(a, "a"), upper, check));
      },
      nb::arg("a"), nb::arg("upper"), nb::arg("check") = true);
  m.def("_linalg_qr",
        [](nb::handle a, const std::string& mode) { return wrap_all(qr(arg(a, "a"), mode)); });
  m.def("_linalg_eigh", [](nb::handle a, bool lower, bool vectors) {
    return wrap_all(eigh(arg(a, "a"), lower, vectors));
  });
  m.def("_linalg_eig",
        [](nb::handle a, bool vectors) { return wrap_all(eig(arg(a, "a"), vectors)); });
  m.def("_linalg_svd", [](nb::handle a, bool full_matrices, bool compute_uv) {
    return wrap_all(svd(arg(a, "a"), full_matrices, compute_uv));
  });
  m.def("_linalg_set_svd_driver", [](const std::string& d) { set_svd_driver(d); });
  m.def("_linalg_svd_driver", [] { return svd_driver(); });
}

}  // namespace cunp::py
