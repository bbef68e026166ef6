// src/python/blas.cpp -- bindings of matmul, dot and the other products on cuBLAS.
#include "common.hpp"

namespace cunp::py {

void bind_blas(nb::module_& m) { (void)m; }

}  // namespace cunp::py
