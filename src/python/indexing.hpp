// src/python/indexing.hpp -- the hand-off from ndarray.__getitem__/__setitem__ to advanced
// indexing (integer and boolean arrays), which the core implements (cunp::getitem / setitem).
#pragma once
#include <vector>

#include "common.hpp"

namespace cunp::py {

// Thrown by to_index when a key holds an index array, list or boolean: the caller catches it
// and takes the advanced path, so basic keys pay nothing for the check.
struct AdvancedKey {};

nb::object advanced_getitem(nb::handle self, nb::handle key);
void advanced_setitem(nb::handle self, nb::handle key, nb::handle value);

// How a key's host index arrays (lists, NumPy arrays) become the core's: uploaded to the current
// device, or described (shape and dtype, no memory) for the key checks and shape computations
// that run without a GPU (cunp._core.indexing.index_plan). Described masks append their number
// of true elements to `mask_counts`, in key order.
enum class KeyArrays { Device, Describe };
std::vector<Index> to_index_key(nb::handle key, KeyArrays mode,
                                std::vector<int64_t>* mask_counts = nullptr);

}  // namespace cunp::py
