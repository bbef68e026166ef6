"""Compressed Sparse Column format: csc_matrix and csc_array."""

from ._base import _classes, sparray
from ._compressed import _cs_base
from ._matrix import spmatrix

__all__ = ["csc_array", "csc_matrix", "isspmatrix_csc"]


class _csc_base(_cs_base):
    _format = "csc"
    _by_rows = False


class csc_array(_csc_base, sparray):
    """A sparse array in Compressed Sparse Column format (SciPy's csc_array on the GPU)."""


class csc_matrix(spmatrix, _csc_base):
    """A sparse matrix in Compressed Sparse Column format (SciPy's csc_matrix on the GPU)."""


def isspmatrix_csc(x):
    return isinstance(x, csc_matrix)


_classes[("csc", True)] = csc_array
_classes[("csc", False)] = csc_matrix
