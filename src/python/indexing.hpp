// src/python/indexing.hpp -- the hand-off from ndarray.__getitem__/__setitem__ to advanced
// indexing (integer and boolean arrays), which cunp._indexing implements.
#pragma once
#include "common.hpp"

namespace cunp::py {

// Thrown by to_index when a key holds an index array, list or boolean: the caller catches it
// and takes the advanced path, so basic keys pay nothing for the check.
struct AdvancedKey {};

nb::object advanced_getitem(nb::handle self, nb::handle key);
void advanced_setitem(nb::handle self, nb::handle key, nb::handle value);

}  // namespace cunp::py
