"""norm of a sparse matrix (Frobenius, 1, -1, inf, -inf and 2 over both axes; vector norms
along one axis), composed from the sparse reductions. Results are device arrays (0-d for the
matrix norms), as CuPy gives, where SciPy gives NumPy scalars."""

import numbers

import numpy

from .. import _backend
from .._base import issparse

__all__ = ["norm"]


def _frobenius(x):
    xp = _backend.xp
    # Duplicates add up before squaring, so the stored values are made canonical first.
    c = x.tocsr()
    c.sum_duplicates()
    return xp.linalg.norm(c.data)


def _normalise_axis(axis):
    if axis is None:
        return (0, 1)
    if isinstance(axis, tuple):
        return axis
    msg = "'axis' must be None, an integer or a tuple of integers"
    try:
        int_axis = int(axis)
    except TypeError as e:
        raise TypeError(msg) from e
    if axis != int_axis:
        raise TypeError(msg)
    return (int_axis,)


def _dense(m):
    """A reduction's result as a 1-D device array (matrices give 2-D sums)."""
    if issparse(m):
        m = m.toarray()
    return m.ravel()


def norm(x, ord=None, axis=None):
    """The norm of a sparse matrix: a 0-d device array for matrix norms, a 1-D one for
    vector norms along one axis. SciPy's errors for non-sparse input and bad orders."""
    xp = _backend.xp
    if not issparse(x):
        raise TypeError("input is not sparse. use numpy.linalg.norm")
    if axis is None and ord in (None, "fro", "f"):
        return _frobenius(x)
    x = x.tocsr()
    axis = _normalise_axis(axis)
    nd = 2
    for a in axis:
        if not isinstance(a, (numbers.Integral, numpy.integer)):
            raise TypeError("'axis' must be None, an integer or a tuple of integers")
    if len(axis) == 2:
        row_axis, col_axis = axis
        if not (-nd <= row_axis < nd and -nd <= col_axis < nd):
            raise ValueError(f"Invalid axis {axis!r} for an array with shape {x.shape!r}")
        if row_axis % nd == col_axis % nd:
            raise ValueError("Duplicate axes given.")
        if ord == 2:
            from ._eigen import svds

            _, s, _ = svds(x, k=1)
            return s[0]
        if ord == -2:
            raise NotImplementedError
        if ord == 1:
            return _dense(abs(x).sum(axis=row_axis)).max()
        if ord == numpy.inf:
            return _dense(abs(x).sum(axis=col_axis)).max()
        if ord == -1:
            return _dense(abs(x).sum(axis=row_axis)).min()
        if ord == -numpy.inf:
            return _dense(abs(x).sum(axis=col_axis)).min()
        if ord in (None, "f", "fro"):
            return _frobenius(x)
        raise ValueError("Invalid norm order for matrices.")
    if len(axis) == 1:
        (a,) = axis
        if not -nd <= a < nd:
            raise ValueError(f"Invalid axis {axis!r} for an array with shape {x.shape!r}")
        if ord == numpy.inf:
            return _dense(abs(x).max(axis=a))
        if ord == -numpy.inf:
            return _dense(abs(x).min(axis=a))
        if ord == 0:
            return _dense((x != 0).sum(axis=a))
        if ord == 1:
            return _dense(abs(x).sum(axis=a))
        if ord in (2, None):
            return xp.sqrt(_dense(abs(x).power(2).sum(axis=a)))
        try:
            ord + 1
        except TypeError as e:
            raise ValueError("Invalid norm order for vectors.") from e
        return xp.power(_dense(abs(x).power(ord).sum(axis=a)), 1 / ord)
    raise ValueError("Improper number of dimensions to norm.")
