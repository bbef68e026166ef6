// src/device/signal/peak_width_walk.cuh -- peak_widths for one peak, a thread each, on the
// max/min tree of peak_tree.cuh.
//
// SciPy walks out from the peak until a sample is at or below the width height (or NaN), not
// past the bases, then interpolates linearly towards the peak. The walk is one search a side on
// the minima: the nearest sample with !(height < y). Arithmetic in double, as SciPy's.
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_raw_array.cuh"
#include "peak_tree.cuh"

namespace cunp {

template <class X, class T, class P, class F, class R>
__device__ void peak_width_walk(const X& x, const T& mn, const P& peaks, const F& prominences,
                                const P& left_bases, const P& right_bases, const R& widths,
                                const R& heights, const R& left_ips, const R& right_ips,
                                double rel_height, long long k) {
  const long long n = x.size();
  const long long p = peaks[k], i_min = left_bases[k], i_max = right_bases[k];
  // SciPy rounds the product, then the difference: no fused multiply-add (NVRTC would fuse).
  const double h = static_cast<double>(x[p]) -
                   __dmul_rn(static_cast<double>(prominences[k]), rel_height);
  const peak_tree_shape s = peak_tree_layout(n);
  const auto below = [h](double y) { return !(h < y); };
  double unused = 0;
  const long long i = peak_tree_search<true, false>(x, mn, mn, s, p, i_min + 1, p, below, unused);
  const long long j = peak_tree_search<false, false>(x, mn, mn, s, p, p, i_max - 1, below, unused);
  double left_ip = static_cast<double>(i), right_ip = static_cast<double>(j);
  const double xi = static_cast<double>(x[i]), xj = static_cast<double>(x[j]);
  // The neighbour towards the peak (clamped: a peak at an end whose own sample is below the
  // height has none, where SciPy reads past the signal).
  if (xi < h) left_ip += (h - xi) / (static_cast<double>(x[min(i + 1, n - 1)]) - xi);
  if (xj < h) right_ip -= (h - xj) / (static_cast<double>(x[max(j - 1, 0LL)]) - xj);
  widths[k] = right_ip - left_ip;
  heights[k] = h;
  left_ips[k] = left_ip;
  right_ips[k] = right_ip;
}

}  // namespace cunp
