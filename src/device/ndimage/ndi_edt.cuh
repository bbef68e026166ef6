// src/device/ndimage/ndi_edt.cuh -- scipy.ndimage.distance_transform_edt as separable passes: the
// squared distance to the nearest zero, one axis at a time, one block a line.
//
// After the passes over axes 0..d, f[x] = min over the zeros z agreeing with x past axis d of
// sum over those axes of ((x_k - z_k) step_k)^2, and feat[x] is that zero's C-order position.
// A pass along an axis of n reads f and feat of one line and writes the line's new f and feat:
//   f'[x] = min over y of f[y] + ((x - y) step)^2,  feat'[x] = feat[the smallest such y].
// Each value is rounded as SciPy rounds its sum of squared coordinate differences (the product,
// its square, then the sum, never fused), so the last pass's f is bitwise SciPy's squared
// distance and the distances are its square roots.
//
// Why not one thread a line (the lower envelope of parabolas, O(n) but sequential): a 2048^2
// image has only 2048 lines a pass, and each thread's walk waits on memory at every step. Here a
// line gets a block, which finds every x's minimiser y*(x) in parallel from one fact: y*(x) (the
// smallest minimiser) never decreases with x, as f[y] + ((x - y) s)^2 - (f[y'] + ((x - y') s)^2)
// for y < y' grows with x. So:
//   1. the line's f goes to shared memory (when it fits; else it is read in place);
//   2. y* at the band edges x = 32 k (k = 0..top, the last clamped to n - 1) by bisection over k:
//      y*(x0) and y*(n - 1) over the whole line, then each level's middle edges over the range
//      their neighbours' minimisers bound, a warp scanning a range (the ranges of one level
//      overlap only at their ends, so a level costs about n);
//   3. each band of 32 x (a lane each) scans its range y*(32 b) .. y*(32 b + 32); these too
//      overlap only at their ends, so the whole line costs O(n log n + 32 n) with no sequential
//      chain longer than a range. A band inside the half of a gap between zeros nearer one of
//      them has a range of one; only the bands across a gap's middle scan the gap.
// Ties keep the smallest y everywhere (strict compares in increasing y, and the smaller y where
// lanes' minima are equal), the argmin the pass's contract names.
#pragma once
#include "../cunp_device.cuh"

namespace cunp {

// Laid out as the host's NdiEdtParams (src/ops/ndimage/edt.cpp).
struct ndi_edt_params {
  unsigned long long f, feat, fo, go, scratch;  // device addresses (go 0: values only)
  long long n;                                  // the axis' length (>= 1)
  long long inner;                              // elements between neighbours on a line
  long long bands;                              // ceil(n / 32)
  long long top;                                // the power of two >= bands: edges 0..top
  long long lines;                              // lines along the axis
  double step;
  int staged;      // the lines' f sit in shared memory (else read in place)
  int a_shared;    // the edges' minimisers in shared memory (else scratch, n ints a line)
  int positions;   // feat is each element's own position (the first pass): feat is not read
  int per_block;   // lines a block takes (short lines share a block, a warp or more each)
  int line_warps;  // warps a line gets
  int root;        // write the values' square roots (the last pass, when distances are wanted)
};

// Warps a block runs at most (the host's kEdtMaxWarps): 8 bands of a line at once, or 8 short
// lines.
constexpr int kNdiEdtMaxWarps = 8;

__device__ __forceinline__ double ndi_edt_inf() {
  return __longlong_as_double(0x7ff0000000000000LL);
}

// The candidate f[y] + ((x - y) step)^2, rounded step by step as SciPy's sum (never an FMA).
// It is never below f[y] (the square is not negative and rounding keeps order), so a scan
// skips it whole where f[y] is no better than the best so far: the infinite f between sparse
// zeros (and most others) cost one compare, and only the rest a conversion and three operations.
__device__ __forceinline__ double ndi_edt_value(double fy, int dx, double step) {
  const double g = __dmul_rn(static_cast<double>(dx), step);
  return __dadd_rn(fy, __dmul_rn(g, g));
}

// The smallest minimiser over y in [lo, hi] of x's candidates; a whole warp calls it and every
// lane gets the answer. With every candidate infinite (no zero on the line) it is lo.
__device__ __forceinline__ int ndi_edt_warp_argmin(const double* fl, long long fs, int lo, int hi,
                                                   int x, double step) {
  const int lane = threadIdx.x & 31;
  double bv = ndi_edt_inf();
  int by = hi + 1;  // past the range: a lane that saw nothing finite loses every tie
  const double* q = fl + (lo + lane) * fs;
  for (int y = lo + lane; y <= hi; y += 32, q += 32 * fs) {
    const double fy = *q;
    if (fy < bv) {
      const double v = ndi_edt_value(fy, x - y, step);
      if (v < bv) {
        bv = v;
        by = y;
      }
    }
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) {
    const double ov = __shfl_xor_sync(0xffffffffu, bv, o);
    const int oy = __shfl_xor_sync(0xffffffffu, by, o);
    if (ov < bv || (ov == bv && oy < by)) {
      bv = ov;
      by = oy;
    }
  }
  return by > hi ? lo : by;
}

// One block's lines: lines blockIdx.x * per_block + slot (lines in C order of the other axes),
// line_warps warps each (warp w serves slot w / line_warps). smem: per slot, (staged ? n
// doubles : 0) then (a_shared ? top + 1 ints, padded to doubles : 0).
__device__ void ndi_edt_pass_run(const ndi_edt_params& p, double* smem) {
  const long long n = p.n, inner = p.inner, top = p.top;
  const int tid = threadIdx.x, threads = blockDim.x, lane = tid & 31;
  const int slot = (tid >> 5) / p.line_warps, lw = (tid >> 5) % p.line_warps;
  const long long first = static_cast<long long>(blockIdx.x) * p.per_block;
  const long long line = first + slot;
  const bool active = line < p.lines;  // the last block's spare slots still meet each barrier
  const long long base = (line / inner) * n * inner + line % inner;
  const long long slot_doubles = (p.staged ? n : 0) + (p.a_shared ? (top + 2) / 2 : 0);
  double* mine = smem + slot * slot_doubles;
  const double* f = reinterpret_cast<const double*>(p.f);
  const double* fl = f + base;
  long long fs = inner;
  if (p.staged) {
    // Neighbouring slots first, so a strided axis' lines (neighbours in memory) load together.
    __shared__ long long bases[kNdiEdtMaxWarps];
    if (tid < p.per_block) {
      const long long l = first + tid;
      bases[tid] = (l / inner) * n * inner + l % inner;
    }
    __syncthreads();
    const int per = p.per_block, total = static_cast<int>(n) * per;  // n * 8 <= 48 KiB here
    for (int k = tid; k < total; k += threads) {
      const int s = per == 1 ? 0 : k % per, y = per == 1 ? k : k / per;
      if (first + s < p.lines) smem[s * slot_doubles + y] = f[bases[s] + y * inner];
    }
    fl = mine;
    fs = 1;
  }
  int* edge = p.a_shared ? reinterpret_cast<int*>(mine + (p.staged ? n : 0))
                         : reinterpret_cast<int*>(p.scratch) + line * n;
  __syncthreads();
  // The ends, over the whole line.
  if (active) {
    for (int e = lw; e < 2; e += p.line_warps) {
      const int y = ndi_edt_warp_argmin(fl, fs, 0, static_cast<int>(n - 1),
                                        e == 0 ? 0 : static_cast<int>(n - 1), p.step);
      if (lane == 0) edge[e == 0 ? 0 : top] = y;
    }
  }
  __syncthreads();
  // Bisection: edge k = (2 j + 1) half lies between edges k - half and k + half, known.
  for (long long half = top >> 1; half >= 1; half >>= 1) {
    const long long tasks = top / (2 * half);
    for (long long j = lw; active && j < tasks; j += p.line_warps) {
      const long long k = (2 * j + 1) * half;
      const int x = static_cast<int>(k * 32 < n - 1 ? k * 32 : n - 1);
      const int y = ndi_edt_warp_argmin(fl, fs, edge[k - half], edge[k + half], x, p.step);
      if (lane == 0) edge[k] = y;
    }
    __syncthreads();
  }
  if (!active) return;
  // The bands: a lane an x, over the range its band's edges bound.
  const long long* feat = reinterpret_cast<const long long*>(p.feat) + base;
  double* fo = reinterpret_cast<double*>(p.fo) + base;
  long long* go = reinterpret_cast<long long*>(p.go) + base;
  for (long long b = lw; b < p.bands; b += p.line_warps) {
    const int x = static_cast<int>(b * 32 + lane);
    if (x >= n) continue;
    // Rounded values may tie where exact ones would not; a band never runs backwards.
    const int lo = edge[b], hi = max(edge[b + 1], lo);
    double bv = ndi_edt_inf();
    int by = lo;
    const double* q = fl + lo * fs;
    for (int y = lo; y <= hi; ++y, q += fs) {
      const double fy = *q;
      if (fy < bv) {
        const double v = ndi_edt_value(fy, x - y, p.step);
        if (v < bv) {
          bv = v;
          by = y;
        }
      }
    }
    fo[x * inner] = p.root ? sqrt(bv) : bv;  // correctly rounded, as NumPy's
    if (p.go) go[x * inner] = p.positions ? base + by * inner : feat[by * inner];
  }
}

// The coordinate along axis d of the zero at C-order position z.
template <class Shape>
__device__ long long ndi_edt_coordinate(long long z, int d, const Shape& shape, int ndim) {
  for (int k = ndim - 1; k > d; --k) z /= shape[k];
  return z % shape[d];
}

}  // namespace cunp
