// src/python/scans.cpp -- bindings of cumulative operations (cumsum, cumprod, ...), ufunc.accumulate and ufunc.reduceat.
#include "common.hpp"

namespace cunp::py {

void bind_scans(nb::module_& m) { (void)m; }

}  // namespace cunp::py
