// src/ops/launch_util.cpp -- the launchers' shared planning step: operands' strides along a
// broadcast loop shape.
#include "launch_util.hpp"

#include "cunp/array/shape.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp::detail {

void broadcast_strides(const NDArray& a, const Dims& shape, int64_t* row) {
  const int nd = shape.size(), off = nd - a.ndim();
  auto fail = [&] {
    throw ValueError("operands could not be broadcast together with remapped shapes "
                     "[original->remapped]: " +
                     shape_str(a.shape()) + "  and requested shape " + shape_str(shape));
  };
  if (off < 0) fail();
  for (int d = 0; d < nd; ++d) {
    const int64_t e = d < off ? 1 : a.shape()[d - off];
    if (e == 1) row[d] = 0;
    else if (e == shape[d]) row[d] = a.strides()[d - off];
    else fail();
  }
}

}  // namespace cunp::detail
