// src/python/sorting.cpp -- bindings of sort, argsort, searchsorted and unique
// (cunp/ops/sorting.hpp) for cunp._sorting._sort and of the selection engine (cunp/ops/selection.hpp)
// for cunp._statistics._order_statistics: argument conversion only.
#include <Python.h>

#include <optional>

#include "common.hpp"
#include "cunp/ops/sorting/selection.hpp"
#include "cunp/ops/sorting/sorting.hpp"
#include "ops/sorting/sort_engine.hpp"

namespace cunp::py {
namespace {

NDArray to_array(nb::handle h) {
  if (is_array(h)) return unwrap(h).a;
  return to_device_array(h, nb::none());
}

// axis=: None (the flattened array) or an integer (NumPy's TypeError for other types).
std::optional<int64_t> axis_arg(nb::handle axis) {
  if (axis.is_none()) return std::nullopt;
  if (PyBool_Check(axis.ptr()) || !PyIndex_Check(axis.ptr()))
    throw nb::type_error(("'" + std::string(nb::str(axis.type().attr("__name__")).c_str()) +
                          "' object cannot be interpreted as an integer")
                             .c_str());
  return nb::cast<int64_t>(nb::int_(axis));
}

// kind=: None is NumPy's default (quicksort).
SortKind kind_arg(nb::handle kind) {
  if (kind.is_none()) return SortKind::Quick;
  if (!nb::isinstance<nb::str>(kind)) throw nb::type_error("sort kind must be str or None");
  return sort_kind_from_string(nb::cast<std::string>(kind));
}

nb::object maybe(const NDArray& a) { return a.defined() ? wrap(a) : nb::none(); }

}  // namespace

void bind_sorting(nb::module_& m) {
  nb::module_ sub = m.def_submodule("sorting", "sorting, selection, searching and unique");
  // The arguments are checked before the array is made (NumPy's order of errors).
  sub.def(
      "sort",
      [](nb::handle a, nb::handle axis, nb::handle kind) {
        const SortKind k = kind_arg(kind);
        const std::optional<int64_t> ax = axis_arg(axis);
        return wrap(sort(to_array(a), ax, k));
      },
      nb::arg("a"), nb::arg("axis").none(), nb::arg("kind").none());
  sub.def(
      "argsort",
      [](nb::handle a, nb::handle axis, nb::handle kind) {
        const SortKind k = kind_arg(kind);
        const std::optional<int64_t> ax = axis_arg(axis);
        return wrap(argsort(to_array(a), ax, k));
      },
      nb::arg("a"), nb::arg("axis").none(), nb::arg("kind").none());
  // ndarray.sort: the sorted copy written back into the array.
  sub.def(
      "sort_inplace",
      [](nb::handle a, nb::handle axis, nb::handle kind) {
        const SortKind k = kind_arg(kind);
        const std::optional<int64_t> ax = axis_arg(axis);
        const NDArray& x = unwrap(a).a;
        copy_to(x, sort(x, ax, k));
      },
      nb::arg("a"), nb::arg("axis").none(), nb::arg("kind").none());
  // The items at sorted positions `ks` of the flattened array, and partition's classes.
  sub.def(
      "select_kth",
      [](nb::handle a, const std::vector<int64_t>& ks) {
        return wrap(select_kth(to_array(a), ks));
      },
      nb::arg("a"), nb::arg("ks"));
  sub.def(
      "select_classes",
      [](nb::handle a, const std::vector<int64_t>& ks) {
        return wrap(select_classes(to_array(a), ks));
      },
      nb::arg("a"), nb::arg("ks"));
  sub.def(
      "searchsorted",
      [](nb::handle a, nb::handle v, const std::string& side, nb::handle sorter) {
        const bool right = search_side_right(side);
        const NDArray sorted = to_array(a), values = to_array(v);
        return wrap(
            searchsorted(sorted, values, right, sorter.is_none() ? NDArray() : to_array(sorter)));
      },
      nb::arg("a"), nb::arg("v"), nb::arg("side"), nb::arg("sorter").none());
  // (values, index or None, inverse or None, counts or None)
  // Always four items (None for what was not asked), so callers unpack one shape.
  sub.def(
      "unique",
      [](nb::handle x, bool return_index, bool return_inverse, bool return_counts, bool equal_nan) {
        const UniqueResult r = unique(to_array(x), return_index, return_inverse, return_counts,
                                      equal_nan);
        return nb::make_tuple(wrap(r.values), maybe(r.index), maybe(r.inverse), maybe(r.counts));
      },
      nb::arg("x"), nb::arg("return_index") = false, nb::arg("return_inverse") = false,
      nb::arg("return_counts") = false, nb::arg("equal_nan") = false);
  // Private, for the tests of the chunked sort (sort_engine.hpp): the item limit of one run of
  // the engine (<= 0 restores 2^31 - 1; returns the previous one) and the rows a run takes.
  sub.def("_set_item_limit", &sort_engine::set_item_limit, nb::arg("limit"));
  sub.def("_rows_per_chunk", &sort_engine::rows_per_chunk, nb::arg("rows"), nb::arg("row_length"));
}

}  // namespace cunp::py
