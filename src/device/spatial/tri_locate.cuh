// src/device/spatial/tri_locate.cuh -- Delaunay.find_simplex in 2-D: the triangle holding each
// query point, found by walking from a nearby start triangle towards the point.
//
// Each triangle s carries SciPy's affine `transform` (s, 3, 2): rows 0-1 are T^-1 and row 2 is
// the vertex r_2, so the barycentric coordinates of x are c = T^-1 (x - r_2) and 1 - c0 - c1.
// On a Delaunay triangulation the walk that always crosses the edge of the most negative
// coordinate ends (Edelsbrunner's acyclicity of the visibility walk); it leaves the hull only
// across an edge whose line separates the point from the convex hull, so the point is outside.
#pragma once
#include "../cunp_device.cuh"

namespace cunp {

// The barycentric coordinates of (x, y) in triangle s; false if the transform is NaN (a
// degenerate triangle).
template <class Tr> __device__ bool tri_barycentric(const Tr& transform, long long s, double x,
                                                    double y, double (&c)[3]) {
  const long long t = s * 6;
  const double dx = x - transform[t + 4], dy = y - transform[t + 5];
  c[0] = transform[t + 0] * dx + transform[t + 1] * dy;
  c[1] = transform[t + 2] * dx + transform[t + 3] * dy;
  c[2] = 1.0 - c[0] - c[1];
  return c[0] == c[0] && c[1] == c[1];
}

// out[i] = a triangle holding query i (coordinates >= -eps), or -1. start[i] is where the
// walk begins; after `max_steps` steps (a cycle on a nearly degenerate triangulation) every
// triangle is tried in turn, as SciPy's brute force does.
template <class X, class Tr, class Nb, class Start, class Out>
__device__ void tri_locate_at(long long i, const X& xi, const Tr& transform, const Nb& neighbors,
                              const Start& start, const Out& out, long long nsimplex, double eps,
                              long long max_steps) {
  const double x = xi[2 * i], y = xi[2 * i + 1];
  long long found = -1;
  if (nsimplex > 0 && x == x && y == y) {
    long long s = start[i];
    if (s < 0 || s >= nsimplex) s = 0;
    bool settled = false;
    for (long long step = 0; step < max_steps; ++step) {
      double c[3];
      if (!tri_barycentric(transform, s, x, y, c)) break;
      int worst = 0;
      for (int v = 1; v < 3; ++v)
        if (c[v] < c[worst]) worst = v;
      if (c[worst] >= -eps) {
        found = s;
        settled = true;
        break;
      }
      const long long next = neighbors[3 * s + worst];
      if (next < 0) {
        settled = true;  // across a hull edge: outside the convex hull
        break;
      }
      s = next;
    }
    if (!settled) {
      for (long long t = 0; t < nsimplex && found < 0; ++t) {
        double c[3];
        if (tri_barycentric(transform, t, x, y, c) && c[0] >= -eps && c[1] >= -eps && c[2] >= -eps)
          found = t;
      }
    }
  }
  out[i] = found;
}

}  // namespace cunp
