"""The 1-D csr_array: shape (n,), stored as SciPy 1.14+ stores it, (data, indices, indptr)
with indptr == [0, nnz] and indices the positions of the stored values.

Those three arrays are exactly the storage of the 1 x n CSR array of the same entries, so
nearly every operation runs on that 2-D view (_as_2d, no copy) through the 2-D code, cuSPARSE
products included, and the answer is brought back to one dimension as SciPy shapes it: a
sparse 1 x n result becomes a 1-D csr_array, a dense one loses its leading axis, and a sparse
1 x k product with a 2-D operand becomes SciPy's 1-D coo_array. What has no meaning in one
dimension (tocsc, todia, diagonal, setdiag) raises SciPy's ValueError."""

import operator

import numpy

from . import _backend, _compare, _minmax, _products
from ._base import _is_scipy_sparse, issparse
from ._coo1d import coo_array_1d
from ._csr import csr_array
from ._sputils import get_index_dtype, getdtype, isintlike, isscalarlike

__all__ = ["csr_array_1d"]

# The axes a reduction of a 1-D array accepts; SciPy raises ValueError for the others.
_AXES_1D = (None, 0, -1)


def _check_axis(axis):
    if isinstance(axis, tuple) and len(axis) == 1:
        axis = axis[0]
    if axis not in _AXES_1D:
        raise ValueError("axis out of range for ndim")


def _one_dim(shape):
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    n = operator.index(shape[0])
    if n < 0:
        raise ValueError("'shape' elements cannot be negative")
    return (n,)


def _no_1d(name):
    def method(self, *args, **kwargs):
        raise ValueError(f"{name} needs a 2-D sparse array; this one is 1-D "
                         f"(shape {self.shape})")

    method.__name__ = name
    return method


class csr_array_1d(csr_array):
    """A 1-D sparse array in Compressed Sparse Row format (SciPy's 1-D csr_array)."""

    ndim = 1

    def __init__(self, arg1, shape=None, dtype=None, copy=False, *, maxprint=None):
        self._sorted = self._canonical = None
        if isinstance(arg1, tuple) and len(arg1) == 3:
            self._init_compressed(arg1, shape, dtype, copy)
        else:
            if isinstance(arg1, tuple):
                # (data, (idx,)) and (n,): the 1-D coo_array reads them, shape included.
                src = coo_array_1d(arg1, shape=shape, dtype=dtype, copy=copy).tocsr()
            else:
                src = self._source(arg1, dtype, copy)
            self._set_arrays(src.data, src.indices, src.indptr, src.shape[-1:])
            self._sorted, self._canonical = src._sorted, src._canonical
            if shape is not None:
                # As SciPy's CSR (2-D too), a given shape replaces the input's; the index
                # pointer's size is checked below, the indices only by check_format().
                self._shape = _one_dim(shape)
        getdtype(None, self.data)
        self.check_format(full_check=False)

    @staticmethod
    def _source(arg1, dtype, copy):
        """A dense or sparse input as CSR, 1-D, or 2-D for a 2-D input (one row fits the
        1-D index pointer; more rows fail its check, as in SciPy)."""
        if _is_scipy_sparse(arg1) or issparse(arg1):
            if arg1.ndim == 2:
                return csr_array(arg1, dtype=dtype, copy=copy)
            if issparse(arg1) and arg1.format == "csr":
                src = arg1.copy() if copy else arg1
                return src.astype(dtype, copy=False) if dtype is not None else src
            arg1 = arg1.tocoo()
        elif (arg1.ndim if _backend.is_device_array(arg1) else numpy.ndim(arg1)) == 2:
            return csr_array(arg1, dtype=dtype, copy=copy)
        # Dense and COO inputs as the 1-D coo_array reads them; the conversion sums
        # duplicates, as SciPy's does.
        return coo_array_1d(arg1, dtype=dtype, copy=copy).tocsr()

    def _init_compressed(self, arg1, shape, dtype, copy):
        xp = _backend.xp
        data, indices, indptr = arg1
        (n,) = _one_dim(shape)
        indices, indptr = xp.asarray(indices), xp.asarray(indptr)
        idx = get_index_dtype((indices, indptr), maxval=n or None, check_contents=True)
        self.indices = xp.array(indices, dtype=idx, copy=True) if copy else \
            indices.astype(idx, copy=False)
        self.indptr = xp.array(indptr, dtype=idx, copy=True) if copy else \
            indptr.astype(idx, copy=False)
        self.data = xp.array(data, copy=True) if copy else xp.asarray(data)
        if dtype is not None:
            self.data = self.data.astype(getdtype(dtype), copy=False)
        self._shape = (n,)

    # --- the 1 x n view every 2-D method runs on ---
    def _swap(self, x):
        # _cs_base reads (n_major, n_minor) from the shape: one row of n columns.
        return (1, x[0]) if len(x) == 1 else x

    def _as_2d(self):
        return csr_array._from_compressed(self.data, self.indices, self.indptr,
                                          (1, self.shape[0]), self._sorted, self._canonical)

    @classmethod
    def _from_row(cls, a):
        """The 1-D csr_array of a 1 x n sparse result."""
        a = a.tocsr()
        return cls._from_compressed(a.data, a.indices, a.indptr, (a.shape[1],), a._sorted,
                                    a._canonical)

    def _keep_canonical_from(self, view):
        self.data, self.indices, self.indptr = view.data, view.indices, view.indptr
        self._sorted, self._canonical = view._sorted, view._canonical

    def _coo_parts(self):
        zeros = _backend.xp.zeros(self.nnz, dtype=self.indices.dtype)
        return zeros, self.indices[:self.nnz], self.data[:self.nnz]

    def _sparse_2d(self, other):
        """A 1-D sparse operand of self's shape as its 1 x n CSR view; 2-D ones as they are."""
        if other.ndim == 1:
            if other.shape != self.shape:
                raise ValueError(f"inconsistent shapes {self.shape} and {other.shape}")
            return other.tocsr()._as_2d()
        return other

    # --- conversions ---
    def tocsr(self, copy=False):
        return self.copy() if copy else self

    def tocoo(self, copy=False):
        indices = self.indices[:self.nnz]
        data = self.data[:self.nnz]
        if copy:
            indices, data = indices.copy(), data.copy()
        return coo_array_1d._from_parts(indices, data, self.shape[0],
                                        bool(self._canonical))

    def tocsc(self, copy=False):
        raise ValueError("Cannot convert a 1d sparse array to csc format")

    def todia(self, copy=False):
        raise ValueError("Cannot convert. DIA format must be 2D. Got 1D")

    def toarray(self, order=None, out=None):
        if out is not None:
            return self._toarray_into(order, out)
        return self._as_2d().toarray().reshape(self.shape)

    def todense(self, order=None, out=None):
        return self.toarray(order=order, out=out)

    def __str__(self):
        text = str(self.tocoo()).split("\n")
        return "\n".join([repr(self)] + text[1:])

    # --- shape ---
    transpose = coo_array_1d.transpose  # a vector is its own transpose

    def reshape(self, *args, order="C", copy=False):
        shape = tuple(args[0]) if len(args) == 1 and not isintlike(args[0]) else args
        shape = tuple(operator.index(s) for s in shape)
        n = self.shape[0]
        if len(shape) == 1:
            if shape[0] not in (n, -1):
                raise ValueError(f"cannot reshape array of size {n} into shape {shape}")
            return self.copy() if copy else self
        if len(shape) == 2 and -1 in shape:
            known = shape[1 - shape.index(-1)]
            if known == 0 or n % known:
                raise ValueError(f"cannot reshape array of size {n} into shape {shape}")
            shape = tuple(n // known if s == -1 else s for s in shape)
        # SciPy gives a COO array for a 2-D shape (1 x n too), whatever the input's format.
        return self._as_2d().reshape(shape, order=order).tocoo()

    def resize(self, *shape):
        shape = tuple(shape[0]) if len(shape) == 1 and not isintlike(shape[0]) else shape
        if len(shape) != 1:
            raise ValueError("a 1-D sparse array resizes to a 1-D shape")
        n = operator.index(shape[0])
        if n < 0:
            raise ValueError("'shape' elements cannot be negative")
        xp = _backend.xp
        keep = self.indices[:self.nnz] < n
        self.indices, self.data = self.indices[:self.nnz][keep], self.data[:self.nnz][keep]
        self.indptr = xp.asarray([0, int(self.indices.shape[0])], dtype=self.indptr.dtype)
        self._shape = (n,)

    # --- reductions and queries ---
    def sum(self, axis=None, dtype=None, out=None):
        _check_axis(axis)
        return super().sum(axis=None, dtype=dtype, out=out)

    def mean(self, axis=None, dtype=None, out=None):
        _check_axis(axis)
        inexact = numpy.issubdtype(self.dtype, numpy.inexact)
        inter = self.dtype if inexact else numpy.dtype(numpy.float64)
        res_dtype = inter if dtype is None else numpy.dtype(dtype)
        # 1.0 / n raises ZeroDivisionError for an empty array, as SciPy's mean does.
        r = (self.sum(dtype=inter) * (1.0 / self.shape[0])).astype(res_dtype)
        if out is not None:
            out[...] = r
            return out
        return r

    def count_nonzero(self, axis=None):
        if axis not in _AXES_1D:
            raise ValueError("axis out of bounds")
        return self._as_2d().count_nonzero()

    def nonzero(self):
        xp = _backend.xp
        data = self.data[:self.nnz]
        return (self.indices[:self.nnz][xp.flatnonzero(data != 0)],)

    def _extreme(self, f, axis, out, explicit):
        _check_axis(axis)
        # Over one row, the 1 x n array's whole-array answer (argmax's flat index is the
        # position itself).
        return f(self._as_2d(), None, out, explicit=explicit)

    def max(self, axis=None, out=None, *, explicit=False):
        return self._extreme(_minmax._max, axis, out, explicit)

    def min(self, axis=None, out=None, *, explicit=False):
        return self._extreme(_minmax._min, axis, out, explicit)

    def argmax(self, axis=None, out=None, *, explicit=False):
        return self._extreme(_minmax._argmax, axis, out, explicit)

    def argmin(self, axis=None, out=None, *, explicit=False):
        return self._extreme(_minmax._argmin, axis, out, explicit)

    # --- canonical form (the 2-D code, through _swap, works on the arrays in place) ---
    def eliminate_zeros(self):
        view = self._as_2d()
        view.eliminate_zeros()
        self._keep_canonical_from(view)

    # --- indexing ---
    def __getitem__(self, key):
        key_arrays = key if isinstance(key, tuple) else (key,)
        for k in key_arrays:
            if (_backend.is_device_array(k) or isinstance(k, numpy.ndarray)) and k.ndim > 1:
                # SciPy's 1-D CSR reads its index arrays as one dimension and fails so.
                raise ValueError(f"cannot reshape array of size {k.size} into shape (1,)")
        if isinstance(key, float) or (isinstance(key, tuple) and len(key) == 1 and
                                      isinstance(key[0], float)):
            raise ValueError("Inexact indices into sparse matrices are not allowed")
        if isinstance(key, tuple) and len(key) > 1:
            raise IndexError(f"Too many indices for array or tuple index out of range. "
                             f"Key {key} needs {len(key)}D. Array is 1D")
        if key is None:
            return self.tocoo().reshape(1, self.shape[0])  # a new leading axis, as SciPy
        r = self.tocoo()[key]
        return r.tocsr() if issparse(r) else r

    def __setitem__(self, key, x):
        """self[key] = x: the 2-D assignment into row 0 of the 1 x n view, whose arrays are
        then this array's (SciPy's rules: a zero assigned is stored, the last of repeated
        positions wins)."""
        if isinstance(key, tuple):
            if len(key) != 1:
                raise IndexError(f"Too many indices for array or tuple index out of range. "
                                 f"Key {key} needs {len(key)}D. Array is 1D")
            key = key[0]
        if key is Ellipsis:
            key = slice(None)
        if isinstance(key, float):
            raise ValueError("Inexact indices into sparse matrices are not allowed")
        if issparse(x):
            x = x.toarray()
        view = self._as_2d()
        view[0, key] = x
        self._keep_canonical_from(view)

    # --- arithmetic ---
    def _add_sparse(self, other, negate=False):
        if other.ndim != 1 or other.shape != self.shape:
            raise ValueError("inconsistent shapes")
        return self._from_row(self._as_2d()._add_sparse(self._sparse_2d(other), negate))

    def multiply(self, other):
        """Elementwise product, broadcast as NumPy broadcasts a 1-D array."""
        other = self._as_operand(other)
        if other is None:
            return NotImplemented
        if isscalarlike(other):
            return self._mul_scalar(other)
        if issparse(other):
            r = self._as_2d().multiply(self._sparse_2d(other))
            return self._from_row(r) if other.ndim == 1 else r
        return self._on_pattern(other, divide=False)

    def __truediv__(self, other):
        other = self._as_operand(other)
        if other is None:
            return NotImplemented
        if issparse(other) or isscalarlike(other):
            return super().__truediv__(other)
        return self._on_pattern(other, divide=True)

    def _on_pattern(self, other, divide):
        """ufunc(self, dense other) at the stored positions only, as SciPy computes * and /
        with a dense operand: a size-1 operand acts as a scalar (CSR answer); otherwise the
        vector broadcasts against the operand and each row of the answer holds the stored
        positions (a COO answer, 1-D or 2-D)."""
        from ._coo import coo_array

        xp = _backend.xp
        ufunc = xp.true_divide if divide else xp.multiply
        if other.ndim <= 1 and other.size == 1:
            scalar = other.reshape(())
            return self._divide_scalar(scalar) if divide else self._mul_scalar(scalar)
        if other.ndim > 2:
            return ufunc(self.toarray(), other)
        try:
            shape = numpy.broadcast_shapes(self.shape, tuple(other.shape))
        except ValueError as e:
            raise ValueError(f"inconsistent shapes {self.shape} and {tuple(other.shape)}") \
                from e
        if shape[-1] != self.shape[0]:
            return coo_array(ufunc(self.toarray(), other))  # a length-1 vector stretched
        col, data = self.tocoo()._canonical_parts()
        x = xp.broadcast_to(other, shape)
        if len(shape) == 1:
            return coo_array_1d._from_parts(col.copy(), ufunc(data, x[col]), shape[0], True)
        m, k = shape[0], col.shape[0]
        vals = ufunc(data.reshape(1, -1), x[:, col]).reshape(-1)
        # Row r holds the stored positions once more: (r, col[j]) in row-major order.
        rows = xp.ascontiguousarray(
            xp.broadcast_to(xp.arange(m, dtype=col.dtype).reshape(-1, 1), (m, k)))
        cols = xp.ascontiguousarray(xp.broadcast_to(col.reshape(1, -1), (m, k)))
        return coo_array._from_arrays(rows.reshape(-1), cols.reshape(-1), vals, shape, True)

    # --- products ---
    def _matmul_dispatch(self, other):
        xp = _backend.xp
        other = self._as_operand(other)
        if other is None:
            return NotImplemented
        if isscalarlike(other):
            return self._mul_scalar(other)
        row = self._as_2d()
        if issparse(other):
            if other.ndim == 1:
                if other.shape != self.shape:
                    raise ValueError(f"dimension mismatch: {self.shape} and {other.shape}")
                # The inner product: 1 x n times n x 1, a 0-d dense answer as SciPy's.
                r = row @ other.tocsr()._as_2d().transpose()
                return r.toarray().reshape(())
            r = row @ other
            return _row_to_coo1d(r)
        if other.ndim == 0:
            return self._mul_scalar(other)
        if other.ndim > 2:
            return xp.matmul(self.toarray(), other)
        r = _products.matmul(row, other)
        return r.reshape(()) if other.ndim == 1 else r.reshape(-1)

    def __rmatmul__(self, other):
        xp = _backend.xp
        if isscalarlike(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        other = self._as_operand(other)
        if other is None:
            return NotImplemented
        if issparse(other):
            if other.ndim == 1:
                return self._matmul_dispatch(other)
            # (m, n) @ (n,): the product with the n x 1 column, one value per row.
            r = other @ self._as_2d().transpose()
            return _col_to_coo1d(r)
        if other.ndim == 1:
            return self._matmul_dispatch(other)
        if other.ndim > 2:
            return xp.matmul(other, self.toarray())
        n = self.shape[0]
        if other.shape[-1] != n:
            raise ValueError(f"matmul: dimension mismatch with signature (n,k={other.shape[-1]}),"
                             f"(k={n},1?)->(n,1?)")
        # other @ v == (v @ other.T), computed on the row view.
        return _products.matmul(self._as_2d(), other.T).reshape(-1)

    # --- comparisons and maximum/minimum: on the 1 x n views ---
    def _binary_2d(self, f, other):
        other = self._as_operand(other)
        if other is None:
            return NotImplemented
        if issparse(other) and other.ndim == 1 and other.shape == self.shape:
            other = other.tocsr()._as_2d()
        elif issparse(other):
            return f(self, other)  # the shapes differ: the 2-D code gives SciPy's answer
        elif not isscalarlike(other):
            return f(self.toarray(), other)  # dense: NumPy's broadcasting, a dense answer
        r = f(self._as_2d(), other)
        if issparse(r):
            return self._from_row(r)
        return r.reshape(self.shape) if hasattr(r, "reshape") else r

    def maximum(self, other):
        return self._binary_2d(_maximum, other)

    def minimum(self, other):
        return self._binary_2d(_minimum, other)


def _maximum(a, b):
    if not issparse(a):
        return _backend.xp.maximum(a, b)
    return _compare.maximum_minimum(a, b, True)


def _minimum(a, b):
    if not issparse(a):
        return _backend.xp.minimum(a, b)
    return _compare.maximum_minimum(a, b, False)


def _row_to_coo1d(r):
    """A 1 x k sparse product as SciPy's 1-D coo_array of k."""
    r = r.tocoo()
    r.sum_duplicates()
    return coo_array_1d._from_parts(r.col, r.data, r.shape[1], True)


def _col_to_coo1d(r):
    """An m x 1 sparse product as SciPy's 1-D coo_array of m."""
    r = r.tocoo()
    r.sum_duplicates()
    return coo_array_1d._from_parts(r.row, r.data, r.shape[0], True)


def _comparison(op):
    def compare_1d(a, b):
        if not issparse(a):
            return op(a, b)
        if issparse(b) and a.shape != b.shape:
            if op is operator.eq:
                return False
            if op is operator.ne:
                return True
            raise ValueError("inconsistent shapes")
        return _compare.compare(a, b, op)

    return compare_1d



def _install_comparisons():
    for op in _compare._SYMBOLS:
        f = _comparison(op)

        def method(self, other, _f=f):
            return self._binary_2d(_f, other)

        method.__name__ = f"__{op.__name__}__"
        setattr(csr_array_1d, method.__name__, method)
    csr_array_1d.__hash__ = None
    for name in ("diagonal", "trace", "setdiag"):
        setattr(csr_array_1d, name, _no_1d(name))


_install_comparisons()
