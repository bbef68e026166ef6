# python/cunp/_sorted_compositions.py -- NumPy functions built on sorting, composed in Python from
# cunp's sort, argsort and searchsorted: lexsort and isin (partition and median: _order_statistics).
"""lexsort and isin on top of the sort engine. isin sorts the test elements and searches
them."""
from cunp import _core

__all__ = ["lexsort", "isin"]


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

