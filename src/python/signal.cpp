// src/python/signal.cpp -- _core.signal: the blocked IIR scan behind cunp.scipy.signal's lfilter
// and sosfilt (python/cunp/scipy/signal/_iir_scan.py builds its tables).
#include "common.hpp"

#include "cunp/ops/signal/iir_scan.hpp"

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
}

}  // namespace cunp::py
