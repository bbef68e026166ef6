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
  nb::module_ sub = m.def_submodule(
      "linalg", "cuSOLVER's factorizations and cuBLAS's settings behind cunp.linalg");
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

  sub.def("det", [](nb::handle a) { return wrap(det(arg(a, "a"))); });
  sub.def("slogdet", [](nb::handle a) {
    auto [s, l] = slogdet(arg(a, "a"));
    return nb::make_tuple(wrap(s), wrap(l));
  });
  sub.def(
      "inv", [](nb::handle a, bool check) { return wrap(inv(arg(a, "a"), check)); }, nb::arg("a"),
      nb::arg("check") = true);
  sub.def(
      "solve",
      [](nb::handle a, nb::handle b, bool check) {
        return wrap(solve(arg(a, "a"), arg(b, "b"), check));
      },
      nb::arg("a"), nb::arg("b"), nb::arg("check") = true);
  sub.def(
      "cholesky",
      [](nb::handle a, bool upper, bool check) {
        return wrap(cholesky(arg(a, "a"), upper, check));
      },
      nb::arg("a"), nb::arg("upper"), nb::arg("check") = true);
  sub.def(
      "qr", [](nb::handle a, const std::string& mode) { return wrap_all(qr(arg(a, "a"), mode)); },
      nb::arg("a"), nb::arg("mode"));
  sub.def(
      "eigh",
      [](nb::handle a, bool lower, bool vectors) {
        return wrap_all(eigh(arg(a, "a"), lower, vectors));
      },
      nb::arg("a"), nb::arg("lower"), nb::arg("vectors"));
  sub.def(
      "eig", [](nb::handle a, bool vectors) { return wrap_all(eig(arg(a, "a"), vectors)); },
      nb::arg("a"), nb::arg("vectors"));
  sub.def(
      "svd",
      [](nb::handle a, bool full_matrices, bool compute_uv) {
        return wrap_all(svd(arg(a, "a"), full_matrices, compute_uv));
      },
      nb::arg("a"), nb::arg("full_matrices"), nb::arg("compute_uv"));
  sub.def(
      "set_svd_driver", [](const std::string& driver) { set_svd_driver(driver); },
      nb::arg("driver"));
  sub.def("svd_driver", [] { return svd_driver(); });
}

}  // namespace cunp::py
