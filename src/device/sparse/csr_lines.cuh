// src/device/sparse/csr_lines.cuh -- per-line work on the arrays of a compressed sparse matrix
// (CSR rows, or CSC columns): line sums, taking lines by number, and the canonical-form check.
//
// Line i holds the entries indptr[i] .. indptr[i + 1] - 1 of indices and data. Every function
// here is one thread's work of an elementwise launch (src/sparse/lines.cpp), so each call is one
// kernel: no expansion of indptr to a coordinate per entry, no scatter with atomics.
#pragma once
#include "../cunp_device.cuh"

namespace cunp {

// The sum of line i's stored values, added one after another in storage order in the result
// type T: the order of SciPy's CSR matvec with a vector of ones, so float sums match its bits.
// One thread walks one line; with a few tens of entries a line this reads data in contiguous
// runs per thread and streams at memory speed, without a second pass over the entries.
template <class T, class Data, class Ptr>
__device__ T csr_line_sum(long long i, const Data& data, const Ptr& indptr) {
  const long long lo = indptr[i], hi = indptr[i + 1];
  T acc = T(0);
  for (long long k = lo; k < hi; ++k) acc = acc + cast<T>(data[k]);
  return acc;
}

// The line a take selects: `line`, counted from the end when negative. A number out of range
// reads line 0 so that no thread reads past indptr; the host raises IndexError for it (from the
// lines' minimum and maximum, fetched together with the result's length).
__device__ __forceinline__ long long csr_take_line(long long line, long long n_major) {
  if (line < 0) line += n_major;
  return (line < 0 || line >= n_major) ? 0 : line;
}

// The number of entries of the selected line (0 for a matrix without lines).
template <class Ptr>
__device__ long long csr_take_count(long long line, const Ptr& indptr, long long n_major) {
  if (n_major == 0) return 0;
  const long long l = csr_take_line(line, n_major);
  return static_cast<long long>(indptr[l + 1]) - static_cast<long long>(indptr[l]);
}

// Output entry k of a take: found by a binary search of k in the result's indptr (the largest
// r with starts[r] <= k, which is never an empty line), then copied from the same offset of
// source line lines[r]. One thread per output entry: the writes are coalesced, and the search
// touches a few cached words of starts.
template <class Starts, class Lines, class Ptr, class Idx, class Data, class OutIdx, class OutData>
__device__ void csr_take_at(long long k, const Starts& starts, long long n_lines,
                            const Lines& lines, const Ptr& indptr, long long n_major,
                            const Idx& indices, const Data& data, const OutIdx& out_indices,
                            const OutData& out_data) {
  long long lo = 0, hi = n_lines;
  while (lo < hi) {
    const long long mid = lo + (hi - lo) / 2;
    if (static_cast<long long>(starts[mid + 1]) > k) hi = mid;
    else lo = mid + 1;
  }
  const long long line = csr_take_line(lines[lo], n_major);
  const long long src = static_cast<long long>(indptr[line]) + (k - starts[lo]);
  out_indices[k] = indices[src];
  out_data[k] = data[src];
}

template <class T> __device__ __forceinline__ bool csr_is_zero(T v) { return v == T(0); }
template <class T> __device__ __forceinline__ bool csr_is_zero(complex<T> v) {
  return v.re == T(0) && v.im == T(0);
}

// Whether line i stores an explicit zero (flags[2i]) and whether its indices fail to increase
// strictly, i.e. are unsorted or repeated (flags[2i + 1]): what a library result needs before it
// can be called canonical with zeros dropped, in one read of the entries.
template <class Ptr, class Idx, class Data, class Flags>
__device__ void csr_line_check_at(long long i, const Ptr& indptr, const Idx& indices,
                                  const Data& data, const Flags& flags) {
  const long long lo = indptr[i], hi = indptr[i + 1];
  bool zero = false, unordered = false;
  for (long long k = lo; k < hi; ++k) {
    zero = zero || csr_is_zero(data[k]);
    unordered = unordered || (k > lo && indices[k] <= indices[k - 1]);
  }
  flags[2 * i] = zero;
  flags[2 * i + 1] = unordered;
}

}  // namespace cunp
