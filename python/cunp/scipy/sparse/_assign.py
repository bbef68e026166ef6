"""Assignment into CSR and CSC: A[i, j] = v, rows, columns, slices, fancy and boolean keys,
dense or sparse values, and setdiag. Positions already stored are written in place; when new
positions appear the matrix is rebuilt in canonical order with them (explicit zeros included,
as SciPy stores an assigned zero) and SciPy's SparseEfficiencyWarning is given. A position
named more than once takes the last value, as in SciPy."""

import operator
import warnings

import numpy

from . import _backend
from ._base import SparseEfficiencyWarning, issparse


def _host_index(ix, bound):
    """One axis of the key as an int, a slice, or a NumPy int64 array with negatives folded
    in (bounds checked, booleans turned into positions)."""
    if isinstance(ix, slice):
        return ix
    if isinstance(ix, (int, numpy.integer)) and not isinstance(ix, (bool, numpy.bool_)):
        i = operator.index(ix)
        if i < -bound or i >= bound:
            raise IndexError(f"index ({i}) out of range")
        return i + bound if i < 0 else i
    arr = numpy.asarray(_backend.to_host(ix))
    if arr.dtype == numpy.bool_:
        if arr.ndim != 1 or arr.shape[0] != bound:
            raise IndexError(f"boolean index did not match indexed array along axis; size "
                             f"of axis is {bound}")
        return numpy.flatnonzero(arr)
    if arr.size == 0:
        arr = arr.astype(numpy.int64)
    if arr.dtype.kind not in "iu":
        raise IndexError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis "
                         "(`None`) and integer or boolean arrays are valid indices")
    arr = arr.astype(numpy.int64)
    if arr.size and (arr.max() >= bound or arr.min() < -bound):
        bad = arr.max() if arr.max() >= bound else arr.min()
        raise IndexError(f"index ({bad}) out of range")
    return numpy.where(arr < 0, arr + bound, arr)


def _parse(a, key):
    """(row key, column key) for the two axes, masks given as one key turned into the pairs
    of positions they select."""
    m, n = a.shape
    if not isinstance(key, tuple):
        if issparse(key) or (hasattr(key, "ndim") and key.ndim == 2 and
                             numpy.dtype(key.dtype) == numpy.bool_):
            if key.shape != a.shape:
                raise IndexError("boolean index did not match indexed array")
            mask = numpy.asarray(_backend.to_host(key.toarray() if issparse(key) else key))
            r, c = numpy.nonzero(mask)
            return r.astype(numpy.int64), c.astype(numpy.int64)
        key = (key,)
    if len(key) == 1:
        key = (key[0], slice(None))
    if len(key) != 2:
        raise IndexError("invalid number of indices")
    return _host_index(key[0], m), _host_index(key[1], n)


def _dense_value(a, x):
    xp = _backend.xp
    return xp.asarray(x if _backend.is_device_array(x) else numpy.asarray(x), dtype=a.dtype)


def setitem(a, key, x):
    xp = _backend.xp
    m, n = a.shape
    row, col = _parse(a, key)
    if isinstance(row, int) and isinstance(col, int):
        v = _dense_value(a, x.toarray() if issparse(x) else x)
        if v.size != 1:
            raise ValueError("Trying to assign a sequence to an item")
        set_many(a, numpy.array([row]), numpy.array([col]), v.reshape(1))
        return
    if isinstance(row, slice):
        row = numpy.arange(*row.indices(m))[:, None]
    else:
        row = numpy.atleast_1d(row)
    if isinstance(col, slice):
        col = numpy.arange(*col.indices(n))[None, :]
        if row.ndim == 1:
            row = row[:, None]
    else:
        col = numpy.atleast_1d(col)
    try:
        i, j = numpy.broadcast_arrays(row, col)
    except ValueError as e:
        raise IndexError("number of row and column indices differ") from e
    if issparse(x):
        _set_sparse(a, i, j, x)
        return
    v = _dense_value(a, x)
    if v.squeeze().shape != i.squeeze().shape:
        v = xp.broadcast_to(v, i.shape)
    if v.size == 0:
        return
    set_many(a, i.ravel(), j.ravel(), v.reshape(i.shape).ravel())


def _set_sparse(a, i, j, x):
    """Sparse values: the targeted stored entries become zero (structure kept), then x's
    stored entries are written, x broadcast along a length-one axis."""
    xp = _backend.xp
    if 0 in x.shape:
        return
    if i.ndim == 1:
        i, j = i[None], j[None]
    M, N = i.shape
    bc_row = x.shape[0] == 1 and M != 1
    bc_col = x.shape[1] == 1 and N != 1
    if not ((bc_row or x.shape[0] == M) and (bc_col or x.shape[1] == N)):
        raise ValueError("shape mismatch in assignment")
    _zero_many(a, i.ravel(), j.ravel())
    xc = x.tocoo(copy=True)
    xc.sum_duplicates()
    r, c, d = (numpy.asarray(_backend.to_host(t)) for t in (xc.row, xc.col, xc.data))
    if bc_row:
        r, c, d = numpy.repeat(numpy.arange(M), r.size), numpy.tile(c, M), numpy.tile(d, M)
    if bc_col:
        r, c, d = numpy.repeat(r, N), numpy.tile(numpy.arange(N), c.size), numpy.repeat(d, N)
    if d.size:
        set_many(a, i[r, c], j[r, c], xp.asarray(d).astype(a.dtype))


def _flat_keys(a, row, col):
    """major * n_minor + minor for (row, col) given on the host, as a device int64 array."""
    xp = _backend.xp
    major, minor = (row, col) if a._by_rows else (col, row)
    n_minor = max(a._swap(a.shape)[1], 1)
    return xp.asarray(major.astype(numpy.int64) * n_minor + minor.astype(numpy.int64))


def _stored_keys(a):
    a.sum_duplicates()  # canonical: one sorted key per stored position
    major, minor = a._major_minor()
    n_minor = max(a._swap(a.shape)[1], 1)
    return major.astype(numpy.int64) * n_minor + minor.astype(numpy.int64)


def _lookup(stored, keys):
    """Offsets of keys among the sorted stored keys and whether each is stored."""
    xp = _backend.xp
    pos = xp.searchsorted(stored, keys)
    if stored.shape[0] == 0:
        return pos, xp.zeros(keys.shape, dtype=bool)
    safe = xp.minimum(pos, stored.shape[0] - 1)
    return safe, (pos < stored.shape[0]) & (stored[safe] == keys)


def _zero_many(a, row, col):
    stored = _stored_keys(a)
    pos, found = _lookup(stored, _flat_keys(a, row, col))
    a.data[pos[found]] = 0


def set_many(a, row, col, values, warn=True):
    """a[row[k], col[k]] = values[k] for host index arrays and device values; the last
    value wins for a repeated position."""
    xp = _backend.xp
    keys = _flat_keys(a, row, col)
    values = values.astype(a.dtype)
    # Keep the last assignment of each position: stable sort, then each run's final element.
    order = xp.argsort(keys, kind="stable")
    keys, values = keys[order], values[order]
    if keys.shape[0] > 1:
        last = xp.concatenate([keys[1:] != keys[:-1], xp.ones(1, dtype=bool)])
        keys, values = keys[last], values[last]
    stored = _stored_keys(a)
    pos, found = _lookup(stored, keys)
    if bool(found.all()):
        a.data[pos] = values
        return
    if warn:
        warnings.warn(f"Changing the sparsity structure of a {a.__class__.__name__} is "
                      "expensive. lil and dok are more efficient.", SparseEfficiencyWarning,
                      stacklevel=4)
    data = a.data.copy()
    data[pos[found]] = values[found]
    new = ~found
    n_minor = max(a._swap(a.shape)[1], 1)
    all_keys = xp.concatenate([stored, keys[new]])
    major, minor = all_keys // n_minor, all_keys % n_minor
    row_, col_ = (major, minor) if a._by_rows else (minor, major)
    out = a.__class__._from_coordinates(row_, col_, xp.concatenate([data, values[new]]),
                                        a.shape)
    a.data, a.indices, a.indptr = out.data, out.indices, out.indptr
    a._sorted = a._canonical = True


def setdiag(a, values, k=0):
    """Sets diagonal k (values broadcast, or cut to the diagonal's length); new positions
    are added without a warning, as SciPy does for setdiag."""
    m, n = a.shape
    if (k > 0 and k >= n) or (k < 0 and -k >= m):
        raise ValueError("k exceeds array dimensions")
    if 0 in a.shape:
        return
    xp = _backend.xp
    values = values if _backend.is_device_array(values) else numpy.asarray(values)
    length = min(m + k, n) if k < 0 else min(m, n - k)
    if values.ndim:
        length = min(length, values.shape[0])
        values = values[:length]
    v = xp.broadcast_to(xp.asarray(values, dtype=a.dtype).reshape(-1) if values.ndim else
                        xp.asarray(values, dtype=a.dtype), (length,))
    if length == 0:
        return
    idx = numpy.arange(length)
    row, col = (idx - k, idx) if k < 0 else (idx, idx + k)
    set_many(a, row, col, v, warn=False)


def coo_setitem(a, key, x):
    """COO arrays take assignment (SciPy 1.17 gives them NumPy's rules): done on CSR and
    stored back; explicit zeros the assignment writes are dropped, as SciPy's COO drops
    them."""
    csr = a.tocsr()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SparseEfficiencyWarning)
        setitem(csr, key, x)
    csr.eliminate_zeros()
    out = csr.tocoo()
    a.row, a.col, a.data = out.row, out.col, out.data
    a.has_canonical_format = True


def coo_setdiag(a, values, k=0):
    """setdiag for COO and DIA: the entries of the diagonal's covered part are replaced."""
    csr = a.tocsr()
    setdiag(csr, values, k)
    return csr
