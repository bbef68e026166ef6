"""breadth_first_order and shortest_path as level-synchronous compositions: each round
expands the whole frontier (or relaxes every edge) in parallel with gathers and minimum
scatters, so the host only counts rounds. BFS reproduces SciPy's visiting
order exactly: a node's discoverer is the first frontier node, in visiting order, that has
an edge to it, which is the order SciPy's queue gives."""

import numpy

from .. import _backend
from .._base import issparse
from .._csr import csr_array

__all__ = ["breadth_first_order", "shortest_path"]

NULL = -9999


def _adjacency(csgraph, directed):
    """(indptr, targets) of each node's neighbours in SciPy's scan order: out-edges in stored
    order, then (undirected) in-edges in the transpose's stored order."""
    xp = _backend.xp
    g = csgraph.tocsr() if issparse(csgraph) else csr_array(xp.asarray(csgraph))
    if g.shape[0] != g.shape[1]:
        raise ValueError("compressed-sparse graph must be shape (N, N)")
    n = g.shape[0]
    row, col, _ = g.tocoo()._coo_parts()
    src, dst = row.astype(numpy.int64), col.astype(numpy.int64)
    if not directed:
        t = g.T.tocsr()
        trow, tcol, _ = t.tocoo()._coo_parts()
        m = src.size
        rank = xp.concatenate([xp.arange(m, dtype=numpy.int64),
                               m + xp.arange(trow.size, dtype=numpy.int64)])
        src = xp.concatenate([src, trow.astype(numpy.int64)])
        dst = xp.concatenate([dst, tcol.astype(numpy.int64)])
        order = xp.argsort(src * (2 * max(m, 1) + trow.size + 1) + rank, kind="stable")
        src, dst = src[order], dst[order]
    counts = xp.zeros(n, dtype=numpy.int64)
    if src.size:
        xp.add.at(counts, src, 1)
    indptr = xp.concatenate([xp.zeros(1, dtype=numpy.int64), xp.cumsum(counts)])
    return n, indptr, dst


def _expand(indptr, targets, frontier):
    """(discoverer, target) for every edge leaving the frontier, in frontier order then each
    node's neighbour order."""
    xp = _backend.xp
    starts = indptr[frontier]
    lengths = indptr[frontier + 1] - starts
    total = int(lengths.sum())
    if total == 0:
        return None, None
    ends = xp.cumsum(lengths)
    owner = xp.searchsorted(ends, xp.arange(total, dtype=numpy.int64), side="right")
    pos = starts[owner] + (xp.arange(total, dtype=numpy.int64) - (ends - lengths)[owner])
    return frontier[owner], targets[pos]


def _bfs(n, indptr, targets, start):
    """(visit order, predecessors, levels) of a BFS from start."""
    xp = _backend.xp
    pred = xp.full(n, NULL, dtype=numpy.int32)
    level = xp.full(n, -1, dtype=numpy.int64)
    level[start] = 0
    order = [xp.asarray(numpy.array([start], dtype=numpy.int64))]
    frontier = order[0]
    depth = 0
    while frontier.size:
        who, tgt = _expand(indptr, targets, frontier)
        if who is None:
            break
        fresh = level[tgt] < 0
        who, tgt = who[fresh], tgt[fresh]
        if tgt.size == 0:
            break
        # The first discoverer of each node wins; nodes keep that discovery order. The first
        # occurrence is found by a minimum scatter of positions (no sort, so no reliance on
        # a stable one).
        pos = xp.arange(tgt.size, dtype=numpy.int64)
        first_at = xp.full(n, tgt.size, dtype=numpy.int64)
        xp.minimum.at(first_at, tgt, pos)
        first = xp.flatnonzero(first_at[tgt] == pos)
        frontier = tgt[first]
        depth += 1
        level[frontier] = depth
        pred[frontier] = who[first].astype(numpy.int32)
        order.append(frontier)
    return xp.concatenate(order).astype(numpy.int32), pred, level


def breadth_first_order(csgraph, i_start, directed=True, return_predecessors=True):
    """The nodes reached from i_start in breadth-first order, and each node's predecessor
    (-9999 for the start and unreached nodes)."""
    n, indptr, targets = _adjacency(csgraph, directed)
    if not 0 <= int(i_start) < n:
        raise ValueError("i_start must be a node of the graph")
    order, pred, _ = _bfs(n, indptr, targets, int(i_start))
    return (order, pred) if return_predecessors else order


def _bellman_ford(n, src, dst, w, sources):
    """Distances from each source by edge relaxation (every edge at once, a minimum scatter
    per round) until nothing changes; a change in round n means a negative cycle."""
    from ._validation import NegativeCycleError

    xp = _backend.xp
    S = sources.size
    dist = xp.full((S, n), numpy.inf)
    dist[xp.arange(S), xp.asarray(sources)] = 0.0
    rows = xp.repeat(xp.arange(S, dtype=numpy.int64), src.size)
    flat_dst = rows * n + xp.tile(dst, S)
    for _ in range(n + 1):
        cand = (dist[:, src] + w[None, :]).ravel()
        new = dist.copy().ravel()
        xp.minimum.at(new, flat_dst, cand)
        new = new.reshape(S, n)
        if bool((new == dist).all()):
            return dist
        dist = new
    raise NegativeCycleError("Negative cycle detected on node")


def _predecessors(n, src, dst, w, sources, dist):
    """For each reached node, a neighbour on a shortest path (the largest such index)."""
    xp = _backend.xp
    S = sources.size
    pred = xp.full((S, n), NULL, dtype=numpy.int64)
    if src.size == 0:
        return pred.astype(numpy.int32)
    tight = (dist[:, src] + w[None, :] == dist[:, dst]) & xp.isfinite(dist[:, dst])
    tight &= dst[None, :] != xp.asarray(sources)[:, None]
    rows = xp.repeat(xp.arange(S, dtype=numpy.int64), src.size).reshape(S, -1)
    flat = (rows * n + dst[None, :])[tight]
    flat_pred = pred.reshape(-1)
    xp.maximum.at(flat_pred, flat, xp.broadcast_to(src[None, :], tight.shape)[tight])
    return flat_pred.reshape(S, n).astype(numpy.int32)


def shortest_path(csgraph, method="auto", directed=True, return_predecessors=False,
                  unweighted=False, overwrite=False, indices=None):
    """Shortest-path lengths (and predecessors) from each of `indices` (default: every node).
    Unweighted graphs by breadth-first levels; weighted ones by edge-parallel Bellman-Ford
    rounds for every method (negative weights allowed; a negative cycle raises
    NegativeCycleError)."""
    from ._validation import edges

    xp = _backend.xp
    if method not in ("auto", "FW", "D", "BF", "J"):
        raise ValueError(f"unrecognized method '{method}'")
    if method == "FW" and indices is not None:
        raise ValueError("Cannot specify indices with method == 'FW'.")
    n, indptr, targets = _adjacency(csgraph, directed)
    scalar = indices is not None and numpy.ndim(indices) == 0
    sources = numpy.arange(n) if indices is None else numpy.atleast_1d(
        _backend.to_host(indices) if _backend.is_device_array(indices) else indices)
    sources = sources.astype(numpy.int64)
    if sources.size and (sources.min() < -n or sources.max() >= n):
        raise ValueError("indices out of range")
    sources = sources % max(n, 1)
    if unweighted:
        dist = xp.full((sources.size, n), numpy.inf)
        preds = xp.full((sources.size, n), NULL, dtype=numpy.int32)
        for i, s in enumerate(sources.tolist()):
            _, pred, level = _bfs(n, indptr, targets, s)
            dist[i] = xp.where(level >= 0, level.astype(numpy.float64), numpy.inf)
            preds[i] = pred
    else:
        _, src, dst, w = edges(csgraph, directed)
        if w.dtype.kind == "c":
            w = abs(w)
        dist = _bellman_ford(n, src, dst, w.astype(numpy.float64), sources)
        preds = _predecessors(n, src, dst, w.astype(numpy.float64), sources, dist) \
            if return_predecessors else None
    if scalar:
        dist = dist[0]
        preds = preds[0] if preds is not None else None
    return (dist, preds) if return_predecessors else dist
