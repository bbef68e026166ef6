// src/ops/indexing/errors.cpp -- NumPy's indexing error texts and the host side of the bounds
// checks.
#include "errors.hpp"

#include <string>
#include <vector>

#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/creation/transfer.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp::detail {

std::optional<int64_t> first_out_of_bounds(const NDArray& idx, int64_t n) {
  if (idx.size() == 0) return std::nullopt;
  NDArray h = astype(idx, DType::Int64, OrderSpec::C, Casting::Unsafe, false);
  std::vector<int64_t> v(static_cast<size_t>(h.size()));
  to_host(h, v.data(), Order::C);
  for (int64_t t : v)
    if (t < -n || t >= n) return t;
  return std::nullopt;
}

void raise_out_of_bounds(int64_t index, int64_t axis, int64_t n) {
  throw IndexError("index " + std::to_string(index) + " is out of bounds for axis " +
                   std::to_string(axis) + " with size " + std::to_string(n));
}

std::string index_shape_text(const Dims& shape) {
  std::string s = "(";
  for (int d = 0; d < shape.size(); ++d) {
    if (d) s += ',';
    s += std::to_string(shape[d]);
  }
  return s + (shape.size() == 1 ? ",)" : ")");
}

}  // namespace cunp::detail
