"""max/min/argmax/argmin over the whole matrix (axis=None), counting the zeros that are not
stored as SciPy does; along an axis is left for later."""

import numpy

from . import _backend, _canonical


def _deduped_row_major(a):
    """(row, col, data) with duplicates summed, in row-major order."""
    return _canonical.sum_duplicates(*a._coo_parts(), a.shape[1])


def _extreme(a, axis, largest):
    xp = _backend.xp
    if axis is not None:
        raise NotImplementedError("max/min along an axis is not implemented yet")
    m, n = a.shape
    if m * n == 0:
        name = "maximum" if largest else "minimum"
        raise ValueError(f"zero-size array to reduction operation {name} which has no "
                         "identity")
    _, _, data = _deduped_row_major(a)
    zero = xp.zeros((), dtype=a.dtype)
    if data.size == 0:
        return zero
    r = data.max() if largest else data.min()
    if data.size < m * n:
        r = xp.maximum(r, zero) if largest else xp.minimum(r, zero)
    return r


def _first_missing(ind, size):
    """The smallest position of 0..size-1 absent from the sorted, distinct `ind`."""
    xp = _backend.xp
    k = ind.shape[0]
    if k == 0:
        return 0
    gaps = xp.flatnonzero(ind != xp.arange(k, dtype=ind.dtype))
    return int(gaps[0]) if gaps.size else (k if k < size else -1)


def _arg_extreme(a, axis, largest):
    if axis is not None:
        raise NotImplementedError("argmax/argmin along an axis is not implemented yet")
    m, n = a.shape
    if m * n == 0:
        raise ValueError("cannot apply argmax/argmin to an empty sparse matrix")
    row, col, data = _deduped_row_major(a)
    if data.size == 0:
        return 0
    xp = _backend.xp
    i = int(xp.argmax(data) if largest else xp.argmin(data))
    best = data[i]
    ind = row.astype(numpy.int64) * n + col.astype(numpy.int64)
    at = int(ind[i])
    beats_zero = bool(best > 0) if largest else bool(best < 0)
    if beats_zero or data.size == m * n:
        return at
    missing = _first_missing(ind, m * n)
    if bool(best == 0):
        return min(missing, at)
    return missing


def _max(self, axis=None, out=None):
    return _extreme(self, axis, True)


def _min(self, axis=None, out=None):
    return _extreme(self, axis, False)


def _argmax(self, axis=None, out=None):
    return _arg_extreme(self, axis, True)


def _argmin(self, axis=None, out=None):
    return _arg_extreme(self, axis, False)


def install(cls):
    # Module-level names keep a leading underscore so that the builtins min/max stay usable.
    for f in (_max, _min, _argmax, _argmin):
        f.__name__ = f.__name__[1:]
        setattr(cls, f.__name__, f)
