// src/ops/reduction/reduction.cpp -- the reduction engine's entry points: the op's code hash, axis
// normalization, and reduce(): strides, the plan (reduction_plan.cpp), the kernel key and source
// (reduction_source.cpp), split scratch, the parameter block and the launch on the current stream.
#include "cunp/ops/reduction/reduction.hpp"

#include <algorithm>
#include <cstring>

#include "runtime/driver.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"
#include "jit/kernel.hpp"
#include "ops/launch_util.hpp"
#include "engine.hpp"

namespace cunp {
namespace {

using detail::kReduceBlock;
using detail::kReduceSlot;
constexpr int kMaxOperands = ReduceSignature::kMaxOperands;

std::string num(long long v) { return std::to_string(v); }

// The kernel key: the op's code hash plus every field of the signature.
static_assert(8 + 2 * kMaxOperands <= detail::KernelKey::kCapacity);
void add_to_key(detail::KernelKey& key, const ReduceSignature& sig) {
  key.add_list(sig.inputs);
  key.add_list(sig.outputs);
  key.add(static_cast<int>(sig.strategy));
  key.add(sig.kept_ndim);
  key.add(sig.reduced_ndim);
  key.add(sig.vec);
  key.add(sig.index32);
  key.add(sig.init_param);
}

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

std::vector<int> normalize_axes(const std::optional<std::vector<int64_t>>& axis, int ndim) {
  std::vector<int> axes;
  if (!axis) {
    for (int a = 0; a < ndim; ++a) axes.push_back(a);
    return axes;
  }
  // Every axis is bounds-checked before any duplicate is looked for, as NumPy's
  // normalize_axis_tuple: (0, 0, 3) of a 3-d array is its AxisError, not the duplicate.
  for (int64_t a : *axis) axes.push_back(normalize_axis(a, ndim));
  std::vector<bool> seen(ndim, false);
  for (int n : axes) {
    if (seen[n]) throw ValueError("duplicate value in 'axis'");
    seen[n] = true;
  }
  std::sort(axes.begin(), axes.end());
  return axes;
}

namespace {

// The loop a reduction walks: its shape, the axes it folds, and every operand's byte strides
// (inputs broadcast along the shape, outputs along the kept axes, in order).
struct ReduceLoop {
  Dims shape, kept_shape;
  std::vector<bool> reduced;
  std::vector<std::vector<int64_t>> in_strides, out_strides;
  int64_t n_out = 0, n_red = 1;
};

ReduceLoop reduce_loop(ArgList<NDArray> inputs, ArgList<NDArray> outputs,
                       const std::vector<int>& axes, Dims shape) {
  ReduceLoop L;
  if (shape.empty()) {
    std::vector<Dims> shapes;
    for (const NDArray& a : inputs) shapes.push_back(a.shape());
    shape = shapes.size() == 1 ? shapes[0] : broadcast_shapes(shapes);
  }
  const int nd = shape.size();
  L.reduced.assign(nd, false);
  for (int a : axes) {
    if (a < 0 || a >= nd) throw AxisError(a, nd);
    L.reduced[a] = true;
    L.n_red *= shape[a];
  }
  for (int a = 0; a < nd; ++a)
    if (!L.reduced[a]) L.kept_shape.push_back(shape[a]);
  L.n_out = L.kept_shape.product();

  L.in_strides.assign(inputs.size(), std::vector<int64_t>(nd, 0));
  for (std::size_t k = 0; k < inputs.size(); ++k)
    detail::broadcast_strides(inputs[k], shape, L.in_strides[k].data());
  L.out_strides.resize(outputs.size());
  for (std::size_t j = 0; j < outputs.size(); ++j) {
    const NDArray& o = outputs[j];
    std::vector<int64_t>& st = L.out_strides[j];
    if (o.ndim() == nd) {  // keepdims: the reduced axes are there as 1s
      for (int a = 0; a < nd; ++a) {
        if (L.reduced[a] ? o.shape()[a] != 1 : o.shape()[a] != shape[a])
          throw ValueError("reduction: output shape " + shape_str(o.shape()) + " does not match");
        if (!L.reduced[a]) st.push_back(o.shape()[a] == 1 ? 0 : o.strides()[a]);
      }
    } else {
      if (o.shape() != L.kept_shape)
        throw ValueError("reduction: output shape " + shape_str(o.shape()) + " does not match " +
                         shape_str(L.kept_shape));
      for (int d = 0; d < o.ndim(); ++d) st.push_back(o.shape()[d] == 1 ? 0 : o.strides()[d]);
    }
  }
  L.shape = std::move(shape);
  return L;
}

ReducePlan plan(const ReductionOp& op, const ReduceLoop& L, ArgList<NDArray> inputs, int device) {
  std::vector<int> itemsizes(inputs.size());
  int align = 16;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    itemsizes[k] = inputs[k].itemsize();
    align = std::min(align, pointer_alignment(inputs[k].data()));
  }
  const DeviceProperties& p = device_properties(device);
  ReduceDevice dev;
  dev.sms = std::max(1, p.multiprocessor_count);
  dev.threads_per_sm = std::max(kReduceBlock, p.max_threads_per_multiprocessor);
  return plan_reduction(L.shape.to_vector(), L.reduced, L.in_strides, L.out_strides, itemsizes,
                        op.uses_index, align, dev, op.ordered);
}

// The compiled kernel for the plan: the signature names everything the source depends on, and
// the cache key is derived from it.
FunctionHandle kernel(const ReductionOp& op, const ReducePlan& plan, ArgList<NDArray> inputs,
                      ArgList<NDArray> outputs, bool init, int device) {
  ReduceSignature sig;
  for (const NDArray& a : inputs) sig.inputs.push_back(a.dtype());
  for (const NDArray& a : outputs) sig.outputs.push_back(a.dtype());
  sig.strategy = plan.strategy;
  sig.kept_ndim = plan.kept_ndim;
  sig.reduced_ndim = plan.reduced_ndim;
  sig.vec = plan.vec;
  sig.index32 = plan.index32;
  sig.init_param = init;
  detail::KernelKey key(detail::Engine::Reduction, device, op.code_hash());
  add_to_key(key, sig);
  return detail::kernel(key, [&] {
    return detail::KernelSpec{reduction_source(op, sig), detail::reduce_kernel_name(op.name),
                              op.options};
  });
}

// Scratch of a split reduction: partials, then one zeroed ticket per combining group.
struct SplitScratch {
  MemoryPtr memory;
  uint64_t partials = 0, tickets = 0;
};
SplitScratch split_scratch(const ReducePlan& plan, int device, StreamHandle stream) {
  SplitScratch s;
  if (plan.splits <= 1) return s;
  const int64_t groups = plan.strategy == ReduceStrategy::Block ? plan.n_out : plan.grid_x;
  const int64_t pbytes = plan.n_out * plan.splits * kReduceSlot;
  s.memory = allocate(static_cast<std::size_t>(pbytes + groups * 4), device, stream);
  s.partials = s.memory->ptr;
  s.tickets = s.memory->ptr + static_cast<uint64_t>(pbytes);
  CUNP_DRV(cuMemsetD32Async, static_cast<CUdeviceptr>(s.tickets), 0u,
           static_cast<std::size_t>(groups), reinterpret_cast<CUstream>(stream));
  return s;
}

// The parameter block, laid out as cunp::reduce_params (src/device/engines/reduction.cuh).
void pack_params(uint64_t* params, int64_t bytes, const ReducePlan& plan,
                 const SplitScratch& scratch, ArgList<NDArray> inputs, ArgList<NDArray> outputs,
                 const Scalar* init) {
  const int nin = static_cast<int>(inputs.size()), nout = static_cast<int>(outputs.size());
  const int K = std::max(1, plan.kept_ndim), R = std::max(1, plan.reduced_ndim);
  std::memset(params, 0, static_cast<std::size_t>(bytes));
  std::size_t w = 0;
  params[w++] = static_cast<uint64_t>(plan.n_out);
  params[w++] = static_cast<uint64_t>(plan.n_red);
  params[w++] = static_cast<uint64_t>(plan.chunk);
  params[w++] = scratch.partials;
  params[w++] = scratch.tickets;
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
  if (init) std::memcpy(reinterpret_cast<unsigned char*>(params) + bytes - 16, init->bytes, 16);
}

}  // namespace

void reduce(const ReductionOp& op, ArgList<NDArray> inputs, ArgList<NDArray> outputs,
            const std::vector<int>& axes, const Scalar* init, Dims shape) {
  const int nin = static_cast<int>(inputs.size()), nout = static_cast<int>(outputs.size());
  if (nin < 1 || nout < 1) throw ValueError("reduction: needs at least one input and one output");
  if (nin > kMaxOperands || nout > kMaxOperands)
    throw ValueError("reduction: at most " + num(kMaxOperands) + " inputs and outputs");
  const int device = common_device({inputs.begin(), inputs.size()});
  for (const NDArray& a : outputs)
    if (a.device() != device) raise_device_mismatch(device, a.device());

  const ReduceLoop loop = reduce_loop(inputs, outputs, axes, std::move(shape));
  if (loop.n_out == 0) return;
  if (loop.n_red == 0 && !op.identity && !init)
    throw ValueError("zero-size array to reduction operation " + op.name +
                     " which has no identity");
  const ReducePlan p = plan(op, loop, inputs, device);
  const FunctionHandle fn = kernel(op, p, inputs, outputs, init != nullptr, device);

  const StreamHandle stream = current_stream_handle(device);
  activate(device);
  const SplitScratch scratch = split_scratch(p, device, stream);
  const int64_t bytes = detail::reduce_params_bytes(nin, nout, p.kept_ndim, p.reduced_ndim);
  detail::InlineBuffer<uint64_t, 256> params(static_cast<std::size_t>(bytes / 8));
  pack_params(params.data(), bytes, p, scratch, inputs, outputs, init);
  void* args[] = {params.data()};
  detail::launch_on(fn, device, stream,
                    {static_cast<unsigned>(p.grid_x), static_cast<unsigned>(p.splits)},
                    {kReduceBlock}, args);
}

}  // namespace cunp
