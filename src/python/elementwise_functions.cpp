// src/python/elementwise_functions.cpp -- bindings of clip, where, nan_to_num, around, angle,
// isreal/iscomplex, isclose/allclose and array_equal/equiv (private _core functions; the NumPy
// signatures are in python/cunp/_math/_elementwise.py).
#include <nanobind/stl/optional.h>

#include "common.hpp"
#include "cunp/ops/elementwise/functions.hpp"
#include "ufunc_args.hpp"

namespace cunp::py {
namespace {

// One operand: a cunp array, a Python scalar (weak), a NumPy scalar (strong) or a list.
struct Operand {
  UfuncArg arg;
  NDArray storage;  // keeps an array made from a list alive

  explicit Operand(nb::handle h) {
    if (!to_ufunc_arg(h, arg, storage)) unsupported_operand(h);
  }
  Operand(const Operand&) = delete;
};

const NDArray& array_arg(nb::handle h, const char* what) {
  if (!is_array(h)) throw nb::type_error((std::string(what) + " must be a cunp.ndarray").c_str());
  return unwrap(h).a;
}

// An optional `out=`: None, or a cunp array (NumPy's TypeError otherwise).
NDArray out_arg(nb::handle out) {
  if (out.is_none()) return {};
  if (!is_array(out)) throw nb::type_error("return arrays must be of ArrayType");
  return unwrap(out).a;
}

// The given output object itself when there was one (NumPy returns `out`), else the new array.
nb::object result(NDArray r, nb::handle out) {
  if (!out.is_none()) return nb::borrow(out);
  return wrap(std::move(r));
}

CloseArgs close_args(const Operand& a, const Operand& b, const Operand& rtol, const Operand& atol,
                     bool equal_nan) {
  CloseArgs c;
  c.a = a.arg;
  c.b = b.arg;
  c.rtol = rtol.arg;
  c.atol = atol.arg;
  c.equal_nan = equal_nan;
  return c;
}

}  // namespace

void bind_elementwise_functions(nb::module_& m) {
  nb::module_ sub = m.def_submodule("elementwise",
                                    "elementwise functions that are not ufuncs, and ufunc.at");
  sub.def(
      "clip",
      [](nb::handle a, nb::handle lo, nb::handle hi, nb::handle out, nb::handle dtype,
         nb::handle casting, nb::handle order) {
        const NDArray& arr = array_arg(a, "clip: a");
        std::optional<Operand> l, h;
        if (!lo.is_none()) l.emplace(lo);
        if (!hi.is_none()) h.emplace(hi);
        UfuncOptions opt;
        if (!dtype.is_none()) opt.dtype = to_dtype(dtype);
        if (!casting.is_none()) opt.casting = casting_from_string(nb::cast<std::string>(casting));
        opt.order = to_order_spec(order, 'K');
        std::optional<UfuncArg> la, ha;
        if (l) la = l->arg;
        if (h) ha = h->arg;
        return result(clip(arr, la, ha, out_arg(out), opt), out);
      },
      nb::arg("a"), nb::arg("a_min").none(), nb::arg("a_max").none(),
      nb::arg("out").none() = nb::none(), nb::arg("dtype").none() = nb::none(),
      nb::arg("casting").none() = nb::none(), nb::arg("order").none() = nb::none());

  sub.def(
      "where",
      [](nb::handle condition, nb::handle x, nb::handle y) {
        Operand c(condition), a(x), b(y);
        return wrap(where(c.arg, a.arg, b.arg));
      },
      nb::arg("condition"), nb::arg("x"), nb::arg("y"));

  sub.def(
      "nan_to_num",
      [](nb::handle x, nb::handle out, double nan, std::optional<double> posinf,
         std::optional<double> neginf) {
        return result(nan_to_num(array_arg(x, "nan_to_num: x"), nan, posinf, neginf, out_arg(out)),
                      out);
      },
      nb::arg("x"), nb::arg("out").none(), nb::arg("nan"), nb::arg("posinf").none() = nb::none(),
      nb::arg("neginf").none() = nb::none());

  sub.def(
      "around",
      [](nb::handle a, int decimals, nb::handle out) {
        return result(around(array_arg(a, "round: a"), decimals, out_arg(out)), out);
      },
      nb::arg("a"), nb::arg("decimals"), nb::arg("out").none());

  sub.def(
      "angle", [](nb::handle z, bool deg) { return wrap(angle(array_arg(z, "angle: z"), deg)); },
      nb::arg("z"), nb::arg("deg"));
  sub.def("isreal", [](nb::handle x) { return wrap(isreal(array_arg(x, "isreal: x"))); });
  sub.def("iscomplex", [](nb::handle x) { return wrap(iscomplex(array_arg(x, "iscomplex: x"))); });

  sub.def(
      "isclose",
      [](nb::handle a, nb::handle b, nb::handle rtol, nb::handle atol, bool equal_nan) {
        Operand x(a), y(b), r(rtol), t(atol);
        return wrap(isclose(close_args(x, y, r, t, equal_nan)));
      },
      nb::arg("a"), nb::arg("b"), nb::arg("rtol"), nb::arg("atol"), nb::arg("equal_nan"));
  sub.def(
      "allclose",
      [](nb::handle a, nb::handle b, nb::handle rtol, nb::handle atol, bool equal_nan) {
        Operand x(a), y(b), r(rtol), t(atol);
        return allclose(close_args(x, y, r, t, equal_nan));
      },
      nb::arg("a"), nb::arg("b"), nb::arg("rtol"), nb::arg("atol"), nb::arg("equal_nan"));

  sub.def(
      "array_equal",
      [](nb::handle a1, nb::handle a2, bool equal_nan) {
        return array_equal(array_arg(a1, "array_equal: a1"), array_arg(a2, "array_equal: a2"),
                           equal_nan);
      },
      nb::arg("a1"), nb::arg("a2"), nb::arg("equal_nan"));
  sub.def(
      "array_equiv",
      [](nb::handle a1, nb::handle a2) {
        return array_equiv(array_arg(a1, "array_equiv: a1"), array_arg(a2, "array_equiv: a2"));
      },
      nb::arg("a1"), nb::arg("a2"));
}

}  // namespace cunp::py
