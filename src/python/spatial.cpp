// src/python/spatial.cpp -- _core.spatial: the pairwise-distance kernel behind
// cunp.scipy.spatial.distance's metrics that are not a matrix product.
#include "common.hpp"

#include "cunp/ops/spatial/pairwise.hpp"

namespace cunp::py {

void bind_spatial(nb::module_& m) {
  nb::module_ s = m.def_submodule("spatial", "pairwise distances for cunp.scipy.spatial");
  s.def(
      "pairwise",
      [](const std::string& metric, nb::handle xa, nb::handle xb, double p) {
        if (!is_array(xa) || !is_array(xb)) throw TypeError("XA and XB must be cunp.ndarray");
        return wrap(pairwise_distance(metric, unwrap(xa).a, unwrap(xb).a, p));
      },
      nb::arg("metric"), nb::arg("xa"), nb::arg("xb"), nb::arg("p") = 2.0);
}

}  // namespace cunp::py
