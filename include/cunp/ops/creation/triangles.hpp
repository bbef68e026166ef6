// cunp/ops/creation/triangles.hpp -- tril and triu: the lower or upper triangle of every matrix of a stack,
// in one elementwise pass (device code: src/device/creation/triangle_mask.cuh).
#pragma once
#include <cstdint>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// m (at least 1-D; a 1-D m is a row repeated into a square, as NumPy does) with the elements
// above (tril) or below (triu) the k-th diagonal zeroed, in a new C-contiguous array of m's dtype.
NDArray tril(const NDArray& m, int64_t k = 0);
NDArray triu(const NDArray& m, int64_t k = 0);

// The kernel both run, for tests that compile it without a GPU.
const ElementwiseOp& triangle_op();

}  // namespace cunp
