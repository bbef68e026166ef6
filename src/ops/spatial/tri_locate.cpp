// src/ops/spatial/tri_locate.cpp -- Delaunay.find_simplex on the elementwise engine: one thread per
// query point walking the triangulation, in any dimension d >= 2 (cunp::tri_locate_at, src/device/spatial/tri_locate.cuh).
#include "cunp/ops/spatial/tri_locate.hpp"

#include "cunp/array/scalar.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {

const ElementwiseOp& tri_locate_op() {
  static const ElementwiseOp* op = [] {
    auto* o = new ElementwiseOp;  // never destroyed, as the kernel cache keys on it
    o->name = "tri_locate";
    o->preamble = device_part("tri_locate");
    o->names = {"xi", "transform", "neighbors", "start", "out"};
    o->raw = {true, true, true, true, true};
    o->writable = {false, false, false, false, true};
    o->scalar_names = {"nsimplex", "d", "eps", "max_steps"};
    o->uses_index = true;  // i is the query
    o->body = "cunp::tri_locate_at(i, xi, transform, neighbors, start, out, nsimplex, d, eps, "
              "max_steps);";
    return o;
  }();
  return *op;
}

void tri_locate(const NDArray& xi, const NDArray& transform, const NDArray& neighbors,
                const NDArray& start, const NDArray& out, double eps) {
  common_device({&xi, &transform, &neighbors, &start, &out});
  for (const NDArray* a : {&xi, &transform, &neighbors, &start, &out})
    if (!a->c_contiguous()) throw ValueError("find_simplex: operands must be C-contiguous");
  if (xi.ndim() != 2 || xi.shape()[1] < 2 || xi.dtype() != DType::Float64)
    throw ValueError("find_simplex: xi must be float64 (m, d), d >= 2");
  const int64_t m = xi.shape()[0], d = xi.shape()[1], ns = neighbors.size() / (d + 1);
  if (transform.dtype() != DType::Float64 || transform.size() != ns * (d + 1) * d ||
      neighbors.dtype() != DType::Int64 || neighbors.size() != ns * (d + 1))
    throw ValueError(
        "find_simplex: transform float64 (s, d + 1, d) and neighbors int64 (s, d + 1)");
  if (start.dtype() != DType::Int64 || start.size() != m || out.dtype() != DType::Int64 ||
      out.size() != m)
    throw ValueError("find_simplex: start and out must be int64 (m)");
  if (m == 0) return;
  elementwise(tri_locate_op(), {xi, transform, neighbors, start, out}, {},
              {Scalar::from_int(ns, DType::Int64), Scalar::from_int(d, DType::Int32),
               Scalar::from_double(eps, DType::Float64),
               Scalar::from_int(4 * ns + 64, DType::Int64)},
              Dims{m});
}

}  // namespace cunp
