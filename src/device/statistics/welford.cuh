// src/device/statistics/welford.cuh -- the (n, mean, M2) fold of var, std, nanvar and nanstd, and
// their results (a part, device_part("welford"), after "statistics_common").
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_scalar.cuh"
#include "statistics_common.cuh"

// The fold is shifted: a partial holds its mean as k + m, where k is the first value it saw, so
// that m stays of the order of the spread (a float32 mean of 1e4 + noise would keep only 1e-3
// of it: its rounding, not the data, would set M2). Merging adds b's partial to a's with Chan's
// formula, keeping a's shift; the weight b.n / n is one reciprocal per merge, and for a single
// element (b = (1, x, 0, 0), the map inlined) it is Welford's update. Empty partials (n = 0)
// merge to the other side unchanged.
// Complex values: the mean is complex, M2 sums |x - mean|^2 (real). complex64 keeps a shift per
// part; complex128 (float64 parts, and a partial must fit the reduction's 32-byte slot) does
// without.
//
// A kernel names its partial type (welford_real<R> or welford_complex<R, shifted>) and passes
// its settings as a struct S of constants: skip_nan (the map drops NaN: nanvar), ddof, and root
// (std rather than var).

namespace cunp {
namespace stats {

// ---- real values ------------------------------------------------------------------------------

template <class R> struct welford_real {
  typedef R real, value;
  R n, k, m, q;
  __device__ __forceinline__ static welford_real of(const R v) { return {R(1), v, R(0), R(0)}; }
  __device__ __forceinline__ static welford_real zero() { return {R(0), R(0), R(0), R(0)}; }
};

template <class R> __device__ __forceinline__ welford_real<R> wf_merge(const welford_real<R> a,
                                                                       const welford_real<R> b) {
  if (b.n == R(0)) return a;
  if (a.n == R(0)) return b;
  const R n = a.n + b.n, wb = b.n * rcp_count(n), d = (b.k - a.k) + (b.m - a.m);
  return {n, a.k, a.m + d * wb, a.q + b.q + d * d * a.n * wb};
}
template <class R> __device__ __forceinline__ bool wf_finite(const welford_real<R> a) {
  const R mu = a.k + a.m;
  return mu - mu == R(0);
}

// ---- complex values ---------------------------------------------------------------------------

// The two layouts differ in where the mean is; each says how to take the difference of two
// partials' means (b's minus a's) and how to build a partial on a's shift.
template <class R, bool Shifted> struct welford_complex;

template <class R> struct welford_complex<R, true> {
  typedef R real;
  typedef complex<R> value;
  R n, kr, ki, mr, mi, q;
  __device__ __forceinline__ R mean_re() const { return kr + mr; }
  __device__ __forceinline__ R mean_im() const { return ki + mi; }
  __device__ __forceinline__ static R delta_re(const welford_complex& a, const welford_complex& b) {
    return (b.kr - a.kr) + (b.mr - a.mr);
  }
  __device__ __forceinline__ static R delta_im(const welford_complex& a, const welford_complex& b) {
    return (b.ki - a.ki) + (b.mi - a.mi);
  }
  __device__ __forceinline__ static welford_complex on_shift_of(R n, const welford_complex& a, R mr,
                                                                R mi, R q) {
    return {n, a.kr, a.ki, mr, mi, q};
  }
  __device__ __forceinline__ static welford_complex of(const value v) {
    return {R(1), v.re, v.im, R(0), R(0), R(0)};
  }
  __device__ __forceinline__ static welford_complex zero() {
    return {R(0), R(0), R(0), R(0), R(0), R(0)};
  }
};

template <class R> struct welford_complex<R, false> {
  typedef R real;
  typedef complex<R> value;
  R n, mr, mi, q;
  __device__ __forceinline__ R mean_re() const { return mr; }
  __device__ __forceinline__ R mean_im() const { return mi; }
  __device__ __forceinline__ static R delta_re(const welford_complex& a, const welford_complex& b) {
    return b.mr - a.mr;
  }
  __device__ __forceinline__ static R delta_im(const welford_complex& a, const welford_complex& b) {
    return b.mi - a.mi;
  }
  __device__ __forceinline__ static welford_complex on_shift_of(R n, const welford_complex&, R mr,
                                                                R mi, R q) {
    return {n, mr, mi, q};
  }
  __device__ __forceinline__ static welford_complex of(const value v) {
    return {R(1), v.re, v.im, R(0)};
  }
  __device__ __forceinline__ static welford_complex zero() { return {R(0), R(0), R(0), R(0)}; }
};

template <class R, bool S>
__device__ __forceinline__ welford_complex<R, S> wf_merge(const welford_complex<R, S> a,
                                                          const welford_complex<R, S> b) {
  typedef welford_complex<R, S> P;
  if (b.n == R(0)) return a;
  if (a.n == R(0)) return b;
  const R n = a.n + b.n, wb = b.n * rcp_count(n);
  const R dr = P::delta_re(a, b), di = P::delta_im(a, b);
  return P::on_shift_of(n, a, a.mr + dr * wb, a.mi + di * wb,
                        a.q + b.q + (dr * dr + di * di) * a.n * wb);
}
template <class R, bool S>
__device__ __forceinline__ bool wf_finite(const welford_complex<R, S> a) {
  const R re = a.mean_re(), im = a.mean_im();
  return re - re == R(0) && im - im == R(0);
}

// ---- what a kernel calls, for its partial type P and settings S -------------------------------

// The partial of one element x (empty for a NaN that S skips).
template <class P, class S, class T> __device__ __forceinline__ P wf_map(T x) {
  const typename P::value v = cast<typename P::value>(x);
  if (S::skip_nan && mth::is_nan(v)) return P::zero();
  return P::of(v);
}

// var's M2 / max(n - ddof, 0) over the engine's exact count n. An infinite (or NaN) mean makes
// NumPy's deviations NaN, so the result is NaN there too.
template <class S, class P>
__device__ __forceinline__ typename P::real wf_var(const P a, double n) {
  typedef typename P::real R;
  double d = n - (S::ddof);
  if (d < 0) d = 0;
  R v = a.q / static_cast<R>(d);
  if (!wf_finite(a)) v = mth::qnan<R>();
  return S::root ? sqrt(v) : v;
}
// nanvar's M2 / (n - ddof) over the count of values that are not NaN; NaN, and `bad` set, where
// that is <= 0.
template <class S, class P>
__device__ __forceinline__ typename P::real wf_nanvar(const P a, bool& bad) {
  typedef typename P::real R;
  const double d = static_cast<double>(a.n) - (S::ddof);
  bad = !(d > 0);
  if (bad || !wf_finite(a)) return mth::qnan<R>();
  const R v = a.q / static_cast<R>(d);
  return S::root ? sqrt(v) : v;
}

}  // namespace stats
}  // namespace cunp
