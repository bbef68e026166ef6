// src/device/ndimage/ndi_spline.cuh -- scipy.ndimage's spline prefilter on one line: the B-spline
// coefficients of orders 2 to 5 by Unser's recursive filter (a causal and an anticausal pass per
// pole), started as SciPy starts each pass for the boundary the mode implies.
//
// One thread filters one line in place: the recursion is sequential along the line, and lines are
// many (every position of the other axes); each thread reads its line a chunk at a time. The arithmetic follows SciPy's order (SciPy 1.18: the
// causal start for reflect reads the first sample itself, not the running sum as before).
#pragma once

namespace cunp {

// Each order's poles (at most two) and how many.
__device__ __forceinline__ int ndi_spline_poles(int order, double* z) {
  switch (order) {
    case 2:
      z[0] = -0.171572875253809902396622551580603843;  // sqrt(8) - 3
      return 1;
    case 3:
      z[0] = -0.267949192431122706472553658494127633;  // sqrt(3) - 2
      return 1;
    case 4:
      z[0] = -0.361341225900220177092212841325675255;
      z[1] = -0.013725429297339121360331226939128204;
      return 2;
    default:  // 5
      z[0] = -0.430575347099973791851434783493520110;
      z[1] = -0.043096288203264653822712376822550182;
      return 2;
  }
}

// The boundary a mode's prefilter assumes: 0 whole-sample mirror, 1 periodic, 2 half-sample
// reflect (by SciPy's mode codes: nearest and reflect reflect, grid-wrap wraps, the rest mirror;
// nearest and grid-constant inputs arrive padded, so their edges matter little).
__device__ __forceinline__ int ndi_spline_boundary(int mode) {
  return mode == 0 || mode == 2 ? 2 : (mode == 5 ? 1 : 0);
}

// Elements a thread reads at once along its line: the recursions are sequential, so a chunk's
// loads go out together and the chain then runs on registers, paying one memory latency per
// chunk instead of one per element (lines along a leading axis are a whole row of the array
// apart, and each step would otherwise wait on the cache).
constexpr int kNdiSplineChunk = 16;

// s + sum over i in [lo, hi) of zi_i * term(i), zi_lo = zi, each next one times z; zi is left
// at its last power. The loop stops once zi underflows to zero, where every further term adds
// exactly zero (zi stays zero), so long lines cost what a few hundred elements do.
template <class Term> __device__ __forceinline__ double ndi_spline_sum(double s, double z,
                                                                       double& zi, long long lo,
                                                                       long long hi, Term term) {
  for (long long i0 = lo; i0 < hi && zi != 0.0; i0 += kNdiSplineChunk) {
    double t[kNdiSplineChunk];
#pragma unroll
    for (int j = 0; j < kNdiSplineChunk; ++j)
      if (i0 + j < hi) t[j] = term(i0 + j);
#pragma unroll
    for (int j = 0; j < kNdiSplineChunk; ++j)
      if (i0 + j < hi) {
        s += zi * t[j];
        zi *= z;
      }
  }
  return s;
}

// Filters the line p[k * stride], k < n, in place. SciPy first multiplies the line by the gain;
// here the first pole's reads apply it (the same products), saving a sweep.
__device__ void ndi_spline_line(double* p, long long stride, long long n, int order, int mode) {
  if (n <= 1) return;
  double poles[2];
  const int npoles = ndi_spline_poles(order, poles);
  const int boundary = ndi_spline_boundary(mode);
  double gain = 1.0;
  for (int q = 0; q < npoles; ++q) gain *= (1.0 - poles[q]) * (1.0 - 1.0 / poles[q]);
  auto at = [&](long long k) -> double& { return p[k * stride]; };
  for (int q = 0; q < npoles; ++q) {
    const double z = poles[q];
    const double scale = q == 0 ? gain : 1.0;
    // The line as this pole reads it before its causal pass (gain applied on the first).
    auto in = [&](long long k) { return q == 0 ? at(k) * scale : at(k); };
    // Causal start: the sum over the extended line before sample 0.
    double c0;
    if (boundary == 0) {
      const double zn1 = pow(z, static_cast<double>(n - 1));
      double zi = z;
      const double s = ndi_spline_sum(in(0) + zn1 * in(n - 1), z, zi, 1, n - 1,
                                      [&](long long i) { return in(i) + zn1 * in(n - 1 - i); });
      c0 = s / (1.0 - zn1 * zn1);
    } else if (boundary == 1) {
      double zi = z;
      const double s = ndi_spline_sum(in(0), z, zi, 1, n, [&](long long i) { return in(n - i); });
      c0 = s / (1.0 - zi);  // zi = z^n, or 0 where it underflowed
    } else {
      const double zn = pow(z, static_cast<double>(n));
      const double first = in(0);
      double zi = z;
      const double s = ndi_spline_sum(in(0) + zn * in(n - 1), z, zi, 1, n,
                                      [&](long long i) { return in(i) + zn * in(n - 1 - i); });
      c0 = s * (z / (1.0 - zn * zn)) + first;
    }
    // Causal pass: c[i] = in[i] + z c[i - 1], a chunk of reads at a time.
    double prev = c0;
    at(0) = c0;
    for (long long i0 = 1; i0 < n; i0 += kNdiSplineChunk) {
      double t[kNdiSplineChunk];
#pragma unroll
      for (int j = 0; j < kNdiSplineChunk; ++j)
        if (i0 + j < n) t[j] = in(i0 + j);
#pragma unroll
      for (int j = 0; j < kNdiSplineChunk; ++j)
        if (i0 + j < n) {
          prev = t[j] + z * prev;
          at(i0 + j) = prev;
        }
    }
    // Anticausal start, then the backward pass c[i] = z (c[i + 1] - c[i]).
    double last;
    if (boundary == 0) {
      last = (z * at(n - 2) + at(n - 1)) * z / (z * z - 1.0);
    } else if (boundary == 1) {
      double zi = z;
      const double s = ndi_spline_sum(at(n - 1), z, zi, 0, n - 1,
                                      [&](long long i) { return at(i); });
      last = s * (z / (zi - 1.0));
    } else {
      last = at(n - 1) * (z / (z - 1.0));
    }
    at(n - 1) = last;
    double next = last;
    for (long long i0 = n - 2; i0 >= 0; i0 -= kNdiSplineChunk) {
      double t[kNdiSplineChunk];
#pragma unroll
      for (int j = 0; j < kNdiSplineChunk; ++j)
        if (i0 - j >= 0) t[j] = at(i0 - j);
#pragma unroll
      for (int j = 0; j < kNdiSplineChunk; ++j)
        if (i0 - j >= 0) {
          next = z * (next - t[j]);
          at(i0 - j) = next;
        }
    }
  }
}

// The line'th line along an axis of length n of a C-contiguous array whose axes after it hold
// `inner` elements.
template <class C> __device__ void ndi_spline_filter_at(long long line, const C& c, long long n,
                                                        long long inner, int order, int mode) {
  const long long outer = line / inner;
  ndi_spline_line(&c[outer * n * inner + line % inner], inner, n, order, mode);
}

}  // namespace cunp
