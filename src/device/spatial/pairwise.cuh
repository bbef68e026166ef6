// src/device/spatial/pairwise.cuh -- scipy.spatial.distance's metrics that are not a matrix
// product: the distance between row `row` of XA and row `col` of XB, one loop over the k features;
// pdist's pairs come from their condensed position (condensed_pair).
//
// Each metric is an accumulator (init, step per feature, finish) so one loop serves them all and
// the metric is fixed at compile time. T is the output's dtype (float or double): float32 inputs
// accumulate in float, as CuPy's; everything else in double.
#pragma once
#include "../cunp_device.cuh"

namespace cunp {

template <class T> struct pair_cityblock {
  __device__ static T step(T acc, T a, T b, T) { return acc + fabs(a - b); }
  __device__ static T finish(T acc, long long, T) { return acc; }
};

// The largest |a - b|; a NaN, once met, stays.
template <class T> struct pair_chebyshev {
  __device__ static T step(T acc, T a, T b, T) {
    const T d = fabs(a - b);
    return (acc != acc || d <= acc) ? acc : d;
  }
  __device__ static T finish(T acc, long long, T) { return acc; }
};

template <class T> struct pair_minkowski {
  __device__ static T step(T acc, T a, T b, T p) { return acc + pow(fabs(a - b), p); }
  __device__ static T finish(T acc, long long, T p) { return pow(acc, T(1) / p); }
};

// |a - b| / (|a| + |b|), a term 0/0 counting as 0 (SciPy's convention).
template <class T> struct pair_canberra {
  __device__ static T step(T acc, T a, T b, T) {
    const T den = fabs(a) + fabs(b);
    return den > T(0) ? acc + fabs(a - b) / den : acc;
  }
  __device__ static T finish(T acc, long long, T) { return acc; }
};

// The fraction of features that differ.
template <class T> struct pair_hamming {
  __device__ static T step(T acc, T a, T b, T) { return a != b ? acc + T(1) : acc; }
  __device__ static T finish(T acc, long long k, T) { return acc / T(k); }
};

// x log(x / m): 0 at x == 0, +inf for negative x (scipy.special.rel_entr's domain).
template <class T> __device__ T pair_rel_entr(T x, T m) {
  if (x > T(0)) return x * log(x / m);
  return x == T(0) ? T(0) : T(1) / T(0);
}

// Rows already normalized to sum 1 (the host divides them): sqrt(JS divergence).
template <class T> struct pair_jensenshannon {
  __device__ static T step(T acc, T a, T b, T) {
    const T m = (a + b) / T(2);
    return acc + pair_rel_entr(a, m) + pair_rel_entr(b, m);
  }
  __device__ static T finish(T acc, long long, T) { return sqrt((acc > T(0) ? acc : T(0)) / T(2)); }
};

// CuPy's kl_divergence: sum of a log(a / b) over the features where a > 0.
template <class T> struct pair_kl_divergence {
  __device__ static T step(T acc, T a, T b, T) { return a > T(0) ? acc + a * log(a / b) : acc; }
  __device__ static T finish(T acc, long long, T) { return acc; }
};

// The pair (row, col), row < col, at position i of pdist's condensed order for m rows (row by
// row, the pairs of row r starting at r m - r (r + 1) / 2). The root of that quadratic in
// double is within one of the answer up to m ~ 2^26; the two loops correct the rounding.
__device__ inline void condensed_pair(long long i, long long m, long long& row, long long& col) {
  const double b = 2.0 * (double)m - 1.0;
  long long r = (long long)floor((b - sqrt(b * b - 8.0 * (double)i)) / 2.0);
  if (r < 0) r = 0;
  if (r > m - 2) r = m - 2;
  while (r > 0 && r * m - r * (r + 1) / 2 > i) --r;
  while (r < m - 2 && (r + 1) * m - (r + 1) * (r + 2) / 2 <= i) ++r;
  row = r;
  col = i - (r * m - r * (r + 1) / 2) + r + 1;
}

// out = metric(XA[row], XB[col]) for C-contiguous raw arrays xa (m, k) and xb (n, k).
template <template <class> class Metric, class T, class A, class B>
__device__ void pair_distance(T& out, const A& xa, const B& xb, long long row, long long col,
                              long long k, double p) {
  const T pp = T(p);
  T acc = T(0);
  const long long ra = row * k, rb = col * k;
  for (long long f = 0; f < k; ++f) acc = Metric<T>::step(acc, T(xa[ra + f]), T(xb[rb + f]), pp);
  out = Metric<T>::finish(acc, k, pp);
}

}  // namespace cunp
