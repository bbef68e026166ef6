"""Compressed Sparse Row format: csr_matrix and csr_array."""

from ._base import _classes, sparray
from ._compressed import _cs_base
from ._matrix import spmatrix

__all__ = ["csr_array", "csr_matrix", "isspmatrix_csr"]


class _csr_base(_cs_base):
    _format = "csr"
    _by_rows = True


class csr_array(_csr_base, sparray):
    """A sparse array in Compressed Sparse Row format (SciPy's csr_array on the GPU); a 1-D
    input or shape makes the 1-D csr_array of _csr1d.py."""

    def __new__(cls, arg1=None, shape=None, *args, **kwargs):
        if cls is csr_array:
            from . import _coo1d

            if _coo1d.is_1d_input(arg1, shape):
                from . import _csr1d

                cls = _csr1d.csr_array_1d
        return super().__new__(cls)


class csr_matrix(spmatrix, _csr_base):
    """A sparse matrix in Compressed Sparse Row format (SciPy's csr_matrix on the GPU)."""


def isspmatrix_csr(x):
    return isinstance(x, csr_matrix)


_classes[("csr", True)] = csr_array
_classes[("csr", False)] = csr_matrix
