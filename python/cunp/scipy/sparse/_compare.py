"""Elementwise comparisons (== != < <= > >=) and maximum/minimum of a sparse matrix with a
scalar, a dense array or another sparse matrix, as SciPy gives them.

One rule covers every sparse result: the operation is applied to the stored positions (the
union of both patterns, absent values read as zero) and to zero itself. When op(0, other) is
not zero the positions nobody stores take that value too, the result is dense in sparse
clothing, and SciPy warns (SparseEfficiencyWarning) for exactly those cases."""

import operator
import warnings

import numpy

from . import _backend, _canonical
from ._base import SparseEfficiencyWarning, issparse
from ._sputils import isscalarlike, upcast

_SYMBOLS = {operator.eq: "==", operator.ne: "!=", operator.lt: "<", operator.le: "<=",
            operator.gt: ">", operator.ge: ">="}


def _result_format(a):
    # SciPy computes these on CSR, or on CSC when the left operand is CSC.
    return "csc" if a.format == "csc" else "csr"


def _keys(a):
    row, col, data = _canonical.sum_duplicates(*a._coo_parts(), a.shape[1])
    return row.astype(numpy.int64) * max(a.shape[1], 1) + col.astype(numpy.int64), data


def _union(a, b):
    """Row-major flat positions stored by a or b (distinct, sorted) and the two values there,
    zero where one side stores nothing."""
    xp = _backend.xp
    ka, da = _keys(a)
    kb, db = _keys(b)
    keys = xp.unique(xp.concatenate([ka, kb]))
    va = xp.zeros(keys.shape[0], dtype=da.dtype)
    vb = xp.zeros(keys.shape[0], dtype=db.dtype)
    va[xp.searchsorted(keys, ka)] = da
    vb[xp.searchsorted(keys, kb)] = db
    return keys, va, vb


def _build(a, keys, values, fill):
    """The sparse result: `values` at `keys`, `fill` elsewhere; zeros are not stored."""
    xp = _backend.xp
    m, n = a.shape
    cls = a._family(_result_format(a))
    if bool(fill != 0):
        # Filled flat and shaped afterwards: a reshape need not be a view to write through.
        flat = xp.full(m * n, fill.item() if hasattr(fill, "item") else fill,
                       dtype=values.dtype)
        if keys.size:
            flat[keys] = values
        return cls(flat.reshape(m, n))
    keep = values != 0
    keys, values = keys[keep], values[keep]
    n1 = max(n, 1)
    return cls._from_coordinates(keys // n1, keys % n1, values, (m, n))


def _warn(text):
    warnings.warn(text, SparseEfficiencyWarning, stacklevel=4)


def _with_scalar(a, other, op, what):
    xp = _backend.xp
    keys, data = _keys(a)
    values = op(data, other)
    fill = op(xp.zeros((), dtype=a.dtype), other)
    if bool(fill != 0):
        _warn(f"{what} with {other} gives a dense result stored as a sparse matrix.")
    return _build(a, keys, xp.asarray(values), xp.asarray(fill).astype(values.dtype))


def _with_sparse(a, b, op, what, dtype=None):
    xp = _backend.xp
    keys, va, vb = _union(a, b)
    if dtype is not None:
        va, vb = va.astype(dtype), vb.astype(dtype)
    values = op(va, vb)
    fill = op(xp.zeros((), dtype=va.dtype), xp.zeros((), dtype=vb.dtype))
    if bool(fill != 0):
        _warn(f"{what} of two sparse matrices gives a dense result stored as a sparse "
              "matrix.")
    return _build(a, keys, values, xp.asarray(fill).astype(values.dtype))


def compare(a, other, op):
    """a <op> other for a comparison operator from the operator module."""
    other = a._as_operand(other)
    if other is None:
        return NotImplemented
    what = f"Comparing a sparse matrix using {_SYMBOLS[op]}"
    if isscalarlike(other):
        if bool(numpy.isnan(other)):
            # Only != holds with NaN (everywhere); SciPy answers in a's own format.
            if op is not operator.ne:
                return a.__class__(a.shape, dtype=numpy.bool_)
            return _with_scalar(a, other, op, what).asformat(a.format)
        return _with_scalar(a, other, op, what)
    if issparse(other):
        if a.shape != other.shape:
            # SciPy answers == and != of different shapes with a plain bool.
            if op is operator.eq:
                return False
            if op is operator.ne:
                return True
            raise ValueError("inconsistent shapes")
        return _with_sparse(a, other, op, what)
    return op(a.todense(), other)


def maximum_minimum(a, other, largest):
    xp = _backend.xp
    ufunc = xp.maximum if largest else xp.minimum
    name = "maximum" if largest else "minimum"
    other = a._as_operand(other)
    if other is None:
        raise TypeError(f"{name} of a sparse matrix with {type(other).__name__} is not "
                        "supported")
    if isscalarlike(other):
        if not bool(ufunc(numpy.zeros((), dtype=a.dtype), other) != 0):
            # Zeros stay zeros: SciPy maps the (summed) stored entries, explicit zeros
            # included, on CSR unless a is CSC.
            if a.format not in ("csr", "csc"):
                a = a.tocsr()
            a.sum_duplicates()
            return a._with_data(ufunc(a.data, other))
        # The dense case comes back in a's own format in SciPy.
        return _with_scalar(a, other, ufunc, f"Taking the {name}").asformat(a.format)
    if issparse(other):
        if a.shape != other.shape:
            raise ValueError(f"inconsistent shapes self.shape={a.shape} "
                             f"other.shape={other.shape}")
        return _with_sparse(a, other, ufunc, f"The {name}", upcast(a.dtype, other.dtype))
    return ufunc(a.todense(), other)


def install(cls):
    for op in _SYMBOLS:
        def method(self, other, _op=op):
            return compare(self, other, _op)

        method.__name__ = f"__{op.__name__}__"
        setattr(cls, method.__name__, method)

    def maximum(self, other):
        """Elementwise maximum with a scalar, a dense array or a sparse matrix."""
        return maximum_minimum(self, other, True)

    def minimum(self, other):
        """Elementwise minimum with a scalar, a dense array or a sparse matrix."""
        return maximum_minimum(self, other, False)

    cls.maximum, cls.minimum = maximum, minimum
    # Defining __eq__ removes the inherited hash, as for SciPy's sparse classes.
    cls.__hash__ = None
