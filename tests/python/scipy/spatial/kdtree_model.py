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


def _wrapping(period, periodic):
    return numpy.asarray(period) > 0 if periodic else numpy.zeros(len(period), dtype=bool)


def _separation(diff, period, wraps):
    """|diff|, the shorter way round on the wrapping axes."""
    a = numpy.abs(diff)
    return numpy.where(wraps, numpy.minimum(a, period - a), a)


def _box_distance(box, h, x, kind, p, period, wraps):
    below, above = box[h, 0] - x, x - box[h, 1]
    gap = numpy.maximum(numpy.maximum(below, above), 0.0)
    # A wrapping axis reaches the box the other way round too.
    round_trip = numpy.where(below > 0, x + period - box[h, 1], box[h, 0] + period - x)
    gap = numpy.where(wraps & (gap > 0), numpy.minimum(gap, round_trip), gap)
    return _combine(_term(gap, kind, p), kind)


def _walk(box, x, n, depth, kind, p, slack, inclusive, bound, leaf, period, wraps):
    """kd_walk: nearer child first, a box entered while its distance (times slack) is below
    the bound (or equal to it when inclusive)."""
    def enters(dist):
        s, b = dist * slack, bound()
        return s <= b if inclusive else s < b

    stack = [(0, _box_distance(box, 0, x, kind, p, period, wraps))]
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
        da = _box_distance(box, a, x, kind, p, period, wraps)
        db = _box_distance(box, b, x, kind, p, period, wraps)
        near, far = ((a, da), (b, db)) if da <= db else ((b, db), (a, da))
        if enters(far[1]):
            stack.append(far)
        if enters(near[1]):
            stack.append(near)


def kd_query(data, box, perm, depth, kind, p, period, periodic, q, dist, idx, upper, slack):
    """_core.spatial.kd_query: the k = dist.shape[1] nearest, written into dist and idx."""
    n = data.shape[0]
    period = numpy.asarray(period, dtype=float)
    wraps = _wrapping(period, periodic)
    k = dist.shape[1]
    dist[...] = upper
    idx[...] = -1
    for i, x in enumerate(q):
        drow, irow = dist[i], idx[i]

        def leaf(begin, end):
            for pos in range(begin, end):
                s = _combine(_term(_separation(data[pos] - x, period, wraps), kind, p), kind)
                if s < drow[-1]:
                    c = k - 1
                    while c > 0 and drow[c - 1] > s:
                        drow[c], irow[c] = drow[c - 1], irow[c - 1]
                        c -= 1
                    drow[c], irow[c] = s, pos

        if n:
            _walk(box, x, n, depth, kind, p, slack, False, lambda: drow[-1], leaf, period, wraps)
        missing = irow < 0
        drow[:] = numpy.where(missing, numpy.inf, _root(drow, kind, p))
        irow[:] = numpy.where(missing, n, perm[numpy.maximum(irow, 0)] if n else n)


def kd_ball(data, box, perm, depth, kind, p, period, periodic, q, r, count, offset, out, fill):
    """_core.spatial.kd_ball: counts into count, or indices into out from offset[i] on."""
    n = data.shape[0]
    period = numpy.asarray(period, dtype=float)
    wraps = _wrapping(period, periodic)
    for i, (x, rp) in enumerate(zip(q, r)):
        found = []

        def leaf(begin, end):
            for pos in range(begin, end):
                s = _combine(_term(_separation(data[pos] - x, period, wraps), kind, p), kind)
                if s <= rp:
                    found.append(int(perm[pos]))

        if n and rp >= 0:
            _walk(box, x, n, depth, kind, p, 1.0, True, lambda: rp, leaf, period, wraps)
        if fill:
            out[offset[i]:offset[i] + len(found)] = found
        else:
            count[i] = len(found)


def query(tree, q, k, p=2.0, upper=numpy.inf, eps=0.0):
    """kd_query for every row of q: (dist (m, k), idx (m, k))."""
    data, box, perm, depth = tree
    slack = (1.0 + eps) if numpy.isinf(p) else (1.0 + eps) ** p
    dist = numpy.empty((q.shape[0], k))
    idx = numpy.empty((q.shape[0], k), dtype=numpy.int64)
    kd_query(data, box, perm, depth, build.metric_kind(p), p, numpy.zeros(q.shape[1]), False, q,
             dist, idx, build.powered(upper, p), slack)
    return dist, idx


def ball(tree, q, r, p=2.0):
    """kd_ball for every row of q: a list of original indices per query, in walk order."""
    data, box, perm, depth = tree
    m = q.shape[0]
    rp = build.powered(numpy.broadcast_to(numpy.asarray(r, dtype=float), (m,)), p)
    count = numpy.zeros(m, dtype=numpy.int64)
    no_period = numpy.zeros(q.shape[1])
    kd_ball(data, box, perm, depth, build.metric_kind(p), p, no_period, False, q, rp, count, None, None,
            False)
    offset = numpy.cumsum(count) - count
    out = numpy.empty(int(count.sum()), dtype=numpy.int64)
    kd_ball(data, box, perm, depth, build.metric_kind(p), p, no_period, False, q, rp, count, offset,
            out, True)
    return [out[o:o + c].tolist() for o, c in zip(offset, count)]
