// src/python/spatial.cpp -- _core.spatial: the pairwise-distance kernel behind
// cunp.scipy.spatial.distance's metrics that are not a matrix product, KDTree's query kernels
// Delaunay's host triangulation and find_simplex's walk.
#include "common.hpp"

#include "cunp/ops/spatial/delaunay2d.hpp"
#include "cunp/ops/spatial/kdtree.hpp"
#include "cunp/ops/spatial/pairwise.hpp"
#include "cunp/ops/spatial/tri_locate.hpp"

namespace cunp::py {
namespace {

const NDArray& arr(nb::handle h, const char* what) {
  if (!is_array(h)) throw nb::type_error((std::string(what) + " must be a cunp.ndarray").c_str());
  return unwrap(h).a;
}

KdTreeView tree_of(nb::handle data, nb::handle box, nb::handle perm, int depth, int kind, double p,
                   nb::handle period, bool periodic) {
  return KdTreeView{arr(data, "data"),     arr(box, "box"), arr(perm, "perm"), depth, kind, p,
                    arr(period, "period"), periodic};
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
      "pdist",
      [](const std::string& metric, nb::handle x, double p) {
        if (!is_array(x)) throw TypeError("X must be cunp.ndarray");
        return wrap(pairwise_condensed(metric, unwrap(x).a, p));
      },
      nb::arg("metric"), nb::arg("x"), nb::arg("p") = 2.0);
  s.def(
      "kd_query",
      [](nb::handle data, nb::handle box, nb::handle perm, int depth, int kind, double p,
         nb::handle period, bool periodic, nb::handle q, nb::handle dist, nb::handle idx,
         double upper, double slack) {
        kd_query(tree_of(data, box, perm, depth, kind, p, period, periodic), arr(q, "q"),
                 arr(dist, "dist"), arr(idx, "idx"), upper, slack);
      },
      nb::arg("data"), nb::arg("box"), nb::arg("perm"), nb::arg("depth"), nb::arg("kind"),
      nb::arg("p"), nb::arg("period"), nb::arg("periodic"), nb::arg("q"), nb::arg("dist"),
      nb::arg("idx"), nb::arg("upper"), nb::arg("slack"));
  s.def(
      "kd_ball",
      [](nb::handle data, nb::handle box, nb::handle perm, int depth, int kind, double p,
         nb::handle period, bool periodic, nb::handle q, nb::handle r, nb::handle count,
         nb::handle offset, nb::handle out, bool fill) {
        kd_ball(tree_of(data, box, perm, depth, kind, p, period, periodic), arr(q, "q"),
                arr(r, "r"), arr(count, "count"), arr(offset, "offset"), arr(out, "out"), fill);
      },
      nb::arg("data"), nb::arg("box"), nb::arg("perm"), nb::arg("depth"), nb::arg("kind"),
      nb::arg("p"), nb::arg("period"), nb::arg("periodic"), nb::arg("q"), nb::arg("r"),
      nb::arg("count"), nb::arg("offset"), nb::arg("out"), nb::arg("fill"));
  s.def(
      "tri_locate",
      [](nb::handle xi, nb::handle transform, nb::handle neighbors, nb::handle start,
         nb::handle out, double eps) {
        tri_locate(arr(xi, "xi"), arr(transform, "transform"), arr(neighbors, "neighbors"),
                   arr(start, "start"), arr(out, "out"), eps);
      },
      nb::arg("xi"), nb::arg("transform"), nb::arg("neighbors"), nb::arg("start"), nb::arg("out"),
      nb::arg("eps"));
  // The host triangulation: points and insertion order as bytes (float64 (n, 2), int64 (n));
  // None when the points span less than a plane, else (simplices int32, neighbors int32,
  // repeated points int64) as bytes.
  s.def(
      "delaunay_2d",
      [](nb::bytes xy, nb::bytes order) -> nb::object {
        const auto n = static_cast<int64_t>(order.size() / sizeof(int64_t));
        if (xy.size() != static_cast<std::size_t>(n) * 2 * sizeof(double))
          throw ValueError("delaunay_2d: xy must hold 2 float64 per point of order");
        Triangulation2d t;
        {
          nb::gil_scoped_release unlocked;
          t = delaunay_2d(reinterpret_cast<const double*>(xy.c_str()), n,
                          reinterpret_cast<const int64_t*>(order.c_str()));
        }
        if (t.flat) return nb::none();
        auto raw = [](const auto& v) {
          return nb::bytes(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(v[0]));
        };
        return nb::make_tuple(raw(t.simplices), raw(t.neighbors), raw(t.repeats));
      },
      nb::arg("xy"), nb::arg("order"));
  // The exact predicates' signs (for tests).
  s.def("orient_2d", [](double ax, double ay, double bx, double by, double cx, double cy) {
    const double a[2] = {ax, ay}, b[2] = {bx, by}, c[2] = {cx, cy};
    return orient_2d_sign(a, b, c);
  });
  s.def("incircle",
        [](double ax, double ay, double bx, double by, double cx, double cy, double dx, double dy) {
          const double a[2] = {ax, ay}, b[2] = {bx, by}, c[2] = {cx, cy}, d[2] = {dx, dy};
          return incircle_sign(a, b, c, d);
        });
}

}  // namespace cunp::py
