# python/cunp/_sorting/_sorted_compositions.py -- NumPy functions built on sorting, composed in Python from
# cunp's sort, argsort and searchsorted: lexsort and isin (partition and median: _order_statistics).
"""lexsort and isin on top of the sort engine. isin counts integer test elements into a
presence table (the histogram engine) or sorts the test elements and searches them."""
from cunp import _core

__all__ = ["lexsort", "isin"]


def _cunp():
    import cunp

    return cunp


def lexsort(keys, axis=-1):
    """Indices that sort by the last key, then the one before it, ...: stable passes from the
    first key to the last."""
    import operator

    cp = _cunp()
    # NumPy's order: axis is converted to an int first (None or a float: TypeError), then keys
    # must be a sequence (a 0-d array is not one).
    axis = operator.index(axis)
    if isinstance(keys, _core.ndarray):
        if keys.ndim == 0:
            raise TypeError("need sequence of keys with len > 0 in lexsort")
        keys = [keys[i] for i in range(keys.shape[0])]
    keys = [cp.asarray(k) for k in keys]
    if not keys:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    shape = keys[0].shape
    if any(k.shape != shape for k in keys):
        raise ValueError("all keys need to be the same shape")
    if len(shape) == 0:
        return cp.zeros((), dtype=cp.int64) if axis in (-1, 0) else cp.argsort(keys[0], axis)
    perm = cp.argsort(keys[0], axis=axis, kind="stable")
    for k in keys[1:]:
        step = cp.argsort(cp.take_along_axis(k, perm, axis=axis), axis=axis, kind="stable")
        perm = cp.take_along_axis(perm, step, axis=axis)
    return perm


def _isin_table(element, test, invert, kind):
    """isin through a presence table over test's range (NumPy's kind='table'), or None where
    NumPy would sort instead (kind=None and a range too large for the sizes)."""
    import numpy

    cp = _cunp()
    if cp.uint64 in (element.dtype, test.dtype):
        return None  # the table's int64 indices cannot hold every uint64 (the sort can)
    lo, hi = (int(v) for v in cp.stack([test.min(), test.max()]).get())
    span = hi - lo
    fits_memory = span <= 6 * (element.size + test.size)
    # NumPy's overflow condition for test - min in test's dtype; past int64 the table's
    # indices would not fit either.
    safe = span <= numpy.iinfo(test.dtype if test.dtype != cp.bool_ else cp.uint8).max
    if not (safe and (fits_memory or kind == "table")):
        if kind == "table":
            raise RuntimeError(
                "You have specified kind='table', but the range of values in `ar2` or `ar1` "
                "exceed the maximum integer of the datatype. Please set `kind` to None or "
                "'sort'.")
        return None
    table = _core.statistics.bin_counts(test.astype(cp.int64) - lo, None, span + 1) > 0
    element = element.astype(cp.int64)
    in_range = (element >= lo) & (element <= hi)
    where = cp.where(in_range, element - lo, 0)
    found = in_range & cp.take(table, where)
    return ~found if invert else found


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    """Whether each element of `element` is among `test_elements` (NaN never is). For integer
    and bool arrays kind=None or 'table' uses a presence table over the test elements' range
    (NumPy's choice by memory for None); otherwise the test elements are sorted and each
    element searched and compared with its neighbour there. assume_unique changes nothing
    (the results are the same either way)."""
    cp = _cunp()
    if kind not in (None, "sort", "table"):
        raise ValueError(f"Invalid kind: '{kind}'. Please use None, 'sort' or 'table'.")
    element = cp.asarray(element)
    test = cp.asarray(test_elements).ravel()
    integral = all(a.dtype.kind in "uib" for a in (element, test))
    if kind == "table" and not integral:
        raise ValueError("The 'table' method is only supported for boolean or integer arrays. "
                         "Please select 'sort' or None for kind.")
    if test.size == 0:
        return cp.full(element.shape, bool(invert), dtype=cp.bool_)
    if integral and kind != "sort":
        found = _isin_table(element, test, invert, kind)
        if found is not None:
            return found
    s = cp.sort(test)
    at = cp.minimum(cp.searchsorted(s, element), s.size - 1)
    found = cp.take(s, at) == element
    return ~found if invert else found

