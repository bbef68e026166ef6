// src/ops/spatial/delaunay2d.cpp -- the 2-D Delaunay triangulation on the host: incremental
// Bowyer-Watson with a ghost vertex, exact orientation and in-circle predicates.
//
// Every hull edge (a, b) carries a ghost triangle (a, b, G) whose "circumcircle" is the open
// half-plane beyond the edge, so a point outside the hull is inserted like one inside: the
// triangles in conflict with it form a star-shaped cavity, replaced by the fan joining the
// cavity's boundary to the point. The predicates are evaluated in floating point and, when the
// result is within its error bound, again exactly with floating-point expansions (Shewchuk's
// two-sum / two-product arithmetic), so grids and other cocircular inputs are handled exactly.
#include "cunp/ops/spatial/delaunay2d.hpp"

#include <cmath>
#include <cstddef>

namespace cunp {
namespace {

// ---- exact arithmetic on expansions (sums of non-overlapping doubles, increasing magnitude)

using Expansion = std::vector<double>;

void two_sum(double a, double b, double& x, double& y) {
  x = a + b;
  const double bv = x - a, av = x - bv;
  y = (a - av) + (b - bv);
}

void two_product(double a, double b, double& x, double& y) {
  x = a * b;
  y = std::fma(a, b, -x);
}

// e + b, zero components dropped.
Expansion grow(const Expansion& e, double b) {
  Expansion h;
  h.reserve(e.size() + 1);
  double q = b;
  for (double ei : e) {
    double x, y;
    two_sum(q, ei, x, y);
    if (y != 0.0) h.push_back(y);
    q = x;
  }
  if (q != 0.0 || h.empty()) h.push_back(q);
  return h;
}

Expansion sum(const Expansion& e, const Expansion& f) {
  Expansion h = e;
  for (double fj : f) h = grow(h, fj);
  return h;
}

Expansion negate(Expansion e) {
  for (double& v : e) v = -v;
  return e;
}

// e * b.
Expansion scale(const Expansion& e, double b) {
  Expansion h;
  if (e.empty()) return h;
  double q, lo;
  two_product(e[0], b, q, lo);
  if (lo != 0.0) h.push_back(lo);
  for (std::size_t i = 1; i < e.size(); ++i) {
    double hi, t, x, y;
    two_product(e[i], b, hi, t);
    two_sum(q, t, x, y);
    if (y != 0.0) h.push_back(y);
    two_sum(hi, x, q, y);
    if (y != 0.0) h.push_back(y);
  }
  if (q != 0.0 || h.empty()) h.push_back(q);
  return h;
}

Expansion product(const Expansion& e, const Expansion& f) {
  Expansion h{0.0};
  for (double fj : f) h = sum(h, scale(e, fj));
  return h;
}

Expansion difference(double a, double b) {
  double x, y;
  two_sum(a, -b, x, y);
  return y != 0.0 ? Expansion{y, x} : Expansion{x};
}

int sign_of(const Expansion& e) {
  for (std::size_t i = e.size(); i-- > 0;)
    if (e[i] != 0.0) return e[i] > 0.0 ? 1 : -1;
  return 0;
}

// Error bounds of the plain floating-point determinants (Shewchuk's ccwerrboundA and
// iccerrboundA).
constexpr double kOrientBound = 3.3306690738754716e-16;
constexpr double kIncircleBound = 1.1102230246251577e-15;

int orient(double ax, double ay, double bx, double by, double cx, double cy) {
  const double left = (bx - ax) * (cy - ay), right = (by - ay) * (cx - ax);
  const double det = left - right;
  if (std::fabs(det) > kOrientBound * (std::fabs(left) + std::fabs(right)))
    return det > 0.0 ? 1 : -1;
  return sign_of(sum(product(difference(bx, ax), difference(cy, ay)),
                     negate(product(difference(by, ay), difference(cx, ax)))));
}

int incircle(double ax, double ay, double bx, double by, double cx, double cy, double dx,
             double dy) {
  const double adx = ax - dx, ady = ay - dy, bdx = bx - dx, bdy = by - dy, cdx = cx - dx,
               cdy = cy - dy;
  const double alift = adx * adx + ady * ady, blift = bdx * bdx + bdy * bdy,
               clift = cdx * cdx + cdy * cdy;
  const double bc = bdx * cdy, cb = cdx * bdy, ca = cdx * ady, ac = adx * cdy, ab = adx * bdy,
               ba = bdx * ady;
  const double det = alift * (bc - cb) + blift * (ca - ac) + clift * (ab - ba);
  const double perm = (std::fabs(bc) + std::fabs(cb)) * alift +
                      (std::fabs(ca) + std::fabs(ac)) * blift +
                      (std::fabs(ab) + std::fabs(ba)) * clift;
  if (std::fabs(det) > kIncircleBound * perm) return det > 0.0 ? 1 : -1;
  const Expansion ex = difference(ax, dx), ey = difference(ay, dy), fx = difference(bx, dx),
                  fy = difference(by, dy), gx = difference(cx, dx), gy = difference(cy, dy);
  const Expansion la = sum(product(ex, ex), product(ey, ey));
  const Expansion lb = sum(product(fx, fx), product(fy, fy));
  const Expansion lc = sum(product(gx, gx), product(gy, gy));
  const Expansion ta = product(la, sum(product(fx, gy), negate(product(gx, fy))));
  const Expansion tb = product(lb, sum(product(gx, ey), negate(product(ex, gy))));
  const Expansion tc = product(lc, sum(product(ex, fy), negate(product(fx, ey))));
  return sign_of(sum(sum(ta, tb), tc));
}

// ---- the mesh

constexpr int32_t kGhost = -1;

struct Mesh {
  const double* xy;
  std::vector<int32_t> v;   // 3 vertices per triangle, counter-clockwise; kGhost last in ghosts
  std::vector<int64_t> nb;  // the triangle opposite each vertex
  std::vector<char> alive;
  std::vector<int64_t> mark;  // per triangle: 2 * stamp (in the cavity), 2 * stamp + 1 (not)

  double x(int32_t p) const { return xy[2 * p]; }
  double y(int32_t p) const { return xy[2 * p + 1]; }

  int64_t add(int32_t a, int32_t b, int32_t c) {
    // Rotations keep the orientation; a ghost keeps kGhost in the last place.
    if (a == kGhost) {
      const int32_t t = a;
      a = b, b = c, c = t;
    } else if (b == kGhost) {
      const int32_t t = b;
      b = a, a = c, c = t;
    }
    v.insert(v.end(), {a, b, c});
    nb.insert(nb.end(), {-1, -1, -1});
    alive.push_back(1);
    mark.push_back(-1);
    return static_cast<int64_t>(alive.size()) - 1;
  }

  bool conflicts(int64_t t, double px, double py) const {
    const int32_t a = v[3 * t], b = v[3 * t + 1], c = v[3 * t + 2];
    if (c != kGhost) return incircle(x(a), y(a), x(b), y(b), x(c), y(c), px, py) > 0;
    const int o = orient(x(a), y(a), x(b), y(b), px, py);
    if (o != 0) return o > 0;
    // On the hull edge's line: in conflict when strictly between its ends.
    const double dot = (px - x(a)) * (x(b) - x(a)) + (py - y(a)) * (y(b) - y(a));
    const double len = (x(b) - x(a)) * (x(b) - x(a)) + (y(b) - y(a)) * (y(b) - y(a));
    return dot > 0.0 && dot < len;
  }

  // A triangle in conflict with p, or -1 when p repeats a vertex: a walk from t.
  int64_t locate(int64_t t, double px, double py) const {
    const std::size_t limit = 4 * alive.size() + 16;
    for (std::size_t step = 0; step < limit; ++step) {
      if (v[3 * t + 2] == kGhost) {
        if (conflicts(t, px, py)) return t;
        t = nb[3 * t + 2];
        continue;
      }
      bool moved = false;
      for (int i = 0; i < 3 && !moved; ++i) {
        const int32_t u = v[3 * t + (i + 1) % 3], w = v[3 * t + (i + 2) % 3];
        if (orient(x(u), y(u), x(w), y(w), px, py) < 0) {
          t = nb[3 * t + i];
          moved = true;
        }
      }
      if (!moved) {
        for (int i = 0; i < 3; ++i) {
          const int32_t q = v[3 * t + i];
          if (x(q) == px && y(q) == py) return -1;
        }
        return t;
      }
    }
    // A walk that cycles (not expected on a Delaunay mesh): look everywhere.
    for (std::size_t s = 0; s < alive.size(); ++s)
      if (alive[s] && conflicts(static_cast<int64_t>(s), px, py)) return static_cast<int64_t>(s);
    return -1;
  }

  // Replaces the cavity of p's conflicting triangles by the fan around p; returns a new one.
  int64_t insert(int32_t p, int64_t seed, int64_t stamp) {
    const double px = x(p), py = y(p);
    struct Boundary {
      int32_t u, w;
      int64_t outside;
    };
    std::vector<int64_t> stack{seed}, cavity{seed};
    std::vector<Boundary> boundary;
    mark[seed] = 2 * stamp;
    while (!stack.empty()) {
      const int64_t t = stack.back();
      stack.pop_back();
      for (int i = 0; i < 3; ++i) {
        const int64_t s = nb[3 * t + i];
        bool inside;
        if (mark[s] == 2 * stamp) continue;
        if (mark[s] == 2 * stamp + 1) {
          inside = false;
        } else {
          inside = conflicts(s, px, py);
          mark[s] = inside ? 2 * stamp : 2 * stamp + 1;
          if (inside) {
            cavity.push_back(s);
            stack.push_back(s);
            continue;
          }
        }
        if (!inside) boundary.push_back({v[3 * t + (i + 1) % 3], v[3 * t + (i + 2) % 3], s});
      }
    }
    for (int64_t t : cavity) alive[t] = 0;
    struct Open {
      int32_t a, b;
      int64_t t;
      int i;
    };
    std::vector<Open> open;
    int64_t made = -1;
    for (const Boundary& e : boundary) {
      const int64_t t = add(e.u, e.w, p);
      made = t;
      for (int i = 0; i < 3; ++i) {
        const int32_t a = v[3 * t + (i + 1) % 3], b = v[3 * t + (i + 2) % 3];
        if (a != p && b != p) {
          nb[3 * t + i] = e.outside;
          for (int j = 0; j < 3; ++j)
            if (v[3 * e.outside + (j + 1) % 3] == b && v[3 * e.outside + (j + 2) % 3] == a)
              nb[3 * e.outside + j] = t;
          continue;
        }
        bool linked = false;
        for (std::size_t k = 0; k < open.size(); ++k) {
          if (open[k].a == b && open[k].b == a) {
            nb[3 * t + i] = open[k].t;
            nb[3 * open[k].t + open[k].i] = t;
            open[k] = open.back();
            open.pop_back();
            linked = true;
            break;
          }
        }
        if (!linked) open.push_back({a, b, t, i});
      }
    }
    return made;
  }
};

}  // namespace

int orient_2d_sign(const double* a, const double* b, const double* c) {
  return orient(a[0], a[1], b[0], b[1], c[0], c[1]);
}

int incircle_sign(const double* a, const double* b, const double* c, const double* d) {
  return incircle(a[0], a[1], b[0], b[1], c[0], c[1], d[0], d[1]);
}

Triangulation2d delaunay_2d(const double* xy, int64_t n, const int64_t* order) {
  Triangulation2d out;
  out.flat = true;
  if (n < 3) return out;
  auto px = [&](int64_t q) { return xy[2 * q]; };
  auto py = [&](int64_t q) { return xy[2 * q + 1]; };
  const int64_t p0 = order[0];
  int64_t p1 = -1, p2 = -1;
  for (int64_t k = 0; k < n && p1 < 0; ++k)
    if (px(order[k]) != px(p0) || py(order[k]) != py(p0)) p1 = order[k];
  if (p1 < 0) return out;
  for (int64_t k = 0; k < n && p2 < 0; ++k)
    if (orient(px(p0), py(p0), px(p1), py(p1), px(order[k]), py(order[k])) != 0) p2 = order[k];
  if (p2 < 0) return out;
  out.flat = false;
  if (orient(px(p0), py(p0), px(p1), py(p1), px(p2), py(p2)) < 0) std::swap(p1, p2);
  Mesh mesh{xy, {}, {}, {}, {}};
  const auto a0 = static_cast<int32_t>(p0), a1 = static_cast<int32_t>(p1),
             a2 = static_cast<int32_t>(p2);
  mesh.add(a0, a1, a2);
  mesh.add(a1, a0, kGhost);
  mesh.add(a2, a1, kGhost);
  mesh.add(a0, a2, kGhost);
  // Link the four triangles through their shared directed edges.
  for (int64_t t = 0; t < 4; ++t)
    for (int i = 0; i < 3; ++i) {
      const int32_t a = mesh.v[3 * t + (i + 1) % 3], b = mesh.v[3 * t + (i + 2) % 3];
      for (int64_t s = 0; s < 4; ++s)
        for (int j = 0; j < 3; ++j)
          if (mesh.v[3 * s + (j + 1) % 3] == b && mesh.v[3 * s + (j + 2) % 3] == a)
            mesh.nb[3 * t + i] = s;
    }
  int64_t last = 0, stamp = 0;
  for (int64_t k = 0; k < n; ++k) {
    const int64_t p = order[k];
    if (p == p0 || p == p1 || p == p2) continue;
    const int64_t seed = mesh.locate(last, px(p), py(p));
    if (seed < 0) {
      out.repeats.push_back(p);
      continue;
    }
    last = mesh.insert(static_cast<int32_t>(p), seed, ++stamp);
  }
  std::vector<int64_t> new_id(mesh.alive.size(), -1);
  int64_t count = 0;
  for (std::size_t t = 0; t < mesh.alive.size(); ++t)
    if (mesh.alive[t] && mesh.v[3 * t + 2] != kGhost) new_id[t] = count++;
  out.simplices.reserve(3 * count);
  out.neighbors.reserve(3 * count);
  for (std::size_t t = 0; t < mesh.alive.size(); ++t) {
    if (new_id[t] < 0) continue;
    for (int i = 0; i < 3; ++i) {
      out.simplices.push_back(mesh.v[3 * t + i]);
      out.neighbors.push_back(static_cast<int32_t>(new_id[mesh.nb[3 * t + i]]));
    }
  }
  return out;
}

}  // namespace cunp
