// src/device/signal/peak_maxima.cuh -- find_peaks' local maxima (plateaus included): a flag per
// sample, then the plateau's edges per flagged sample.
//
// As SciPy: a sample that rises from its left neighbour starts a candidate; the run of samples
// equal to it (not reaching the last sample) is its plateau, a peak when the sample after the
// run is lower. Only a rising sample walks its plateau, so the walks add up to at most n.
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_raw_array.cuh"

namespace cunp {

// The sample after the run of samples equal to x[i] that starts at i (at most the last sample).
template <class X> __device__ long long peak_plateau_end(const X& x, long long i) {
  const long long n = x.size();
  long long a = i + 1;
  while (a < n - 1 && x[a] == x[i]) ++a;
  return a;
}

// Whether i is the left edge of a peak's plateau.
template <class X> __device__ bool peak_left_edge(const X& x, long long i) {
  const long long n = x.size();
  if (i < 1 || i > n - 2 || !(x[i - 1] < x[i])) return false;
  return x[peak_plateau_end(x, i)] < x[i];
}

// For left edge `first[k]`: the plateau's middle (the peak, rounded down), left and right edges.
template <class X, class F, class P> __device__ void peak_edges(const X& x, const F& first,
                                                                const P& mid, const P& left,
                                                                const P& right, long long k) {
  const long long l = first[k], r = peak_plateau_end(x, l) - 1;
  mid[k] = (l + r) / 2;
  left[k] = l;
  right[k] = r;
}

}  // namespace cunp
