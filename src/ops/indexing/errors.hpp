// src/ops/indexing/errors.hpp -- what NumPy's indexing errors say. An index out of bounds is found
// on the host: the kernels only set a flag, so the error path (and calls that move nothing) read
// the indices back.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "cunp/array/ndarray.hpp"

namespace cunp::detail {

// The first index of `idx` (C order, read as int64 like NumPy's intp) outside [-n, n).
std::optional<int64_t> first_out_of_bounds(const NDArray& idx, int64_t n);

// "index 5 is out of bounds for axis 0 with size 3".
[[noreturn]] void raise_out_of_bounds(int64_t index, int64_t axis, int64_t n);

// A shape as indexing messages spell it: "(2,3)", "(5,)", "()".
std::string index_shape_text(const Dims& shape);

}  // namespace cunp::detail
