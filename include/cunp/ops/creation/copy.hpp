// cunp/ops/creation/copy.hpp -- moving values between arrays: copy with broadcast and cast, fill,
// astype, and layout-preserving allocation.
#pragma once
#include "cunp/array/ndarray.hpp"
#include "cunp/array/scalar.hpp"

namespace cunp {

// NumPy's order argument: 'C', 'F', 'A' (F if the source is F-contiguous), 'K' (keep the
// source's axis order).
enum class OrderSpec { C, F, A, K };
OrderSpec order_from_char(char c);  // ValueError for anything else

// An uninitialized array shaped like `like`, laid out per `order`.
// On `device` (default: like's device, as the array API asks of the *_like functions).
NDArray empty_like(const NDArray& like, DType dtype, OrderSpec order = OrderSpec::K,
                   int device = -1);

// The strides (in elements) `like` would have after copy(like, OrderSpec::K): NumPy's
// order='K', axes by decreasing |stride| (stable; stride-0 axes innermost), positive.
Dims keep_strides(const NDArray& like);

// `r` (like's shape) in the layout copy(like, OrderSpec::K) has: r itself when its strides
// are that layout's already, else one copy. For results NumPy makes as a K-order copy of their
// input (sort, partition, tile with unit repeats) that cunp computes in C order.
NDArray in_keep_layout(const NDArray& r, const NDArray& like);

// An uninitialized array of `shape` whose axes lie in memory in the order `perm` (outermost
// first), each contiguous within the next.
NDArray empty_in_order(const Dims& shape, DType dtype, const std::vector<int64_t>& perm,
                       int device);

// An uninitialized array of `shape` laid out as NumPy's iterator allocates an output over
// operands with these strides (broadcast to `shape`; iterator_order's rules): NumPy's
// order='K' for ufunc-like results.
NDArray empty_iterated(const Dims& shape, DType dtype, const std::vector<Dims>& strides,
                       int device);

// dst[...] = src: src broadcast to dst's shape and cast to its dtype (unsafe casting, as
// assignment does). Handles overlapping memory and arrays on another device.
void copy_to(const NDArray& dst, const NDArray& src);

// Every element of dst set to value (converted to dst's dtype).
void fill(const NDArray& dst, const Scalar& value);

NDArray copy(const NDArray& a, OrderSpec order = OrderSpec::K);
// ValueError... TypeError when `casting` forbids the conversion, as NumPy.
NDArray astype(const NDArray& a, DType dtype, OrderSpec order = OrderSpec::K,
               Casting casting = Casting::Unsafe, bool force_copy = true);
// A C- (or F-) contiguous array with a's values: a itself when it already is one.
NDArray contiguous(const NDArray& a, Order order = Order::C);

}  // namespace cunp
