# python/cunp/_index_tricks.py -- index arrays for other calls: indices, ix_, ravel_multi_index,
# unravel_index and the diagonal and triangle indices.
"""Index construction with NumPy 2's semantics."""
import math
import operator

from cunp._indexing import _any, _apply_mode, _arange, _asarray, _empty, _int_indices, \
    _is_device_array, _unravel, flatnonzero

__all__ = [
    "diag_indices", "diag_indices_from", "tril_indices", "tril_indices_from", "triu_indices",
    "triu_indices_from", "indices", "ix_", "ravel_multi_index", "unravel_index",
]


def diag_indices(n, ndim=2):
    idx = _arange(n)
    return (idx,) * ndim


def diag_indices_from(arr):
    if arr.ndim < 2:
        raise ValueError("input array must be at least 2-d")
    if any(s != arr.shape[0] for s in arr.shape):
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(arr.shape[0], arr.ndim)


def _host_indices(pair):
    return tuple(_asarray(p.astype("int64")) for p in pair)


def tril_indices(n, k=0, m=None):
    import numpy

    return _host_indices(numpy.tril_indices(n, k, m))


def triu_indices(n, k=0, m=None):
    import numpy

    return _host_indices(numpy.triu_indices(n, k, m))


def tril_indices_from(arr, k=0):
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return tril_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def triu_indices_from(arr, k=0):
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return triu_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def indices(dimensions, dtype=int, sparse=False):
    dimensions = tuple(dimensions)
    nd = len(dimensions)
    parts = []
    for d, n in enumerate(dimensions):
        shape = [1] * nd
        shape[d] = n
        parts.append(_arange(n, dtype=dtype).reshape(tuple(shape)))
    if sparse:
        return tuple(parts)
    from cunp._joining import stack
    from cunp._manipulation import broadcast_to

    if nd == 0:
        return _empty((0,), dtype)
    return stack([broadcast_to(p, dimensions) for p in parts])


def ix_(*args):
    out = []
    nd = len(args)
    for k, a in enumerate(args):
        j = _asarray(a)
        if j.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if j.size == 0 and j.dtype.kind == "f" and not _is_device_array(a):
            j = j.astype("int64")
        if j.dtype.kind == "b":
            j = flatnonzero(j)
        out.append(j.reshape((1,) * k + (j.size,) + (1,) * (nd - k - 1)))
    return tuple(out)


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    dims = tuple(operator.index(d) for d in dims)
    coords = [_int_indices(c, "only int indices permitted") for c in multi_index]
    if len(coords) != len(dims):
        raise ValueError("parameter multi_index must be a sequence of length %d" % len(dims))
    modes = (mode,) * len(dims) if isinstance(mode, str) else tuple(mode)
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    strides, s = [0] * len(dims), 1
    for d in (reversed(range(len(dims))) if order == "C" else range(len(dims))):
        strides[d] = s
        s *= dims[d]
    total = None
    for c, n, md, st in zip(coords, dims, modes, strides):
        if md == "raise":
            if c.size and _any((c < 0) | (c >= n)):
                raise ValueError("invalid entry in coordinates array")
        else:
            c = _apply_mode(c, n, md)
        term = c.astype("int64") * st
        total = term if total is None else total + term
    return total


def unravel_index(indices, shape, order="C"):
    j = _int_indices(indices, "only int indices permitted")
    shape = tuple(operator.index(n) for n in ((shape,) if isinstance(shape, int) else shape))
    size = math.prod(shape)
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    if j.size and _any((j < 0) | (j >= size)):
        h = j.get().ravel()
        bad = h[(h < 0) | (h >= size)][0]
        raise ValueError("index %d is out of bounds for array with size %d" % (bad, size))
    j = j.astype("int64")
    if order == "C":
        return _unravel(j, shape)
    return tuple(reversed(_unravel(j, tuple(reversed(shape)))))
