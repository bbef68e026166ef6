"""laplacian: L = D - A (or the normalised I - D^-1/2 A D^-1/2) of a directed graph, with
in- or out-degrees, symmetrisation, and the array, function or LinearOperator forms. Sparse
input gives a sparse (COO) result, dense gives dense, as in SciPy; self-loops do not count
towards the degree."""

import numpy

from .. import _backend
from .._base import issparse

__all__ = ["laplacian"]


def _operator(L, form):
    if form == "array":
        return L
    if form == "function":
        return lambda v: L @ v
    if form == "lo":
        from ..linalg import aslinearoperator

        return aslinearoperator(L)
    raise ValueError(f"Invalid form: {form!r}")


def laplacian(csgraph, normed=False, return_diag=False, use_out_degree=False, *, copy=True,
              form="array", dtype=None, symmetrized=False):
    xp = _backend.xp
    sparse = issparse(csgraph)
    g = csgraph if sparse else xp.asarray(csgraph)
    if g.ndim != 2 or g.shape[0] != g.shape[1]:
        raise ValueError("csgraph must be a square matrix or array")
    if form not in ("array", "function", "lo"):
        raise ValueError(f"Invalid form: {form!r}")
    if normed and g.dtype.kind in "iub":
        g = g.astype(numpy.float64)
    if dtype is None:
        dtype = g.dtype
    n = g.shape[0]
    axis = 1 if use_out_degree else 0
    if sparse:
        coo = g.tocsr().tocoo()
        row, col, data = (a.copy() for a in coo._coo_parts())
        if symmetrized:
            row, col = xp.concatenate([row, col]), xp.concatenate([col, row])
            data = xp.concatenate([data, data.conj()])
        degree = xp.zeros(n, dtype=data.dtype)
        off = row != col
        if data.size:
            xp.add.at(degree, col if axis == 0 else row, xp.where(off, data, 0))
        row, col, data = row[off], col[off], data[off]
    else:
        m = g + g.T.conj() if symmetrized else g
        degree = m.sum(axis=axis) - xp.diagonal(m)
    diag_index = xp.arange(n, dtype=numpy.int64)
    if normed:
        isolated = degree == 0
        w = xp.where(isolated, 1, xp.sqrt(xp.where(isolated, 1, degree)))
        diag = (1 - isolated).astype(degree.dtype)
    else:
        w, diag = degree, degree
    if sparse:
        vals = -data / (w[row] * w[col]) if normed else -data
        rows = xp.concatenate([row.astype(numpy.int64), diag_index])
        cols = xp.concatenate([col.astype(numpy.int64), diag_index])
        vals = xp.concatenate([vals.astype(numpy.result_type(vals.dtype, diag.dtype)),
                               diag.astype(numpy.result_type(vals.dtype, diag.dtype))])
        L = g._family("coo")((vals, (rows, cols)), shape=(n, n))
        L.sum_duplicates()
    else:
        L = -(m / (w[:, None] * w[None, :])) if normed else -m
        L = L.astype(numpy.result_type(L.dtype, diag.dtype))
        L[diag_index, diag_index] = diag
    L = L.astype(dtype)
    out = _operator(L, form)
    return (out, w.astype(dtype)) if return_diag else out
