// cunp/ops/statistics/histogram.hpp -- counting values into bins: np.bincount and the binning behind
// np.histogram (equal bins computed as NumPy computes them, or caller-given edges). The kernel is
// the histogram engine (src/device/engines/histogram.cuh): block-private sub-histograms in shared
// memory merged with atomic adds where the bins fit there, atomic adds to global memory beyond.
// Sums of weights are not reproducible bit for bit (the order of atomic adds varies).
#pragma once
#include <cstdint>
#include <string>

#include "cunp/array/ndarray.hpp"

namespace cunp {

// np.bincount: the number of occurrences of each value of the 1-d array x (bool, or an integer
// type that casts safely to int64), int64, of length max(max(x) + 1, minlength); with weights
// (x's length, cast to float64) the sums of the weights at each value, float64. ValueError for a
// negative value or minlength, an x of another rank or weights of another length; TypeError for
// other dtypes (complex weights included), with NumPy's messages. One stream synchronization:
// the counting pass also takes x's extremes, which are read back; where the largest value is
// past the pass's first guess of the length, a second pass counts into the full length.
NDArray bincount(const NDArray& x, const NDArray& weights = {}, int64_t minlength = 0);

// bincount without the checks and the synchronization: `nbins` bins, values of `index` (any
// integer or bool dtype, any shape) outside [0, nbins) are dropped. Counts are int64; sums of
// weights (index's shape) float64, or complex128 for complex weights.
NDArray bin_counts(const NDArray& index, const NDArray& weights, int64_t nbins);

// NumPy's equal bins: edges = linspace(first, last, nbins + 1) in the bin type (the edges'
// dtype, floating); span = last - first as NumPy computes it. A value's offset v - first is
// taken in the bin type, then divided by the span and multiplied by nbins in `ratio` (the bin
// type promoted with the span's type, floating). first and last are values of the bin type,
// span one of `ratio`.
struct EqualBins {
  double first, last, span;
  DType ratio;
};

// The histogram of `a` (any shape) over the bins of the 1-d increasing `edges` (nbins + 1 of
// them): bin i holds [edges[i], edges[i+1]), the last bin also its right edge; values outside
// and NaN are dropped. Without `equal`, values are compared with the edges in their common
// dtype (searchsorted's rule); with it, the bin of a value is NumPy's equal-bin formula in the
// edges' (floating) dtype, corrected against the edges as NumPy does. Counts are int64; with
// weights (a's shape) the sums are in the weights' dtype (accumulated in float64, int64 or
// complex128). ValueError for edges that are not 1-d or empty or weights of
// another shape; TypeError for complex values or edges. No synchronization.
NDArray histogram(const NDArray& a, const NDArray& edges, const NDArray& weights = {},
                  const EqualBins* equal = nullptr);

// What shapes one histogram kernel: how values find their bin (their value, NumPy's equal
// bins, a search in the edges), what is summed (counts, or real, integer or complex weights in
// float64, int64 or complex128), the dtypes, and whether blocks count in shared memory.
enum class BinRule : uint8_t { Index, Equal, Edges };
enum class BinSum : uint8_t { Counts, Real, Integer, Complex };
struct HistogramSignature {
  BinRule rule = BinRule::Index;
  BinSum sum = BinSum::Counts;
  DType values = DType::Int64;
  DType bin_type = DType::Int64;   // Equal: the bin type; Edges: the type of the comparisons
  DType ratio = DType::Float64;    // Equal: the type of the ratio
  DType weights = DType::Float64;  // unused for Counts
  bool shared = true;
};
// The kernel's CUDA source (entry "cunp_histogram"), for tests and tools.
std::string histogram_source(const HistogramSignature& sig);

}  // namespace cunp
