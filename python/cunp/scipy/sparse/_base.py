"""The base of every sparse class (_spbase), the array API's sparray, issparse and the
warnings. What works the same for all formats is written once here over the format's
coordinate view (_coo_parts: row, column and value of each stored entry, in storage order)."""

import numpy

from . import _backend, _canonical
from ._sputils import getdtype, get_sum_dtype, isscalarlike, upcast, validateaxis

__all__ = ["issparse", "isspmatrix", "sparray", "SparseWarning", "SparseEfficiencyWarning",
           "SparseFormatWarning"]


class SparseWarning(Warning):
    pass


class SparseFormatWarning(SparseWarning):
    pass


class SparseEfficiencyWarning(SparseWarning):
    pass


# (format, is sparray) -> class, filled in by the format modules.
_classes = {}

_FORMAT_NAMES = {"csr": "Compressed Sparse Row", "csc": "Compressed Sparse Column",
                 "coo": "COOrdinate", "dia": "DIAgonal"}

# NumPy functions SciPy exposes as methods that act on the stored values only (zero maps to
# zero for each of them, so the sparsity pattern stays).
_DATA_UFUNCS = ["arcsin", "arcsinh", "arctan", "arctanh", "ceil", "deg2rad", "expm1", "floor",
                "log1p", "rad2deg", "rint", "sign", "sin", "sinh", "sqrt", "tan", "tanh",
                "trunc"]


def _flat_shape(args):
    """reshape's arguments as one tuple of ints: (n,), n, (m, n) or m, n."""
    import operator

    if len(args) == 1 and not isinstance(args[0], (int, numpy.integer)):
        return tuple(operator.index(a) for a in args[0])
    return tuple(operator.index(a) for a in args)


def _is_scipy_sparse(x):
    return type(x).__module__.startswith("scipy.sparse") and hasattr(x, "format")


def _is_dense(x):
    return _backend.is_device_array(x) or isinstance(x, numpy.ndarray)


class _spbase:
    """What all formats share: shape, dtype, conversions, arithmetic, reductions."""

    __array_priority__ = 10.1
    _format = None
    ndim = 2

    # --- the format's part, defined by each subclass ---
    def _coo_parts(self):
        """(row, col, data) of the stored entries in storage order (views where possible)."""
        raise NotImplementedError

    def _with_data(self, data, copy=True):
        """The same structure (indices copied when asked) with other values."""
        raise NotImplementedError

    # --- attributes ---
    @property
    def shape(self):
        return self._shape

    @property
    def format(self):
        return self._format

    @property
    def dtype(self):
        return self.data.dtype

    @property
    def nnz(self):
        return int(self.data.size)

    @property
    def size(self):
        return self.nnz

    def getnnz(self, axis=None):
        """The number of stored entries (explicit zeros and duplicates included), in all or
        per column (axis 0) or row (axis 1)."""
        if axis is None:
            return self.nnz
        if not isinstance(axis, (int, numpy.integer)) or not -2 <= axis <= 1:
            raise ValueError("axis out of bounds")
        row, col, data = self._coo_parts()
        ones = _backend.xp.ones(data.shape[0], dtype=numpy.intp)
        return self._axis_sum(row, col, ones, int(axis) % 2, numpy.intp, True)

    def nonzero(self):
        """(row, col) of the stored entries whose value is not zero, in storage order (CSC:
        by rows), as SciPy: duplicates are not summed first."""
        xp = _backend.xp
        row, col, data = self._coo_parts()
        keep = xp.flatnonzero(data != 0)
        row, col = row[keep], col[keep]
        if self.format == "csc":
            # SciPy gives CSC's in row-major order too (a stable sort by row).
            order = xp.argsort(row, kind="stable")
            row, col = row[order], col[order]
        return row, col

    def _family(self, fmt):
        return _classes[(fmt, isinstance(self, sparray))]

    def _index_dtype(self):
        return numpy.dtype(self._coo_parts()[0].dtype)

    def __len__(self):
        raise TypeError("sparse array length is ambiguous; use getnnz() or shape[0]")

    def __bool__(self):
        if self.shape == (1, 1):
            return self.nnz != 0 and bool(self.count_nonzero())
        raise ValueError("The truth value of an array with more than one element is "
                         "ambiguous. Use a.any() or a.all().")

    def __repr__(self):
        kind = "sparse array" if isinstance(self, sparray) else "sparse matrix"
        name = _FORMAT_NAMES.get(self.format, self.format)
        return (f"<{name} {kind} of dtype '{self.dtype}'\n"
                f"\twith {self.nnz} stored elements and shape {self.shape}>")

    def __str__(self):
        row, col, data = (_backend.to_host(a) for a in self._coo_parts())
        lines = [repr(self), "  Coords\tValues"]
        lines += [f"  ({r}, {c})\t{v}" for r, c, v in zip(row.tolist(), col.tolist(),
                                                        data.tolist())]
        return "\n".join(lines)

    # --- pickling: the arrays travel as NumPy arrays ---
    def __getstate__(self):
        state = dict(self.__dict__)
        for k, v in state.items():
            if _backend.is_device_array(v):
                state[k] = ("__device__", _backend.to_host(v))
        return state

    def __setstate__(self, state):
        for k, v in state.items():
            if isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str) \
                    and v[0] == "__device__":
                v = _backend.xp.asarray(v[1])
            self.__dict__[k] = v

    # --- conversions ---
    def asformat(self, format, copy=False):
        if format is None or format == self.format:
            return self.copy() if copy else self
        try:
            convert = getattr(self, "to" + format)
        except AttributeError as e:
            raise ValueError(f"Format {format} is unknown.") from e
        return convert(copy=copy)

    def tocoo(self, copy=False):
        row, col, data = self._coo_parts()
        coo = self._family("coo")
        return coo((data, (row, col)), shape=self.shape, copy=copy)

    def tocsr(self, copy=False):
        return self.tocoo(copy=False).tocsr(copy=copy)

    def tocsc(self, copy=False):
        return self.tocoo(copy=False).tocsc(copy=copy)

    def toarray(self, order=None, out=None):
        xp = _backend.xp
        if out is not None:
            return self._toarray_into(order, out)
        row, col, data = self._coo_parts()
        dense = xp.zeros(self.shape, dtype=self.dtype)
        if data.size:
            row, col, data = _canonical.sum_duplicates(row, col, data, self.shape[1])
            dense[row, col] = data
        return xp.asfortranarray(dense) if order == "F" else dense

    def _toarray_into(self, order, out):
        """toarray(out=out): SciPy's checks, then the dense values written into `out` (a
        device array, or a NumPy one filled from a host copy)."""
        if order is not None:
            raise ValueError("order cannot be specified if out is not None")
        if tuple(out.shape) != self.shape or out.dtype != self.dtype:
            raise ValueError("out array must be same dtype and shape as sparse array")
        dense = self.toarray()
        out[...] = dense if _backend.is_device_array(out) or not _backend.is_device_array(
            dense) else _backend.to_host(dense)
        return out

    def todense(self, order=None, out=None):
        # cunp has no matrix type: a 2-D array stands for numpy.matrix, as in CuPy.
        return self.toarray(order=order, out=out)

    def get(self, stream=None):
        """The SciPy sparse object with the same format, values and shape (on the host)."""
        import scipy.sparse as sps

        kind = "array" if isinstance(self, sparray) else "matrix"
        cls = getattr(sps, f"{self.format}_{kind}")
        return self._to_scipy(cls)

    def copy(self):
        return self._with_data(self.data.copy(), copy=True)

    def astype(self, dtype, casting="unsafe", copy=True):
        dtype = getdtype(dtype)
        if self.dtype != dtype:
            if casting != "unsafe" and not numpy.can_cast(self.dtype, dtype, casting):
                raise TypeError(f"Cannot cast array data from {self.dtype!r} to {dtype!r} "
                                f"according to the rule '{casting}'")
            return self._with_data(self.data.astype(dtype), copy=True)
        return self.copy() if copy else self

    def conjugate(self, copy=True):
        if self.dtype.kind == "c":
            return self._with_data(self.data.conj(), copy=copy)
        return self.copy() if copy else self

    def conj(self, copy=True):
        return self.conjugate(copy=copy)

    @property
    def real(self):
        return self._with_data(self.data.real.copy())

    @property
    def imag(self):
        return self._with_data(self.data.imag.copy())

    @property
    def T(self):
        return self.transpose()

    def transpose(self, axes=None, copy=False):
        if axes is not None and tuple(axes) != (1, 0):
            raise ValueError("Sparse matrices do not support an 'axes' parameter because "
                             "swapping dimensions is the only logical permutation.")
        return self.tocsr(copy=copy).transpose(copy=False)

    # --- shape changes ---
    def reshape(self, *args, order="C", copy=False):
        """The same entries read in `order` into another shape of the same size (COO)."""
        from ._sputils import check_shape

        if isinstance(self, sparray) and len(_flat_shape(args)) == 1:
            return self._reshape_1d(_flat_shape(args)[0], order)
        shape = check_shape(args)
        m, n = self.shape
        if shape == self.shape:
            return self.copy() if copy else self
        if shape[0] * shape[1] != m * n:
            raise ValueError(f"cannot reshape array of size {m * n} into shape {shape}")
        row, col, data = self._coo_parts()
        row, col = row.astype(numpy.int64), col.astype(numpy.int64)
        if order == "C":
            flat = row * n + col
            new_row, new_col = flat // max(shape[1], 1), flat % max(shape[1], 1)
        elif order == "F":
            flat = col * m + row
            new_row, new_col = flat % max(shape[0], 1), flat // max(shape[0], 1)
        else:
            raise ValueError("'order' must be 'C' or 'F'")
        # SciPy gives COO whatever the input's format.
        return self._family("coo")((data.copy(), (new_row, new_col)), shape=shape)

    def _reshape_1d(self, size, order):
        """The 1-D coo_array of the entries read in `order` (SciPy's answer for a 1-D shape)."""
        from ._coo1d import coo_array_1d

        m, n = self.shape
        if size not in (m * n, -1):
            raise ValueError(f"cannot reshape array of size {m * n} into shape {(size,)}")
        if order not in ("C", "F"):
            raise ValueError("'order' must be 'C' or 'F'")
        row, col, data = self._coo_parts()
        row, col = row.astype(numpy.int64), col.astype(numpy.int64)
        flat = row * n + col if order == "C" else col * m + row
        return coo_array_1d._from_parts(flat, data.copy(), m * n, False)

    def resize(self, *shape):
        """Changes the shape in place: entries outside the new shape are dropped, new rows
        and columns are empty."""
        from ._sputils import check_shape

        shape = check_shape(shape)
        row, col, data = self._coo_parts()
        keep = (row < shape[0]) & (col < shape[1])
        row, col, data = row[keep], col[keep], data[keep]
        if self.format == "coo":
            out = self.__class__._from_arrays(row, col, data, shape, self.has_canonical_format)
        else:
            # Duplicates stay (as in SciPy); entries are put in (major, minor) order.
            out = self.__class__._from_coordinates(row, col, data, shape, sum_dups=False)
        self.__dict__.clear()
        self.__dict__.update(out.__dict__)

    # --- data-only operations ---
    def _deduped_data(self):
        self.sum_duplicates()
        return self.data

    def __abs__(self):
        return self._with_data(abs(self._deduped_data()))

    def __round__(self, ndigits=0):
        return self._with_data(_backend.xp.around(self._deduped_data(), decimals=ndigits))

    def __neg__(self):
        if self.dtype == numpy.bool_:
            raise NotImplementedError("negating a boolean sparse array is not supported")
        return self._with_data(-self.data)

    def __pos__(self):
        return self.copy()

    def power(self, n, dtype=None):
        if not isscalarlike(n):
            raise NotImplementedError("input is not scalar")
        if not n:
            raise NotImplementedError("zero power is not supported as it would densify the "
                                      "matrix.\nUse `np.ones(A.shape, dtype=A.dtype)` for "
                                      "this case.")
        data = self._deduped_data()
        if dtype is not None:
            data = data.astype(getdtype(dtype))
        return self._with_data(data ** n)

    def count_nonzero(self, axis=None):
        axis = validateaxis(axis)
        row, col, data = self._coo_parts()
        if data.size:
            row, col, data = _canonical.sum_duplicates(row, col, data, self.shape[1])
        nz = data != 0
        if axis is None:
            return int(nz.sum())
        return self._axis_sum(row, col, nz.astype(numpy.int64), axis, numpy.int64, True)

    def _mul_scalar(self, other):
        return self._with_data(self.data * other)

    # --- reductions ---
    def _axis_sum(self, row, col, data, axis, dtype, plain):
        """Sums of data by column (axis 0) or row (axis 1); spmatrix keeps a 2-D shape unless
        `plain`."""
        xp = _backend.xp
        m, n = self.shape
        out = xp.zeros(n if axis == 0 else m, dtype=dtype)
        if data.size:
            xp.add.at(out, col if axis == 0 else row, data.astype(dtype))
        if plain or isinstance(self, sparray):
            return out
        return out.reshape((1, n) if axis == 0 else (m, 1))

    def _stored_values(self):
        """Every stored value (duplicates apart), in any order: what a whole-matrix sum adds."""
        return self._coo_parts()[2]

    def _sums(self, axis, dtype):
        """The 1-D sums along `axis` in `dtype` (formats with a faster way override this)."""
        row, col, data = self._coo_parts()
        return self._axis_sum(row, col, data, axis, dtype, True)

    def sum(self, axis=None, dtype=None, out=None):
        axis = validateaxis(axis)
        res_dtype = get_sum_dtype(self.dtype) if dtype is None else numpy.dtype(dtype)
        if axis is None:
            # As SciPy: the duplicates are summed in place first (a boolean matrix's duplicates
            # then count once, their sum being a logical or); the axis sums below add them all.
            self.sum_duplicates()
            data = self._stored_values()
            s = data.astype(res_dtype).sum() if data.size else _backend.xp.zeros((), res_dtype)
            if out is not None:
                out[...] = s
                return out
            return s
        r = self._sums(axis, res_dtype)
        if not isinstance(self, sparray):
            r = r.reshape((1, self.shape[1]) if axis == 0 else (self.shape[0], 1))
        if out is not None:
            out[...] = r.reshape(out.shape)
            return out
        return r

    def mean(self, axis=None, dtype=None, out=None):
        axis = validateaxis(axis)
        inexact = numpy.issubdtype(self.dtype, numpy.inexact)
        res_dtype = self.dtype if inexact else numpy.dtype(numpy.float64)
        if dtype is not None:
            res_dtype = numpy.dtype(dtype)
        inter = self.dtype if inexact else numpy.dtype(numpy.float64)
        m, n = self.shape
        count = m * n if axis is None else (m if axis == 0 else n)
        # 1.0 / count raises ZeroDivisionError for an empty axis, as SciPy's mean does.
        r = (self.sum(axis=axis, dtype=inter) * (1.0 / count)).astype(res_dtype)
        if out is not None:
            out[...] = r.reshape(out.shape)
            return out
        return r

    def diagonal(self, k=0):
        xp = _backend.xp
        m, n = self.shape
        if k <= -m or k >= n:
            return xp.zeros(0, dtype=self.dtype)
        length = min(m + min(k, 0), n - max(k, 0))
        out = xp.zeros(length, dtype=self.dtype)
        row, col, data = self._coo_parts()
        if data.size:
            row, col, data = _canonical.sum_duplicates(row, col, data, n)
            on = (col.astype(numpy.int64) - row.astype(numpy.int64)) == k
            pos = row[on] if k >= 0 else col[on]
            out[pos] = data[on]
        return out

    def trace(self, offset=0):
        return self.diagonal(k=offset).sum()

    # --- arithmetic ---
    def _same_shape(self, other):
        if self.shape != other.shape:
            raise ValueError(f"inconsistent shapes {self.shape} and {other.shape}")

    def _add_sparse(self, other, negate=False):
        """self + other (or self - other) for a sparse other: CSR unless self is CSC, values of
        equal positions summed and zeros dropped, as SciPy's binop does."""
        xp = _backend.xp
        self._same_shape(other)
        dtype = upcast(self.dtype, other.dtype)
        r1, c1, d1 = self._coo_parts()
        r2, c2, d2 = other._coo_parts()
        d2 = d2.astype(dtype)
        if negate:
            if dtype == numpy.bool_:
                raise TypeError("numpy boolean subtract, the `-` operator, is not supported")
            d2 = -d2
        row = xp.concatenate([r1.astype(numpy.int64), r2.astype(numpy.int64)])
        col = xp.concatenate([c1.astype(numpy.int64), c2.astype(numpy.int64)])
        data = xp.concatenate([d1.astype(dtype), d2])
        fmt = "csc" if self.format == "csc" else "csr"
        return self._family(fmt)._from_coordinates(row, col, data, self.shape, drop_zeros=True)

    def _add_dense(self, other):
        if other.shape != self.shape:
            raise ValueError(f"Incompatible shapes ({self.shape} and {other.shape})")
        return self.toarray() + other

    def _as_operand(self, other):
        """A dense operand on the device, or the sparse/scalar one as it is; None when not
        interpretable (the other operand's reflected method may take over)."""
        if issparse(other) or isscalarlike(other) or _backend.is_device_array(other):
            return other
        if _is_scipy_sparse(other):
            return self._family(other.format if (other.format, True) in _classes else "csr")(
                other)
        try:
            a = numpy.asarray(other)
        except Exception:
            return None
        if a.dtype == numpy.object_:
            return None
        return _backend.xp.asarray(a)

    def __add__(self, other):
        other = self._as_operand(other)
        if other is None:
            return NotImplemented
        if isscalarlike(other):
            if other == 0:
                return self.copy()
            raise NotImplementedError("adding a nonzero scalar to a sparse array is not "
                                      "supported")
        if issparse(other):
            return self._add_sparse(other)
        return self._add_dense(other)

    def __radd__(self, other):
        return self.__add__(other)

    def __sub__(self, other):
        other = self._as_operand(other)
        if other is None:
            return NotImplemented
        if isscalarlike(other):
            if other == 0:
                return self.copy()
            raise NotImplementedError("subtracting a nonzero scalar from a sparse array is "
                                      "not supported")
        if issparse(other):
            return self._add_sparse(other, negate=True)
        if other.shape != self.shape:
            raise ValueError(f"Incompatible shapes ({self.shape} and {other.shape})")
        return self.toarray() - other

    def __rsub__(self, other):
        other = self._as_operand(other)
        if other is None:
            return NotImplemented
        if isscalarlike(other):
            if other == 0:
                return -self
            raise NotImplementedError("subtracting a sparse array from a nonzero scalar is "
                                      "not supported")
        if other.shape != self.shape:
            raise ValueError(f"Incompatible shapes ({self.shape} and {other.shape})")
        return other - self.toarray()

    def multiply(self, other):
        """Elementwise product: sparse for sparse, scalar and same-shape dense operands."""
        from . import _products

        other = self._as_operand(other)
        if other is None:
            return NotImplemented
        if isscalarlike(other):
            return self._mul_scalar(other)
        if issparse(other):
            return _products.multiply_sparse(self, other)
        if other.size == 1:
            # SciPy multiplies a COO matrix by a 1 x 1 operand as CSR.
            r = self._mul_scalar(other.reshape(()))
            return r.tocsr() if self.format == "coo" and other.ndim == 2 else r
        return _products.multiply_dense(self, other)

    def _divide_scalar(self, other):
        if numpy.can_cast(self.dtype, numpy.float64):
            return self.astype(numpy.float64)._mul_scalar(1.0 / other)
        r = self._mul_scalar(1.0 / other)
        # A 0-D device array (a size-1 operand of a 1-D array) answers without a host copy.
        scalar_dtype = other.dtype if hasattr(other, "dtype") else numpy.asarray(other).dtype
        if numpy.issubdtype(self.dtype, numpy.integer) and \
                numpy.issubdtype(scalar_dtype, numpy.integer):
            return r.astype(self.dtype)
        return r

    def __truediv__(self, other):
        other = self._as_operand(other)
        if other is None:
            return NotImplemented
        if isscalarlike(other):
            return self._divide_scalar(other)
        if issparse(other):
            self._same_shape(other)
            return self.toarray() / other.toarray()
        return self.toarray() / other

    def __rtruediv__(self, other):
        # As SciPy: nothing divides by a sparse matrix (most of its entries are zero), so
        # `2 / A` and `dense / A` raise TypeError.
        return NotImplemented

    def __imul__(self, other):
        if isscalarlike(other):
            self.data *= other
            return self
        return NotImplemented

    def __itruediv__(self, other):
        if isscalarlike(other):
            if numpy.issubdtype(self.dtype, numpy.inexact):
                self.data /= other
                return self
        return NotImplemented

    def _matmul_dispatch(self, other):
        from . import _products

        other = self._as_operand(other)
        if other is None:
            return NotImplemented
        if isscalarlike(other):
            return self._mul_scalar(other)
        if issparse(other) and other.ndim == 1:
            return other.__rmatmul__(self)  # the 1-D class shapes the answer
        return _products.matmul(self, other)

    def __matmul__(self, other):
        if isscalarlike(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        return self._matmul_dispatch(other)

    def __rmatmul__(self, other):
        from . import _products

        if isscalarlike(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        other = self._as_operand(other)
        if other is None:
            return NotImplemented
        return _products.rmatmul(self, other)

    def dot(self, other):
        if isscalarlike(other):
            return self * other
        return self @ other

    # Comparisons and maximum/minimum: _compare.py; max/min/argmax/argmin: _minmax.py.

    def __array_function__(self, func, types, args, kwargs):
        from . import _array_function

        return _array_function.array_function(self, func, types, args, kwargs)


class sparray:
    """The array API's marker: `*` and `**` are elementwise and reductions drop the axis."""

    def __pow__(self, other):
        return self.power(other)

    def __mul__(self, other):
        return self.multiply(other)

    def __rmul__(self, other):
        return self.multiply(other)


def issparse(x):
    """Whether x is a cunp sparse matrix or array."""
    return isinstance(x, _spbase)


def isspmatrix(x):
    """Whether x is a cunp sparse matrix (not a sparse array)."""
    from ._matrix import spmatrix

    return isinstance(x, spmatrix)


def _install_data_ufuncs(cls):
    # One method per NumPy function, each applied to the summed stored values.
    for name in _DATA_UFUNCS:
        def method(self, _name=name):
            return self._with_data(getattr(_backend.xp, _name)(self._deduped_data()))

        method.__name__ = name
        method.__doc__ = f"Elementwise {name} of the stored values."
        setattr(cls, name, method)


_install_data_ufuncs(_spbase)


def _install_minmax():
    from . import _minmax

    _minmax.install(_spbase)
    from . import _compare

    _compare.install(_spbase)


_install_minmax()
