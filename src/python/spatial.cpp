// src/python/spatial.cpp -- _core.spatial: the pairwise-distance kernel behind
// cunp.scipy.spatial.distance's metrics that are not a matrix product, KDTree's query kernels
// and Delaunay.find_simplex's walk.
#include "common.hpp"

#include "cunp/ops/spatial/kdtree.hpp"
#include "cunp/ops/spatial/pairwise.hpp"
#include "cunp/ops/spatial/tri_locate.hpp"

namespace cunp::py {
namespace {

const NDArray& arr(nb::handle h, const char* what) {
  if (!is_array(h)) throw nb::type_error((std::string(what) + " must be a cunp.ndarray").c_str());
  return unwrap(h).a;
}

KdTreeView tree_of(nb::handle data, nb::handle box, nb::handle perm, int depth, int kind,
                   double p) {
  return KdTreeView{arr(data, "data"), arr(box, "box"), arr(perm, "perm"), depth, kind, p};
}

}  // namespace

void bind_spatial(nb::module_& m) {
  nb::module_ s = m.def_submodule("spatial", "pairwise distances for cunp.scipy.spatial");
  s.def(
      "pairwise",
      [](const std::string& metric, nb::handle xa, nb::handle xb, double p) {
        if (!is_array(xa) || !is_array(xb)) throw TypeError("XA and XB must be cunp.ndarray");
        return wrap(pairwise_distance(metric, unwrap(xa).a, unwrap(xb).a, p));
      },
      nb::arg("metric"), nb::arg("xa"), nb::arg("xb"), nb::arg("p") = 2.0);
  s.def(
      "kd_query",
      [](nb::handle data, nb::handle box, nb::handle perm, int depth, int kind, double p,
         nb::handle q, nb::handle dist, nb::handle idx, double upper, double slack) {
        kd_query(tree_of(data, box, perm, depth, kind, p), arr(q, "q"), arr(dist, "dist"),
                 arr(idx, "idx"), upper, slack);
      },
      nb::arg("data"), nb::arg("box"), nb::arg("perm"), nb::arg("depth"), nb::arg("kind"),
      nb::arg("p"), nb::arg("q"), nb::arg("dist"), nb::arg("idx"), nb::arg("upper"),
      nb::arg("slack"));
  s.def(
      "kd_ball",
      [](nb::handle data, nb::handle box, nb::handle perm, int depth, int kind, double p,
         nb::handle q, nb::handle r, nb::handle count, nb::handle offset, nb::handle out,
         bool fill) {
        kd_ball(tree_of(data, box, perm, depth, kind, p), arr(q, "q"), arr(r, "r"),
                arr(count, "count"), arr(offset, "offset"), arr(out, "out"), fill);
      },
      nb::arg("data"), nb::arg("box"), nb::arg("perm"), nb::arg("depth"), nb::arg("kind"),
      nb::arg("p"), nb::arg("q"), nb::arg("r"), nb::arg("count"), nb::arg("offset"), nb::arg("out"),
      nb::arg("fill"));
  s.def(
      "tri_locate",
      [](nb::handle xi, nb::handle transform, nb::handle neighbors, nb::handle start,
         nb::handle out, double eps) {
        tri_locate(arr(xi, "xi"), arr(transform, "transform"), arr(neighbors, "neighbors"),
                   arr(start, "start"), arr(out, "out"), eps);
      },
      nb::arg("xi"), nb::arg("transform"), nb::arg("neighbors"), nb::arg("start"), nb::arg("out"),
      nb::arg("eps"));
}

}  // namespace cunp::py
