// src/python/math_extras.cpp -- bindings of the NumPy functions whose kernels live in the core
// rather than in ufuncs: interp (cunp/ops/math/interpolation.hpp) and i0 (cunp/ops/math/math_extras.hpp).
// Private _core functions; python/cunp/_math converts NumPy's arguments before calling them.
#include <optional>

#include "common.hpp"
#include "cunp/ops/math/interpolation.hpp"
#include "cunp/ops/math/math_extras.hpp"

namespace cunp::py {
namespace {

const NDArray& arr(nb::handle h, const char* what) {
  if (!is_array(h)) throw nb::type_error((std::string(what) + " must be a cunp.ndarray").c_str());
  return unwrap(h).a;
}

// None, or a Python or NumPy scalar as its own dtype's value.
std::optional<Scalar> optional_scalar(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return to_scalar(h, scalar_dtype(h));
}

}  // namespace

void bind_math_extras(nb::module_& m) {
  nb::module_ sub = m.def_submodule("math", "math functions that are not ufuncs");
  sub.def(
      "interp",
      [](nb::handle x, nb::handle xp, nb::handle fp, nb::handle left, nb::handle right) {
        return wrap(interp(arr(x, "x"), arr(xp, "xp"), arr(fp, "fp"), optional_scalar(left),
                           optional_scalar(right)));
      },
      nb::arg("x"), nb::arg("xp"), nb::arg("fp"), nb::arg("left").none(), nb::arg("right").none(),
      "numpy.interp of float64 x and xp and float64 or complex128 fp (left/right: None or "
      "fp's scalars).");
  sub.def(
      "i0", [](nb::handle x) { return wrap(i0(arr(x, "x"))); }, nb::arg("x"),
      "numpy.i0 of a cunp array.");
}

}  // namespace cunp::py
