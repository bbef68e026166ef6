// src/python/raw_kernel.cpp -- bindings of RawKernel, RawModule and CUDA graphs.
#include "common.hpp"

namespace cunp::py {

void bind_raw_kernel(nb::module_& m) { (void)m; }

}  // namespace cunp::py
