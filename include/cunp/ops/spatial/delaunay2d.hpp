// cunp/ops/spatial/delaunay2d.hpp -- the 2-D Delaunay triangulation on the host (incremental
// Bowyer-Watson with a ghost vertex and exact predicates), behind cunp.scipy.spatial.Delaunay.
#pragma once
#include <cstdint>
#include <vector>

namespace cunp {

struct Triangulation2d {
  bool flat = false;               // the points span less than a plane: nothing else is set
  std::vector<int32_t> simplices;  // (s, 3), counter-clockwise
  std::vector<int32_t> neighbors;  // (s, 3): the triangle opposite each vertex, -1 on the hull
  std::vector<int64_t> repeats;    // points left out because they repeat an earlier vertex
};

// The Delaunay triangulation of n points xy (n x 2, row-major), inserted in `order` (a
// permutation of 0..n-1; consecutive points near each other keep the point location short).
Triangulation2d delaunay_2d(const double* xy, int64_t n, const int64_t* order);

// The exact signs of the two predicates (for tests): > 0 when a, b, c turn counter-clockwise;
// > 0 when d is inside the circle through the counter-clockwise a, b, c.
int orient_2d_sign(const double* a, const double* b, const double* c);
int incircle_sign(const double* a, const double* b, const double* c, const double* d);

}  // namespace cunp
