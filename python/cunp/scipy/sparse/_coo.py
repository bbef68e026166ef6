"""COOrdinate format: coo_matrix and coo_array, (data, (row, col)) with duplicates allowed."""

from . import _backend, _canonical
from ._base import _classes, _is_scipy_sparse, _spbase, issparse, sparray
from ._matrix import spmatrix
from ._sputils import check_shape, get_index_dtype, getdtype, isshape

__all__ = ["coo_array", "coo_matrix", "isspmatrix_coo"]


class _coo_base(_spbase):
    _format = "coo"

    def __init__(self, arg1, shape=None, dtype=None, copy=False, *, maxprint=None):
        xp = _backend.xp
        self.has_canonical_format = False
        if issparse(arg1):
            if arg1.format == "coo":
                src = arg1.copy() if copy else arg1
                self.row, self.col, self.data = src.row, src.col, src.data
                self.has_canonical_format = src.has_canonical_format
                self._shape = src.shape
            else:
                src = arg1.tocoo()
                self.row, self.col, self.data = src.row, src.col, src.data
                self.has_canonical_format = src.has_canonical_format
                self._shape = src.shape
        elif _is_scipy_sparse(arg1):
            src = arg1.tocoo()
            self.row, self.col = xp.asarray(src.row), xp.asarray(src.col)
            self.data = xp.asarray(src.data)
            self.has_canonical_format = bool(src.has_canonical_format)
            self._shape = tuple(int(s) for s in src.shape)
        elif isinstance(arg1, tuple):
            if isshape(arg1):
                self._shape = check_shape(arg1)
                idx = get_index_dtype(maxval=max(self._shape))
                self.data = xp.zeros(0, dtype=getdtype(dtype, default=float))
                self.row = xp.zeros(0, dtype=idx)
                self.col = xp.zeros(0, dtype=idx)
                self.has_canonical_format = True
            else:
                try:
                    obj, (row, col) = arg1
                except (TypeError, ValueError) as e:
                    raise TypeError("invalid input format") from e
                row, col = xp.asarray(row), xp.asarray(col)
                if shape is None:
                    if row.size == 0 or col.size == 0:
                        raise ValueError("cannot infer dimensions from zero sized index "
                                         "arrays")
                    shape = (int(row.max()) + 1, int(col.max()) + 1)
                self._shape = check_shape(shape if isinstance(shape, tuple) else (shape,))
                idx = get_index_dtype((row, col), maxval=max(self._shape),
                                      check_contents=True)
                self.row = xp.array(row, dtype=idx, copy=True) if copy else \
                    row.astype(idx, copy=False)
                self.col = xp.array(col, dtype=idx, copy=True) if copy else \
                    col.astype(idx, copy=False)
                self.data = xp.array(obj, dtype=dtype, copy=True) if copy else \
                    xp.asarray(obj, dtype=dtype)
                shape = None
        else:
            a = self._dense_input(arg1)
            self._shape = check_shape(a.shape)
            row, col = xp.nonzero(a)
            idx = get_index_dtype(maxval=max(self._shape))
            self.data = a[row, col]
            self.row, self.col = row.astype(idx), col.astype(idx)
            self.has_canonical_format = True
        if shape is not None:
            new = check_shape(shape if isinstance(shape, tuple) else (shape,))
            if new != self._shape:
                raise ValueError(f"inconsistent shapes: {new} != {self._shape}")
        if dtype is not None:
            self.data = self.data.astype(getdtype(dtype), copy=False)
        getdtype(None, self.data)
        self._check()

    _dense_input = None  # set below from _cs_base's (the same rules)

    def _check(self):
        if self.data.ndim != 1 or self.row.ndim != 1 or self.col.ndim != 1:
            raise ValueError("row, column, and data arrays must be 1-D")
        if not (self.row.shape[0] == self.col.shape[0] == self.data.shape[0]):
            raise ValueError("row, column, and data array must all be the same length")
        idx = get_index_dtype((self.row, self.col), maxval=max(self.shape))
        self.row = self.row.astype(idx, copy=False)
        self.col = self.col.astype(idx, copy=False)
        if self.data.size:
            for i, a in enumerate((self.row, self.col)):
                hi, lo = int(a.max()), int(a.min())
                if hi >= self.shape[i]:
                    raise ValueError(f"axis {i} index {hi} exceeds matrix dimension "
                                     f"{self.shape[i]}")
                if lo < 0:
                    raise ValueError(f"negative axis {i} index: {lo}")

    @property
    def coords(self):
        return (self.row, self.col)

    @property
    def nnz(self):
        return int(self.data.shape[0])

    @classmethod
    def _from_arrays(cls, row, col, data, shape, canonical=False):
        obj = cls.__new__(cls)
        obj.row, obj.col, obj.data = row, col, data
        obj._shape = tuple(int(s) for s in shape)
        obj.has_canonical_format = canonical
        return obj

    def _coo_parts(self):
        return self.row, self.col, self.data

    def _with_data(self, data, copy=True):
        row = self.row.copy() if copy else self.row
        col = self.col.copy() if copy else self.col
        return self.__class__._from_arrays(row, col, data, self.shape,
                                           self.has_canonical_format)

    def _to_scipy(self, cls):
        return cls((_backend.to_host(self.data), (_backend.to_host(self.row),
                                                  _backend.to_host(self.col))),
                   shape=self.shape)

    def sum_duplicates(self):
        if self.has_canonical_format:
            return
        self.row, self.col, self.data = _canonical.sum_duplicates(self.row, self.col,
                                                                  self.data, self.shape[1])
        self.has_canonical_format = True

    def eliminate_zeros(self):
        keep = self.data != 0
        self.row, self.col, self.data = self.row[keep], self.col[keep], self.data[keep]

    def transpose(self, axes=None, copy=False):
        if axes is not None and tuple(axes) != (1, 0):
            raise ValueError("Sparse matrices do not support an 'axes' parameter because "
                             "swapping dimensions is the only logical permutation.")
        a = self.copy() if copy else self
        return self.__class__._from_arrays(a.col, a.row, a.data, self.shape[::-1], False)

    def tocoo(self, copy=False):
        return self.copy() if copy else self

    def setdiag(self, values, k=0):
        from . import _assign

        out = _assign.coo_setdiag(self, values, k).tocoo()
        self.row, self.col, self.data = out.row, out.col, out.data
        self.has_canonical_format = True

    def tocsr(self, copy=False):
        # Duplicates are summed, as SciPy's conversion does.
        return self._family("csr")._from_coordinates(self.row, self.col, self.data,
                                                     self.shape)

    def tocsc(self, copy=False):
        return self._family("csc")._from_coordinates(self.row, self.col, self.data,
                                                     self.shape)


def _bind_dense_input():
    from ._compressed import _cs_base

    _coo_base._dense_input = _cs_base._dense_input


_bind_dense_input()


class coo_array(_coo_base, sparray):
    """A sparse array in COOrdinate format (SciPy's coo_array on the GPU); a 1-D input or
    shape makes the 1-D coo_array of _coo1d.py."""

    def __new__(cls, arg1=None, shape=None, *args, **kwargs):
        if cls is coo_array:
            from . import _coo1d

            if _coo1d.is_1d_input(arg1, shape):
                cls = _coo1d.coo_array_1d
        return super().__new__(cls)

    def __setitem__(self, key, x):
        from . import _assign

        _assign.coo_setitem(self, key, x)


class coo_matrix(spmatrix, _coo_base):
    """A sparse matrix in COOrdinate format (SciPy's coo_matrix on the GPU)."""


def isspmatrix_coo(x):
    return isinstance(x, coo_matrix)


_classes[("coo", True)] = coo_array
_classes[("coo", False)] = coo_matrix
