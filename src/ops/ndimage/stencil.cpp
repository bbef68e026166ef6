// src/ops/ndimage/stencil.cpp -- the stencil planner: checks, then one elementwise launch over the
// output whose body is one of src/device/ndimage/ndi_stencil.cuh's folds.
//
// The elementwise engine already gives every output element its C-order position and hands the
// input whole (raw) with its own strides, so a stencil needs only a body: no second loop skeleton.
#include "cunp/ops/ndimage/stencil.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

#include "cunp/array/scalar.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/ops/ndimage/select_network.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

// Rank folds keep their taps in a local buffer of a fixed size: a few sizes, so small
// footprints (the common 3x3 to 5x5x5) get a small buffer and few kernels are built.
constexpr int kRankCapacities[] = {32, 128, 512, 1024, 4096};

// Every fold's arguments: the output's position, the tables, the mode and cval.
const std::string kArgs = "(i, x, offsets, weights, interior, taps, mode, cval";

int rank_capacity(long long taps) {
  for (int c : kRankCapacities)
    if (taps <= c) return c;
  return 0;
}

ElementwiseOp* make_op(const std::string& name, const std::string& call, bool select = false) {
  auto* o = new ElementwiseOp;  // never destroyed, as the kernel cache it keys
  o->name = name;
  o->preamble = device_part("ndi_boundary") + device_part("ndi_stencil") +
                (select ? device_part("sort_params") + device_part("sort_codec") +
                              device_part("ndi_select")
                        : std::string());
  o->names = {"x", "offsets", "weights", "interior", "y"};
  o->raw = {true, true, true, true, false};
  o->scalar_names = {"taps", "mode", "cval", "rank"};
  o->uses_index = true;  // i is the output's C-order position, the stencil's centre
  o->type_aliases = {TypeAlias{"Y", false, 4}};
  o->body = "y = cunp::cast<Y>(" + call + ");";
  return o;
}

// Every 1-D pass's arguments.
const std::string kLineArgs = "(i, x, weights, taps, axis, start, mode, cval)";
const std::string kRunArgs = "(i, x, y, size, axis, start, mode, cval";

ElementwiseOp* make_line_op(const std::string& name, const std::string& call) {
  auto* o = new ElementwiseOp;  // never destroyed, as the kernel cache it keys
  o->name = name;
  o->preamble = device_part("ndi_boundary") + device_part("ndi_stencil") + device_part("ndi_line");
  o->names = {"x", "weights", "y"};
  o->raw = {true, true, false};
  o->scalar_names = {"taps", "axis", "start", "mode", "cval"};
  o->uses_index = true;
  o->type_aliases = {TypeAlias{"Y", false, 2}};
  o->body = "y = cunp::cast<Y>(" + call + ");";
  return o;
}

ElementwiseOp* make_run_op(const std::string& name, const std::string& call) {
  auto* o = new ElementwiseOp;  // never destroyed, as the kernel cache it keys
  o->name = name;
  o->preamble = device_part("ndi_boundary") + device_part("ndi_stencil") + device_part("ndi_line");
  o->names = {"x", "weights", "y"};
  o->raw = {true, true, true};
  o->writable = {false, false, true};
  o->scalar_names = {"size", "axis", "start", "mode", "cval", "run"};
  o->uses_index = true;  // i is the run
  o->body = call + ";";
  return o;
}

// The op running a network for this footprint size and rank (one per size, rank and key width,
// made on first use and kept, as the kernel cache keys on them).
const ElementwiseOp& network_op(long long taps, long long rank, bool narrow) {
  static std::mutex mutex;
  static std::map<std::tuple<long long, long long, bool>, const ElementwiseOp*> ops;
  std::lock_guard<std::mutex> lock(mutex);
  const ElementwiseOp*& op = ops[{taps, rank, narrow}];
  if (op == nullptr) {
    const std::string v = narrow ? "float" : "double";
    const int t = static_cast<int>(taps), r = static_cast<int>(rank);
    // The row for the elements near the edges: every rank of at most kNetworkMaxTaps taps fits.
    const int row = rank_plan(taps, rank, narrow).cap;
    ElementwiseOp* o = make_op("ndi_network_" + v + std::to_string(t) + "_" + std::to_string(r),
                               "cunp::ndi_network_at<" + v + ", " + std::to_string(t) + ", " +
                                   std::to_string(network_wires(t)) + ", ndi_network, " +
                                   std::to_string(row) + ">" + kArgs + ", rank)",
                               true);
    o->preamble += selection_network_source(t, r, "ndi_network");
    op = o;
  }
  return *op;
}

}  // namespace

const ElementwiseOp& stencil_line_op(StencilFold fold) {
  switch (fold) {
    case StencilFold::Sum: {
      static const ElementwiseOp* op = make_line_op("ndi_line_correlate",
                                                    "cunp::ndi_line_correlate_at" + kLineArgs);
      return *op;
    }
    case StencilFold::Min: {
      static const ElementwiseOp* op = make_line_op("ndi_line_minimum",
                                                    "cunp::ndi_line_extreme_at<false>" + kLineArgs);
      return *op;
    }
    case StencilFold::Max: {
      static const ElementwiseOp* op = make_line_op("ndi_line_maximum",
                                                    "cunp::ndi_line_extreme_at<true>" + kLineArgs);
      return *op;
    }
    default: throw ValueError("stencil_line: no direct kernel for this fold");
  }
}

const ElementwiseOp& stencil_run_op(StencilFold fold, int cap) {
  if (fold == StencilFold::Sum) {
    static const ElementwiseOp* op = make_run_op(
        "ndi_line_sum_run", "cunp::ndi_line_sum_run(i, x, weights, y, size, axis, start, mode, "
                            "cval, run)");
    return *op;
  }
  if (fold == StencilFold::Mean) {
    static const ElementwiseOp* op = make_run_op("ndi_running_mean", "cunp::ndi_running_mean_run" +
                                                                         kRunArgs + ", run)");
    return *op;
  }
  if (fold != StencilFold::Min && fold != StencilFold::Max)
    throw ValueError("stencil_line: no run kernel for this fold");
  constexpr std::size_t kCaps = std::size(kVanHerkCapacities);
  static const ElementwiseOp* ops[2][kCaps] = {};
  static const bool built = [] {
    for (int m = 0; m < 2; ++m) {
      for (std::size_t k = 0; k < kCaps; ++k) {
        const std::string c = std::to_string(kVanHerkCapacities[k]);
        ops[m][k] = make_run_op(std::string(m ? "ndi_van_herk_max" : "ndi_van_herk_min") + c,
                                std::string("cunp::ndi_van_herk_run<") + (m ? "true" : "false") +
                                    ", " + c + ">" + kRunArgs + ", run)");
      }
    }
    return true;
  }();
  (void)built;
  for (std::size_t k = 0; k < kCaps; ++k)
    if (kVanHerkCapacities[k] >= cap) return *ops[fold == StencilFold::Max][k];
  throw ValueError("stencil_line: van Herk buffer too large");
}

const ElementwiseOp& stencil_op(StencilFold fold, long long taps, long long rank, bool narrow) {
  switch (fold) {
    case StencilFold::Sum: {
      static const ElementwiseOp* op = make_op("ndi_correlate",
                                               "cunp::ndi_correlate_at" + kArgs + ")");
      return *op;
    }
    case StencilFold::Min: {
      static const ElementwiseOp* op = make_op("ndi_minimum",
                                               "cunp::ndi_extreme_at<false>" + kArgs + ")");
      return *op;
    }
    case StencilFold::Max: {
      static const ElementwiseOp* op = make_op("ndi_maximum",
                                               "cunp::ndi_extreme_at<true>" + kArgs + ")");
      return *op;
    }
    case StencilFold::Rank: break;
    case StencilFold::Mean: throw ValueError("stencil: the mean fold is stencil_line's");
  }
  const RankPlan plan = network_rank_plan(taps, rank, narrow, kSmallRankTaps + 1);
  if (plan.kind == RankPlan::Kind::Network) return network_op(taps, rank, narrow);
  if (plan.kind == RankPlan::Kind::Small) {
    static const ElementwiseOp* small = make_op(
        "ndi_rank_small" + std::to_string(kSmallRankTaps),
        "cunp::ndi_small_rank_at<" + std::to_string(kSmallRankTaps) + ">" + kArgs + ", rank)");
    return *small;
  }
  if (plan.kind == RankPlan::Kind::Select) {
    constexpr std::size_t kCaps = std::size(kSelectCapacities);
    static const ElementwiseOp* ops[2][kCaps] = {};
    static const bool built = [] {
      for (int narrow_keys = 0; narrow_keys < 2; ++narrow_keys) {
        for (std::size_t k = 0; k < kCaps; ++k) {
          const std::string v = narrow_keys ? "float" : "double";
          const std::string c = std::to_string(kSelectCapacities[k]);
          ops[narrow_keys][k] = make_op(
              "ndi_select_" + v + c,
              "cunp::ndi_select_at<" + v + ", " + c + ">" + kArgs + ", rank)", true);
        }
      }
      return true;
    }();
    (void)built;
    for (std::size_t k = 0; k < kCaps; ++k)
      if (kSelectCapacities[k] == plan.cap) return *ops[plan.narrow][k];
  }
  static const ElementwiseOp* ops[std::size(kRankCapacities)] = {};
  static const bool built = [] {
    for (std::size_t k = 0; k < std::size(kRankCapacities); ++k) {
      const std::string c = std::to_string(kRankCapacities[k]);
      ops[k] = make_op("ndi_rank" + c, "cunp::ndi_rank_at<" + c + ">" + kArgs + ", rank)");
    }
    return true;
  }();
  (void)built;
  for (std::size_t k = 0; k < std::size(kRankCapacities); ++k)
    if (kRankCapacities[k] == plan.cap) return *ops[k];
  throw ValueError("rank filter: footprint too large");
}

RankPlan rank_plan(long long taps, long long rank, bool narrow) {
  if (taps > kStencilMaxRankTaps) throw ValueError("rank filter: footprint too large");
  if (taps >= 1 && taps <= kSmallRankTaps) return {RankPlan::Kind::Small, kSmallRankTaps, false};
  // The row keeps the wanted value and everything on its nearer side.
  const long long keep = std::min(rank, taps - 1 - rank) + 1;
  for (int c : kSelectCapacities)
    if (keep >= 1 && keep <= c) return {RankPlan::Kind::Select, c, narrow};
  const int cap = rank_capacity(taps);
  if (cap == 0) throw ValueError("rank filter: footprint too large");
  return {RankPlan::Kind::Buffer, cap, false};
}

RankPlan network_rank_plan(long long taps, long long rank, bool narrow, long long from) {
  const RankPlan plan = rank_plan(taps, rank, narrow);
  if (taps < std::max(2LL, from) || taps > (narrow ? kNetworkMaxTaps : kNetworkMaxTaps / 2))
    return plan;
  // Min/max operations a value: the register rows run a compare-and-swap (two) per tap and slot.
  const long long row = plan.kind == RankPlan::Kind::Buffer ? -1 : 2 * taps * plan.cap;
  const int t = static_cast<int>(taps), r = static_cast<int>(rank);
  if (row >= 0 && network_cost(t, r) >= row) return plan;
  return {RankPlan::Kind::Network, network_wires(t), narrow};
}

std::string rank_fold_type(const RankPlan& plan, long long taps) {
  const std::string c = std::to_string(plan.cap);
  const std::string v = plan.narrow ? "float" : "double";
  switch (plan.kind) {
    case RankPlan::Kind::Small: return "cunp::ndi_small_rank_fold<" + c + ">";
    case RankPlan::Kind::Select: return "cunp::ndi_select_fold<" + v + ", " + c + ">";
    case RankPlan::Kind::Network:
      return "cunp::ndi_network_fold<" + v + ", " + std::to_string(taps) + ", " + c +
             ", ndi_network>";
    case RankPlan::Kind::Buffer: break;
  }
  return "cunp::ndi_rank_fold<" + c + ">";
}

bool rank_keys_narrow(DType in, NdiMode mode, double cval) {
  switch (in) {
    case DType::Bool:
    case DType::Int8:
    case DType::UInt8:
    case DType::Int16:
    case DType::UInt16:
    case DType::Float16:
    case DType::Float32: break;
    default: return false;
  }
  if (mode != NdiMode::Constant && mode != NdiMode::GridConstant) return true;
  return std::isnan(cval) || static_cast<double>(static_cast<float>(cval)) == cval;
}

void stencil(const NDArray& input, const NDArray& output, const NDArray& offsets,
             const NDArray& weights, const NDArray& interior, NdiMode mode, double cval,
             StencilFold fold, long long rank) {
  if (input.ndim() < 1) throw ValueError("stencil: input must have at least one dimension");
  if (output.shape() != input.shape()) throw RuntimeError("output shape not correct");
  if (offsets.dtype() != DType::Int64 || weights.dtype() != DType::Float64)
    throw TypeError("stencil: offsets must be int64 and weights float64");
  const long long taps = weights.size();
  if (offsets.size() != taps * input.ndim())
    throw ValueError("stencil: offsets must hold ndim offsets per tap");
  if (interior.dtype() != DType::Int64 || interior.size() != taps + 2 * input.ndim())
    throw ValueError("stencil: the interior table must hold taps + 2 * ndim int64 values");
  if (fold == StencilFold::Mean) throw ValueError("stencil: the mean fold is stencil_line's");
  if (fold == StencilFold::Rank) {
    if (taps > kStencilMaxRankTaps)
      throw ValueError("rank filter: a footprint of " + std::to_string(taps) +
                       " elements is larger than the " + std::to_string(kStencilMaxRankTaps) +
                       " supported");
    if (rank < 0 || rank >= taps) throw ValueError("rank not within filter footprint size");
  }
  if (output.size() == 0) return;
  if (taps == 0) throw ValueError("stencil: the footprint has no taps");
  elementwise(stencil_op(fold, taps, rank, rank_keys_narrow(input.dtype(), mode, cval)),
              {input, offsets, weights, interior}, {output},
              {Scalar::from_int(taps, DType::Int64),
               Scalar::from_int(static_cast<int>(mode), DType::Int32),
               Scalar::from_double(cval, DType::Float64), Scalar::from_int(rank, DType::Int64)});
}

}  // namespace cunp

namespace cunp {

void stencil_line(const NDArray& input, const NDArray& output, const NDArray& weights, int axis,
                  long long start, long long taps, NdiMode mode, double cval, StencilFold fold) {
  if (input.ndim() < 1) throw ValueError("stencil: input must have at least one dimension");
  if (output.shape() != input.shape()) throw RuntimeError("output shape not correct");
  if (axis < 0 || axis >= input.ndim()) throw ValueError("stencil_line: axis out of range");
  if (taps < 1) throw ValueError("stencil: the footprint has no taps");
  if (weights.dtype() != DType::Float64) throw TypeError("stencil: weights must be float64");
  if (weights.size() != taps)
    throw ValueError("stencil_line: weights must hold one weight per tap");
  if (fold == StencilFold::Rank) throw ValueError("stencil_line: no rank fold along a line");
  if (output.size() == 0) return;
  // Weighted sums (correlate1d, the Gaussian's passes) through shared-memory tiles where they
  // apply: each element crosses the memory about once, where the direct fold re-reads every
  // tap through the caches.
  if (fold == StencilFold::Sum &&
      stencil_line_tile(input, output, weights, axis, start, taps, mode, cval))
    return;
  const long long n = input.shape()[axis];
  const long long lines = input.size() / n;
  const bool floating = is_float(output.dtype());
  // Runs put neighbouring threads on neighbouring lines: coalesced where the axis is not the
  // input's innermost. Along the innermost axis the direct fold coalesces and its taps hit L1,
  // so runs pay only for wide windows there.
  const long long stride = input.strides()[axis];
  const bool inner = (stride < 0 ? -stride : stride) <= itemsize(input.dtype());
  const long long from = inner ? kRunsOnInnerAxisFrom : 0;
  // The running sum rounds differently from the direct fold; integer outputs truncate, so a
  // last-bit difference would show there: they keep the direct fold, as do narrow windows.
  const bool running = fold == StencilFold::Mean && floating &&
                       taps >= std::max(kRunningMeanFrom, from);
  const bool van_herk = (fold == StencilFold::Min || fold == StencilFold::Max) &&
                        taps >= std::max(kVanHerkFrom, from) &&
                        taps <= kVanHerkCapacities[std::size(kVanHerkCapacities) - 1];
  const Scalar common[] = {Scalar::from_int(taps, DType::Int64),
                           Scalar::from_int(axis, DType::Int32),
                           Scalar::from_int(start, DType::Int64),
                           Scalar::from_int(static_cast<int>(mode), DType::Int32),
                           Scalar::from_double(cval, DType::Float64)};
  // The remaining weighted sums (Mean into integers or over narrow windows: weights 1 / taps)
  // off the innermost axis: direct sums over runs.
  const bool sum_runs = !inner && !running &&
                        (fold == StencilFold::Sum || fold == StencilFold::Mean);
  if (running || van_herk || sum_runs) {
    const long long run = running ? kRunningMeanRun : sum_runs ? kSumRun : taps;
    const long long runs = (n + run - 1) / run;
    const Scalar scalars[] = {common[0], common[1], common[2],
                              common[3], common[4], Scalar::from_int(run, DType::Int64)};
    elementwise(stencil_run_op(sum_runs ? StencilFold::Sum : fold, static_cast<int>(taps)),
                {input, weights, output}, {}, ArgList<Scalar>(scalars, std::size(scalars)),
                Dims{static_cast<int64_t>(lines * runs)});
    return;
  }
  // The direct fold (Mean: of the weights 1 / taps the caller passes; Min/Max: of zeros).
  elementwise(stencil_line_op(fold == StencilFold::Mean ? StencilFold::Sum : fold),
              {input, weights}, {output}, ArgList<Scalar>(common, std::size(common)));
}

}  // namespace cunp
