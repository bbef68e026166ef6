// src/ops/elementwise/elementwise.cpp -- layout simplification, kernel source generation, launch.
// The launch path (a kernel-cache hit) allocates nothing: operand strides, the cache key and the
// parameter block live in fixed or stack-backed buffers.
#include "cunp/ops/elementwise/elementwise.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "jit/kernel.hpp"
#include "ops/launch_util.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"

namespace cunp {
namespace {

using detail::InlineBuffer;

constexpr int kBlock = 256;
constexpr int kMaxOperands = 64;  // inputs + outputs of one launch
constexpr int kMaxScalars = 64;
// Tiled kernels: 32x32 tiles walked by 32x8 threads (4 elements each), staged operands padded to
// 33 columns so that walking a tile's column hits 32 different banks.
constexpr int kTile = 32;
constexpr int kTileRows = kBlock / kTile;
constexpr int kTileMinExtent = 8;          // narrower tiles waste most of their threads
constexpr int kTileSharedMax = 48 * 1024;  // static shared memory per block

bool is_raw(const ElementwiseOp& op, int k) {
  return k < static_cast<int>(op.raw.size()) && op.raw[k];
}
bool is_writable(const ElementwiseOp& op, int k) {
  return k < static_cast<int>(op.writable.size()) && op.writable[k];
}

// The Params block every kernel takes: 8-byte fields (n, loop operand pointers, the strided
// shape and strides, raw arrays: pointer, size, shape, strides), then 16-byte scalar slots. The
// generated struct static_asserts this size, so host and device cannot drift apart.
struct ParamsSize {
  std::size_t words = 0;      // 8-byte fields before the scalars
  std::size_t scalar_at = 0;  // byte offset of the scalar slots
  std::size_t bytes = 0;      // sizeof(Params)
};
ParamsSize params_size(int nloop, int strided_ndim, std::size_t raw_words, int nscalars) {
  ParamsSize p;
  p.words = 1 + nloop + (strided_ndim ? strided_ndim + std::size_t(nloop) * strided_ndim : 0) +
            raw_words;
  p.scalar_at = nscalars ? (p.words * 8 + 15) / 16 * 16 : p.words * 8;
  p.bytes = p.scalar_at + 16 * std::size_t(nscalars);
  return p;
}
std::size_t raw_words(int ndim) { return 2 + 2 * std::size_t(std::max(1, ndim)); }

// ---------------------------------------------------------------------------------------------
// Layout simplification

// The loop after simplification, shared by the non-raw ("loop") operands of one launch.
struct Layout {
  int ndim = 0;         // 0: flat (contiguous kernel), else the strided kernel's rank
  int64_t n = 0;        // elements
  bool index32 = true;  // positions (plus one grid stride) fit a 32-bit int
  bool tiled = false;   // strided loop walked in tiles (see plan_tiles)
  // Per loop operand: flat loops 'c' contiguous, 'b' broadcast scalar; tiled loops 't' staged
  // through shared memory, 'r' read or written in place.
  char klass[kMaxOperands];
};

// `full` holds each loop operand's byte strides along `shape` (broadcast axes 0), row k at
// k * shape.size(). Drops unit axes, orders axes by the first output's strides (unless the
// body needs C-order positions), and merges axes that are contiguous in every operand, writing
// the strided layout to `sh` [ndim] and `st` [nloop][ndim]. Most calls end up flat.
Layout simplify(const Dims& shape, const int64_t* full, const int* itemsizes, int nloop,
                int first_out, bool keep_order, int64_t* sh, int64_t* st) {
  Layout L;
  L.n = shape.product();
  // 32-bit positions with headroom for the grid-stride step (i + step must not overflow).
  L.index32 = L.n < (int64_t{1} << 31) - (int64_t{1} << 24);
  const int nd = shape.size();
  auto stride = [&](int k, int axis) { return full[k * nd + axis]; };
  InlineBuffer<int, 64> axes(nd);
  int na = 0;
  for (int a = 0; a < nd; ++a)
    if (shape[a] != 1) axes[na++] = a;
  if (!keep_order && first_out < nloop) {
    // Insertion sort, stable and allocation-free (std::stable_sort takes a heap buffer); ranks
    // are small.
    auto key = [&](int a) { return std::llabs(stride(first_out, a)); };
    for (int x = 1; x < na; ++x) {
      int a = axes[x], y = x;
      for (; y > 0 && key(axes[y - 1]) < key(a); --y) axes[y] = axes[y - 1];
      axes[y] = a;
    }
  }
  // Merge into (sh, st) with a provisional rank up to na; st is laid out [k][na] while merging.
  int r = 0;
  for (int x = 0; x < na; ++x) {
    int a = axes[x];
    bool merge = r > 0;
    for (int k = 0; k < nloop && merge; ++k) merge = st[k * na + r - 1] == stride(k, a) * shape[a];
    if (merge) {
      sh[r - 1] *= shape[a];
      for (int k = 0; k < nloop; ++k) st[k * na + r - 1] = stride(k, a);
    } else {
      sh[r] = shape[a];
      for (int k = 0; k < nloop; ++k) st[k * na + r] = stride(k, a);
      ++r;
    }
  }
  // Flat: at most one axis, on which each input is contiguous or a broadcast scalar and each
  // output is contiguous.
  bool flat = r <= 1;
  for (int k = 0; k < nloop && flat; ++k) {
    int64_t s = r == 0 ? 0 : st[k * na];
    flat = s == itemsizes[k] || (s == 0 && (k < first_out || r == 0));
  }
  if (flat) {
    for (int k = 0; k < nloop; ++k) L.klass[k] = r == 1 && st[k * na] != 0 ? 'c' : 'b';
    return L;
  }
  // Compact the strides from row length na to row length r.
  if (r != na)
    for (int k = 1; k < nloop; ++k)
      for (int d = 0; d < r; ++d) st[k * r + d] = st[k * na + d];
  L.ndim = r;
  return L;
}

// A body may end an element early (return, continue, break): an op that does not load its
// outputs then leaves them unwritten (see Gen::body), which the vectorized and the tiled loops,
// writing whole vectors and tiles, cannot do.
bool may_skip_stores(const ElementwiseOp& op) {
  if (op.load_outputs) return false;
  for (const char* word : {"return", "continue", "break"})
    if (op.body.find(word) != std::string::npos) return true;
  return false;
}

// Bytes of shared memory one staged operand's tile takes (16-byte aligned).
std::size_t tile_bytes(int itemsize) {
  return (std::size_t(kTile) * (kTile + 1) * itemsize + 15) / 16 * 16;
}

// A strided loop of rank >= 2 whose operands disagree on the fastest axis (a * b.T, a copy
// into another order) reads or writes some operand 32 rows apart per warp. The tiled kernel
// walks the last axis X (the first output's fastest, after simplify's ordering) and one other
// axis Y in 32x32 tiles; operands fastest along Y go through shared memory so that every
// global access is coalesced. Y is the axis along which the first disagreeing operand is
// fastest; it is moved to rank - 2 (the other axes become the batch) unless the body needs
// C-order positions, in which case it must already be there. Bodies that may skip their
// stores or wait at their own barriers, per-thread loop_prep / after_loop state, and raw
// operands keep the plain strided loop.
bool plan_tiles(const ElementwiseOp& op, Layout& L, int nloop, const int* itemsizes, bool any_raw,
                int64_t* sh, int64_t* st) {
  const int nd = L.ndim;
  if (nd < 2 || nloop == 0 || any_raw || !op.loop_prep.empty() || !op.after_loop.empty())
    return false;
  // A body that skips its stores would let a staged output's stale tile through; one that
  // waits at a barrier would wait for the threads past the array's edge.
  if (may_skip_stores(op) || op.body.find("__syncthreads") != std::string::npos) return false;
  const int X = nd - 1;
  auto S = [&](int k, int d) { return std::llabs(st[k * nd + d]); };
  int Y = -1;
  for (int k = 0; k < nloop && Y < 0; ++k) {
    if (S(k, X) == 0) continue;  // broadcast along X: a warp reads one element
    int fast = X;
    for (int d = 0; d < X; ++d)
      if (S(k, d) != 0 && S(k, d) < S(k, fast)) fast = d;
    if (fast != X) Y = fast;
  }
  if (Y < 0 || sh[X] < kTileMinExtent || sh[Y] < kTileMinExtent) return false;
  if (Y != nd - 2) {
    if (op.uses_index) return false;
    // Move axis Y to rank - 2; the order of the batch axes does not matter without positions.
    auto rotate = [&](int64_t* v) {
      int64_t y = v[Y];
      for (int d = Y; d < nd - 2; ++d) v[d] = v[d + 1];
      v[nd - 2] = y;
    };
    rotate(sh);
    for (int k = 0; k < nloop; ++k) rotate(st + k * nd);
  }
  std::size_t smem = 0;
  for (int k = 0; k < nloop; ++k) {
    int64_t sx = S(k, X), sy = S(k, nd - 2);
    bool staged = sx != 0 && sy != 0 && sy < sx;
    L.klass[k] = staged ? 't' : 'r';
    if (staged) smem += tile_bytes(itemsizes[k]);
  }
  if (smem > kTileSharedMax) return false;  // klass is only read for tiled layouts
  L.tiled = true;
  return true;
}

// The widest vector (elements per thread step) every contiguous loop operand is aligned for;
// none for bodies that may skip their stores.
int vector_width(const ElementwiseOp& op, const NDArray* const* loop, int nloop, const Layout& L) {
  if (nloop == 0 || may_skip_stores(op)) return 1;
  int widest = 1;
  for (int k = 0; k < nloop; ++k) widest = std::max(widest, loop[k]->itemsize());
  int vec = std::max(1, 16 / widest);
  if (L.n < vec * 4) return 1;
  for (int k = 0; k < nloop; ++k) {
    if (L.klass[k] == 'b') continue;
    while (vec > 1 && loop[k]->data() % (static_cast<uintptr_t>(vec) * loop[k]->itemsize()) != 0)
      vec /= 2;
  }
  return vec;
}

// ---------------------------------------------------------------------------------------------
// Source generation

std::string ctype(DType t) { return info(t).ctype; }
std::string num(long long v) { return std::to_string(v); }

struct Gen {
  const ElementwiseOp& op;
  const KernelSignature& sig;
  std::vector<DType> types;  // inputs then outputs
  std::vector<int> loop_id;  // per operand: position among loop operands, -1 for raw ones
  int nin = 0, nops = 0, nloop = 0;

  Gen(const ElementwiseOp& o, const KernelSignature& s) : op(o), sig(s) {
    types.assign(sig.inputs.begin(), sig.inputs.end());
    types.insert(types.end(), sig.outputs.begin(), sig.outputs.end());
    nin = static_cast<int>(sig.inputs.size());
    nops = static_cast<int>(types.size());
    for (int k = 0; k < nops; ++k) loop_id.push_back(is_raw(op, k) ? -1 : nloop++);
  }
  char klass(int l) const { return l < static_cast<int>(sig.klass.size()) ? sig.klass[l] : 'c'; }

  std::string name(int k) const {
    if (k < static_cast<int>(op.names.size())) return op.names[k];
    return k < nin ? "in" + num(k) : "out" + num(k - nin);
  }
  // The scalar at position k (slots counted by struct_slots) is a struct.
  const StructScalar* struct_scalar(int k) const {
    if (k >= static_cast<int>(op.struct_scalars.size())) return nullptr;
    return op.struct_scalars[k].ctype.empty() ? nullptr : &op.struct_scalars[k];
  }
  int slots(int k) const {
    const StructScalar* st = struct_scalar(k);
    return st ? struct_slots(st->size) : 1;
  }
  // The first slot of scalar k.
  int slot_of(int k) const {
    int slot = 0;
    for (int j = 0; j < k; ++j) slot += slots(j);
    return slot;
  }
  std::string scalar_name(int k) const {
    if (k < static_cast<int>(op.scalar_names.size())) return op.scalar_names[k];
    std::string name = "s";
    return name += num(k);
  }
  std::string T(int k) const { return ctype(types[k]); }
  bool is_input(int k) const { return k < nin; }
  int raw_ndim(int k) const {
    return k < static_cast<int>(sig.raw_ndim.size()) ? sig.raw_ndim[k] : 1;
  }
  bool raw_contiguous(int k) const {
    return k < static_cast<int>(sig.raw_contiguous.size()) ? sig.raw_contiguous[k] : true;
  }
  std::string raw_type(int k) const {
    bool ro = is_input(k) && !is_writable(op, k);
    return "raw_array<" + std::string(ro ? "const " : "") + T(k) + ", " + num(raw_ndim(k)) + ", " +
           (raw_contiguous(k) ? "true" : "false") + ">";
  }
  std::string alias_type(const TypeAlias& a) const {
    if (a.scalar) {
      const int slot = a.index < 0 ? -1 : slot_of(a.index);
      if (slot < 0 || slot >= static_cast<int>(sig.scalars.size()))
        throw ValueError("elementwise: type alias '" + a.name + "' names scalar " + num(a.index) +
                         " of " + num(sig.scalars.size()));
      if (const StructScalar* st = struct_scalar(a.index)) return st->ctype;
      return ctype(sig.scalars[slot]);
    }
    if (a.index < 0 || a.index >= nops)
      throw ValueError("elementwise: type alias '" + a.name + "' names operand " + num(a.index) +
                       " of " + num(nops));
    return T(a.index);
  }

  std::string kernel_name() const { return "cunp_" + op.name; }
  bool staged(int l) const {
    return l >= 0 && l < static_cast<int>(sig.staged.size()) && sig.staged[l];
  }

  std::string source() const {
    const int nd = sig.strided_ndim;
    const int ns = static_cast<int>(sig.scalars.size());
    std::string s = device_header();
    if (op.math) s += device_math_header();
    s += device_part("elementwise");
    if (sig.tiled) s += device_part("elementwise_tiled");
    s += "\nusing namespace cunp;\n";
    for (const TypeAlias& a : op.type_aliases)
      s += "typedef " + alias_type(a) + " " + a.name + ";\n";
    s += op.preamble + "\n";
    s += "struct Params {\n  long long n;\n";
    if (nloop) s += "  char* ptr[" + num(nloop) + "];\n";
    if (nd) {
      s += "  long long shape[" + num(nd) + "];\n";
      if (nloop) s += "  long long strides[" + num(nloop) + "][" + num(nd) + "];\n";
    }
    for (int k = 0; k < nops; ++k)
      if (loop_id[k] < 0) s += "  " + raw_type(k) + " r" + num(k) + ";\n";
    // 16 bytes a scalar, as 64-bit words: over bytes, the compiler read each scalar a byte at a
    // time (about 40 instructions of set-up per thread for four 8-byte scalars).
    if (ns) s += "  alignas(16) unsigned long long scalars[" + num(ns) + "][2];\n";
    s += "};\n";
    std::size_t rw = 0;
    for (int k = 0; k < nops; ++k)
      if (loop_id[k] < 0) rw += raw_words(raw_ndim(k));
    // A struct scalar's C type must have the layout of the bytes passed for it.
    for (int k = 0, slot = 0; slot < ns; slot += slots(k++)) {
      const StructScalar* st = struct_scalar(k);
      if (!st) continue;
      const std::string& t = st->ctype;
      s += "static_assert(sizeof(" + t + ") == " + num(st->size) + ", \"" +
           struct_scalar_marker(scalar_name(k), "size") + "\");\n";
      s += "static_assert(alignof(" + t + ") <= 16, \"" +
           struct_scalar_marker(scalar_name(k), "over-aligned") + "\");\n";
      s += "static_assert(alignof(" + t + ") % " + num(st->align) + " == 0, \"" +
           struct_scalar_marker(scalar_name(k), "alignment") + "\");\n";
    }
    s += "static_assert(sizeof(Params) == " + num(params_size(nloop, nd, rw, ns).bytes) +
         ", \"host and device disagree on the parameter block\");\n";
    s += "typedef cunp::elementwise::operands<";
    for (int k = 0, l = 0; k < nops; ++k)
      if (loop_id[k] >= 0) s += (l++ ? ", " : "") + operand_type(k);
    s += "> _operands;\n";
    if (sig.tiled) {
      std::size_t smem = 0;
      for (int k = 0; k < nops; ++k)
        if (staged(loop_id[k])) smem += tile_bytes(info(types[k]).itemsize);
      s += "static_assert(cunp::elementwise::tiles<" + num(kTile) +
           ", _operands>::bytes == " + num(smem) +
           ", \"host and device disagree on the tiles\");\n";
    }
    s += "extern \"C\" __global__ void __launch_bounds__(" + num(kBlock) + ") " + kernel_name() +
         "(const Params _p) {\n";
    s += std::string("  typedef ") + (sig.index32 ? "int" : "long long") + " _idx_t;\n";
    // The loop size first, as a value of its own: the skeletons take it as an argument (where
    // the conversion sits changes how the compiler schedules the loop).
    s += "  const _idx_t _n = static_cast<_idx_t>(_p.n);\n";
    s += "  const loop_index _ind{_p.n};\n  (void)_ind;\n";
    if (op.names.empty()) s += "  const _idx_t n = _n;\n  (void)n;\n";
    // Scalars by position; a struct's bytes start at its first slot (16-byte aligned).
    for (int k = 0, slot = 0; slot < ns; slot += slots(k++)) {
      const StructScalar* st = struct_scalar(k);
      const std::string t = st ? st->ctype : ctype(sig.scalars[slot]);
      s += "  const " + t + " " + scalar_name(k) + " = *reinterpret_cast<const " + t +
           "*>(_p.scalars[" + num(slot) + "]);\n";
    }
    for (int k = 0; k < nops; ++k)
      if (loop_id[k] < 0)
        s += "  const " + raw_type(k) + "& " + name(k) + " = _p.r" + num(k) + ";\n";
    if (!op.loop_prep.empty()) s += op.loop_prep + "\n;\n";
    s += "  cunp::elementwise::" + skeleton() + (sig.tiled ? "(_p, " : "(_p, _n, ") +
         "_operands(), " + body() + ");\n";
    if (!op.after_loop.empty()) s += op.after_loop + "\n;\n";
    s += "}\n";
    return s;
  }

  // Loop operand k's descriptor: type, index, what the body does with it, layout class.
  std::string operand_type(int k) const {
    const int l = loop_id[k];
    const char c = sig.tiled ? (staged(l) ? 't' : 'r') : sig.strided_ndim ? 's' : klass(l);
    const char* role = is_input(k) ? "in" : op.load_outputs ? "inout" : "out";
    return "cunp::elementwise::" + std::string(role) + "<" + T(k) + ", " + num(l) + ", '" + c +
           "'>";
  }

  std::string skeleton() const {
    const std::string nd = num(sig.strided_ndim);
    if (sig.tiled)
      return "tiled_loop<_idx_t, " + nd + ", " + num(kTile) + ", " + num(kTileRows) + ">";
    if (sig.strided_ndim) return "strided_loop<_idx_t, " + nd + ">";
    return "flat_loop<_idx_t, " + num(sig.vec) + ">";
  }

  // The body as the skeleton's functor: it gets the position and each loop operand's value in
  // a register (the skeleton reads and writes memory), declares the operands by name (inputs
  // const, outputs loaded when the op asks for it), runs the op's code and hands the outputs
  // back. The code runs in a lambda of its own inside a one-trip loop, so that its `return`,
  // `continue` or `break` ends the element. An op whose outputs are not loaded then leaves
  // them unwritten, as before: its functor returns whether the code ran to its end.
  std::string body() const {
    std::string params = "const _idx_t _i", decls, stores;
    for (int k = 0; k < nops; ++k) {
      const int l = loop_id[k];
      if (l < 0) continue;
      const std::string e = "_e" + num(l);
      params += ", " + std::string(is_input(k) ? "const " : "") + T(k) + "& " + e;
      if (is_input(k)) decls += "    const " + T(k) + " " + name(k) + " = " + e + ";\n";
      else if (op.load_outputs) decls += "    " + T(k) + " " + name(k) + " = " + e + ";\n";
      else decls += "    " + T(k) + " " + name(k) + ";\n";
      if (!is_input(k)) stores += "    " + e + " = " + name(k) + ";\n";
    }
    const bool skip = !stores.empty() && may_skip_stores(op);
    std::string s = "[&](" + params + ")" + (skip ? " -> bool" : "") +
                    " {\n    const _idx_t i = _i;\n    (void)i;\n" + decls;
    if (skip) s += "    bool _completed = false;\n";
    s += "    [&] {\n      do {\n" + op.body + "\n;\n";
    if (skip) s += "        _completed = true;\n";
    s += "      } while (0);\n    }();\n" + stores;
    if (skip) s += "    return _completed;\n";
    return s + "  }";
  }
};

// The kernel key: the op's code hash plus every field of the signature, each list as its
// length and entries.
static_assert(6 + 6 * KernelSignature::kMaxOperands + KernelSignature::kMaxScalars <=
              detail::KernelKey::kCapacity);
static_assert(kMaxOperands <= KernelSignature::kMaxOperands &&
              kMaxScalars <= KernelSignature::kMaxScalars);
void add_to_key(detail::KernelKey& key, const KernelSignature& sig) {
  key.add_list(sig.inputs);
  key.add_list(sig.outputs);
  key.add_list(sig.scalars);
  key.add(sig.strided_ndim);
  key.add(sig.vec);
  key.add(sig.index32);
  key.add_list(sig.raw_ndim);
  key.add_list(sig.raw_contiguous);
  key.add_list(sig.klass);
  key.add(sig.tiled);
  key.add_list(sig.staged);
}

unsigned grid_size(const Layout& L, int vec) {
  return detail::covering_grid(L.n, int64_t{kBlock} * vec, kBlock, L.index32);
}

// One call of the launcher, step by step; its per-call layout data lives on the stack.
struct Call {
  const ElementwiseOp& op;
  ArgList<NDArray> inputs, outputs;
  ArgList<Scalar> scalars;
  const Dims& shape;
  int nin, nops, ns, device = 0;
  const NDArray* all[kMaxOperands] = {};  // inputs, then outputs
  bool raw[kMaxOperands];
  bool any_raw = false;
  // The loop operands (all but the raw ones), their strides along `shape` (rows of `full`) and
  // item sizes; the outputs come after the inputs, from first_out.
  const NDArray* loop[kMaxOperands];
  int itemsizes[kMaxOperands];
  int nloop = 0, first_out = -1;
  InlineBuffer<int64_t, 256> full;
  // The simplified layout: strided shape and strides (when L.ndim > 0), vector width.
  InlineBuffer<int64_t, 32> sh;
  InlineBuffer<int64_t, 256> st;
  Layout L;
  int vec = 1;

  Call(const ElementwiseOp& o, ArgList<NDArray> in, ArgList<NDArray> out, ArgList<Scalar> sc,
       const Dims& loop_shape)
      : op(o), inputs(in), outputs(out), scalars(sc), shape(loop_shape),
        nin(static_cast<int>(in.size())), nops(nin + static_cast<int>(out.size())),
        ns(static_cast<int>(sc.size())),
        full(static_cast<std::size_t>(std::min(nops, kMaxOperands)) * loop_shape.size()),
        sh(loop_shape.size()),
        st(static_cast<std::size_t>(std::min(nops, kMaxOperands)) * loop_shape.size()) {}

  // Counts, which operands are raw, and the device they all share: the first output's, else
  // the first input's, else the current one.
  void gather() {
    if (nops > kMaxOperands)
      throw ValueError("elementwise: " + num(nops) + " operands (at most " + num(kMaxOperands) +
                       ")");
    if (ns > kMaxScalars)
      throw ValueError("elementwise: " + num(ns) + " scalars (at most " + num(kMaxScalars) + ")");
    for (int k = 0; k < nops; ++k) {
      all[k] = k < nin ? &inputs[k] : &outputs[k - nin];
      raw[k] = is_raw(op, k);
      any_raw = any_raw || raw[k];
    }
    device = nops > nin ? all[nin]->device() : nops ? all[0]->device() : current_device();
    for (int k = 0; k < nops; ++k)
      if (all[k]->device() != device) raise_device_mismatch(device, all[k]->device());
  }

  // The loop operands' strides along the loop shape: inputs broadcast, outputs exact.
  void loop_strides() {
    const int nd = shape.size();
    for (int k = 0; k < nops; ++k) {
      if (raw[k]) continue;
      const NDArray& a = *all[k];
      int64_t* row = full.data() + static_cast<std::size_t>(nloop) * nd;
      if (k >= nin) {
        if (a.shape() != shape) throw ValueError("elementwise: outputs differ in shape");
        if (first_out < 0) first_out = nloop;
        std::copy(a.strides().begin(), a.strides().end(), row);
      } else {
        detail::broadcast_strides(a, shape, row);
      }
      itemsizes[nloop] = a.itemsize();
      loop[nloop++] = &a;
    }
    if (first_out < 0) first_out = nloop;
  }

  // Simplifies the layout and picks the loop: flat (vectorized where it can), strided or
  // tiled. False when there is nothing to do.
  bool plan() {
    L = simplify(shape, full.data(), itemsizes, nloop, first_out, op.uses_index, sh.data(),
                 st.data());
    if (L.n == 0) return false;
    vec = L.ndim ? 1 : vector_width(op, loop, nloop, L);
    if (L.ndim >= 2) plan_tiles(op, L, nloop, itemsizes, any_raw, sh.data(), st.data());
    return true;
  }

  KernelSignature signature() const {
    KernelSignature sig;
    for (int k = 0; k < nops; ++k) (k < nin ? sig.inputs : sig.outputs).push_back(all[k]->dtype());
    for (int k = 0; k < ns; ++k) sig.scalars.push_back(scalars[k].dtype);
    sig.strided_ndim = L.ndim;
    sig.vec = vec;
    sig.index32 = L.index32;
    sig.tiled = L.tiled;
    if (any_raw)
      for (int k = 0; k < nops; ++k) {
        sig.raw_ndim.push_back(raw[k] ? all[k]->ndim() : 1);
        sig.raw_contiguous.push_back(raw[k] ? all[k]->c_contiguous() : true);
      }
    if (L.tiled)
      for (int l = 0; l < nloop; ++l) sig.staged.push_back(L.klass[l] == 't');
    else if (L.ndim == 0) sig.klass.assign(L.klass, L.klass + nloop);
    return sig;
  }

  // The compiled kernel, under a key derived from the signature.
  FunctionHandle kernel() const {
    const KernelSignature sig = signature();
    detail::KernelKey key(detail::Engine::Elementwise, device, op.code_hash());
    add_to_key(key, sig);
    return detail::kernel(key, [&] {
      Gen g(op, sig);
      return detail::KernelSpec{g.source(), g.kernel_name(), op.options};
    });
  }

  // The parameter block, laid out as the generated Params struct (see params_size), and the
  // launch.
  void run(FunctionHandle fn) {
    std::size_t rw = 0;
    for (int k = 0; k < nops; ++k)
      if (raw[k]) rw += raw_words(all[k]->ndim());
    const ParamsSize ps = params_size(nloop, L.ndim, rw, ns);
    InlineBuffer<uint64_t, 512> params((ps.bytes + 7) / 8);
    std::size_t w = 0;
    params[w++] = static_cast<uint64_t>(L.n);
    for (int l = 0; l < nloop; ++l) params[w++] = loop[l]->data();
    if (L.ndim) {
      for (int d = 0; d < L.ndim; ++d) params[w++] = static_cast<uint64_t>(sh[d]);
      for (int i = 0; i < nloop * L.ndim; ++i) params[w++] = static_cast<uint64_t>(st[i]);
    }
    for (int k = 0; k < nops; ++k) {
      if (!raw[k]) continue;
      const NDArray& a = *all[k];
      params[w++] = a.data();
      params[w++] = static_cast<uint64_t>(a.size());
      for (int d = 0; d < a.ndim(); ++d) params[w++] = static_cast<uint64_t>(a.shape()[d]);
      if (a.ndim() == 0) params[w++] = 0;
      for (int d = 0; d < a.ndim(); ++d) params[w++] = static_cast<uint64_t>(a.strides()[d]);
      if (a.ndim() == 0) params[w++] = 0;
    }
    auto* bytes = reinterpret_cast<unsigned char*>(params.data());
    if (ps.scalar_at > w * 8) std::memset(bytes + w * 8, 0, ps.scalar_at - w * 8);
    for (int k = 0; k < ns; ++k) std::memcpy(bytes + ps.scalar_at + 16 * k, scalars[k].bytes, 16);

    unsigned grid, bx = kBlock, by = 1;
    if (L.tiled) {
      // One block per tile; the kernel loops over tiles past the grid limit.
      int64_t tiles = (sh[L.ndim - 1] + kTile - 1) / kTile * ((sh[L.ndim - 2] + kTile - 1) / kTile);
      for (int d = 0; d < L.ndim - 2; ++d) tiles *= sh[d];
      grid = static_cast<unsigned>(std::min<int64_t>(tiles, (int64_t{1} << 31) - 1));
      bx = kTile;
      by = kTileRows;
    } else {
      grid = grid_size(L, vec);
    }
    detail::launch(fn, device, {grid}, {bx, by}, params.data());
  }
};

void launch(const ElementwiseOp& op, ArgList<NDArray> inputs, ArgList<NDArray> outputs,
            ArgList<Scalar> scalars, const Dims& shape) {
  Call call(op, inputs, outputs, scalars, shape);
  call.gather();
  call.loop_strides();
  if (!call.plan()) return;
  call.run(call.kernel());
}

void hash_int(uint64_t& h, uint64_t v) { h = hash_bytes(&v, sizeof v, h); }
void hash_string(uint64_t& h, const std::string& s) {
  hash_int(h, s.size());
  h = hash_bytes(s.data(), s.size(), h);
}
void hash_bits(uint64_t& h, const std::vector<bool>& v) {
  hash_int(h, v.size());
  for (bool b : v) hash_int(h, b);
}

}  // namespace

uint64_t ElementwiseOp::code_hash() const {
  uint64_t h = hash_cache_.value.load(std::memory_order_acquire);
  if (h) return h;
  h = hash_bytes("cunp-elementwise-1", 18);
  for (const std::string* s : {&name, &body, &preamble, &loop_prep, &after_loop})
    hash_string(h, *s);
  hash_int(h, (uses_index ? 1 : 0) | (math ? 2 : 0) | (load_outputs ? 4 : 0));
  for (const auto* list : {&names, &scalar_names, &options}) {
    hash_int(h, list->size());
    for (const std::string& s : *list) hash_string(h, s);
  }
  hash_bits(h, raw);
  hash_bits(h, writable);
  hash_int(h, struct_scalars.size());
  for (const StructScalar& st : struct_scalars) {
    hash_string(h, st.ctype);
    hash_int(h, static_cast<uint64_t>(st.size));
    hash_int(h, static_cast<uint64_t>(st.align));
  }
  for (const TypeAlias& a : type_aliases) {
    hash_string(h, a.name);
    hash_int(h, a.scalar);
    hash_int(h, static_cast<uint64_t>(a.index));
  }
  if (h == 0) h = 1;  // 0 means "not computed"
  hash_cache_.value.store(h, std::memory_order_release);
  return h;
}

std::string struct_scalar_marker(const std::string& name, const char* what) {
  return "cunp struct scalar " + name + ": " + what;
}

std::string elementwise_source(const ElementwiseOp& op, const KernelSignature& sig) {
  return Gen(op, sig).source();
}

std::string elementwise_source(const ElementwiseOp& op, const std::vector<DType>& inputs,
                               const std::vector<DType>& outputs, const std::vector<DType>& scalars,
                               int strided_ndim, int vec) {
  KernelSignature sig;
  sig.inputs = inputs;
  sig.outputs = outputs;
  sig.scalars = scalars;
  sig.strided_ndim = strided_ndim;
  sig.vec = vec;
  return elementwise_source(op, sig);
}

void elementwise(const ElementwiseOp& op, ArgList<NDArray> inputs, ArgList<NDArray> outputs,
                 ArgList<Scalar> scalars) {
  const int nin = static_cast<int>(inputs.size());
  for (std::size_t k = 0; k < outputs.size(); ++k)
    if (!is_raw(op, nin + static_cast<int>(k)))
      return launch(op, inputs, outputs, scalars, outputs[k].shape());
  throw ValueError("elementwise: no non-raw output to take the loop shape from");
}

void elementwise(const ElementwiseOp& op, ArgList<NDArray> inputs, ArgList<NDArray> outputs,
                 ArgList<Scalar> scalars, const Dims& shape) {
  launch(op, inputs, outputs, scalars, shape);
}

}  // namespace cunp
