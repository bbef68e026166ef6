// src/ops/ndimage/stencil_tile.cpp -- the n-D stencil's shared-memory tiles on 2-D images and 3-D
// volumes: the planner decides whether a footprint's halo fits, names the fold and launches one
// block per 32 x 32 outputs (2-D, src/device/ndimage/ndi_tile.cuh) or per depth x 8 x 32 outputs
// (3-D, ndi_tile3.cuh, the depth the deepest whose tile fits).
#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/ndimage/select_network.hpp"
#include "cunp/ops/ndimage/stencil.hpp"
#include "cunp/runtime/error.hpp"
#include "jit/kernel.hpp"

namespace cunp {
namespace {

// Laid out as the device's cunp::ndi_tile_params.
struct NdiTileParams {
  unsigned long long x, y, offsets, weights;
  long long rows, cols;
  long long x_row, x_col, y_row, y_col;
  long long taps, rank;
  long long lo_row, lo_col;
  long long tile_rows, tile_cols;
  double cval;
  int mode;
  int pad;
};

// Laid out as the device's cunp::ndi_tile3_params.
struct NdiTile3Params {
  unsigned long long x, y, offsets, weights;
  long long shape[3];
  long long x_stride[3], y_stride[3];
  long long taps, rank;
  long long lo[3];
  long long tile[3];
  long long depth;
  double cval;
  int mode;
  int pad;
};

constexpr int kTile = 32, kThreadRows = 8;
// The 3-D tile: 32 x 8 outputs a plane (one a thread), over a depth of planes, the deepest of
// these whose tile fits.
constexpr int kTile3Cols = 32, kTile3Rows = 8;
constexpr long long kTile3Depths[] = {8, 4, 2, 1};
// The staged tile stays within the shared memory every device gives a block without opting in.
constexpr long long kTileBytes = 48 * 1024;

std::string fold_type(StencilFold fold, long long taps, long long rank, bool narrow) {
  switch (fold) {
    case StencilFold::Sum: return "cunp::ndi_sum_fold";
    case StencilFold::Min: return "cunp::ndi_extreme_fold<false>";
    case StencilFold::Max: return "cunp::ndi_extreme_fold<true>";
    case StencilFold::Rank: return rank_fold_type(network_rank_plan(taps, rank, narrow), taps);
    default: throw ValueError("stencil_tile: no tile kernel for this fold");
  }
}

constexpr const char* kEntry = "cunp_ndi_tile";

// Bytes a staged tile element takes (ndi_tile_staging): the rank folds that compare keys stage
// their keys, 4 bytes where narrow; every other fold doubles.
long long staged_bytes(StencilFold fold, long long taps, long long rank, bool narrow) {
  if (fold != StencilFold::Rank) return 8;
  const RankPlan plan = network_rank_plan(taps, rank, narrow);
  const bool keys = plan.kind == RankPlan::Kind::Select || plan.kind == RankPlan::Kind::Network;
  return keys && plan.narrow ? 4 : 8;
}

}  // namespace

std::string stencil_tile_source(DType in, DType out, StencilFold fold, int ndim, long long taps,
                                long long rank, bool narrow) {
  if (ndim != 2 && ndim != 3) throw ValueError("stencil_tile: tiles are 2-D or 3-D");
  std::string s = device_header() + device_part("ndi_boundary") + device_part("ndi_stencil") +
                  device_part("sort_params") + device_part("sort_codec") +
                  device_part("ndi_select") + device_part("ndi_tile");
  if (ndim == 3) s += device_part("ndi_tile3");
  if (fold == StencilFold::Rank &&
      network_rank_plan(taps, rank, narrow).kind == RankPlan::Kind::Network)
    s += selection_network_source(static_cast<int>(taps), static_cast<int>(rank), "ndi_network");
  const std::string params = ndim == 2 ? "ndi_tile_params" : "ndi_tile3_params";
  const std::size_t size = ndim == 2 ? sizeof(NdiTileParams) : sizeof(NdiTile3Params);
  s += "static_assert(sizeof(cunp::" + params + ") == " + std::to_string(size) +
       ", \"host and device disagree on the parameter block\");\n";
  s += std::string("extern \"C\" __global__ void ") + kEntry + "(const cunp::" + params +
       " p) {\n  extern __shared__ double tile[];\n" +
       "  cunp::" + (ndim == 2 ? "ndi_tile_run<" : "ndi_tile3_run<") + info(in).ctype + ", " +
       info(out).ctype + ", " + fold_type(fold, taps, rank, narrow) + ">(p, tile);\n}\n";
  return s;
}

namespace {

// The kernel for these dtypes, fold and ndim on the arrays' device.
FunctionHandle tile_kernel(const NDArray& input, const NDArray& output, const NDArray& offsets,
                           const NDArray& weights, StencilFold fold, int ndim, long long taps,
                           long long rank, bool narrow, int device) {
  detail::KernelKey key(detail::Engine::NdimageTile, device, 0);
  key.add(static_cast<int>(input.dtype()));
  key.add(static_cast<int>(output.dtype()));
  key.add(static_cast<int>(fold));
  key.add(ndim);
  if (fold == StencilFold::Rank) {
    const RankPlan plan = network_rank_plan(taps, rank, narrow);
    key.add(static_cast<int>(plan.kind));
    key.add(plan.cap % 256);  // capacities up to 4096
    key.add(plan.cap / 256);
    key.add(plan.narrow);
    if (plan.kind == RankPlan::Kind::Network) {  // the network is generated for both
      key.add(static_cast<int>(taps));
      key.add(static_cast<int>(rank));
    }
  }
  (void)offsets;
  (void)weights;
  return detail::kernel(key, [&] {
    return detail::KernelSpec{stencil_tile_source(input.dtype(), output.dtype(), fold, ndim, taps,
                                                  rank, narrow),
                              kEntry,
                              {}};
  });
}

bool stencil_tile3(const NDArray& input, const NDArray& output, const NDArray& offsets,
                   const NDArray& weights, const long long* extent, NdiMode mode, double cval,
                   StencilFold fold, long long rank, bool narrow) {
  const long long taps = weights.size();
  const long long ext[3] = {extent[1] - extent[0], extent[3] - extent[2], extent[5] - extent[4]};
  if (ext[0] < 0 || ext[1] < 0 || ext[2] < 0) return false;
  const long long plane = (kTile3Rows + ext[1]) * (kTile3Cols + ext[2]);
  const long long staged = staged_bytes(fold, taps, rank, narrow);
  long long depth = 0;
  for (long long d : kTile3Depths) {
    const long long bytes = (d + ext[0]) * plane * staged +
                            taps * static_cast<long long>(sizeof(int));
    if (bytes <= kTileBytes) {
      depth = d;
      break;
    }
  }
  if (depth == 0) return false;
  const long long grid_x = (input.shape()[2] + kTile3Cols - 1) / kTile3Cols;
  const long long grid_y = (input.shape()[1] + kTile3Rows - 1) / kTile3Rows;
  const long long grid_z = (input.shape()[0] + depth - 1) / depth;
  if (grid_y > 65535 || grid_z > 65535) return false;  // such volumes stay elementwise
  if (output.size() == 0) return true;
  const int device = common_device({&input, &output, &offsets, &weights});
  FunctionHandle fn = tile_kernel(input, output, offsets, weights, fold, 3, taps, rank, narrow,
                                  device);
  NdiTile3Params p{};
  p.x = input.data();
  p.y = output.data();
  p.offsets = offsets.data();
  p.weights = weights.data();
  for (int d = 0; d < 3; ++d) {
    p.shape[d] = input.shape()[d];
    p.x_stride[d] = input.strides()[d];
    p.y_stride[d] = output.strides()[d];
    p.lo[d] = extent[2 * d];
  }
  p.tile[0] = depth + ext[0];
  p.tile[1] = kTile3Rows + ext[1];
  p.tile[2] = kTile3Cols + ext[2];
  p.depth = depth;
  p.taps = taps;
  p.rank = rank;
  p.cval = cval;
  p.mode = static_cast<int>(mode);
  const long long bytes = p.tile[0] * p.tile[1] * p.tile[2] * staged +
                          taps * static_cast<long long>(sizeof(int));
  detail::launch(fn, device,
                 {static_cast<unsigned>(grid_x), static_cast<unsigned>(grid_y),
                  static_cast<unsigned>(grid_z)},
                 {static_cast<unsigned>(kTile3Cols), static_cast<unsigned>(kTile3Rows)}, &p,
                 static_cast<unsigned>(bytes));
  return true;
}

}  // namespace

bool stencil_tile(const NDArray& input, const NDArray& output, const NDArray& offsets,
                  const NDArray& weights, const long long* extent, NdiMode mode, double cval,
                  StencilFold fold, long long rank) {
  const long long taps = weights.size();
  const int ndim = input.ndim();
  if ((ndim != 2 && ndim != 3) || output.shape() != input.shape() || taps < 1) return false;
  if (fold == StencilFold::Mean) return false;
  if (offsets.dtype() != DType::Int64 || weights.dtype() != DType::Float64 ||
      offsets.size() != ndim * taps || !offsets.c_contiguous() || !weights.c_contiguous())
    return false;
  if (fold == StencilFold::Rank) {
    if (rank < 0 || rank >= taps) throw ValueError("rank not within filter footprint size");
    // Only the folds that rank in registers: a quickselect buffer per thread would sit in local
    // memory beside a tile already in shared memory.
    if (taps > kStencilMaxRankTaps) return false;
    if (network_rank_plan(taps, rank, rank_keys_narrow(input.dtype(), mode, cval)).kind ==
        RankPlan::Kind::Buffer)
      return false;
  }
  const bool narrow = rank_keys_narrow(input.dtype(), mode, cval);
  if (ndim == 3)
    return stencil_tile3(input, output, offsets, weights, extent, mode, cval, fold, rank, narrow);
  const long long tile_rows = kTile + extent[1] - extent[0];
  const long long tile_cols = kTile + extent[3] - extent[2];
  // The tile, then each tap's offset inside it.
  const long long bytes = tile_rows * tile_cols * staged_bytes(fold, taps, rank, narrow) +
                          taps * static_cast<long long>(sizeof(int));
  if (extent[1] < extent[0] || extent[3] < extent[2] || bytes > kTileBytes) return false;
  const long long grid_x = (input.shape()[1] + kTile - 1) / kTile;
  const long long grid_y = (input.shape()[0] + kTile - 1) / kTile;
  if (grid_y > 65535) return false;  // the grid's second axis: such tall images stay elementwise
  if (output.size() == 0) return true;
  const int device = common_device({&input, &output, &offsets, &weights});
  FunctionHandle fn = tile_kernel(input, output, offsets, weights, fold, 2, taps, rank, narrow,
                                  device);
  NdiTileParams p{};
  p.x = input.data();
  p.y = output.data();
  p.offsets = offsets.data();
  p.weights = weights.data();
  p.rows = input.shape()[0];
  p.cols = input.shape()[1];
  p.x_row = input.strides()[0];
  p.x_col = input.strides()[1];
  p.y_row = output.strides()[0];
  p.y_col = output.strides()[1];
  p.taps = taps;
  p.rank = rank;
  p.lo_row = extent[0];
  p.lo_col = extent[2];
  p.tile_rows = tile_rows;
  p.tile_cols = tile_cols;
  p.cval = cval;
  p.mode = static_cast<int>(mode);
  detail::launch(fn, device, {static_cast<unsigned>(grid_x), static_cast<unsigned>(grid_y)},
                 {static_cast<unsigned>(kTile), static_cast<unsigned>(kThreadRows)}, &p,
                 static_cast<unsigned>(bytes));
  return true;
}

}  // namespace cunp
