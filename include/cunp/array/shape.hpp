// cunp/array/shape.hpp -- shape arithmetic shared by every operation: strides for an order,
// axis normalization, broadcasting, and NumPy-style shape printing for messages.
#pragma once
#include <string>
#include <vector>

#include "cunp/array/dims.hpp"

namespace cunp {

enum class Order { C, F };

Dims contiguous_strides(const Dims& shape, int itemsize, Order order = Order::C);
bool is_c_contiguous(const Dims& shape, const Dims& strides, int itemsize);
bool is_f_contiguous(const Dims& shape, const Dims& strides, int itemsize);

// `axis` in [-ndim, ndim) to [0, ndim); AxisError otherwise.
int normalize_axis(long long axis, int ndim);

// The axes from outermost to innermost in memory: by decreasing |stride|, ties in axis order
// (the order NumPy's 'K' keeps).
std::vector<int64_t> memory_order(const Dims& strides);

// NumPy's iterator 'K' order of the axes of `shape` (the order a ufunc allocates its outputs
// in), outermost first, over operands given by their strides broadcast to `shape` (0 on
// broadcast axes). Axes of extent 1 or stride 0 tell nothing; between two axes an operand prefers
// the one of smaller |stride| inside, and where operands disagree C order wins (NumPy's stable
// insertion sort, innermost axis first).
std::vector<int64_t> iterator_order(const Dims& shape, const std::vector<Dims>& strides);

// NumPy's broadcast of several shapes; ValueError naming the mismatch.
Dims broadcast_shapes(const std::vector<Dims>& shapes);

// "(2, 3)" / "(5,)" / "()": as NumPy prints shapes in its messages.
std::string shape_str(const Dims& shape);

// Elements in a shape; ValueError for a negative extent, and for a size in bytes (items of
// `itemsize` bytes) that overflows int64.
int64_t checked_size(const Dims& shape, int itemsize = 1);

}  // namespace cunp
