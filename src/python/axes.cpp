// src/python/axes.cpp -- axis arguments for the Python layer, on the core's normalize_axis:
// _core.axes.normalize_axis and normalize_axes give NumPy's results and errors, so no Python module
// keeps a copy of the rules.
#include "common.hpp"

namespace cunp::py {
namespace {

int normalize(nb::handle axis, int ndim, const std::string& prefix) {
  const long long a = axis_number(axis);
  if (a < -ndim || a >= ndim) throw AxisError(a, ndim, prefix);
  return static_cast<int>(a < 0 ? a + ndim : a);
}

// axis: None (every axis), an int, or a tuple of ints. Every entry is range-checked before
// duplicates are looked for, as NumPy does. `reduce_0d`: ufunc.reduce's rule that an int axis
// 0 or -1 of a 0-d array reduces nothing (sum and the nan-functions accept it; mean does not).
std::vector<int> axes_vector(nb::handle axis, int ndim, const std::string& duplicate,
                             bool reduce_0d) {
  std::vector<int> axes;
  if (axis.is_none()) {
    for (int d = 0; d < ndim; ++d) axes.push_back(d);
    return axes;
  }
  const bool many = PyTuple_Check(axis.ptr());
  if (!many && reduce_0d && ndim == 0) {
    const long long a = axis_number(axis);
    if (a == 0 || a == -1) return axes;
  }
  if (many) {
    for (nb::handle item : nb::borrow<nb::tuple>(axis)) axes.push_back(normalize(item, ndim, ""));
  } else {
    axes.push_back(normalize(axis, ndim, ""));
  }
  for (std::size_t i = 0; i < axes.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (axes[j] == axes[i]) throw ValueError(duplicate);
  return axes;
}

nb::tuple normalize_axes(nb::handle axis, int ndim, const std::string& duplicate, bool reduce_0d) {
  nb::list out;
  for (int a : axes_vector(axis, ndim, duplicate, reduce_0d)) out.append(a);
  return nb::tuple(out);
}

}  // namespace

std::vector<int> reduction_axes(nb::handle axis, int ndim, bool reduce_0d) {
  return axes_vector(axis, ndim, "duplicate value in 'axis'", reduce_0d);
}

void bind_axes(nb::module_& m) {
  nb::module_ sub = m.def_submodule("axes", "axis arguments checked and normalised as NumPy does");
  sub.def(
      "normalize_axis",
      [](nb::handle axis, int ndim, nb::handle prefix) {
        return normalize(axis, ndim, prefix.is_none() ? "" : nb::cast<std::string>(prefix));
      },
      nb::arg("axis").none(), nb::arg("ndim"), nb::arg("prefix") = nb::none(),
      "axis as a non-negative int below ndim (operator.index's TypeError, NumPy's AxisError "
      "with `prefix` as its msg_prefix).");
  sub.def(
      "normalize_axes",
      [](nb::handle axis, int ndim, const std::string& duplicate, bool reduce_0d) {
        return normalize_axes(axis, ndim, duplicate, reduce_0d);
      },
      nb::arg("axis").none(), nb::arg("ndim"), nb::arg("duplicate") = "duplicate value in 'axis'",
      nb::arg("reduce_0d") = false,
      "axis (None, int or tuple) as a tuple of non-negative ints in the given order; "
      "ValueError(duplicate) for a repeated axis.");
  sub.def(
      "iterator_order",
      [](nb::handle shape, std::vector<nb::object> strides) {
        Dims s = to_shape(shape);
        std::vector<Dims> st;
        for (const nb::object& o : strides) {
          st.push_back(to_shape(o));
          if (st.back().size() != s.size()) throw ValueError("strides and shape differ in length");
        }
        return iterator_order(s, st);
      },
      nb::arg("shape"), nb::arg("strides"),
      "NumPy's iterator 'K' order of the axes of `shape`, outermost first, for operands with "
      "the given strides broadcast to it (the order a ufunc allocates its outputs in).");
}

}  // namespace cunp::py
