"""The KDTree's layout, built with array operations only, so the same code builds on the device
(cunp) and, for the CPU tests, in NumPy.

The tree is implicit and balanced: node j of level l (heap number 2^l - 1 + j) covers the tree
positions [j n >> l, (j + 1) n >> l), so the two halves of a node are its children and every
leaf is on level `depth`. Level by level, each node's points are sorted along its widest
dimension (one lexsort of all points by (node, coordinate)): a median split of every node at
once. The bounding boxes are the per-node minima and maxima (ufunc.reduceat) that choose the
split dimension, kept for the queries' pruning."""
import numpy


def tree_depth(n, leafsize):
    """The leaf level: halve until a leaf holds at most `leafsize` points, but never so far that
    a leaf is empty."""
    depth = 0
    while -(-n >> depth) > leafsize and (n >> (depth + 1)) >= 1:
        depth += 1
    return depth


def level_starts(n, level):
    """The first tree position of each node of `level` (host integers)."""
    return (numpy.arange(1 << level, dtype=numpy.int64) * n) >> level


def build(xp, data, leafsize):
    """(tree-ordered points (n, d), boxes (2^(depth+1) - 1, 2, d), perm (n), depth) for float64
    points `data` (n, d) of array module xp. perm[pos] is the original index of tree position
    pos."""
    n, d = data.shape
    depth = tree_depth(n, leafsize)
    perm = xp.arange(n, dtype=xp.int64)
    if n == 0:
        return data, xp.zeros((1, 2, d), dtype=xp.float64), perm, 0
    pts = data
    pos = xp.arange(n, dtype=xp.int64)
    boxes = []
    for level in range(depth + 1):
        starts = level_starts(n, level)  # host integers: reduceat takes them as such
        lo = xp.minimum.reduceat(pts, starts, axis=0)
        hi = xp.maximum.reduceat(pts, starts, axis=0)
        boxes.append(xp.stack([lo, hi], axis=1))
        if level == depth:
            break
        dim = xp.argmax(hi - lo, axis=1)
        # The node of each position: the last start at or before it.
        seg = (((pos + 1) << level) + (n - 1)) // n - 1
        key = xp.take_along_axis(pts, dim[seg][:, None], axis=1)[:, 0]
        order = xp.lexsort((key, seg))
        perm = perm[order]
        pts = pts[order]
    box = xp.concatenate(boxes, axis=0) if len(boxes) > 1 else boxes[0]
    return xp.ascontiguousarray(pts), xp.ascontiguousarray(box), perm, depth


def metric_kind(p):
    """How the kernels accumulate a Minkowski distance: 0 p = 1, 1 p = 2, 2 p = inf, 3 other."""
    if p == 1:
        return 0
    if p == 2:
        return 1
    if numpy.isinf(p):
        return 2
    return 3


def powered(r, p):
    """A distance in the form the kernels compare (sum |x|^p; the largest |x| for p = inf)."""
    if p == 1 or numpy.isinf(p):
        return r
    if p == 2:
        return r * r
    return r ** p
