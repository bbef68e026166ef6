// src/python/sync_check.cpp -- the submodule _core.sync: the allow_synchronize switch of the
// calling thread, read by the core's copies to the host.
#include "common.hpp"
#include "cunp/runtime/sync_check.hpp"

namespace cunp::py {

void bind_sync_check(nb::module_& root) {
  nb::module_ m = root.def_submodule("sync", "implicit synchronization detection");
  m.def("set_allowed", &set_synchronize_allowed, nb::arg("allowed"));
  m.def("allowed", &synchronize_allowed);
}

}  // namespace cunp::py
