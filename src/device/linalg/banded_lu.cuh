// src/device/linalg/banded_lu.cuh -- scipy.linalg.solve_banded's solver (a part,
// device_part("banded_lu")): LU with partial pivoting of one banded system and its right-hand
// sides, in LAPACK's gbtf2/gbtrs order, by one thread per system of a batch.
//
// Storage is interleaved, the system index fastest, so neighbouring threads touch neighbouring
// words: band element (i, j) of system s is w[((kv + i - j) * m + j) * count + s], kv = kl + ku
// (LAPACK's gbtrf layout; rows 0..kl-1 start zero and take the fill-in that row swaps bring into
// U), and right-hand side element (i, r) is x[(i * nrhs + r) * count + s].
#pragma once
#include "../cunp_device.cuh"

namespace cunp {
namespace linalg {

// The size LAPACK's i?amax compares pivots by: |x|, or |re| + |im| for complex values.
__device__ inline float band_size(float x) { return fabsf(x); }
__device__ inline double band_size(double x) { return fabs(x); }
template <class T> __device__ T band_size(complex<T> x) { return fabs(x.re) + fabs(x.im); }

__device__ inline float band_div(float a, float b) { return a / b; }
__device__ inline double band_div(double a, double b) { return a / b; }
// Smith's division: scaling by b's larger part keeps |b|^2 from overflowing.
template <class T> __device__ complex<T> band_div(complex<T> a, complex<T> b) {
  if (fabs(b.re) >= fabs(b.im)) {
    const T r = b.im / b.re, d = b.re + b.im * r;
    return complex<T>((a.re + a.im * r) / d, (a.im - a.re * r) / d);
  }
  const T r = b.re / b.im, d = b.im + b.re * r;
  return complex<T>((a.re * r + a.im) / d, (a.im * r - a.re) / d);
}

// Solves system s in place of its right-hand sides; info[s] = 0, or j + 1 when column j has no
// non-zero pivot candidate (LAPACK's info > 0: singular, SciPy raises). The elimination is
// applied to the right-hand sides as it goes, so no pivot indices are kept.
template <class T, class W, class X, class Info>
__device__ void banded_solve(const W& w, const X& x, const Info& info, long long s, long long m,
                             long long nrhs, long long kl, long long ku, long long count) {
  const long long kv = kl + ku;
  auto at = [=](long long i, long long j) { return ((kv + i - j) * m + j) * count + s; };
  auto xt = [=](long long i, long long r) { return (i * nrhs + r) * count + s; };
  for (long long j = 0; j < m; ++j) {
    const long long last = j + kl < m - 1 ? j + kl : m - 1;   // rows with entries in column j
    const long long right = j + kv < m - 1 ? j + kv : m - 1;  // U's reach in row j after swaps
    long long p = j;
    auto best = band_size(T(w[at(j, j)]));
    for (long long i = j + 1; i <= last; ++i) {
      const auto v = band_size(T(w[at(i, j)]));
      if (v > best) {  // the first largest, as i?amax
        best = v;
        p = i;
      }
    }
    if (best == 0) {
      info[s] = (int)(j + 1);
      return;
    }
    if (p != j) {
      for (long long c = j; c <= right; ++c) {
        const T t = w[at(j, c)];
        w[at(j, c)] = w[at(p, c)];
        w[at(p, c)] = t;
      }
      for (long long r = 0; r < nrhs; ++r) {
        const T t = x[xt(j, r)];
        x[xt(j, r)] = x[xt(p, r)];
        x[xt(p, r)] = t;
      }
    }
    const T pivot = w[at(j, j)];
    for (long long i = j + 1; i <= last; ++i) {
      const T l = band_div(T(w[at(i, j)]), pivot);
      for (long long c = j + 1; c <= right; ++c) w[at(i, c)] = T(w[at(i, c)]) - l * T(w[at(j, c)]);
      for (long long r = 0; r < nrhs; ++r) x[xt(i, r)] = T(x[xt(i, r)]) - l * T(x[xt(j, r)]);
    }
  }
  // Back substitution with U (kv superdiagonals).
  for (long long i = m - 1; i >= 0; --i) {
    const long long right = i + kv < m - 1 ? i + kv : m - 1;
    const T d = w[at(i, i)];
    for (long long r = 0; r < nrhs; ++r) {
      T acc = x[xt(i, r)];
      for (long long c = i + 1; c <= right; ++c) acc = acc - T(w[at(i, c)]) * T(x[xt(c, r)]);
      x[xt(i, r)] = band_div(acc, d);
    }
  }
  info[s] = 0;
}

}  // namespace linalg
}  // namespace cunp
