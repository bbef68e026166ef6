"""The KDTree's layout, built with array operations only, so the same code builds on the device
(cunp) and, for the CPU tests, in NumPy.

The tree is implicit and balanced: node j of level l (heap number 2^l - 1 + j) covers the tree
positions [j n >> l, (j + 1) n >> l), so the two halves of a node are its children and every
leaf is on level `depth`. Level by level, each node's points are sorted along its widest
dimension: a median split of every node at once by two stable sorts of all points, by the
coordinate and then by the node (a narrow integer, so its radix sort takes few passes).

Every step of a level is a fixed number of whole-array device operations: the node bounds come
from device arithmetic, the bounding boxes (which choose the split dimension and are kept for
the queries' pruning) from a min and a max over each node's points gathered into a padded
(nodes, widest node, d) block, so nothing is copied to or from the host and nothing runs per
node."""
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


def _node_dtype(xp, level):
    """The narrowest unsigned type that numbers the nodes of `level`: the node sort's radix
    passes are one per byte."""
    if level <= 8:
        return xp.uint8
    return xp.uint16 if level <= 16 else xp.uint32


def level_boxes(xp, pts, level):
    """(lo, hi), each (2^level, d): the per-node minima and maxima of the tree-ordered points.
    Node j's points are gathered into row j of a (2^level, ceil(n / 2^level)) block; a node one
    point shorter than the widest repeats its last point, which changes neither its min nor its
    max."""
    n = pts.shape[0]
    nodes = xp.arange(1 << level, dtype=xp.int64)
    first = (nodes * n) >> level
    last = (((nodes + 1) * n) >> level) - 1
    width = -(-n >> level)
    at = xp.minimum(first[:, None] + xp.arange(width, dtype=xp.int64)[None, :], last[:, None])
    block = pts[at]  # (nodes, width, d)
    return block.min(axis=1), block.max(axis=1)


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
        lo, hi = level_boxes(xp, pts, level)
        boxes.append(xp.stack([lo, hi], axis=1))
        if level == depth:
            break
        dim = xp.argmax(hi - lo, axis=1)
        # The node of each position: the last start at or before it.
        seg = (((pos + 1) << level) + (n - 1)) // n - 1
        key = xp.take_along_axis(pts, dim[seg][:, None], axis=1)[:, 0]
        # A stable sort by coordinate, then a stable sort by node: each node's points by
        # coordinate, the nodes where they were (lexsort((key, seg)) in two passes).
        order = xp.argsort(key, kind="stable")
        if level:
            order = order[xp.argsort(seg.astype(_node_dtype(xp, level))[order], kind="stable")]
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
