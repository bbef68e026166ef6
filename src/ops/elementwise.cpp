// src/ops/elementwise.cpp -- layout simplification, kernel source generation, launch.
#include "cunp/ops/elementwise.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <numeric>
#include <unordered_map>

#include "../runtime/driver.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

constexpr int kBlock = 256;

// Operand layouts after simplification, shared by every operand of one launch.
struct Layout {
  int ndim = 0;               // 0: contiguous kernel, else strided kernel of this rank
  int64_t n = 0;              // elements
  Dims shape;                 // strided: extents, outermost first
  std::vector<Dims> strides;  // strided: per operand, bytes
  std::vector<char> klass;    // contiguous: 'c' contiguous or 'b' broadcast scalar
  bool index32 = true;
};

// Drops unit axes, orders axes by the first output's strides (unless the body needs C-order
// positions), and merges axes that are contiguous in every operand. Most calls end up 1-D.
Layout simplify(const Dims& shape, const std::vector<const NDArray*>& ops, int out_op,
                bool keep_order) {
  Layout L;
  L.n = shape.product();
  int nops = static_cast<int>(ops.size());
  std::vector<int> axes;
  for (int i = 0; i < shape.size(); ++i)
    if (shape[i] != 1) axes.push_back(i);
  // Operand strides along the output shape (inputs were broadcast to it already).
  auto stride = [&](int op, int axis) { return ops[op]->strides()[axis]; };
  if (!keep_order) {
    std::stable_sort(axes.begin(), axes.end(), [&](int a, int b) {
      return std::llabs(stride(out_op, a)) > std::llabs(stride(out_op, b));
    });
  }
  Dims sh;
  std::vector<Dims> st(nops);
  for (int a : axes) {
    bool merge = !sh.empty();
    for (int k = 0; k < nops && merge; ++k)
      merge = st[k].back() == stride(k, a) * shape[a];
    if (merge) {
      sh[sh.size() - 1] *= shape[a];
      for (int k = 0; k < nops; ++k) st[k][st[k].size() - 1] = stride(k, a);
    } else {
      sh.push_back(shape[a]);
      for (int k = 0; k < nops; ++k) st[k].push_back(stride(k, a));
    }
  }
  // Flat: one axis on which each input is contiguous or a broadcast scalar and each output
  // is contiguous.
  bool flat = sh.size() <= 1;
  for (int k = 0; k < nops && flat; ++k) {
    int64_t s = sh.empty() ? 0 : st[k][0];
    flat = s == ops[k]->itemsize() || (s == 0 && (k < out_op || sh.empty()));
  }
  L.index32 = L.n < (int64_t{1} << 31);
  if (flat) {
    for (int k = 0; k < nops; ++k)
      L.klass.push_back(!sh.empty() && st[k][0] != 0 ? 'c' : 'b');
    return L;
  }
  L.ndim = sh.size();
  L.shape = std::move(sh);
  L.strides = std::move(st);
  return L;
}

std::string ctype(DType t) { return info(t).ctype; }

struct Gen {
  const ElementwiseOp& op;
  std::vector<DType> types;  // inputs then outputs
  std::vector<DType> scalars;
  int nin;
  int ndim;                  // 0: contiguous
  std::vector<char> klass;   // contiguous: per operand
  int vec;
  bool index32;

  std::string source(const std::string& kname) const {
    int nops = static_cast<int>(types.size());
    std::string s = device_header();
    s += "using namespace cunp;\n";
    s += op.preamble + "\n";
    s += "struct Params {\n  long long n;\n  char* ptr[" + std::to_string(nops) + "];\n";
    if (ndim) {
      s += "  long long shape[" + std::to_string(ndim) + "];\n";
      s += "  long long strides[" + std::to_string(nops) + "][" + std::to_string(ndim) + "];\n";
    }
    if (!scalars.empty())
      s += "  alignas(16) unsigned char scalars[" + std::to_string(scalars.size()) + "][16];\n";
    s += "};\n";
    s += "extern \"C\" __global__ void __launch_bounds__(" + std::to_string(kBlock) + ") " + kname +
         "(const Params p) {\n";
    s += std::string("  typedef ") + (index32 ? "int" : "long long") + " idx_t;\n";
    for (std::size_t k = 0; k < scalars.size(); ++k)
      s += "  const " + ctype(scalars[k]) + " s" + std::to_string(k) + " = *reinterpret_cast<const " +
           ctype(scalars[k]) + "*>(p.scalars[" + std::to_string(k) + "]);\n";
    s += "  const idx_t n = static_cast<idx_t>(p.n);\n";
    s += "  const idx_t tid = static_cast<idx_t>(blockIdx.x) * blockDim.x + threadIdx.x;\n";
    s += "  const idx_t step = static_cast<idx_t>(gridDim.x) * blockDim.x;\n";
    s += ndim ? strided_loop() : contiguous_loops();
    s += "}\n";
    return s;
  }

  std::string name(int k) const {
    return k < nin ? "in" + std::to_string(k) : "out" + std::to_string(k - nin);
  }
  std::string T(int k) const { return ctype(types[k]); }
  std::string ptr(int k) const {
    return std::string("reinterpret_cast<") + (k < nin ? "const " : "") + T(k) + "*>(p.ptr[" +
           std::to_string(k) + "])";
  }
  std::string body() const { return "    {\n" + op.body + "\n    }\n"; }

  // One element at position _i of contiguous / broadcast operands.
  std::string scalar_step() const {
    std::string s;
    int nops = static_cast<int>(types.size());
    for (int k = 0; k < nin; ++k)
      s += "    const " + T(k) + " " + name(k) + " = " + ptr(k) + (klass[k] == 'b' ? "[0]" : "[_i]") + ";\n";
    for (int k = nin; k < nops; ++k) s += "    " + T(k) + " " + name(k) + ";\n";
    s += body();
    for (int k = nin; k < nops; ++k) s += "    " + ptr(k) + "[_i] = " + name(k) + ";\n";
    return s;
  }

  std::string contiguous_loops() const {
    int nops = static_cast<int>(types.size());
    std::string s;
    std::string head_start = "0";
    if (vec > 1) {
      std::string V = std::to_string(vec);
      s += "  const idx_t nv = n / " + V + ";\n";
      s += "  for (idx_t v = tid; v < nv; v += step) {\n";
      for (int k = 0; k < nops; ++k) {
        std::string vt = "vec<" + T(k) + ", " + V + ">";
        if (k < nin && klass[k] == 'b')
          s += "    const " + T(k) + " b" + std::to_string(k) + " = " + ptr(k) + "[0];\n";
        else if (k < nin)
          s += "    const " + vt + " v" + std::to_string(k) + " = reinterpret_cast<const " + vt +
               "*>(p.ptr[" + std::to_string(k) + "])[v];\n";
        else
          s += "    " + vt + " v" + std::to_string(k) + ";\n";
      }
      s += "#pragma unroll\n    for (int j = 0; j < " + V + "; ++j) {\n";
      s += "    const idx_t _i = v * " + V + " + j;\n    (void)_i;\n";
      for (int k = 0; k < nin; ++k)
        s += "    const " + T(k) + " " + name(k) + " = " +
             (klass[k] == 'b' ? "b" + std::to_string(k) : "v" + std::to_string(k) + ".v[j]") + ";\n";
      for (int k = nin; k < nops; ++k) s += "    " + T(k) + " " + name(k) + ";\n";
      s += body();
      for (int k = nin; k < nops; ++k)
        s += "    v" + std::to_string(k) + ".v[j] = " + name(k) + ";\n";
      s += "    }\n";
      for (int k = nin; k < nops; ++k)
        s += "    reinterpret_cast<vec<" + T(k) + ", " + V + ">*>(p.ptr[" + std::to_string(k) +
             "])[v] = v" + std::to_string(k) + ";\n";
      s += "  }\n";
      head_start = "nv * " + V;
    }
    s += "  for (idx_t _i = " + head_start + " + tid; _i < n; _i += step) {\n";
    s += scalar_step();
    s += "  }\n";
    return s;
  }

  std::string strided_loop() const {
    int nops = static_cast<int>(types.size());
    std::string s = "  for (idx_t _i = tid; _i < n; _i += step) {\n";
    s += "    idx_t rem = _i;\n";
    for (int k = 0; k < nops; ++k) s += "    long long o" + std::to_string(k) + " = 0;\n";
    s += "#pragma unroll\n    for (int d = " + std::to_string(ndim - 1) + "; d >= 0; --d) {\n";
    s += "      const idx_t e = static_cast<idx_t>(p.shape[d]);\n";
    s += "      const idx_t c = d ? rem % e : rem;\n      rem = d ? rem / e : 0;\n";
    for (int k = 0; k < nops; ++k)
      s += "      o" + std::to_string(k) + " += static_cast<long long>(c) * p.strides[" + std::to_string(k) + "][d];\n";
    s += "    }\n";
    for (int k = 0; k < nin; ++k)
      s += "    const " + T(k) + " " + name(k) + " = *reinterpret_cast<const " + T(k) + "*>(p.ptr[" +
           std::to_string(k) + "] + o" + std::to_string(k) + ");\n";
    for (int k = nin; k < nops; ++k) s += "    " + T(k) + " " + name(k) + ";\n";
    s += body();
    for (int k = nin; k < nops; ++k)
      s += "    *reinterpret_cast<" + T(k) + "*>(p.ptr[" + std::to_string(k) + "] + o" +
           std::to_string(k) + ") = " + name(k) + ";\n";
    s += "  }\n";
    return s;
  }

  std::string kernel_name() const { return "cunp_" + op.name; }
};

// The kernel cache in front of the module cache: keyed by what determines the source.
struct KernelCache {
  std::mutex mutex;
  std::unordered_map<std::string, FunctionHandle> functions;
};
KernelCache& kernel_cache() {
  static auto* c = new KernelCache;
  return *c;
}

int vector_width(const std::vector<const NDArray*>& ops, const std::vector<char>& klass, int64_t n) {
  int widest = 1;
  for (const NDArray* a : ops) widest = std::max(widest, a->itemsize());
  int vec = std::max(1, 16 / widest);
  if (n < vec * 4) return 1;
  for (std::size_t k = 0; k < ops.size(); ++k) {
    if (klass[k] == 'b') continue;
    uintptr_t align = static_cast<uintptr_t>(vec) * ops[k]->itemsize();
    while (vec > 1 && ops[k]->data() % align != 0) {
      vec /= 2;
      align = static_cast<uintptr_t>(vec) * ops[k]->itemsize();
    }
  }
  return vec;
}

}  // namespace

std::string elementwise_source(const ElementwiseOp& op, const std::vector<DType>& inputs,
                               const std::vector<DType>& outputs,
                               const std::vector<DType>& scalars, int strided_ndim, int vec) {
  Gen g{op, inputs, scalars, static_cast<int>(inputs.size()), strided_ndim,
        std::vector<char>(inputs.size() + outputs.size(), 'c'), vec, true};
  g.types.insert(g.types.end(), outputs.begin(), outputs.end());
  return g.source(g.kernel_name());
}

void elementwise(const ElementwiseOp& op, const std::vector<NDArray>& inputs,
                 const std::vector<NDArray>& outputs, const std::vector<Scalar>& scalars) {
  if (outputs.empty()) throw ValueError("elementwise: no output");
  const NDArray& out0 = outputs[0];
  const Dims& shape = out0.shape();
  int device = out0.device();
  std::vector<NDArray> bins;
  bins.reserve(inputs.size());
  for (const auto& a : inputs) {
    if (a.device() != device)
      throw ValueError("array on device " + std::to_string(a.device()) +
                       " cannot be used with an array on device " + std::to_string(device));
    bins.push_back(a.shape() == shape ? a : a.broadcast_to(shape));
  }
  for (const auto& o : outputs)
    if (o.shape() != shape) throw ValueError("elementwise: outputs differ in shape");
  if (out0.size() == 0) return;

  std::vector<const NDArray*> ops;
  for (const auto& a : bins) ops.push_back(&a);
  for (const auto& a : outputs) ops.push_back(&a);
  Layout L = simplify(shape, ops, static_cast<int>(bins.size()), op.uses_index);
  int vec = L.ndim ? 1 : vector_width(ops, L.klass, L.n);

  Gen g{op, {}, {}, static_cast<int>(inputs.size()), L.ndim, L.klass, vec, L.index32};
  std::string key = op.name;
  key.reserve(64);
  key += '|';
  for (const NDArray* a : ops) {
    g.types.push_back(a->dtype());
    key += info(a->dtype()).code;
  }
  key += '|';
  for (const auto& s : scalars) {
    g.scalars.push_back(s.dtype);
    key += info(s.dtype).code;
  }
  key += '|';
  key += L.ndim ? "s" + std::to_string(L.ndim) : std::string(L.klass.begin(), L.klass.end()) + "v" + std::to_string(vec);
  key += L.index32 ? "i" : "l";
  key += std::to_string(device);

  FunctionHandle fn = nullptr;
  {
    KernelCache& c = kernel_cache();
    std::lock_guard<std::mutex> lock(c.mutex);
    auto it = c.functions.find(key);
    if (it != c.functions.end()) fn = it->second;
  }
  if (!fn) {
    std::string kname = g.kernel_name();
    fn = load_module(g.source(kname), kname, device).function(kname);
    KernelCache& c = kernel_cache();
    std::lock_guard<std::mutex> lock(c.mutex);
    c.functions.emplace(key, fn);
  }

  // Parameter block laid out as the generated Params struct: 8-byte fields, then 16-byte
  // aligned scalar slots.
  int nops = static_cast<int>(ops.size());
  std::size_t words = 1 + nops + (L.ndim ? L.ndim + nops * L.ndim : 0);
  std::size_t scalar_at = (words * 8 + 15) / 16 * 16;
  std::vector<uint64_t> params((scalar_at + 16 * scalars.size() + 15) / 8 + 2, 0);
  std::size_t w = 0;
  params[w++] = static_cast<uint64_t>(L.n);
  for (const NDArray* a : ops) params[w++] = a->data();
  if (L.ndim) {
    for (int d = 0; d < L.ndim; ++d) params[w++] = static_cast<uint64_t>(L.shape[d]);
    for (int k = 0; k < nops; ++k)
      for (int d = 0; d < L.ndim; ++d) params[w++] = static_cast<uint64_t>(L.strides[k][d]);
  }
  auto* bytes = reinterpret_cast<unsigned char*>(params.data());
  for (std::size_t k = 0; k < scalars.size(); ++k)
    std::memcpy(bytes + scalar_at + 16 * k, scalars[k].bytes, 16);

  const DeviceProperties& props = device_properties(device);
  int64_t per_block = int64_t{kBlock} * vec;
  int64_t blocks = (L.n + per_block - 1) / per_block;
  // Enough resident blocks to fill every SM several times; grid-stride loops do the rest.
  int64_t cap = int64_t{props.multiprocessor_count} * (props.max_threads_per_multiprocessor / kBlock) * 4;
  unsigned grid = static_cast<unsigned>(std::max<int64_t>(1, std::min(blocks, cap)));
  void* args[] = {params.data()};
  activate(device);
  CUNP_DRV(cuLaunchKernel, fn, grid, 1, 1, kBlock, 1, 1, 0, current_stream_handle(device), args,
           nullptr);
}

}  // namespace cunp
