// src/device/signal/upfirdn.cuh -- scipy.signal's upfirdn (upsample by zero insertion, FIR filter,
// downsample) in polyphase form: one thread per output sample, summing only the taps that meet
// nonzero (non-inserted) input samples.
//
// Output m of a row is the full convolution of the upsampled row u (u[up t] = x[t], zeros
// between) with h, sampled at j = m down: y[m] = sum_t h[t] u[j - t]. Only t = j - up s for input
// samples s contribute: with phase p = j mod up and base b = j div up, those are the taps
// h[p + up k] meeting x[b - k], k = 0, 1, ... while p + up k < len(h) and 0 <= b - k < n. So a
// thread walks ceil((len(h) - p) / up) taps at most, never the zeros, in the data's own dtype
// (float32 math for float32 signals, as SciPy computes), and neighbouring threads read
// neighbouring x samples. x, h and y share the element type; x (rows, n) and y (rows, out_len)
// are addressed by C-order position, so x may have any strides.
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_raw_array.cuh"

namespace cunp {

template <class T, int XN, bool XC, int HN, bool HC, int YN, bool YC>
__device__ void upfirdn_polyphase(const raw_array<const T, XN, XC>& x,
                                  const raw_array<const T, HN, HC>& h,
                                  const raw_array<T, YN, YC>& y, long long i, long long n,
                                  long long len_h, long long up, long long down,
                                  long long out_len) {
  const long long row = i / out_len;
  const long long j = (i - row * out_len) * down;
  const long long phase = j % up;
  const long long base = j / up;
  // k runs over [k_lo, k_hi]: taps of this phase that meet an input sample of the row.
  const long long taps = (len_h - phase + up - 1) / up;
  const long long k_lo = base - (n - 1) > 0 ? base - (n - 1) : 0;
  const long long k_hi = taps - 1 < base ? taps - 1 : base;
  const long long x_row = row * n;
  T acc = T(0);
  for (long long k = k_lo; k <= k_hi; ++k) acc = acc + h[phase + up * k] * x[x_row + base - k];
  y[i] = acc;
}

}  // namespace cunp
