// src/python/interop.cpp -- bindings of DLPack and the CUDA Array Interface.
#include "common.hpp"

namespace cunp::py {

void bind_interop(nb::module_& m) { (void)m; }

}  // namespace cunp::py
