// cunp/ops/spatial/pairwise.hpp -- pairwise distances between the rows of two matrices for the
// metrics that are not a matrix product (device code: src/device/spatial/pairwise.cuh).
#pragma once
#include <string>

#include "cunp/array/ndarray.hpp"

namespace cunp {

// d[i, j] = metric(xa[i], xb[j]) for xa (m, k) and xb (n, k) of one floating dtype (float32 or
// float64; the result has it). metric: cityblock, chebyshev, minkowski (with p), canberra,
// hamming, jensenshannon (rows normalized by the caller) or kl_divergence; ValueError otherwise.
NDArray pairwise_distance(const std::string& metric, const NDArray& xa, const NDArray& xb,
                          double p);
// pdist's condensed d (m (m - 1) / 2,): metric(x[r], x[c]) for each pair r < c, row by row, only
// those pairs computed; the metrics and dtypes are pairwise_distance's.
NDArray pairwise_condensed(const std::string& metric, const NDArray& x, double p);

}  // namespace cunp
