"""Reading CSR and CSC at paired coordinates: A[rows, cols] with two index arrays (or an array
and an integer) picks the elements (rows[k], cols[k]) after broadcasting the two, as NumPy's
fancy indexing does, not the outer submatrix. A 1-D pairing gives the values densely (SciPy:
a 1-D ndarray for *_array, a 1 x k numpy.matrix for *_matrix); a 2-D one gives a sparse matrix
of the broadcast shape in A's format.

Each element is found by a binary search of its column within its row's stored (sorted)
indices, all queries advancing together: log2 of the longest row vector steps, no host loop
over the queries and no coordinate per stored entry."""

import numpy

from . import _backend
from ._base import sparray
from ._sputils import isintlike


def index_array(key, bound):
    """An integer index array (NumPy or device) for one axis of a key; a 1-D boolean array
    stands for the positions of its True entries (on the device)."""
    xp = _backend.xp
    arr = key if _backend.is_device_array(key) else numpy.asarray(key)
    if arr.size == 0 and arr.dtype.kind == "f":
        arr = arr.astype(numpy.int64)  # an empty list selects nothing
    if arr.dtype == numpy.bool_:
        if arr.ndim != 1 or arr.shape[0] != bound:
            raise IndexError(f"boolean index did not match indexed array along axis; size "
                             f"of axis is {bound} but size of boolean index is "
                             f"{arr.shape[0] if arr.ndim else 0}")
        return xp.flatnonzero(xp.asarray(arr))
    if arr.dtype.kind not in "iu":
        raise IndexError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis "
                         "(`None`) and integer or boolean arrays are valid indices")
    return xp.asarray(arr)


def _ndim(k):
    """The number of dimensions of an index (None for a slice)."""
    if isinstance(k, slice):
        return None
    return k.ndim if _backend.is_device_array(k) else numpy.ndim(k)


def is_paired(rk, ck):
    """Whether A[rk, ck] is an elementwise (paired) selection: two index arrays, or an index
    array of two dimensions beside an integer. One 1-D array beside an integer or a slice
    selects whole lines (_index.py)."""
    dims = (_ndim(rk), _ndim(ck))
    if dims[0] and dims[1]:
        return True
    return 2 in dims and None not in dims


def _broadcast(rows, cols):
    shapes = (tuple(rows.shape), tuple(cols.shape))
    try:
        shape = numpy.broadcast_shapes(*shapes)
    except ValueError:
        raise IndexError("shape mismatch: indexing arrays could not be broadcast together "
                         f"with shapes {shapes[0]} {shapes[1]}") from None
    if len(shape) > 2:
        raise IndexError("Indexing that leads to >2D is not supported by cunp.scipy.sparse")
    xp = _backend.xp
    # astype copies the (stride-0) broadcast views into plain arrays before flattening.
    return (xp.broadcast_to(rows, shape).astype(numpy.int64).reshape(-1),
            xp.broadcast_to(cols, shape).astype(numpy.int64).reshape(-1), shape)


def element_values(a, rows, cols):
    """The values of a (CSR or CSC) at the pairs (rows[k], cols[k]), int64 1-D arrays in range
    and non-negative: duplicates summed, zero where nothing is stored."""
    xp = _backend.xp
    if not a.has_canonical_format:
        a = a.copy()
        a.sum_duplicates()
    major, minor = (rows, cols) if a._by_rows else (cols, rows)
    k = major.shape[0]
    out = xp.zeros(k, dtype=a.dtype)
    if k == 0 or a.nnz == 0:
        return out
    ptr = a.indptr.astype(numpy.int64)
    lo, hi = ptr[major], ptr[major + 1]
    longest = int((ptr[1:] - ptr[:-1]).max())
    indices = a.indices
    last = a.nnz - 1
    # Lower bound of minor in [lo, hi): each step halves every query's range at once.
    for _ in range(max(int(longest).bit_length(), 1)):
        active = lo < hi
        mid = (lo + hi) // 2
        below = indices[xp.minimum(mid, last)] < minor
        lo = xp.where(active & below, mid + 1, lo)
        hi = xp.where(active & ~below, mid, hi)
    end = ptr[major + 1]
    at = xp.minimum(lo, last)
    hit = (lo < end) & (indices[at] == minor)
    return xp.where(hit, a.data[at], out)


def _normalize(idx, bound):
    """Negative indices counted from the end, one out of range refused (one host read)."""
    xp = _backend.xp
    if idx.size == 0:
        return idx
    lo, hi = (int(v) for v in _backend.to_host(xp.stack([idx.min(), idx.max()])))
    if hi >= bound:
        raise IndexError(f"index ({hi}) out of range")
    if lo < -bound:
        raise IndexError(f"index ({lo}) out of range")
    return xp.where(idx < 0, idx + bound, idx) if lo < 0 else idx


def getitem(a, rk, ck):
    """A[rk, ck] for a paired key (is_paired)."""
    xp = _backend.xp
    m, n = a.shape
    rows = index_array(rk, m)
    cols = index_array(ck, n)
    rows, cols, shape = _broadcast(rows, cols)
    values = element_values(a, _normalize(rows, m), _normalize(cols, n))
    if len(shape) == 2:
        # A sparse matrix of the broadcast shape, the values that are not zero its entries.
        keep = xp.flatnonzero(values != 0)
        width = max(shape[1], 1)
        out = a.__class__._from_coordinates(keep // width, keep % width, values[keep], shape)
        # SciPy goes through COO when the row is a single integer (its column path).
        return out.tocoo() if isintlike(rk) else out
    if isinstance(a, sparray):
        if values.size == 0:  # SciPy: an empty 1-D coo_array
            from ._coo1d import coo_array_1d

            return coo_array_1d((0,), dtype=a.dtype)
        return values.reshape(shape)
    if values.size == 0:
        return a.__class__((1, 0), dtype=a.dtype)  # SciPy: an empty sparse matrix
    return values.reshape(1, -1)  # numpy.matrix in SciPy; cunp has no matrix type
