// src/python/histogram.cpp -- bindings of bincount, bin_counts and histogram
// (cunp/ops/histogram.hpp) for cunp._statistics._histograms: argument conversion only.
#include "common.hpp"
#include "cunp/ops/statistics/histogram.hpp"

namespace cunp::py {
namespace {

NDArray to_array(nb::handle h) {
  if (is_array(h)) return unwrap(h).a;
  return to_device_array(h, nb::none());
}

NDArray optional_array(nb::handle h) { return h.is_none() ? NDArray() : to_array(h); }

}  // namespace

void bind_histogram(nb::module_& m) {
  // The area's one-line doc is given in statistics.cpp.
  nb::module_ sub = m.def_submodule("statistics");
  sub.def(
      "bincount",
      [](nb::handle x, nb::handle weights, int64_t minlength) {
        return wrap(bincount(to_array(x), optional_array(weights), minlength));
      },
      nb::arg("x"), nb::arg("weights").none(), nb::arg("minlength"));
  sub.def(
      "bin_counts",
      [](nb::handle index, nb::handle weights, int64_t nbins) {
        return wrap(bin_counts(to_array(index), optional_array(weights), nbins));
      },
      nb::arg("index"), nb::arg("weights").none(), nb::arg("nbins"));
  // equal: None (search the edges) or (first, last, span, ratio dtype) of NumPy's equal bins.
  sub.def(
      "histogram",
      [](nb::handle a, nb::handle edges, nb::handle weights, nb::handle equal) {
        std::optional<EqualBins> eq;
        if (!equal.is_none()) {
          auto t = nb::cast<std::tuple<double, double, double, nb::handle>>(equal);
          eq = EqualBins{std::get<0>(t), std::get<1>(t), std::get<2>(t), to_dtype(std::get<3>(t))};
        }
        return wrap(
            histogram(to_array(a), to_array(edges), optional_array(weights), eq ? &*eq : nullptr));
      },
      nb::arg("a"), nb::arg("edges"), nb::arg("weights").none(), nb::arg("equal").none());
}

}  // namespace cunp::py
