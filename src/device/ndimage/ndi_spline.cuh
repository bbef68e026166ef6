// src/device/ndimage/ndi_spline.cuh -- scipy.ndimage's spline prefilter: the B-spline
// coefficients of orders 2 to 5 by Unser's recursive filter (a causal and an anticausal pass per
// pole), started as SciPy starts each pass for the boundary the mode implies.
//
// The recursions are sequential along a line, but each is a first-order filter whose memory
// fades as |z|^k (|z| < 0.44 for every pole): a value k steps back weighs |z|^k, below 2^-106
// (the square of double's epsilon) once k reaches a pole's horizon (18 to 88 steps). So a line
// is cut into segments, one thread each: a thread first runs the recursion over the horizon
// before its segment from zero, then over its segment, writing it. The start it drops weighs
// under eps^2 of the value there, so it stays below the rounding the serial recursion makes
// unless the line's values span more than 1/eps (about 4.5e15) in magnitude. Segments within a
// horizon of the line's start (end, for the anticausal pass) start from SciPy's boundary value
// and run exactly as the serial recursion does. Thousands of short chains instead of one chain
// per line keep the GPU busy where lines are few (a 2048 x 2048 image has 2048 lines), at the
// cost of re-reading a horizon per segment. A pass reads one buffer and writes another (a
// segment's horizon is its neighbour's segment), so a pole is two launches.
// The arithmetic follows SciPy's order (SciPy 1.18: the causal start for reflect reads the first
// sample itself, not the running sum as before).
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

// The steps after which a pole's recursion has forgotten its start: the least k with
// |z|^k <= 2^-106 (106 ln 2 = 73.47...).
__device__ __forceinline__ long long ndi_spline_horizon(double z) {
  return static_cast<long long>(ceil(-73.4736011393542 / log(fabs(z))));
}

// Elements a thread reads at once along its line: the recursions are sequential, so a chunk's
// loads go out together and the chain then runs on registers, paying one memory latency per
// chunk instead of one per element.
constexpr int kNdiSplineChunk = 8;

// Where a boundary sum stops: 2^-106, the horizon's bound.
constexpr double kNdiSplineTiny = 1.2325951644078309e-32;

// s + sum over i in [lo, hi) of zi_i * term(i), zi_lo = zi, each next one times z; zi is left
// at its last power. The loop stops once |zi| falls under 2^-106, past a pole's horizon: the
// remaining terms weigh under eps^2 of the line's values together (the segments' start drops
// as much), so a long line's boundary sums cost at most about 90 elements, not the 600 where zi
// would underflow. zi then stands in for z^n in the 1 - z^n the callers divide by, which rounds
// to 1 either way.
template <class Term> __device__ __forceinline__ double ndi_spline_sum(double s, double z,
                                                                       double& zi, long long lo,
                                                                       long long hi, Term term) {
  for (long long i0 = lo; i0 < hi && fabs(zi) >= kNdiSplineTiny; i0 += kNdiSplineChunk) {
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

// The causal recursion c = in(i) + z c over i in [a, b), from c; writes each c to out(i) when
// WRITE. Returns the last c.
template <bool WRITE, class In, class Out>
__device__ __forceinline__ double ndi_spline_forward(In in, Out out, double z, double c,
                                                     long long a, long long b) {
  for (long long i0 = a; i0 < b; i0 += kNdiSplineChunk) {
    double t[kNdiSplineChunk];
#pragma unroll
    for (int j = 0; j < kNdiSplineChunk; ++j)
      if (i0 + j < b) t[j] = in(i0 + j);
#pragma unroll
    for (int j = 0; j < kNdiSplineChunk; ++j)
      if (i0 + j < b) {
        c = t[j] + z * c;
        if constexpr (WRITE) out(i0 + j) = c;
      }
  }
  return c;
}

// The anticausal recursion d = z (d - c(i)) over i from b - 1 down to a, from d; writes each d
// to out(i) when WRITE. Returns the last d.
template <bool WRITE, class In, class Out>
__device__ __forceinline__ double ndi_spline_backward(In c, Out out, double z, double d,
                                                      long long a, long long b) {
  for (long long i0 = b - 1; i0 >= a; i0 -= kNdiSplineChunk) {
    double t[kNdiSplineChunk];
#pragma unroll
    for (int j = 0; j < kNdiSplineChunk; ++j)
      if (i0 - j >= a) t[j] = c(i0 - j);
#pragma unroll
    for (int j = 0; j < kNdiSplineChunk; ++j)
      if (i0 - j >= a) {
        d = z * (d - t[j]);
        if constexpr (WRITE) out(i0 - j) = d;
      }
  }
  return d;
}

// One segment [lo, hi) of one pole's pass along a line of n: src and dst point at the line's
// first element, `stride` elements apart. The causal pass reads the line (times the filter's
// gain on the first pole: SciPy multiplies the line by it first, the same products) and writes
// the causal coefficients; the anticausal pass reads those and writes the pole's result.
__device__ void ndi_spline_segment(const double* src, double* dst, long long stride, long long n,
                                   int order, int mode, int pole, bool anticausal, long long lo,
                                   long long hi) {
  double poles[2];
  const int npoles = ndi_spline_poles(order, poles);
  const int boundary = ndi_spline_boundary(mode);
  const double z = poles[pole];
  const long long horizon = ndi_spline_horizon(z);
  auto at = [&](long long k) { return src[k * stride]; };
  auto out = [&](long long k) -> double& { return dst[k * stride]; };
  if (!anticausal) {
    double gain = 1.0;
    for (int q = 0; q < npoles; ++q) gain *= (1.0 - poles[q]) * (1.0 - 1.0 / poles[q]);
    const double scale = pole == 0 ? gain : 1.0;
    auto in = [&](long long k) { return pole == 0 ? at(k) * scale : at(k); };
    double c;
    if (lo > horizon) {
      c = ndi_spline_forward<false>(in, out, z, 0.0, lo - horizon, lo);
    } else {
      // Causal start: the sum over the extended line before sample 0.
      if (boundary == 0) {
        const double zn1 = pow(z, static_cast<double>(n - 1));
        double zi = z;
        const double s = ndi_spline_sum(in(0) + zn1 * in(n - 1), z, zi, 1, n - 1,
                                        [&](long long i) { return in(i) + zn1 * in(n - 1 - i); });
        c = s / (1.0 - zn1 * zn1);
      } else if (boundary == 1) {
        double zi = z;
        const double s = ndi_spline_sum(in(0), z, zi, 1, n, [&](long long i) { return in(n - i); });
        c = s / (1.0 - zi);  // zi = z^n, or under 2^-106 where the sum stopped early
      } else {
        const double zn = pow(z, static_cast<double>(n));
        const double first = in(0);
        double zi = z;
        const double s = ndi_spline_sum(in(0) + zn * in(n - 1), z, zi, 1, n,
                                        [&](long long i) { return in(i) + zn * in(n - 1 - i); });
        c = s * (z / (1.0 - zn * zn)) + first;
      }
      if (lo == 0) {
        out(0) = c;
        lo = 1;
      } else {
        c = ndi_spline_forward<false>(in, out, z, c, 1, lo);
      }
    }
    ndi_spline_forward<true>(in, out, z, c, lo, hi);
    return;
  }
  double d;
  if (n - hi > horizon) {
    d = ndi_spline_backward<false>(at, out, z, 0.0, hi, hi + horizon);
  } else {
    // Anticausal start at the line's last sample.
    if (boundary == 0) {
      d = (z * at(n - 2) + at(n - 1)) * z / (z * z - 1.0);
    } else if (boundary == 1) {
      double zi = z;
      const double s = ndi_spline_sum(at(n - 1), z, zi, 0, n - 1,
                                      [&](long long i) { return at(i); });
      d = s * (z / (zi - 1.0));
    } else {
      d = at(n - 1) * (z / (z - 1.0));
    }
    if (hi == n) {
      out(n - 1) = d;
      hi = n - 1;
    } else {
      d = ndi_spline_backward<false>(at, out, z, d, hi, n - 1);
    }
  }
  ndi_spline_backward<true>(at, out, z, d, lo, hi);
}

// Loop position i of a pass over a C-contiguous array: the line along an axis of n whose axes
// after it hold `inner` elements, cut into `segments` of `seg` elements. Neighbouring positions
// take neighbouring lines of the same segment (adjacent addresses where inner > 1).
template <class S, class D>
__device__ void ndi_spline_pass_at(long long i, const S& src, const D& dst, long long n,
                                   long long inner, long long seg, long long segments, int order,
                                   int mode, int pole, bool anticausal) {
  const long long r = i % inner;
  const long long rest = i / inner;
  const long long k = rest % segments;
  const long long start = (rest / segments) * n * inner + r;
  const long long lo = k * seg;
  const long long hi = lo + seg < n ? lo + seg : n;
  ndi_spline_segment(&src[start], &dst[start], inner, n, order, mode, pole, anticausal, lo, hi);
}

}  // namespace cunp
