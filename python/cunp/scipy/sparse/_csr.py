"""Compressed Sparse Row format: csr_matrix and csr_array."""

from ._base import _classes, sparray
from ._compressed import _cs_base
from ._matrix import spmatrix

__all__ = ["csr_array", "csr_matrix", "isspmatrix_csr"]


class _csr_base(_cs_base):
    _format = "csr"
    _by_rows = True


class csr_array(_csr_base, sparray):
    """A sparse array in Compressed Sparse Row format (SciPy's csr_array on the GPU)."""


class csr_matrix(spmatrix, _csr_base):
    """A sparse matrix in Compressed Sparse Row format (SciPy's csr_matrix on the GPU)."""


def isspmatrix_csr(x):
    return isinstance(x, csr_matrix)


_classes[("csr", True)] = csr_array
_classes[("csr", False)] = csr_matrix
