// src/ops/ndimage/stencil_line_tile.cpp -- the planner of the weighted 1-D passes' shared-memory
// tiles (src/device/ndimage/ndi_line_tile.cuh): picks the across axis and the layout from the
// input's strides, folds the other axes into the batch, and launches one block per tile with the
// kernel built for the pass's tap count.
#include <cstdlib>
#include <string>
#include <vector>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/ndimage/stencil.hpp"
#include "cunp/runtime/error.hpp"
#include "jit/kernel.hpp"

namespace cunp {
namespace {

constexpr int kWarps = 8, kBatch = 6;  // as the device's kNdiLine* constants

// Laid out as the device's cunp::ndi_line_tile_params.
struct NdiLineTileParams {
  unsigned long long x, y, weights;
  long long n, m;
  long long xa, ya, xb, yb;
  long long bshape[kBatch];
  long long xbatch[kBatch], ybatch[kBatch];
  long long tiles_a, tiles_b;
  long long lines;
  long long start;
  double cval;
  int mode;
  int pad;
};

constexpr const char* kEntry = "cunp_ndi_line_tile";

// Taps fold in float where the input and the output are both float32 or float16: the pass's
// rounding then stays at the output's own precision, and the FP32 units do twice the FP64 units'
// work a cycle. Integer and float64 passes (and float32 into float64) keep double, as SciPy.
bool narrow_accumulator(DType in, DType out) {
  const auto narrow = [](DType t) { return t == DType::Float32 || t == DType::Float16; };
  return narrow(in) && narrow(out);
}

}  // namespace

std::string stencil_line_tile_source(DType in, DType out, long long taps, int layout) {
  const bool narrow = narrow_accumulator(in, out);
  if (taps < 1 || taps > kLineTileMaxTaps)
    throw ValueError("stencil_line_tile: taps must be 1.." + std::to_string(kLineTileMaxTaps));
  if (layout != 0 && layout != 1) throw ValueError("stencil_line_tile: layout is 0 or 1");
  std::string s = device_header() + device_part("ndi_boundary") + device_part("ndi_line_tile");
  s += "static_assert(sizeof(cunp::ndi_line_tile_params) == " +
       std::to_string(sizeof(NdiLineTileParams)) +
       ", \"host and device disagree on the parameter block\");\n";
  s += std::string("extern \"C\" __global__ void __launch_bounds__(") +
       std::to_string(32 * kWarps) + ") " + kEntry +
       "(const cunp::ndi_line_tile_params p) {\n  cunp::ndi_line_tile_run<" + info(in).ctype +
       ", " + info(out).ctype + (narrow ? ", float, " : ", double, ") + std::to_string(taps) +
       ", " + std::to_string(layout) + ">(p);\n}\n";
  return s;
}

bool stencil_line_tile(const NDArray& input, const NDArray& output, const NDArray& weights,
                       int axis, long long start, long long taps, NdiMode mode, double cval) {
  const int ndim = input.ndim();
  if (taps < 1 || taps > kLineTileMaxTaps || ndim < 1 || ndim > kBatch + 2) return false;
  if (output.shape() != input.shape() || weights.dtype() != DType::Float64 ||
      weights.size() != taps || !weights.c_contiguous())
    return false;
  // The across axis: the innermost of the others (smallest stride) that has more than one
  // element, so a warp's 32 lines sit side by side in memory.
  int b = -1;
  for (int d = ndim - 1; d >= 0; --d) {
    if (d == axis || input.shape()[d] < 2) continue;
    if (b < 0 || std::llabs(input.strides()[d]) < std::llabs(input.strides()[b])) b = d;
  }
  const long long n = input.shape()[axis];
  const long long m = b < 0 ? 1 : input.shape()[b];
  const int layout = (b < 0 || std::llabs(input.strides()[axis]) < std::llabs(input.strides()[b]))
                         ? 0
                         : 1;
  // Tiles that would leave most of their threads idle (short lines along the innermost axis, few
  // lines across it) stay with the direct pass, whose threads all work.
  if (layout == 0 ? n < kLineTileMinAlong : m < kLineTileMinAcross) return false;
  NdiLineTileParams p{};
  p.x = input.data();
  p.y = output.data();
  p.weights = weights.data();
  p.n = n;
  p.m = m;
  p.xa = input.strides()[axis];
  p.ya = output.strides()[axis];
  p.xb = b < 0 ? 0 : input.strides()[b];
  p.yb = b < 0 ? 0 : output.strides()[b];
  std::vector<int> rest;
  for (int d = 0; d < ndim; ++d)
    if (d != axis && d != b) rest.push_back(d);
  long long batch = 1;
  const int unused = kBatch - static_cast<int>(rest.size());
  for (int k = 0; k < kBatch; ++k) {
    const int d = k < unused ? -1 : rest[k - unused];
    p.bshape[k] = d < 0 ? 1 : input.shape()[d];
    p.xbatch[k] = d < 0 ? 0 : input.strides()[d];
    p.ybatch[k] = d < 0 ? 0 : output.strides()[d];
    batch *= p.bshape[k];
  }
  // Outputs a block covers along the filter's axis and across it, for runs of `run` outputs a
  // thread (the device's kNdiLineRun). Along: a warp's 32 runs of each of 8 lines, or of 8
  // stretches of one line where there are fewer lines (so a 1-D array keeps every warp busy);
  // across: 8 runs of each of 32 lines.
  const long long run = narrow_accumulator(input.dtype(), output.dtype()) ? 16 : 8;
  p.lines = layout == 1 ? 32 : m >= kWarps ? kWarps : 1;
  const long long span_a = layout == 1 ? kWarps * run : 32 * run * (kWarps / p.lines);
  p.tiles_a = (n + span_a - 1) / span_a;
  p.tiles_b = (m + p.lines - 1) / p.lines;
  const long long blocks = p.tiles_a * p.tiles_b * batch;
  if (blocks > 0x7fffffffLL) return false;
  p.start = start;
  p.cval = cval;
  p.mode = static_cast<int>(mode);
  if (output.size() == 0) return true;
  const int device = common_device({&input, &output, &weights});
  detail::KernelKey key(detail::Engine::NdimageTile, device, 0x11e);  // the line tiles
  key.add(static_cast<int>(input.dtype()));
  key.add(static_cast<int>(output.dtype()));
  key.add(static_cast<int>(taps));
  key.add(layout);
  FunctionHandle fn = detail::kernel(key, [&] {
    return detail::KernelSpec{
        stencil_line_tile_source(input.dtype(), output.dtype(), taps, layout), kEntry, {}};
  });
  detail::launch(fn, device, {static_cast<unsigned>(blocks)}, {static_cast<unsigned>(32 * kWarps)},
                 &p);
  return true;
}

}  // namespace cunp
