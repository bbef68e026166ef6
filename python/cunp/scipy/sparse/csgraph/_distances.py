"""construct_dist_matrix: the length of each predecessor path, by pointer jumping (every
node adds its ancestor's partial length and jumps twice as far per round: O(log depth)
rounds over the whole predecessor matrix at once)."""

import numpy

from .. import _backend
from ._conversions import csgraph_to_dense
from ._traversal import NULL

__all__ = ["construct_dist_matrix"]


def construct_dist_matrix(graph, predecessors, directed=True, null_value=numpy.inf):
    """dist[i, j]: the summed weights along predecessors' path to j in row i (0 on the
    diagonal, null_value where j is not reached)."""
    from .._base import issparse
    from .._csr import csr_array

    xp = _backend.xp
    g = graph if issparse(graph) else csr_array(xp.asarray(graph))
    n = g.shape[0]
    P = xp.asarray(predecessors).astype(numpy.int64)
    if P.ndim == 1:
        P = P.reshape(1, -1)
    if P.shape[1] != n or g.shape != (n, n):
        raise ValueError("graph and predecessors have incompatible shapes")
    G = csgraph_to_dense(g, null_value=numpy.inf)
    if not directed:
        G = xp.minimum(G, G.T)
    S = P.shape[0]
    cols = xp.broadcast_to(xp.arange(n, dtype=numpy.int64), (S, n))
    has = P != NULL
    safe = xp.where(has, P, 0)
    D = xp.where(has, G[safe, cols], 0.0)
    anc = xp.where(has, P, -1)
    rows = xp.broadcast_to(xp.arange(S, dtype=numpy.int64)[:, None], (S, n))
    while bool((anc >= 0).any()):
        live = anc >= 0
        a = xp.where(live, anc, 0)
        D = D + xp.where(live, D[rows, a], 0.0)
        anc = xp.where(live, anc[rows, a], -1)
    reached = has | (cols == xp.arange(S, dtype=numpy.int64)[:, None])
    return xp.where(reached, D, null_value)
