// src/python/signal.cpp -- _core.signal: the blocked IIR scan behind cunp.scipy.signal's lfilter
// and sosfilt (python/cunp/scipy/signal/_iir_scan.py builds its tables), the serial loop for
// filters with more delays than the scan keeps in registers, upfirdn's polyphase kernel and
// peak_prominences' walks.
#include "common.hpp"

#include "cunp/ops/signal/iir_scan.hpp"
#include "cunp/ops/signal/peak_walk.hpp"
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
  s.def(
      "peak_walk",
      [](nb::handle x, nb::handle peaks, nb::handle low, nb::handle high, int64_t limit) {
        for (nb::handle a : {x, peaks, low, high})
          if (!is_array(a)) throw TypeError("peak_walk: arrays must be cunp.ndarray");
        auto [left, right, prominence] = peak_walk(unwrap(x).a, unwrap(peaks).a, unwrap(low).a,
                                                   unwrap(high).a, limit);
        return nb::make_tuple(wrap(left), wrap(right), wrap(prominence));
      },
      nb::arg("x"), nb::arg("peaks"), nb::arg("low"), nb::arg("high"), nb::arg("limit"));
}

}  // namespace cunp::py
