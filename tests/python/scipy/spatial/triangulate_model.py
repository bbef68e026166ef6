"""A pure-Python model of the host triangulation (src/ops/spatial/delaunay2d.cpp): the same
incremental Bowyer-Watson with a ghost vertex, exact predicates through Fractions, for the CPU
tests to check the C++ against, triangle for triangle.

Every hull edge (a, b) carries a ghost triangle (a, b, G) whose "circumcircle" is the open
half-plane beyond the edge, so a point outside the hull is inserted exactly like one inside:
the triangles whose circumcircle holds it form a star-shaped cavity, which is replaced by the
fan of triangles joining its boundary to the point. Points are inserted along a snake order of
a grid, so each point is located by a short walk from the last triangle made. The orientation
and in-circle predicates fall back to exact rational arithmetic when the floating-point
result is within its error bound, so the answer is the Delaunay triangulation of the input
(unique for points in general position; cocircular ties are broken consistently).

SciPy computes the triangulation with Qhull, which cunp does not depend on; the output follows
SciPy's conventions: counter-clockwise triangles, neighbors[s, j] opposite simplices[s, j]
(-1 on the hull), repeated points left out and listed in `coplanar`."""
from fractions import Fraction

import numpy

from cunp.scipy.spatial._triangulate import _insertion_order

GHOST = -1
# Shewchuk's error bounds for the plain floating-point determinants.
_ORIENT_BOUND = 3.3306690738754716e-16
_INCIRCLE_BOUND = 1.1102230246251577e-15


class QhullError(RuntimeError):
    """scipy.spatial.QhullError's counterpart: the points span less than a plane (all equal,
    collinear, or fewer than 3)."""


def _orient(ax, ay, bx, by, cx, cy):
    """> 0 when a, b, c turn counter-clockwise, < 0 clockwise, 0 collinear (exact sign)."""
    left = (bx - ax) * (cy - ay)
    right = (by - ay) * (cx - ax)
    det = left - right
    if abs(det) > _ORIENT_BOUND * (abs(left) + abs(right)):
        return det
    ax, ay, bx, by, cx, cy = (Fraction(v) for v in (ax, ay, bx, by, cx, cy))
    return float((bx - ax) * (cy - ay) - (by - ay) * (cx - ax))


def _incircle(ax, ay, bx, by, cx, cy, dx, dy):
    """> 0 when d is inside the circle through the counter-clockwise a, b, c (exact sign)."""
    adx, ady, bdx, bdy, cdx, cdy = ax - dx, ay - dy, bx - dx, by - dy, cx - dx, cy - dy
    alift, blift, clift = adx * adx + ady * ady, bdx * bdx + bdy * bdy, cdx * cdx + cdy * cdy
    bc, cb = bdx * cdy, cdx * bdy
    ca, ac = cdx * ady, adx * cdy
    ab, ba = adx * bdy, bdx * ady
    det = alift * (bc - cb) + blift * (ca - ac) + clift * (ab - ba)
    perm = (abs(bc) + abs(cb)) * alift + (abs(ca) + abs(ac)) * blift + (abs(ab) + abs(ba)) * clift
    if abs(det) > _INCIRCLE_BOUND * perm:
        return det
    a = [Fraction(v) for v in (ax, ay, bx, by, cx, cy, dx, dy)]
    adx, ady, bdx, bdy = a[0] - a[6], a[1] - a[7], a[2] - a[6], a[3] - a[7]
    cdx, cdy = a[4] - a[6], a[5] - a[7]
    det = ((adx * adx + ady * ady) * (bdx * cdy - cdx * bdy)
           + (bdx * bdx + bdy * bdy) * (cdx * ady - adx * cdy)
           + (cdx * cdx + cdy * cdy) * (adx * bdy - bdx * ady))
    return float(det)


class _Mesh:
    def __init__(self, xs, ys):
        self.xs, self.ys = xs, ys
        self.v = []      # vertices of each triangle, counter-clockwise; GHOST last in ghosts
        self.nb = []     # the neighbour opposite each vertex
        self.alive = []

    def add(self, a, b, c):
        # A ghost triangle keeps GHOST in the last place (rotations keep the orientation).
        if a == GHOST:
            a, b, c = b, c, a
        elif b == GHOST:
            a, b, c = c, a, b
        self.v.append([a, b, c])
        self.nb.append([None, None, None])
        self.alive.append(True)
        return len(self.v) - 1

    def conflicts(self, t, px, py):
        a, b, c = self.v[t]
        xs, ys = self.xs, self.ys
        if c != GHOST:
            return _incircle(xs[a], ys[a], xs[b], ys[b], xs[c], ys[c], px, py) > 0
        o = _orient(xs[a], ys[a], xs[b], ys[b], px, py)
        if o != 0:
            return o > 0
        # On the hull edge's line: in conflict when strictly between its ends.
        dot = (px - xs[a]) * (xs[b] - xs[a]) + (py - ys[a]) * (ys[b] - ys[a])
        length = (xs[b] - xs[a]) ** 2 + (ys[b] - ys[a]) ** 2
        return 0 < dot < length

    def locate(self, t, px, py):
        """A triangle in conflict with p (None if p repeats a vertex): a walk from t."""
        xs, ys = self.xs, self.ys
        for _ in range(4 * len(self.v) + 16):
            tri = self.v[t]
            if tri[2] == GHOST:
                if self.conflicts(t, px, py):
                    return t
                t = self.nb[t][2]
                continue
            for i in (0, 1, 2):
                u, w = tri[(i + 1) % 3], tri[(i + 2) % 3]
                if _orient(xs[u], ys[u], xs[w], ys[w], px, py) < 0:
                    t = self.nb[t][i]
                    break
            else:
                if any(xs[q] == px and ys[q] == py for q in tri):
                    return None
                return t
        # A walk that cycles (not expected on a Delaunay mesh): look everywhere.
        for s, live in enumerate(self.alive):
            if live and self.conflicts(s, px, py):
                return s
        return None

    def insert(self, p, seed):
        """Replaces the cavity of p's conflicting triangles; returns a new triangle."""
        px, py = self.xs[p], self.ys[p]
        cavity = {seed}
        stack = [seed]
        boundary = []  # (u, w, outside triangle)
        checked = {}
        while stack:
            t = stack.pop()
            tri = self.v[t]
            for i in (0, 1, 2):
                s = self.nb[t][i]
                if s in cavity:
                    continue
                inside = checked.get(s)
                if inside is None:
                    inside = checked[s] = self.conflicts(s, px, py)
                if inside:
                    cavity.add(s)
                    stack.append(s)
                else:
                    boundary.append((tri[(i + 1) % 3], tri[(i + 2) % 3], s))
        for t in cavity:
            self.alive[t] = False
        open_edges = {}
        made = None
        for u, w, outside in boundary:
            t = self.add(u, w, p)
            made = t
            tri = self.v[t]
            for i in (0, 1, 2):
                a, b = tri[(i + 1) % 3], tri[(i + 2) % 3]
                if a != p and b != p:
                    self.nb[t][i] = outside
                    onb = self.nb[outside]
                    ov = self.v[outside]
                    for j in (0, 1, 2):
                        if ov[(j + 1) % 3] == b and ov[(j + 2) % 3] == a:
                            onb[j] = t
                            break
                    continue
                twin = open_edges.pop((b, a), None)
                if twin is None:
                    open_edges[(a, b)] = (t, i)
                else:
                    self.nb[t][i] = twin[0]
                    self.nb[twin[0]][twin[1]] = t
        return made


def triangulate(points):
    """(simplices int32 (s, 3), neighbors int32 (s, 3), coplanar int32 (c, 3)) of the Delaunay
    triangulation of float64 points (n, 2). coplanar rows are (point, a simplex holding it, the
    vertex it repeats) for the points left out as repeats. Raises QhullError when the
    points span less than a plane."""
    points = numpy.asarray(points, dtype=numpy.float64)
    n = points.shape[0]
    xs, ys = points[:, 0].tolist(), points[:, 1].tolist()
    order = _insertion_order(points).tolist() if n else []
    if n == 0:
        raise ValueError("No points given")
    if n < 3:
        raise QhullError("a 2-D triangulation needs at least 3 points")
    p0 = order[0]
    p1 = next((q for q in order if xs[q] != xs[p0] or ys[q] != ys[p0]), None)
    p2 = None
    if p1 is not None:
        p2 = next((q for q in order
                   if _orient(xs[p0], ys[p0], xs[p1], ys[p1], xs[q], ys[q]) != 0), None)
    if p2 is None:
        raise QhullError("the initial simplex is flat: the points are collinear or "
                                 "all equal")
    if _orient(xs[p0], ys[p0], xs[p1], ys[p1], xs[p2], ys[p2]) < 0:
        p1, p2 = p2, p1
    mesh = _Mesh(xs, ys)
    first = mesh.add(p0, p1, p2)
    ghosts = [mesh.add(p1, p0, GHOST), mesh.add(p2, p1, GHOST), mesh.add(p0, p2, GHOST)]
    # Link the four triangles through their shared directed edges.
    edges = {}
    for t in [first] + ghosts:
        tri = mesh.v[t]
        for i in (0, 1, 2):
            edges[(tri[(i + 1) % 3], tri[(i + 2) % 3])] = (t, i)
    for (a, b), (t, i) in edges.items():
        mesh.nb[t][i] = edges[(b, a)][0]
    last = first
    repeats = []
    for p in order:
        if p in (p0, p1, p2):
            continue
        seed = mesh.locate(last, xs[p], ys[p])
        if seed is None:
            repeats.append(p)
            continue
        last = mesh.insert(p, seed)
    live = [t for t, ok in enumerate(mesh.alive) if ok and mesh.v[t][2] != GHOST]
    new_id = {t: j for j, t in enumerate(live)}
    simplices = numpy.array([mesh.v[t] for t in live], dtype=numpy.int32).reshape(-1, 3)
    neighbors = numpy.array([[new_id.get(s, -1) for s in mesh.nb[t]] for t in live],
                            dtype=numpy.int32).reshape(-1, 3)
    coplanar = numpy.zeros((len(repeats), 3), dtype=numpy.int32)
    if repeats:
        vertex_of = {}
        for q in order:
            vertex_of.setdefault((xs[q], ys[q]), q)
        holder = {}
        for j, tri in enumerate(simplices.tolist()):
            for q in tri:
                holder.setdefault(q, j)
        for row, p in enumerate(repeats):
            q = vertex_of[(xs[p], ys[p])]
            coplanar[row] = (p, holder.get(q, -1), q)
    return simplices, neighbors, coplanar
