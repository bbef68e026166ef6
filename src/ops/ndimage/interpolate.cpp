// src/ops/ndimage/interpolate.cpp -- the interpolation planner: checks, then one elementwise launch
// over the output whose body samples the input (src/device/ndimage/ndi_interp.cuh).
#include "cunp/ops/ndimage/interpolate.hpp"

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
  o->names = {"x", "table", "oshape", "y"};
  o->raw = {true, true, true, false};
  o->scalar_names = {"out_size",  "ondim",    "order",     "mode", "cval",
                     "has_shift", "has_zoom", "grid_mode", "npad"};
  o->uses_index = true;  // i is the output's C-order position
  o->type_aliases = {TypeAlias{"Y", false, 3}};
  o->body = "y = cunp::ndi_interp_store<Y>(" + call + ");";
  return o;
}

}  // namespace

const ElementwiseOp& interpolate_op(SampleMap map) {
  switch (map) {
    case SampleMap::Coordinates: {
      static const ElementwiseOp* op = make_op(
          "ndi_map_coordinates",
          "cunp::ndi_map_coordinates_at(i, out_size, x, table, order, mode, cval, npad)");
      return *op;
    }
    case SampleMap::Affine: {
      static const ElementwiseOp* op = make_op(
          "ndi_affine", "cunp::ndi_affine_at(i, x, table, oshape, ondim, order, mode, cval, npad)");
      return *op;
    }
    case SampleMap::ZoomShift: break;
  }
  static const ElementwiseOp* op = make_op(
      "ndi_zoom_shift",
      "cunp::ndi_zoom_shift_at(i, x, table, oshape, has_shift, has_zoom, grid_mode, "
      "order, mode, cval, npad)");
  return *op;
}

void interpolate(const NDArray& input, const NDArray& output, SampleMap map, const NDArray& table,
                 const NDArray& oshape, const SampleOptions& o) {
  if (input.ndim() < 1 || output.ndim() < 1)
    throw RuntimeError("input and output rank must be > 0");
  if (o.order < 0 || o.order > 5) throw RuntimeError("spline order not supported");
  if (table.dtype() != DType::Float64 || oshape.dtype() != DType::Int64)
    throw TypeError("interpolate: the table must be float64 and oshape int64");
  if (oshape.size() != output.ndim()) throw ValueError("interpolate: oshape is not output's");
  if (output.ndim() > 32) throw ValueError("interpolate: too many output dimensions");
  const long long in = input.ndim(), on = output.ndim();
  const long long want = map == SampleMap::Coordinates ? in * output.size()
                         : map == SampleMap::Affine    ? in * on + in
                                                       : 2 * in;
  if (table.size() != want) throw ValueError("interpolate: the table has the wrong size");
  if (map == SampleMap::ZoomShift && on != in)
    throw ValueError("interpolate: zoom and shift keep the rank");
  if (output.size() == 0) return;
  elementwise(
      interpolate_op(map), {input, table, oshape}, {output},
      {Scalar::from_int(output.size(), DType::Int64), Scalar::from_int(on, DType::Int32),
       Scalar::from_int(o.order, DType::Int32),
       Scalar::from_int(static_cast<int>(o.mode), DType::Int32),
       Scalar::from_double(o.cval, DType::Float64), Scalar::from_bool(o.has_shift, DType::Bool),
       Scalar::from_bool(o.has_zoom, DType::Bool), Scalar::from_bool(o.grid_mode, DType::Bool),
       Scalar::from_int(o.npad, DType::Int64)});
}

const ElementwiseOp& spline_filter_op() {
  static const ElementwiseOp* op = [] {
    auto* o = new ElementwiseOp;  // never destroyed, as the kernel cache it keys
    o->name = "ndi_spline_filter";
    o->preamble = device_part("ndi_spline");
    o->names = {"c"};
    o->raw = {true};
    o->writable = {true};
    o->scalar_names = {"n", "inner", "order", "mode"};
    o->uses_index = true;  // i is the line
    o->body = "cunp::ndi_spline_filter_at(i, c, n, inner, order, mode);";
    return o;
  }();
  return *op;
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
  elementwise(spline_filter_op(), {c}, {},
              {Scalar::from_int(n, DType::Int64), Scalar::from_int(inner, DType::Int64),
               Scalar::from_int(order, DType::Int32),
               Scalar::from_int(static_cast<int>(mode), DType::Int32)},
              Dims{static_cast<int64_t>(lines)});
}

}  // namespace cunp
