// src/device/spatial/tri_locate.cuh -- Delaunay.find_simplex in d dimensions (d >= 2): the simplex
// holding each query point, found by walking from a nearby start simplex towards the point.
//
// Each simplex s carries SciPy's affine `transform` (s, d + 1, d): rows 0..d-1 are T^-1 and row
// d is the vertex r_d, so the barycentric coordinates of x are c = T^-1 (x - r_d) and
// 1 - sum(c). On a Delaunay triangulation the walk that always crosses the facet of the most
// negative coordinate ends (Edelsbrunner's acyclicity of the visibility walk); it leaves the
// hull only across a facet whose hyperplane separates the point from the convex hull, so the
// point is outside.
#pragma once
#include "../cunp_device.cuh"

namespace cunp {

// The smallest barycentric coordinate of query row `xrow` in simplex s, and in `worst` the
// vertex it belongs to (the first of equal ones); NaN when the transform is NaN (a degenerate
// simplex). The coordinates are made one at a time, so no array of d + 1 is kept.
template <class X, class Tr>
__device__ double tri_lowest_coordinate(const X& xi, long long xrow, const Tr& transform,
                                        long long s, int d, int& worst) {
  const long long t = s * (d + 1) * d, r = t + static_cast<long long>(d) * d;
  double sum = 0.0, low = 0.0;
  worst = 0;
  for (int j = 0; j < d; ++j) {
    double c = 0.0;
    for (int k = 0; k < d; ++k) c += transform[t + j * d + k] * (xi[xrow + k] - transform[r + k]);
    if (c != c) return c;
    sum += c;
    if (j == 0 || c < low) {
      low = c;
      worst = j;
    }
  }
  const double last = 1.0 - sum;
  if (last < low) {
    low = last;
    worst = d;
  }
  return low;
}

// out[i] = a simplex holding query i (coordinates >= -eps), or -1. start[i] is where the
// walk begins; after `max_steps` steps (a cycle on a nearly degenerate triangulation) every
// simplex is tried in turn, as SciPy's brute force does.
template <class X, class Tr, class Nb, class Start, class Out>
__device__ void tri_locate_at(long long i, const X& xi, const Tr& transform, const Nb& neighbors,
                              const Start& start, const Out& out, long long nsimplex, int d,
                              double eps, long long max_steps) {
  const long long xrow = i * d;
  bool finite = true;
  for (int k = 0; k < d; ++k) {
    const double x = xi[xrow + k];
    if (!(x == x)) finite = false;
  }
  long long found = -1;
  if (nsimplex > 0 && finite) {
    long long s = start[i];
    if (s < 0 || s >= nsimplex) s = 0;
    bool settled = false;
    for (long long step = 0; step < max_steps; ++step) {
      int worst;
      const double low = tri_lowest_coordinate(xi, xrow, transform, s, d, worst);
      if (low != low) break;
      if (low >= -eps) {
        found = s;
        settled = true;
        break;
      }
      const long long next = neighbors[(d + 1) * s + worst];
      if (next < 0) {
        settled = true;  // across a hull facet: outside the convex hull
        break;
      }
      s = next;
    }
    if (!settled) {
      for (long long t = 0; t < nsimplex && found < 0; ++t) {
        int worst;
        if (tri_lowest_coordinate(xi, xrow, transform, t, d, worst) >= -eps) found = t;
      }
    }
  }
  out[i] = found;
}

}  // namespace cunp
