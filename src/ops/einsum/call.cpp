// src/ops/einsum/call.cpp -- einsum and einsum_path: dtype= and out= as NumPy checks them, the
// plan cache (keyed by subscripts, operand shapes and dtypes, and optimize), and the plan's
// replay on the operands.
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "cunp/linalg/products.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/einsum/einsum.hpp"
#include "cunp/ops/manipulation/reshape.hpp"
#include "cunp/ops/ufunc/ufunc.hpp"
#include "cunp/runtime/error.hpp"
#include "path.hpp"
#include "plan.hpp"

namespace cunp {
namespace detail {
namespace {

NDArray apply_step(const EinsumStep& s, const NDArray& x, const NDArray* y) {
  switch (s.kind) {
    case EinsumStepKind::Diagonal: return x.diagonal(0, s.axes[0], s.axes[1]);
    case EinsumStepKind::Transpose: return x.transpose(s.axes);
    case EinsumStepKind::Reshape: return reshape(x, s.shape);
    case EinsumStepKind::BroadcastTo: return x.broadcast_to(s.shape);
    case EinsumStepKind::Sum: return sum(x, s.sum_args);
    case EinsumStepKind::Multiply: {
      static const Ufunc& multiply = *find_ufunc("multiply");
      return ufunc_call(multiply, {UfuncArg{&x}, UfuncArg{y}}, {NDArray()})[0];
    }
    default: return matmul(x, *y);
  }
}

// --- the plan cache ---

// What a plan depends on besides the subscripts: each operand's dtype, rank and extents.
void append_signature(std::vector<int64_t>& sig, const NDArray& a) {
  sig.push_back(static_cast<int64_t>(a.dtype()));
  sig.push_back(a.ndim());
  sig.insert(sig.end(), a.shape().begin(), a.shape().end());
}

bool signature_matches(const std::vector<int64_t>& sig, const NDArray* ops, size_t n) {
  size_t at = 0;
  for (size_t i = 0; i < n; ++i) {
    const NDArray& a = ops[i];
    const int nd = a.ndim();
    if (at + 2 + nd > sig.size() || sig[at] != static_cast<int64_t>(a.dtype()) || sig[at + 1] != nd)
      return false;
    for (int d = 0; d < nd; ++d)
      if (sig[at + 2 + d] != a.shape()[d]) return false;
    at += 2 + nd;
  }
  return at == sig.size();
}

uint64_t mix(uint64_t h, uint64_t v) {
  return h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2));
}

// Computed from the call's arguments as they are: a hit builds nothing.
uint64_t plan_hash(std::string_view subscripts, const NDArray* ops, size_t n,
                   const EinsumOptimize& optimize) {
  uint64_t h = std::hash<std::string_view>{}(subscripts);
  for (size_t i = 0; i < n; ++i) {
    h = mix(h, static_cast<uint64_t>(ops[i].dtype()) << 8 | ops[i].ndim());
    for (int64_t e : ops[i].shape()) h = mix(h, e);
  }
  h = mix(h, static_cast<uint64_t>(optimize.kind));
  h = mix(h, optimize.memory_limit ? *optimize.memory_limit + 1 : 0);
  for (const auto& step : optimize.path) {
    h = mix(h, step.size());
    for (int64_t k : step) h = mix(h, k);
  }
  return h;
}

struct CachedPlan {
  std::string subscripts;
  std::vector<int64_t> signature;
  EinsumOptimize optimize;
  EinsumPlan plan;
};

class PlanCache {
 public:
  std::shared_ptr<const CachedPlan> find(uint64_t hash, std::string_view subscripts,
                                         const NDArray* ops, size_t n,
                                         const EinsumOptimize& optimize) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = plans_.find(hash);
    if (it == plans_.end()) return nullptr;
    const CachedPlan& c = *it->second;
    if (c.subscripts != subscripts || !signature_matches(c.signature, ops, n) ||
        !(c.optimize == optimize))
      return nullptr;
    return it->second;
  }
  void add(uint64_t hash, std::shared_ptr<const CachedPlan> plan) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (plans_.size() >= kMaxPlans) plans_.clear();
    plans_[hash] = std::move(plan);
  }
  size_t size() {
    std::lock_guard<std::mutex> lock(mutex_);
    return plans_.size();
  }
  void clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    plans_.clear();
  }

 private:
  static constexpr size_t kMaxPlans = 512;
  std::mutex mutex_;
  std::unordered_map<uint64_t, std::shared_ptr<const CachedPlan>> plans_;
};

PlanCache& plan_cache() {
  static PlanCache* cache = new PlanCache;  // lives for the process
  return *cache;
}

std::shared_ptr<const CachedPlan> cached_plan(const std::string& subscripts, const NDArray* ops,
                                              size_t n, const EinsumOptimize& optimize) {
  const uint64_t hash = plan_hash(subscripts, ops, n, optimize);
  if (auto hit = plan_cache().find(hash, subscripts, ops, n, optimize)) return hit;
  auto made = std::make_shared<CachedPlan>();
  std::vector<Dims> shapes;
  std::vector<DType> dtypes;
  for (size_t i = 0; i < n; ++i) {
    shapes.push_back(ops[i].shape());
    dtypes.push_back(ops[i].dtype());
    append_signature(made->signature, ops[i]);
  }
  made->plan = plan_einsum(subscripts, shapes, dtypes, optimize);  // errors are not cached
  made->subscripts = subscripts;
  made->optimize = optimize;
  plan_cache().add(hash, made);
  return made;
}

std::string shape_text(const Dims& s) {
  std::string t = "(";
  for (int i = 0; i < s.size(); ++i) t += (i ? "," : "") + std::to_string(s[i]);
  return t + (s.size() == 1 ? ",)" : ")");
}

// NumPy's einsum takes out= as an operand of its iterator: exactly the result's shape, reached
// from the result's dtype under `casting`.
void check_out(const NDArray& out, const EinsumPlan& plan, Casting casting, size_t index) {
  if (out.ndim() != plan.shape.size())
    throw ValueError("out parameter does not have the correct number of dimensions, has " +
                     std::to_string(out.ndim()) + " but should have " +
                     std::to_string(plan.shape.size()));
  if (out.shape() != plan.shape)
    throw ValueError("operands could not be broadcast together: out has shape " +
                     shape_text(out.shape()) + ", the result " + shape_text(plan.shape));
  if (!can_cast(plan.dtype, out.dtype(), casting))
    throw TypeError("Iterator requested dtype could not be cast from " + dtype_repr(plan.dtype) +
                    " to " + dtype_repr(out.dtype()) + ", the operand " + std::to_string(index) +
                    " dtype, according to the rule '" + casting_name(casting) + "'");
}

}  // namespace

NDArray run_einsum_plan(const EinsumPlan& plan, const NDArray* operands) {
  const std::vector<EinsumStep>& steps = plan.steps;
  if (steps.empty()) return operands[plan.result];
  if (steps.size() == 1 && steps[0].out == plan.result) {
    // One library call ('bij,bjk->bik'): no value list.
    const EinsumStep& s = steps[0];
    return apply_step(s, operands[s.in[0]], s.in[1] < 0 ? nullptr : &operands[s.in[1]]);
  }
  const int n_inputs = plan.n_inputs;
  std::vector<NDArray> made(plan.n_values - n_inputs);
  auto value = [&](int v) -> const NDArray& {
    return v < n_inputs ? operands[v] : made[v - n_inputs];
  };
  for (const EinsumStep& s : steps)
    made[s.out - n_inputs] = apply_step(s, value(s.in[0]), s.in[1] < 0 ? nullptr : &value(s.in[1]));
  return value(plan.result);
}

}  // namespace detail

namespace {

// A plan that only views its operand (diagonals, transposes, reshapes): one that sums nothing.
bool views_only(const detail::EinsumPlan& plan) {
  for (const detail::EinsumStep& s : plan.steps)
    if (s.kind == detail::EinsumStepKind::Sum || s.kind == detail::EinsumStepKind::Multiply ||
        s.kind == detail::EinsumStepKind::Matmul)
      return false;
  return true;
}

}  // namespace

NDArray einsum(const std::string& subscripts, const std::vector<NDArray>& operands,
               const EinsumOptions& options) {
  common_device(operands, &options.out);
  const NDArray* ops = operands.data();
  const size_t n = operands.size();
  // NumPy returns a view of a single operand when nothing is summed, and then leaves dtype=
  // aside ('ii->i' of a bool array with dtype=int8 is a bool view).
  if (options.dtype && n == 1 && !options.out.defined()) {
    const auto view = detail::cached_plan(subscripts, ops, n, options.optimize);
    if (views_only(view->plan)) return detail::run_einsum_plan(view->plan, ops);
  }
  std::vector<NDArray> converted;
  if (options.dtype) {
    const DType t = *options.dtype;
    for (size_t i = 0; i < n; ++i)
      if (!can_cast(ops[i].dtype(), t, options.casting))
        throw TypeError("Iterator operand " + std::to_string(i) + " dtype could not be cast from " +
                        dtype_repr(ops[i].dtype()) + " to " + dtype_repr(t) +
                        " according to the rule '" + casting_name(options.casting) + "'");
    for (size_t i = 0; i < n; ++i)
      converted.push_back(astype(ops[i], t, OrderSpec::K, Casting::Unsafe, false));
    ops = converted.data();
  }
  const auto cached = detail::cached_plan(subscripts, ops, n, options.optimize);
  if (options.out.defined()) detail::check_out(options.out, cached->plan, options.casting, n);
  NDArray r = detail::run_einsum_plan(cached->plan, ops);
  if (!options.out.defined()) return r;
  copy_to(options.out, r);
  return options.out;
}

EinsumPath einsum_path(const std::string& subscripts, const std::vector<Dims>& shapes,
                       const EinsumOptimize& optimize) {
  std::vector<int> ndims;
  for (const Dims& s : shapes) ndims.push_back(s.size());
  const detail::EinsumLabels labels = detail::parse_subscripts(subscripts, ndims);
  const detail::LabelSizes sizes = detail::label_sizes(labels.inputs, shapes);
  EinsumPath r;
  r.path = detail::contraction_path(labels, sizes, optimize);
  r.report = detail::path_report(labels, sizes, r.path);
  return r;
}

std::size_t einsum_plan_cache_size() { return detail::plan_cache().size(); }
void clear_einsum_plan_cache() { detail::plan_cache().clear(); }

}  // namespace cunp
