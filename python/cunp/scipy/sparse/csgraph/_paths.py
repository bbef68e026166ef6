"""SciPy's per-algorithm shortest-path entry points (dijkstra, bellman_ford, johnson,
floyd_warshall) with their own arguments, all served by shortest_path's edge-parallel
relaxation; dijkstra's limit and min_only are applied to its distances."""

import warnings

import numpy

from .. import _backend
from .._base import issparse
from ._traversal import NULL, shortest_path
from ._validation import edges

__all__ = ["bellman_ford", "dijkstra", "floyd_warshall", "johnson"]


def dijkstra(csgraph, directed=True, indices=None, return_predecessors=False,
             unweighted=False, limit=numpy.inf, min_only=False):
    """Distances (and predecessors) from `indices`; with min_only, the distance to each node
    from the nearest source (and that source). Distances above `limit` read inf."""
    xp = _backend.xp
    if not unweighted:
        _, _, _, w = edges(csgraph)
        if w.size and bool((w < 0).any()):
            warnings.warn("Graph has negative weights: dijkstra will give inaccurate results if "
                          "the graph contains negative cycles. Consider johnson or "
                          "bellman_ford.", UserWarning, stacklevel=2)
    n = csgraph.shape[0]
    if min_only and indices is None:
        indices = numpy.arange(n)
    out = shortest_path(csgraph, "D", directed, True, unweighted, indices=indices)
    dist, pred = out
    if limit is not None and limit != numpy.inf:
        over = dist > limit
        dist = xp.where(over, numpy.inf, dist)
        pred = xp.where(over, NULL, pred).astype(numpy.int32)
    if not min_only:
        return (dist, pred) if return_predecessors else dist
    if dist.ndim == 1:
        dist, pred = dist[None, :], pred[None, :]
    srcs = numpy.atleast_1d(_backend.to_host(indices) if _backend.is_device_array(indices)
                            else indices).astype(numpy.int64) % max(n, 1)
    which = dist.argmin(axis=0)
    best = dist[which, xp.arange(n)]
    if not return_predecessors:
        return best
    best_pred = pred[which, xp.arange(n)]
    source = xp.where(xp.isinf(best), NULL, xp.asarray(srcs)[which]).astype(numpy.int32)
    return best, best_pred, source


def bellman_ford(csgraph, directed=True, indices=None, return_predecessors=False,
                 unweighted=False):
    return shortest_path(csgraph, "BF", directed, return_predecessors, unweighted,
                         indices=indices)


def johnson(csgraph, directed=True, indices=None, return_predecessors=False, unweighted=False):
    return shortest_path(csgraph, "J", directed, return_predecessors, unweighted,
                         indices=indices)


def floyd_warshall(csgraph, directed=True, return_predecessors=False, unweighted=False,
                   overwrite=False):
    if not issparse(csgraph):
        csgraph = _backend.xp.asarray(csgraph)
    return shortest_path(csgraph, "FW", directed, return_predecessors, unweighted)
