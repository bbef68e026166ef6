// src/python/signal.cpp -- _core.signal: the blocked IIR scan behind cunp.scipy.signal's lfilter
// and sosfilt (python/cunp/scipy/signal/_iir_scan.py builds its tables), the serial loop for
// filters with more delays than the scan keeps in registers, upfirdn's polyphase kernel and
// find_peaks' local maxima and the prominence and width searches on a max/min tree.
#include "common.hpp"

#include "cunp/ops/signal/iir_scan.hpp"
#include "cunp/ops/signal/peak_search.hpp"
#include "cunp/ops/signal/upfirdn.hpp"

namespace cunp::py {

void bind_signal(nb::module_& m) {
  nb::module_ s = m.def_submodule("signal", "IIR filter scan for cunp.scipy.signal");
  s.def(
      "iir_block_scan",
      [](const std::string& form, int order, nb::handle x, nb::handle coef, nb::handle power,
         nb::handle group_power, nb::handle zi, int64_t block, int64_t group,
         const std::string& out_dtype) {
        for (nb::handle a : {x, coef, power, group_power})
          if (!is_array(a)) throw TypeError("iir_block_scan: arrays must be cunp.ndarray");
        std::optional<NDArray> z;
        if (!zi.is_none()) {
          if (!is_array(zi)) throw TypeError("iir_block_scan: zi must be cunp.ndarray or None");
          z = unwrap(zi).a;
        }
        auto [y, zf] = iir_block_scan(form, order, unwrap(x).a, unwrap(coef).a, unwrap(power).a,
                                      unwrap(group_power).a, z, block, group,
                                      dtype_from_string(out_dtype));
        return nb::make_tuple(wrap(y), wrap(zf));
      },
      nb::arg("form"), nb::arg("order"), nb::arg("x"), nb::arg("coef"), nb::arg("power"),
      nb::arg("group_power"), nb::arg("zi").none(), nb::arg("block"), nb::arg("group"),
      nb::arg("out_dtype"));
  s.def(
      "iir_serial_scan",
      [](nb::handle x, nb::handle coef, nb::handle z, const std::string& out_dtype) {
        for (nb::handle a : {x, coef, z})
          if (!is_array(a)) throw TypeError("iir_serial_scan: arrays must be cunp.ndarray");
        NDArray state = unwrap(z).a;
        return wrap(
            iir_serial_scan(unwrap(x).a, unwrap(coef).a, state, dtype_from_string(out_dtype)));
      },
      nb::arg("x"), nb::arg("coef"), nb::arg("z"), nb::arg("out_dtype"));
  s.def(
      "upfirdn",
      [](nb::handle h, nb::handle x, int64_t up, int64_t down) {
        for (nb::handle a : {h, x})
          if (!is_array(a)) throw TypeError("upfirdn: arrays must be cunp.ndarray");
        return wrap(upfirdn(unwrap(h).a, unwrap(x).a, up, down));
      },
      nb::arg("h"), nb::arg("x"), nb::arg("up"), nb::arg("down"));
  // find_peaks and the peak properties (python/cunp/scipy/signal/_peaks.py).
  auto arr = [](nb::handle a, const char* what) -> const NDArray& {
    if (!is_array(a)) throw TypeError(std::string(what) + ": arrays must be cunp.ndarray");
    return unwrap(a).a;
  };
  s.def(
      "peak_left_edges",
      [arr](nb::handle x) { return wrap(peak_left_edges(arr(x, "peak_left_edges"))); },
      nb::arg("x"));
  s.def(
      "peak_edges",
      [arr](nb::handle x, nb::handle first) {
        auto [mid, left, right] = peak_edges(arr(x, "peak_edges"), arr(first, "peak_edges"));
        return nb::make_tuple(wrap(mid), wrap(left), wrap(right));
      },
      nb::arg("x"), nb::arg("first"));
  s.def(
      "peak_tree",
      [arr](nb::handle x) {
        auto [mx, mn] = peak_tree(arr(x, "peak_tree"));
        return nb::make_tuple(wrap(mx), wrap(mn));
      },
      nb::arg("x"));
  s.def(
      "peak_bases",
      [arr](nb::handle x, nb::handle mx, nb::handle mn, nb::handle peaks, int64_t half_window) {
        const char* what = "peak_bases";
        auto [left, right, prominence] = peak_bases(arr(x, what), arr(mx, what), arr(mn, what),
                                                    arr(peaks, what), half_window);
        return nb::make_tuple(wrap(left), wrap(right), wrap(prominence));
      },
      nb::arg("x"), nb::arg("mx"), nb::arg("mn"), nb::arg("peaks"), nb::arg("half_window"));
  s.def(
      "peak_width_walk",
      [arr](nb::handle x, nb::handle mn, nb::handle peaks, nb::handle prominences,
            nb::handle left_bases, nb::handle right_bases, double rel_height) {
        const char* what = "peak_width_walk";
        auto [widths, heights, left_ips, right_ips] = peak_width_walk(
            arr(x, what), arr(mn, what), arr(peaks, what), arr(prominences, what),
            arr(left_bases, what), arr(right_bases, what), rel_height);
        return nb::make_tuple(wrap(widths), wrap(heights), wrap(left_ips), wrap(right_ips));
      },
      nb::arg("x"), nb::arg("mn"), nb::arg("peaks"), nb::arg("prominences"), nb::arg("left_bases"),
      nb::arg("right_bases"), nb::arg("rel_height"));
}

}  // namespace cunp::py
