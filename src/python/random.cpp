// src/python/random.cpp -- bindings of random number generation (bit generators and distribution kernels).
#include "common.hpp"

namespace cunp::py {

void bind_random(nb::module_& m) { (void)m; }

}  // namespace cunp::py
