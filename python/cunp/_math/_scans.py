# python/cunp/_math/_scans.py -- cumulative functions (cumsum, cumprod, nan forms, cumulative_*) and
# the ndarray methods cumsum/cumprod; the scans run in the core (ufunc.accumulate's engine).
"""Cumulative operations: cumsum, cumprod, their nan forms and cumulative_*; ufunc.accumulate and ufunc.reduceat."""
import operator

from cunp import _core

__all__ = [
    "cumsum", "cumprod", "nancumsum", "nancumprod", "cumulative_sum", "cumulative_prod",
]


def _as_array(a):
    return a if isinstance(a, _core.ndarray) else _core.array(a)


def _int_axis(axis):
    # cumsum takes one integer axis (NumPy rejects tuples and floats with this TypeError).
    try:
        return operator.index(axis)
    except TypeError:
        raise TypeError(f"'{type(axis).__name__}' object cannot be interpreted as an integer") from None


def _cum(ufunc, a, axis, dtype, out, nan):
    a = _as_array(a)
    if axis is None:
        a = a.ravel()
        axis = 0
    else:
        axis = _int_axis(axis)
        if a.ndim == 0:
            a = a.reshape(1)  # NumPy treats a 0-d input as one element along axis 0 or -1
    return _core.scan.scan(ufunc, a, axis, dtype, out, nan=nan)


def cumsum(a, axis=None, dtype=None, out=None):
    """Cumulative sum of the elements along an axis (the flattened array when axis is None).

    Bool and integers narrower than int64 accumulate as int64 (unsigned ones as uint64), as in
    NumPy. Floating-point sums run as a parallel scan, so their last bits may differ from
    NumPy's strictly sequential order.
    """
    return _cum(_core.add, a, axis, dtype, out, False)


def cumprod(a, axis=None, dtype=None, out=None):
    """Cumulative product of the elements along an axis (the flattened array when axis is None)."""
    return _cum(_core.multiply, a, axis, dtype, out, False)


def nancumsum(a, axis=None, dtype=None, out=None):
    """Cumulative sum treating NaN as zero (leading NaNs give zeros)."""
    return _cum(_core.add, a, axis, dtype, out, True)


def nancumprod(a, axis=None, dtype=None, out=None):
    """Cumulative product treating NaN as one."""
    return _cum(_core.multiply, a, axis, dtype, out, True)


def _accumulate_axis(axis, ndim):
    """The axis as ufunc.accumulate (which NumPy's cumulative_* call) reads it: an int, or a tuple
    whose entries are all range-checked (AxisError) before more or fewer than one is refused."""
    if isinstance(axis, tuple):
        axes = [_accumulate_axis(a, ndim) for a in axis]
        if len(axes) != 1:
            raise ValueError("accumulate does not allow multiple axes")
        return axes[0]
    if isinstance(axis, bool):
        raise TypeError("an integer is required")
    return _core.axes.normalize_axis(axis, ndim)


def _cumulative(ufunc, identity, x, axis, dtype, out, include_initial):
    x = _as_array(x)
    if x.ndim == 0:
        x = x.reshape(1)
    if axis is None:
        if x.ndim > 1:
            raise ValueError("For arrays which have more than one dimension ``axis`` argument is required.")
        axis = 0
    if isinstance(axis, tuple) and include_initial:
        # NumPy indexes a list of slices with the axis, which a tuple cannot do; with out= that
        # comes before the scan, without it after the scan has checked the axis.
        if out is None:
            _accumulate_axis(axis, x.ndim)
        raise TypeError("list indices must be integers or slices, not tuple")
    axis = _accumulate_axis(axis, x.ndim)
    if not include_initial:
        return _core.scan.scan(ufunc, x, axis, dtype, out)
    shape = list(x.shape)
    shape[axis] += 1
    if out is None:
        res = _core.empty(tuple(shape), dtype=_core.scan.dtype(ufunc, x.dtype, dtype, None))
    else:
        if not isinstance(out, _core.ndarray):
            raise TypeError("return arrays must be of ArrayType")
        if tuple(out.shape) != tuple(shape):
            raise ValueError(f"provided out has shape {tuple(out.shape)}, expected {tuple(shape)} "
                             "(the input's with include_initial's extra element along axis)")
        res = out
    head = (slice(None),) * axis + (slice(0, 1),)
    tail = (slice(None),) * axis + (slice(1, None),)
    res[head] = identity
    if x.size:
        _core.scan.scan(ufunc, x, axis, dtype, res[tail])
    return res


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """Cumulative sum along an axis (NumPy 2.1 / array API): axis is required for ndim > 1;
    include_initial puts the identity (0) before the sums."""
    return _cumulative(_core.add, 0, x, axis, dtype, out, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """Cumulative product along an axis; include_initial puts the identity (1) first."""
    return _cumulative(_core.multiply, 1, x, axis, dtype, out, include_initial)
