// cunp/ops/sorting/sorting.hpp -- sorting and what builds on it: sort, argsort, searchsorted, unique. The
// kernels are CUB's radix sort and block sort, compiled into the prebuilt fatbin (there is no
// NVRTC path: NotImplementedError where the fatbin cannot run). NumPy's order: NaNs last,
// -0.0 equal to 0.0, complex numbers by real then imaginary part with NaNs last.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "cunp/array/ndarray.hpp"

namespace cunp {

// NumPy's kind= (the first letter, any case: quicksort, mergesort, heapsort, stable); ValueError
// otherwise. Every kind sorts stably here; `Stable` also keeps -0.0 and 0.0 (and NaNs) in their
// input order in sort's values, which the others may swap as NumPy's unstable sorts may.
enum class SortKind : uint8_t { Quick, Merge, Heap, Stable };
SortKind sort_kind_from_string(const std::string& kind);

// Sorted copies along `axis` (nullopt: of the flattened array), C-contiguous. AxisError for an
// axis out of range (any axis of a 0-d array); ValueError for 2^31 elements or more.
NDArray sort(const NDArray& a, std::optional<int64_t> axis = -1, SortKind kind = SortKind::Quick);
// The int64 positions that sort along `axis` (nullopt: flattened), equal elements in order. A
// 0-d array counts as one of shape (1,), as in NumPy.
NDArray argsort(const NDArray& a, std::optional<int64_t> axis = -1,
                SortKind kind = SortKind::Quick);

// "left" -> false, "right" -> true; ValueError with NumPy's message otherwise.
bool search_side_right(const std::string& side);
// For each element of v, its insertion position in the 1-d `a` (sorted, or sorted when read
// through `sorter`, an integer permutation of a's size), both compared in their common dtype;
// int64 of v's shape. ValueError for a of another rank or a sorter of another size, TypeError
// for a non-integer sorter. Sorter entries out of range are not checked.
NDArray searchsorted(const NDArray& a, const NDArray& v, bool right = false,
                     const NDArray& sorter = {});

// np.unique of the flattened x: the sorted distinct values and, when asked for, the index of
// each one's first occurrence, the inverse (x's shape: values[inverse] == x) and the counts
// (int64 each; undefined when not asked for). equal_nan collapses every NaN into one (for
// complex numbers, every number with a NaN part). One stream synchronization (the count of
// distinct values).
struct UniqueResult {
  NDArray values, index, inverse, counts;
};
UniqueResult unique(const NDArray& x, bool return_index = false, bool return_inverse = false,
                    bool return_counts = false, bool equal_nan = true);

}  // namespace cunp
