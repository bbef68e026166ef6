// src/python/solver.cpp -- bindings of numpy.linalg's decompositions and solvers on cuSOLVER.
#include "common.hpp"

namespace cunp::py {

void bind_solver(nb::module_& m) { (void)m; }

}  // namespace cunp::py
