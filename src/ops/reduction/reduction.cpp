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
  const int device = common_device({inputs.begin(), inputs.size()});
  for (const NDArray& a : outputs)
    if (a.device() != device) raise_device_mismatch(device, a.device());

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
