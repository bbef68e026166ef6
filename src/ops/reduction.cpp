// src/ops/reduction.cpp -- the reduction engine: layout simplification (kept and reduced axes
// apart), the choice of strategy, kernel source generation, and the launch on the current stream.
#include "cunp/ops/reduction.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "../runtime/driver.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"
#include "../jit/kernel.hpp"
#include "launch_util.hpp"

namespace cunp {
namespace {

constexpr int kBlock = 256;
constexpr int kWarpsPerBlock = kBlock / 32;
constexpr int kMaxOperands = 16;       // inputs, and outputs, of one reduction
constexpr int kSlot = 32;              // bytes per partial result in the scratch buffer
constexpr int64_t kMaxSplits = 65535;  // gridDim.y

std::string num(long long v) { return std::to_string(v); }
std::string ctype(DType t) { return info(t).ctype; }

// ---------------------------------------------------------------------------------------------
// Planning

struct AxisSet {
  std::vector<int64_t> shape;
  std::vector<std::vector<int64_t>> strides;  // per operand
};

// Orders `axes` (outermost first: by decreasing |stride| of operand 0, unless keep_order) and
// merges neighbours that are contiguous in every operand.
AxisSet simplify_axes(std::vector<int> axes, const std::vector<int64_t>& shape,
                      const std::vector<const std::vector<int64_t>*>& strides, bool keep_order) {
  const std::size_t nops = strides.size();
  if (!keep_order && nops) {
    const auto& s0 = *strides[0];
    std::stable_sort(axes.begin(), axes.end(),
                     [&](int a, int b) { return std::llabs(s0[a]) > std::llabs(s0[b]); });
  }
  AxisSet r;
  r.strides.resize(nops);
  for (int a : axes) {
    bool merge = !r.shape.empty();
    for (std::size_t k = 0; k < nops && merge; ++k)
      merge = r.strides[k].back() == (*strides[k])[a] * shape[a];
    if (merge) {
      r.shape.back() *= shape[a];
      for (std::size_t k = 0; k < nops; ++k) r.strides[k].back() = (*strides[k])[a];
    } else {
      r.shape.push_back(shape[a]);
      for (std::size_t k = 0; k < nops; ++k) r.strides[k].push_back((*strides[k])[a]);
    }
  }
  return r;
}

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

// Vector loads each thread issues per trip of a contiguous row before folding any: 4 x 16
// bytes keeps more of HBM's latency covered than 2.
constexpr int kVectorUnroll = 4;

constexpr int kTileCols = 32;                  // a warp's width of outputs
constexpr int kTileRows = kBlock / kTileCols;  // warps, each folding every kTileRows-th row

}  // namespace

ReducePlan plan_reduction(const std::vector<int64_t>& shape, const std::vector<bool>& reduced,
                          const std::vector<std::vector<int64_t>>& in_strides,
                          const std::vector<std::vector<int64_t>>& out_strides,
                          const std::vector<int>& in_itemsizes, bool keep_order, int align,
                          const ReduceDevice& dev, bool ordered) {
  const int nd = static_cast<int>(shape.size());
  const std::size_t nin = in_strides.size(), nout = out_strides.size();
  ReducePlan p;
  // Kept axes: strides of inputs then outputs (outputs indexed by kept position).
  std::vector<int> kept_axes, red_axes;
  for (int a = 0; a < nd; ++a) {
    if (reduced[a]) {
      if (shape[a] != 1) red_axes.push_back(a);
    } else {
      kept_axes.push_back(a);
    }
  }
  std::vector<std::vector<int64_t>> out_full(nout, std::vector<int64_t>(nd, 0));
  for (std::size_t j = 0; j < nout; ++j)
    for (std::size_t x = 0; x < kept_axes.size(); ++x)
      out_full[j][kept_axes[x]] = out_strides[j][x];
  std::vector<int> kept_nonunit;
  for (int a : kept_axes)
    if (shape[a] != 1) kept_nonunit.push_back(a);
  std::vector<const std::vector<int64_t>*> kept_ops, red_ops;
  for (const auto& s : in_strides) kept_ops.push_back(&s), red_ops.push_back(&s);
  for (const auto& s : out_full) kept_ops.push_back(&s);
  AxisSet kept = simplify_axes(kept_nonunit, shape, kept_ops, false);
  AxisSet red = simplify_axes(red_axes, shape, red_ops, keep_order || ordered);
  p.kept_shape = kept.shape;
  p.kept_strides = kept.strides;
  p.reduced_shape = red.shape;
  p.reduced_strides = red.strides;
  p.kept_ndim = static_cast<int>(kept.shape.size());
  p.reduced_ndim = static_cast<int>(red.shape.size());
  p.n_out = 1;
  for (int64_t e : kept.shape) p.n_out *= e;
  p.n_red = 1;
  for (int64_t e : red.shape) p.n_red *= e;
  p.index32 = p.n_out * std::max<int64_t>(p.n_red, 1) < (int64_t{1} << 31) - (int64_t{1} << 24);

  // Strategy: the fastest-varying axis of the first input decides between reading rows
  // (reduced axis innermost) and reading columns (kept axis innermost).
  auto min_stride = [](const std::vector<int64_t>& s) {
    int64_t m = INT64_MAX;
    for (int64_t v : s) m = std::min<int64_t>(m, std::llabs(v));
    return m;
  };
  bool columns = false;  // a kept axis is innermost: neighbouring outputs, neighbouring bytes
  if (ordered) {
    p.strategy = ReduceStrategy::Thread;
  } else if (p.kept_ndim == 0) {
    p.strategy = ReduceStrategy::Block;
  } else if (p.reduced_ndim == 0 || nin == 0) {
    p.strategy = ReduceStrategy::Thread;
  } else if (min_stride(red.strides[0]) < min_stride(kept.strides[0])) {
    // Rows: a thread per row while a row is a few elements (neighbouring threads still read
    // neighbouring rows), a warp per row for short rows, a block for long ones.
    p.strategy = p.n_red <= 16     ? ReduceStrategy::Thread
                 : p.n_red <= 1024 ? ReduceStrategy::Warp
                                   : ReduceStrategy::Block;
  } else {
    p.strategy = ReduceStrategy::Thread;
    columns = true;
  }

  // 16-byte loads along one contiguous reduced axis, when every row start is aligned.
  if (p.strategy != ReduceStrategy::Thread && p.reduced_ndim == 1 && nin) {
    int widest = 1;
    for (int s : in_itemsizes) widest = std::max(widest, s);
    int vec = 16 / widest;
    for (std::size_t k = 0; k < nin && vec > 1; ++k)
      if (red.strides[k][0] != in_itemsizes[k]) vec = 1;
    auto aligned = [&](int v) {
      for (std::size_t k = 0; k < nin; ++k) {
        int64_t bytes = int64_t{v} * in_itemsizes[k];
        if (align % bytes != 0) return false;
        for (int64_t s : kept.strides[k])
          if (s % bytes != 0) return false;
      }
      return true;
    };
    while (vec > 1 && !aligned(vec)) vec /= 2;
    if (p.n_red < int64_t{vec} * (p.strategy == ReduceStrategy::Warp ? 32 : 64)) vec = 1;
    p.vec = std::max(vec, 1);
  }

  // Grid: one wave is every SM full of blocks; splitting the reduced axes over blockIdx.y keeps
  // two waves busy when outputs are few.
  const int64_t wave = std::max<int64_t>(1, int64_t{dev.sms} *
                                                std::max(1, dev.threads_per_sm / kBlock));
  p.splits = 1;
  p.chunk = p.n_red;
  auto split = [&](int64_t blocks_x, int64_t min_per_split, int64_t align_to) {
    if (p.n_red == 0) return;
    int64_t s = std::min(ceil_div(2 * wave, std::max<int64_t>(blocks_x, 1)),
                         ceil_div(p.n_red, min_per_split));
    s = std::clamp<int64_t>(s, 1, kMaxSplits);
    if (s == 1) return;
    int64_t chunk = ceil_div(ceil_div(p.n_red, s), align_to) * align_to;
    p.chunk = chunk;
    p.splits = ceil_div(p.n_red, chunk);
  };
  switch (p.strategy) {
    case ReduceStrategy::Block:
      if (p.n_out >= wave) {
        p.grid_x = std::min<int64_t>(p.n_out, wave * 16);
      } else {
        p.grid_x = p.n_out;
        split(p.n_out, int64_t{kBlock} * p.vec * 8, p.vec);
      }
      break;
    case ReduceStrategy::Warp:
      p.grid_x = std::min<int64_t>(ceil_div(p.n_out, kWarpsPerBlock), wave * 16);
      break;
    case ReduceStrategy::Thread:
      p.grid_x = ceil_div(p.n_out, kBlock);
      if (columns && p.grid_x < 2 * wave && p.n_red >= 8 * kTileRows) {
        // Too few columns to fill the GPU a thread each: a 32-column tile per block whose 8
        // warps split the rows folds in shared memory what a thread per column could only
        // combine through global partials. Split no more than needed.
        p.strategy = ReduceStrategy::Tile;
        p.grid_x = ceil_div(p.n_out, kTileCols);
        split(p.grid_x, 64 * kTileRows, 1);
      } else if (p.grid_x < 2 * wave && !ordered) {
        split(p.grid_x, 64, 1);
      }
      break;
    case ReduceStrategy::Tile: break;  // (chosen in the Thread case)
  }
  p.grid_x = std::max<int64_t>(p.grid_x, 1);
  return p;
}

namespace {

// ---------------------------------------------------------------------------------------------
// Source generation

// The parameter block: 8-byte words, then the 16-byte initial value.
int64_t param_words(int nin, int nout, int kept_ndim, int reduced_ndim) {
  const int K = std::max(1, kept_ndim), R = std::max(1, reduced_ndim);
  return 5 + nin + nout + K + int64_t{nin + nout} * K + R + int64_t{nin} * R;
}
int64_t params_bytes(int nin, int nout, int kept_ndim, int reduced_ndim) {
  return (param_words(nin, nout, kept_ndim, reduced_ndim) * 8 + 15) / 16 * 16 + 16;
}

// Functions every reduction kernel uses; they see the op's _red_* functions and Params.
const char* const kLibrary = R"(
__device__ __forceinline__ void _red_fold(_rtype& a, bool& ha, const _rtype& b, bool hb) {
  if (_KID) {
    a = _red_reduce(a, b);
  } else if (hb) {
    if (ha) a = _red_reduce(a, b);
    else a = b;
    ha = true;
  }
}
// Reads a partial another block wrote (through L2, never a stale L1 line), word by word.
__device__ __forceinline__ _rtype _red_load_partial(const char* p) {
  lane_words<_rtype> u;
#pragma unroll
  for (int k = 0; k < (sizeof(_rtype) + 3) / 4; ++k)
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(u.w[k]) : "l"(p + 4 * k));
  return u.value;
}
__device__ __forceinline__ void _red_store_partial(char* p, const _rtype& v) {
  *reinterpret_cast<_rtype*>(p) = v;
}
// Lane 0 ends with the warp's fold.
__device__ __forceinline__ void _red_warp(_rtype& a, bool& ha) {
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) {
    _rtype b = shfl_down(a, d);
    bool hb = _KID ? true : __shfl_down_sync(0xffffffffu, static_cast<int>(ha), d) != 0;
    _red_fold(a, ha, b, hb);
  }
}
// Thread 0 ends with the block's fold.
__device__ __forceinline__ void _red_block(_rtype& a, bool& ha) {
  __shared__ __align__(16) unsigned char _sbuf[(BLOCK / 32) * sizeof(_rtype)];
  __shared__ bool _shas[BLOCK / 32];
  _red_warp(a, ha);
  const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  __syncthreads();  // the buffers may still be read from the previous row
  if (lane == 0) {
    reinterpret_cast<_rtype*>(_sbuf)[w] = a;
    _shas[w] = ha;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
#pragma unroll
    for (int k = 1; k < BLOCK / 32; ++k) {
      _red_fold(a, ha, reinterpret_cast<const _rtype*>(_sbuf)[k], _shas[k]);
    }
  }
}
)";

struct RGen {
  const ReductionOp& op;
  const ReduceSignature& sig;
  int nin, nout;

  RGen(const ReductionOp& o, const ReduceSignature& s)
      : op(o), sig(s), nin(static_cast<int>(s.inputs.size())),
        nout(static_cast<int>(s.outputs.size())) {}

  std::string name(int k) const {
    if (k < static_cast<int>(op.names.size())) return op.names[k];
    return k < nin ? "in" + num(k) : "out" + num(k - nin);
  }
  std::string T(int k) const { return "_t" + num(k); }
  DType dtype(int k) const { return k < nin ? sig.inputs[k] : sig.outputs[k - nin]; }
  std::string kernel_name() const { return "cunp_red_" + op.name; }

  // Loads input k's element at byte offsets ko (kept) + ro (reduced).
  std::string load(int k, const std::string& off) const {
    return "*reinterpret_cast<const " + T(k) + "*>(_p.in[" + num(k) + "] + " + off + ")";
  }

  std::string source() const {
    const int K = std::max(1, sig.kept_ndim), R = std::max(1, sig.reduced_ndim);
    const int nops = nin + nout;
    std::string s = device_header();
    if (op.math) s += device_math_header();
    s += "\nusing namespace cunp;\n#define BLOCK " + num(kBlock) + "\n";
    for (int k = 0; k < nops; ++k) s += "typedef " + ctype(dtype(k)) + " " + T(k) + ";\n";
    for (const TypeAlias& a : op.type_aliases) {
      if (a.scalar || a.index < 0 || a.index >= nops)
        throw ValueError("reduction: type alias '" + a.name + "' names no operand");
      s += "typedef " + T(a.index) + " " + a.name + ";\n";
    }
    s += op.preamble + "\n";
    std::string rt = op.reduce_type.empty() ? T(nin) : op.reduce_type;
    s += "typedef " + rt + " _type_reduce;\ntypedef _type_reduce _rtype;\n";
    s += "static_assert(sizeof(_rtype) <= " + num(kSlot) + ", \"reduce_type is larger than " +
         num(kSlot) + " bytes\");\n";
    s += std::string("typedef ") + (sig.index32 ? "int" : "long long") + " _idx_t;\n";
    const bool kid = op.identity.has_value() || sig.init_param;
    s += std::string("#define _KID ") + (kid ? "true" : "false") + "\n";
    s +=
        "struct Params {\n  long long n_out, n_red, chunk;\n  char* scratch;\n  unsigned* tickets;\n";
    s += "  const char* in[" + num(nin) + "];\n  char* out[" + num(nout) + "];\n";
    s += "  long long kshape[" + num(K) + "];\n  long long kst[" + num(nops) + "][" + num(K) +
         "];\n";
    s += "  long long rshape[" + num(R) + "];\n  long long rst[" + num(nin) + "][" + num(R) +
         "];\n";
    // The initial value as 64-bit words (as bytes, the compiler read it a byte at a time).
    s += "  alignas(16) unsigned long long init[2];\n};\n";
    s += "static_assert(sizeof(Params) == " +
         num(params_bytes(nin, nout, sig.kept_ndim, sig.reduced_ndim)) +
         ", \"host and device disagree on the parameter block\");\n";
    // The op's parts.
    s += "__device__ __forceinline__ _rtype _red_identity(const Params& _p) {\n  (void)_p;\n";
    // initial= replaces the identity as the start of every partial fold only when the op has
    // none (the extrema, where folding it again changes nothing); otherwise it is folded in
    // once, before the outputs are written (_red_write).
    if (op.identity) s += "  return (" + *op.identity + ");\n";
    else if (sig.init_param) s += "  return *reinterpret_cast<const _rtype*>(_p.init);\n";
    else s += "  return _rtype();\n";
    s += "}\n";
    s += "__device__ __forceinline__ _rtype _red_map(const Params& _p, ";
    for (int k = 0; k < nin; ++k) s += "const " + T(k) + " " + name(k) + ", ";
    s += "const long long _j) {\n  (void)_p;\n  (void)_j;\n  return (" + op.map_expr + ");\n}\n";
    s +=
        "__device__ __forceinline__ _rtype _red_reduce(const _rtype a, const _rtype b) {\n  return (" +
        op.reduce_expr + ");\n}\n";
    // The post-map sees the sizes as CuPy's does (_in_ind.size() / _out_ind.size() is the
    // number of elements each output folds) and that count itself as _red_n: a mean divides
    // by it in the same launch.
    s +=
        "struct _red_size {\n  long long n;\n  __device__ long long size() const { return n; }\n};\n";
    s += "__device__ __forceinline__ void _red_post(const Params& _p, const _rtype a";
    for (int j = 0; j < nout; ++j) s += ", " + T(nin + j) + "& " + name(nin + j);
    s +=
        ") {\n  const long long _red_n = _p.n_red;\n  const _red_size _in_ind{_p.n_red * _p.n_out}, _out_ind{_p.n_out};\n";
    s += "  (void)_red_n;\n  (void)_in_ind;\n  (void)_out_ind;\n" + op.post_map_expr + ";\n}\n";
    s += kLibrary;
    s += offsets();
    s += "extern \"C\" __global__ void __launch_bounds__(BLOCK) " + kernel_name() +
         "(const Params _p) {\n";
    s +=
        "  const _idx_t n_out = static_cast<_idx_t>(_p.n_out), n_red = static_cast<_idx_t>(_p.n_red);\n";
    s += "  const _idx_t chunk = static_cast<_idx_t>(_p.chunk);\n  (void)n_red;\n  (void)chunk;\n";
    switch (sig.strategy) {
      case ReduceStrategy::Block: s += block_body(); break;
      case ReduceStrategy::Warp: s += warp_body(); break;
      case ReduceStrategy::Thread: s += thread_body(); break;
      case ReduceStrategy::Tile: s += tile_body(); break;
    }
    s += "}\n";
    return s;
  }

  // Byte offsets of a kept position (every operand) and of a reduced position (inputs).
  std::string offsets() const {
    const int nops = nin + nout;
    // With no kept (or reduced) axes the arrays hold one unused axis: the rank passed is 0.
    std::string s =
        "__device__ __forceinline__ void _red_koff(const Params& _p, _idx_t o, long long* ko) {\n";
    s += "  nd_offsets<" + num(sig.kept_ndim) + ", " + num(nops) +
         ">(o, _p.kshape, _p.kst, ko);\n}\n";
    s += "__device__ __forceinline__ void _red_roff(const Params& _p, _idx_t r, long long* ro) {\n";
    s += "  nd_offsets<" + num(sig.reduced_ndim) + ", " + num(nin) +
         ">(r, _p.rshape, _p.rst, ro);\n}\n";
    // One mapped element at reduced position r.
    s +=
        "__device__ __forceinline__ _rtype _red_elem(const Params& _p, const long long* ko, _idx_t r) {\n";
    s += "  long long ro[" + num(nin) + "];\n  _red_roff(_p, r, ro);\n  return _red_map(_p, ";
    for (int k = 0; k < nin; ++k) s += load(k, "ko[" + num(k) + "] + ro[" + num(k) + "]") + ", ";
    s += "static_cast<long long>(r));\n}\n";
    // The outputs of one kept position.
    s +=
        "__device__ __forceinline__ void _red_write(const Params& _p, const long long* ko, const _rtype& a) {\n";
    if (sig.init_param && op.identity)
      s +=
          "  const _rtype _f = _red_reduce(*reinterpret_cast<const _rtype*>(_p.init), a);\n  _red_post(_p, _f";
    else s += "  _red_post(_p, a";
    for (int j = 0; j < nout; ++j)
      s += ", *reinterpret_cast<" + T(nin + j) + "*>(_p.out[" + num(j) + "] + ko[" + num(nin + j) +
           "])";
    s += ");\n}\n";
    return s;
  }

  // A thread's fold over reduced positions lo + t, lo + t + st, ... below hi (ko: the row).
  std::string thread_loop(const std::string& t, const std::string& st) const {
    std::string s;
    if (sig.vec > 1) {
      // 16-byte loads: lo is a multiple of the vector width, rows start aligned.
      const std::string V = num(sig.vec);
      for (int k = 0; k < nin; ++k)
        s += "    const vec<" + T(k) + ", " + V + ">* _pv" + num(k) +
             " = reinterpret_cast<const vec<" + T(k) + ", " + V + ">*>(_p.in[" + num(k) +
             "] + ko[" + num(k) + "] + static_cast<long long>(lo) * sizeof(" + T(k) + "));\n";
      s += "    const _idx_t nv = (hi - lo) / " + V + ";\n";
      s += "    _idx_t v = " + t + ";\n";
      // U vector loads issued before any is folded.
      const int U = kVectorUnroll;
      s += "    for (; v + " + num(U - 1) + " * " + st + " < nv; v += " + num(U) + " * " + st +
           ") {\n";
      for (int k = 0; k < nin; ++k)
        for (int u = 0; u < U; ++u)
          s += "      const vec<" + T(k) + ", " + V + "> _x" + num(k) + "_" + num(u) + " = _pv" +
               num(k) + "[v + " + num(u) + " * " + st + "];\n";
      for (int u = 0; u < U; ++u) {
        s += "#pragma unroll\n      for (int _e = 0; _e < " + V +
             "; ++_e) _red_fold(acc, has, _red_map(_p, ";
        for (int k = 0; k < nin; ++k) s += "_x" + num(k) + "_" + num(u) + ".v[_e], ";
        s += "static_cast<long long>(lo) + (v + " + num(u) + " * " + st + ") * " + V +
             " + _e), true);\n";
      }
      s += "    }\n";
      s += "    for (; v < nv; v += " + st + ") {\n";
      for (int k = 0; k < nin; ++k)
        s += "      const vec<" + T(k) + ", " + V + "> _x" + num(k) + " = _pv" + num(k) + "[v];\n";
      s += "#pragma unroll\n      for (int _e = 0; _e < " + V +
           "; ++_e) _red_fold(acc, has, _red_map(_p, ";
      for (int k = 0; k < nin; ++k) s += "_x" + num(k) + ".v[_e], ";
      s += "static_cast<long long>(lo) + v * " + V + " + _e), true);\n    }\n";
      s += "    for (_idx_t r = lo + nv * " + V + " + " + t + "; r < hi; r += " + st +
           ") _red_fold(acc, has, _red_elem(_p, ko, r), true);\n";
      return s;
    }
    // Four loads in flight per thread before any is folded.
    s += "    _idx_t r = lo + " + t + ";\n";
    s += "    for (; r + 3 * " + st + " < hi; r += 4 * " + st + ") {\n";
    s += "      const _rtype _m0 = _red_elem(_p, ko, r), _m1 = _red_elem(_p, ko, r + " + st +
         "), _m2 = _red_elem(_p, ko, r + 2 * " + st + "), _m3 = _red_elem(_p, ko, r + 3 * " + st +
         ");\n";
    s += "      _red_fold(acc, has, _m0, true);\n      _red_fold(acc, has, _m1, true);\n";
    s += "      _red_fold(acc, has, _m2, true);\n      _red_fold(acc, has, _m3, true);\n    }\n";
    s += "    for (; r < hi; r += " + st + ") _red_fold(acc, has, _red_elem(_p, ko, r), true);\n";
    return s;
  }

  std::string acc_init() const {
    return "    _rtype acc = _red_identity(_p);\n    bool has = _KID;\n";
  }

  std::string block_body() const {
    const int nops = nin + nout;
    std::string s;
    s +=
        "  const _idx_t S = static_cast<_idx_t>(gridDim.y), y = static_cast<_idx_t>(blockIdx.y);\n";
    s +=
        "  const _idx_t lo = y * chunk;\n  const _idx_t hi = S == 1 ? n_red : (n_red - lo < chunk ? n_red : lo + chunk);\n";
    s += "  __shared__ bool _last;\n";
    s += "  for (_idx_t row = blockIdx.x; row < n_out; row += gridDim.x) {\n";
    s += "    long long ko[" + num(nops) + "];\n    _red_koff(_p, row, ko);\n";
    s += acc_init();
    s += thread_loop("static_cast<_idx_t>(threadIdx.x)", "static_cast<_idx_t>(BLOCK)");
    s += "    _red_block(acc, has);\n";
    s +=
        "    if (S == 1) {\n      if (threadIdx.x == 0) _red_write(_p, ko, acc);\n      continue;\n    }\n";
    // Several blocks per row: each leaves a partial; the last to arrive (atomic ticket, after a
    // fence that publishes its partial) folds them all and resets the ticket.
    s += "    if (threadIdx.x == 0) {\n";
    s += "      _red_store_partial(_p.scratch + (static_cast<long long>(row) * S + y) * " +
         num(kSlot) + ", acc);\n";
    s += "      __threadfence();\n";
    s += "      _last = atomicAdd(&_p.tickets[row], 1u) == static_cast<unsigned>(S - 1);\n    }\n";
    s += "    __syncthreads();\n";
    s += "    if (_last) {\n      __threadfence();\n";
    s += "      _rtype a2 = _red_identity(_p);\n      bool h2 = _KID;\n";
    s += "      for (_idx_t k = threadIdx.x; k < S; k += BLOCK)\n";
    s +=
        "        _red_fold(a2, h2, _red_load_partial(_p.scratch + (static_cast<long long>(row) * S + k) * " +
        num(kSlot) + "), true);\n";
    s += "      _red_block(a2, h2);\n";
    s +=
        "      if (threadIdx.x == 0) {\n        _red_write(_p, ko, a2);\n        _p.tickets[row] = 0;\n      }\n    }\n";
    s += "    __syncthreads();  // _last is rewritten for the next row\n  }\n";
    return s;
  }

  std::string warp_body() const {
    const int nops = nin + nout;
    std::string s;
    s += "  const int lane = threadIdx.x & 31;\n";
    s += "  const _idx_t lo = 0, hi = n_red;\n";
    s += "  const _idx_t wstep = static_cast<_idx_t>(gridDim.x) * (BLOCK / 32);\n";
    s +=
        "  for (_idx_t row = static_cast<_idx_t>(blockIdx.x) * (BLOCK / 32) + (threadIdx.x >> 5); row < n_out; row += wstep) {\n";
    s += "    long long ko[" + num(nops) + "];\n    _red_koff(_p, row, ko);\n";
    s += acc_init();
    s += thread_loop("static_cast<_idx_t>(lane)", "static_cast<_idx_t>(32)");
    s += "    _red_warp(acc, has);\n    if (lane == 0) _red_write(_p, ko, acc);\n  }\n";
    return s;
  }

  std::string thread_body() const {
    const int nops = nin + nout;
    std::string s;
    s +=
        "  const _idx_t S = static_cast<_idx_t>(gridDim.y), y = static_cast<_idx_t>(blockIdx.y);\n";
    s +=
        "  const _idx_t lo = y * chunk;\n  const _idx_t hi = S == 1 ? n_red : (n_red - lo < chunk ? n_red : lo + chunk);\n";
    s += "  const _idx_t o = static_cast<_idx_t>(blockIdx.x) * BLOCK + threadIdx.x;\n";
    s += "  long long ko[" + num(nops) + "];\n";
    s += "  {\n" + acc_init();
    s += "    if (o < n_out) {\n      _red_koff(_p, o, ko);\n";
    s += thread_loop("0", "1");
    s += "    }\n";
    s += "    if (S == 1) {\n      if (o < n_out) _red_write(_p, ko, acc);\n      return;\n    }\n";
    // Split along the reduced axes: partials in split-major order (coalesced per split); the
    // last block of a column group folds them in split order.
    s +=
        "    if (o < n_out) _red_store_partial(_p.scratch + (static_cast<long long>(y) * n_out + o) * " +
        num(kSlot) + ", acc);\n  }\n";
    s += "  __threadfence();\n  __syncthreads();\n  __shared__ bool _last;\n";
    s +=
        "  if (threadIdx.x == 0) _last = atomicAdd(&_p.tickets[blockIdx.x], 1u) == static_cast<unsigned>(S - 1);\n";
    s += "  __syncthreads();\n  if (!_last) return;\n  __threadfence();\n";
    s += "  if (threadIdx.x == 0) _p.tickets[blockIdx.x] = 0;\n";
    s += "  if (o >= n_out) return;\n";
    s += "  _rtype a2 = _red_load_partial(_p.scratch + static_cast<long long>(o) * " + num(kSlot) +
         ");\n";
    s += "  for (_idx_t k = 1; k < S; ++k)\n";
    s +=
        "    a2 = _red_reduce(a2, _red_load_partial(_p.scratch + (static_cast<long long>(k) * n_out + o) * " +
        num(kSlot) + "));\n";
    s += "  _red_write(_p, ko, a2);\n";
    return s;
  }

  // A block per kTileCols outputs: lane = output, warp w folds rows lo + w, lo + w + kTileRows,
  // ... (each warp reads whole 128-byte column segments), then warp 0 folds the warps' partials
  // from shared memory. Splits (blockIdx.y) combine as in thread_body. Every thread reaches
  // each __syncthreads: only the loads and writes are guarded.
  std::string tile_body() const {
    const int nops = nin + nout;
    const std::string C = num(kTileCols), W = num(kTileRows), slot = num(kSlot);
    std::string s;
    s +=
        "  const _idx_t S = static_cast<_idx_t>(gridDim.y), y = static_cast<_idx_t>(blockIdx.y);\n";
    s +=
        "  const _idx_t lo = y * chunk;\n  const _idx_t hi = S == 1 ? n_red : (n_red - lo < chunk ? n_red : lo + chunk);\n";
    s += "  const int lane = threadIdx.x % " + C + ", w = threadIdx.x / " + C + ";\n";
    s += "  const _idx_t o = static_cast<_idx_t>(blockIdx.x) * " + C + " + lane;\n";
    s += "  long long ko[" + num(nops) + "];\n";
    s += "  __shared__ __align__(16) unsigned char _tbuf[BLOCK * sizeof(_rtype)];\n";
    s += "  __shared__ bool _thas[BLOCK];\n  __shared__ bool _last;\n";
    s += "  {\n" + acc_init();
    s += "    if (o < n_out) {\n      _red_koff(_p, o, ko);\n";
    s += thread_loop("static_cast<_idx_t>(w)", "static_cast<_idx_t>(" + W + ")");
    s += "    }\n";
    s +=
        "    reinterpret_cast<_rtype*>(_tbuf)[threadIdx.x] = acc;\n    _thas[threadIdx.x] = has;\n";
    s += "    __syncthreads();\n";
    s += "    if (w == 0) {\n#pragma unroll\n      for (int k = 1; k < " + W + "; ++k)\n";
    s += "        _red_fold(acc, has, reinterpret_cast<const _rtype*>(_tbuf)[k * " + C +
         " + lane], _thas[k * " + C + " + lane]);\n    }\n";
    s +=
        "    if (S == 1) {\n      if (w == 0 && o < n_out) _red_write(_p, ko, acc);\n      return;\n    }\n";
    s +=
        "    if (w == 0 && o < n_out) _red_store_partial(_p.scratch + (static_cast<long long>(y) * n_out + o) * " +
        slot + ", acc);\n";
    s += "  }\n";
    s += "  __threadfence();\n  __syncthreads();\n";
    s +=
        "  if (threadIdx.x == 0) _last = atomicAdd(&_p.tickets[blockIdx.x], 1u) == static_cast<unsigned>(S - 1);\n";
    s += "  __syncthreads();\n  if (!_last) return;\n  __threadfence();\n";
    s += "  if (threadIdx.x == 0) _p.tickets[blockIdx.x] = 0;\n";
    s += "  if (w != 0 || o >= n_out) return;\n";
    s += "  _rtype a2 = _red_load_partial(_p.scratch + static_cast<long long>(o) * " + slot +
         ");\n";
    s += "  for (_idx_t k = 1; k < S; ++k)\n";
    s +=
        "    a2 = _red_reduce(a2, _red_load_partial(_p.scratch + (static_cast<long long>(k) * n_out + o) * " +
        slot + "));\n";
    s += "  _red_write(_p, ko, a2);\n";
    return s;
  }
};

// The kernel key: the op's code hash plus one byte per plan fact and dtype.
static_assert(16 + 2 * kMaxOperands <= detail::KernelKey::kCapacity);

void hash_int(uint64_t& h, uint64_t v) { h = hash_bytes(&v, sizeof v, h); }
void hash_string(uint64_t& h, const std::string& s) {
  hash_int(h, s.size());
  h = hash_bytes(s.data(), s.size(), h);
}

int pointer_alignment(uintptr_t p) {
  int a = 16;
  while (a > 1 && p % static_cast<uintptr_t>(a) != 0) a /= 2;
  return a;
}

}  // namespace

uint64_t ReductionOp::code_hash() const {
  uint64_t h = hash_cache_.value.load(std::memory_order_acquire);
  if (h) return h;
  h = hash_bytes("cunp-reduction-2", 16);
  for (const std::string* s :
       {&name, &map_expr, &reduce_expr, &post_map_expr, &reduce_type, &preamble})
    hash_string(h, *s);
  hash_int(h, identity.has_value());
  if (identity) hash_string(h, *identity);
  hash_int(h, (uses_index ? 1 : 0) | (math ? 2 : 0) | (ordered ? 4 : 0));
  for (const auto* list : {&names, &options}) {
    hash_int(h, list->size());
    for (const std::string& s : *list) hash_string(h, s);
  }
  for (const TypeAlias& a : type_aliases) {
    hash_string(h, a.name);
    hash_int(h, a.scalar);
    hash_int(h, static_cast<uint64_t>(a.index));
  }
  if (h == 0) h = 1;
  hash_cache_.value.store(h, std::memory_order_release);
  return h;
}

std::string reduction_source(const ReductionOp& op, const ReduceSignature& sig) {
  if (sig.inputs.empty() || sig.outputs.empty())
    throw ValueError("reduction: needs at least one input and one output");
  return RGen(op, sig).source();
}

std::vector<int> normalize_axes(const std::optional<std::vector<int64_t>>& axis, int ndim) {
  std::vector<int> axes;
  if (!axis) {
    for (int a = 0; a < ndim; ++a) axes.push_back(a);
    return axes;
  }
  std::vector<bool> seen(ndim, false);
  for (int64_t a : *axis) {
    int n = normalize_axis(a, ndim);
    if (seen[n]) throw ValueError("duplicate value in 'axis'");
    seen[n] = true;
    axes.push_back(n);
  }
  std::sort(axes.begin(), axes.end());
  return axes;
}

void reduce(const ReductionOp& op, ArgList<NDArray> inputs, ArgList<NDArray> outputs,
            const std::vector<int>& axes, const Scalar* init, Dims shape) {
  const int nin = static_cast<int>(inputs.size()), nout = static_cast<int>(outputs.size());
  if (nin < 1 || nout < 1) throw ValueError("reduction: needs at least one input and one output");
  if (nin > kMaxOperands || nout > kMaxOperands)
    throw ValueError("reduction: at most " + num(kMaxOperands) + " inputs and outputs");
  if (shape.empty()) {
    std::vector<Dims> shapes;
    for (const NDArray& a : inputs) shapes.push_back(a.shape());
    shape = shapes.size() == 1 ? shapes[0] : broadcast_shapes(shapes);
  }
  const int nd = shape.size();
  const int device = inputs[0].device();
  for (const NDArray& a : inputs)
    if (a.device() != device)
      throw ValueError("array on device " + num(a.device()) +
                       " cannot be used with an array on device " + num(device));
  for (const NDArray& a : outputs)
    if (a.device() != device)
      throw ValueError("array on device " + num(a.device()) +
                       " cannot be used with an array on device " + num(device));

  std::vector<bool> reduced(nd, false);
  for (int a : axes) {
    if (a < 0 || a >= nd) throw AxisError(a, nd);
    reduced[a] = true;
  }
  Dims kept_shape;
  for (int a = 0; a < nd; ++a)
    if (!reduced[a]) kept_shape.push_back(shape[a]);

  // Strides: inputs broadcast to `shape`, outputs along the kept axes.
  std::vector<std::vector<int64_t>> in_strides(nin, std::vector<int64_t>(nd, 0));
  for (int k = 0; k < nin; ++k) {
    const NDArray& a = inputs[k];
    int off = nd - a.ndim();
    if (off < 0)
      throw ValueError("reduction: input of rank " + num(a.ndim()) + " for a loop of rank " +
                       num(nd));
    for (int d = 0; d < a.ndim(); ++d) {
      int64_t e = a.shape()[d];
      if (e == shape[d + off]) in_strides[k][d + off] = e == 1 ? 0 : a.strides()[d];
      else if (e != 1)
        throw ValueError("operands could not be broadcast together with remapped shapes "
                         "[original->remapped]: " +
                         shape_str(a.shape()) + "  and requested shape " + shape_str(shape));
    }
  }
  std::vector<std::vector<int64_t>> out_strides(nout);
  for (int j = 0; j < nout; ++j) {
    const NDArray& o = outputs[j];
    if (o.ndim() == nd) {
      for (int a = 0; a < nd; ++a) {
        if (reduced[a] ? o.shape()[a] != 1 : o.shape()[a] != shape[a])
          throw ValueError("reduction: output shape " + shape_str(o.shape()) + " does not match");
        if (!reduced[a]) out_strides[j].push_back(o.shape()[a] == 1 ? 0 : o.strides()[a]);
      }
    } else {
      if (o.shape() != kept_shape)
        throw ValueError("reduction: output shape " + shape_str(o.shape()) + " does not match " +
                         shape_str(kept_shape));
      for (int d = 0; d < o.ndim(); ++d)
        out_strides[j].push_back(o.shape()[d] == 1 ? 0 : o.strides()[d]);
    }
  }

  int64_t n_out = kept_shape.product();
  int64_t n_red = 1;
  for (int a : axes) n_red *= shape[a];
  if (n_out == 0) return;
  if (n_red == 0 && !op.identity && !init)
    throw ValueError("zero-size array to reduction operation " + op.name +
                     " which has no identity");

  std::vector<int> itemsizes(nin);
  int align = 16;
  for (int k = 0; k < nin; ++k) {
    itemsizes[k] = inputs[k].itemsize();
    align = std::min(align, pointer_alignment(inputs[k].data()));
  }
  ReduceDevice dev;
  {
    const DeviceProperties& p = device_properties(device);
    dev.sms = std::max(1, p.multiprocessor_count);
    dev.threads_per_sm = std::max(kBlock, p.max_threads_per_multiprocessor);
  }
  ReducePlan plan = plan_reduction(shape.to_vector(), reduced, in_strides, out_strides, itemsizes,
                                   op.uses_index, align, dev, op.ordered);

  detail::KernelKey key(detail::Engine::Reduction, device, op.code_hash());
  key.add(static_cast<int>(plan.strategy));
  key.add(plan.kept_ndim);
  key.add(plan.reduced_ndim);
  key.add(plan.vec);
  key.add(plan.index32);
  key.add(init != nullptr);
  key.add(nin);
  for (const NDArray& a : inputs) key.add(static_cast<int>(a.dtype()));
  for (const NDArray& a : outputs) key.add(static_cast<int>(a.dtype()));

  FunctionHandle fn = detail::kernel(key, [&] {
    ReduceSignature sig;
    for (const NDArray& a : inputs) sig.inputs.push_back(a.dtype());
    for (const NDArray& a : outputs) sig.outputs.push_back(a.dtype());
    sig.strategy = plan.strategy;
    sig.kept_ndim = plan.kept_ndim;
    sig.reduced_ndim = plan.reduced_ndim;
    sig.vec = plan.vec;
    sig.index32 = plan.index32;
    sig.init_param = init != nullptr;
    RGen g(op, sig);
    return detail::KernelSpec{g.source(), g.kernel_name(), op.options};
  });

  // Scratch for split reductions: partials, then one ticket per combining group.
  MemoryPtr scratch;
  uint64_t partials = 0, tickets = 0;
  const StreamHandle stream = current_stream_handle(device);
  activate(device);
  if (plan.splits > 1) {
    int64_t groups = plan.strategy == ReduceStrategy::Block ? plan.n_out : plan.grid_x;
    int64_t pbytes = plan.n_out * plan.splits * kSlot;
    scratch = allocate(static_cast<std::size_t>(pbytes + groups * 4), device, stream);
    partials = scratch->ptr;
    tickets = scratch->ptr + static_cast<uint64_t>(pbytes);
    CUNP_DRV(cuMemsetD32Async, static_cast<CUdeviceptr>(tickets), 0u,
             static_cast<std::size_t>(groups), reinterpret_cast<CUstream>(stream));
  }

  const int K = std::max(1, plan.kept_ndim), R = std::max(1, plan.reduced_ndim);
  const int64_t bytes = params_bytes(nin, nout, plan.kept_ndim, plan.reduced_ndim);
  detail::InlineBuffer<uint64_t, 256> params(static_cast<std::size_t>(bytes / 8));
  std::memset(params.data(), 0, static_cast<std::size_t>(bytes));
  std::size_t w = 0;
  params[w++] = static_cast<uint64_t>(plan.n_out);
  params[w++] = static_cast<uint64_t>(plan.n_red);
  params[w++] = static_cast<uint64_t>(plan.chunk);
  params[w++] = partials;
  params[w++] = tickets;
  for (const NDArray& a : inputs) params[w++] = a.data();
  for (const NDArray& a : outputs) params[w++] = a.data();
  for (int d = 0; d < K; ++d)
    params[w++] = d < plan.kept_ndim ? static_cast<uint64_t>(plan.kept_shape[d]) : 1;
  for (int k = 0; k < nin + nout; ++k)
    for (int d = 0; d < K; ++d)
      params[w++] = d < plan.kept_ndim ? static_cast<uint64_t>(plan.kept_strides[k][d]) : 0;
  for (int d = 0; d < R; ++d)
    params[w++] = d < plan.reduced_ndim ? static_cast<uint64_t>(plan.reduced_shape[d]) : 1;
  for (int k = 0; k < nin; ++k)
    for (int d = 0; d < R; ++d)
      params[w++] = d < plan.reduced_ndim ? static_cast<uint64_t>(plan.reduced_strides[k][d]) : 0;
  if (init)
    std::memcpy(reinterpret_cast<unsigned char*>(params.data()) + bytes - 16, init->bytes, 16);

  void* args[] = {params.data()};
  detail::launch_on(fn, device, stream,
                    {static_cast<unsigned>(plan.grid_x), static_cast<unsigned>(plan.splits)},
                    {kBlock}, args);
}

}  // namespace cunp
