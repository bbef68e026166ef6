"""A NumPy model of the KDTree kernels (src/device/spatial/kdtree.cuh): the same walk over the
same implicit tree, one query at a time, so the CPU tests check the tree layout that
cunp.scipy.spatial._kdtree_build makes and the traversal's pruning against SciPy."""
import numpy

from cunp.scipy.spatial import _kdtree_build as build


def _term(diff, kind, p):
    a = numpy.abs(diff)
    return a * a if kind == 1 else (a ** p if kind == 3 else a)


def _combine(terms, kind):
    return terms.max(initial=0.0) if kind == 2 else terms.sum()


def _root(s, kind, p):
    return numpy.sqrt(s) if kind == 1 else (s ** (1.0 / p) if kind == 3 else s)


def _box_distance(box, h, x, kind, p):
    gap = numpy.maximum(numpy.maximum(box[h, 0] - x, x - box[h, 1]), 0.0)
    return _combine(_term(gap, kind, p), kind)


def _walk(box, x, n, depth, kind, p, slack, inclusive, bound, leaf):
    """kd_walk: nearer child first, a box entered while its distance (times slack) is below
    the bound (or equal to it when inclusive)."""
    def enters(dist):
        s, b = dist * slack, bound()
        return s <= b if inclusive else s < b

    stack = [(0, _box_distance(box, 0, x, kind, p))]
    first_leaf = (1 << depth) - 1
    while stack:
        h, dist = stack.pop()
        if not enters(dist):
            continue
        if h >= first_leaf:
            j = h - first_leaf
            leaf((j * n) >> depth, ((j + 1) * n) >> depth)
            continue
        a, b = 2 * h + 1, 2 * h + 2
        da, db = _box_distance(box, a, x, kind, p), _box_distance(box, b, x, kind, p)
        near, far = ((a, da), (b, db)) if da <= db else ((b, db), (a, da))
        if enters(far[1]):
            stack.append(far)
        if enters(near[1]):
            stack.append(near)


def query(tree, q, k, p=2.0, upper=numpy.inf, eps=0.0):
    """kd_query_at for every row of q: (dist (m, k), idx (m, k))."""
    data, box, perm, depth = tree
    n = data.shape[0]
    kind = build.metric_kind(p)
    slack = (1.0 + eps) if numpy.isinf(p) else (1.0 + eps) ** p
    upper = build.powered(upper, p)
    dist = numpy.full((q.shape[0], k), upper)
    idx = numpy.full((q.shape[0], k), -1, dtype=numpy.int64)
    for i, x in enumerate(q):
        drow, irow = dist[i], idx[i]

        def leaf(begin, end):
            for pos in range(begin, end):
                s = _combine(_term(data[pos] - x, kind, p), kind)
                if s < drow[-1]:
                    c = k - 1
                    while c > 0 and drow[c - 1] > s:
                        drow[c], irow[c] = drow[c - 1], irow[c - 1]
                        c -= 1
                    drow[c], irow[c] = s, pos

        if n:
            _walk(box, x, n, depth, kind, p, slack, False, lambda: drow[-1], leaf)
        missing = irow < 0
        drow[:] = numpy.where(missing, numpy.inf, _root(drow, kind, p))
        irow[:] = numpy.where(missing, n, perm[numpy.maximum(irow, 0)] if n else n)
    return dist, idx


def ball(tree, q, r, p=2.0):
    """kd_ball_at for every row of q: a list of original indices per query, in walk order."""
    data, box, perm, depth = tree
    n = data.shape[0]
    kind = build.metric_kind(p)
    out = []
    for x, radius in zip(q, numpy.broadcast_to(r, q.shape[:1])):
        rp = build.powered(radius, p)
        found = []

        def leaf(begin, end):
            for pos in range(begin, end):
                if _combine(_term(data[pos] - x, kind, p), kind) <= rp:
                    found.append(int(perm[pos]))

        if n and rp >= 0:
            _walk(box, x, n, depth, kind, p, 1.0, True, lambda: rp, leaf)
        out.append(found)
    return out
