"""Differences along an axis: diff."""
import operator

from cunp import _core
from cunp._creation._basic import asarray

__all__ = ["diff"]


def _edge(values, a, axis):
    """prepend=/append= values as an array joinable to `a` along `axis` (a scalar becomes one
    slice of a's shape)."""
    v = asarray(values)
    if v.ndim == 0:
        shape = list(a.shape)
        shape[axis] = 1
        v = v._broadcast_to(tuple(shape))
    return v


def diff(a, n=1, axis=-1, prepend=None, append=None):
    """The n-th discrete difference along `axis`: out[i] = a[i+1] - a[i], applied n times
    (booleans differ by not_equal, as in NumPy). prepend/append values join a first."""
    from cunp import concatenate, not_equal, subtract

    n = operator.index(n)
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n!r}")
    a = asarray(a)
    if n == 0:  # NumPy returns before it looks at the array's dimensions or the axis
        return a
    if a.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    axis = _core.axes.normalize_axis(axis, a.ndim)
    if prepend is not None or append is not None:
        parts = [_edge(prepend, a, axis)] if prepend is not None else []
        parts.append(a)
        if append is not None:
            parts.append(_edge(append, a, axis))
        a = concatenate(parts, axis=axis)
    upper = [slice(None)] * a.ndim
    lower = [slice(None)] * a.ndim
    upper[axis] = slice(1, None)
    lower[axis] = slice(None, -1)
    upper, lower = tuple(upper), tuple(lower)
    op = not_equal if a.dtype.kind == "b" else subtract
    for _ in range(n):
        a = op(a[upper], a[lower])
    return a
