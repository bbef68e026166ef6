// src/device/signal/iir_scan.cuh -- scipy.signal's IIR filters (lfilter, sosfilt) as a blocked
// parallel scan over the filter's state-space form.
//
// A filter with state s (Q values: lfilter's transposed direct form II delays, or every section's
// two delays for a cascade) obeys s[n] = A s[n-1] + (input terms). Split a signal into blocks of
// L samples, and the blocks into groups of G:
//   1. iir_block_local (thread per block): the block filtered from rest, sequentially (SciPy's
//      own order of operations), for its end state e_b.
//   2. The state entering each block, s_0 = zi, s_{b+1} = P s_b + e_b with P = A^L: a linear
//      recurrence over blocks, itself solved in blocks (the associative combine (P, e) applied
//      group-wise, then across groups):
//      a. iir_group_local (thread per group): the group's blocks from rest, for its end g_k;
//      b. iir_group_carry (thread per signal): the state entering each group, u_{k+1} =
//         P^G u_k + g_k from u_0 = zi;
//      c. iir_group_fill (thread per group): from u_k through the group's blocks, replacing each
//         e_b by s_b.
//   3. iir_block_finish (thread per block): the block filtered again from s_b, writing y; the
//      last block's final state is zf.
// The host (python/cunp/scipy/signal/_iir_scan.py) builds P and P^G in float64, one factor at a
// time. Passes 1 and 3 walk L samples per thread and the carry G + blocks / G steps, so the
// block count can be large (enough threads) while every serial chain stays short.
//
// All arithmetic is in W (double or complex<double>) whatever the data's dtype: the powers of a
// companion matrix have large entries that cancel in the carry, where single precision would
// lose digits SciPy's sequential loop keeps. Inside a block the filter runs exactly as SciPy's
// loop does; only block-boundary states go through the matrix powers.
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

// Pass 1 for loop position i over (blocks, rows): the block's samples [b L, min(n, (b+1) L))
// filtered from rest, only to learn the block's end state, stored at ends[(r * blocks + b) * Q ..].
// Consecutive threads take consecutive rows (block b of rows r, r + 1, ...): where the rows are
// adjacent in memory (the filtered axis is not the fastest), their loads coalesce.
template <class Filter, int Q, class X, class K, class E>
__device__ void iir_block_local(const X& x, const K& coef, const E& ends, long long i, long long n,
                                long long block, long long blocks, long long rows) {
  using W = typename iir_value<E>::type;
  const long long r = i % rows, b = i / rows;
  const long long start = b * block, stop = start + block < n ? start + block : n;
  const long long xrow = iir_row_offset(x, r);
  Filter f;
  f.load(coef);
  for (long long t = start; t < stop; ++t) f.step(cast<W>(iir_at(x, xrow, t)));
#pragma unroll
  for (int k = 0; k < Q; ++k) ends[(r * blocks + b) * Q + k] = f.state(k);
}

// t <- M t + e for a row-major Q x Q matrix M (a raw array): one step of the carry.
template <int Q, class W, class M>
__device__ void iir_carry_step(W (&t)[Q], const M& m, const W (&e)[Q]) {
  W next[Q];
#pragma unroll
  for (int j = 0; j < Q; ++j) {
    W acc = e[j];
#pragma unroll
    for (int k = 0; k < Q; ++k) acc = acc + cast<W>(m[j * Q + k]) * t[k];
    next[j] = acc;
  }
#pragma unroll
  for (int j = 0; j < Q; ++j) t[j] = next[j];
}

// Pass 2a for loop position i over (rows, groups): from rest, t <- P t + e_b over the group's
// blocks. ends holds e_b at ((r * blocks + b) * Q ..); gends gets t at (i * Q ..).
template <int Q, class E, class G, class P>
__device__ void iir_group_local(const E& ends, const G& gends, const P& power, long long i,
                                long long blocks, long long group, long long groups) {
  using W = typename iir_value<E>::type;
  const long long r = i / groups, k = i % groups;
  const long long start = k * group, stop = start + group < blocks ? start + group : blocks;
  W t[Q], e[Q];
#pragma unroll
  for (int q = 0; q < Q; ++q) t[q] = W(0.0);
  for (long long b = start; b < stop; ++b) {
#pragma unroll
    for (int q = 0; q < Q; ++q) e[q] = ends[(r * blocks + b) * Q + q];
    iir_carry_step<Q>(t, power, e);
  }
#pragma unroll
  for (int q = 0; q < Q; ++q) gends[i * Q + q] = t[q];
}

// Pass 2b for row r: u <- zi (has_zi) or rest, then for each group k: the entry u is stored
// over g_k, and u <- P^G u + g_k. (The last group's exit is never needed.)
template <int Q, class G, class ZI, class PG>
__device__ void iir_group_carry(const G& gends, const ZI& zi, const PG& group_power, long long r,
                                long long groups, bool has_zi) {
  using W = typename iir_value<G>::type;
  W u[Q], g[Q];
#pragma unroll
  for (int q = 0; q < Q; ++q) u[q] = has_zi ? W(zi[r * Q + q]) : W(0.0);
  for (long long k = 0; k < groups; ++k) {
    const long long at = (r * groups + k) * Q;
#pragma unroll
    for (int q = 0; q < Q; ++q) {
      g[q] = gends[at + q];
      gends[at + q] = u[q];
    }
    if (k + 1 < groups) iir_carry_step<Q>(u, group_power, g);
  }
}

// Pass 2c for loop position i over (rows, groups): from the group's entry state (gends), each
// block's e_b is replaced by the state entering the block, s_b, and t <- P t + e_b.
template <int Q, class E, class G, class P>
__device__ void iir_group_fill(const E& ends, const G& gentry, const P& power, long long i,
                               long long blocks, long long group, long long groups) {
  using W = typename iir_value<E>::type;
  const long long r = i / groups, k = i % groups;
  const long long start = k * group, stop = start + group < blocks ? start + group : blocks;
  W t[Q], e[Q];
#pragma unroll
  for (int q = 0; q < Q; ++q) t[q] = gentry[i * Q + q];
  for (long long b = start; b < stop; ++b) {
    const long long at = (r * blocks + b) * Q;
#pragma unroll
    for (int q = 0; q < Q; ++q) {
      e[q] = ends[at + q];
      ends[at + q] = t[q];
    }
    if (b + 1 < stop) iir_carry_step<Q>(t, power, e);
  }
}

// Pass 3 for loop position i over (blocks, rows), as pass 1: the block filtered again,
// sequentially, from the state entering it (carried[(r * blocks + b) * Q ..]), into y (x's
// shape, laid out as x, so its stores coalesce where x's loads do); the last block of a row
// leaves its final state in zf[r * Q ..].
template <class Filter, int Q, class X, class K, class E, class Y, class ZF>
__device__ void iir_block_finish(const X& x, const K& coef, const E& carried, const Y& y,
                                 const ZF& zf, long long i, long long n, long long block,
                                 long long blocks, long long rows) {
  using W = typename iir_value<E>::type;
  using T = typename iir_value<Y>::type;
  const long long r = i % rows, b = i / rows;
  const long long start = b * block, stop = start + block < n ? start + block : n;
  const long long xrow = iir_row_offset(x, r), yrow = iir_row_offset(y, r);
  Filter f;
  f.load(coef);
#pragma unroll
  for (int k = 0; k < Q; ++k) f.set_state(k, carried[(r * blocks + b) * Q + k]);
  for (long long t = start; t < stop; ++t)
    iir_at(y, yrow, t) = cast<T>(f.step(cast<W>(iir_at(x, xrow, t))));
  if (b + 1 == blocks) {
#pragma unroll
    for (int k = 0; k < Q; ++k) zf[r * Q + k] = f.state(k);
  }
}

// Any number of delays Q, one thread per row r: SciPy's own loop (transposed direct form II),
// for filters whose state is too large to keep in registers and whose state matrix's powers are
// too ill-conditioned to carry a state across blocks (a companion matrix of order 40 or 100 can
// grow by 1e15 before it decays). z (rows * Q, W) holds row r's delays at r * Q: the initial
// state going in, the final state coming out. coef holds b[0..Q] then a[0..Q] (a[0] = 1).
// Only rows run in parallel; a long single signal is one serial chain.
template <class X, class K, class Z, class Y>
__device__ void iir_serial_direct(const X& x, const K& coef, const Z& z, const Y& y, long long r,
                                  long long n, long long q) {
  using W = typename iir_value<Z>::type;
  using T = typename iir_value<Y>::type;
  const long long xrow = iir_row_offset(x, r), yrow = iir_row_offset(y, r);
  W* s = &z[r * q];
  for (long long t = 0; t < n; ++t) {
    const W v = cast<W>(iir_at(x, xrow, t));
    const W out = cast<W>(coef[0]) * v + s[0];
    for (long long k = 0; k + 1 < q; ++k)
      s[k] = cast<W>(coef[k + 1]) * v + s[k + 1] - cast<W>(coef[q + 2 + k]) * out;
    s[q - 1] = cast<W>(coef[q]) * v - cast<W>(coef[2 * q + 1]) * out;
    iir_at(y, yrow, t) = cast<T>(out);
  }
}

}  // namespace cunp
