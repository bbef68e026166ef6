// src/device/signal/iir_scan.cuh -- scipy.signal's IIR filters (lfilter, sosfilt) as a blocked
// parallel scan over the filter's state-space form: three passes over (signal, block) pairs.
//
// A filter with state s (Q values: lfilter's transposed direct form II delays, or every section's
// two delays for a cascade) obeys s[n] = A s[n-1] + (input terms) and y[n] = C s[n-1] + (input
// terms). Split a signal into blocks of L samples:
//   1. iir_block_local: each block filtered on its own from s = 0, sequentially (SciPy's own
//      order of operations), for the block's end state e_b.
//   2. iir_block_carry: the state entering each block, s_b = A^L s_{b-1} + e_{b-1}, starting from
//      zi; the associative combine (matrix power, vector sum) walked once per signal, which also
//      gives zf (the last block uses A to the power of its own length).
//   3. iir_block_finish: each block filtered again from the state entering it, writing y.
// The host (python/cunp/scipy/signal/_iir_scan.py) builds A^L and A^last in float64.
//
// All arithmetic is in W (double or complex<double>) whatever the data's dtype: the powers of a
// companion matrix have large entries that cancel in the carry, where single precision would
// lose digits SciPy's sequential loop keeps. Passes 1 and 3 are one thread per block; pass 2 one
// thread per signal, so a long single signal takes long blocks (see choose_block).
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_raw_array.cuh"

namespace cunp {

// The element type of a raw array, const dropped.
template <class A> struct iir_value;
template <class T, int ND, bool C> struct iir_value<raw_array<T, ND, C>> { using type = T; };
template <class T, int ND, bool C> struct iir_value<raw_array<const T, ND, C>> { using type = T; };

// Byte offset of row r (a C-order position over every axis but the last) of a raw array.
template <class T, int ND, bool C>
__device__ long long iir_row_offset(const raw_array<T, ND, C>& x, long long r) {
  long long off = 0;
  for (int d = ND - 2; d >= 0; --d) {
    const long long extent = x.shape()[d];
    off += (r % extent) * x.strides()[d];
    r /= extent;
  }
  return off;
}

template <class T, int ND, bool C>
__device__ T& iir_at(const raw_array<T, ND, C>& x, long long row_off, long long n) {
  return *(T*)((char*)x.data() + row_off + n * x.strides()[ND - 1]);
}

// lfilter in transposed direct form II, Q delays; coef holds b[0..Q] then a[0..Q] (a[0] = 1).
template <class W, int Q> struct iir_direct_form {
  W b[Q + 1], a[Q + 1], z[Q];
  template <class K> __device__ void load(const K& coef) {
#pragma unroll
    for (int k = 0; k <= Q; ++k) {
      b[k] = cast<W>(coef[k]);
      a[k] = cast<W>(coef[Q + 1 + k]);
    }
#pragma unroll
    for (int k = 0; k < Q; ++k) z[k] = W(0.0);
  }
  __device__ W step(W x) {
    const W y = b[0] * x + z[0];
#pragma unroll
    for (int k = 0; k + 1 < Q; ++k) z[k] = b[k + 1] * x + z[k + 1] - a[k + 1] * y;
    z[Q - 1] = b[Q] * x - a[Q] * y;
    return y;
  }
  __device__ W state(int k) const { return z[k]; }
  __device__ void set_state(int k, W v) { z[k] = v; }
};

// sosfilt's cascade of S second-order sections, fused: Q = 2 S delays, section k's pair at
// (2k, 2k+1); coef is the (S, 6) array with each a[0] = 1.
template <class W, int S> struct iir_sos_cascade {
  W c[S][5], z[2 * S];
  template <class K> __device__ void load(const K& coef) {
#pragma unroll
    for (int s = 0; s < S; ++s) {
      c[s][0] = cast<W>(coef[6 * s]);
      c[s][1] = cast<W>(coef[6 * s + 1]);
      c[s][2] = cast<W>(coef[6 * s + 2]);
      c[s][3] = cast<W>(coef[6 * s + 4]);
      c[s][4] = cast<W>(coef[6 * s + 5]);
      z[2 * s] = z[2 * s + 1] = W(0.0);
    }
  }
  __device__ W step(W x) {
#pragma unroll
    for (int s = 0; s < S; ++s) {
      const W y = c[s][0] * x + z[2 * s];
      z[2 * s] = c[s][1] * x + z[2 * s + 1] - c[s][3] * y;
      z[2 * s + 1] = c[s][2] * x - c[s][4] * y;
      x = y;
    }
    return x;
  }
  __device__ W state(int k) const { return z[k]; }
  __device__ void set_state(int k, W v) { z[k] = v; }
};

// Pass 1 for loop position i over (rows, blocks): the block's samples [b L, min(n, (b+1) L))
// filtered from rest, only to learn the block's end state, stored at ends[i * Q ..].
template <class Filter, int Q, class X, class K, class E>
__device__ void iir_block_local(const X& x, const K& coef, const E& ends, long long i, long long n,
                                long long block, long long blocks) {
  using W = typename iir_value<E>::type;
  const long long r = i / blocks, b = i % blocks;
  const long long start = b * block, stop = start + block < n ? start + block : n;
  const long long xrow = iir_row_offset(x, r);
  Filter f;
  f.load(coef);
  for (long long t = start; t < stop; ++t) f.step(cast<W>(iir_at(x, xrow, t)));
#pragma unroll
  for (int k = 0; k < Q; ++k) ends[i * Q + k] = f.state(k);
}

// Pass 2 for row r: walks the blocks' end states, replacing each by the state entering that
// block, and writes the final state to zf[r * Q ..]. zi: the state entering block 0 (has_zi) or
// rest. power = A^L and last = A^(length of the last block), row-major Q x Q.
template <int Q, class E, class ZI, class ZF, class P, class PL>
__device__ void iir_block_carry(const E& ends, const ZI& zi, const ZF& zf, const P& power,
                                const PL& last, long long r, long long blocks, bool has_zi) {
  using W = typename iir_value<E>::type;
  W s[Q], e[Q], next[Q];
#pragma unroll
  for (int k = 0; k < Q; ++k) s[k] = has_zi ? zi[r * Q + k] : W(0.0);
  const long long base = r * blocks * Q;
  for (long long b = 0; b < blocks; ++b) {
    const bool final_block = b + 1 == blocks;
#pragma unroll
    for (int k = 0; k < Q; ++k) e[k] = ends[base + b * Q + k];
#pragma unroll
    for (int j = 0; j < Q; ++j) {
      W acc = e[j];
#pragma unroll
      for (int k = 0; k < Q; ++k)
        acc = acc + cast<W>(final_block ? last[j * Q + k] : power[j * Q + k]) * s[k];
      next[j] = acc;
    }
#pragma unroll
    for (int k = 0; k < Q; ++k) {
      ends[base + b * Q + k] = s[k];
      s[k] = next[k];
    }
  }
#pragma unroll
  for (int k = 0; k < Q; ++k) zf[r * Q + k] = s[k];
}

// Pass 3 for loop position i over (rows, blocks): the block filtered again, sequentially, from
// the state entering it (carried[i * Q ..]), into y (the (rows, n) output, C-contiguous). Running
// the recurrence rather than adding the carried state's free response C A^t s keeps SciPy's
// arithmetic inside the block: a high-order companion matrix's powers have large entries that
// cancel, and only the block-boundary states go through them.
template <class Filter, int Q, class X, class K, class E, class Y>
__device__ void iir_block_finish(const X& x, const K& coef, const E& carried, const Y& y,
                                 long long i, long long n, long long block, long long blocks) {
  using W = typename iir_value<E>::type;
  using T = typename iir_value<Y>::type;
  const long long r = i / blocks, b = i % blocks;
  const long long start = b * block, stop = start + block < n ? start + block : n;
  const long long xrow = iir_row_offset(x, r);
  Filter f;
  f.load(coef);
#pragma unroll
  for (int k = 0; k < Q; ++k) f.set_state(k, carried[i * Q + k]);
  for (long long t = start; t < stop; ++t)
    y[r * n + t] = cast<T>(f.step(cast<W>(iir_at(x, xrow, t))));
}

}  // namespace cunp
