// src/device/signal/peak_tree.cuh -- a max/min tree over a 1-D signal (fan-out 32) and the
// nearest-hit search on it: the walks of peak_prominences and peak_widths in O(log n) a peak.
//
// SciPy walks from each peak sample by sample until the signal rises above the peak (or is NaN),
// which costs the walk's length: a thread per peak would walk most of the signal behind a tall
// peak. Here level k >= 1 of the tree holds, for node j, the maximum and the minimum of the
// samples j * 32^k .. (j + 1) * 32^k - 1 (level 0 is the signal itself). A search climbs from the
// start while whole nodes pass, then goes down the first node that holds a hit: at most about 62
// reads a level, a handful of levels. Both extremes propagate NaN: a NaN under a node must stop
// the walks that reach it, and the predicates below are written so that NaN counts as a hit.
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_raw_array.cuh"

namespace cunp {

constexpr int kPeakTreeShift = 5;  // 32 children a node

// Where each level lives in the two tree arrays (levels 1.. back to back, level k holding
// ceil(n / 32^k) nodes, up to the level of one node). Sizes and offsets are recomputed when
// needed (a few shifts): an array of them per thread would live in local memory, and a thread
// per peak runs for millions of peaks.
struct peak_tree_shape {
  long long n;
  int levels;  // levels above the samples

  __device__ long long size(int level) const {
    long long m = n;
    for (int k = 0; k < level; ++k) m = (m + 31) >> kPeakTreeShift;
    return m;
  }
  __device__ long long offset(int level) const {
    long long m = n, off = 0;
    for (int k = 1; k < level; ++k) {
      m = (m + 31) >> kPeakTreeShift;
      off += m;
    }
    return off;
  }
};

__device__ inline peak_tree_shape peak_tree_layout(long long n) {
  peak_tree_shape s;
  s.n = n;
  s.levels = 0;
  long long m = n;
  do {
    m = (m + 31) >> kPeakTreeShift;
    ++s.levels;
  } while (m > 1);
  return s;
}

// Samples under one node of `level`.
__device__ inline long long peak_tree_span(int level) { return 1LL << (kPeakTreeShift * level); }

__device__ inline double peak_tree_max(double a, double b) { return (a != a || a > b) ? a : b; }
__device__ inline double peak_tree_min(double a, double b) { return (a != a || a < b) ? a : b; }

// Node i of `level` (>= 1) from its children: the samples for level 1, else level - 1's nodes.
template <class X, class T> __device__ void peak_tree_build(const X& x, const T& mx, const T& mn,
                                                            long long n, int level, long long i) {
  const peak_tree_shape s = peak_tree_layout(n);
  const long long first = i << kPeakTreeShift;
  const long long end = min(first + 32, s.size(level - 1));
  double hi, lo;
  if (level == 1) {
    hi = lo = static_cast<double>(x[first]);
    for (long long j = first + 1; j < end; ++j) {
      const double v = static_cast<double>(x[j]);
      hi = peak_tree_max(hi, v);
      lo = peak_tree_min(lo, v);
    }
  } else {
    const long long base = s.offset(level - 1);
    hi = mx[base + first];
    lo = mn[base + first];
    for (long long j = first + 1; j < end; ++j) {
      hi = peak_tree_max(hi, mx[base + j]);
      lo = peak_tree_min(lo, mn[base + j]);
    }
  }
  const long long at = s.offset(level) + i;
  mx[at] = hi;
  mn[at] = lo;
}

// The position nearest `start` in [lo, hi] whose sample y has hit(y), walking down from start
// (LEFT) or up from it; lo - 1 (LEFT) or hi + 1 when none. hit(node value of `tree`) must say
// whether some sample under the node hits (a maximum for "above", a minimum for "below"). With
// FOLD, `passed` takes the minimum of every sample walked over before the hit (nodes by `fold`).
template <bool LEFT, bool FOLD, class X, class T, class Hit>
__device__ long long peak_tree_search(const X& x, const T& tree, const T& fold,
                                      const peak_tree_shape& s, long long start, long long lo,
                                      long long hi, Hit hit, double& passed) {
  if (LEFT ? start < lo : start > hi) return LEFT ? lo - 1 : hi + 1;
  long long j = start;
  int level = 0;
  bool down = false;  // inside a node known to hold a hit: only its children are left
  while (true) {
    if (!down) {
      // Climb while the node is its parent's first child in the walk's direction and the
      // parent lies inside the range: the samples between were all passed already.
      while (level < s.levels) {
        const long long parent = j >> kPeakTreeShift;
        const bool edge = LEFT ? (j & 31) == 31 : (j & 31) == 0;
        const bool inside = LEFT ? parent * peak_tree_span(level + 1) >= lo
                                 : (parent + 1) * peak_tree_span(level + 1) - 1 <= hi;
        if (!edge || !inside) break;
        j = parent;
        ++level;
      }
      // A node reaching past the range's far end: go down to its child nearest the walk.
      while (level > 0 &&
             (LEFT ? j * peak_tree_span(level) < lo : (j + 1) * peak_tree_span(level) - 1 > hi)) {
        j = LEFT ? j * 32 + 31 : j * 32;
        --level;
      }
      if (level == 0 && (LEFT ? j < lo : j > hi)) return LEFT ? lo - 1 : hi + 1;
    }
    const double v = level == 0 ? static_cast<double>(x[j]) : tree[s.offset(level) + j];
    if (hit(v)) {
      if (level == 0) return j;
      j = LEFT ? j * 32 + 31 : j * 32;
      --level;
      down = true;
    } else {
      if (FOLD)
        passed = peak_tree_min(passed,
                               level == 0 ? v : static_cast<double>(fold[s.offset(level) + j]));
      j += LEFT ? -1 : 1;
    }
  }
}

}  // namespace cunp
