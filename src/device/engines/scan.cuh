// src/device/engines/scan.cuh -- the scan engine's kernels (ufunc.accumulate, ufunc.reduceat):
// sequential walks along lines (any layout, any op), the three passes over chunks of a strided
// axis, a warp per contiguous row, and the single-pass decoupled look-back scan of long rows.
// Each is a template over one scan's types and functors (`ops` below) and, for the row
// kernels, the warp tile's shape; the host chooses them (src/ops/scan_source.cpp).
#pragma once
#include "../primitives/cunp_lookback.cuh"

namespace cunp {
namespace scan {

// Laid out as the host's ScanParams (src/ops/scan_params.hpp).
struct ScanParams {
  const char* in;
  char* out;
  long long n;                  // axis length
  long long lines;              // positions over the other axes
  long long in_step, out_step;  // bytes between neighbours along the axis
  long long tiles;              // look-back: tiles per line; chunked passes: chunk length
  unsigned long long* scratch;  // look-back: [ticket][pad][tile status]; chunks: carries
  const long long* seg;         // reduceat: segment starts
  long long m;                  // reduceat: segments; chunked passes: chunks per line
  long long seg_major;          // reduceat: consecutive threads take consecutive lines
  long long ndim;               // other axes, outermost first
  long long shape[8], in_st[8], out_st[8];
};

// One scan's types and functors. Loop is the ufunc loop's dtype: inputs are cast to it first
// (as NumPy casts operands to the loop's types) and results pass through it on their way to Out,
// whatever the result array holds; Acc is the loop's compute type. Pre maps an input to Acc (the
// cast and the NaN rule), Op combines (earlier, later).
// The usual Pre: an input cast to the loop's dtype, then to Acc; with NanIdentity (0 or 1) a NaN
// counts as that identity (nancumsum, nancumprod), with -1 it stays.
template <class In, class Loop, class Acc, int NanIdentity> struct cast_pre {
  __device__ __forceinline__ Acc operator()(In x) const {
    Acc v = cast<Acc>(cast<Loop>(x));
    if constexpr (NanIdentity >= 0)
      if (mth::is_nan(v)) v = cast<Acc>(NanIdentity);
    return v;
  }
};

// The usual Op: a ufunc's device function (np_add, np_maximum, ...) on two Acc values. The host
// names the function: CUNP_SCAN_UFUNC_OP(scan_op, np_add) defines the functor scan_op.
#define CUNP_SCAN_UFUNC_OP(name, function)                                               \
  struct name {                                                                          \
    template <class Acc> __device__ __forceinline__ Acc operator()(Acc a, Acc b) const { \
      return cunp::cast<Acc>(function(a, b));                                            \
    }                                                                                    \
  };

template <class In, class Loop, class Acc, class Out, class Pre, class Op> struct ops {
  typedef In in_t;
  typedef Acc acc_t;
  typedef Out out_t;
  typedef Op op_t;

  static __device__ __forceinline__ acc_t pre(in_t x) { return Pre()(x); }
  static __device__ __forceinline__ acc_t op(acc_t a, acc_t b) { return Op()(a, b); }
  static __device__ __forceinline__ acc_t zero() { return cast<acc_t>(0); }
  static __device__ __forceinline__ out_t to_out(acc_t v) { return cast<out_t>(cast<Loop>(v)); }

  static __device__ __forceinline__ void line_offsets(const ScanParams& p, long long r,
                                                      long long& oi, long long& oo) {
    oi = 0;
    oo = 0;
    for_each_coordinate(r, static_cast<int>(p.ndim), p.shape, [&](int d, long long c) {
      oi += c * p.in_st[d];
      oo += c * p.out_st[d];
    });
  }
  static __device__ __forceinline__ acc_t load_at(const ScanParams& p, long long oi, long long k) {
    return pre(*reinterpret_cast<const in_t*>(p.in + oi + k * p.in_step));
  }
  static __device__ __forceinline__ void store_at(const ScanParams& p, long long oo, long long k,
                                                  acc_t v) {
    *reinterpret_cast<out_t*>(p.out + oo + k * p.out_step) = to_out(v);
  }

  // Walks [k, end) of one line in order from `acc` (the running value before k), four loads in
  // flight per thread; STORE writes each running value. The sequential kernels all use it.
  template <bool STORE>
  static __device__ __forceinline__ acc_t walk(const ScanParams& p, long long oi, long long oo,
                                               long long k, long long end, acc_t acc) {
    for (; k + 4 <= end; k += 4) {
      acc_t v[4];
#pragma unroll
      for (int j = 0; j < 4; ++j) v[j] = load_at(p, oi, k + j);
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        acc = op(acc, v[j]);
        if (STORE) store_at(p, oo, k + j, acc);
      }
    }
    for (; k < end; ++k) {
      acc = op(acc, load_at(p, oi, k));
      if (STORE) store_at(p, oo, k, acc);
    }
    return acc;
  }
};

// -- sequential kernels: a grid-stride loop over work items o -----------------------------------

template <class F> __device__ __forceinline__ void grid_stride(long long count, F body) {
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long o = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; o < count;
       o += step)
    body(o);
}

// Work item o of lines * m as line r and segment or chunk i, lines fastest where
// `line_fastest` (so neighbouring threads read neighbouring lines); oi, oo the line's offsets.
struct line_part {
  long long r, i, oi, oo;
};
template <class S>
__device__ __forceinline__ line_part split(const ScanParams& p, long long o, bool line_fastest) {
  line_part w;
  w.r = line_fastest ? o % p.lines : o / p.m;
  w.i = line_fastest ? o / p.lines : o % p.m;
  S::line_offsets(p, w.r, w.oi, w.oo);
  return w;
}

// One thread per line, walking the axis in order: any layout, and the only correct order for ops
// that are not associative (subtract, divide, power, ...).
template <class S> __device__ __forceinline__ void lines(const ScanParams& p) {
  grid_stride(p.lines, [&](long long o) {
    long long oi, oo;
    S::line_offsets(p, o, oi, oo);
    const typename S::acc_t first = S::load_at(p, oi, 0);
    S::store_at(p, oo, 0, first);
    S::template walk<true>(p, oi, oo, 1, p.n, first);
  });
}

// A strided axis cut into p.m chunks of p.tiles elements; carry[i * lines + r] holds chunk i's
// total, then (after chunk_scan) the inclusive prefix through chunk i.
template <class S> __device__ __forceinline__ typename S::acc_t* chunk_carry(const ScanParams& p) {
  return reinterpret_cast<typename S::acc_t*>(p.scratch);
}
__device__ __forceinline__ long long chunk_end(const ScanParams& p, long long start) {
  return start + p.tiles < p.n ? start + p.tiles : p.n;
}

template <class S> __device__ __forceinline__ void chunk_totals(const ScanParams& p) {
  grid_stride(p.lines * p.m, [&](long long o) {
    const line_part w = split<S>(p, o, true);
    const long long start = w.i * p.tiles, end = chunk_end(p, start);
    chunk_carry<S>(p)[o] = S::template walk<false>(p, w.oi, w.oo, start + 1, end,
                                                   S::load_at(p, w.oi, start));
  });
}

// One thread per line over its chunk totals, in order.
template <class S> __device__ __forceinline__ void chunk_scan(const ScanParams& p) {
  grid_stride(p.lines, [&](long long o) {
    typename S::acc_t* carry = chunk_carry<S>(p);
    typename S::acc_t acc = carry[o];
    for (long long i = 1; i < p.m; ++i) {
      acc = S::op(acc, carry[i * p.lines + o]);
      carry[i * p.lines + o] = acc;
    }
  });
}

template <class S> __device__ __forceinline__ void chunk_apply(const ScanParams& p) {
  grid_stride(p.lines * p.m, [&](long long o) {
    const line_part w = split<S>(p, o, true);
    const long long start = w.i * p.tiles, end = chunk_end(p, start);
    typename S::acc_t acc = S::load_at(p, w.oi, start);
    if (w.i > 0) acc = S::op(chunk_carry<S>(p)[o - p.lines], acc);
    S::store_at(p, w.oo, start, acc);
    S::template walk<true>(p, w.oi, w.oo, start + 1, end, acc);
  });
}

// One thread per (line, segment), reducing the segment in order. A segment whose start is not
// below the next start is the single element at its start (NumPy's rule).
template <class S> __device__ __forceinline__ void reduceat(const ScanParams& p) {
  grid_stride(p.lines * p.m, [&](long long o) {
    const line_part w = split<S>(p, o, p.seg_major != 0);
    const long long start = p.seg[w.i];
    long long end = w.i + 1 < p.m ? p.seg[w.i + 1] : p.n;
    if (end <= start) end = start + 1;
    S::store_at(p, w.oo, w.i,
                S::template walk<false>(p, w.oi, w.oo, start + 1, end, S::load_at(p, w.oi, start)));
  });
}

// -- row kernels: a warp's tile of a contiguous row ----------------------------------------------

// A warp holds 32 * IPT consecutive elements of a line as IPT / V chunks of 32 * V: in chunk c,
// lane l holds the V elements at c * 32 * V + l * V, so one 16-byte load per lane covers 512
// contiguous bytes per warp (fully coalesced). V == IPT is the blocked layout (one chunk, each
// lane a run of IPT). VEC: the rows are 16-byte aligned, whole chunks move as vectors.
template <class Ops, int IPT, int V, bool VEC> struct warp_tile {
  typedef Ops S;
  typedef typename S::acc_t acc_t;
  typedef typename S::in_t in_t;
  typedef typename S::out_t out_t;
  enum { kItems = IPT, kChunks = IPT / V };
  acc_t x[kChunks][V];

  // Slots past the line's end get a placeholder: they only feed positions after the end, which
  // are not stored. The input is contiguous along the axis for these kernels (the host's rule),
  // so a lane addresses its chunks at fixed offsets from one pointer.
  __device__ __forceinline__ void load(const ScanParams& p, long long oi, long long base,
                                       int lane) {
    const long long k = base + static_cast<long long>(lane) * V;
    const long long rem = p.n - k;  // elements left from this lane's first
    const in_t* src = reinterpret_cast<const in_t*>(p.in + oi) + k;
#pragma unroll
    for (int c = 0; c < kChunks; ++c) {
      const int off = c * 32 * V;
      if constexpr (VEC) {
        if (off + V <= rem) {
          constexpr int LV = (16 / (int)sizeof(in_t)) < V ? 16 / (int)sizeof(in_t) : V;
#pragma unroll
          for (int i = 0; i < V; i += LV) {
            const vec<in_t, LV> v = *reinterpret_cast<const vec<in_t, LV>*>(src + off + i);
#pragma unroll
            for (int e = 0; e < LV; ++e) x[c][i + e] = S::pre(v.v[e]);
          }
          continue;
        }
      }
#pragma unroll
      for (int i = 0; i < V; ++i) x[c][i] = off + i < rem ? S::pre(src[off + i]) : S::zero();
    }
  }
  __device__ __forceinline__ void store(const ScanParams& p, long long oo, long long base,
                                        int lane) const {
    const long long k = base + static_cast<long long>(lane) * V;
    const long long rem = p.n - k;
#pragma unroll
    for (int c = 0; c < kChunks; ++c) {
      const int off = c * 32 * V;
      if constexpr (VEC) {
        if (off + V <= rem) {
          constexpr int SV = (16 / (int)sizeof(out_t)) < V ? 16 / (int)sizeof(out_t) : V;
          out_t* dst = reinterpret_cast<out_t*>(p.out + oo) + k + off;
#pragma unroll
          for (int i = 0; i < V; i += SV) {
            vec<out_t, SV> v;
#pragma unroll
            for (int e = 0; e < SV; ++e) v.v[e] = S::to_out(x[c][i + e]);
            *reinterpret_cast<vec<out_t, SV>*>(dst + i) = v;
          }
          continue;
        }
      }
#pragma unroll
      for (int i = 0; i < V; ++i)
        if (off + i < rem) S::store_at(p, oo, k + off + i, x[c][i]);
    }
  }
  // Scans the tile in place (inclusive, no carry in); returns its total on every lane. `left`:
  // elements of the line from the tile's first on. Chunks wholly past the end are skipped
  // (short rows); the total then counts only what precedes the end, which is all a later tile
  // could use (there is none).
  __device__ __forceinline__ acc_t scan(int lane, long long left) {
    acc_t carry = S::zero();
#pragma unroll
    for (int c = 0; c < kChunks; ++c) {
      if (c > 0 && static_cast<long long>(c) * 32 * V >= left) break;  // warp-uniform
#pragma unroll
      for (int i = 1; i < V; ++i) x[c][i] = S::op(x[c][i - 1], x[c][i]);
      const acc_t incl = warp_inclusive_scan(x[c][V - 1], lane, typename S::op_t());
      const acc_t excl = shfl_up(incl, 1);
      const acc_t total = shfl_from(incl, 31);
      const bool has_pre = c > 0 || lane > 0;
      const acc_t pre = c == 0 ? excl : lane > 0 ? S::op(carry, excl) : carry;
      if (has_pre) {
#pragma unroll
        for (int i = 0; i < V; ++i) x[c][i] = S::op(pre, x[c][i]);
      }
      carry = c == 0 ? total : S::op(carry, total);
    }
    return carry;
  }
  __device__ __forceinline__ void prefix(acc_t pre) {
#pragma unroll
    for (int c = 0; c < kChunks; ++c)
#pragma unroll
      for (int i = 0; i < V; ++i) x[c][i] = S::op(pre, x[c][i]);
  }
};

// A warp per line, tile after tile with a running carry: many short or medium rows.
template <class Tile, int BLOCK> __device__ __forceinline__ void warp_rows(const ScanParams& p) {
  typedef typename Tile::S S;
  constexpr int warps = BLOCK / 32;
  const int lane = threadIdx.x & 31;
  const long long nwarps = static_cast<long long>(gridDim.x) * warps;
  for (long long r = static_cast<long long>(blockIdx.x) * warps + (threadIdx.x >> 5); r < p.lines;
       r += nwarps) {
    long long oi, oo;
    S::line_offsets(p, r, oi, oo);
    typename S::acc_t carry = S::zero();
    for (long long base = 0; base < p.n; base += 32 * Tile::kItems) {
      Tile x;
      x.load(p, oi, base, lane);
      const typename S::acc_t total = x.scan(lane, p.n - base);
      if (base > 0) x.prefix(carry);
      x.store(p, oo, base, lane);
      carry = base > 0 ? S::op(carry, total) : total;
    }
  }
}

// The look-back's tile status, after the ticket and a pad word (so 16-byte aligned). Built where
// it is used, so that its words are loaded from the parameters inside the look-back branch
// rather than held in registers across the tile's scan.
template <class T, int PACK>
__device__ __forceinline__ lookback_status<T, PACK> tile_status(const ScanParams& p) {
  return {p.scratch + 2, p.lines * p.tiles};
}

// Single-pass scan of long contiguous lines, a tile of BLOCK / 32 warp tiles per block: each block
// takes the next tile (a ticket), scans it, and warp 0 finds its prefix by decoupled look-back
// (cunp_lookback.cuh; PACK as the host sized the status, after the ticket and a pad word); the
// block stores once it has its prefix.
template <class Tile, int BLOCK, int PACK>
__device__ __forceinline__ void look_back(const ScanParams& p) {
  typedef typename Tile::S S;
  typedef typename S::acc_t acc_t;
  constexpr int warps = BLOCK / 32;
  __shared__ long long s_ticket;
  __shared__ lookback_value<acc_t> s_warp[warps];
  __shared__ lookback_value<acc_t> s_prefix;
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  if (tid == 0) s_ticket = static_cast<long long>(atomicAdd(p.scratch, 1ull));
  __syncthreads();
  const long long ticket = s_ticket;
  const long long r = ticket / p.tiles, t = ticket % p.tiles;
  long long oi, oo;
  S::line_offsets(p, r, oi, oo);
  const long long base = t * (BLOCK * Tile::kItems) +
                         static_cast<long long>(warp) * (32 * Tile::kItems);
  Tile x;
  x.load(p, oi, base, lane);
  const acc_t wtotal = x.scan(lane, 32 * Tile::kItems);  // no skipping: fewer registers

  // Block-wide scan of the warps' totals.
  if (lane == 0) s_warp[warp].value = wtotal;
  __syncthreads();
  if (warp == 0) {
    acc_t w = lane < warps ? s_warp[lane].value : S::zero();
    w = warp_inclusive_scan(w, lane, typename S::op_t());
    if (lane < warps) s_warp[lane].value = w;
  }
  __syncthreads();
  const acc_t aggregate = s_warp[warps - 1].value;
  bool has_pre = warp > 0;
  acc_t pre = warp > 0 ? s_warp[warp - 1].value : S::zero();

  if (warp == 0 && t > 0) {
    const acc_t ex = lookback_exclusive_prefix(tile_status<acc_t, PACK>(p), ticket, r * p.tiles,
                                               aggregate, lane, typename S::op_t());
    if (lane == 0) s_prefix.value = ex;
  } else if (warp == 0 && t == 0 && lane == 0) {
    tile_status<acc_t, PACK>(p).publish(ticket, 2, aggregate);
  }
  __syncthreads();
  if (t > 0) {
    const acc_t bp = s_prefix.value;
    pre = has_pre ? S::op(bp, pre) : bp;
    has_pre = true;
  }
  if (has_pre) x.prefix(pre);
  x.store(p, oo, base, lane);
}

}  // namespace scan
}  // namespace cunp
