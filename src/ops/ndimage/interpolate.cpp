// src/ops/ndimage/interpolate.cpp -- the interpolation planner: checks, then one elementwise launch
// over the output's positions (one a thread) whose body samples the input
// (src/device/ndimage/ndi_interp.cuh), with a kernel per map, spline order, boundary mode and
// index width; and the spline prefilter's passes (src/device/ndimage/ndi_spline.cuh).
#include "cunp/ops/ndimage/interpolate.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>

#include "cunp/array/scalar.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

ElementwiseOp* make_op(const std::string& name, const std::string& call) {
  auto* o = new ElementwiseOp;  // never destroyed, as the kernel cache it keys
  o->name = name;
  o->preamble = device_part("ndi_boundary") + device_part("ndi_interp");
  // The output is raw too, so the loop runs one output element a thread: a loop operand would
  // let the launcher vectorize a float32 output four elements a thread, and the four samples'
  // gathers, coordinate reads and taps would then spread each warp's loads four times as wide.
  o->names = {"x", "table", "oshape", "y"};
  o->raw = {true, true, true, true};
  o->writable = {false, false, false, true};
  o->scalar_names = {"out_size",  "ondim",    "mode",      "cval",
                     "has_shift", "has_zoom", "grid_mode", "npad"};
  o->uses_index = true;  // i is the output's C-order position
  o->type_aliases = {TypeAlias{"Y", false, 3}};
  o->body = "y[i] = cunp::ndi_interp_store<Y>(" + call + ");";
  return o;
}

// The map's sampler with the spline order, the mode and the index type fixed in its code
// (<ORDER, MODE, I> in `call`); lead (affine only): axis 0 a batch of images (<..., 1>).
ElementwiseOp* make_op(SampleMap map, int order, int mode, bool index32, bool lead) {
  const std::string t = std::to_string(order) + ", " + std::to_string(mode) +
                        (index32 ? ", int" : ", long long") + (lead ? ", 1>" : ">");
  const std::string k = std::to_string(order) + "_m" + std::to_string(mode) +
                        (index32 ? "_i32" : "_i64") + (lead ? "_lead" : "");
  switch (map) {
    case SampleMap::Coordinates:
      return make_op("ndi_map_coordinates" + k,
                     "cunp::ndi_map_coordinates_at<" + t + "(i, out_size, x, table, cval, npad)");
    case SampleMap::Affine:
      return make_op("ndi_affine" + k, "cunp::ndi_affine_at<" + t +
                                           "(i, out_size, x, table, oshape, ondim, cval, npad)");
    case SampleMap::ZoomShift: break;
  }
  return make_op("ndi_zoom_shift" + k,
                 "cunp::ndi_zoom_shift_at<" + t +
                     "(i, out_size, x, table, oshape, has_shift, has_zoom, grid_mode, cval, npad)");
}

constexpr int kMaps = 3, kOrders = 6, kModes = static_cast<int>(NdiMode::GridConstant) + 1;

}  // namespace

const ElementwiseOp& interpolate_op(SampleMap map, int order, NdiMode mode, bool index32,
                                    bool lead) {
  if (order < 0 || order > 5) throw RuntimeError("spline order not supported");
  const int m = static_cast<int>(mode);
  if (m < 0 || m >= kModes) throw RuntimeError("boundary mode not supported");
  if (lead && map != SampleMap::Affine) throw ValueError("interpolate: lead is affine's only");
  if (lead) {
    // The affine map's batched kernels (rotate's volumes), apart: the other maps have none.
    using Batched = std::array<const ElementwiseOp*, kOrders * kModes * 2>;
    static const Batched* batched = [] {
      auto* t = new Batched;  // never destroyed, as the kernel cache its ops key
      for (int k = 0; k < kOrders; ++k)
        for (int md = 0; md < kModes; ++md)
          for (int w = 0; w < 2; ++w)
            (*t)[(k * kModes + md) * 2 + w] = make_op(SampleMap::Affine, k, md, w == 1, true);
      return t;
    }();
    return *(*batched)[(order * kModes + m) * 2 + (index32 ? 1 : 0)];
  }
  // One kernel per map, order, mode and index width: an order's taps unroll, a mode's folds
  // reduce to its own branch, and a kernel compiles only what it runs (on first use; the ops
  // themselves are a few strings each).
  using Table = std::array<const ElementwiseOp*, kMaps * kOrders * kModes * 2>;
  static const Table* ops = [] {
    auto* t = new Table;  // never destroyed, as the kernel cache its ops key
    for (int a = 0; a < kMaps; ++a)
      for (int k = 0; k < kOrders; ++k)
        for (int md = 0; md < kModes; ++md)
          for (int w = 0; w < 2; ++w)
            (*t)[((a * kOrders + k) * kModes + md) * 2 + w] = make_op(static_cast<SampleMap>(a), k,
                                                                      md, w == 1, false);
    return t;
  }();
  return *(*ops)[((static_cast<int>(map) * kOrders + order) * kModes + m) * 2 + (index32 ? 1 : 0)];
}

bool interpolate_index32(const Dims& shape, const Dims& strides, int64_t out_size,
                         bool coordinates) {
  constexpr long long kMax = 0x7fffffffLL;
  // Extents below 2^29: mirror's period 2n - 2 and the clamped far coordinates (+-2^30 plus
  // a few taps) stay inside int, and a clamped tap still lies past every edge.
  constexpr long long kExtent = 1LL << 29;
  long long span = 0;  // the largest byte offset a tap adds to the data pointer
  for (int d = 0; d < shape.size(); ++d) {
    const long long n = shape[d];
    if (n >= kExtent) return false;
    if (n > 1) span += (n - 1) * std::llabs(strides[d]);
    if (span > kMax) return false;
  }
  const long long rows = coordinates ? std::max(1, shape.size()) : 1;
  return out_size <= kMax / rows;
}

void interpolate(const NDArray& input, const NDArray& output, SampleMap map, const NDArray& table,
                 const NDArray& oshape, const SampleOptions& o) {
  if (input.ndim() < 1 || output.ndim() < 1)
    throw RuntimeError("input and output rank must be > 0");
  if (o.order < 0 || o.order > 5) throw RuntimeError("spline order not supported");
  // A coordinate array may stay float32 (the kernel reads each as a double, exactly); the small
  // tables of the other maps are float64.
  const bool table_ok = table.dtype() == DType::Float64 ||
                        (map == SampleMap::Coordinates && table.dtype() == DType::Float32);
  if (!table_ok || oshape.dtype() != DType::Int64)
    throw TypeError("interpolate: the table must be float64 (or float32 coordinates) and oshape "
                    "int64");
  if (oshape.size() != output.ndim()) throw ValueError("interpolate: oshape is not output's");
  if (output.ndim() > 32) throw ValueError("interpolate: too many output dimensions");
  const long long in = input.ndim(), on = output.ndim();
  const long long want = map == SampleMap::Coordinates ? in * output.size()
                         : map == SampleMap::Affine    ? in * on + in
                                                       : 2 * in;
  if (table.size() != want) throw ValueError("interpolate: the table has the wrong size");
  if (map == SampleMap::ZoomShift && on != in)
    throw ValueError("interpolate: zoom and shift keep the rank");
  if (o.lead &&
      (map != SampleMap::Affine || in < 2 || on != in || input.shape()[0] != output.shape()[0]))
    throw ValueError("interpolate: a batch axis needs the affine map and the same first axis");
  if (output.size() == 0) return;
  elementwise(interpolate_op(map, o.order, o.mode,
                             interpolate_index32(input.shape(), input.strides(), output.size(),
                                                 map == SampleMap::Coordinates),
                             o.lead),
              {input, table, oshape, output}, {},
              {Scalar::from_int(output.size(), DType::Int64), Scalar::from_int(on, DType::Int32),
               Scalar::from_int(static_cast<int>(o.mode), DType::Int32),
               Scalar::from_double(o.cval, DType::Float64),
               Scalar::from_bool(o.has_shift, DType::Bool),
               Scalar::from_bool(o.has_zoom, DType::Bool),
               Scalar::from_bool(o.grid_mode, DType::Bool), Scalar::from_int(o.npad, DType::Int64)},
              Dims{static_cast<int64_t>(output.size())});
}

long long ndi_line_spread(long long lines) {
  // Positions for at least 2048 warps (256 blocks of the launcher's 256 threads, about two per SM
  // of current GPUs), at most 8 a line (then each warp of lines has a block to itself).
  constexpr long long kWarpsWanted = 2048;
  const long long warps = (lines + 31) / 32;
  if (warps == 0) return 1;
  return std::max<long long>(1, std::min<long long>(8, (kWarpsWanted + warps - 1) / warps));
}

const ElementwiseOp& spline_filter_op() {
  static const ElementwiseOp* op = [] {
    auto* o = new ElementwiseOp;  // never destroyed, as the kernel cache it keys
    o->name = "ndi_spline_pass";
    o->preamble = device_part("ndi_spline");
    o->names = {"src", "dst"};
    o->raw = {true, true};
    o->writable = {false, true};
    o->scalar_names = {"n", "inner", "seg", "segments", "order", "mode", "pole", "anticausal"};
    o->uses_index = true;  // i picks the line and segment
    o->body = "cunp::ndi_spline_pass_at(i, src, dst, n, inner, seg, segments, order, mode, pole, "
              "anticausal);";
    return o;
  }();
  return *op;
}

long long ndi_spline_segment(long long lines, long long n) {
  // The longest segment (at most 256, at least 32) that still gives 32768 threads a pass (about
  // 8 warps an SM): short ones re-read a pole's horizon (18 to 88 elements) more often, long
  // ones leave SMs idle.
  constexpr long long kThreadsWanted = 32768;
  long long seg = 256;
  while (seg > 32 && lines * ((n + seg - 1) / seg) < kThreadsWanted) seg /= 2;
  return seg;
}

void spline_filter(const NDArray& c, int axis, int order, NdiMode mode) {
  if (order < 2 || order > 5) throw RuntimeError("spline order not supported");
  if (c.dtype() != DType::Float64 || !c.c_contiguous())
    throw TypeError("spline_filter: the coefficients must be a C-contiguous float64 array");
  if (axis < 0 || axis >= c.ndim()) throw ValueError("spline_filter: axis out of range");
  const long long n = c.shape()[axis];
  if (c.size() == 0 || n <= 1) return;
  long long inner = 1;
  for (int d = axis + 1; d < c.ndim(); ++d) inner *= c.shape()[d];
  const long long lines = c.size() / n;
  const long long seg = ndi_spline_segment(lines, n);
  const long long segments = (n + seg - 1) / seg;
  // Each pole: the causal pass from the coefficients into the scratch, the anticausal pass back
  // (a segment's horizon is another thread's segment, so no pass runs in place).
  const NDArray scratch = NDArray::empty(c.shape(), DType::Float64, Order::C, c.device());
  const int npoles = order < 4 ? 1 : 2;
  for (int pole = 0; pole < npoles; ++pole)
    for (bool anticausal : {false, true}) {
      const NDArray& src = anticausal ? scratch : c;
      const NDArray& dst = anticausal ? c : scratch;
      elementwise(spline_filter_op(), {src, dst}, {},
                  {Scalar::from_int(n, DType::Int64), Scalar::from_int(inner, DType::Int64),
                   Scalar::from_int(seg, DType::Int64), Scalar::from_int(segments, DType::Int64),
                   Scalar::from_int(order, DType::Int32),
                   Scalar::from_int(static_cast<int>(mode), DType::Int32),
                   Scalar::from_int(pole, DType::Int32),
                   Scalar::from_bool(anticausal, DType::Bool)},
                  Dims{static_cast<int64_t>(lines * segments)});
    }
}

}  // namespace cunp
