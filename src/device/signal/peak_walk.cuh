// src/device/signal/peak_walk.cuh -- scipy.signal's peak_prominences walk, one thread per peak.
//
// From peak p (value v) the walk goes left while the samples stay at or below v (a NaN stops it,
// as in SciPy) and not past `low`, keeping the lowest sample seen (the one nearest the peak among
// equals) as the left base; then right to `high` the same way. The prominence is v less the
// higher of the two bases. A walk longer than `limit` samples stops and marks its peak with left
// base -1: the host finishes those few with its block range search
// (python/cunp/scipy/signal/_range_search.py), so no thread walks the whole signal behind a tall
// peak. Arithmetic in double, as SciPy's.
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_raw_array.cuh"

namespace cunp {

template <class X, class P, class B, class R>
__device__ void peak_walk(const X& x, const P& peaks, const P& low, const P& high, const B& left,
                          const B& right, const R& prominence, long long k, long long limit) {
  const long long p = peaks[k], lo = low[k], hi = high[k];
  const double v = x[p];
  double left_min = v, right_min = v;
  long long lb = p, rb = p, steps = 0;
  for (long long i = p; i >= lo && x[i] <= v; --i) {
    if (++steps > limit) {
      left[k] = -1;
      return;
    }
    if (x[i] < left_min) {
      left_min = x[i];
      lb = i;
    }
  }
  steps = 0;
  for (long long i = p; i <= hi && x[i] <= v; ++i) {
    if (++steps > limit) {
      left[k] = -1;
      return;
    }
    if (x[i] < right_min) {
      right_min = x[i];
      rb = i;
    }
  }
  left[k] = lb;
  right[k] = rb;
  prominence[k] = v - (left_min > right_min ? left_min : right_min);
}

}  // namespace cunp
