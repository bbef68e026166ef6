# python/cunp/_sorted_compositions.py -- NumPy functions built on sorting, composed in Python from
# cunp's sort, argsort and searchsorted: lexsort, partition, argpartition, isin and median.
"""lexsort, partition, argpartition, isin and median on top of the sort engine.

partition and argpartition sort fully (every element then lies where a partition may put it,
so the result is a valid partition; NumPy's introselect would be faster). isin sorts the test
elements and searches them. median sorts along the axis and averages the middle elements."""
import operator

from cunp import _core

__all__ = ["lexsort", "partition", "argpartition", "isin", "median"]


def _cunp():
    import cunp

    return cunp


def lexsort(keys, axis=-1):
    """Indices that sort by the last key, then the one before it, ...: stable passes from the
    first key to the last."""
    cp = _cunp()
    if isinstance(keys, _core.ndarray):
        keys = [keys[i] for i in range(keys.shape[0])] if keys.ndim > 0 else [keys]
    keys = [cp.asarray(k) for k in keys]
    if not keys:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    shape = keys[0].shape
    if any(k.shape != shape for k in keys):
        raise ValueError("all keys need to be the same shape")
    if len(shape) == 0:
        return cp.zeros((), dtype=cp.int64) if axis in (-1, 0, None) else cp.argsort(keys[0], axis)
    perm = cp.argsort(keys[0], axis=axis, kind="stable")
    for k in keys[1:]:
        step = cp.argsort(cp.take_along_axis(k, perm, axis=axis), axis=axis, kind="stable")
        perm = cp.take_along_axis(perm, step, axis=axis)
    return perm


def _check_kth(kth, n):
    for k in ([kth] if isinstance(kth, int) or hasattr(kth, "__index__") else list(kth)):
        k = operator.index(k)
        if not -n <= k < n:
            raise ValueError(f"kth(={k}) out of bounds ({n})")


def _partition_axis_length(a, axis):
    if axis is None:
        return a.size
    return a.shape[_core._normalize_axis(axis, a.ndim)] if a.ndim else 0


def _partition_input(a, kth, axis, kind):
    """`a` as a cunp array once partition's arguments are checked (NumPy's errors)."""
    a = _cunp().asarray(a)
    if kind != "introselect":
        raise ValueError(f"Unknown selectkind {kind!r}")
    if a.ndim == 0 and axis is not None:
        raise ValueError("Cannot partition a 0-d array")
    _check_kth(kth, _partition_axis_length(a, axis))
    return a


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A copy with the kth element(s) in sorted position, smaller ones before, larger after (a
    full sort here)."""
    return _cunp().sort(_partition_input(a, kth, axis, kind), axis=axis, order=order)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """Indices that partition `a` (those of a full, stable sort here)."""
    return _cunp().argsort(_partition_input(a, kth, axis, kind), axis=axis, order=order)


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    """Whether each element of `element` is among `test_elements` (NaN never is): the test
    elements sorted, each element searched and compared with its neighbour there."""
    cp = _cunp()
    if kind not in (None, "sort", "table"):
        raise ValueError(f"Invalid kind: '{kind}'. Please use None, 'sort' or 'table'.")
    element = cp.asarray(element)
    test = cp.asarray(test_elements).ravel()
    if test.size == 0:
        return cp.full(element.shape, bool(invert), dtype=cp.bool_)
    s = cp.sort(test)
    at = cp.minimum(cp.searchsorted(s, element), s.size - 1)
    found = cp.take(s, at) == element
    return ~found if invert else found


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """The median along `axis` (all axes when None): the middle element, or the mean of the two
    middle ones, of a sorted copy; NaN where a slice holds a NaN, as NumPy."""
    cp = _cunp()
    a = cp.asarray(a)
    if isinstance(axis, (tuple, list)):
        raise NotImplementedError("cunp.median takes one axis or None")
    if axis is None:
        work, ax = a.ravel(), 0
    else:
        ax = _core._normalize_axis(axis, a.ndim)
        work = a
    s = cp.sort(work, axis=ax)
    n = s.shape[ax]
    if n == 0:
        result = cp.mean(s, axis=ax)  # NaN, with NumPy's warning
    else:
        mid = cp.asarray([(n - 1) // 2, n // 2], dtype=cp.int64)
        result = cp.mean(cp.take(s, mid, axis=ax), axis=ax)
        if s.dtype.kind in "fc":
            last = cp.take(s, n - 1, axis=ax)
            result = cp.where(cp.isnan(last), last.astype(result.dtype), result)
    if keepdims:
        result = result.reshape(tuple(1 for _ in a.shape)) if axis is None else \
            cp.expand_dims(result, ax)
    if out is not None:
        out[...] = result
        return out
    return result
