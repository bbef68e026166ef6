// src/device/spatial/kdtree.cuh -- scipy.spatial.KDTree's traversals: k nearest neighbours and the
// points within a radius of one query point, one thread per query.
//
// The tree is implicit and balanced (python/cunp/scipy/spatial/_kdtree.py builds it): the points
// are stored in tree order, node h of level l (heap numbering, h = 2^l - 1 + j) covers positions
// [j n >> l, (j + 1) n >> l), its children are 2h + 1 and 2h + 2, and every leaf sits on level
// `depth`. `box` holds each node's bounding box, (nodes, 2, d): the low corner then the high one.
// Distances are compared in "powered" form (sum |x|^p, the sum of squares for p = 2, the
// largest |x| for p = inf) so no root is taken until a result is written.
//
// A periodic tree (SciPy's boxsize) has `periodic` set and `period` (d) holding each axis's box
// length L, L <= 0 for an axis that does not wrap. The points and the queries then lie in
// [0, L) on every wrapping axis (the caller wraps the queries), so a separation along it is the
// shorter way round the circle: min(|a - b|, L - |a - b|), and a box's gap likewise.
#pragma once
#include "../cunp_device.cuh"

namespace cunp {

// How a Minkowski distance accumulates: kind 0 p = 1, 1 p = 2, 2 p = inf, 3 any other p.
struct kd_metric {
  int kind;
  double p;
  __device__ double term(double diff) const {
    const double a = fabs(diff);
    switch (kind) {
      case 0: return a;
      case 1: return a * a;
      case 2: return a;
      default: return pow(a, p);
    }
  }
  __device__ double add(double acc, double t) const {
    return kind == 2 ? (t > acc ? t : acc) : acc + t;
  }
  // The powered form back to a distance.
  __device__ double root(double s) const {
    switch (kind) {
      case 0:
      case 2: return s;
      case 1: return sqrt(s);
      default: return pow(s, 1.0 / p);
    }
  }
};

// The period of axis f, 0 when the tree is not periodic.
template <class Per> __device__ double kd_period(const Per& period, bool periodic, int f) {
  return periodic ? period[f] : 0.0;
}

// The powered distance from query row `qi` to the box of node h (0 inside it). On a wrapping
// axis the box [lo, hi] is also reached the other way round: from x below it through 0 to hi
// (x + L - hi), from x above it through L to lo (lo + L - x).
template <class Box, class Q, class Per>
__device__ double kd_box_distance(const kd_metric& m, const Box& box, const Q& q, long long qrow,
                                  long long h, int d, const Per& period, bool periodic) {
  double acc = 0.0;
  const long long lo = 2 * h * d, hi = lo + d;
  for (int f = 0; f < d; ++f) {
    const double x = q[qrow + f];
    const double below = box[lo + f] - x, above = x - box[hi + f];
    double gap = below > 0.0 ? below : (above > 0.0 ? above : 0.0);
    const double L = kd_period(period, periodic, f);
    if (L > 0.0 && gap > 0.0) {
      const double round = below > 0.0 ? x + L - box[hi + f] : box[lo + f] + L - x;
      gap = round < gap ? round : gap;
    }
    acc = m.add(acc, m.term(gap));
  }
  return acc;
}

// The powered distance from the query to the point at tree position `pos`, given up as soon
// as it reaches `stop` (the result is then only known to be >= stop).
template <class Data, class Q, class Per>
__device__ double kd_point_distance(const kd_metric& m, const Data& data, const Q& q,
                                    long long qrow, long long pos, int d, double stop,
                                    const Per& period, bool periodic) {
  double acc = 0.0;
  const long long prow = pos * d;
  for (int f = 0; f < d; ++f) {
    double a = fabs(data[prow + f] - q[qrow + f]);
    const double L = kd_period(period, periodic, f);
    if (L > 0.0 && L - a < a) a = L - a;
    acc = m.add(acc, m.term(a));
    if (acc > stop) break;
  }
  return acc;
}

// A depth-first walk over the nodes whose box is within `bound()` of the query, nearer child
// first; leaf(pos_begin, pos_end) is called for every leaf reached. `bound` is re-read after
// every leaf, so a shrinking k-th distance prunes the rest of the walk. `slack` (>= 1) scales
// box distances before the test ((1 + eps)^p for an approximate search). A box is entered when
// its distance is below the bound, or equal to it when `inclusive` (a ball's closed radius).
// The stack holds at most depth + 1 nodes (each pop pushes at most two), and depth <= 40.
constexpr int kd_max_stack = 64;

template <class Box, class Q, class Per, class Bound, class Leaf>
__device__ void kd_walk(const kd_metric& m, const Box& box, const Q& q, long long qrow, long long n,
                        int d, int depth, double slack, bool inclusive, const Per& period,
                        bool periodic, Bound bound, Leaf leaf) {
  auto enters = [&](double box_distance) {
    const double s = box_distance * slack, b = bound();
    return inclusive ? s <= b : s < b;
  };
  long long stack_node[kd_max_stack];
  double stack_dist[kd_max_stack];
  int top = 0;
  stack_node[top] = 0;
  stack_dist[top++] = kd_box_distance(m, box, q, qrow, 0, d, period, periodic);
  const long long first_leaf = (1LL << depth) - 1;
  while (top > 0) {
    --top;
    const long long h = stack_node[top];
    if (!enters(stack_dist[top])) continue;
    if (h >= first_leaf) {
      const unsigned long long j = static_cast<unsigned long long>(h - first_leaf);
      const unsigned long long nn = static_cast<unsigned long long>(n);
      leaf(static_cast<long long>((j * nn) >> depth),
           static_cast<long long>(((j + 1) * nn) >> depth));
      continue;
    }
    const long long a = 2 * h + 1, b = 2 * h + 2;
    const double da = kd_box_distance(m, box, q, qrow, a, d, period, periodic);
    const double db = kd_box_distance(m, box, q, qrow, b, d, period, periodic);
    const bool a_first = da <= db;
    // The farther child is pushed first so the nearer one is popped next.
    const long long far_h = a_first ? b : a, near_h = a_first ? a : b;
    const double far_d = a_first ? db : da, near_d = a_first ? da : db;
    if (enters(far_d) && top < kd_max_stack) {
      stack_node[top] = far_h;
      stack_dist[top++] = far_d;
    }
    if (enters(near_d) && top < kd_max_stack) {
      stack_node[top] = near_h;
      stack_dist[top++] = near_d;
    }
  }
}

// The k nearest points to query i, nearest first, into dist[i, :] and idx[i, :] (k columns).
// Only points strictly nearer than `upper` (powered) count; missing neighbours get inf and n.
template <class Data, class Box, class Perm, class Q, class Dist, class Idx, class Per>
__device__ void kd_query_at(long long i, const Data& data, const Box& box, const Perm& perm,
                            const Q& q, const Dist& dist, const Idx& idx, long long n, int d,
                            int depth, int k, int kind, double p, double upper, double slack,
                            const Per& period, bool periodic) {
  const kd_metric m{kind, p};
  const long long qrow = i * d, row = i * k;
  for (int c = 0; c < k; ++c) {
    dist[row + c] = upper;
    idx[row + c] = -1;
  }
  if (n > 0) {
    auto bound = [&]() { return dist[row + k - 1]; };
    auto leaf = [&](long long begin, long long end) {
      for (long long pos = begin; pos < end; ++pos) {
        const double worst = dist[row + k - 1];
        const double s = kd_point_distance(m, data, q, qrow, pos, d, worst, period, periodic);
        if (!(s < worst)) continue;
        int c = k - 1;
        while (c > 0 && dist[row + c - 1] > s) {
          dist[row + c] = dist[row + c - 1];
          idx[row + c] = idx[row + c - 1];
          --c;
        }
        dist[row + c] = s;
        idx[row + c] = pos;
      }
    };
    kd_walk(m, box, q, qrow, n, d, depth, slack, false, period, periodic, bound, leaf);
  }
  const double inf = 1.0 / 0.0;
  for (int c = 0; c < k; ++c) {
    const long long pos = idx[row + c];
    if (pos < 0) {
      dist[row + c] = inf;
      idx[row + c] = n;
    } else {
      dist[row + c] = m.root(dist[row + c]);
      idx[row + c] = perm[pos];
    }
  }
}

// The points within r[i] (powered, inclusive) of query i: counted into count[i] when `fill` is
// false, written as original indices from out[offset[i]] on when it is true.
template <class Data, class Box, class Perm, class Q, class R, class Count, class Offset, class Out,
          class Per>
__device__ void kd_ball_at(long long i, const Data& data, const Box& box, const Perm& perm,
                           const Q& q, const R& r, const Count& count, const Offset& offset,
                           const Out& out, long long n, int d, int depth, int kind, double p,
                           bool fill, const Per& period, bool periodic) {
  const kd_metric m{kind, p};
  const long long qrow = i * d;
  const double radius = r[i];
  long long found = 0;
  const long long base = fill ? offset[i] : 0;
  if (n > 0 && radius >= 0.0) {
    auto bound = [&]() { return radius; };
    auto leaf = [&](long long begin, long long end) {
      for (long long pos = begin; pos < end; ++pos) {
        if (kd_point_distance(m, data, q, qrow, pos, d, radius, period, periodic) <= radius) {
          if (fill) out[base + found] = perm[pos];
          ++found;
        }
      }
    };
    kd_walk(m, box, q, qrow, n, d, depth, 1.0, true, period, periodic, bound, leaf);
  }
  if (!fill) count[i] = found;
}

}  // namespace cunp
