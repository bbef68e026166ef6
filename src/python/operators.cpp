// src/python/operators.cpp -- ndarray's Python operators (+, -, <, +=, abs, ...), each bound in
// C++ straight to its ufunc, from one table.
#include "common.hpp"
#include "ufunc_args.hpp"

namespace cunp::py {
namespace {

enum class Form { Binary, Reflected, InPlace, Unary };

struct OperatorDef {
  const char* stem;  // "add" gives __add__, __radd__ and __iadd__
  const char* ufunc;
  bool arithmetic;  // with reflected and in-place forms (comparisons have neither)
};

constexpr OperatorDef kBinary[] = {
    {"add", "add", true},
    {"sub", "subtract", true},
    {"mul", "multiply", true},
    {"truediv", "true_divide", true},
    {"floordiv", "floor_divide", true},
    {"mod", "remainder", true},
    {"pow", "power", true},
    {"lshift", "left_shift", true},
    {"rshift", "right_shift", true},
    {"and", "bitwise_and", true},
    {"or", "bitwise_or", true},
    {"xor", "bitwise_xor", true},
    {"divmod", "divmod", true},
    {"lt", "less", false},
    {"le", "less_equal", false},
    {"gt", "greater", false},
    {"ge", "greater_equal", false},
    {"eq", "equal", false},
    {"ne", "not_equal", false},
};

constexpr std::pair<const char*, const char*> kUnary[] = {
    {"__neg__", "negative"},  {"__pos__", "positive"}, {"__abs__", "absolute"},
    {"__invert__", "invert"}, {"conj", "conjugate"},   {"conjugate", "conjugate"},
};

// Whether NumPy's power loop refuses this exponent (< 0) for this base; an exponent out of an
// int dtype's range is left to the usual OverflowError of NEP 50, as NumPy checks it first.
bool negative_power_error(const NDArray& base, int64_t exponent) {
  const DType t = base.dtype();
  if (kind(t) == 'b') return true;
  if (kind(t) != 'i') return false;
  const int bits = 8 * itemsize(t);
  return bits >= 64 || exponent >= -(int64_t{1} << (bits - 1));
}

// x == seq and x != seq where NumPy reads the host sequence as objects or strings (a dtype cunp
// has not): NumPy compares element by element, and only numbers can equal x's numbers. The
// numbers go to the device, the other places are never equal. None when seq reads as numbers.
nb::object compare_with_objects(const NDArray& x, nb::handle seq, bool ne) {
  if (holds_device_array(seq)) return nb::none();
  nb::object host = numpy().attr("asarray")(seq);
  const char k = nb::cast<std::string>(host.attr("dtype").attr("kind"))[0];
  if (k != 'O' && k != 'U' && k != 'S') return nb::none();
  nb::object shape = host.attr("shape");
  nb::list values, others;
  static nb::object number = nb::module_::import_("numbers").attr("Number");
  for (nb::handle v : host.attr("ravel")()) {
    const bool is_number = k == 'O' && PyObject_IsInstance(v.ptr(), number.ptr()) == 1;
    values.append(is_number ? nb::borrow(v) : nb::int_(0));
    others.append(nb::bool_(!is_number));
  }
  nb::object host_values = numpy().attr("asarray")(values).attr("reshape")(shape);
  nb::object host_others = numpy().attr("asarray")(others, "bool").attr("reshape")(shape);
  const NDArray v = to_device_array(host_values, nb::none());
  const NDArray o = to_device_array(host_others, nb::none());
  static const Ufunc& equal = *find_ufunc("equal");
  static const Ufunc& not_equal = *find_ufunc("not_equal");
  static const Ufunc& logical_and = *find_ufunc("logical_and");
  static const Ufunc& logical_or = *find_ufunc("logical_or");
  static const Ufunc& logical_not = *find_ufunc("logical_not");
  NDArray r = ufunc_call(ne ? not_equal : equal, {UfuncArg{&x}, UfuncArg{&v}}, {NDArray()})[0];
  if (ne) {
    r = ufunc_call(logical_or, {UfuncArg{&r}, UfuncArg{&o}}, {NDArray()})[0];
  } else {
    const NDArray numbers = ufunc_call(logical_not, {UfuncArg{&o}}, {NDArray()})[0];
    r = ufunc_call(logical_and, {UfuncArg{&r}, UfuncArg{&numbers}}, {NDArray()})[0];
  }
  return wrap(std::move(r));
}

nb::object apply(const Ufunc& u, Form form, nb::handle self, nb::handle other) {
  UfuncArg args[2];
  NDArray storage[2];
  if (!to_ufunc_arg(self, args[0], storage[0])) return nb::borrow(Py_NotImplemented);
  if ((u.name == "equal" || u.name == "not_equal") && form == Form::Binary && args[0].array &&
      (PyList_Check(other.ptr()) || PyTuple_Check(other.ptr()))) {
    nb::object r = compare_with_objects(*args[0].array, other, u.name == "not_equal");
    if (!r.is_none()) return r;
  }
  if (form != Form::Unary && !to_ufunc_arg(other, args[1], storage[1])) {
    // NumPy compares with None, strings and other objects element by element: never equal.
    bool eq = u.name == "equal", ne = u.name == "not_equal";
    if ((eq || ne) && !PyObject_HasAttrString(other.ptr(), "__array_interface__")) {
      NDArray r = NDArray::empty(args[0].array->shape(), DType::Bool, Order::C,
                                 args[0].array->device());
      fill(r, Scalar::from_bool(ne, DType::Bool));
      return wrap(std::move(r));
    }
    return nb::borrow(Py_NotImplemented);
  }
  if (form == Form::Reflected) std::swap(args[0], args[1]);
  static const Ufunc* power = find_ufunc("power");
  // An integer array to a negative Python int: NumPy's ValueError. The exponent is on the host,
  // so this costs no sync (a negative exponent inside an array still gives 0, see differences).
  // A bool array raised in place fails first on the integer result's cast back to bool, as in
  // NumPy 2.5.
  if (&u == power && args[1].weak && !args[1].array && kind(args[1].scalar.dtype) == 'i' &&
      args[1].scalar.as_int() < 0 && args[0].array &&
      !(form == Form::InPlace && kind(args[0].array->dtype()) == 'b') &&
      negative_power_error(*args[0].array, args[1].scalar.as_int()))
    throw nb::value_error("Integers to negative integer powers are not allowed.");
  // NumPy's fast paths for a Python int or float exponent: `x ** 2` is square(x) for any x
  // (bool arrays then give int8, not int64); `x ** -1` is reciprocal(x) and `x ** 0.5` is
  // sqrt(x) for inexact x. Their values are not always power's: sqrt(-1+0j) is exactly 1j.
  if (&u == power && form != Form::Reflected && args[1].weak && !args[1].array &&
      !args[1].big_int && args[0].array) {
    const char base = kind(args[0].array->dtype());
    const bool inexact = base == 'f' || base == 'c';
    const char* fast = nullptr;
    if (args[1].scalar.dtype == DType::Int64) {
      const int64_t e = args[1].scalar.as_int();
      fast = e == 2 ? "square" : e == -1 && inexact ? "reciprocal" : nullptr;
    } else if (args[1].scalar.dtype == DType::Float64 && inexact &&
               args[1].scalar.as_double() == 0.5) {
      fast = "sqrt";
    }
    if (fast)
      return apply(*find_ufunc(fast), form == Form::InPlace ? Form::InPlace : Form::Unary, self,
                   other);
  }
  std::vector<UfuncArg> in(args, args + u.nin);
  std::vector<NDArray> outs(u.nout);
  if (form == Form::InPlace) {
    if (u.nout != 1) return nb::borrow(Py_NotImplemented);
    outs[0] = unwrap(self).a;
  }
  std::vector<NDArray> results = ufunc_call(u, in, std::move(outs));
  if (form == Form::InPlace) return nb::borrow(self);
  return ufunc_results(u, results, nullptr);
}

void def_operator(nb::class_<PyArray>& cls, const std::string& method, const Ufunc* u, Form form) {
  if (method == "conj" || method == "conjugate") {
    // ndarray.conj() of a real array is the array itself, as NumPy's (bool stays bool; the
    // conjugate ufunc, which has no bool loop, gives int8).
    cls.def(method.c_str(), [u](nb::handle self) {
      if (is_array(self) && kind(unwrap(self).a.dtype()) != 'c') return nb::borrow(self);
      return apply(*u, Form::Unary, self, {});
    });
  } else if (form == Form::Unary) {
    cls.def(method.c_str(), [u](nb::handle self) { return apply(*u, Form::Unary, self, {}); });
  } else {
    cls.def(
        method.c_str(),
        [u, form](nb::handle self, nb::handle other) { return apply(*u, form, self, other); },
        nb::arg("other").none());
  }
}

}  // namespace

void bind_operators(nb::class_<PyArray>& cls) {
  for (const OperatorDef& d : kBinary) {
    const Ufunc* u = find_ufunc(d.ufunc);
    std::string stem = d.stem;
    def_operator(cls, "__" + stem + "__", u, Form::Binary);
    if (!d.arithmetic) continue;
    def_operator(cls, "__r" + stem + "__", u, Form::Reflected);
    if (u->nout == 1) def_operator(cls, "__i" + stem + "__", u, Form::InPlace);
  }
  for (const auto& [method, ufunc] : kUnary)
    def_operator(cls, method, find_ufunc(ufunc), Form::Unary);
}

}  // namespace cunp::py
