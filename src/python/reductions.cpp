// src/python/reductions.cpp -- bindings of ufunc.reduce, ReductionKernel and the reduction functions (sum, max, argmax, ...).
#include "common.hpp"

namespace cunp::py {

void bind_reductions(nb::module_& m) { (void)m; }

}  // namespace cunp::py
