"""The graph every csgraph routine starts from: a square sparse or dense input as the
(source, target, weight) arrays of its edges on the device, duplicates summed. Dense inputs
keep their nonzero entries as edges, as SciPy's csgraph_from_dense does."""

import numpy

from .. import _backend
from .._base import issparse
from .._csr import csr_array


class NegativeCycleError(Exception):
    """A negative cycle makes shortest paths undefined (SciPy's name)."""


def edges(csgraph, directed=True):
    """(n, src, dst, weight) of the graph's edges; for an undirected graph each edge is given
    in both directions."""
    xp = _backend.xp
    if issparse(csgraph):
        g = csgraph.tocsr()
    else:
        dense = xp.asarray(csgraph)
        if dense.ndim != 2:
            raise ValueError("compressed-sparse graph must be 2-D")
        g = csr_array(dense)
    if g.shape[0] != g.shape[1]:
        raise ValueError("compressed-sparse graph must be shape (N, N)")
    g = g.copy()
    g.sum_duplicates()
    n = g.shape[0]
    row, col, data = g.tocoo()._coo_parts()
    src, dst = row.astype(numpy.int64), col.astype(numpy.int64)
    w = data.astype(numpy.float64) if data.dtype.kind != "c" else abs(data)
    if not directed:
        src, dst = xp.concatenate([src, dst]), xp.concatenate([dst, src])
        w = xp.concatenate([w, w])
    return n, src, dst, w


def relabel_by_first(roots):
    """Component ids 0..k-1 numbered in the order of each component's root (its smallest
    node), and k."""
    xp = _backend.xp
    uniq, labels = xp.unique(roots, return_inverse=True)
    return int(uniq.size), labels.astype(numpy.int32).ravel()
