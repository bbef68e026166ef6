// cunp/ops/sorting/selection.hpp -- order statistics without a full sort: the k-th smallest items of a
// flattened array by radix select (a few passes over the data, one histogram of the next digit
// of the keys each), in NumPy's sort order (NaNs last, -0.0 before 0.0 where both occur, which
// NumPy counts as equal).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "cunp/array/ndarray.hpp"

namespace cunp {

// The most ranks one call selects.
constexpr int kMaxSelectRanks = 32;

// The items of sorted(x.flat) at positions `ks` (each in [0, x.size), at most kMaxSelectRanks,
// any order, repeats allowed): a 1-d array of x's dtype, one item per rank. bool, integer and
// float dtypes; TypeError for others, ValueError for a rank out of range, too many ranks or
// 2^32 items or more. Nothing waits for the device.
NDArray select_kth(const NDArray& x, const std::vector<int64_t>& ks);

// partition's order: for each item of x (C order), its uint8 class among the selected items
// of `ks` (as select_kth's): items ordered by class, any order within a class, have the item of
// rank k at position k for every k of `ks`, smaller items before and larger after.
NDArray select_classes(const NDArray& x, const std::vector<int64_t>& ks);

// The CUDA source of the selection kernels for keys of `width` bytes, `slots` ranks (a power of
// two up to kMaxSelectRanks) and digits of `digit_bits` bits (8 or 11).
std::string select_source(int width, int slots, int digit_bits);

}  // namespace cunp
