"""Reading CSR and CSC by index: whole rows or columns (an int, a slice, an integer or boolean
array) and single elements A[i, j]. A selection on the compressed axis gathers the selected
lines' entries in their stored order; one on the other axis goes through the other format.
Two index arrays together pick elements pairwise (_pointwise.py). Assignment is in
_assign.py."""

import operator

import numpy

from . import _backend, _lines, _pointwise
from ._base import sparray
from ._sputils import isintlike


def _normalize_int(i, bound):
    i = operator.index(i)
    if i < -bound or i >= bound:
        raise IndexError(f"index ({i}) out of range")
    return i + bound if i < 0 else i


def _line_indices(key, bound):
    """The selected line numbers as an int64 device array (None for the whole axis), whether
    the key was a single integer, and whether the numbers are known in range and non-negative
    (an integer array's are checked, and negative ones counted from the end, by the take)."""
    xp = _backend.xp
    if isinstance(key, slice):
        if key == slice(None):
            return None, False, True
        start, stop, step = key.indices(bound)
        return xp.arange(start, stop, step, dtype=numpy.int64), False, True
    if isintlike(key):
        return xp.asarray([_normalize_int(key, bound)], dtype=numpy.int64), True, True
    is_mask = (key.dtype if hasattr(key, "dtype") else numpy.asarray(key).dtype) == numpy.bool_
    arr = _pointwise.index_array(key, bound)
    if is_mask:  # the positions of its True entries: in range by construction
        return arr, False, True
    if arr.ndim != 1:
        raise IndexError("Index dimension must be 1 or 2")
    # No copy for an int64 device key; the range check waits for the take's one host read.
    return xp.asarray(arr).astype(numpy.int64, copy=False), False, False


def select_major(a, lines, checked=True):
    """The compressed matrix of a's lines `lines` (along its compressed axis), in order; unless
    `checked`, the numbers are a user's (negative from the end, range checked)."""
    data, indices, indptr = _lines.take(a.indptr, a.indices, a.data, lines, checked)
    n = lines.shape[0]
    shape = (n, a.shape[1]) if a._by_rows else (a.shape[0], n)
    return a.__class__._from_compressed(data, indices, indptr, shape, a._sorted, a._canonical)


def _element(a, i, j):
    """A[i, j]: the sum of the entries stored there (zero when none), a 0-d device array."""
    xp = _backend.xp
    m, n = a.shape
    i, j = _normalize_int(i, m), _normalize_int(j, n)
    major, minor = (i, j) if a._by_rows else (j, i)
    lo, hi = int(a.indptr[major]), int(a.indptr[major + 1])
    hit = a.indices[lo:hi] == minor
    return xp.where(hit, a.data[lo:hi], xp.zeros((), dtype=a.dtype)).sum(dtype=a.dtype)


def _mask_key(a, key):
    """The (rows, cols) of a dense boolean mask of A's shape given as the whole key, else
    None: A[mask] reads the masked elements in row-major order, as NumPy's."""
    if isinstance(key, (tuple, slice)) or isintlike(key):
        return None
    arr = key if _backend.is_device_array(key) else numpy.asarray(key)
    if arr.dtype != numpy.bool_ or arr.ndim != 2:
        return None
    if tuple(arr.shape) != tuple(a.shape):
        raise IndexError(f"boolean index did not match indexed array; shape is {a.shape} "
                         f"but boolean index shape is {tuple(arr.shape)}")
    return _backend.xp.nonzero(_backend.xp.asarray(arr))


def getitem(a, key):
    if isinstance(key, tuple) and len(key) == 1:
        key = key[0]
    mask = _mask_key(a, key)
    if mask is not None:
        return _pointwise.getitem(a, *mask)
    if isinstance(key, tuple):
        if len(key) == 1:
            key = (key[0], slice(None))
        elif len(key) != 2:
            raise IndexError("invalid number of indices")
    else:
        key = (key, slice(None))
    rk, ck = key
    if isintlike(rk) and isintlike(ck):
        return _element(a, rk, ck)
    if _pointwise.is_paired(rk, ck):
        return _pointwise.getitem(a, rk, ck)
    rows, row_int, rows_checked = _line_indices(rk, a.shape[0])
    cols, col_int, cols_checked = _line_indices(ck, a.shape[1])
    # An integer on either axis of a sparse array drops that axis: a 1-D coo_array, as
    # SciPy 1.15+ gives, of the 1 x k (k x 1) selection.
    one_d = (row_int or col_int) and isinstance(a, sparray)
    out = a
    for sel, checked, by_rows in ((rows, rows_checked, True), (cols, cols_checked, False)):
        if sel is None:
            continue
        if out._by_rows == by_rows:
            out = select_major(out, sel, checked)
        else:
            fmt = out.format
            flipped = out._convert_to("csr" if by_rows else "csc", False)
            out = select_major(flipped, sel, checked)._convert_to(fmt, False)
    if one_d:
        from ._coo1d import coo_array_1d

        row, col, data = out._coo_parts()
        idx, n = (col, out.shape[1]) if row_int else (row, out.shape[0])
        return coo_array_1d._from_parts(idx, data, n)
    return out.copy() if out is a else out
