// src/fft/transform.cpp -- numpy.fft's transforms on cuFFT: each group of steps (layout.hpp) run
// from its input (cropped view, or zero-padded / cast copy) into a new array or out=, in a
// layout cuFFT takes, and the one scaling at the end.
#include "cunp/fft/fft.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>

#include "cunp/array/shape.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/ufunc/ufunc.hpp"
#include "cunp/runtime/error.hpp"
#include "layout.hpp"

namespace cunp::fft {
namespace {

std::atomic<bool> g_nd_planning{true};

// A C-contiguous array laid out in the axis order `perm`, viewed in the original order. When
// `dry`, nothing is allocated (plan_for only reads shapes and strides).
NDArray fresh(const Dims& shape, DType dtype, const std::vector<int>& perm, int device, bool dry) {
  const int ndim = static_cast<int>(perm.size());
  Dims pshape(ndim);
  for (int i = 0; i < ndim; ++i) pshape[i] = shape[perm[i]];
  NDArray p = dry ? NDArray(std::make_shared<Memory>(0, 0, device), 0, dtype, pshape,
                            contiguous_strides(pshape, itemsize(dtype)))
                  : NDArray::empty(pshape, dtype, Order::C, device);
  std::vector<int64_t> inverse(ndim);
  for (int i = 0; i < ndim; ++i) inverse[perm[i]] = i;
  return p.transpose(inverse);
}

// `a` cropped (a view) to at most `lengths` along every axis.
NDArray leading(const NDArray& a, const Dims& lengths) {
  std::vector<IndexItem> items;
  for (int ax = 0; ax < a.ndim(); ++ax)
    items.push_back(IndexItem::slice(0, std::min(a.shape()[ax], lengths[ax])));
  return a.index(items);
}

PlanType plan_type(Kind group_kind, DType complex_type) {
  bool single = complex_type == DType::Complex64;
  switch (group_kind) {
    case Kind::C2C: return single ? PlanType::C2C : PlanType::Z2Z;
    case Kind::R2C: return single ? PlanType::R2C : PlanType::D2Z;
    case Kind::C2R: return single ? PlanType::C2R : PlanType::Z2D;
  }
  return PlanType::C2C;
}

// One request's run: the working precision, whether anything is launched, and the plan made
// instead when planning only.
struct Run {
  Kind kind;
  bool forward;
  DType complex_type;
  bool dry = false;
  PlanPtr planned;
  int device = 0;
};

void execute(Run& run, const Layout& l, const NDArray& in, const NDArray& out) {
  PlanPtr plan;
  if (const PlanPtr& user = active_plan()) {
    if (!(user->key() == l.key))
      throw ValueError("the cuFFT plan in use does not match this transform (plan: " +
                       user->key().str() + "; transform: " + l.key.str() + ")");
    plan = user;
  }
  if (run.dry) {
    if (run.planned)
      throw ValueError("get_fft_plan: this transform needs more than one cuFFT plan");
    run.planned = plan ? plan : std::make_shared<Plan>(l.key);
    return;
  }
  if (in.size() == 0 || out.size() == 0) return;
  if (!plan) plan = plan_cache(run.device).get(l.key);
  // The loop dimensions, outermost first, as a mixed-radix counter.
  int64_t total = 1;
  for (const auto& d : l.loops) total *= d[0];
  std::vector<int64_t> index(l.loops.size(), 0);
  for (int64_t i = 0; i < total; ++i) {
    uintptr_t ip = in.data(), op = out.data();
    for (size_t d = 0; d < l.loops.size(); ++d) {
      ip += index[d] * l.loops[d][1];
      op += index[d] * l.loops[d][2];
    }
    plan->execute(ip, op, run.forward);
    for (size_t d = l.loops.size(); d-- > 0;) {
      if (++index[d] < l.loops[d][0]) break;
      index[d] = 0;
    }
  }
}

// One group of steps from `x`; `target` (defined only for the last group) is the caller's out=
// when it can take the result directly.
NDArray run_group(Run& run, const NDArray& x, const std::vector<Step>& group,
                  const NDArray& target) {
  // Length-1 steps are the identity once the input is cropped to one element: they take no
  // part in the plan (cuFFT need not support them), and a length-1 R2C is a cast to complex.
  std::vector<Step> active;
  bool inverse_real = false;  // the group holds C2R's step
  for (const Step& s : group) {
    if (s.n > 1) active.push_back(s);
    inverse_real = inverse_real || (s.real && run.kind == Kind::C2R);
  }
  Kind gk = Kind::C2C;
  for (const Step& s : active)
    if (s.real) gk = run.kind;
  const DType real_type = real_dtype(run.complex_type);
  const DType in_type = gk == Kind::R2C ? real_type : run.complex_type;
  const DType out_type = inverse_real ? real_type : run.complex_type;

  // Plan order: the complex axes outermost first in x's memory, the real axis last.
  std::stable_sort(active.begin(), active.end(), [&](const Step& a, const Step& b) {
    if (a.real != b.real) return b.real;
    return std::abs(x.strides()[a.axis]) > std::abs(x.strides()[b.axis]);
  });
  std::vector<int> plan_axes;
  int64_t n[3] = {};
  for (size_t i = 0; i < active.size(); ++i) {
    plan_axes.push_back(active[i].axis);
    n[i] = active[i].n;
  }
  Dims in_shape = x.shape(), out_shape = x.shape();
  for (const Step& s : group) {
    in_shape[s.axis] = input_length(s, run.kind);
    out_shape[s.axis] = output_length(s, run.kind);
  }
  const PlanType type = plan_type(gk, run.complex_type);
  bool padded = false;
  for (const Step& s : group) padded = padded || x.shape()[s.axis] < in_shape[s.axis];
  // cuFFT's C2R overwrites its input: it always gets a copy.
  const bool copy_input = padded || x.dtype() != in_type || gk == Kind::C2R;

  // Axis orders to lay new arrays out in: x's memory order, then batch axes first and the plan's
  // axes innermost (which cuFFT always takes).
  std::vector<int> memory;
  for (int64_t ax : memory_order(x.strides())) memory.push_back(static_cast<int>(ax));
  std::vector<int> planned_order;
  for (int ax : memory)
    if (std::find(plan_axes.begin(), plan_axes.end(), ax) == plan_axes.end())
      planned_order.push_back(ax);
  planned_order.insert(planned_order.end(), plan_axes.begin(), plan_axes.end());

  if (in_shape.product() == 0 || out_shape.product() == 0 || active.empty()) {
    // Nothing for cuFFT: an empty batch, or only length-1 steps (a copy, cast to the result).
    if (run.dry) throw ValueError("get_fft_plan: this transform runs no cuFFT plan");
    NDArray out = target.defined() ? target : fresh(out_shape, out_type, memory, run.device, false);
    NDArray source = leading(x, in_shape);
    NDArray dst = out;
    if (source.shape() != out.shape() && out.size()) {  // zero-padded: an empty x and n = 1
      fill(out, Scalar::from_int(0, out_type));
      dst = leading(out, source.shape());
    }
    if (dst.size()) copy_to(dst, inverse_real ? source.real() : source);
    return out;
  }
  NDArray in = in_shape == x.shape() ? x : leading(x, in_shape);
  const bool can_target = target.defined() && !may_share_memory(target, x);
  std::optional<Layout> layout;
  NDArray out;
  auto try_pair = [&](const NDArray& i, const NDArray& o) {
    layout = describe(i, o, plan_axes, type, n);
    return layout.has_value();
  };
  if (!copy_input) {
    // The input as it is, into out= or a new array in x's memory order (the usual case), else
    // one in the planned order.
    if (can_target && try_pair(in, target)) {
      out = target;
    } else {
      for (const auto* perm : {&memory, &planned_order}) {
        if (perm == &planned_order && planned_order == memory) break;
        NDArray o = fresh(out_shape, out_type, *perm, run.device, run.dry);
        if (try_pair(in, o)) {
          out = o;
          break;
        }
      }
    }
  }
  if (!out.defined()) {
    // A new input: in x's memory order when cuFFT takes that layout, else the planned order.
    std::vector<int> perm = planned_order;
    if (try_pair(fresh(in_shape, in_type, memory, run.device, true),
                 fresh(out_shape, out_type, memory, run.device, true)))
      perm = memory;
    NDArray buffer = fresh(in_shape, in_type, perm, run.device, run.dry);
    if (!run.dry) {
      if (padded) {
        fill(buffer, Scalar::from_int(0, in_type));
        copy_to(leading(buffer, in.shape()), in);
      } else {
        copy_to(buffer, in);
      }
    }
    in = buffer;
    if (!(can_target && try_pair(in, target))) {
      out = fresh(out_shape, out_type, perm, run.device, run.dry);
      if (!try_pair(in, out))
        throw RuntimeError("cuFFT takes no layout for " + shape_str(out_shape));
    } else {
      out = target;
    }
  }
  execute(run, *layout, in, out);
  return out;
}

// The product of the steps' norm factors, applied once at the end.
double scale_of(const std::vector<Step>& steps, const Request& r) {
  double scale = 1;
  for (const Step& s : steps) {
    bool forward = r.kind == Kind::C2C ? r.forward : r.kind == Kind::R2C;
    double n = static_cast<double>(s.n);
    if (r.norm == Norm::Ortho) scale /= std::sqrt(n);
    else if ((r.norm == Norm::Forward) == forward) scale /= n;
  }
  return scale;
}

void scale_in_place(const NDArray& a, double scale) {
  static const Ufunc* multiply = find_ufunc("multiply");
  UfuncArg arr{&a};
  UfuncArg factor;
  factor.scalar = Scalar::from_double(scale, DType::Float64);
  factor.weak = true;
  ufunc_call(*multiply, {arr, factor}, {a});
}

DType working_complex(DType t) {
  if (t == DType::Bool || is_integer(t) || is_inexact(t)) return complex_dtype(t);
  throw TypeError(std::string("cunp.fft does not support ") + dtype_repr(t));
}

NDArray run_request(const NDArray& a, const Request& r, const NDArray& out, bool dry,
                    PlanPtr* planned) {
  if (r.kind == Kind::R2C && is_complex(a.dtype())) {
    // NumPy's first (real) step checks its length and axis before its ufunc refuses the dtype.
    Request first = r;
    if (!r.axes.empty() && r.axes.size() == r.lengths.size()) {
      first.axes.assign(1, r.axes.back());
      first.lengths.assign(1, r.lengths.back());
    }
    steps_of(a, first);
    throw TypeError("rfft takes real input: " + dtype_repr(a.dtype()) +
                    " is complex (take the real part, or use fft)");
  }
  Run run{r.kind, r.kind == Kind::C2C ? r.forward : r.kind == Kind::R2C,
          working_complex(a.dtype())};
  run.dry = dry;
  run.device = common_device({&a, &out});
  const std::vector<Step> steps = steps_of(a, r);
  if (steps.empty()) return a;
  DType result_type = r.kind == Kind::C2R ? real_dtype(run.complex_type) : run.complex_type;
  // NumPy's irfft keeps float16 input's precision in its output; irfftn's complex steps before
  // it make complex64 first.
  if (r.kind == Kind::C2R && a.dtype() == DType::Float16 && steps.size() == 1)
    result_type = DType::Float16;
  Dims result_shape = a.shape();
  for (const Step& s : steps) result_shape[s.axis] = output_length(s, r.kind);
  // The result: out=, else a new array in NumPy's layout (numpy_result_strides), which the last
  // group writes directly when cuFFT takes that layout and which is copied into otherwise.
  NDArray result = out;
  if (out.defined()) {
    if (out.shape() != result_shape) throw ValueError("output array has wrong shape.");
    if (!can_cast(result_type, out.dtype(), Casting::SameKind))
      throw TypeError("Cannot cast ufunc 'fft' output from " + dtype_repr(result_type) + " to " +
                      dtype_repr(out.dtype()) + " with casting rule 'same_kind'");
  } else {
    // When planning only, a shapes-only array: the plan is then the one the transform runs.
    std::vector<int> order;
    for (int64_t ax : memory_order(numpy_result_strides(a, steps, r.kind)))
      order.push_back(static_cast<int>(ax));
    result = fresh(result_shape, result_type, order, run.device, dry);
  }
  NDArray target;
  if (result.defined() && result.dtype() == result_type && result_type != DType::Float16)
    target = result;
  const auto groups = group_steps(steps, r.kind, nd_planning() ? 3 : 1);
  NDArray x = a;
  for (size_t g = 0; g < groups.size(); ++g)
    x = run_group(run, x, groups[g], g + 1 == groups.size() ? target : NDArray());
  if (dry) {
    *planned = run.planned;
    return x;
  }
  if (double scale = scale_of(steps, r); scale != 1) scale_in_place(x, scale);
  if (x.data() != result.data() || x.strides() != result.strides()) copy_to(result, x);
  return result;
}

}  // namespace

NDArray transform(const NDArray& a, const Request& r, const NDArray& out) {
  return run_request(a, r, out, false, nullptr);
}

NDArray transform_1d(const NDArray& a, std::optional<int64_t> n, int64_t axis, Kind kind,
                     bool forward, Norm norm, const NDArray& out) {
  Request r;
  r.kind = kind;
  r.forward = forward;
  r.axes.assign(1, axis);
  r.lengths.assign(1, n.value_or(-1));
  r.norm = norm;
  return run_request(a, r, out, false, nullptr);
}

PlanPtr plan_for(const NDArray& a, const Request& r) {
  PlanPtr planned;
  run_request(a, r, NDArray(), true, &planned);
  if (!planned) throw ValueError("get_fft_plan: this transform runs no cuFFT plan");
  return planned;
}

void set_nd_planning(bool enabled) { g_nd_planning.store(enabled, std::memory_order_relaxed); }
bool nd_planning() { return g_nd_planning.load(std::memory_order_relaxed); }

}  // namespace cunp::fft
