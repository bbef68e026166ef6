// src/ops/spatial/kdtree.cpp -- KDTree's queries on the elementwise engine: one thread per query
// point, whose body walks the tree (cunp::kd_query_at and cunp::kd_ball_at of
// src/device/spatial/kdtree.cuh). The outputs are raw rows the walk writes as it goes.
#include "cunp/ops/spatial/kdtree.hpp"

#include "cunp/array/scalar.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

void check_tree(const KdTreeView& t, const NDArray& q) {
  common_device({&t.data, &t.box, &t.perm, &q});
  if (t.data.ndim() != 2 || t.data.dtype() != DType::Float64 || !t.data.c_contiguous())
    throw TypeError("KDTree: the tree's points must be a C-contiguous float64 (n, d) array");
  if (t.box.dtype() != DType::Float64 || !t.box.c_contiguous() || t.perm.dtype() != DType::Int64 ||
      !t.perm.c_contiguous())
    throw TypeError("KDTree: the boxes must be float64 and the permutation int64, C-contiguous");
  if (t.depth < 0 || t.depth > 40) throw ValueError("KDTree: the tree depth is out of range");
  const int64_t d = t.data.shape()[1];
  if (t.box.size() != ((int64_t{1} << (t.depth + 1)) - 1) * 2 * d)
    throw ValueError("KDTree: the boxes do not match the depth");
  if (q.ndim() != 2 || q.shape()[1] != d || q.dtype() != DType::Float64 || !q.c_contiguous())
    throw ValueError("KDTree: the queries must be a C-contiguous float64 (m, d) array");
  common_device({&t.data, &t.period});
  if (t.period.dtype() != DType::Float64 || !t.period.c_contiguous() || t.period.size() != d)
    throw ValueError("KDTree: the period must be a C-contiguous float64 (d) array");
}

}  // namespace

const ElementwiseOp& kd_query_op() {
  static const ElementwiseOp* op = [] {
    auto* o = new ElementwiseOp;  // never destroyed, as the kernel cache keys on it
    o->name = "kd_query";
    o->preamble = device_part("kdtree");
    o->names = {"data", "box", "perm", "q", "dist", "idx", "period"};
    o->raw = {true, true, true, true, true, true, true};
    o->writable = {false, false, false, false, true, true, false};
    o->scalar_names = {"n", "d", "depth", "k", "kind", "p", "upper", "slack", "periodic"};
    o->uses_index = true;  // i is the query
    o->body = "cunp::kd_query_at(i, data, box, perm, q, dist, idx, n, d, depth, k, kind, p, upper, "
              "slack, period, periodic);";
    return o;
  }();
  return *op;
}

const ElementwiseOp& kd_ball_op() {
  static const ElementwiseOp* op = [] {
    auto* o = new ElementwiseOp;  // never destroyed, as the kernel cache keys on it
    o->name = "kd_ball";
    o->preamble = device_part("kdtree");
    o->names = {"data", "box", "perm", "q", "r", "count", "offset", "out", "period"};
    o->raw = {true, true, true, true, true, true, true, true, true};
    o->writable = {false, false, false, false, false, true, false, true, false};
    o->scalar_names = {"n", "d", "depth", "kind", "p", "fill", "periodic"};
    o->uses_index = true;  // i is the query
    o->body =
        "cunp::kd_ball_at(i, data, box, perm, q, r, count, offset, out, n, d, depth, kind, p, "
        "fill, period, periodic);";
    return o;
  }();
  return *op;
}

void kd_query(const KdTreeView& t, const NDArray& q, const NDArray& dist, const NDArray& idx,
              double upper, double slack) {
  check_tree(t, q);
  const int64_t m = q.shape()[0];
  if (dist.ndim() != 2 || dist.shape()[0] != m || dist.dtype() != DType::Float64 ||
      !dist.c_contiguous() || idx.ndim() != 2 || idx.shape()[0] != m ||
      idx.shape()[1] != dist.shape()[1] || idx.dtype() != DType::Int64 || !idx.c_contiguous())
    throw ValueError("KDTree.query: dist and idx must be C-contiguous (m, k) float64 and int64");
  const int64_t k = dist.shape()[1];
  if (m == 0 || k == 0) return;
  elementwise(
      kd_query_op(), {t.data, t.box, t.perm, q, dist, idx, t.period}, {},
      {Scalar::from_int(t.data.shape()[0], DType::Int64),
       Scalar::from_int(t.data.shape()[1], DType::Int32), Scalar::from_int(t.depth, DType::Int32),
       Scalar::from_int(k, DType::Int32), Scalar::from_int(t.kind, DType::Int32),
       Scalar::from_double(t.p, DType::Float64), Scalar::from_double(upper, DType::Float64),
       Scalar::from_double(slack, DType::Float64), Scalar::from_bool(t.periodic, DType::Bool)},
      Dims{m});
}

void kd_ball(const KdTreeView& t, const NDArray& q, const NDArray& r, const NDArray& count,
             const NDArray& offset, const NDArray& out, bool fill) {
  check_tree(t, q);
  const int64_t m = q.shape()[0];
  if (r.dtype() != DType::Float64 || r.size() != m || !r.c_contiguous() ||
      count.dtype() != DType::Int64 || count.size() != m || !count.c_contiguous() ||
      offset.dtype() != DType::Int64 || offset.size() != m || !offset.c_contiguous() ||
      out.dtype() != DType::Int64 || !out.c_contiguous())
    throw ValueError("KDTree.query_ball_point: r float64 (m), count, offset int64 (m), out int64");
  if (m == 0) return;
  elementwise(kd_ball_op(), {t.data, t.box, t.perm, q, r, count, offset, out, t.period}, {},
              {Scalar::from_int(t.data.shape()[0], DType::Int64),
               Scalar::from_int(t.data.shape()[1], DType::Int32),
               Scalar::from_int(t.depth, DType::Int32), Scalar::from_int(t.kind, DType::Int32),
               Scalar::from_double(t.p, DType::Float64), Scalar::from_bool(fill, DType::Bool),
               Scalar::from_bool(t.periodic, DType::Bool)},
              Dims{m});
}

}  // namespace cunp
