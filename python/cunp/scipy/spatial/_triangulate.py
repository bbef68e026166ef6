"""The 2-D Delaunay triangulation on the host, for cunp.scipy.spatial.Delaunay: the C++
incremental Bowyer-Watson with a ghost vertex and exact predicates
(src/ops/spatial/delaunay2d.cpp, through _core.spatial.delaunay_2d), fed points in a snake order
over a grid so that each point is located by a short walk from the last triangle made; the
repeated points' `coplanar` rows, the affine `transform` and the hull edges around it.

SciPy computes the triangulation with Qhull, which cunp does not depend on; the output follows
SciPy's conventions: counter-clockwise triangles, neighbors[s, j] opposite simplices[s, j]
(-1 on the hull), repeated points left out and listed in `coplanar`. For points in general
position the Delaunay triangulation is unique, so the triangles are Qhull's."""
import numpy

from cunp import _core


class QhullError(RuntimeError):
    """scipy.spatial.QhullError's counterpart: the points span less than a plane (all equal,
    collinear, or fewer than 3)."""


def _insertion_order(points):
    """A snake order over a sqrt(n/4)-per-side grid: consecutive points are near each other."""
    n = points.shape[0]
    side = max(1, int(numpy.sqrt(n / 4.0)))
    lo = points.min(axis=0)
    span = numpy.where(points.max(axis=0) > lo, points.max(axis=0) - lo, 1.0)
    cell = numpy.minimum(((points - lo) / span * side).astype(numpy.int64), side - 1)
    row = cell[:, 1]
    col = numpy.where(row % 2 == 0, cell[:, 0], side - 1 - cell[:, 0])
    return numpy.lexsort((points[:, 0], col, row))


def triangulate(points):
    """(simplices int32 (s, 3), neighbors int32 (s, 3), coplanar int32 (c, 3)) of the Delaunay
    triangulation of float64 points (n, 2). coplanar rows are (point, a simplex holding it, the
    vertex it repeats) for the points left out as repeats. Raises QhullError when the points
    span less than a plane, ValueError when there are none."""
    points = numpy.ascontiguousarray(points, dtype=numpy.float64)
    n = points.shape[0]
    if n == 0:
        raise ValueError("No points given")
    order = numpy.ascontiguousarray(_insertion_order(points), dtype=numpy.int64)
    made = _core.spatial.delaunay_2d(points.tobytes(), order.tobytes())
    if made is None:
        raise QhullError("the initial simplex is flat: fewer than 3 points, or the points are "
                         "collinear or all equal")
    simplices = numpy.frombuffer(made[0], dtype=numpy.int32).reshape(-1, 3).copy()
    neighbors = numpy.frombuffer(made[1], dtype=numpy.int32).reshape(-1, 3).copy()
    repeats = numpy.frombuffer(made[2], dtype=numpy.int64)
    return simplices, neighbors, _coplanar(points, order, simplices, repeats)


def _coplanar(points, order, simplices, repeats):
    """SciPy's coplanar rows (point, a simplex holding the vertex it repeats, that vertex)."""
    coplanar = numpy.zeros((repeats.size, 3), dtype=numpy.int32)
    if repeats.size == 0:
        return coplanar
    vertex_of = {}
    for q in order.tolist():
        vertex_of.setdefault((points[q, 0], points[q, 1]), q)
    holder = {}
    for j, tri in enumerate(simplices.tolist()):
        for q in tri:
            holder.setdefault(q, j)
    for row, p in enumerate(repeats.tolist()):
        q = vertex_of[(points[p, 0], points[p, 1])]
        coplanar[row] = (p, holder.get(q, -1), q)
    return coplanar


def transforms(points, simplices):
    """SciPy's Delaunay.transform (s, 3, 2): T^-1 and r_2 per triangle, with T = [r_0 - r_2,
    r_1 - r_2]; NaN for a degenerate triangle."""
    r = points[simplices]                      # (s, 3, 2)
    t = numpy.stack([r[:, 0] - r[:, 2], r[:, 1] - r[:, 2]], axis=2)  # columns r_j - r_2
    det = t[:, 0, 0] * t[:, 1, 1] - t[:, 0, 1] * t[:, 1, 0]
    out = numpy.full((simplices.shape[0], 3, 2), numpy.nan)
    ok = det != 0
    with numpy.errstate(divide="ignore", invalid="ignore"):
        inv = numpy.stack([numpy.stack([t[:, 1, 1], -t[:, 0, 1]], axis=1),
                           numpy.stack([-t[:, 1, 0], t[:, 0, 0]], axis=1)], axis=1) / det[:, None,
                                                                                           None]
    out[ok, :2] = inv[ok]
    out[ok, 2] = r[ok, 2]
    return out


def hull_edges(simplices, neighbors):
    """The hull's edges (h, 2): the two vertices other than j of every (s, j) with no
    neighbour, in SciPy's order (by simplex, then j)."""
    s, j = numpy.nonzero(neighbors == -1)
    return numpy.stack([simplices[s, (j + 1) % 3], simplices[s, (j + 2) % 3]],
                       axis=1).astype(numpy.int32).reshape(-1, 2)
