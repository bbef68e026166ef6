# python/cunp/_indexing.py -- advanced indexing (integer and boolean index arrays in
# ndarray.__getitem__/__setitem__) and the indexing routines (take, put, nonzero, where(cond), ...).
"""Advanced indexing and the indexing routines, with NumPy 2's semantics.

A key is split into a basic part (ints, slices, None: a view, made by the core) and index
entries (integer arrays, boolean masks, 0-d booleans), one per advanced item. Each entry becomes
an integer array over its axes of the view (a mask becomes the flat positions of its true
elements: one count read back to the host, as in NumPy and CuPy); the entries broadcast and are
combined into one flat position over the advanced axes, which a single gather (or scatter)
kernel reads (or writes). The bounds check is a flag that the kernel writes and the host reads
once per call; the exact NumPy message is then computed on the host, only on the error path.
Assignments check every index before the scatter writes anything (an IndexError leaves the array
unchanged, as in NumPy).

The common keys run in the core's own kernels (cunp._core._take, _put_along, _compress_mask,
_nonzero_coords): one integer array along an axis is one gather that moves whole inner rows, and a
mask is three small launches with one read of the count.

Repeated indices in assignment (x[[0, 0]] = [1, 2]): the writes race and one of them wins
(NumPy leaves the order unspecified too).
"""
import math
import numbers
import operator

from cunp import _core

__all__ = [
    "take", "put", "take_along_axis", "put_along_axis", "nonzero", "argwhere", "flatnonzero",
    "compress", "extract", "place", "putmask", "choose", "select", "diag_indices",
    "diag_indices_from", "tril_indices", "tril_indices_from", "triu_indices", "triu_indices_from",
    "indices", "ix_", "ravel_multi_index", "unravel_index", "repeat", "tile",
]

_ONLY_INTEGERS = ("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                  "integer or boolean arrays are valid indices")
_INDEX_TYPE = "arrays used as indices must be of integer (or boolean) type"

# Placeholder type letters for the index arrays of one ravel kernel (one per entry, so each
# index array keeps its own dtype and needs no cast kernel).
_LETTERS = "ABCDEFGHJKLMNOPQRSUVWXYZ"


# -- key classification (pure host logic: no device work, tested on the CPU) ---------------------

class _Entry:
    """One advanced item: 'array' (integer array), 'mask' (boolean array) or 'bool' (0-d)."""

    __slots__ = ("kind", "value", "axes", "axis")

    def __init__(self, kind, value, axes, axis):
        self.kind = kind      # 'array' | 'mask' | 'bool'
        self.value = value    # the index array, the mask, or the Python bool
        self.axes = axes      # the axes of the basic view it indexes
        self.axis = axis      # the first axis of the indexed array it indexes (messages)

    def __repr__(self):
        return "_Entry(%r, axes=%r, axis=%r)" % (self.kind, self.axes, self.axis)


class _Plan:
    __slots__ = ("basic", "entries", "adjacent", "position")


def _is_device_array(k):
    return isinstance(k, _core.ndarray)


def _is_numpy_scalar(k):
    import numpy

    return isinstance(k, numpy.generic)


def _classify_item(k, asarray):
    """('none'|'ellipsis'|'slice'|'int'|'bool'|'array'|'mask', value) for one key item."""
    if k is None:
        return "none", None
    if k is Ellipsis:
        return "ellipsis", None
    if isinstance(k, slice):
        return "slice", k
    if isinstance(k, bool):
        return "bool", k
    if isinstance(k, numbers.Integral):   # Python and NumPy integers (not NumPy bools)
        return "int", operator.index(k)
    from_list = isinstance(k, (list, tuple))
    if not (_is_device_array(k) or from_list or hasattr(k, "__array__")
            or hasattr(k, "__array_interface__")):
        if hasattr(k, "__index__"):
            return "int", operator.index(k)
        raise IndexError(_ONLY_INTEGERS)
    a = k if _is_device_array(k) else asarray(k)
    kind = a.dtype.kind
    if from_list and a.size == 0 and kind == "f":
        kind = "i"   # NumPy reads an empty list as an empty integer index
        a = a.astype("int64")
    if kind == "b":
        return ("bool", bool(a)) if a.ndim == 0 else ("mask", a)
    if kind not in "iu":
        # NumPy words it differently for a list or a scalar than for an array.
        raise IndexError(_ONLY_INTEGERS if from_list or _is_numpy_scalar(k) else _INDEX_TYPE)
    if a.ndim == 0:
        return "int", int(a)
    return "array", a


def _classify(key, ndim, asarray):
    """Splits `key` for an array of `ndim` dimensions into a _Plan."""
    items = [_classify_item(k, asarray) for k in (key if isinstance(key, tuple) else (key,))]
    consumed = 0
    ellipses = 0
    for kind, v in items:
        if kind in ("slice", "int", "array"):
            consumed += 1
        elif kind == "mask":
            consumed += v.ndim
        elif kind == "ellipsis":
            ellipses += 1
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if consumed > ndim:
        raise IndexError("too many indices for array: array is %d-dimensional, but %d were "
                         "indexed" % (ndim, consumed))
    expanded = []
    for kind, v in items:
        if kind == "ellipsis":
            expanded.extend([("slice", slice(None))] * (ndim - consumed))
        else:
            expanded.append((kind, v))
    has_arrays = any(kind in ("array", "mask", "bool") for kind, _ in expanded)
    basic, entries, advanced_at = [], [], []
    view_axis = axis = 0
    position = None
    for at, (kind, v) in enumerate(expanded):
        if kind in ("int", "array", "mask", "bool"):
            advanced_at.append(at)
            if position is None:
                position = view_axis
        if kind == "none":
            basic.append(None)
            view_axis += 1
        elif kind == "slice":
            basic.append(v)
            view_axis += 1
            axis += 1
        elif kind == "int":
            basic.append(v)
            axis += 1
        elif kind == "array":
            basic.append(slice(None))
            entries.append(_Entry("array", v, [view_axis], axis))
            view_axis += 1
            axis += 1
        elif kind == "mask":
            basic.extend([slice(None)] * v.ndim)
            entries.append(_Entry("mask", v, list(range(view_axis, view_axis + v.ndim)), axis))
            view_axis += v.ndim
            axis += v.ndim
        else:  # a 0-d boolean adds an axis of length 1, indexed by [0] (True) or [] (False)
            basic.append(None)
            entries.append(_Entry("bool", v, [view_axis], axis))
            view_axis += 1
    plan = _Plan()
    plan.basic = tuple(basic)
    plan.entries = entries
    # Ints count as advanced indices for placement once there is an index array (NumPy's rule):
    # advanced items next to each other put the broadcast dimensions in their place, otherwise
    # first.
    plan.adjacent = (not has_arrays) or advanced_at == list(range(advanced_at[0],
                                                                  advanced_at[0] + len(advanced_at)))
    plan.position = position if plan.adjacent and position is not None else 0
    return plan


def _shape_text(shape):
    return "(%s)" % (",".join(str(n) for n in shape) + ("," if len(shape) == 1 else ""))


def _broadcast_index_shapes(shapes):
    """The broadcast of the index arrays' shapes, with NumPy's IndexError on a mismatch."""
    ndim = max((len(s) for s in shapes), default=0)
    out = [1] * ndim
    for s in shapes:
        for d, n in enumerate(s, ndim - len(s)):
            if n != 1:
                if out[d] != 1 and out[d] != n:
                    raise IndexError(
                        "shape mismatch: indexing arrays could not be broadcast together with "
                        "shapes " + "".join(_shape_text(t) + " " for t in shapes))
                out[d] = n
    return tuple(out)


def _check_mask(entry, view_shape):
    for d, (ax, m) in enumerate(zip(entry.axes, entry.value.shape)):
        if view_shape[ax] != m:
            raise IndexError(
                "boolean index did not match indexed array along axis %d; size of axis is %d "
                "but size of corresponding boolean axis is %d" % (entry.axis + d,
                                                                   view_shape[ax], m))


def _move_front(nfront, ndim, position):
    """The permutation that moves the first `nfront` axes to `position`."""
    rest = list(range(nfront, ndim))
    return rest[:position] + list(range(nfront)) + rest[position:]


def _inverse(perm):
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return inv


# -- kernels --------------------------------------------------------------------------------------

_kernels = {}


def _kernel(key, in_params, out_params, operation, **kw):
    k = _kernels.get(key)
    if k is None:
        from cunp._elementwise_kernel import ElementwiseKernel

        k = _kernels[key] = ElementwiseKernel(in_params, out_params, operation,
                                              "cunp_" + key[0], **kw)
    return k


def _normalize_code(k, value):
    # Negative indices count from the end; an unsigned index never is negative (a huge one is
    # out of bounds). Out of bounds sets the flag and reads element 0 (never out of memory).
    return ("const auto v{k} = {value};\n"
            "long long t{k} = (long long)v{k};\n"
            "if (v{k} < 0) t{k} += n{k};\n"
            "if (t{k} < 0 || t{k} >= n{k}) {{ err[0] = 1; t{k} = 0; }}\n").format(k=k, value=value)


def _rs_type(size):
    # 32-bit division for the position within the rest when the result is small enough.
    return "int32" if size < 2**31 else "int64"


# The gathers write a fresh contiguous result: every operand is raw and the loop runs over the
# result's positions (size=), so the result is written once and never read.
def _ravel_kernel(nentries):
    # The flat position over the advanced axes; the loop is the index arrays' broadcast, `lin`
    # is fresh and contiguous (written at i, never read).
    letters = [_LETTERS[k] if k < len(_LETTERS) else "int64" for k in range(nentries)]
    params = ", ".join("%s j%d" % (t, k) for k, t in enumerate(letters))
    params += "".join(", int64 n%d, int64 s%d" % (k, k) for k in range(nentries))
    code = "".join(_normalize_code(k, "j%d" % k) for k in range(nentries))
    code += "lin[i] = " + " + ".join("t%d * s%d" % (k, k) for k in range(nentries)) + ";"
    return _kernel(("ravel%d" % nentries,),
                   params + ", raw _non_const int32 err, raw _non_const int64 lin", "", code,
                   no_return=True)


def _gather_kernel(size):
    t = _rs_type(size)
    return _kernel(("gather_" + t,), "raw T src, raw int64 lin, %s rs, raw _non_const T out" % t,
                   "", "out[i] = src[lin[i / rs] * rs + i % rs];", no_return=True)


def _scatter_kernel():
    return _kernel(("scatter",), "T v, int64 lin, int64 rs, raw _non_const T dst", "",
                   "dst[lin * rs + i % rs] = v;", no_return=True)


def _mask_fill_kernel():
    return _kernel(("maskfill",), "bool m, T v", "T x", "if (m) x = v;")


# -- device helpers --------------------------------------------------------------------------------

def _asarray(a):
    from cunp._creation import asarray

    return asarray(a)


def _arange(*args, **kw):
    from cunp._creation import arange

    return arange(*args, **kw)


def _empty(shape, dtype):
    return _core.empty(shape, dtype=dtype)


# The bounds flag of the elementwise-kernel path: the core's per-thread int32 in host-mapped
# memory (outside the memory pool). A checked call costs its kernel and one stream wait; the
# flag is read and cleared on the host, with no copy or fill launch.
_flags = {}


def _flag(x):
    import threading

    key = (threading.get_ident(), x.device.id)
    err = _flags.get(key)
    if err is None:
        err = _flags[key] = _core._index_flag(x.device.id)
    return err


def _flag_set(err):
    return _core._index_flag_seen(err.device.id)


def _true_positions(mask):
    """Flat C-order positions (int64, 1-D) of the true elements of a bool array."""
    return _core._nonzero_coords(mask.ravel())[0]


def _raise_out_of_bounds(items):
    """items: (index array, axis size, axis) in key order; raises NumPy's IndexError."""
    import numpy

    for j, n, axis in items:
        h = numpy.asarray(j.get() if hasattr(j, "get") else j).ravel()
        if h.dtype.kind == "u":
            h = h.astype(numpy.int64)   # NumPy reports a huge unsigned index as intp
        bad = numpy.nonzero((h < -n) | (h >= n))[0]
        if bad.size:
            raise IndexError("index %d is out of bounds for axis %d with size %d"
                             % (h[bad[0]], axis, n))
    raise IndexError("index out of bounds")   # not reached: the device flag saw one


class _Prepared:
    __slots__ = ("view", "plan", "entries", "rest", "vt", "rsize")


def _prepare(x, key):
    plan = _classify(key, x.ndim, _asarray)
    view = x[plan.basic]
    p = _Prepared()
    p.view, p.plan, p.entries = view, plan, plan.entries
    vshape = view.shape
    adv_axes = []
    for e in plan.entries:
        if e.kind == "mask":
            _check_mask(e, vshape)
        adv_axes.extend(e.axes)
    rest = [d for d in range(view.ndim) if d not in set(adv_axes)]
    order = adv_axes + rest
    p.vt = view if order == list(range(view.ndim)) else view.transpose(order)
    p.rest = tuple(vshape[d] for d in rest)
    p.rsize = math.prod(p.rest)
    return p


def _index_arrays(p):
    """(index arrays, axis sizes, axes) of the entries, masks turned into flat positions."""
    js, ns, axes = [], [], []
    for e in p.entries:
        if e.kind == "array":
            js.append(e.value)
            ns.append(p.view.shape[e.axes[0]])
        elif e.kind == "mask":
            js.append(_true_positions(e.value))
            ns.append(math.prod(p.view.shape[a] for a in e.axes))
        else:
            js.append(_core.zeros(1 if e.value else 0, dtype="int64"))
            ns.append(1)
        axes.append(e.axis)
    return js, ns, axes


def _linear(p, js, ns, axes, bshape):
    """The flat position over the advanced axes (int64, shape bshape), bounds-checked."""
    if len(js) == 1 and p.entries[0].kind != "array":
        return js[0]   # positions of a mask or a 0-d bool: in bounds by construction
    lin = _empty(bshape, "int64")
    if lin.size == 0:
        return lin
    strides = []
    s = 1
    for n in reversed(ns):
        strides.append(s)
        s *= n
    strides.reverse()
    args = list(js)
    for n, st in zip(ns, strides):
        args += [n, st]
    err = _flag(lin)
    _ravel_kernel(len(js))(*args, err, lin)   # loop: the broadcast of the index arrays
    if _flag_set(err):
        _raise_out_of_bounds([(j, n, a) for j, n, a, e in zip(js, ns, axes, p.entries)
                              if e.kind == "array"])
    return lin


def _expand(lin, nrest):
    return lin.reshape(lin.shape + (1,) * nrest) if nrest else lin


def _finish(res, p, bshape):
    if p.plan.position == 0:
        return res
    return res.transpose(_move_front(len(bshape), res.ndim, p.plan.position))


def _getitem(x, key):
    """x[key] for a key with index arrays (called by ndarray.__getitem__)."""
    p = _prepare(x, key)
    entries = p.entries
    if not entries:
        return p.view
    # x[mask] with the mask over every axis of the view: compaction straight into the result.
    if len(entries) == 1 and entries[0].kind == "mask" and not p.rest:
        return _core._compress_mask(p.view, entries[0].value)
    # x[idx] along one axis: one launch.
    if len(entries) == 1 and entries[0].kind == "array":
        e = entries[0]
        ax = e.axes[0]
        res = _core._take(p.view, e.value, ax, True, e.axis)
        if p.plan.position != ax:   # NumPy puts the index dimensions first here
            dims = list(range(res.ndim))
            nidx = e.value.ndim
            idx_dims, others = dims[ax:ax + nidx], dims[:ax] + dims[ax + nidx:]
            pos = p.plan.position
            res = res.transpose(others[:pos] + idx_dims + others[pos:])
        return res
    js, ns, axes = _index_arrays(p)
    bshape = _broadcast_index_shapes([j.shape for j in js])
    lin = _linear(p, js, ns, axes, bshape)
    out = _empty(bshape + p.rest, x.dtype)
    if out.size:
        _gather_kernel(out.size)(p.vt, lin, p.rsize, out, size=out.size)
    return _finish(out, p, bshape)


def _is_host_scalar(v):
    return isinstance(v, (bool, int, float, complex)) or (
        hasattr(v, "dtype") and not _is_device_array(v) and getattr(v, "ndim", 1) == 0)


def _value_for(x, value):
    """value as a cunp array of x's dtype (NumPy's assignment casting)."""
    if _is_device_array(value):
        v = value if value.dtype == x.dtype else value.astype(x.dtype)
        if v is value and (value is x or (value.base is not None and value.base is x.base)
                           or value.base is x):
            v = value.copy()   # the value may view the memory written: read it first
        return v
    if _is_host_scalar(value):
        v = _empty((), x.dtype)
        v[()] = value   # the core's scalar assignment: NumPy's casts and overflow errors
        return v
    v = _asarray(value)
    return v if v.dtype == x.dtype else v.astype(x.dtype)


def _setitem(x, key, value):
    """x[key] = value for a key with index arrays (called by ndarray.__setitem__)."""
    if not x.flags.writeable:
        raise ValueError("assignment destination is read-only")
    p = _prepare(x, key)
    entries = p.entries
    v = _value_for(x, value)
    if not entries:
        p.view[...] = v
        return
    # x[mask] = scalar: a masked fill, no count needed.
    if len(entries) == 1 and entries[0].kind == "mask" and v.ndim == 0:
        e = entries[0]
        first = e.axes[0]
        m = e.value.reshape((1,) * first + e.value.shape + (1,) * (p.view.ndim - first -
                                                                      e.value.ndim))
        _mask_fill_kernel()(m, v, p.view)
        return
    js, ns, axes = _index_arrays(p)
    bshape = _broadcast_index_shapes([j.shape for j in js])
    if len(entries) == 1 and entries[0].kind == "mask" and entries[0].value.ndim == x.ndim:
        # NumPy's own rules (and words) for x[mask] = v with a mask over the whole array.
        if v.ndim > 1:
            raise TypeError("NumPy boolean array indexing assignment requires a 0 or "
                            "1-dimensional input, input has %d dimensions" % v.ndim)
        if v.size not in (1, bshape[0]):
            raise ValueError("NumPy boolean array indexing assignment cannot assign %d input "
                             "values to the %d output values where the mask is true"
                             % (v.size, bshape[0]))
    fast_put = (len(entries) == 1 and entries[0].kind == "array"
                and p.plan.position == entries[0].axes[0])
    lin = None if fast_put else _linear(p, js, ns, axes, bshape)
    shape = bshape + p.rest
    final = shape if p.plan.position == 0 else tuple(
        shape[a] for a in _move_front(len(bshape), len(shape), p.plan.position))
    from cunp._manipulation import broadcast_to

    while v.ndim > len(final) and v.shape[0] == 1:
        v = v.reshape(v.shape[1:])   # NumPy drops leading length-1 axes of the value
    try:
        vb = broadcast_to(v, final)
    except ValueError:
        raise ValueError("shape mismatch: value array of shape %s could not be broadcast to "
                         "indexing result of shape %s" % (_shape_text(v.shape),
                                                          _shape_text(final))) from None
    if fast_put:   # a bounds-check pass, then one scatter kernel (nothing written on an error)
        _core._put_along(p.view, entries[0].value, entries[0].axes[0], v, entries[0].axis)
        return
    if p.plan.position:
        vb = vb.transpose(_inverse(_move_front(len(bshape), len(shape), p.plan.position)))
    if vb.size:
        _scatter_kernel()(vb, _expand(lin, len(p.rest)), p.rsize, p.vt)


# -- indexing routines ------------------------------------------------------------------------------

def _int_indices(indices, message=None):
    j = _asarray(indices)
    if (j.size == 0 and j.dtype.kind == "f" and not _is_device_array(indices)) or \
            j.dtype.kind == "b":   # bool -> int is a safe cast: True is index 1
        j = j.astype("int64")
    if j.dtype.kind not in "iu":
        raise TypeError(message or "Cannot cast array data from dtype('%s') to dtype('int64') "
                        "according to the rule 'same_kind'" % j.dtype)
    return j


def _apply_mode(j, n, mode):
    """Indices with mode 'wrap' or 'clip' applied (mode 'raise' leaves them to the bounds check)."""
    if mode == "raise":
        return j
    if mode not in ("wrap", "clip"):
        raise ValueError("clipmode must be one of 'clip', 'raise', or 'wrap' (got %r)" % (mode,))
    if n == 0:
        if j.size:
            raise IndexError("cannot do a non-empty take from an empty axes.")
        return j
    j = j.astype("int64")
    return j % n if mode == "wrap" else _core._clip(j, 0, n - 1, None, None, "same_kind", "K")


def take(a, indices, axis=None, out=None, mode="raise"):
    """Elements of `a` at `indices` along `axis` (the flattened array when axis is None)."""
    a = _asarray(a)
    if axis is None:
        a, axis = a.ravel(), 0
    else:
        axis = _core._normalize_axis(axis, a.ndim)
    j = _apply_mode(_int_indices(indices), a.shape[axis], mode)
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
    j = _apply_mode(_int_indices(ind).ravel(), a.size, mode)
    vals = _asarray(v).ravel()
    if j.size == 0:
        return
    if vals.size == 0:
        return
    if vals.size != j.size:
        vals = vals[_arange(j.size) % vals.size] if vals.size < j.size else vals[:j.size]
    if a.flags.c_contiguous:
        a.reshape(-1)[j] = vals
    else:
        flat = a.ravel()
        flat[j] = vals
        a[...] = flat.reshape(a.shape)


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
        axis = _core._normalize_axis(axis, arr.ndim)
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
        axis = _core._normalize_axis(axis, arr.ndim)
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
        c = _core._nonzero_coords(a)
        return tuple(c[d] for d in range(a.ndim))
    pos = _true_positions(_as_bool(a))
    if a.ndim == 1:
        return (pos,)
    return _unravel(pos, a.shape)


def flatnonzero(a):
    return _true_positions(_as_bool(_asarray(a).ravel()))


def argwhere(a):
    from cunp._joining import stack

    a = _asarray(a)
    if a.ndim == 0:
        return _empty((1 if bool(a) else 0, 0), "int64")
    return stack(nonzero(a), axis=1)


def compress(condition, a, axis=None, out=None):
    cond = _asarray(condition)
    if cond.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    return take(a, flatnonzero(cond), axis=axis, out=out)


def extract(condition, arr):
    return take(_asarray(arr).ravel(), flatnonzero(_asarray(condition).ravel()))


def place(arr, mask, vals):
    mask = _asarray(mask)
    if mask.size != arr.size:
        raise ValueError("place: mask and data must be the same size")
    pos = flatnonzero(mask)
    vals = _asarray(vals).ravel()
    if pos.size and vals.size == 0:
        raise ValueError("Cannot insert from an empty array!")
    put(arr, pos, vals)


def putmask(a, mask, values):
    mask = _asarray(mask)
    if mask.size != a.size:
        raise ValueError("putmask: mask and data must be the same size")
    vals = _asarray(values).ravel()
    if vals.size == 0:
        return
    pos = flatnonzero(mask)
    put(a, pos, vals[pos % vals.size] if vals.size != a.size else vals[pos])


def _any(x):
    from cunp._reductions import any as any_

    return bool(any_(x))


def choose(a, choices, out=None, mode="raise"):
    from cunp._joining import stack
    from cunp._manipulation import broadcast_arrays

    arrays = broadcast_arrays(_asarray(a), *[_asarray(c) for c in choices])
    idx, chs = arrays[0], arrays[1:]
    if idx.dtype.kind not in "iu":
        raise TypeError("Cannot cast array data from dtype('%s') to dtype('int64') according to "
                        "the rule 'safe'" % idx.dtype)
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
    from cunp._dtypes import result_type

    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    if len(choicelist) == 0:
        raise ValueError("select with an empty condition list is not possible")
    choices = [c if _is_device_array(c) else _asarray(c) for c in choicelist]
    conds = [_asarray(c) for c in condlist]
    for i, c in enumerate(conds):
        if c.dtype.kind != "b":
            raise TypeError("invalid entry %d in condlist: should be boolean ndarray" % i)
    dtype = result_type(*choices, default)
    result = _asarray(default).astype(dtype)
    for c, ch in zip(reversed(conds), reversed(choices)):
        result = _core._where(c, ch.astype(dtype), result)
    from cunp._manipulation import broadcast_shapes

    shape = broadcast_shapes(*[c.shape for c in conds], *[c.shape for c in choices])
    if result.shape != shape:
        from cunp._manipulation import broadcast_to

        result = broadcast_to(result, shape).copy()
    return result


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


def repeat(a, repeats, axis=None):
    import numpy

    a = _asarray(a)
    if axis is None:
        a, axis = a.ravel(), 0
    else:
        axis = _core._normalize_axis(axis, a.ndim)
    n = a.shape[axis]
    if isinstance(repeats, numbers.Integral):
        r = operator.index(repeats)
        if r < 0:
            raise ValueError("repeats may not contain negative values.")
        j = _arange(n * r) // r if r else _empty((0,), "int64")
    else:
        reps = repeats.get() if _is_device_array(repeats) else numpy.asarray(repeats)
        j = _asarray(numpy.repeat(numpy.arange(n), reps))   # the sizes decide the shape
    return take(a, j, axis=axis)


def tile(A, reps):
    from cunp._creation import ascontiguousarray
    from cunp._manipulation import broadcast_to

    a = _asarray(A)
    reps = (operator.index(reps),) if isinstance(reps, numbers.Integral) else tuple(
        operator.index(r) for r in reps)
    nd = max(len(reps), a.ndim)
    shape = (1,) * (nd - a.ndim) + a.shape
    reps = (1,) * (nd - len(reps)) + reps
    inter = []
    target = []
    for s, r in zip(shape, reps):
        inter += [1, s]
        target += [r, s]
    res = ascontiguousarray(broadcast_to(a.reshape(tuple(inter)), tuple(target)))
    return res.reshape(tuple(s * r for s, r in zip(shape, reps)))
