// src/ops/sorting/sort_engine.hpp -- the host driver of the prebuilt sort kernels (src/kernels/sort*.cu):
// radix passes on encoded keys, rows sorted by one block each, permutations and the kernels of
// searchsorted and unique. Everything runs on the current stream of the arrays' device and
// takes its scratch from the memory pool; nothing here waits for the device.
#pragma once
#include <cstdint>

#include "cunp/array/ndarray.hpp"

namespace cunp::sort_engine {

// Sorts each row of `x` (C-contiguous; rows of `row_length` items along its last axis) into
// `out` (C-contiguous, x's shape): the values in NumPy's order (out of x's dtype), or with
// `positions` the int64 position in its row of each sorted item, equal items in row order.
// `stable` keeps equal floats that differ in their bits (-0.0 and 0.0, NaNs) in row order when
// sorting values; otherwise they come out in bit order, which only an unstable sort may do.
// Arrays of 2^31 items or more are sorted in chunks of whole rows, each under 2^31 items;
// ValueError for a row of 2^31 items or more; NotImplementedError where the prebuilt kernels
// cannot run.
void sort_rows(const NDArray& x, int64_t row_length, const NDArray& out, bool positions,
               bool stable = false);

// The rows of `row_length` items that one run of the engine sorts, of `rows` in all (all of
// them when they fit); ValueError when one row does not fit.
int64_t rows_per_chunk(int64_t rows, int64_t row_length);

// For the tests: sort at most `limit` items at once (<= 0: the engine's own limit, 2^31 - 1)
// so that small arrays exercise the chunks of sort_rows. Returns the previous limit.
int64_t set_item_limit(int64_t limit);

// The items of `x` (C-contiguous) in the order of `perm` (int64, any length): out[i] =
// x.flat[perm[i]]; out is C-contiguous of x's dtype with perm's size.
void gather(const NDArray& x, const NDArray& perm, const NDArray& out);

// searchsorted's kernel: for each item of `values` (C-contiguous, of sorted's dtype), the
// number of items of `sorted` (C-contiguous, 1-d, in NumPy's order when read through
// `sorter`, an int64 permutation or undefined) that are less than it (or not greater, with
// `right`), into out (int64, values' size).
void search(const NDArray& sorted, const NDArray& sorter, const NDArray& values, bool right,
            const NDArray& out);

// unique's kernels. run_starts: flags (bool) true where sorted item i (C-contiguous, 1-d)
// differs from item i - 1 by NumPy's ==, NaNs equal when `equal_nan`. run_counts: the lengths
// of the runs starting at `starts` (int64) among `num_items`. run_inverse: inverse[perm[i]] =
// run[i] - 1, run the inclusive sum of the flags.
void run_starts(const NDArray& sorted, bool equal_nan, const NDArray& flags);
void run_counts(const NDArray& starts, int64_t num_items, const NDArray& counts);
void run_inverse(const NDArray& perm, const NDArray& run, const NDArray& inverse);

}  // namespace cunp::sort_engine
