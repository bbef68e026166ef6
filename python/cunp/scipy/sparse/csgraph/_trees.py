"""Trees of a graph as sparse matrices: reconstruct_path and breadth_first_tree (each node's
edge from its predecessor, found edge-parallel among the stored edges; undirected graphs use
the lighter of the two directions) and minimum_spanning_tree by Boruvka rounds (each
component takes its lightest outgoing edge with a minimum scatter, components merge by
hooking and pointer jumping: O(log n) rounds)."""

import numpy

from .. import _backend
from .._base import issparse
from .._csr import csr_array
from ._traversal import NULL, breadth_first_order
from ._validation import edges

__all__ = ["breadth_first_tree", "minimum_spanning_tree", "reconstruct_path"]


def _result_class(csgraph):
    return csgraph._family("csr") if issparse(csgraph) else csr_array


def reconstruct_path(csgraph, predecessors, directed=True):
    """The tree of edges predecessors[j] -> j, weighted as in csgraph (N x N, CSR)."""
    xp = _backend.xp
    n, src, dst, w = edges(csgraph, directed=True)
    pred = xp.asarray(predecessors).astype(numpy.int64).ravel()
    if pred.shape != (n,):
        raise ValueError("predecessors must have one entry per node")
    weight = xp.full(n, numpy.inf)
    hit = pred[dst] == src
    if bool(hit.any()):
        xp.minimum.at(weight, dst[hit], w[hit])
    if not directed:
        back = pred[src] == dst
        if bool(back.any()):
            xp.minimum.at(weight, src[back], w[back])
    nodes = xp.flatnonzero((pred != NULL) & xp.isfinite(weight))
    return _result_class(csgraph)((weight[nodes], (pred[nodes], nodes)), shape=(n, n))


def breadth_first_tree(csgraph, i_start, directed=True):
    """The breadth-first tree from i_start (edges from each reached node's predecessor)."""
    _, pred = breadth_first_order(csgraph, i_start, directed, True)
    return reconstruct_path(csgraph, pred, directed)


def _jump(parent):
    while True:
        nxt = parent[parent]
        if bool((nxt == parent).all()):
            return parent
        parent = nxt


def minimum_spanning_tree(csgraph, overwrite=False):
    """A minimum spanning forest of the graph taken as undirected, with each chosen edge in
    the orientation it is stored in (N x N, CSR). Ties go to the earlier stored edge."""
    xp = _backend.xp
    n, src, dst, w = edges(csgraph, directed=True)
    m = src.size
    ids = xp.arange(m, dtype=numpy.int64)
    keep = src != dst
    # Both orientations of each stored edge, sharing its id.
    u = xp.concatenate([src[keep], dst[keep]])
    v = xp.concatenate([dst[keep], src[keep]])
    wt = xp.concatenate([w[keep], w[keep]])
    eid = xp.concatenate([ids[keep], ids[keep]])
    chosen = xp.zeros(m, dtype=bool)
    comp = xp.arange(n, dtype=numpy.int64)
    while True:
        cu, cv = comp[u], comp[v]
        out = cu != cv
        if not bool(out.any()):
            break
        cu, cv, wo, eo = cu[out], cv[out], wt[out], eid[out]
        # The lightest outgoing edge of each component; ties by edge id.
        best_w = xp.full(n, numpy.inf)
        xp.minimum.at(best_w, cu, wo)
        tied = wo == best_w[cu]
        best_e = xp.full(n, m, dtype=numpy.int64)
        xp.minimum.at(best_e, cu[tied], eo[tied])
        pick = tied & (eo == best_e[cu])
        roots, target, picked = cu[pick], cv[pick], eo[pick]
        chosen[picked] = True
        parent = xp.arange(n, dtype=numpy.int64)
        parent[roots] = target
        # Two components that chose the same edge point at each other: the smaller one
        # becomes the root.
        mutual = (parent[parent] == xp.arange(n)) & (xp.arange(n) < parent)
        parent = xp.where(mutual, xp.arange(n), parent)
        parent = _jump(parent)
        comp = parent[comp]
    sel = xp.flatnonzero(chosen)
    return _result_class(csgraph)((w[sel], (src[sel], dst[sel])), shape=(n, n))
