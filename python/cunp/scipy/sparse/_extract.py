"""Parts of a sparse matrix: its non-zero entries (find) and its triangles (tril, triu)."""

import numpy

from . import _canonical
from ._base import _classes, issparse, sparray

__all__ = ["find", "tril", "triu"]


def _as_coo(A):
    as_array = isinstance(A, sparray)
    coo = _classes[("coo", as_array)]
    return coo, (A.tocoo() if issparse(A) else coo(A))


def find(A):
    """(row, col, value) of the non-zero entries, duplicates summed, in row-major order."""
    _, A = _as_coo(A)
    row, col, data = _canonical.sum_duplicates(*A._coo_parts(), A.shape[1])
    keep = data != 0
    return row[keep], col[keep], data[keep]


def _triangle(A, k, format, lower):
    coo, A = _as_coo(A)
    row, col, data = A._coo_parts()
    diff = col.astype(numpy.int64) - row.astype(numpy.int64)
    keep = diff <= k if lower else diff >= k
    out = coo._from_arrays(row[keep], col[keep], data[keep], A.shape, False)
    return out.asformat(format)


def tril(A, k=0, format=None):
    """The entries on and below diagonal k (COO unless a format is asked for)."""
    return _triangle(A, k, format, True)


def triu(A, k=0, format=None):
    """The entries on and above diagonal k (COO unless a format is asked for)."""
    return _triangle(A, k, format, False)
