// src/device/linalg/solver.cuh -- the small kernels around cuSOLVER (a part,
// device_part("solver")): determinants from LU factors, LU row permutations, triangles,
// finiteness flags and the unpacking of real eigenvectors, over float, double and their complex
// types.
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_scalar.cuh"

namespace cunp {
namespace linalg {

// Whether a value is finite (both parts of a complex one): x - x is 0 exactly then.
__device__ inline bool finite(float x) { return x - x == 0.0f; }
__device__ inline bool finite(double x) { return x - x == 0.0; }
template <class T> __device__ bool finite(complex<T> x) { return finite(x.re) && finite(x.im); }

// A value of the type of the first argument from a double real and imaginary part.
__device__ inline float from_parts(float, double re, double) { return (float)re; }
__device__ inline double from_parts(double, double re, double) { return re; }
__device__ inline complex<float> from_parts(complex<float>, double re, double im) {
  return complex<float>((float)re, (float)im);
}
__device__ inline complex<double> from_parts(complex<double>, double re, double im) {
  return complex<double>(re, im);
}

// Determinants as NumPy forms them: NumPy factors even single-precision input in double, so the
// sign and log|det| accumulate in double and det = sign * exp(logdet) is rounded to T last (a
// complex64 det beyond float's range is then inf+-infj, not the NaN a running product gives).
// A real pivot flips the sign when negative (a NaN one leaves it, an infinite one gives
// logdet inf); a complex pivot multiplies the sign by its unit phase.
struct det_sign {
  double re, im;
};
__device__ inline void pivot(det_sign& s, double& acc, double x) {
  if (x < 0) {
    s.re = -s.re;
    x = -x;
  }
  acc += log(x);
}
__device__ inline void pivot(det_sign& s, double& acc, float x) { pivot(s, acc, (double)x); }
__device__ inline void pivot(det_sign& s, double& acc, complex<double> x) {
  double a = hypot(x.re, x.im);
  double ur = x.re / a, ui = x.im / a;
  double re = s.re * ur - s.im * ui;
  s.im = s.re * ui + s.im * ur;
  s.re = re;
  acc += log(a);
}
__device__ inline void pivot(det_sign& s, double& acc, complex<float> x) {
  pivot(s, acc, complex<double>((double)x.re, (double)x.im));
}

// The sign and log|det| of matrix i from getrf's factors: lu (raw, n x n column-major per
// matrix) and piv (raw int32, 1-based row swaps). A zero pivot (getrf's info > 0) sets `zero`:
// sign 0 and logdet -inf, as NumPy.
struct lu_det {
  det_sign s;
  double logabs;
  bool zero;
};
template <class T, class LU, class Piv>
__device__ lu_det lu_det_of(const LU& lu, const Piv& piv, long long i, long long n) {
  det_sign s = {1.0, 0.0};
  double acc = 0.0;
  bool zero = false;
  for (long long k = 0; k < n; ++k) {
    T x = lu[i * n * n + k * n + k];
    if (mth::absolute(x) == 0) zero = true;
    else pivot(s, acc, x);
    if (piv[i * n + k] != k + 1) {
      s.re = -s.re;
      s.im = -s.im;
    }
  }
  return {s, acc, zero};
}

// det: NumPy's complex product sign * (exp(logdet) + 0j), term by term, so that inf and 0
// parts combine as NumPy's do.
template <class T, class LU, class Piv>
__device__ T det(const LU& lu, const Piv& piv, long long i, long long n) {
  const lu_det d = lu_det_of<T>(lu, piv, i, n);
  if (d.zero) return T(0);
  double e = exp(d.logabs);
  return from_parts(T(0), d.s.re * e - d.s.im * 0.0, d.s.re * 0.0 + d.s.im * e);
}
template <class T, class R, class LU, class Piv>
__device__ void slogdet(const LU& lu, const Piv& piv, long long i, long long n, T& sign,
                        R& logdet) {
  const lu_det d = lu_det_of<T>(lu, piv, i, n);
  if (d.zero) {
    sign = T(0);
    logdet = (R)log(0.0);
  } else {
    sign = from_parts(T(0), d.s.re, d.s.im);
    logdet = (R)d.logabs;
  }
}

// Whether element i of a C-contiguous (..., r, c) array lies outside its lower (or upper)
// triangle.
__device__ inline bool outside_triangle(long long i, long long r, long long c, bool lower) {
  long long col = i % c;
  long long row = (i / c) % r;
  return lower ? col > row : col < row;
}

// Row order of matrix i's P^T a from getrf's 1-based row swaps piv (k per matrix), replayed
// in order (swap j exchanges rows j and piv[j] - 1 of what the earlier swaps left): perm
// (m per matrix) with a[perm] == L U, and inv, its inverse (a == (L U)[inv]).
template <class Piv, class Perm>
__device__ void permutation_from_pivots(const Piv& piv, const Perm& perm, const Perm& inv,
                                        long long i, long long k, long long m) {
  const long long base = i * m;
  for (long long r = 0; r < m; ++r) perm[base + r] = (int)r;
  for (long long j = 0; j < k; ++j) {
    long long s = piv[i * k + j] - 1;
    int t = perm[base + j];
    perm[base + j] = perm[base + s];
    perm[base + s] = t;
  }
  for (long long r = 0; r < m; ++r) inv[base + perm[base + r]] = (int)r;
}

// Element i of the complex eigenvectors (n x n per matrix, C type) that geev returns packed in
// real vr (raw) with eigenvalues w (raw, complex): column c of a conjugate pair (c, c+1) is
// vr[:, c] + i vr[:, c+1]; its partner the conjugate.
template <class C, class VR, class Wv>
__device__ C eigenvector_element(const VR& vr, const Wv& w, long long i, long long n) {
  typedef typename real_of<C>::type R;
  long long b = i / (n * n);
  long long c = (i / n) % n;
  R im = w[b * n + c].im;
  if (im == 0) return C(vr[i], R(0));
  if (im > 0) return C(vr[i], vr[i + n]);
  return C(vr[i - n], R(0) - vr[i]);
}

}  // namespace linalg
}  // namespace cunp
