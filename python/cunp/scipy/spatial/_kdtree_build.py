"""The KDTree's layout, built with array operations only, so the same code builds on the device
(cunp) and, for the CPU tests, in NumPy.

The tree is implicit and balanced: node j of level l (heap number 2^l - 1 + j) covers the tree
positions [j n >> l, (j + 1) n >> l), so the two halves of a node are its children and every
leaf is on level `depth`. Level by level, each node's points are sorted along its widest
dimension: a median split of every node at once, by one stable argsort along the rows of a
(nodes, widest node) block of the split coordinates (a node one point shorter than the widest
padded with +inf, which sorts last). The sort engine sorts rows of up to 4096 items with one
block each (one read and one write: the levels from 2^20 / 4096 nodes down), longer rows with
its radix passes over the whole block.

Every step of a level is a fixed number of whole-array device operations: the node bounds come
from device arithmetic, the bounding boxes (which choose the split dimension and are kept for
the queries' pruning) from a min and a max over the same kind of padded block, so nothing is
copied to or from the host and nothing runs per node."""
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


def _node_block(xp, n, level):
    """(first position (nodes,), size (nodes,), gather index (nodes, width)) of the nodes of
    `level`: row j of the index lists node j's positions, its last repeated where the node is
    one point shorter than the widest."""
    nodes = xp.arange(1 << level, dtype=xp.int64)
    first = (nodes * n) >> level
    size = (((nodes + 1) * n) >> level) - first
    width = -(-n >> level)
    at = xp.minimum(first[:, None] + xp.arange(width, dtype=xp.int64)[None, :],
                    (first + size - 1)[:, None])
    return first, size, at


def level_boxes(xp, pts, level):
    """(lo, hi), each (2^level, d): the per-node minima and maxima of the tree-ordered points
    (a repeated last point changes neither)."""
    _, _, at = _node_block(xp, pts.shape[0], level)
    block = pts[at]  # (nodes, width, d)
    return block.min(axis=1), block.max(axis=1)


def level_order(xp, pts, dim, level):
    """The order (n,) that sorts each node of `level` along its dimension dim[node], stably:
    order[p] is the current position of the point that goes to tree position p."""
    n = pts.shape[0]
    first, size, at = _node_block(xp, n, level)
    inside = xp.arange(at.shape[1], dtype=xp.int64)[None, :] < size[:, None]
    key = xp.where(inside, pts[at, dim[:, None]], xp.inf)  # finite points: the pads sort last
    rank = xp.argsort(key, axis=1, kind="stable")
    # Tree position p is slot p - first[j] of its node j, the last node starting at or before it.
    pos = xp.arange(n, dtype=xp.int64)
    node = (((pos + 1) << level) + (n - 1)) // n - 1
    return first[node] + rank[node, pos - first[node]]


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
    boxes = []
    for level in range(depth + 1):
        lo, hi = level_boxes(xp, pts, level)
        boxes.append(xp.stack([lo, hi], axis=1))
        if level == depth:
            break
        order = level_order(xp, pts, xp.argmax(hi - lo, axis=1), level)
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
