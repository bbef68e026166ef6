// src/device/ndimage/ndi_line.cuh -- the separable filters' 1-D passes: every tap lies on the
// output element's own line along one axis, so an element finds its line once and then reads
// consecutive positions of it (no per-tap loop over axes, no boundary transform inside the line).
//
// Three shapes of pass: a direct fold per output element (any weights; the elementwise launch
// keeps neighbouring threads on neighbouring elements, so reads coalesce along every axis), and
// two that give each thread a run of outputs along the line so a window's work is shared between
// neighbours: a running sum (uniform_filter1d: O(1) per element in the window's size) and van Herk
// / Gil-Werman blocks (minimum_filter1d and maximum_filter1d: about three comparisons an element).
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_indexer.cuh"
#include "ndi_boundary.cuh"
#include "ndi_stencil.cuh"

namespace cunp {

// One line of an input: element k (0 <= k < n) at byte offset k * stride from base.
template <class T> struct ndi_in_line {
  const char* base;
  long long stride;
  long long n;
  __device__ double at(long long k) const { return cast<double>(*(const T*)(base + k * stride)); }
  // Tap j (any integer) through the boundary mode, cval where the mode says so.
  __device__ double tap(long long j, int mode, double cval) const {
    const long long r = ndi_filter_index(j, n, mode);
    return r < 0 ? cval : at(r);
  }
};

// One line of an output.
template <class T> struct ndi_out_line {
  char* base;
  long long stride;
  __device__ void put(long long k, double v) const { *(T*)(base + k * stride) = cast<T>(v); }
};

template <class T> __device__ ndi_in_line<T> ndi_make_in_line(T* data, long long offset,
                                                              long long stride, long long n) {
  return {(const char*)data + offset, stride, n};
}

template <class T>
__device__ ndi_out_line<T> ndi_make_out_line(T* data, long long offset, long long stride) {
  return {(char*)data + offset, stride};
}

// Folds taps j0 .. j0 + taps - 1 of a line, weights[k] each.
template <class Line, class Weights, class Fold>
__device__ __forceinline__ void ndi_line_window(const Line& line, long long j0,
                                                const Weights& weights, long long taps, int mode,
                                                double cval, Fold& fold) {
  if (j0 >= 0 && j0 + taps <= line.n) {  // the whole window inside: no boundary transform
    for (long long k = 0; k < taps; ++k) fold.add(line.at(j0 + k), static_cast<double>(weights[k]));
  } else {
    for (long long k = 0; k < taps; ++k)
      fold.add(line.tap(j0 + k, mode, cval), static_cast<double>(weights[k]));
  }
}

// The direct pass: the fold of taps start..start+taps-1 (relative to the element, origin
// applied) along `axis` for the output element at C-order position pos, weights[k] each. The
// taps are folded in the same order and arithmetic as ndi_stencil's, so both give equal results.
template <class In, class Weights, class Fold>
__device__ double ndi_line_fold(long long pos, const In& x, const Weights& weights, long long taps,
                                int axis, long long start, int mode, double cval, Fold& fold) {
  long long off = 0, c = 0;
  for_each_coordinate<In::ndim>(pos, x.shape(), [&](int d, long long v) {
    off += v * x.strides()[d];
    if (d == axis) c = v;
  });
  const long long s = x.strides()[axis];
  const auto line = ndi_make_in_line(x.data(), off - c * s, s, x.shape()[axis]);
  ndi_line_window(line, c + start, weights, taps, mode, cval, fold);
  return fold.result();
}

template <class In, class Weights>
__device__ double ndi_line_correlate_at(long long pos, const In& x, const Weights& weights,
                                        long long taps, int axis, long long start, int mode,
                                        double cval) {
  ndi_sum_fold f;
  return ndi_line_fold(pos, x, weights, taps, axis, start, mode, cval, f);
}

template <bool MAX, class In, class Weights>
__device__ double ndi_line_extreme_at(long long pos, const In& x, const Weights& weights,
                                      long long taps, int axis, long long start, int mode,
                                      double cval) {
  ndi_extreme_fold<MAX> f;
  return ndi_line_fold(pos, x, weights, taps, axis, start, mode, cval, f);
}

// Thread t's run of outputs: lines are numbered in C order over the axes other than `axis` and
// vary fastest, so neighbouring threads take neighbouring lines (coalesced reads when axis is
// not the innermost); the run index varies slowest. Gives the line's byte offsets in x and y and
// the run's outputs k0 .. k0 + count - 1; false for threads past the last run.
template <class In, class Out>
__device__ bool ndi_run_of(long long t, const In& x, const Out& y, int axis, long long run,
                           long long& xo, long long& yo, long long& k0, long long& count) {
  const long long n = x.shape()[axis];
  const long long lines = x.size() / n;
  const long long line = t % lines;
  k0 = (t / lines) * run;
  if (k0 >= n) return false;
  count = n - k0 < run ? n - k0 : run;
  xo = 0;
  yo = 0;
  long long rest = line;
  for (int d = In::ndim - 1; d >= 0; --d) {
    if (d == axis) continue;
    const long long e = x.shape()[d];
    const long long c = rest % e;
    rest /= e;
    xo += c * x.strides()[d];
    yo += c * y.strides()[d];
  }
  return true;
}

// uniform_filter1d as a running sum over each run: the first window is summed, then each step
// adds the tap entering the window and subtracts the one leaving it (SciPy's own line algorithm,
// restarted every `run` outputs so lines split across threads).
template <class In, class Out>
__device__ void ndi_running_mean_run(long long t, const In& x, const Out& y, long long size,
                                     int axis, long long start, int mode, double cval,
                                     long long run) {
  long long xo, yo, k0, m;
  if (!ndi_run_of(t, x, y, axis, run, xo, yo, k0, m)) return;
  const auto xl = ndi_make_in_line(x.data(), xo, x.strides()[axis], x.shape()[axis]);
  const auto yl = ndi_make_out_line(y.data(), yo, y.strides()[axis]);
  const long long first = k0 + start;
  double acc = 0.0;
  for (long long k = 0; k < size; ++k) acc += xl.tap(first + k, mode, cval);
  const double scale = 1.0 / static_cast<double>(size);
  yl.put(k0, acc * scale);
  for (long long k = 1; k < m; ++k) {
    acc += xl.tap(first + k + size - 1, mode, cval) - xl.tap(first + k - 1, mode, cval);
    yl.put(k0 + k, acc * scale);
  }
}

// The direct weighted sum over a run of outputs along an axis other than the innermost: the
// warp's threads walk neighbouring lines side by side, so the rows a window reads are shared by
// the run's next outputs from L1 instead of being fetched again from L2 (one output a thread
// along such an axis reads its window's rows from far-apart lines). The arithmetic is
// ndi_line_fold's, so the results are the same.
template <class In, class Weights, class Out>
__device__ void ndi_line_sum_run(long long t, const In& x, const Weights& weights, const Out& y,
                                 long long taps, int axis, long long start, int mode, double cval,
                                 long long run) {
  long long xo, yo, k0, m;
  if (!ndi_run_of(t, x, y, axis, run, xo, yo, k0, m)) return;
  const auto xl = ndi_make_in_line(x.data(), xo, x.strides()[axis], x.shape()[axis]);
  const auto yl = ndi_make_out_line(y.data(), yo, y.strides()[axis]);
  for (long long k = k0; k < k0 + m; ++k) {
    ndi_sum_fold f;
    ndi_line_window(xl, k + start, weights, taps, mode, cval, f);
    yl.put(k, f.result());
  }
}

template <bool MAX> __device__ __forceinline__ double ndi_pick(double a, double b) {
  return (MAX ? a > b : a < b) ? a : b;
}

// minimum_filter1d / maximum_filter1d by van Herk / Gil-Werman: a thread takes `size` outputs
// k0..k0+size-1, whose windows all cover the block g..g+size-1 (g = k0 + start) and reach at
// most size-1 taps past it. Output k0+j is the extreme of the block's suffix from g+j (kept in
// a buffer, CAP >= size) and the prefix of the next block up to g+size+j-1 (a running value):
// 2 * size - 1 reads and about three comparisons per output, whatever the window's size.
template <bool MAX, int CAP, class In, class Out>
__device__ void ndi_van_herk_run(long long t, const In& x, const Out& y, long long size, int axis,
                                 long long start, int mode, double cval, long long run) {
  long long xo, yo, k0, m;  // run == size: one block a thread
  if (!ndi_run_of(t, x, y, axis, run, xo, yo, k0, m)) return;
  const auto xl = ndi_make_in_line(x.data(), xo, x.strides()[axis], x.shape()[axis]);
  const auto yl = ndi_make_out_line(y.data(), yo, y.strides()[axis]);
  const long long g = k0 + start;
  double suffix[CAP];
  double best = xl.tap(g + size - 1, mode, cval);
  suffix[size - 1] = best;
  for (long long j = size - 2; j >= 0; --j) {
    best = ndi_pick<MAX>(xl.tap(g + j, mode, cval), best);
    suffix[j] = best;
  }
  yl.put(k0, suffix[0]);
  double prefix = 0.0;
  for (long long j = 1; j < m; ++j) {
    const double v = xl.tap(g + size + j - 1, mode, cval);
    prefix = j == 1 ? v : ndi_pick<MAX>(v, prefix);
    yl.put(k0 + j, ndi_pick<MAX>(suffix[j], prefix));
  }
}

}  // namespace cunp
