// src/ops/ndimage/stencil.cpp -- the stencil planner: checks, then one elementwise launch over the
// output whose body is one of src/device/ndimage/ndi_stencil.cuh's folds.
//
// The elementwise engine already gives every output element its C-order position and hands the
// input whole (raw) with its own strides, so a stencil needs only a body: no second loop skeleton.
#include "cunp/ops/ndimage/stencil.hpp"

#include <string>

#include "cunp/array/scalar.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

// Rank folds keep their taps in a local buffer of a fixed size: a few sizes, so small
// footprints (the common 3x3 to 5x5x5) get a small buffer and few kernels are built.
constexpr int kRankCapacities[] = {32, 128, 512, 1024, 4096};

// Every fold's arguments: the output's position, the tables, the mode and cval.
const std::string kArgs = "(i, x, offsets, weights, taps, mode, cval";

int rank_capacity(long long taps) {
  for (int c : kRankCapacities)
    if (taps <= c) return c;
  return 0;
}

ElementwiseOp* make_op(const std::string& name, const std::string& call) {
  auto* o = new ElementwiseOp;  // never destroyed, as the kernel cache it keys
  o->name = name;
  o->preamble = device_part("ndi_boundary") + device_part("ndi_stencil");
  o->names = {"x", "offsets", "weights", "y"};
  o->raw = {true, true, true, false};
  o->scalar_names = {"taps", "mode", "cval", "rank"};
  o->uses_index = true;  // i is the output's C-order position, the stencil's centre
  o->type_aliases = {TypeAlias{"Y", false, 3}};
  o->body = "y = cunp::cast<Y>(" + call + ");";
  return o;
}

}  // namespace

const ElementwiseOp& stencil_op(StencilFold fold, long long taps) {
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
  }
  const int cap = rank_capacity(taps);
  if (cap == 0) throw ValueError("rank filter: footprint too large");
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
    if (kRankCapacities[k] == cap) return *ops[k];
  throw ValueError("rank filter: footprint too large");
}

void stencil(const NDArray& input, const NDArray& output, const NDArray& offsets,
             const NDArray& weights, NdiMode mode, double cval, StencilFold fold, long long rank) {
  if (input.ndim() < 1) throw ValueError("stencil: input must have at least one dimension");
  if (output.shape() != input.shape()) throw RuntimeError("output shape not correct");
  if (offsets.dtype() != DType::Int64 || weights.dtype() != DType::Float64)
    throw TypeError("stencil: offsets must be int64 and weights float64");
  const long long taps = weights.size();
  if (offsets.size() != taps * input.ndim())
    throw ValueError("stencil: offsets must hold ndim offsets per tap");
  if (fold == StencilFold::Rank) {
    if (taps > kStencilMaxRankTaps)
      throw ValueError("rank filter: a footprint of " + std::to_string(taps) +
                       " elements is larger than the " + std::to_string(kStencilMaxRankTaps) +
                       " supported");
    if (rank < 0 || rank >= taps) throw ValueError("rank not within filter footprint size");
  }
  if (output.size() == 0) return;
  if (taps == 0) throw ValueError("stencil: the footprint has no taps");
  elementwise(stencil_op(fold, taps), {input, offsets, weights}, {output},
              {Scalar::from_int(taps, DType::Int64),
               Scalar::from_int(static_cast<int>(mode), DType::Int32),
               Scalar::from_double(cval, DType::Float64), Scalar::from_int(rank, DType::Int64)});
}

}  // namespace cunp
