// src/ops/ndimage/stencil_tile.cpp -- the n-D stencil's shared-memory tiles on 2-D images: the
// planner decides whether a footprint's halo fits, names the fold and launches one block per
// 32 x 32 outputs (device code in src/device/ndimage/ndi_tile.cuh).
#include <string>

#include "cunp/jit/compiler.hpp"
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

constexpr int kTile = 32, kThreadRows = 8;
// The staged tile stays within the shared memory every device gives a block without opting in.
constexpr long long kTileBytes = 48 * 1024;

const char* fold_type(StencilFold fold) {
  switch (fold) {
    case StencilFold::Sum: return "cunp::ndi_sum_fold";
    case StencilFold::Min: return "cunp::ndi_extreme_fold<false>";
    case StencilFold::Max: return "cunp::ndi_extreme_fold<true>";
    case StencilFold::Rank: return "cunp::ndi_small_rank_fold<9>";
    default: throw ValueError("stencil_tile: no tile kernel for this fold");
  }
}

constexpr const char* kEntry = "cunp_ndi_tile";

}  // namespace

std::string stencil_tile_source(DType in, DType out, StencilFold fold) {
  static_assert(kSmallRankTaps == 9, "the tile's rank fold names the small rank buffer");
  std::string s = device_header() + device_part("ndi_boundary") + device_part("ndi_stencil") +
                  device_part("ndi_tile");
  s += "static_assert(sizeof(cunp::ndi_tile_params) == " + std::to_string(sizeof(NdiTileParams)) +
       ", \"host and device disagree on the parameter block\");\n";
  s += std::string("extern \"C\" __global__ void ") + kEntry +
       "(const cunp::ndi_tile_params p) {\n  extern __shared__ double tile[];\n" +
       "  cunp::ndi_tile_run<" + info(in).ctype + ", " + info(out).ctype + ", " + fold_type(fold) +
       ">(p, tile);\n}\n";
  return s;
}

bool stencil_tile(const NDArray& input, const NDArray& output, const NDArray& offsets,
                  const NDArray& weights, const long long (&extent)[4], NdiMode mode, double cval,
                  StencilFold fold, long long rank) {
  const long long taps = weights.size();
  if (input.ndim() != 2 || output.shape() != input.shape() || taps < 1) return false;
  if (fold == StencilFold::Mean) return false;
  if (fold == StencilFold::Rank && taps > kSmallRankTaps) return false;
  if (offsets.dtype() != DType::Int64 || weights.dtype() != DType::Float64 ||
      offsets.size() != 2 * taps || !offsets.c_contiguous() || !weights.c_contiguous())
    return false;
  const long long tile_rows = kTile + extent[1] - extent[0];
  const long long tile_cols = kTile + extent[3] - extent[2];
  if (extent[1] < extent[0] || extent[3] < extent[2] ||
      tile_rows * tile_cols * static_cast<long long>(sizeof(double)) > kTileBytes)
    return false;
  if (fold == StencilFold::Rank && (rank < 0 || rank >= taps))
    throw ValueError("rank not within filter footprint size");
  const long long grid_x = (input.shape()[1] + kTile - 1) / kTile;
  const long long grid_y = (input.shape()[0] + kTile - 1) / kTile;
  if (grid_y > 65535) return false;  // the grid's second axis: such tall images stay elementwise
  if (output.size() == 0) return true;
  const int device = common_device({&input, &output, &offsets, &weights});
  detail::KernelKey key(detail::Engine::NdimageTile, device, 0);
  key.add(static_cast<int>(input.dtype()));
  key.add(static_cast<int>(output.dtype()));
  key.add(static_cast<int>(fold));
  FunctionHandle fn = detail::kernel(key, [&] {
    return detail::KernelSpec{stencil_tile_source(input.dtype(), output.dtype(), fold), kEntry, {}};
  });
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
                 static_cast<unsigned>(tile_rows * tile_cols * sizeof(double)));
  return true;
}

}  // namespace cunp
