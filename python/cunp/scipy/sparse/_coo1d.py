"""The 1-D coo_array: shape (n,), one coordinate array (coords == (col,)) and the values, as
SciPy 1.15+ gives for A[i], A[i, :] or A[:, j] of a sparse array and for coo_array(1-D input).

A subclass of the 2-D coo_array (isinstance and issparse hold) carrying what a sparse vector
needs: construction, toarray/todense (out= too), nnz, indexing, products with dense arrays
(a @ x, x @ a, dot), elementwise multiply, the data-only operations of the base class
(astype, conj, abs, negation, power, the ufunc methods), sum, count_nonzero, nonzero,
canonical form, reshape to a 1 x n or n x 1 coo_array, get(). Every other method of the 2-D
classes raises NotImplementedError instead of reading a second axis that is not there."""

import operator

import numpy

from . import _backend, _canonical
from ._base import _is_scipy_sparse, issparse
from ._coo import coo_array
from ._sputils import get_index_dtype, get_sum_dtype, getdtype, isintlike, isscalarlike

__all__ = ["coo_array_1d", "is_1d_input"]


def is_1d_input(arg1, shape):
    """Whether coo_array(arg1, shape) describes a 1-D array: a 1-D shape, a (n,) shape tuple,
    (data, (idx,)), a 1-D dense input or a 1-D sparse one."""
    if shape is not None:
        return len(tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)) == 1
    if issparse(arg1) or _is_scipy_sparse(arg1):
        return len(arg1.shape) == 1
    if isinstance(arg1, tuple):
        if len(arg1) == 1 and isintlike(arg1[0]):
            return True
        return len(arg1) == 2 and isinstance(arg1[1], tuple) and len(arg1[1]) == 1
    if arg1 is None:
        return False
    return (arg1.ndim if _backend.is_device_array(arg1) else numpy.ndim(arg1)) == 1


def _normalize(i, n):
    i = operator.index(i)
    if i < -n or i >= n:
        raise IndexError(f"index ({i}) out of range")
    return i + n if i < 0 else i


class coo_array_1d(coo_array):
    """A 1-D sparse array in COOrdinate format (SciPy's 1-D coo_array)."""

    ndim = 1

    def __init__(self, arg1, shape=None, dtype=None, copy=False, *, maxprint=None):
        xp = _backend.xp
        canonical = False
        if issparse(arg1) or _is_scipy_sparse(arg1):
            col = xp.asarray(arg1.coords[-1])
            data = xp.array(arg1.data, copy=True) if copy else xp.asarray(arg1.data)
            n = int(arg1.shape[0])
        elif isinstance(arg1, tuple) and len(arg1) == 1:
            n = operator.index(arg1[0])
            col = xp.zeros(0, dtype=numpy.int32)
            data = xp.zeros(0, dtype=getdtype(dtype, default=float))
            canonical = True
        elif isinstance(arg1, tuple):
            data, (col,) = arg1
            col = xp.array(col, copy=True) if copy else xp.asarray(col)
            data = xp.array(data, copy=True) if copy else xp.asarray(data)
            if shape is None:
                if col.size == 0:
                    raise ValueError("cannot infer dimensions from zero sized index arrays")
                n = int(col.max()) + 1
            else:
                n = None
        else:
            a = arg1 if _backend.is_device_array(arg1) else numpy.asarray(arg1)
            if a.dtype == numpy.object_:
                raise ValueError(f"unrecognized coo_array constructor input: {arg1}")
            a = xp.asarray(a)
            col = xp.flatnonzero(a)
            data, n, canonical = a[col], a.shape[0], True
        if shape is not None:
            shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
            given = operator.index(shape[0])
            if given < 0:
                raise ValueError("'shape' elements cannot be negative")
            if n is not None and n != given:
                raise ValueError(f"inconsistent shapes: {(given,)} != {(n,)}")
            n = given
        if dtype is not None:
            data = data.astype(getdtype(dtype), copy=False)
        getdtype(None, data)
        if data.ndim != 1 or col.ndim != 1 or col.shape[0] != data.shape[0]:
            raise ValueError("coordinates and data arrays must be 1-D and of one length")
        if col.dtype.kind not in "iu":
            raise ValueError("coordinate arrays must be of integer type")
        if col.size:
            lo, hi = int(col.min()), int(col.max())
            if hi >= n:
                raise ValueError(f"axis 0 index {hi} exceeds matrix dimension {n}")
            if lo < 0:
                raise ValueError(f"negative axis 0 index: {lo}")
        self._set(col, data, n, canonical)

    def _set(self, col, data, n, canonical):
        self.col = col.astype(get_index_dtype((col,), maxval=n), copy=False)
        self.data = data
        self._shape = (int(n),)
        self.has_canonical_format = canonical

    @classmethod
    def _from_parts(cls, col, data, n, canonical=False):
        obj = cls.__new__(cls)
        obj._set(col, data, n, canonical)
        return obj

    # --- what the base classes read ---
    @property
    def row(self):
        return _backend.xp.zeros(self.col.shape[0], dtype=self.col.dtype)

    @row.setter
    def row(self, value):
        pass  # a 1-D array has no row coordinates (the 2-D constructor path never runs)

    @property
    def coords(self):
        return (self.col,)

    def _coo_parts(self):
        return self.row, self.col, self.data

    def _with_data(self, data, copy=True):
        col = self.col.copy() if copy else self.col
        return self._from_parts(col, data, self.shape[0], self.has_canonical_format)

    def _to_scipy(self, cls):
        return cls((_backend.to_host(self.data), (_backend.to_host(self.col),)),
                   shape=self.shape)

    def __str__(self):
        col, data = _backend.to_host(self.col), _backend.to_host(self.data)
        lines = [repr(self), "  Coords\tValues"]
        lines += [f"  ({c},)\t{v}" for c, v in zip(col.tolist(), data.tolist())]
        return "\n".join(lines)

    # --- canonical form ---
    def sum_duplicates(self):
        if self.has_canonical_format:
            return
        _, col, data = _canonical.sum_duplicates(self.row, self.col, self.data, self.shape[0])
        self._set(col, data, self.shape[0], True)

    def eliminate_zeros(self):
        keep = self.data != 0
        self.col, self.data = self.col[keep], self.data[keep]

    def _canonical_parts(self):
        """(col, data) sorted with duplicates summed, without changing self."""
        if self.has_canonical_format:
            return self.col, self.data
        _, col, data = _canonical.sum_duplicates(self.row, self.col, self.data, self.shape[0])
        return col, data

    # --- other formats ---
    def tocsr(self, copy=False):
        """The 1-D csr_array of the same entries, duplicates summed (as SciPy's conversion)."""
        from ._csr1d import csr_array_1d

        xp = _backend.xp
        col, data = self._canonical_parts()
        if copy or col is self.col:
            col, data = col.copy(), data.copy()
        idx = get_index_dtype(maxval=max(self.shape[0], int(data.shape[0])))
        indptr = xp.asarray([0, int(data.shape[0])], dtype=idx)
        return csr_array_1d._from_compressed(data, col.astype(idx, copy=False), indptr,
                                             self.shape, True, True)

    def tocsc(self, copy=False):
        raise ValueError("Cannot convert a 1d sparse array to csc format")

    # --- dense views ---
    def toarray(self, order=None, out=None):
        if out is not None:
            return self._toarray_into(order, out)
        dense = _backend.xp.zeros(self.shape, dtype=self.dtype)
        col, data = self._canonical_parts()
        if data.size:
            dense[col] = data
        return dense

    def todense(self, order=None, out=None):
        return self.toarray(order=order, out=out)

    # --- shape ---
    def transpose(self, axes=None, copy=False):
        if axes is not None and tuple(axes) not in ((0,), ()):
            raise ValueError("axes don't match array")
        return self.copy() if copy else self

    def reshape(self, *args, order="C", copy=False):
        shape = tuple(args[0]) if len(args) == 1 and not isintlike(args[0]) else args
        shape = tuple(operator.index(s) for s in shape)
        n = self.shape[0]
        zeros = self.row
        if shape in ((n,), (-1,)):
            return self.copy() if copy else self
        if shape in ((1, n), (1, -1)):
            return coo_array._from_arrays(zeros, self.col.copy(), self.data.copy(), (1, n))
        if shape in ((n, 1), (-1, 1)):
            return coo_array._from_arrays(self.col.copy(), zeros, self.data.copy(), (n, 1))
        raise NotImplementedError(f"reshape of a 1-D sparse array to {shape}: only (n,), "
                                  "(1, n) and (n, 1) are supported")

    # --- reductions and queries ---
    def sum(self, axis=None, dtype=None, out=None):
        if axis not in (None, 0, -1, (0,)):
            raise ValueError("axis out of range")
        res = get_sum_dtype(self.dtype) if dtype is None else numpy.dtype(dtype)
        s = self.data.astype(res).sum() if self.data.size else _backend.xp.zeros((), res)
        if out is not None:
            out[...] = s
            return out
        return s

    def count_nonzero(self, axis=None):
        if axis not in (None, 0, -1):
            raise ValueError("axis out of range")
        return int((self._canonical_parts()[1] != 0).sum())

    def nonzero(self):
        return (self.col[_backend.xp.flatnonzero(self.data != 0)],)

    # --- indexing ---
    def __getitem__(self, key):
        xp = _backend.xp
        if isinstance(key, tuple):
            if len(key) != 1:
                raise IndexError(f"Too many indices for array: key {key} needs "
                                 f"{len(key)}D, array is 1-D")
            key = key[0]
        n = self.shape[0]
        if key is Ellipsis:
            return self.copy()
        col, data = self._canonical_parts()
        if isintlike(key):
            i = _normalize(key, n)
            return xp.where(col == i, data, xp.zeros((), dtype=self.dtype)).sum(
                dtype=self.dtype)
        if isinstance(key, slice):
            sel = xp.arange(*key.indices(n), dtype=numpy.int64)
        else:
            arr = key if _backend.is_device_array(key) else numpy.asarray(key)
            if arr.dtype == numpy.bool_:
                if arr.shape != (n,):
                    raise IndexError(f"boolean index did not match indexed array along "
                                     f"axis; size of axis is {n} but size of boolean index "
                                     f"is {arr.shape[0] if arr.ndim else 0}")
                sel = xp.flatnonzero(xp.asarray(arr))
            elif arr.dtype.kind in "iu" or arr.size == 0:
                if arr.ndim != 1:
                    raise IndexError("only 1-D index arrays index a 1-D sparse array")
                sel = xp.asarray(arr).astype(numpy.int64)
                if sel.size:
                    lo, hi = int(sel.min()), int(sel.max())
                    if hi >= n or lo < -n:
                        raise IndexError(f"index ({hi if hi >= n else lo}) out of range")
                    sel = xp.where(sel < 0, sel + n, sel)
            else:
                raise IndexError("only integers, slices (`:`), ellipsis (`...`) and integer "
                                 "or boolean arrays are valid indices")
        # Each selected position's stored value by one binary search in the sorted columns.
        k = sel.shape[0]
        if col.size and k:
            at = xp.minimum(xp.searchsorted(col.astype(numpy.int64), sel), col.size - 1)
            hit = xp.flatnonzero(col[at] == sel)
            return self._from_parts(hit, data[at[hit]], k, True)
        return self._from_parts(xp.zeros(0, dtype=numpy.int64),
                                xp.zeros(0, dtype=self.dtype), k, True)

    # --- products ---
    def _dense(self, other):
        return other if _backend.is_device_array(other) else _backend.xp.asarray(other)

    def _matmul_dispatch(self, other):
        xp = _backend.xp
        if isscalarlike(other):
            return self._mul_scalar(other)
        if issparse(other):
            raise NotImplementedError("products of a 1-D sparse array with a sparse operand "
                                      "are not supported; use .toarray() on one of them")
        x = self._dense(other)
        n = self.shape[0]
        if x.ndim == 0 or x.shape[0] != n:
            raise ValueError(f"dimension mismatch: {self.shape} and {tuple(x.shape)}")
        dtype = numpy.result_type(self.dtype, x.dtype)
        # One gather of the dense rows the stored entries meet, then one reduction.
        col, data = self.col, self.data.astype(dtype)
        rows = xp.take(x, col, axis=0).astype(dtype)
        if x.ndim == 1:
            return (data * rows).sum(dtype=dtype)
        return (data.reshape(-1, 1) * rows).sum(axis=0, dtype=dtype)

    def __rmatmul__(self, other):
        xp = _backend.xp
        if isscalarlike(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        if issparse(other):
            raise NotImplementedError("products of a 1-D sparse array with a sparse operand "
                                      "are not supported; use .toarray() on one of them")
        x = self._dense(other)
        n = self.shape[0]
        if x.ndim == 0 or x.shape[-1] != n:
            raise ValueError(f"dimension mismatch: {tuple(x.shape)} and {self.shape}")
        dtype = numpy.result_type(self.dtype, x.dtype)
        col, data = self.col, self.data.astype(dtype)
        cols = xp.take(x, col, axis=x.ndim - 1).astype(dtype)
        if x.ndim == 1:
            return (data * cols).sum(dtype=dtype)
        return (cols * data).sum(axis=-1, dtype=dtype)

    def multiply(self, other):
        """Elementwise product with a scalar or a dense array of the same shape."""
        if isscalarlike(other):
            return self._mul_scalar(other)
        if issparse(other):
            raise NotImplementedError("elementwise products of a 1-D sparse array with a "
                                      "sparse operand are not supported")
        x = self._dense(other)
        if tuple(x.shape) != self.shape:
            raise ValueError(f"inconsistent shapes {self.shape} and {tuple(x.shape)}")
        return self._from_parts(self.col.copy(), self.data * x[self.col], self.shape[0],
                                self.has_canonical_format)


# What the class carries itself, or takes unchanged from the base classes (their data-only
# operations work through _with_data); every other public method of the 2-D classes is
# refused below.
_SUPPORTED = {"toarray", "todense", "copy", "astype", "conj", "conjugate", "transpose",
              "reshape", "sum", "count_nonzero", "nonzero", "multiply", "dot", "power", "get",
              "sum_duplicates", "eliminate_zeros", "asformat", "tocoo", "tocsr", "tocsc"}
_REFUSED_DUNDERS = ["__add__", "__radd__", "__sub__", "__rsub__", "__truediv__",
                    "__setitem__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"]


def _refuse(name):
    def method(self, *args, **kwargs):
        raise NotImplementedError(f"{name} of a 1-D sparse array is not supported in "
                                  "cunp.scipy.sparse; use .toarray() or .reshape(1, -1)")

    method.__name__ = name
    return method


def _install_refusals():
    from ._base import _DATA_UFUNCS

    for name in dir(coo_array):
        if name.startswith("_") or name in _SUPPORTED or name in _DATA_UFUNCS:
            continue
        if name in coo_array_1d.__dict__:
            continue
        if callable(getattr(coo_array, name, None)) and not isinstance(
                getattr(coo_array, name), property):
            setattr(coo_array_1d, name, _refuse(name))
    for name in _REFUSED_DUNDERS:
        setattr(coo_array_1d, name, _refuse(name))
    coo_array_1d.__hash__ = None


_install_refusals()
