"""Between dense and sparse graph forms: csgraph_from_dense keeps every entry that is not
the null value (nor NaN or inf where those are null) as an edge, zeros included;
csgraph_to_dense writes the smallest weight of each stored position and the null value
elsewhere."""

import numpy

from .. import _backend
from .._base import issparse
from .._csr import csr_array

__all__ = ["csgraph_from_dense", "csgraph_to_dense"]


def csgraph_from_dense(graph, null_value=0, nan_null=True, infinity_null=True):
    xp = _backend.xp
    g = xp.asarray(graph).astype(numpy.float64)
    if g.ndim != 2:
        raise ValueError("graph should have two dimensions")
    edge = g != null_value if null_value is not None else xp.ones(g.shape, dtype=bool)
    if nan_null:
        edge &= ~xp.isnan(g)
    if infinity_null:
        edge &= ~xp.isinf(g)
    row, col = xp.nonzero(edge)
    return csr_array((g[row, col], (row, col)), shape=g.shape)


def csgraph_to_dense(csgraph, null_value=0):
    xp = _backend.xp
    if not issparse(csgraph):
        raise TypeError("csgraph must be a sparse matrix or array")
    row, col, data = csgraph.tocoo()._coo_parts()
    n, m = csgraph.shape
    out = xp.full(n * m, numpy.inf)
    if data.size:
        xp.minimum.at(out, row.astype(numpy.int64) * m + col.astype(numpy.int64),
                      data.astype(numpy.float64))
    out = xp.where(xp.isinf(out), float(null_value), out)
    return out.reshape(n, m)
