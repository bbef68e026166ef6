// src/ops/indexing_source.cpp -- CUDA sources of the indexing kernels: the gather/scatter along one
// axis and the three steps of boolean compaction (count per tile, scan of the counts, scatter).
#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/indexing.hpp"
#include "cunp/runtime/error.hpp"
#include "indexing_params.hpp"

namespace cunp {
namespace {

using namespace detail;

// Raw bits moved by unit size; 16-byte units are only chosen when every address is aligned.
const char* unit_type(int bytes) {
  switch (bytes) {
    case 1: return "unsigned char";
    case 2: return "unsigned short";
    case 4: return "unsigned int";
    case 8: return "unsigned long long";
    case 16: return "uint4";
  }
  throw ValueError("indexing: bad unit size " + std::to_string(bytes));
}

// Elements of 16 bytes (complex128) are only 8-byte aligned in general.
const char* element_type(int bytes) { return bytes == 16 ? "cunp_pair" : unit_type(bytes); }

const char* index_type(DType t) {
  switch (t) {
    case DType::Int8: return "signed char";
    case DType::Int16: return "short";
    case DType::Int32: return "int";
    case DType::Int64: return "long long";
    case DType::UInt8: return "unsigned char";
    case DType::UInt16: return "unsigned short";
    case DType::UInt32: return "unsigned int";
    case DType::UInt64: return "unsigned long long";
    default: break;
  }
  throw IndexError("arrays used as indices must be of integer (or boolean) type");
}

std::string n(int64_t v) { return std::to_string(v); }

const char* kGatherParams = R"(
struct Params {
  unsigned long long x, y, idx, flag, value[2];
  long long n, m, units, total, so, sn;
  int ond, ind;
  long long oshape[8], ostride[8], ishape[8], istride[8];
};
)";

const char* kSelectParams = R"(
struct Params {
  unsigned long long mask, src, dst, tiles, total;
  long long n, ntiles, count;
  int ndim, pad;
  long long shape[8], stride[8];
};
struct cunp_pair { unsigned long long a, b; };
)";

}  // namespace

std::string gather_source(const GatherSignature& sig) {
  const std::string P = sig.wide ? "unsigned long long" : "unsigned int";
  std::string s = device_header() + kGatherParams;
  s += "typedef " + std::string(unit_type(sig.unit)) + " W;\n";
  s += "typedef " + std::string(index_type(sig.index)) + " I;\n";
  s += "typedef " + P + " P;\n";
  s += "extern \"C\" __global__ void __launch_bounds__(" + n(kGatherBlock) +
       ") cunp_gather(const Params p) {\n";
  s += "  const P stride = (P)gridDim.x * blockDim.x;\n";
  s += "  const P total = (P)p.total;\n";
  s += "  const I* idx = reinterpret_cast<const I*>(p.idx);\n";
  s += "  char* x = reinterpret_cast<char*>(p.x);\n";
  s += "  W* y = reinterpret_cast<W*>(p.y);\n";
  if (sig.scalar_value && sig.value_param) {
    // The value travels in the parameters (no buffer, no copy launch).
    s += "  union { unsigned long long q[2]; W w; } bits;\n";
    s += "  bits.q[0] = p.value[0];\n  bits.q[1] = p.value[1];\n  const W one = bits.w;\n";
  }
  s += "  for (P g0 = (P)blockIdx.x * blockDim.x + threadIdx.x; g0 < total; g0 += stride * " +
       n(kGatherUnroll) + ") {\n";
  s += "    long long off[" + n(kGatherUnroll) + "];\n    bool ok[" + n(kGatherUnroll) + "];\n";
  // Phase 1: positions (the index loads of every unit are in flight together).
  s += "#pragma unroll\n    for (int k = 0; k < " + n(kGatherUnroll) + "; ++k) {\n";
  s += "      const P g = g0 + (P)k * stride;\n      ok[k] = g < total;\n      off[k] = 0;\n";
  s += "      if (!ok[k]) continue;\n";
  s += sig.unit1 ? "      const P row = g, u = 0;\n"
                 : "      const P row = g / (P)p.units, u = g - row * (P)p.units;\n";
  s += sig.outer1 ? "      const P o = 0, j = row;\n"
                  : "      const P o = row / (P)p.m, j = row - o * (P)p.m;\n";
  // NumPy reads every index as intp: a uint64 above 2^63 wraps to a negative index too.
  s += "      long long t = (long long)idx[j];\n      if (t < 0) t += p.n;\n";
  if (!sig.scatter) {
    // A gather checks as it reads (a bad index only sets the flag); a scatter's indices were
    // all checked by a pass before it, so that nothing is written when one is bad.
    s += "      if ((unsigned long long)t >= (unsigned long long)p.n) {\n";
    s +=
        "        *reinterpret_cast<volatile int*>(p.flag) = 1;\n        ok[k] = false;\n        continue;\n      }\n";
  }
  if (sig.strided) {
    s += "      long long a = t * p.sn;\n";
    s +=
        "      cunp::for_each_coordinate((unsigned long long)o, p.ond, p.oshape, [&](int d, unsigned long long c) { a += (long long)c * p.ostride[d]; });\n";
    s +=
        "      cunp::for_each_coordinate((unsigned long long)u, p.ind, p.ishape, [&](int d, unsigned long long c) { a += (long long)c * p.istride[d]; });\n";
    s += "      off[k] = a;\n";
  } else {
    s += "      off[k] = (long long)o * p.so + t * p.sn + (long long)u * (long long)sizeof(W);\n";
  }
  s += "    }\n";
  // Phase 2: the data loads, then the stores.
  s += "    W v[" + n(kGatherUnroll) + "];\n";
  s += "#pragma unroll\n    for (int k = 0; k < " + n(kGatherUnroll) + "; ++k)\n";
  if (!sig.scatter) s += "      if (ok[k]) v[k] = *reinterpret_cast<const W*>(x + off[k]);\n";
  else if (sig.scalar_value)
    s += sig.value_param ? "      if (ok[k]) v[k] = one;\n" : "      if (ok[k]) v[k] = y[0];\n";
  else s += "      if (ok[k]) v[k] = y[g0 + (P)k * stride];\n";
  s += "#pragma unroll\n    for (int k = 0; k < " + n(kGatherUnroll) + "; ++k)\n";
  if (!sig.scatter) s += "      if (ok[k]) y[g0 + (P)k * stride] = v[k];\n";
  else s += "      if (ok[k]) *reinterpret_cast<W*>(x + off[k]) = v[k];\n";
  s += "  }\n}\n";
  return s;
}

std::string check_source(DType index) {
  const std::string U = n(kCheckUnroll);
  std::string s = R"(
struct Params {
  unsigned long long idx, flag;
  long long n, m;
};
)";
  s += "typedef " + std::string(index_type(index)) + " I;\n";
  s += "extern \"C\" __global__ void __launch_bounds__(" + n(kCheckBlock) +
       ") cunp_check(const Params p) {\n";
  s += "  const I* idx = reinterpret_cast<const I*>(p.idx);\n";
  s += "  const long long stride = (long long)gridDim.x * blockDim.x;\n";
  s += "  bool bad = false;\n";
  s +=
      "  for (long long i0 = (long long)blockIdx.x * blockDim.x + threadIdx.x; i0 < p.m; i0 += stride * " +
      U + ") {\n";
  s += "    long long t[" + U + "];\n";
  // The loads first, all in flight together; then the tests (as the gather reads an index).
  s += "#pragma unroll\n    for (int k = 0; k < " + U + "; ++k) {\n";
  s += "      const long long i = i0 + k * stride;\n";
  s += "      t[k] = i < p.m ? (long long)idx[i] : 0;\n    }\n";
  s += "#pragma unroll\n    for (int k = 0; k < " + U + "; ++k) {\n";
  s += "      long long v = t[k];\n      if (v < 0) v += p.n;\n";
  s += "      bad |= (unsigned long long)v >= (unsigned long long)p.n;\n    }\n  }\n";
  s +=
      "  if (__syncthreads_or(bad) && threadIdx.x == 0) *reinterpret_cast<volatile int*>(p.flag) = 1;\n}\n";
  return s;
}

std::string select_source(const SelectSignature& sig) {
  const std::string B = n(kSelectBlock), R = n(kSelectRounds), W = n(kSelectBlock / 32);
  std::string s = device_header() + kSelectParams;
  s += R"(
struct add_op {
  template <class T> __device__ T operator()(T a, T b) const { return a + b; }
};
__device__ __forceinline__ int warp_inclusive_int(int v) {
  return cunp::warp_inclusive_scan(v, threadIdx.x & 31, add_op());
}
__device__ __forceinline__ long long warp_inclusive_ll(long long v) {
  return cunp::warp_inclusive_scan(v, threadIdx.x & 31, add_op());
}
)";
  switch (sig.kind) {
    case SelectKind::Count:
      s += "extern \"C\" __global__ void __launch_bounds__(" + B +
           ") cunp_select(const Params p) {\n";
      s += "  const unsigned char* mask = reinterpret_cast<const unsigned char*>(p.mask);\n";
      s += "  long long* tiles = reinterpret_cast<long long*>(p.tiles);\n";
      s += "  __shared__ int warps[" + W + "];\n";
      s += "  for (long long b = blockIdx.x; b < p.ntiles; b += gridDim.x) {\n";
      s += "    const long long base = b * " + n(kSelectTile) + ";\n    int c = 0;\n";
      s += "#pragma unroll\n    for (int k = 0; k < " + R + "; ++k) {\n";
      s += "      const long long i = base + k * " + B + " + threadIdx.x;\n";
      s += "      c += (i < p.n && mask[i] != 0) ? 1 : 0;\n    }\n";
      s += "    for (int d = 16; d > 0; d >>= 1) c += __shfl_down_sync(0xffffffffu, c, d);\n";
      s += "    if ((threadIdx.x & 31) == 0) warps[threadIdx.x >> 5] = c;\n";
      s += "    __syncthreads();\n";
      s += "    if (threadIdx.x == 0) {\n      long long t = 0;\n";
      s += "      for (int w = 0; w < " + W + "; ++w) t += warps[w];\n      tiles[b] = t;\n    }\n";
      s += "    __syncthreads();\n  }\n}\n";
      return s;
    case SelectKind::ScanTiles: {
      const std::string SB = n(kScanBlock), SI = n(kScanItems);
      // One block: the exclusive scan of the tile counts, chunk by chunk with a carry.
      s += "extern \"C\" __global__ void __launch_bounds__(" + SB +
           ") cunp_select(const Params p) {\n";
      s += "  long long* tiles = reinterpret_cast<long long*>(p.tiles);\n";
      s += "  __shared__ long long warps[32];\n  __shared__ long long chunk_total;\n";
      s +=
          "  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nwarps = blockDim.x >> 5;\n";
      s += "  long long carry = 0;\n";
      s += "  for (long long base = 0; base < p.ntiles; base += (long long)blockDim.x * " + SI +
           ") {\n";
      s += "    long long v[" + SI + "];\n    long long sum = 0;\n";
      s += "#pragma unroll\n    for (int k = 0; k < " + SI + "; ++k) {\n";
      s += "      const long long i = base + (long long)threadIdx.x * " + SI + " + k;\n";
      s += "      v[k] = i < p.ntiles ? tiles[i] : 0;\n      sum += v[k];\n    }\n";
      s += "    const long long incl = warp_inclusive_ll(sum);\n";
      s += "    if (lane == 31) warps[warp] = incl;\n    __syncthreads();\n";
      s += "    if (warp == 0) {\n";
      s += "      const long long w = lane < nwarps ? warps[lane] : 0;\n";
      s += "      const long long wi = warp_inclusive_ll(w);\n";
      s += "      if (lane < nwarps) warps[lane] = wi - w;\n";
      s += "      if (lane == 31) chunk_total = wi;\n    }\n    __syncthreads();\n";
      s += "    long long e = carry + warps[warp] + incl - sum;\n";
      s += "#pragma unroll\n    for (int k = 0; k < " + SI + "; ++k) {\n";
      s += "      const long long i = base + (long long)threadIdx.x * " + SI + " + k;\n";
      s += "      if (i < p.ntiles) tiles[i] = e;\n      e += v[k];\n    }\n";
      s += "    carry += chunk_total;\n    __syncthreads();\n  }\n";
      s += "  if (threadIdx.x == 0) *reinterpret_cast<volatile long long*>(p.total) = carry;\n}\n";
      return s;
    }
    case SelectKind::Values:
    case SelectKind::Coords: {
      const bool values = sig.kind == SelectKind::Values;
      if (values) s += "typedef " + std::string(element_type(sig.itemsize)) + " E;\n";
      s += "extern \"C\" __global__ void __launch_bounds__(" + B +
           ") cunp_select(const Params p) {\n";
      s += "  const unsigned char* mask = reinterpret_cast<const unsigned char*>(p.mask);\n";
      s += "  const long long* tiles = reinterpret_cast<const long long*>(p.tiles);\n";
      s += "  __shared__ int counts[" + n(kSelectRounds * kSelectBlock / 32) + "];\n";
      s += "  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;\n";
      s += "  for (long long b = blockIdx.x; b < p.ntiles; b += gridDim.x) {\n";
      s += "    const long long base = b * " + n(kSelectTile) + ";\n";
      s += "    unsigned int ballot[" + R + "];\n";
      // Element order within a tile is (round, warp, lane): the ballots rank the lanes, the
      // scan of the per-(round, warp) counts ranks the rest.
      s += "#pragma unroll\n    for (int k = 0; k < " + R + "; ++k) {\n";
      s += "      const long long i = base + k * " + B + " + threadIdx.x;\n";
      s += "      ballot[k] = __ballot_sync(0xffffffffu, i < p.n && mask[i] != 0);\n";
      s += "      if (lane == 0) counts[k * " + W + " + warp] = __popc(ballot[k]);\n    }\n";
      s += "    __syncthreads();\n";
      const int per_lane = kSelectRounds * (kSelectBlock / 32) / 32;
      s += "    if (warp == 0) {\n      int c[" + n(per_lane) + "];\n      int sum = 0;\n";
      s += "#pragma unroll\n      for (int q = 0; q < " + n(per_lane) +
           "; ++q) { c[q] = counts[lane * " + n(per_lane) + " + q]; sum += c[q]; }\n";
      s += "      int e = warp_inclusive_int(sum) - sum;\n";
      s += "#pragma unroll\n      for (int q = 0; q < " + n(per_lane) + "; ++q) { counts[lane * " +
           n(per_lane) + " + q] = e; e += c[q]; }\n    }\n";
      s += "    __syncthreads();\n";
      s += "    const long long start = tiles[b];\n";
      s += "    const unsigned int below = (1u << lane) - 1u;\n";
      s += "#pragma unroll\n    for (int k = 0; k < " + R + "; ++k) {\n";
      s += "      if (!((ballot[k] >> lane) & 1u)) continue;\n";
      s += "      const long long i = base + k * " + B + " + threadIdx.x;\n";
      s += "      const long long pos = start + counts[k * " + W +
           " + warp] + __popc(ballot[k] & below);\n";
      if (values) {
        if (sig.strided) {
          s += "      long long off = 0;\n";
          s +=
              "      cunp::for_each_coordinate(i, p.ndim, p.shape, [&](int d, long long c) { off += c * p.stride[d]; });\n";
          s +=
              "      reinterpret_cast<E*>(p.dst)[pos] = *reinterpret_cast<const E*>(reinterpret_cast<const char*>(p.src) + off);\n";
        } else {
          s += "      reinterpret_cast<E*>(p.dst)[pos] = reinterpret_cast<const E*>(p.src)[i];\n";
        }
      } else {
        s += "      long long* dst = reinterpret_cast<long long*>(p.dst);\n";
        s += "      if (p.ndim <= 1) { dst[pos] = i; continue; }\n";
        s +=
            "      cunp::for_each_coordinate(i, p.ndim, p.shape, [&](int d, long long c) { dst[d * p.count + pos] = c; });\n";
      }
      s += "    }\n    __syncthreads();\n  }\n}\n";
      return s;
    }
  }
  throw ValueError("indexing: bad select kernel");
}

}  // namespace cunp
