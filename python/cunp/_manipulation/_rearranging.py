"""Rearranging elements: rollaxis, rot90, append, insert, delete, resize, trim_zeros, block,
copyto. Index arguments (insert's and delete's obj) are host data, worked out with NumPy on the
host; the data moves by slicing, take and indexed assignment on the device."""
import operator

from cunp import _core
from cunp._core import ndarray
from cunp._creation._basic import arange, asarray

__all__ = ["rollaxis", "rot90", "append", "insert", "delete", "resize", "trim_zeros", "block",
           "copyto"]


def _numpy():
    import numpy

    return numpy


def _host(obj):
    """An index argument as a NumPy array (a cunp array is copied to the host)."""
    return obj.get() if isinstance(obj, ndarray) else _numpy().array(obj)


def _ndim(v):
    nd = getattr(v, "ndim", None)
    return nd if nd is not None else _numpy().ndim(v)


def rollaxis(a, axis, start=0):
    """A view of a with `axis` moved to before position `start` (moveaxis is the clearer
    spelling)."""
    a = asarray(a)
    n = a.ndim
    axis = _core.axes.normalize_axis(axis, n)
    start = operator.index(start)
    if start < 0:
        start += n
    if not 0 <= start < n + 1:
        from numpy.exceptions import AxisError

        raise AxisError(f"'start' arg requires {-n} <= start < {n + 1}")
    if axis < start:
        start -= 1
    if axis == start:
        return a[...]
    axes = list(range(n))
    axes.remove(axis)
    axes.insert(start, axis)
    return a.transpose(axes)


def rot90(m, k=1, axes=(0, 1)):
    """A view of m rotated by 90 degrees k times in the plane of `axes` (from the first axis
    towards the second)."""
    from cunp._manipulation._shapes import flip

    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    m = asarray(m)
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == m.ndim:
        raise ValueError("Axes must be different.")
    if not (-m.ndim <= axes[0] < m.ndim and -m.ndim <= axes[1] < m.ndim):
        raise ValueError(f"Axes={axes} out of range for array of ndim={m.ndim}.")
    k = operator.index(k) % 4
    if k == 0:
        return m[:]
    if k == 2:
        return flip(flip(m, axes[0]), axes[1])
    perm = list(range(m.ndim))
    perm[axes[0]], perm[axes[1]] = perm[axes[1]], perm[axes[0]]
    if k == 1:
        return flip(m, axes[1]).transpose(perm)
    return flip(m.transpose(perm), axes[1])


def append(arr, values, axis=None):
    """arr and values joined along `axis` (both flattened for None), as a new array."""
    from cunp import concatenate

    arr = asarray(arr)
    if axis is None:
        if arr.ndim != 1:
            arr = arr.ravel()
        values = asarray(values).ravel()
        axis = arr.ndim - 1
    return concatenate((arr, values), axis=axis)


def _axis_and_array(arr, axis):
    arr = asarray(arr)
    if axis is None:
        return (arr.ravel() if arr.ndim != 1 else arr), 0
    return arr, _core.axes.normalize_axis(axis, arr.ndim)


def _key(ndim, axis, index):
    key = [slice(None)] * ndim
    key[axis] = index
    return tuple(key)


def insert(arr, obj, values, axis=None):
    """A copy of arr with values inserted before the index or indices obj along `axis` (the
    flattened array for None)."""
    np = _numpy()
    arr, axis = _axis_and_array(arr, axis)
    nd = arr.ndim
    n = arr.shape[axis]
    shape = list(arr.shape)
    if isinstance(obj, slice):
        indices = np.arange(*obj.indices(n), dtype=np.intp)
    else:
        indices = _host(obj)
        if indices.dtype == bool:
            if indices.ndim != 1:
                raise ValueError("boolean array argument obj to insert must be one "
                                 "dimensional")
            indices = np.flatnonzero(indices)
        elif indices.ndim > 1:
            raise ValueError("index array argument obj to insert must be one dimensional or "
                             "scalar")
    if indices.size == 1:
        index = indices.item()
        if index < -n or index > n:
            raise IndexError(f"index {obj} is out of bounds for axis {axis} with size {n}")
        if index < 0:
            index += n
        values = _core.array(values, arr.dtype, None, "K", nd)
        if indices.ndim == 0:
            from cunp._manipulation._shapes import moveaxis

            values = moveaxis(values, 0, axis)
        numnew = values.shape[axis]
        shape[axis] += numnew
        new = _core.empty(tuple(shape), arr.dtype)
        new[_key(nd, axis, slice(None, index))] = arr[_key(nd, axis, slice(None, index))]
        new[_key(nd, axis, slice(index, index + numnew))] = values
        new[_key(nd, axis, slice(index + numnew, None))] = arr[_key(nd, axis, slice(index, None))]
        return new
    if indices.size == 0 and not isinstance(obj, (ndarray, np.ndarray)):
        indices = indices.astype(np.intp)
    if indices.dtype.kind not in "iu":
        raise IndexError("arrays used as indices must be of integer (or boolean) type")
    # The wrap-around in the indices' own dtype on the host, as NumPy does it: an unsigned
    # index array (other than one element) then fails NumPy's same_kind cast of the intp sum,
    # with NumPy's own error.
    indices = indices.copy()
    indices[indices < 0] += np.intp(n)
    indices = indices.astype(np.intp)
    numnew = len(indices)
    order = indices.argsort(kind="stable")
    indices[order] += np.arange(numnew)
    shape[axis] += numnew
    old = np.ones(shape[axis], dtype=bool)
    old[indices] = False
    new = _core.empty(tuple(shape), arr.dtype)
    new[_key(nd, axis, asarray(indices))] = values
    new[_key(nd, axis, asarray(old))] = arr
    return new


def delete(arr, obj, axis=None):
    """A copy of arr without the sub-arrays at the index, slice, indices or boolean mask obj
    along `axis` (the flattened array for None)."""
    from cunp import take

    np = _numpy()
    arr, axis = _axis_and_array(arr, axis)
    n = arr.shape[axis]
    keep = np.ones(n, dtype=bool)
    if isinstance(obj, slice):
        keep[obj] = False
    else:
        index = _host(obj)
        if index.size == 0 and not isinstance(obj, (ndarray, np.ndarray)):
            index = index.astype(np.intp)
        if index.dtype.kind in "iu" and index.size == 1:
            index = index.item()
            if index < -n or index >= n:
                raise IndexError(f"index {index} is out of bounds for axis {axis} with size "
                                 f"{n}")
            keep[index] = False
        elif index.dtype == bool:
            if index.shape != (n,):
                raise ValueError("boolean array argument obj to delete must be one "
                                 f"dimensional and match the axis length of {n}")
            keep = ~index
        else:
            keep[index,] = False
    if keep.all():
        return arr.copy()
    return take(arr, asarray(np.flatnonzero(keep)), axis=axis)


def resize(a, new_shape):
    """An array of shape new_shape filled with a's flattened elements, repeated as often as
    needed (zeros for an empty a)."""
    from cunp import take

    import numpy

    # As NumPy: an int is one dimension; anything else (a 0-d array too) is iterated.
    if isinstance(new_shape, (int, numpy.integer)):
        new_shape = (new_shape,)
    size = 1
    for s in new_shape:  # NumPy's order: the product and the sign, then the conversion
        size *= s
        if s < 0:
            raise ValueError("all elements of `new_shape` must be non-negative")
    new_shape = tuple(operator.index(s) for s in new_shape)
    size = operator.index(size)
    a = asarray(a).ravel()
    if a.size == 0 or size == 0:
        return _core.zeros(new_shape, a.dtype)
    if size <= a.size:
        return a[:size].reshape(new_shape).copy()
    return take(a, arange(size) % a.size).reshape(new_shape)


def trim_zeros(filt, trim="fb", axis=None):
    """filt without its leading ('f') and/or trailing ('b') zeros along the given axes (every
    axis for None): a slice of filt (a list stays a list)."""
    np = _numpy()
    trim = trim.lower()
    if trim not in {"fb", "bf", "f", "b"}:
        raise ValueError(f"unexpected character(s) in `trim`: {trim!r}")
    arr = asarray(filt)
    axes = _core.axes.normalize_axes(axis, arr.ndim)
    if not axes:
        return filt
    from cunp import concatenate

    # Which positions along each axis hold a nonzero: one small copy to the host.
    nz = arr != 0
    masks = [nz.any(axis=tuple(d for d in range(arr.ndim) if d != ax)).reshape(-1)
             for ax in range(arr.ndim)]
    flags = concatenate(masks).get() if masks else np.zeros(0, bool)
    start, stop, pos = [], [], 0
    for d in range(arr.ndim):
        where = np.flatnonzero(flags[pos:pos + arr.shape[d]])
        pos += arr.shape[d]
        if where.size == 0:
            start = stop = [0] * arr.ndim
            break
        start.append(int(where[0]) if "f" in trim else None)
        stop.append(int(where[-1]) + 1 if "b" in trim else None)
    key = tuple(slice(start[d], stop[d]) if d in axes else slice(None) for d in range(arr.ndim))
    if len(key) == 1:
        return filt[key[0]]
    return (filt if isinstance(filt, ndarray) else arr)[key]


def _block_index(index):
    return "arrays" + "".join(f"[{i}]" for i in index if i is not None)


def _block_depths(arrays, parent=()):
    """(the index of a bottom element, the largest ndim of the arrays); ValueError where the
    lists' depths differ."""
    if isinstance(arrays, tuple):
        raise TypeError(f"{_block_index(parent)} is a tuple. Only lists can be used to arrange "
                        "blocks, and np.block does not allow implicit conversion from tuple to "
                        "ndarray.")
    if isinstance(arrays, list):
        if not arrays:
            return parent + (None,), 0
        first, nd = None, 0
        for i, item in enumerate(arrays):
            index, ndim = _block_depths(item, parent + (i,))
            nd = max(nd, ndim)
            if first is None:
                first = index
            elif len(index) != len(first):
                raise ValueError("List depths are mismatched. First element was at depth "
                                 f"{len(first)}, but there is an element at depth {len(index)} "
                                 f"({_block_index(index)})")
            if index[-1] is None:
                first = index
        return first, nd
    return parent, _ndim(arrays)


def _block(arrays, depth, list_ndim, result_ndim):
    from cunp import concatenate

    if depth < list_ndim:
        parts = [_block(a, depth + 1, list_ndim, result_ndim) for a in arrays]
        return concatenate(parts, axis=-(list_ndim - depth))
    return _core.array(arrays, None, None, "K", result_ndim)


def block(arrays):
    """An array assembled from nested lists of blocks: the innermost lists join along the last
    axis, the next ones along the one before, and so on."""
    bottom, arr_ndim = _block_depths(arrays)
    list_ndim = len(bottom)
    if bottom and bottom[-1] is None:
        raise ValueError(f"List at {_block_index(bottom)} cannot be empty")
    result_ndim = max(arr_ndim, list_ndim)
    if list_ndim == 0:
        return _core.array(arrays, None, True, "K", result_ndim)
    return _block(arrays, 0, list_ndim, result_ndim)


_KIND_RANK = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}


def _check_cast(src, dst_dtype, casting):
    from cunp import can_cast

    if isinstance(src, (bool, int, float, complex)):
        # Python scalars are weak (NEP 50): only their kind counts.
        kind = "b" if isinstance(src, bool) else "i" if isinstance(src, int) else \
            "f" if isinstance(src, float) else "c"
        ok = casting == "unsafe" or _KIND_RANK[kind] <= _KIND_RANK.get(dst_dtype.kind, -1)
        src_dtype = _numpy().dtype({"b": bool, "i": int, "f": float, "c": complex}[kind])
    else:
        src_dtype = src.dtype
        ok = can_cast(src_dtype, dst_dtype, casting=casting)
    if not ok:
        what = "array data" if isinstance(src, ndarray) else "scalar"
        raise TypeError(f"Cannot cast {what} from {src_dtype!r} to {dst_dtype!r} according to "
                        f"the rule {casting!r}")


def _check_where(where, shape):
    """NumPy's checks of copyto's where=: a mask castable to bool under 'safe', broadcast to
    dst's shape (not the other way: a mask of more dimensions is refused)."""
    import numpy

    meta = where if isinstance(where, ndarray) else numpy.asarray(where)
    if not numpy.can_cast(meta.dtype, numpy.bool_, "safe"):
        raise TypeError(f"Cannot cast array data from {meta.dtype!r} to dtype('bool') according "
                        "to the rule 'safe'")
    try:
        fits = numpy.broadcast_shapes(meta.shape, shape) == tuple(shape)
    except ValueError:
        fits = False
    if not fits:
        raise ValueError(f"could not broadcast where mask from shape {tuple(meta.shape)} into "
                         f"shape {tuple(shape)}")


def copyto(dst, src, casting="same_kind", where=True):
    """Copies src (broadcast) into dst where `where` is true, after checking the cast from src's
    dtype to dst's under `casting`."""
    if not isinstance(dst, ndarray):
        raise TypeError(f"copyto() argument 1 must be cunp.ndarray, not {type(dst).__name__}")
    if casting not in ("no", "equiv", "safe", "same_kind", "unsafe"):
        raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or "
                         "'unsafe'")
    if not isinstance(src, (bool, int, float, complex)):
        src = asarray(src)
    _check_cast(src, dst.dtype, casting)
    if where is True:
        dst[...] = src
        return
    from cunp import where as select

    _check_where(where, dst.shape)
    mask = asarray(where)
    value = asarray(src, dtype=dst.dtype) if not isinstance(src, ndarray) else \
        src.astype(dst.dtype, copy=False)
    dst[...] = select(mask, value, dst)
