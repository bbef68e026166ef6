// src/device/signal/peak_bases.cuh -- peak_prominences for one peak, a thread each, on the
// max/min tree of peak_tree.cuh.
//
// SciPy walks out from the peak (value v) on each side while the samples stay at or below v and
// inside the window [low, high]; the base is the lowest sample walked over, the one nearest the
// peak among equals, and the prominence v less the higher base. Here each side is two searches:
// the nearest sample above v (or NaN), folding the minimum m of everything before it, then the
// nearest sample at or below m, which is the base. Arithmetic in double, as SciPy's.
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_raw_array.cuh"
#include "peak_tree.cuh"

namespace cunp {

template <class X, class T, class P, class B, class R>
__device__ void peak_bases(const X& x, const T& mx, const T& mn, const P& peaks, const B& left,
                           const B& right, const R& prominence, long long half_window,
                           long long k) {
  const long long n = x.size();
  const long long p = peaks[k];
  const double v = static_cast<double>(x[p]);
  if (v != v) {  // a NaN peak stops both walks at once
    left[k] = right[k] = p;
    prominence[k] = v;
    return;
  }
  long long low = 0, high = n - 1;
  if (half_window >= 0) {  // wlen given: SciPy's window of wlen // 2 a side
    low = max(p - half_window, 0LL);
    high = min(p + half_window, n - 1);
  }
  const peak_tree_shape s = peak_tree_layout(n);
  const auto above = [v](double y) { return !(y <= v); };
  double low_left = v, low_right = v, unused = 0;
  const long long stop_left = peak_tree_search<true, true>(x, mx, mn, s, p, low, high, above,
                                                           low_left);
  const long long stop_right = peak_tree_search<false, true>(x, mx, mn, s, p, low, high, above,
                                                             low_right);
  const auto at_left = [low_left](double y) { return !(y > low_left); };
  const auto at_right = [low_right](double y) { return !(y > low_right); };
  left[k] = peak_tree_search<true, false>(x, mn, mn, s, p, stop_left + 1, p, at_left, unused);
  right[k] = peak_tree_search<false, false>(x, mn, mn, s, p, p, stop_right - 1, at_right, unused);
  prominence[k] = v - (low_left > low_right ? low_left : low_right);
}

}  // namespace cunp
