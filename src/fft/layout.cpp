// src/fft/layout.cpp -- NumPy's steps of a transform, their grouping into cuFFT plans, and
// the advanced layout of one plan's execution.
#include "layout.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "cunp/array/shape.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp::fft {
namespace {

// Strides in elements of `a` along `axes`, or false when one is not a whole number of elements.
bool element_strides(const NDArray& a, const std::vector<int>& axes, int64_t* out) {
  const int64_t item = a.itemsize();
  for (size_t i = 0; i < axes.size(); ++i) {
    int64_t s = a.strides()[axes[i]];
    if (s % item) return false;
    out[i] = s / item;
  }
  return true;
}

// One operand's transform dimensions as cuFFT's advanced layout: the innermost stride and the
// embeds; false when the strides do not nest in plan order.
bool embed(const NDArray& a, const std::vector<int>& plan_axes, int64_t* stride, int64_t* emb) {
  const int rank = static_cast<int>(plan_axes.size());
  int64_t s[3];
  if (!element_strides(a, plan_axes, s)) return false;
  for (int k = 0; k < rank; ++k)
    if (s[k] <= 0) return false;
  emb[0] = a.shape()[plan_axes[0]];  // unused by cuFFT; the extent, should it be checked
  for (int k = rank - 1; k > 0; --k) {
    if (s[k - 1] % s[k]) return false;
    emb[k] = s[k - 1] / s[k];
    if (emb[k] < a.shape()[plan_axes[k]]) return false;
  }
  *stride = s[rank - 1];
  return true;
}

bool is_single(PlanType t) {
  return t == PlanType::C2C || t == PlanType::R2C || t == PlanType::C2R;
}

}  // namespace

int64_t input_length(const Step& s, Kind k) { return s.real && k == Kind::C2R ? s.n / 2 + 1 : s.n; }
int64_t output_length(const Step& s, Kind k) {
  return s.real && k == Kind::R2C ? s.n / 2 + 1 : s.n;
}

// NumPy's order of 1-D steps, with its checks in its order (the length, then the axis) and its
// defaults taken from the shape each step sees.
std::vector<Step> steps_of(const NDArray& a, const Request& r) {
  if (r.axes.size() != r.lengths.size()) throw ValueError("Shape and axes have different lengths.");
  if (r.kind != Kind::C2C && r.axes.empty()) throw IndexError("list index out of range");
  const int count = static_cast<int>(r.axes.size());
  std::vector<int> order(count);
  for (int i = 0; i < count; ++i) order[i] = i;
  // C2C from the last axis to the first; R2C likewise (its real axis, the last, comes first);
  // C2R the complex axes first to last, its real axis at the end.
  if (r.kind != Kind::C2R) std::reverse(order.begin(), order.end());
  Dims shape = a.shape();
  const int ndim = a.ndim();
  std::vector<Step> steps;
  for (int i : order) {
    bool real = r.kind != Kind::C2C && i == count - 1;
    int64_t n = r.lengths[i];
    int64_t axis = r.axes[i];
    if (n == -1) {
      if (axis < -ndim || axis >= ndim) throw IndexError("tuple index out of range");
      int64_t m = shape[axis < 0 ? axis + ndim : axis];
      n = real && r.kind == Kind::C2R ? (m - 1) * 2 : m;
    }
    if (n < 1)
      throw ValueError("Invalid number of FFT data points (" + std::to_string(n) + ") specified.");
    Step s{normalize_axis(axis, ndim), n, real};
    shape[s.axis] = output_length(s, r.kind);
    steps.push_back(s);
  }
  return steps;
}

Dims numpy_result_strides(Dims shape, Dims strides, int itemsize,
                          const std::vector<std::pair<int, int64_t>>& steps) {
  const int ndim = shape.size();
  for (const auto& [axis, length] : steps) {
    // empty_like's 'K' order of this step's input, outermost axis first.
    std::vector<int64_t> order(ndim);
    std::iota(order.begin(), order.end(), 0);
    if (ndim > 1 && !is_c_contiguous(shape, strides, itemsize)) {
      if (is_f_contiguous(shape, strides, itemsize)) std::reverse(order.begin(), order.end());
      else order = memory_order(strides);
    }
    shape[axis] = length;
    int64_t step = 1;  // the output's strides, in elements, in that order
    for (int k = ndim - 1; k >= 0; --k) {
      strides[static_cast<int>(order[k])] = step;
      step *= shape[static_cast<int>(order[k])];
    }
    itemsize = 1;
  }
  return strides;
}

Dims numpy_result_strides(const NDArray& a, const std::vector<Step>& steps, Kind kind) {
  std::vector<std::pair<int, int64_t>> pairs;
  for (const Step& s : steps) pairs.emplace_back(s.axis, output_length(s, kind));
  return numpy_result_strides(a.shape(), a.strides(), a.itemsize(), pairs);
}

// Runs of steps over distinct axes, up to `cap`, each one cuFFT plan.
// C2R's last step stays alone: a multi-dimensional C2R assumes Hermitian symmetry over every axis,
// which NumPy's successive 1-D transforms do not.
std::vector<std::vector<Step>> group_steps(const std::vector<Step>& steps, Kind kind, size_t cap) {
  std::vector<std::vector<Step>> groups;
  for (const Step& s : steps) {
    bool fits = !groups.empty() && groups.back().size() < cap && !(s.real && kind == Kind::C2R) &&
                !(groups.back().back().real && kind == Kind::C2R);
    if (fits)
      for (const Step& t : groups.back()) fits = fits && t.axis != s.axis;
    if (!fits) groups.emplace_back();
    groups.back().push_back(s);
  }
  return groups;
}

// The cuFFT layout of one execution from `in` to `out` over `plan_axes`, when there is one.
std::optional<Layout> describe(const NDArray& in, const NDArray& out,
                               const std::vector<int>& plan_axes, PlanType type, const int64_t* n) {
  Layout l;
  PlanKey& k = l.key;
  k.device = in.device();
  k.type = type;
  if (const CallbacksPtr& c = active_callbacks()) k.callbacks = c->id;
  k.rank = static_cast<int32_t>(plan_axes.size());
  for (int i = 0; i < k.rank; ++i) k.n[i] = n[i];
  if (!embed(in, plan_axes, &k.istride, k.inembed) || !embed(out, plan_axes, &k.ostride, k.onembed))
    return std::nullopt;
  // Batch dimensions, outermost first by the input's strides, size-1 ones dropped, merged where
  // both operands step evenly across them.
  std::vector<int> batch;
  for (int ax : memory_order(in.strides()))
    if (std::find(plan_axes.begin(), plan_axes.end(), ax) == plan_axes.end() && in.shape()[ax] != 1)
      batch.push_back(ax);
  std::vector<std::array<int64_t, 3>> dims;  // count, input element stride, output element stride
  for (int ax : batch) {
    int64_t is = in.strides()[ax], os = out.strides()[ax];
    if (is <= 0 || os <= 0 || is % in.itemsize() || os % out.itemsize()) return std::nullopt;
    std::array<int64_t, 3> d{in.shape()[ax], is / in.itemsize(), os / out.itemsize()};
    if (!dims.empty() && dims.back()[1] == d[0] * d[1] && dims.back()[2] == d[0] * d[2])
      dims.back() = {dims.back()[0] * d[0], d[1], d[2]};
    else dims.push_back(d);
  }
  if (dims.empty()) {
    // One transform: the distances are unused; each operand's extent keeps them meaningful.
    k.batch = 1;
    k.idist = k.istride * k.inembed[0] * std::max<int64_t>(1, k.inembed[1]) *
              std::max<int64_t>(1, k.inembed[2]);
    k.odist = k.ostride * k.onembed[0] * std::max<int64_t>(1, k.onembed[1]) *
              std::max<int64_t>(1, k.onembed[2]);
  } else {
    k.batch = dims.back()[0];
    k.idist = dims.back()[1];
    k.odist = dims.back()[2];
    dims.pop_back();
  }
  int64_t loops = 1;
  for (const auto& d : dims) {
    loops *= d[0];
    l.loops.push_back({d[0], d[1] * in.itemsize(), d[2] * out.itemsize()});
  }
  if (loops > kMaxLoops) return std::nullopt;
  // Each execution's operands start at a whole complex element of the plan's precision (cuFFT's
  // kernels may load them as such); views that do not are copied.
  const int64_t align = is_single(type) ? 8 : 16;
  if (in.data() % align || out.data() % align) return std::nullopt;
  for (const auto& step : l.loops)
    if (step[1] % align || step[2] % align) return std::nullopt;
  return l;
}

}  // namespace cunp::fft
