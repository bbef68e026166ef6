"""DIAgonal format: dia_matrix and dia_array. data[j, c] is the entry (c - offsets[j], c);
positions outside the matrix are padding. Conversions go through CSR, as SciPy's do (explicit
zeros are dropped there)."""

import numpy

from . import _backend, _canonical
from ._base import _classes, _is_scipy_sparse, _spbase, issparse, sparray
from ._matrix import spmatrix
from ._sputils import check_shape, get_index_dtype, getdtype, isshape

__all__ = ["dia_array", "dia_matrix", "isspmatrix_dia"]


class _dia_base(_spbase):
    _format = "dia"

    def __init__(self, arg1, shape=None, dtype=None, copy=False, *, maxprint=None):
        xp = _backend.xp
        if issparse(arg1):
            src = (arg1.copy() if copy else arg1) if arg1.format == "dia" else arg1.todia()
            self.data, self.offsets, self._shape = src.data, src.offsets, src.shape
        elif _is_scipy_sparse(arg1):
            src = arg1.todia()
            self.data, self.offsets = xp.asarray(src.data), xp.asarray(src.offsets)
            self._shape = tuple(int(s) for s in src.shape)
        elif isinstance(arg1, tuple):
            if isshape(arg1):
                self._shape = check_shape(arg1)
                self.data = xp.zeros((0, 0), dtype=getdtype(dtype, default=float))
                self.offsets = xp.zeros(0, dtype=get_index_dtype(maxval=max(self._shape)))
            else:
                try:
                    data, offsets = arg1
                except Exception as e:
                    raise ValueError(f"unrecognized form for {self.__class__.__name__} "
                                     "constructor") from e
                if shape is None:
                    raise ValueError("expected a shape argument")
                self._shape = check_shape(shape if isinstance(shape, tuple) else (shape,))
                self.data = xp.atleast_2d(xp.array(data, dtype=dtype, copy=True) if copy
                                          else xp.asarray(data, dtype=dtype))
                idx = get_index_dtype(maxval=max(self._shape))
                self.offsets = xp.atleast_1d(xp.array(offsets, dtype=idx, copy=True))
        else:
            from ._compressed import _cs_base

            dense = _cs_base._dense_input(self, arg1)
            src = _classes[("coo", isinstance(self, sparray))](dense).todia()
            self.data, self.offsets, self._shape = src.data, src.offsets, src.shape
        if dtype is not None:
            self.data = self.data.astype(getdtype(dtype), copy=False)
        getdtype(None, self.data)
        if self.offsets.ndim != 1:
            raise ValueError("offsets array must have rank 1")
        if self.data.ndim != 2:
            raise ValueError("data array must have rank 2")
        if self.data.shape[0] != self.offsets.shape[0]:
            raise ValueError(f"number of diagonals ({self.data.shape[0]}) does not match the "
                             f"number of offsets ({self.offsets.shape[0]})")
        host = _backend.to_host(self.offsets)
        if numpy.unique(host).shape[0] != host.shape[0]:
            raise ValueError("offset array contains duplicate values")

    @property
    def nnz(self):
        """The stored positions inside the matrix (explicit zeros included), as SciPy counts."""
        m, n = self.shape
        width = min(self.data.shape[1], n)
        off = _backend.to_host(self.offsets).astype(numpy.int64)
        return int(numpy.maximum(numpy.minimum(m + off, width) - numpy.maximum(off, 0),
                                 0).sum())

    def _coo_parts(self):
        """The non-zero stored entries inside the matrix, diagonal by diagonal."""
        xp = _backend.xp
        m, n = self.shape
        width = self.data.shape[1]
        cols = xp.broadcast_to(xp.arange(width, dtype=numpy.int64)[None, :], self.data.shape)
        rows = cols - self.offsets.astype(numpy.int64)[:, None]
        keep = (rows >= 0) & (rows < m) & (cols < n) & (self.data != 0)
        idx = get_index_dtype(maxval=max(self.shape))
        return rows[keep].astype(idx), cols[keep].astype(idx), self.data[keep]

    def _with_data(self, data, copy=True):
        offsets = self.offsets.copy() if copy else self.offsets
        obj = self.__class__.__new__(self.__class__)
        obj.data, obj.offsets, obj._shape = data, offsets, self.shape
        return obj

    def _to_scipy(self, cls):
        return cls((_backend.to_host(self.data), _backend.to_host(self.offsets)),
                   shape=self.shape)

    def sum_duplicates(self):
        pass  # one value per position by construction

    def tocsr(self, copy=False):
        row, col, data = self._coo_parts()
        return _classes[("csr", isinstance(self, sparray))]._from_coordinates(
            row, col, data, self.shape)

    def tocsc(self, copy=False):
        return self.tocsr().tocsc()

    def tocoo(self, copy=False):
        return self.tocsr().tocoo()

    def todia(self, copy=False):
        return self.copy() if copy else self

    def setdiag(self, values, k=0):
        from . import _assign

        out = _assign.coo_setdiag(self, values, k).todia()
        self.data, self.offsets = out.data, out.offsets

    def transpose(self, axes=None, copy=False):
        if axes is not None and tuple(axes) != (1, 0):
            raise ValueError("Sparse matrices do not support an 'axes' parameter because "
                             "swapping dimensions is the only logical permutation.")
        return self.tocoo().transpose().todia()

    def resize(self, *shape):
        shape = check_shape(shape)
        row, col, data = self._coo_parts()
        keep = (row < shape[0]) & (col < shape[1])
        coo = _classes[("coo", isinstance(self, sparray))]
        out = coo((data[keep], (row[keep], col[keep])), shape=shape).todia()
        self.data, self.offsets, self._shape = out.data, out.offsets, out.shape


def todia(self, copy=False):
    """Any format to DIA: one row of data per occupied diagonal (offsets in increasing
    order), data[j, c] the value at column c."""
    xp = _backend.xp
    row, col, data = self._coo_parts()
    row, col, data = _canonical.sum_duplicates(row, col, data, self.shape[1])
    cls = _classes[("dia", isinstance(self, sparray))]
    if data.size == 0:
        return cls((xp.zeros((0, 0), dtype=self.dtype), xp.zeros(0, dtype=numpy.int32)),
                   shape=self.shape)
    ks = col.astype(numpy.int64) - row.astype(numpy.int64)
    diags = xp.unique(ks)
    which = xp.searchsorted(diags, ks)
    out = xp.zeros((diags.shape[0], int(col.max()) + 1), dtype=self.dtype)
    out[which, col] = data
    return cls((out, diags), shape=self.shape)


_spbase.todia = todia


class dia_array(_dia_base, sparray):
    """A sparse array in DIAgonal format (SciPy's dia_array on the GPU)."""


class dia_matrix(spmatrix, _dia_base):
    """A sparse matrix in DIAgonal format (SciPy's dia_matrix on the GPU)."""


def isspmatrix_dia(x):
    return isinstance(x, dia_matrix)


_classes[("dia", True)] = dia_array
_classes[("dia", False)] = dia_matrix
