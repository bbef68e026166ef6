# python/cunp/_indexing/_routines.py -- the indexing routines: take, put, take_along_axis, nonzero, compress,
# choose, select, repeat, tile, ... (x[key] and x[key] = v themselves are the core's getitem and
# setitem, bound in C++).
"""Indexing routines with NumPy 2's semantics, built on ndarray indexing and the core's kernels
(cunp._core.indexing.nonzero_coords for the positions of nonzero elements,
_core.elementwise.where and _core.elementwise.clip)."""
import math
import numbers
import operator

from cunp import _core

__all__ = [
    "take", "put", "take_along_axis", "put_along_axis", "nonzero", "argwhere", "flatnonzero",
    "compress", "extract", "place", "putmask", "choose", "select", "repeat", "tile",
]


def _is_device_array(k):
    return isinstance(k, _core.ndarray)


def _asarray(a):
    from cunp._creation._basic import asarray

    return asarray(a)


def _arange(*args, **kw):
    from cunp._creation._basic import arange

    return arange(*args, **kw)


def _empty(shape, dtype):
    return _core.empty(shape, dtype=dtype)


def _true_positions(mask):
    """Flat C-order positions (int64, 1-D) of the true elements of a bool array."""
    return _core.indexing.nonzero_coords(mask.ravel())[0]


def _int_indices(indices, message=None):
    j = _asarray(indices)
    if (j.size == 0 and j.dtype.kind == "f" and not _is_device_array(indices)) or \
            j.dtype.kind == "b":   # bool -> int is a safe cast: True is index 1
        j = j.astype("int64")
    if j.dtype.kind not in "iu":
        raise TypeError(message or "Cannot cast array data from dtype('%s') to dtype('int64') "
                        "according to the rule 'same_kind'" % j.dtype)
    return j


def _asarray_as(a, dtype):
    from cunp._creation._basic import asarray

    return asarray(a, dtype=dtype)


def _check_mode(mode):
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError("clipmode must be one of 'clip', 'raise', or 'wrap' (got %r)" % (mode,))


def _apply_mode(j, n, mode):
    """Indices with mode 'wrap' or 'clip' applied (mode 'raise' leaves them to the bounds check)."""
    if mode == "raise":
        return j
    _check_mode(mode)
    if n == 0:
        if j.size:
            raise IndexError("cannot do a non-empty take from an empty axes.")
        return j
    j = j.astype("int64")
    return j % n if mode == "wrap" else _core.elementwise.clip(
        j, 0, n - 1, casting="same_kind", order="K")


def take(a, indices, axis=None, out=None, mode="raise"):
    """Elements of `a` at `indices` along `axis` (the flattened array when axis is None)."""
    a = _asarray(a)
    if axis is None or a.ndim == 0:
        # NumPy works along an axis of a 0-d array as on its 1-d ravel: axis 0 and -1 are in
        # bounds there, others raise AxisError naming dimension 1.
        a = a.ravel()
    axis = 0 if axis is None else _core.axes.normalize_axis(axis, a.ndim)
    _check_mode(mode)
    j = _int_indices(indices)
    if math.prod(a.shape[:axis]) == 0:
        # Nothing is taken, so NumPy checks no index (its loop over the outer axes is empty).
        res = _empty(a.shape[:axis] + j.shape + a.shape[axis + 1:], a.dtype)
        if out is not None:
            out[...] = res
            return out
        return res
    j = _apply_mode(j, a.shape[axis], mode)
    if j.ndim == 0:
        j = j.reshape(1)
        res = a[(slice(None),) * axis + (j,)]
        res = res.reshape(res.shape[:axis] + res.shape[axis + 1:])
    else:
        res = a[(slice(None),) * axis + (j,)]
    if out is not None:
        out[...] = res
        return out
    return res


def put(a, ind, v, mode="raise"):
    """a.flat[ind] = v, with v repeated when it is shorter than ind."""
    if not _is_device_array(a):
        raise TypeError("put() argument 1 must be cunp.ndarray, not %s" % type(a).__name__)
    # NumPy's order: mode= is parsed with the arguments; then the indices are converted to
    # intp by the 'safe' rule (uint64 and floats refuse), an empty array is refused, and the
    # values are converted to a's dtype (Python ints range-checked, arrays cast unsafely)
    # before any index is checked against the bounds.
    _check_mode(mode)
    j = _int_indices(ind)
    if j.dtype.kind == "u" and j.dtype.itemsize >= 8:
        raise TypeError("Cannot cast array data from dtype('%s') to dtype('int64') according to "
                        "the rule 'safe'" % j.dtype)
    if a.size == 0 and j.size:
        raise IndexError("cannot replace elements of an empty array")
    vals = _asarray_as(v, a.dtype).ravel()
    if j.size == 0 or vals.size == 0:
        return
    j = _apply_mode(j.ravel(), a.size, mode)
    if vals.size != j.size:
        vals = vals[_arange(j.size) % vals.size] if vals.size < j.size else vals[:j.size]
    if j.size > 1:
        j, vals = _last_writes(j, vals, a.size)
    if a.flags.c_contiguous:
        a.reshape(-1)[j] = vals
    else:
        flat = a.ravel()
        flat[j] = vals
        a[...] = flat.reshape(a.shape)


def _first_positions(j):
    """The position of each distinct value's first occurrence in the 1-D array j."""
    from cunp._sorting._sort import unique

    return unique(j, return_index=True)[1]


def _last_writes(j, vals, n):
    """The indices and values of put's writes that NumPy's sequential loop leaves: for an
    element written more than once, the last write (a scatter writes duplicates in no set
    order). Negative indices are read as from the end first, so that -1 and n - 1 meet."""
    j = j.astype("int64")
    j = _core.elementwise.where((j < 0) & (j >= -n), j + n, j)  # out of range stays so
    first = _first_positions(j[::-1])  # in reverse: the last write of each element
    if first.size == j.size:
        return j, vals
    keep = (j.size - 1) - first
    return j[keep], vals[keep]


def _along_axis_key(arr, indices, axis):
    if indices.dtype.kind not in "iu":
        raise IndexError("`indices` must be an integer array")
    if indices.ndim != arr.ndim:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    key = []
    for d in range(arr.ndim):
        if d == axis:
            key.append(indices)
        else:
            shape = [1] * arr.ndim
            shape[d] = arr.shape[d]
            key.append(_arange(arr.shape[d]).reshape(tuple(shape)))
    return tuple(key)


def take_along_axis(arr, indices, axis=-1):
    arr, indices = _asarray(arr), _asarray(indices)
    if axis is None:
        if indices.ndim != 1:
            raise ValueError("when axis=None, `indices` must have a single dimension.")
        arr, axis = arr.ravel(), 0
    else:
        axis = _core.axes.normalize_axis(axis, arr.ndim)
    return arr[_along_axis_key(arr, indices, axis)]


def put_along_axis(arr, indices, values, axis):
    indices = _asarray(indices)
    if axis is None:
        if indices.ndim != 1:
            raise ValueError("when axis=None, `indices` must have a single dimension.")
        target, axis = arr.reshape(-1) if arr.flags.c_contiguous else None, 0
        if target is None:
            flat = arr.ravel()
            flat[_along_axis_key(flat, indices, 0)] = values
            arr[...] = flat.reshape(arr.shape)
            return
        arr = target
    else:
        axis = _core.axes.normalize_axis(axis, arr.ndim)
    arr[_along_axis_key(arr, indices, axis)] = values


def _as_bool(a):
    return a if a.dtype.kind == "b" else a.astype("bool")


def _unravel(pos, shape):
    out = []
    stride = math.prod(shape)
    for n in shape:
        stride //= n
        out.append((pos // stride) % n if stride > 1 else pos % n)
    return tuple(out)


def nonzero(a):
    """Indices of the nonzero elements, one int64 array per dimension."""
    a = _asarray(a)
    if a.ndim == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use "
                         "np.atleast_1d(scalar).nonzero() instead.")
    if a.ndim <= 8:   # the kernel writes up to 8 coordinates per element
        c = _core.indexing.nonzero_coords(a)
        return tuple(c[d] for d in range(a.ndim))
    pos = _true_positions(_as_bool(a))
    if a.ndim == 1:
        return (pos,)
    return _unravel(pos, a.shape)


def flatnonzero(a):
    return _true_positions(_as_bool(_asarray(a).ravel()))


def argwhere(a):
    from cunp._manipulation._joining import stack

    a = _asarray(a)
    if a.ndim == 0:
        return _empty((1 if bool(a) else 0, 0), "int64")
    if a.ndim <= 8:  # NumPy's is transpose(nonzero(a)): the transpose of a C (ndim, count) array
        return _core.indexing.nonzero_coords(a).copy().T
    return stack(nonzero(a), axis=1)


def compress(condition, a, axis=None, out=None):
    if axis is not None:
        operator.index(axis)  # NumPy reads axis before the condition: a tuple is a TypeError
    cond = _asarray(condition)
    if cond.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    return take(a, flatnonzero(cond), axis=axis, out=out)


def extract(condition, arr):
    return take(_asarray(arr).ravel(), flatnonzero(_asarray(condition).ravel()))


def place(arr, mask, vals):
    from cunp._array._dtypes import can_cast

    mask = _asarray(mask)
    if mask.size != arr.size:
        raise ValueError("place: mask and data must be the same size")
    vals = _asarray(vals).ravel()
    if not can_cast(vals.dtype, arr.dtype, "safe"):  # NumPy converts vals under 'safe' first
        raise TypeError("Cannot cast array data from dtype('%s') to dtype('%s') according to the "
                        "rule 'safe'" % (vals.dtype, arr.dtype))
    pos = flatnonzero(mask)
    if pos.size and vals.size == 0:
        raise ValueError("Cannot insert from an empty array!")
    put(arr, pos, vals)


def putmask(a, mask, values):
    import numpy

    mask = _asarray(mask)
    if mask.size != a.size:
        raise ValueError("putmask: mask and data must be the same size")
    if isinstance(values, (_core.ndarray, numpy.ndarray)):
        # NumPy takes an array's values only where the safe rule allows the cast.
        if not numpy.can_cast(values.dtype, a.dtype, "safe"):
            what = "scalar" if values.ndim == 0 else "array data"
            raise TypeError(f"Cannot cast {what} from {values.dtype!r} to {a.dtype!r} according "
                            "to the rule 'safe'")
        vals = _asarray(values).ravel()
    else:
        # Anything else (lists, Python and NumPy scalars) is converted to a's dtype, as NumPy
        # does: 2.5 into ints truncates, 300 into int8 is an OverflowError.
        from cunp._creation._basic import asarray

        vals = asarray(values, dtype=a.dtype).ravel()
    if vals.size == 0:
        return
    pos = flatnonzero(mask)
    put(a, pos, vals[pos % vals.size] if vals.size != a.size else vals[pos])


def _any(x):
    from cunp._math._reductions import any as any_

    return bool(any_(x))


def choose(a, choices, out=None, mode="raise"):
    from cunp._manipulation._joining import stack
    from cunp._manipulation._shapes import broadcast_arrays

    # NumPy's order: mode is converted with the arguments, then an empty choices sequence is
    # refused, then the indices are cast.
    _check_mode(mode)
    choices = list(choices)
    if not choices:
        raise ValueError("0-length sequence.")
    a = _asarray(a)
    # NumPy casts the indices to intp under the 'safe' rule (bool and the integers but uint64)
    # before it broadcasts anything.
    if a.dtype.kind not in "biu" or a.dtype.str[1:] == "u8":
        raise TypeError("Cannot cast array data from dtype('%s') to dtype('int64') according to "
                        "the rule 'safe'" % a.dtype)
    arrays = broadcast_arrays(a, *[_asarray(c) for c in choices])
    idx, chs = arrays[0], arrays[1:]
    if idx.dtype.kind == "b":
        idx = idx.astype("int64")
    n = len(chs)
    if mode == "raise":
        if idx.size and _any((idx < 0) | (idx >= n)):
            raise ValueError("invalid entry in choice array")
    else:
        idx = _apply_mode(idx, n, mode)
    stacked = stack(chs)
    res = take_along_axis(stacked, idx.reshape((1,) + idx.shape), axis=0)[0]
    if out is not None:
        out[...] = res
        return out
    return res


def select(condlist, choicelist, default=0):
    from cunp._array._dtypes import result_type
    from cunp._manipulation._shapes import broadcast_shapes, broadcast_to

    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    if len(choicelist) == 0:
        raise ValueError("select with an empty condition list is not possible")
    # Python numbers stay weak in the result's dtype (NEP 50), as NumPy keeps them.
    weak = (int, float, complex)
    choices = [c if type(c) in weak or _is_device_array(c) else _asarray(c) for c in choicelist]
    fill = default if type(default) in weak or _is_device_array(default) else _asarray(default)
    try:
        dtype = result_type(*choices, fill)
    except TypeError as e:
        raise TypeError("Choicelist and default value do not have a common dtype: %s" % e) from None
    conds = [_asarray(c) for c in condlist]
    # NumPy's order: the dtype above, the conditions broadcast together, then the choices (with
    # the default), and only then the conditions' dtype.
    cond_shape = broadcast_shapes(*[c.shape for c in conds])
    choice_shape = broadcast_shapes(*[getattr(c, "shape", ()) for c in choices + [fill]])
    for i, c in enumerate(conds):
        if c.dtype.kind != "b":
            raise TypeError("invalid entry %d in condlist: should be boolean ndarray" % i)
    shape = broadcast_shapes(cond_shape, choice_shape)
    result = _asarray(fill).astype(dtype)
    for c, ch in zip(reversed(conds), reversed(choices)):
        result = _core.elementwise.where(c, _asarray(ch).astype(dtype), result)
    # NumPy fills a new C-ordered array (full, then copyto), whatever the layouts of the inputs
    # the where chain above followed (a broadcast or transposed choice makes it F-ordered).
    if result.shape != shape or not result.flags.c_contiguous:
        result = broadcast_to(result, shape).copy(order="C")
    return result


def repeat(a, repeats, axis=None):
    import numpy

    a = _asarray(a)
    if axis is None or a.ndim == 0:
        # NumPy works along an axis of a 0-d array as on its 1-d ravel: axis 0 and -1 are in
        # bounds there, others raise AxisError naming dimension 1.
        a = a.ravel()
    axis = 0 if axis is None else _core.axes.normalize_axis(axis, a.ndim)
    n = a.shape[axis]
    if isinstance(repeats, numbers.Integral):
        r = operator.index(repeats)
        # One count for every element: NumPy sizes the result n * r first, so a negative count
        # is refused only where there is an element to repeat (a length-0 axis gives it empty).
        if r < 0 and n:
            raise ValueError("negative dimensions are not allowed")
        j = _arange(n * r) // r if r > 0 else _empty((0,), "int64")
    else:
        reps = repeats.get() if _is_device_array(repeats) else numpy.asarray(repeats)
        j = _asarray(numpy.repeat(numpy.arange(n), reps))   # the sizes decide the shape
    return take(a, j, axis=axis)


def tile(A, reps):
    from cunp._creation._basic import ascontiguousarray
    from cunp._manipulation._shapes import broadcast_to

    a = _asarray(A)
    reps = (operator.index(reps),) if isinstance(reps, numbers.Integral) else tuple(
        operator.index(r) for r in reps)
    nd = max(len(reps), a.ndim)
    shape = (1,) * (nd - a.ndim) + a.shape
    reps = (1,) * (nd - len(reps)) + reps
    if all(r == 1 for r in reps) and _is_device_array(A):
        # NumPy returns array(A, copy=True, ndmin=d) here: a K-order copy (F for a transposed
        # or broadcast A), not the C-ordered result of the repeats below.
        return a.copy(order="K")[(None,) * (nd - a.ndim)]  # leading unit axes: a view
    inter = []
    target = []
    for s, r in zip(shape, reps):
        inter += [1, s]
        target += [r, s]
    res = ascontiguousarray(broadcast_to(a.reshape(tuple(inter)), tuple(target)))
    return res.reshape(tuple(s * r for s, r in zip(shape, reps)))
