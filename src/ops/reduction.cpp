// src/ops/reduction.cpp -- the reduction engine: layout simplification (kept and reduced axes
// apart), the choice of strategy, the kernel key and source (reduction_source.cpp), and the
// launch on the current stream.
#include "cunp/ops/reduction.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "../runtime/driver.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"
#include "../jit/kernel.hpp"
#include "launch_util.hpp"
#include "reduction_engine.hpp"

namespace cunp {
namespace {

using detail::kReduceBlock;
using detail::kReduceSlot;
constexpr int kMaxOperands = 16;  // inputs, and outputs, of one reduction

std::string num(long long v) { return std::to_string(v); }

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

namespace {

constexpr int kWarpsPerBlock = kReduceBlock / 32;
constexpr int64_t kMaxSplits = 65535;  // gridDim.y

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

constexpr int kTileCols = detail::kReduceTileCols;
constexpr int kTileRows = kReduceBlock / kTileCols;  // warps, each folding every kTileRows-th row

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
                                                std::max(1, dev.threads_per_sm / kReduceBlock));
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
        split(p.n_out, int64_t{kReduceBlock} * p.vec * 8, p.vec);
      }
      break;
    case ReduceStrategy::Warp:
      p.grid_x = std::min<int64_t>(ceil_div(p.n_out, kWarpsPerBlock), wave * 16);
      break;
    case ReduceStrategy::Thread:
      p.grid_x = ceil_div(p.n_out, kReduceBlock);
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
    dev.threads_per_sm = std::max(kReduceBlock, p.max_threads_per_multiprocessor);
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
    return detail::KernelSpec{reduction_source(op, sig), detail::reduce_kernel_name(op.name),
                              op.options};
  });

  // Scratch for split reductions: partials, then one ticket per combining group.
  MemoryPtr scratch;
  uint64_t partials = 0, tickets = 0;
  const StreamHandle stream = current_stream_handle(device);
  activate(device);
  if (plan.splits > 1) {
    int64_t groups = plan.strategy == ReduceStrategy::Block ? plan.n_out : plan.grid_x;
    int64_t pbytes = plan.n_out * plan.splits * kReduceSlot;
    scratch = allocate(static_cast<std::size_t>(pbytes + groups * 4), device, stream);
    partials = scratch->ptr;
    tickets = scratch->ptr + static_cast<uint64_t>(pbytes);
    CUNP_DRV(cuMemsetD32Async, static_cast<CUdeviceptr>(tickets), 0u,
             static_cast<std::size_t>(groups), reinterpret_cast<CUstream>(stream));
  }

  const int K = std::max(1, plan.kept_ndim), R = std::max(1, plan.reduced_ndim);
  const int64_t bytes = detail::reduce_params_bytes(nin, nout, plan.kept_ndim, plan.reduced_ndim);
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
                    {kReduceBlock}, args);
}

}  // namespace cunp
