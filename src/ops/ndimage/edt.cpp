// src/ops/ndimage/edt.cpp -- distance_transform_edt's launches: one per axis over the lines
// (the lower envelope of parabolas, O(n) a line), then one for the distances and one for the
// indices. The caller allocates; these check and launch.
#include "cunp/ops/ndimage/edt.hpp"

#include "cunp/ops/ndimage/interpolate.hpp"

#include "cunp/array/scalar.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {

const ElementwiseOp& edt_pass_op() {
  static const ElementwiseOp* op = [] {
    auto* o = new ElementwiseOp;  // never destroyed, as the kernel cache it keys
    o->name = "ndi_edt_pass";
    o->preamble = device_part("ndi_spread") + device_part("ndi_edt");
    o->names = {"f", "feat", "fo", "go", "v"};
    o->raw = {true, true, true, true, true};
    o->writable = {false, false, true, true, true};
    o->scalar_names = {"n", "inner", "lines", "step", "spread"};
    o->uses_index = true;  // i picks the line (ndi_spread.cuh)
    o->body = "long long line;\n"
              "if (cunp::ndi_spread_line(i, spread, lines, line))\n"
              "  cunp::ndi_edt_line(line, f, feat, fo, go, v, n, inner, lines, step);";
    return o;
  }();
  return *op;
}

const ElementwiseOp& edt_distance_op() {
  static const ElementwiseOp* op = [] {
    auto* o = new ElementwiseOp;
    o->name = "ndi_edt_distance";
    o->preamble = device_part("ndi_edt");
    o->names = {"feat", "f", "shape", "steps", "out"};
    o->raw = {false, false, true, true, false};
    o->scalar_names = {"ndim"};
    o->uses_index = true;  // i is the element's C-order position
    o->body = "out = cunp::ndi_edt_distance_at(i, feat, f, shape, steps, ndim);";
    return o;
  }();
  return *op;
}

const ElementwiseOp& edt_indices_op() {
  static const ElementwiseOp* op = [] {
    auto* o = new ElementwiseOp;
    o->name = "ndi_edt_indices";
    o->preamble = device_part("ndi_edt");
    o->names = {"feat", "shape", "out"};
    o->raw = {true, true, false};
    o->scalar_names = {"size", "ndim"};
    o->uses_index = true;  // i is (axis, element) in C order
    o->body = "out = static_cast<int>(cunp::ndi_edt_coordinate(feat[i % size], "
              "static_cast<int>(i / size), shape, ndim));";
    return o;
  }();
  return *op;
}

namespace {

void check_same(const NDArray& a, const NDArray& b, DType dtype, const char* what) {
  if (a.dtype() != dtype || !a.c_contiguous() || a.shape() != b.shape())
    throw TypeError(std::string("distance_transform_edt: ") + what +
                    " must be C-contiguous, of the input's shape, " + info(dtype).name);
}

}  // namespace

void edt_pass(const NDArray& f, const NDArray& feat, const NDArray& fo, const NDArray& go,
              const NDArray& scratch, int axis, double step) {
  check_same(f, f, DType::Float64, "f");
  check_same(fo, f, DType::Float64, "fo");
  check_same(feat, f, DType::Int64, "feat");
  check_same(go, f, DType::Int64, "go");
  if (scratch.dtype() != DType::Int32 || !scratch.c_contiguous() || scratch.size() < f.size())
    throw TypeError("distance_transform_edt: scratch must be C-contiguous int32 of the size");
  if (axis < 0 || axis >= f.ndim()) throw ValueError("distance_transform_edt: axis out of range");
  const long long n = f.shape()[axis];
  if (f.size() == 0) return;
  if (n >= (1LL << 31)) throw ValueError("distance_transform_edt: axis too long");
  long long inner = 1;
  for (int d = axis + 1; d < f.ndim(); ++d) inner *= f.shape()[d];
  const long long lines = f.size() / n;
  const long long spread = ndi_line_spread(lines);
  elementwise(edt_pass_op(), {f, feat, fo, go, scratch}, {},
              {Scalar::from_int(n, DType::Int64), Scalar::from_int(inner, DType::Int64),
               Scalar::from_int(lines, DType::Int64), Scalar::from_double(step, DType::Float64),
               Scalar::from_int(spread, DType::Int64)},
              Dims{static_cast<int64_t>((lines + 31) / 32 * 32 * spread)});
}

void edt_distance(const NDArray& feat, const NDArray& f, const NDArray& shape, const NDArray& steps,
                  const NDArray& out) {
  check_same(feat, out, DType::Int64, "feat");
  check_same(f, out, DType::Float64, "f");
  if (out.dtype() != DType::Float64) throw TypeError("distance_transform_edt: distances float64");
  if (shape.dtype() != DType::Int64 || steps.dtype() != DType::Float64 ||
      shape.size() != out.ndim() || steps.size() != out.ndim() || out.ndim() > 32)
    throw TypeError("distance_transform_edt: shape int64 and steps float64, one per axis");
  if (out.size() == 0) return;
  elementwise(edt_distance_op(), {feat, f, shape, steps}, {out},
              {Scalar::from_int(out.ndim(), DType::Int32)});
}

void edt_indices(const NDArray& feat, const NDArray& shape, const NDArray& out) {
  if (feat.dtype() != DType::Int64 || !feat.c_contiguous())
    throw TypeError("distance_transform_edt: feat must be C-contiguous int64");
  if (out.dtype() != DType::Int32 || out.ndim() != feat.ndim() + 1 ||
      out.size() != feat.size() * feat.ndim())
    throw TypeError("distance_transform_edt: indices must be int32 (ndim, *shape)");
  if (shape.dtype() != DType::Int64 || shape.size() != feat.ndim())
    throw TypeError("distance_transform_edt: shape must be int64, one per axis");
  if (out.size() == 0) return;
  elementwise(edt_indices_op(), {feat, shape}, {out},
              {Scalar::from_int(feat.size(), DType::Int64),
               Scalar::from_int(feat.ndim(), DType::Int32)});
}

}  // namespace cunp
