"""max/min/argmax/argmin over the whole matrix or along an axis, counting the zeros that are
not stored unless explicit=True, as SciPy does. Along an axis every line is reduced at once:
segmented reductions over the canonical (line-major) entries, no loop over lines."""

import numpy

from . import _backend, _canonical
from ._base import sparray
from ._sputils import validateaxis


def _deduped_row_major(a):
    """(row, col, data) with duplicates summed, in row-major order."""
    return _canonical.sum_duplicates(*a._coo_parts(), a.shape[1])


def _axis(axis):
    # SciPy takes a tuple too; one naming both axes means the whole matrix.
    if isinstance(axis, tuple):
        if len(axis) == 0:
            raise ValueError("sparse does not accept 0D axis ().")
        if len(set(a % 2 for a in axis)) != len(axis):
            raise ValueError("duplicate value in axis")
        if len(axis) == 2:
            return None
        axis = axis[0]
    return validateaxis(axis)


def _no_out(out, name):
    if out is not None:
        raise ValueError(f"Sparse {name} does not support an 'out' parameter.")


def _lines(a, axis):
    """The deduplicated entries grouped by line (rows for axis=1, columns for axis=0):
    (line of each entry, position in the line, data, nonempty lines, their start offsets,
    entries per line, number of lines, line length)."""
    xp = _backend.xp
    row, col, data = a._coo_parts()
    m, n = a.shape
    line, pos = (col, row) if axis == 0 else (row, col)
    n_lines, length = (n, m) if axis == 0 else (m, n)
    line, pos, data = _canonical.sum_duplicates(line.astype(numpy.int64),
                                                pos.astype(numpy.int64), data, length)
    indptr = _canonical.compress_major(line, n_lines, numpy.int64)
    counts = indptr[1:] - indptr[:-1]
    nz_lines = xp.flatnonzero(counts)
    return line, pos, data, nz_lines, indptr[nz_lines], counts, n_lines, length


def _extreme(a, axis, largest, explicit):
    xp = _backend.xp
    ufunc = xp.maximum if largest else xp.minimum
    m, n = a.shape
    if axis is None:
        if m * n == 0:
            raise ValueError("zero-size array to reduction operation")
        _, _, data = _deduped_row_major(a)
        zero = xp.zeros((), dtype=a.dtype)
        if data.size == 0:
            return zero
        r = data.max() if largest else data.min()
        if data.size < m * n and not explicit:
            r = ufunc(r, zero)
        return r
    if a.shape[axis] == 0:
        raise ValueError("zero-size array to reduction operation")
    _, _, data, nz_lines, starts, counts, n_lines, length = _lines(a, axis)
    out = xp.zeros(n_lines, dtype=a.dtype)
    if data.size:
        value = ufunc.reduceat(data, starts)
        if not explicit:
            # A line with fewer entries than its length holds an implicit zero.
            partial = counts[nz_lines] < length
            value = xp.where(partial, ufunc(value, xp.zeros((), dtype=a.dtype)), value)
        out[nz_lines] = value
    if isinstance(a, sparray):
        # SciPy gives a 1-D COO array; cunp's sparse formats are 2-D, so the dense vector.
        return out
    coo = a._family("coo")
    shape = (1, n_lines) if axis == 0 else (n_lines, 1)
    return coo(out.reshape(shape))


def _first_missing(ind, size):
    """The smallest position of 0..size-1 absent from the sorted, distinct `ind`."""
    xp = _backend.xp
    k = ind.shape[0]
    if k == 0:
        return 0
    gaps = xp.flatnonzero(ind != xp.arange(k, dtype=ind.dtype))
    return int(gaps[0]) if gaps.size else (k if k < size else -1)


def _name(largest):
    return "argmax" if largest else "argmin"


def _arg_extreme(a, axis, largest, explicit):
    m, n = a.shape
    if axis is not None:
        return _arg_extreme_axis(a, axis, largest, explicit)
    if m * n == 0:
        raise ValueError(f"Cannot apply {_name(largest)} to an empty matrix.")
    row, col, data = _deduped_row_major(a)
    if data.size == 0:
        if explicit:
            raise ValueError(f"Cannot apply {_name(largest)} to zero matrix when "
                             "explicit=True.")
        return 0
    xp = _backend.xp
    i = int(xp.argmax(data) if largest else xp.argmin(data))
    if explicit:
        # SciPy's meaning here: the position among the summed stored entries (row-major).
        return i
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


def _arg_extreme_axis(a, axis, largest, explicit):
    xp = _backend.xp
    if a.shape[axis] == 0:
        raise ValueError(f"Cannot apply {_name(largest)} along a zero-sized dimension.")
    line, pos, data, nz_lines, starts, counts, n_lines, length = _lines(a, axis)
    ret = xp.zeros(n_lines, dtype=numpy.int64)
    if data.size:
        ufunc = xp.maximum if largest else xp.minimum
        best = ufunc.reduceat(data, starts)
        best_of = best[xp.searchsorted(nz_lines, line)]
        hit = data == best_of
        if data.dtype.kind in "fc":
            hit = hit | (xp.isnan(data) & xp.isnan(best_of))  # the first NaN wins
        big = numpy.iinfo(numpy.int64).max
        at = xp.arange(data.shape[0], dtype=numpy.int64)
        first = xp.minimum.reduceat(xp.where(hit, at, big), starts)
        idx = pos[first]
        if not explicit:
            # The first implicit zero of each line: the first entry whose position in the
            # line differs from its index (positions are sorted and distinct).
            rank = at - starts[xp.searchsorted(nz_lines, line)]
            gap = xp.minimum.reduceat(xp.where(pos != rank, rank, big), starts)
            cnt = counts[nz_lines]
            missing = xp.where(gap == big, xp.where(cnt < length, cnt, -1), gap)
            zero = xp.zeros((), dtype=a.dtype)
            beats = (best > zero) if largest else (best < zero)
            keep = beats | (cnt == length)
            idx = xp.where(keep, idx,
                           xp.where(best == zero, xp.minimum(idx, missing), missing))
        ret[nz_lines] = idx
    if isinstance(a, sparray):
        return ret
    return ret.reshape((1, n_lines) if axis == 0 else (n_lines, 1))


def _max(self, axis=None, out=None, *, explicit=False):
    _no_out(out, "min/max")
    return _extreme(self, _axis(axis), True, explicit)


def _min(self, axis=None, out=None, *, explicit=False):
    _no_out(out, "min/max")
    return _extreme(self, _axis(axis), False, explicit)


def _argmax(self, axis=None, out=None, *, explicit=False):
    _no_out(out, "argmax")
    return _arg_extreme(self, _axis(axis), True, explicit)


def _argmin(self, axis=None, out=None, *, explicit=False):
    _no_out(out, "argmin")
    return _arg_extreme(self, _axis(axis), False, explicit)


def install(cls):
    # Module-level names keep a leading underscore so that the builtins min/max stay usable.
    for f in (_max, _min, _argmax, _argmin):
        f.__name__ = f.__name__[1:]
        setattr(cls, f.__name__, f)
