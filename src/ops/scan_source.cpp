// src/ops/scan_source.cpp -- the generated source of the scan and reduceat kernels: a short
// per-signature prelude (types, the op from the ufunc table, the NaN rule) before a fixed body.
//
// Long contiguous rows use a JIT'd single-pass decoupled look-back scan rather than CUB's
// DeviceScan: it serves every ufunc, dtype pair and NaN rule from one source (CUB would need a
// build-time instantiation per combination and cannot run the ufunc table's ops), and it shares
// its warp-level tile code with the many-short-rows kernel.
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
#define CUNP_CH (CUNP_IPT / CUNP_V)
struct ScanParams {
  const char* in;
  char* out;
  long long n;          // axis length
  long long lines;      // positions over the other axes
  long long in_step, out_step;  // bytes between neighbours along the axis
  long long tiles;      // look-back: tiles per line; chunked passes: chunk length
  unsigned long long* scratch;  // look-back: [ticket][pad][tile status]; chunks: carries
  const long long* seg; // reduceat: segment starts
  long long m;          // reduceat: segments; chunked passes: chunks per line
  long long seg_major;  // reduceat: consecutive threads take consecutive lines
  long long ndim;       // other axes, outermost first
  long long shape[8], in_st[8], out_st[8];
};

__device__ __forceinline__ void line_offsets(const ScanParams& p, long long r, long long& oi,
                                             long long& oo) {
  oi = 0;
  oo = 0;
  for_each_coordinate(r, static_cast<int>(p.ndim), p.shape, [&](int d, long long c) {
    oi += c * p.in_st[d];
    oo += c * p.out_st[d];
  });
}
__device__ __forceinline__ acc_t load_at(const ScanParams& p, long long oi, long long k) {
  return scan_pre(*reinterpret_cast<const in_t*>(p.in + oi + k * p.in_step));
}
__device__ __forceinline__ out_t to_out(acc_t v) { return cast<out_t>(cast<loop_t>(v)); }
__device__ __forceinline__ void store_at(const ScanParams& p, long long oo, long long k, acc_t v) {
  *reinterpret_cast<out_t*>(p.out + oo + k * p.out_step) = to_out(v);
}
__device__ __forceinline__ acc_t acc_zero() { return cast<acc_t>(0); }

// Walks [k, end) of one line in order from `acc` (the running value before k), four loads in
// flight per thread; STORE writes each running value. The sequential kernels all use it.
template <bool STORE>
__device__ __forceinline__ acc_t walk(const ScanParams& p, long long oi, long long oo, long long k,
                                      long long end, acc_t acc) {
  for (; k + 4 <= end; k += 4) {
    acc_t v[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) v[j] = load_at(p, oi, k + j);
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      acc = scan_op(acc, v[j]);
      if (STORE) store_at(p, oo, k + j, acc);
    }
  }
  for (; k < end; ++k) {
    acc = scan_op(acc, load_at(p, oi, k));
    if (STORE) store_at(p, oo, k, acc);
  }
  return acc;
}
)";

// Warp-level tile code of the parallel row kernels. A warp holds 32 * CUNP_IPT consecutive
// elements of a line as CUNP_CH chunks of 32 * CUNP_V: in chunk c, lane l holds the CUNP_V
// elements at c * 32 * CUNP_V + l * CUNP_V, so one 16-byte load per lane covers 512 contiguous
// bytes per warp (fully coalesced). CUNP_V == CUNP_IPT is the blocked layout (one chunk, each
// lane a run of CUNP_IPT), kept for A/B.
const char* const kWarpTileLibrary = R"(
// The device library's inclusive warp scan with the ufunc's op (no identity needed).
struct scan_functor {
  __device__ acc_t operator()(acc_t a, acc_t b) const { return scan_op(a, b); }
};
__device__ __forceinline__ acc_t warp_scan(acc_t v, int lane) {
  return warp_inclusive_scan(v, lane, scan_functor());
}

typedef acc_t warp_tile[CUNP_CH][CUNP_V];

// Slots past the line's end get a placeholder: they only feed positions after the end, which
// are not stored. The input is contiguous along the axis for these kernels (the host's rule),
// so a lane addresses its chunks at fixed offsets from one pointer.
__device__ __forceinline__ void load_tile(warp_tile& x, const ScanParams& p, long long oi,
                                          long long base, int lane) {
  const long long k = base + static_cast<long long>(lane) * CUNP_V;
  const long long rem = p.n - k;  // elements left from this lane's first
  const in_t* src = reinterpret_cast<const in_t*>(p.in + oi) + k;
#pragma unroll
  for (int c = 0; c < CUNP_CH; ++c) {
    const int off = c * 32 * CUNP_V;
#if CUNP_VEC
    if (off + CUNP_V <= rem) {
      constexpr int LV = (16 / (int)sizeof(in_t)) < CUNP_V ? 16 / (int)sizeof(in_t) : CUNP_V;
#pragma unroll
      for (int i = 0; i < CUNP_V; i += LV) {
        const vec<in_t, LV> v = *reinterpret_cast<const vec<in_t, LV>*>(src + off + i);
#pragma unroll
        for (int e = 0; e < LV; ++e) x[c][i + e] = scan_pre(v.v[e]);
      }
      continue;
    }
#endif
#pragma unroll
    for (int i = 0; i < CUNP_V; ++i) x[c][i] = off + i < rem ? scan_pre(src[off + i]) : acc_zero();
  }
}
__device__ __forceinline__ void store_tile(const warp_tile& x, const ScanParams& p, long long oo,
                                           long long base, int lane) {
  const long long k = base + static_cast<long long>(lane) * CUNP_V;
  const long long rem = p.n - k;
#pragma unroll
  for (int c = 0; c < CUNP_CH; ++c) {
    const int off = c * 32 * CUNP_V;
#if CUNP_VEC
    if (off + CUNP_V <= rem) {
      constexpr int SV = (16 / (int)sizeof(out_t)) < CUNP_V ? 16 / (int)sizeof(out_t) : CUNP_V;
      out_t* dst = reinterpret_cast<out_t*>(p.out + oo) + k + off;
#pragma unroll
      for (int i = 0; i < CUNP_V; i += SV) {
        vec<out_t, SV> v;
#pragma unroll
        for (int e = 0; e < SV; ++e) v.v[e] = to_out(x[c][i + e]);
        *reinterpret_cast<vec<out_t, SV>*>(dst + i) = v;
      }
      continue;
    }
#endif
#pragma unroll
    for (int i = 0; i < CUNP_V; ++i)
      if (off + i < rem) store_at(p, oo, k + off + i, x[c][i]);
  }
}
// Scans the warp's tile in place (inclusive, no carry in); returns its total on every lane.
// `left`: elements of the line from the tile's first on. Chunks wholly past the end are
// skipped (short rows); the total then counts only what precedes the end, which is all a
// later tile could use (there is none).
__device__ __forceinline__ acc_t scan_tile(warp_tile& x, int lane, long long left) {
  acc_t carry = acc_zero();
#pragma unroll
  for (int c = 0; c < CUNP_CH; ++c) {
    if (c > 0 && static_cast<long long>(c) * 32 * CUNP_V >= left) break;  // warp-uniform
#pragma unroll
    for (int i = 1; i < CUNP_V; ++i) x[c][i] = scan_op(x[c][i - 1], x[c][i]);
    const acc_t incl = warp_scan(x[c][CUNP_V - 1], lane);
    const acc_t excl = shfl_up(incl, 1);
    const acc_t total = shfl_from(incl, 31);
    const bool has_pre = c > 0 || lane > 0;
    const acc_t pre = c == 0 ? excl : lane > 0 ? scan_op(carry, excl) : carry;
    if (has_pre) {
#pragma unroll
      for (int i = 0; i < CUNP_V; ++i) x[c][i] = scan_op(pre, x[c][i]);
    }
    carry = c == 0 ? total : scan_op(carry, total);
  }
  return carry;
}
__device__ __forceinline__ void prefix_tile(warp_tile& x, acc_t pre) {
#pragma unroll
  for (int c = 0; c < CUNP_CH; ++c)
#pragma unroll
    for (int i = 0; i < CUNP_V; ++i) x[c][i] = scan_op(pre, x[c][i]);
}
)";

// A warp per line, tile after tile with a running carry: many short or medium rows. Four
// blocks per SM fit without spills (ptxas needs ~55 registers; unbounded it takes ~70).
const char* const kWarpRowsKernel = R"(
extern "C" __global__ void __launch_bounds__(CUNP_BLOCK, 4) cunp_scan(const ScanParams p) {
  const int lane = threadIdx.x & 31;
  const long long nwarps = static_cast<long long>(gridDim.x) * CUNP_WARPS;
  for (long long r = static_cast<long long>(blockIdx.x) * CUNP_WARPS + (threadIdx.x >> 5);
       r < p.lines; r += nwarps) {
    long long oi, oo;
    line_offsets(p, r, oi, oo);
    acc_t carry = acc_zero();
    for (long long base = 0; base < p.n; base += 32 * CUNP_IPT) {
      warp_tile x;
      load_tile(x, p, oi, base, lane);
      const acc_t total = scan_tile(x, lane, p.n - base);
      if (base > 0) prefix_tile(x, carry);
      store_tile(x, p, oo, base, lane);
      carry = base > 0 ? scan_op(carry, total) : total;
    }
  }
}
)";

// Tile status of the look-back scan: 0 not yet published, 1 the tile's aggregate, 2 the
// inclusive prefix through the tile. CUNP_PACK 1 and 2 keep status and value in one 8- or
// 16-byte word, so a reader needs one load per predecessor and never sees a torn pair; 0 (wide
// values, or the A/B path) keeps them apart with a fence between value and flag.
const char* const kTileStatusLibrary = R"(
#define CUNP_W ((int)((sizeof(acc_t) + 7) / 8))
union value_words {
  acc_t t;
  unsigned int h[CUNP_W * 2];
  unsigned long long w[CUNP_W];
};
__device__ __forceinline__ unsigned long long* tile_status(const ScanParams& p) {
  return p.scratch + 2;  // after the ticket and a pad word: 16-byte aligned
}
#if CUNP_PACK == 1
__device__ __forceinline__ void publish(const ScanParams& p, long long j, int flag, acc_t v) {
  value_words u;
  u.w[0] = 0;
  u.t = v;
  const unsigned long long word = (static_cast<unsigned long long>(u.h[0]) << 32) | unsigned(flag);
  *reinterpret_cast<volatile unsigned long long*>(tile_status(p) + j) = word;
}
__device__ __forceinline__ int poll(const ScanParams& p, long long j, acc_t& v) {
  const unsigned long long word = *reinterpret_cast<volatile unsigned long long*>(tile_status(p) + j);
  value_words u;
  u.w[0] = 0;
  u.h[0] = static_cast<unsigned int>(word >> 32);
  v = u.t;
  return static_cast<int>(word & 0xffffffffu);
}
#elif CUNP_PACK == 2
__device__ __forceinline__ void publish(const ScanParams& p, long long j, int flag, acc_t v) {
  value_words u;
  u.t = v;
  unsigned long long* dst = tile_status(p) + 2 * j;
  asm volatile("st.volatile.v2.u64 [%0], {%1, %2};" ::"l"(dst),
               "l"(static_cast<unsigned long long>(flag)), "l"(u.w[0]) : "memory");
}
__device__ __forceinline__ int poll(const ScanParams& p, long long j, acc_t& v) {
  const unsigned long long* src = tile_status(p) + 2 * j;
  unsigned long long f, w;
  asm volatile("ld.volatile.v2.u64 {%0, %1}, [%2];" : "=l"(f), "=l"(w) : "l"(src) : "memory");
  value_words u;
  u.w[0] = w;
  v = u.t;
  return static_cast<int>(f);
}
#else
// [flags, two per word][aggregates][inclusive prefixes]
__device__ __forceinline__ unsigned long long* tile_values(const ScanParams& p, int which) {
  const long long total = p.lines * p.tiles;
  return tile_status(p) + (total + 1) / 2 + (which - 1) * total * CUNP_W;
}
__device__ __forceinline__ void publish(const ScanParams& p, long long j, int flag, acc_t v) {
  value_words u;
  u.t = v;
  volatile unsigned long long* dst = tile_values(p, flag) + j * CUNP_W;
#pragma unroll
  for (int i = 0; i < CUNP_W; ++i) dst[i] = u.w[i];
  __threadfence();
  reinterpret_cast<volatile int*>(tile_status(p))[j] = flag;
}
__device__ __forceinline__ int poll(const ScanParams& p, long long j, acc_t& v) {
  const int f = reinterpret_cast<volatile int*>(tile_status(p))[j];
  if (f == 0) return 0;
  __threadfence();
  value_words u;
  const volatile unsigned long long* src = tile_values(p, f) + j * CUNP_W;
#pragma unroll
  for (int i = 0; i < CUNP_W; ++i) u.w[i] = src[i];
  v = u.t;
  return f;
}
#endif
)";

// Single-pass scan of long contiguous lines with decoupled look-back: each block takes the next
// tile (a ticket, so every earlier tile is already running), publishes its aggregate, then warp
// 0 combines the published values of up to 32 predecessors at a time until it meets an
// inclusive prefix; the block stores once it has its prefix.
const char* const kLookBackKernel = R"(
extern "C" __global__ void __launch_bounds__(CUNP_BLOCK) cunp_scan(const ScanParams p) {
  __shared__ long long s_ticket;
  __shared__ value_words s_warp[CUNP_WARPS];
  __shared__ value_words s_prefix;
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  if (tid == 0) s_ticket = static_cast<long long>(atomicAdd(p.scratch, 1ull));
  __syncthreads();
  const long long ticket = s_ticket;
  const long long r = ticket / p.tiles, t = ticket % p.tiles;
  long long oi, oo;
  line_offsets(p, r, oi, oo);
  const long long base = t * (CUNP_BLOCK * CUNP_IPT) + static_cast<long long>(warp) * (32 * CUNP_IPT);
  warp_tile x;
  load_tile(x, p, oi, base, lane);
  const acc_t wtotal = scan_tile(x, lane, 32 * CUNP_IPT);  // no skipping: fewer registers

  // Block-wide scan of the warps' totals.
  if (lane == 0) s_warp[warp].t = wtotal;
  __syncthreads();
  if (warp == 0) {
    acc_t w = lane < CUNP_WARPS ? s_warp[lane].t : acc_zero();
    w = warp_scan(w, lane);
    if (lane < CUNP_WARPS) s_warp[lane].t = w;
  }
  __syncthreads();
  const acc_t aggregate = s_warp[CUNP_WARPS - 1].t;
  bool has_pre = warp > 0;
  acc_t pre = warp > 0 ? s_warp[warp - 1].t : acc_zero();

  if (warp == 0 && t > 0) {
    if (lane == 0) publish(p, ticket, 1, aggregate);
    const long long first = r * p.tiles;  // this line's first tile
    long long nearest = ticket - 1;       // the nearest predecessor not yet combined
    acc_t ex = acc_zero();
    bool has_ex = false;
    while (true) {
      // Lane 31 takes the nearest predecessor, lane 0 the farthest.
      const long long j = nearest - 31 + lane;
      int f = 2;
      acc_t v = acc_zero();
      if (j >= first) {
        while ((f = poll(p, j, v)) == 0) {
        }
      }
      // Segmented inclusive scan: a lane holding an inclusive prefix takes nothing from below.
      bool done = f == 2;
      const unsigned found = __ballot_sync(0xffffffffu, f == 2);
#pragma unroll
      for (int d = 1; d < 32; d <<= 1) {
        const acc_t up = shfl_up(v, d);
        const bool up_done = __shfl_up_sync(0xffffffffu, done, d);
        if (lane >= d && !done) {
          v = scan_op(up, v);
          done = up_done;
        }
      }
      const acc_t window = shfl_from(v, 31);
      ex = has_ex ? scan_op(window, ex) : window;
      has_ex = true;
      if (found) break;
      nearest -= 32;
    }
    if (lane == 0) {
      publish(p, ticket, 2, scan_op(ex, aggregate));
      s_prefix.t = ex;
    }
  } else if (warp == 0 && t == 0 && lane == 0) {
    publish(p, ticket, 2, aggregate);
  }
  __syncthreads();
  if (t > 0) {
    const acc_t bp = s_prefix.t;
    pre = has_pre ? scan_op(bp, pre) : bp;
    has_pre = true;
  }
  if (has_pre) prefix_tile(x, pre);
  store_tile(x, p, oo, base, lane);
}
)";

// The sequential kernels share one shape: a grid-stride loop over `count` work items `o`, each
// running `body`. reduceat and the chunked passes split o into a line r and a segment or chunk
// i (lines fastest where `line_fastest`, so neighbouring threads read neighbouring lines).
std::string grid_stride_kernel(const std::string& count, const std::string& body) {
  return "extern \"C\" __global__ void __launch_bounds__(CUNP_BLOCK) cunp_scan(const ScanParams p) {\n"
         "  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;\n"
         "  for (long long o = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;\n"
         "       o < " +
         count + "; o += step) {\n" + body + "  }\n}\n";
}
std::string line_and_part(const std::string& line_fastest) {
  return "    const bool lf = " + line_fastest +
         ";\n"
         "    const long long r = lf ? o % p.lines : o / p.m, i = lf ? o / p.lines : o % p.m;\n"
         "    long long oi, oo;\n"
         "    line_offsets(p, r, oi, oo);\n";
}

// A strided axis cut into p.m chunks of p.tiles elements; carry[i * lines + r] holds chunk
// i's total, then (after ChunkScan) the inclusive prefix through chunk i.
const char* const kChunkBounds = R"(
    acc_t* carry = reinterpret_cast<acc_t*>(p.scratch);
    const long long start = i * p.tiles;
    const long long end = start + p.tiles < p.n ? start + p.tiles : p.n;
)";

std::string kernel_body(ScanKind kind) {
  switch (kind) {
    case ScanKind::Lines:
      // One thread per line, walking the axis in order: any layout, and the only correct order
      // for ops that are not associative (subtract, divide, power, ...).
      return grid_stride_kernel("p.lines", R"(
    long long oi, oo;
    line_offsets(p, o, oi, oo);
    const acc_t first = load_at(p, oi, 0);
    store_at(p, oo, 0, first);
    walk<true>(p, oi, oo, 1, p.n, first);
)");
    case ScanKind::ChunkTotals:
      return grid_stride_kernel("p.lines * p.m", line_and_part("true") + kChunkBounds + R"(
    carry[o] = walk<false>(p, oi, oo, start + 1, end, load_at(p, oi, start));
)");
    case ScanKind::ChunkScan:
      // One thread per line over its chunk totals, in order.
      return grid_stride_kernel("p.lines", R"(
    acc_t* carry = reinterpret_cast<acc_t*>(p.scratch);
    acc_t acc = carry[o];
    for (long long i = 1; i < p.m; ++i) {
      acc = scan_op(acc, carry[i * p.lines + o]);
      carry[i * p.lines + o] = acc;
    }
)");
    case ScanKind::ChunkApply:
      return grid_stride_kernel("p.lines * p.m", line_and_part("true") + kChunkBounds + R"(
    acc_t acc = load_at(p, oi, start);
    if (i > 0) acc = scan_op(carry[o - p.lines], acc);
    store_at(p, oo, start, acc);
    walk<true>(p, oi, oo, start + 1, end, acc);
)");
    case ScanKind::ReduceAt:
      // One thread per (line, segment), reducing the segment in order. A segment whose start is
      // not below the next start is the single element at its start (NumPy's rule).
      return grid_stride_kernel("p.lines * p.m", line_and_part("p.seg_major != 0") + R"(
    const long long start = p.seg[i];
    long long end = i + 1 < p.m ? p.seg[i + 1] : p.n;
    if (end <= start) end = start + 1;
    store_at(p, oo, i, walk<false>(p, oi, oo, start + 1, end, load_at(p, oi, start)));
)");
    case ScanKind::WarpRows: return std::string(kWarpTileLibrary) + kWarpRowsKernel;
    case ScanKind::LookBack:
      return std::string(kWarpTileLibrary) + kTileStatusLibrary + kLookBackKernel;
  }
  throw ValueError("scan_source: unknown kernel kind");
}

std::string compute_ctype(const Ufunc& u, DType t) {
  if (t == DType::Float16 && !u.half_native) return "float";
  return info(t).ctype;
}

int compute_bytes(const ScanSignature& sig) {
  const DType t = sig.u->loops.at(sig.loop).types[0];
  return t == DType::Float16 && !sig.u->half_native ? 4 : itemsize(t);
}

// How the look-back kernel keeps a tile's status (see kTileStatusLibrary).
int status_packing(const ScanSignature& sig) {
  const int b = compute_bytes(sig);
  return b <= 4 ? 1 : b <= 8 ? 2 : 0;
}

}  // namespace

int scan_items_per_thread(const ScanSignature& sig) {
  const UfuncLoop& l = sig.u->loops.at(sig.loop);
  int widest = std::max(itemsize(sig.in), itemsize(l.types[0]));
  return std::max(2, std::min(16, 64 / widest));
}

int scan_lane_run(const ScanSignature& sig) {
  const int ipt = scan_items_per_thread(sig);
  // One 16-byte access per lane and chunk on both sides.
  const int widest = std::max(itemsize(sig.in), itemsize(sig.out));
  return std::max(1, std::min(ipt, 16 / widest));
}

ScanScratch scan_scratch(const ScanSignature& sig, int64_t tiles) {
  ScanScratch s;
  const int64_t value_words = (compute_bytes(sig) + 7) / 8;
  switch (status_packing(sig)) {
    case 1: s.clear_words = 2 + tiles; break;
    case 2: s.clear_words = 2 + 2 * tiles; break;
    default: s.clear_words = 2 + (tiles + 1) / 2; break;
  }
  s.words = s.clear_words + (status_packing(sig) == 0 ? 2 * tiles * value_words : 0);
  return s;
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
  s += "#define CUNP_V " + std::to_string(scan_lane_run(sig)) + "\n";
  s += "#define CUNP_VEC " + std::string(sig.vec ? "1" : "0") + "\n";
  s += "#define CUNP_PACK " + std::to_string(status_packing(sig)) + "\n";
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
  s += kernel_body(sig.kind);
  return s;
}

}  // namespace cunp
