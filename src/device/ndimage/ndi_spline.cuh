// src/device/ndimage/ndi_spline.cuh -- scipy.ndimage's spline prefilter on one line: the B-spline
// coefficients of orders 2 to 5 by Unser's recursive filter (a causal and an anticausal pass per
// pole), started as SciPy starts each pass for the boundary the mode implies.
//
// One thread filters one line in place: the recursion is sequential along the line, and lines are
// many (every position of the other axes). The arithmetic follows SciPy's order (SciPy 1.18: the
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

// Filters the line c[base + k * stride], k < n, in place.
template <class C> __device__ void ndi_spline_line(const C& c, long long base, long long stride,
                                                   long long n, int order, int mode) {
  if (n <= 1) return;
  double poles[2];
  const int npoles = ndi_spline_poles(order, poles);
  const int boundary = ndi_spline_boundary(mode);
  auto at = [&](long long k) -> double& { return c[base + k * stride]; };
  double gain = 1.0;
  for (int p = 0; p < npoles; ++p) gain *= (1.0 - poles[p]) * (1.0 - 1.0 / poles[p]);
  for (long long k = 0; k < n; ++k) at(k) *= gain;
  for (int p = 0; p < npoles; ++p) {
    const double z = poles[p];
    // Causal start: the sum over the extended line before sample 0.
    if (boundary == 0) {
      const double zn1 = pow(z, static_cast<double>(n - 1));
      double zi = z;
      double s = at(0) + zn1 * at(n - 1);
      for (long long i = 1; i < n - 1; ++i) {
        s += zi * (at(i) + zn1 * at(n - 1 - i));
        zi *= z;
      }
      at(0) = s / (1.0 - zn1 * zn1);
    } else if (boundary == 1) {
      double zi = z;
      double s = at(0);
      for (long long i = 1; i < n; ++i) {
        s += zi * at(n - i);
        zi *= z;
      }
      at(0) = s / (1.0 - zi);
    } else {
      const double zn = pow(z, static_cast<double>(n));
      const double first = at(0);
      double zi = z;
      double s = at(0) + zn * at(n - 1);
      for (long long i = 1; i < n; ++i) {
        s += zi * (at(i) + zn * at(n - 1 - i));
        zi *= z;
      }
      at(0) = s * (z / (1.0 - zn * zn)) + first;
    }
    for (long long i = 1; i < n; ++i) at(i) += z * at(i - 1);
    // Anticausal start, then the backward pass.
    if (boundary == 0) {
      at(n - 1) = (z * at(n - 2) + at(n - 1)) * z / (z * z - 1.0);
    } else if (boundary == 1) {
      double zi = z;
      double s = at(n - 1);
      for (long long i = 0; i < n - 1; ++i) {
        s += zi * at(i);
        zi *= z;
      }
      at(n - 1) = s * (z / (zi - 1.0));
    } else {
      at(n - 1) *= z / (z - 1.0);
    }
    for (long long i = n - 2; i >= 0; --i) at(i) = z * (at(i + 1) - at(i));
  }
}

// The line'th line along an axis of length n of a C-contiguous array whose axes after it hold
// `inner` elements.
template <class C> __device__ void ndi_spline_filter_at(long long line, const C& c, long long n,
                                                        long long inner, int order, int mode) {
  const long long outer = line / inner;
  ndi_spline_line(c, outer * n * inner + line % inner, inner, n, order, mode);
}

}  // namespace cunp
