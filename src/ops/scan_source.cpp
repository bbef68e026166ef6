// src/ops/scan_source.cpp -- the generated source of the scan and reduceat kernels: a short
// per-signature prelude (types, the op from the ufunc table, the NaN rule) before a fixed body.
#include <algorithm>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/scan.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

// Shared by every kernel below. The host fills ScanParams in src/ops/scan.cpp (same layout).
// acc_t is the ufunc loop's compute type; loop_t its dtype (inputs are cast to it first, as
// NumPy casts operands to the loop's types); out_t whatever the result array holds.
const char* const kScanLibrary = R"(
#define CUNP_BLOCK 256
#define CUNP_WARPS (CUNP_BLOCK / 32)
struct ScanParams {
  const char* in;
  char* out;
  long long n;          // axis length
  long long lines;      // positions over the other axes
  long long in_step, out_step;  // bytes between neighbours along the axis
  long long tiles;      // look-back: tiles per line
  unsigned long long* scratch;  // look-back: [ticket][flags][aggregates][inclusive prefixes]
  const long long* seg; // reduceat: segment starts
  long long m;          // reduceat: segments
  long long seg_major;  // reduceat: consecutive threads take consecutive lines
  long long ndim;       // other axes, outermost first
  long long shape[8], in_st[8], out_st[8];
};

__device__ __forceinline__ void line_offsets(const ScanParams& p, long long r, long long& oi,
                                             long long& oo) {
  oi = 0;
  oo = 0;
  for (int d = static_cast<int>(p.ndim) - 1; d >= 0; --d) {
    const long long e = p.shape[d], c = r % e;
    r /= e;
    oi += c * p.in_st[d];
    oo += c * p.out_st[d];
  }
}
__device__ __forceinline__ acc_t load_at(const ScanParams& p, long long oi, long long k) {
  return scan_pre(*reinterpret_cast<const in_t*>(p.in + oi + k * p.in_step));
}
__device__ __forceinline__ out_t to_out(acc_t v) { return cast<out_t>(cast<loop_t>(v)); }
__device__ __forceinline__ void store_at(const ScanParams& p, long long oo, long long k, acc_t v) {
  *reinterpret_cast<out_t*>(p.out + oo + k * p.out_step) = to_out(v);
}

// Any value as 4-byte words for warp shuffles (bool, float16 and complex have no shuffle).
template <class T> union shfl_words {
  T t;
  unsigned int w[(sizeof(T) + 3) / 4];
};
template <class T> __device__ __forceinline__ T shfl_up_any(T v, int d) {
  shfl_words<T> u;
  u.t = v;
#pragma unroll
  for (int i = 0; i < (int)((sizeof(T) + 3) / 4); ++i) u.w[i] = __shfl_up_sync(0xffffffffu, u.w[i], d);
  return u.t;
}
template <class T> __device__ __forceinline__ T shfl_any(T v, int src) {
  shfl_words<T> u;
  u.t = v;
#pragma unroll
  for (int i = 0; i < (int)((sizeof(T) + 3) / 4); ++i) u.w[i] = __shfl_sync(0xffffffffu, u.w[i], src);
  return u.t;
}
// Inclusive scan over the 32 lanes; needs no identity, so it serves every associative ufunc.
__device__ __forceinline__ acc_t warp_scan(acc_t v, int lane) {
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    const acc_t up = shfl_up_any(v, d);
    if (lane >= d) v = scan_op(up, v);
  }
  return v;
}
__device__ __forceinline__ acc_t acc_zero() { return cast<acc_t>(0); }

// Each thread holds CUNP_IPT consecutive elements of its line starting at k0. Slots past the
// line's end get a placeholder: they only feed positions after the end, which are not stored.
__device__ __forceinline__ void load_items(acc_t (&x)[CUNP_IPT], const ScanParams& p, long long oi,
                                           long long k0) {
#if CUNP_VEC
  if (k0 + CUNP_IPT <= p.n) {
    constexpr int LV = (16 / (int)sizeof(in_t)) < CUNP_IPT ? 16 / (int)sizeof(in_t) : CUNP_IPT;
    const in_t* src = reinterpret_cast<const in_t*>(p.in + oi) + k0;
#pragma unroll
    for (int c = 0; c < CUNP_IPT; c += LV) {
      const vec<in_t, LV> v = *reinterpret_cast<const vec<in_t, LV>*>(src + c);
#pragma unroll
      for (int i = 0; i < LV; ++i) x[c + i] = scan_pre(v.v[i]);
    }
    return;
  }
#endif
#pragma unroll
  for (int j = 0; j < CUNP_IPT; ++j) x[j] = k0 + j < p.n ? load_at(p, oi, k0 + j) : acc_zero();
}
__device__ __forceinline__ void store_items(const acc_t (&x)[CUNP_IPT], const ScanParams& p,
                                            long long oo, long long k0) {
#if CUNP_VEC
  if (k0 + CUNP_IPT <= p.n) {
    constexpr int SV = (16 / (int)sizeof(out_t)) < CUNP_IPT ? 16 / (int)sizeof(out_t) : CUNP_IPT;
    out_t* dst = reinterpret_cast<out_t*>(p.out + oo) + k0;
#pragma unroll
    for (int c = 0; c < CUNP_IPT; c += SV) {
      vec<out_t, SV> v;
#pragma unroll
      for (int i = 0; i < SV; ++i) v.v[i] = to_out(x[c + i]);
      *reinterpret_cast<vec<out_t, SV>*>(dst + c) = v;
    }
    return;
  }
#endif
#pragma unroll
  for (int j = 0; j < CUNP_IPT; ++j)
    if (k0 + j < p.n) store_at(p, oo, k0 + j, x[j]);
}
__device__ __forceinline__ void thread_scan(acc_t (&x)[CUNP_IPT]) {
#pragma unroll
  for (int j = 1; j < CUNP_IPT; ++j) x[j] = scan_op(x[j - 1], x[j]);
}
__device__ __forceinline__ void apply_prefix(acc_t (&x)[CUNP_IPT], acc_t pre) {
#pragma unroll
  for (int j = 0; j < CUNP_IPT; ++j) x[j] = scan_op(pre, x[j]);
}
)";

// One thread per line, walking the axis in order: any layout, and the only correct order for
// ops that are not associative (subtract, divide, power, ...).
const char* const kLinesKernel = R"(
extern "C" __global__ void __launch_bounds__(CUNP_BLOCK) cunp_scan(const ScanParams p) {
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long r = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; r < p.lines;
       r += step) {
    long long oi, oo;
    line_offsets(p, r, oi, oo);
    acc_t acc = load_at(p, oi, 0);
    store_at(p, oo, 0, acc);
    // Loads a few elements ahead so several are in flight per thread.
    long long k = 1;
    for (; k + 4 <= p.n; k += 4) {
      const acc_t v0 = load_at(p, oi, k), v1 = load_at(p, oi, k + 1), v2 = load_at(p, oi, k + 2),
                  v3 = load_at(p, oi, k + 3);
      acc = scan_op(acc, v0);
      store_at(p, oo, k, acc);
      acc = scan_op(acc, v1);
      store_at(p, oo, k + 1, acc);
      acc = scan_op(acc, v2);
      store_at(p, oo, k + 2, acc);
      acc = scan_op(acc, v3);
      store_at(p, oo, k + 3, acc);
    }
    for (; k < p.n; ++k) {
      acc = scan_op(acc, load_at(p, oi, k));
      store_at(p, oo, k, acc);
    }
  }
}
)";

// A warp per line, in chunks of 32 * CUNP_IPT elements with a running carry: many short or
// medium rows.
const char* const kWarpRowsKernel = R"(
extern "C" __global__ void __launch_bounds__(CUNP_BLOCK) cunp_scan(const ScanParams p) {
  const int lane = threadIdx.x & 31;
  const long long nwarps = static_cast<long long>(gridDim.x) * CUNP_WARPS;
  for (long long r = static_cast<long long>(blockIdx.x) * CUNP_WARPS + (threadIdx.x >> 5);
       r < p.lines; r += nwarps) {
    long long oi, oo;
    line_offsets(p, r, oi, oo);
    acc_t carry = acc_zero();
    bool has_carry = false;
    for (long long c = 0; c < p.n; c += 32 * CUNP_IPT) {
      const long long k0 = c + static_cast<long long>(lane) * CUNP_IPT;
      acc_t x[CUNP_IPT];
      load_items(x, p, oi, k0);
      thread_scan(x);
      const acc_t incl = warp_scan(x[CUNP_IPT - 1], lane);
      const acc_t excl = shfl_up_any(incl, 1);
      if (lane > 0) apply_prefix(x, has_carry ? scan_op(carry, excl) : excl);
      else if (has_carry) apply_prefix(x, carry);
      store_items(x, p, oo, k0);
      const acc_t total = shfl_any(incl, 31);
      carry = has_carry ? scan_op(carry, total) : total;
      has_carry = true;
    }
  }
}
)";

// Single-pass scan of long contiguous lines with decoupled look-back: each block takes the next
// tile (a ticket, so every earlier tile is already running), publishes its aggregate, then warp
// 0 combines the published values of up to 32 predecessors at a time until it meets an
// inclusive prefix. Flags and values live apart so a reader never sees a value change.
const char* const kLookBackKernel = R"(
union tile_words {
  acc_t t;
  unsigned long long w[(sizeof(acc_t) + 7) / 8];
};
#define CUNP_W ((int)((sizeof(acc_t) + 7) / 8))
__device__ __forceinline__ int* tile_flags(const ScanParams& p) {
  return reinterpret_cast<int*>(p.scratch + 1);
}
__device__ __forceinline__ unsigned long long* tile_values(const ScanParams& p, int which) {
  const long long total = p.lines * p.tiles;
  return p.scratch + 1 + (total + 1) / 2 + which * total * CUNP_W;
}
// which: 0 aggregate (flag 1), 1 inclusive prefix (flag 2).
__device__ __forceinline__ void publish(const ScanParams& p, long long j, int which, acc_t v) {
  tile_words u;
  u.t = v;
  volatile unsigned long long* dst = tile_values(p, which) + j * CUNP_W;
#pragma unroll
  for (int i = 0; i < CUNP_W; ++i) dst[i] = u.w[i];
  __threadfence();
  reinterpret_cast<volatile int*>(tile_flags(p))[j] = which + 1;
}
__device__ __forceinline__ acc_t read_value(const ScanParams& p, long long j, int which) {
  tile_words u;
  const volatile unsigned long long* src = tile_values(p, which) + j * CUNP_W;
#pragma unroll
  for (int i = 0; i < CUNP_W; ++i) u.w[i] = src[i];
  return u.t;
}

extern "C" __global__ void __launch_bounds__(CUNP_BLOCK) cunp_scan(const ScanParams p) {
  __shared__ long long s_ticket;
  __shared__ tile_words s_warp[CUNP_WARPS];
  __shared__ tile_words s_prefix;
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  if (tid == 0) s_ticket = static_cast<long long>(atomicAdd(p.scratch, 1ull));
  __syncthreads();
  const long long ticket = s_ticket;
  const long long r = ticket / p.tiles, t = ticket % p.tiles;
  long long oi, oo;
  line_offsets(p, r, oi, oo);
  const long long k0 = t * (CUNP_BLOCK * CUNP_IPT) + static_cast<long long>(tid) * CUNP_IPT;
  acc_t x[CUNP_IPT];
  load_items(x, p, oi, k0);
  thread_scan(x);

  // Block-wide scan of the threads' totals.
  const acc_t incl = warp_scan(x[CUNP_IPT - 1], lane);
  const acc_t excl = shfl_up_any(incl, 1);
  if (lane == 31) s_warp[warp].t = incl;
  __syncthreads();
  if (warp == 0) {
    acc_t w = lane < CUNP_WARPS ? s_warp[lane].t : acc_zero();
    w = warp_scan(w, lane);
    if (lane < CUNP_WARPS) s_warp[lane].t = w;
  }
  __syncthreads();
  const acc_t aggregate = s_warp[CUNP_WARPS - 1].t;
  bool has_pre = lane > 0 || warp > 0;
  acc_t pre = acc_zero();
  if (warp > 0) pre = lane > 0 ? scan_op(s_warp[warp - 1].t, excl) : s_warp[warp - 1].t;
  else if (lane > 0) pre = excl;

  if (warp == 0 && t > 0) {
    if (lane == 0) publish(p, ticket, 0, aggregate);
    const long long first = r * p.tiles;  // this line's first tile
    long long base = ticket - 1;          // the nearest predecessor not yet combined
    acc_t ex = acc_zero();
    bool has_ex = false;
    while (true) {
      // Lane 31 takes the nearest predecessor, lane 0 the farthest.
      const long long j = base - 31 + lane;
      int f = 2;
      acc_t v = acc_zero();
      if (j >= first) {
        const volatile int* flags = tile_flags(p);
        do {
          f = flags[j];
        } while (f == 0);
        __threadfence();
        v = read_value(p, j, f - 1);
      }
      // Segmented inclusive scan: a lane holding an inclusive prefix takes nothing from below.
      bool done = f == 2;
      const unsigned found = __ballot_sync(0xffffffffu, f == 2);
#pragma unroll
      for (int d = 1; d < 32; d <<= 1) {
        const acc_t up = shfl_up_any(v, d);
        const bool up_done = __shfl_up_sync(0xffffffffu, done, d);
        if (lane >= d && !done) {
          v = scan_op(up, v);
          done = up_done;
        }
      }
      const acc_t window = shfl_any(v, 31);
      ex = has_ex ? scan_op(window, ex) : window;
      has_ex = true;
      if (found) break;
      base -= 32;
    }
    if (lane == 0) {
      publish(p, ticket, 1, scan_op(ex, aggregate));
      s_prefix.t = ex;
    }
  } else if (warp == 0 && t == 0 && lane == 0) {
    publish(p, ticket, 1, aggregate);
  }
  __syncthreads();
  if (t > 0) {
    const acc_t bp = s_prefix.t;
    pre = has_pre ? scan_op(bp, pre) : bp;
    has_pre = true;
  }
  if (has_pre) apply_prefix(x, pre);
  store_items(x, p, oo, k0);
}
)";

// A strided axis cut into p.m chunks of p.tiles elements; thread o takes chunk o / lines of
// line o % lines, so neighbouring threads read neighbouring lines. carry[i * lines + r] holds
// chunk i's total, then (after ChunkScan) the inclusive prefix through chunk i.
const char* const kChunkCommon = R"(
__device__ __forceinline__ acc_t* chunk_carry(const ScanParams& p) {
  return reinterpret_cast<acc_t*>(p.scratch);
}
)";
const char* const kChunkTotalsKernel = R"(
extern "C" __global__ void __launch_bounds__(CUNP_BLOCK) cunp_scan(const ScanParams p) {
  const long long total = p.lines * p.m;
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long o = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; o < total;
       o += step) {
    const long long r = o % p.lines, i = o / p.lines;
    long long oi, oo;
    line_offsets(p, r, oi, oo);
    const long long start = i * p.tiles;
    const long long end = start + p.tiles < p.n ? start + p.tiles : p.n;
    acc_t acc = load_at(p, oi, start);
    long long k = start + 1;
    for (; k + 4 <= end; k += 4) {  // four loads in flight per thread
      const acc_t v0 = load_at(p, oi, k), v1 = load_at(p, oi, k + 1), v2 = load_at(p, oi, k + 2),
                  v3 = load_at(p, oi, k + 3);
      acc = scan_op(scan_op(scan_op(scan_op(acc, v0), v1), v2), v3);
    }
    for (; k < end; ++k) acc = scan_op(acc, load_at(p, oi, k));
    chunk_carry(p)[o] = acc;
  }
}
)";
const char* const kChunkScanKernel = R"(
extern "C" __global__ void __launch_bounds__(CUNP_BLOCK) cunp_scan(const ScanParams p) {
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  acc_t* carry = chunk_carry(p);
  for (long long r = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; r < p.lines;
       r += step) {
    acc_t acc = carry[r];
    for (long long i = 1; i < p.m; ++i) {
      acc = scan_op(acc, carry[i * p.lines + r]);
      carry[i * p.lines + r] = acc;
    }
  }
}
)";
const char* const kChunkApplyKernel = R"(
extern "C" __global__ void __launch_bounds__(CUNP_BLOCK) cunp_scan(const ScanParams p) {
  const long long total = p.lines * p.m;
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  const acc_t* carry = chunk_carry(p);
  for (long long o = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; o < total;
       o += step) {
    const long long r = o % p.lines, i = o / p.lines;
    long long oi, oo;
    line_offsets(p, r, oi, oo);
    const long long start = i * p.tiles;
    const long long end = start + p.tiles < p.n ? start + p.tiles : p.n;
    acc_t acc = load_at(p, oi, start);
    if (i > 0) acc = scan_op(carry[o - p.lines], acc);
    store_at(p, oo, start, acc);
    long long k = start + 1;
    for (; k + 4 <= end; k += 4) {
      const acc_t v0 = load_at(p, oi, k), v1 = load_at(p, oi, k + 1), v2 = load_at(p, oi, k + 2),
                  v3 = load_at(p, oi, k + 3);
      acc = scan_op(acc, v0);
      store_at(p, oo, k, acc);
      acc = scan_op(acc, v1);
      store_at(p, oo, k + 1, acc);
      acc = scan_op(acc, v2);
      store_at(p, oo, k + 2, acc);
      acc = scan_op(acc, v3);
      store_at(p, oo, k + 3, acc);
    }
    for (; k < end; ++k) {
      acc = scan_op(acc, load_at(p, oi, k));
      store_at(p, oo, k, acc);
    }
  }
}
)";

// reduceat: one thread per (line, segment), reducing the segment in order. A segment whose
// start is not below the next start is the single element at its start (NumPy's rule).
const char* const kReduceAtKernel = R"(
extern "C" __global__ void __launch_bounds__(CUNP_BLOCK) cunp_scan(const ScanParams p) {
  const long long total = p.lines * p.m;
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long o = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; o < total;
       o += step) {
    const long long r = p.seg_major ? o % p.lines : o / p.m;
    const long long i = p.seg_major ? o / p.lines : o % p.m;
    long long oi, oo;
    line_offsets(p, r, oi, oo);
    const long long start = p.seg[i];
    long long end = i + 1 < p.m ? p.seg[i + 1] : p.n;
    if (end <= start) end = start + 1;
    acc_t acc = load_at(p, oi, start);
    for (long long k = start + 1; k < end; ++k) acc = scan_op(acc, load_at(p, oi, k));
    store_at(p, oo, i, acc);
  }
}
)";

std::string compute_ctype(const Ufunc& u, DType t) {
  if (t == DType::Float16 && !u.half_native) return "float";
  return info(t).ctype;
}

}  // namespace

int scan_items_per_thread(const ScanSignature& sig) {
  const UfuncLoop& l = sig.u->loops.at(sig.loop);
  int widest = std::max(itemsize(sig.in), itemsize(l.types[0]));
  return std::max(2, std::min(16, 64 / widest));
}

std::string scan_source(const ScanSignature& sig) {
  if (!sig.u) throw ValueError("scan_source: no ufunc");
  const Ufunc& u = *sig.u;
  const UfuncLoop& l = u.loops.at(sig.loop);
  const DType loop_type = l.types[0];
  std::string s = device_header() + device_math_header() + "\nusing namespace cunp;\n";
  s += "typedef " + std::string(info(sig.in).ctype) + " in_t;\n";
  s += "typedef " + std::string(info(loop_type).ctype) + " loop_t;\n";
  s += "typedef " + compute_ctype(u, loop_type) + " acc_t;\n";
  s += "typedef " + std::string(info(sig.out).ctype) + " out_t;\n";
  s += "#define CUNP_IPT " + std::to_string(scan_items_per_thread(sig)) + "\n";
  s += "#define CUNP_VEC " + std::string(sig.vec ? "1" : "0") + "\n";
  // Inputs go through the loop's dtype first, as NumPy casts operands to the loop's types.
  s += "__device__ __forceinline__ acc_t scan_pre(in_t x) {\n";
  s += "  acc_t v = cast<acc_t>(cast<loop_t>(x));\n";
  if (sig.nan_as_identity && is_inexact(loop_type)) {
    const char* id = u.identity == Identity::One ? "1" : "0";
    s += std::string("  if (np_isnan(v)) v = cast<acc_t>(") + id + ");\n";
  }
  s += "  return v;\n}\n";
  s += "__device__ __forceinline__ acc_t scan_op(acc_t a, acc_t b) {\n";
  s += "  return cast<acc_t>(" + u.function + "(a, b));\n}\n";
  s += kScanLibrary;
  switch (sig.kind) {
    case ScanKind::Lines: s += kLinesKernel; break;
    case ScanKind::WarpRows: s += kWarpRowsKernel; break;
    case ScanKind::LookBack: s += kLookBackKernel; break;
    case ScanKind::ChunkTotals: s += std::string(kChunkCommon) + kChunkTotalsKernel; break;
    case ScanKind::ChunkScan: s += std::string(kChunkCommon) + kChunkScanKernel; break;
    case ScanKind::ChunkApply: s += std::string(kChunkCommon) + kChunkApplyKernel; break;
    case ScanKind::ReduceAt: s += kReduceAtKernel; break;
  }
  return s;
}

}  // namespace cunp
