// src/ops/creation/triangles.cpp -- tril and triu: one kernel that keeps each element on the kept side of
// the diagonal (cunp::triangle_keeps, src/device/creation/triangle_mask.cuh) and zeroes the rest.
#include "cunp/ops/creation/triangles.hpp"

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {

const ElementwiseOp& triangle_op() {
  static const ElementwiseOp* op = [] {
    auto* o = new ElementwiseOp;  // never destroyed, as the kernel cache it keys
    o->name = "triangle";
    o->preamble = device_part("triangle_mask");
    o->uses_index = true;  // an element's row and column come from its C-order position
    o->names = {"m", "out"};
    o->scalar_names = {"rows", "cols", "k", "lower"};
    o->type_aliases = {TypeAlias{"T", false, 0}};
    o->body = "out = cunp::triangle_keeps(i, rows, cols, k, lower) ? m : T(0.0);";
    return o;
  }();
  return *op;
}

namespace {

NDArray triangle(const NDArray& m, int64_t k, bool lower) {
  // NumPy's own error here is tri()'s, called with no sizes: a TypeError.
  if (m.ndim() == 0) throw TypeError("tril/triu need an array of at least one dimension");
  const Dims shape = m.ndim() >= 2 ? m.shape() : Dims{m.shape()[0], m.shape()[0]};
  const int64_t rows = shape[shape.size() - 2], cols = shape[shape.size() - 1];
  // NumPy's tril is where(tri(rows, cols), m, zeros(1)): its iterator lays the result out over
  // the mask (C order over the last two axes) and m (a 1-D m broadcast along the rows). The
  // kernel's positions are C-order ones whatever the output's layout (uses_index).
  const int n = shape.size();
  Dims mask(n, 0);
  mask[n - 2] = cols;
  mask[n - 1] = 1;
  const Dims m_strides = m.ndim() >= 2 ? m.strides() : Dims{0, m.strides()[0]};
  NDArray out = empty_iterated(shape, m.dtype(), {mask, m_strides}, m.device());
  if (out.size() == 0) return out;
  // k beyond the matrix keeps all or nothing; clamped, it fits the kernel's 64-bit arithmetic.
  k = k > cols ? cols : (k < -rows ? -rows : k);
  elementwise(triangle_op(), {m}, {out},
              {Scalar::from_int(rows, DType::Int64), Scalar::from_int(cols, DType::Int64),
               Scalar::from_int(k, DType::Int64), Scalar::from_bool(lower, DType::Bool)});
  return out;
}

}  // namespace

NDArray tril(const NDArray& m, int64_t k) { return triangle(m, k, true); }
NDArray triu(const NDArray& m, int64_t k) { return triangle(m, k, false); }

}  // namespace cunp
