# python/cunp/_array/_ndarray.py -- the methods of cunp.ndarray that are written in Python, attached to
# the C++ type in one table; no other Python module adds anything to the type. The rest are bound
# in C++: src/python/array.cpp, and the operators, reductions, `@` and DLPack methods that
# operators.cpp, reductions.cpp, blas.cpp and interop.cpp attach (docs/architecture.md lists them).
"""ndarray's Python-level methods: thin delegations to the area modules (indexing, scans,
statistics) and the NumPy protocols (__array_ufunc__, __array_function__, __array_namespace__,
pickling)."""
import operator as _operator
import types as _types

from cunp import _core
from cunp._lazy import LazyModule

# The areas load on a method's first call: `import cunp` attaches the methods without them.
_elementwise_functions = LazyModule("cunp._math._elementwise", globals())
_indexing = LazyModule("cunp._indexing._routines", globals())
_interop = LazyModule("cunp._array._interop", globals())
_io = LazyModule("cunp._io._files", globals())
_iterators = LazyModule("cunp._indexing._iterators", globals())
_scatter = LazyModule("cunp._cupyx._scatter", globals())
_products = LazyModule("cunp._linalg._products", globals())
_scans = LazyModule("cunp._math._scans", globals())
_sorting = LazyModule("cunp._sorting._sort", globals())
_statistics = LazyModule("cunp._statistics._averages", globals())
_ufuncs = LazyModule("cunp._math._ufuncs", globals())


def clip(self, min=None, max=None, out=None, **kwargs):  # noqa: A002 - NumPy's parameter names
    """Values limited to [min, max]; see cunp.clip."""
    return _elementwise_functions._clip(self, min, max, out, **kwargs)


def round(self, decimals=0, out=None):  # noqa: A001 - NumPy's method name
    """Values rounded to `decimals` places; see cunp.round."""
    return _elementwise_functions._round(self, decimals, out)


def dot(self, b, out=None):
    """Dot product with b; see cunp.dot."""
    return _products.dot(self, b, out=out)


def trace(self, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """Sum along a diagonal; see cunp.trace."""
    return _products.trace(self, offset, axis1, axis2, dtype, out)


def take(self, indices, axis=None, out=None, mode="raise"):
    """Elements at `indices` along `axis`; see cunp.take."""
    return _indexing.take(self, indices, axis, out, mode)


def put(self, indices, values, mode="raise"):
    """Writes `values` at the flat `indices`; see cunp.put."""
    _indexing.put(self, indices, values, mode)


def nonzero(self):
    """Indices of the nonzero elements, one int64 array per dimension; see cunp.nonzero."""
    return _indexing.nonzero(self)


def compress(self, condition, axis=None, out=None):
    """The slices along `axis` where `condition` is true; see cunp.compress."""
    return _indexing.compress(condition, self, axis, out)


def repeat(self, repeats, axis=None):
    """Each element repeated; see cunp.repeat."""
    return _indexing.repeat(self, repeats, axis)


def choose(self, choices, out=None, mode="raise"):
    """Elements picked from `choices` by this index array; see cunp.choose."""
    return _indexing.choose(self, choices, out, mode)


def cumsum(self, axis=None, dtype=None, out=None):
    """Cumulative sum along an axis; see cunp.cumsum."""
    return _scans._cum(_core.add, self, axis, dtype, out, False)


def cumprod(self, axis=None, dtype=None, out=None):
    """Cumulative product along an axis; see cunp.cumprod."""
    return _scans._cum(_core.multiply, self, axis, dtype, out, False)


def _method_axis(axis):
    """The axis of ndarray.sort and ndarray.partition: NumPy's methods read it as a C int before
    any other check, so None (which the functions read as "flatten") is a TypeError, as is a
    float."""
    if isinstance(axis, float):
        raise TypeError("integer argument expected, got float")
    return _operator.index(axis)


def sort(self, axis=-1, kind=None, order=None, *, stable=None, descending=None):
    """Sorts the array in place along `axis`; see cunp.sort."""
    axis = _method_axis(axis)
    _sorting.sort_inplace(self, axis, kind, order, stable=stable, descending=bool(descending))


def argsort(self, axis=-1, kind=None, order=None, *, stable=None, descending=None):
    """The indices that sort the array along `axis`; see cunp.argsort."""
    return _sorting.argsort(self, axis, kind, order, stable=stable, descending=bool(descending))


def partition(self, kth, axis=-1, kind="introselect", order=None):
    """Partitions the array in place along `axis`; see cunp.partition."""
    from cunp._statistics import _order_statistics  # NumPy-heavy: loaded on first use

    axis = _method_axis(axis)
    self[...] = _order_statistics.partition(self, kth, axis, kind, order).reshape(self.shape)


def argpartition(self, kth, axis=-1, kind="introselect", order=None):
    """The indices that partition the array along `axis`; see cunp.argpartition."""
    from cunp._statistics import _order_statistics

    return _order_statistics.argpartition(self, kth, axis, kind, order)


def searchsorted(self, v, side="left", sorter=None):
    """Insertion indices of `v` into this sorted 1-d array; see cunp.searchsorted."""
    return _sorting.searchsorted(self, v, side, sorter)


# The statistics pass stacklevel 2 for their RuntimeWarnings: the user's line calls the method.
def mean(self, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Arithmetic mean along the given axes; see cunp.mean."""
    return _statistics._mean(self, axis, dtype, out, keepdims, where, 2)


def var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=None):
    """Variance along the given axes; see cunp.var."""
    return _statistics._var(self, axis, dtype, out, ddof, keepdims, where, mean, 2)


def std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=None):
    """Standard deviation along the given axes; see cunp.std."""
    return _statistics._var(self, axis, dtype, out, ddof, keepdims, where, mean, 2, True)


def tofile(self, fid, /, sep="", format="%s"):  # noqa: A002 - NumPy's parameter name
    """Writes the array's values to a file as raw bytes in C order (sep='') or as text."""
    _io.tofile(self, fid, sep, format)


def tobytes(self, /, order="C"):
    """The array's values as raw bytes in `order` ('C', 'F', 'A' or 'K')."""
    return _io.tobytes(self, order)


def dumps(self, /):
    """A pickle of the array (pickle.loads gives a cunp array back)."""
    return _io.dumps(self)


def dump(self, /, file):
    """Writes a pickle of the array to `file` (a path or an open binary file)."""
    _io.dump(self, file)


def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
    return _ufuncs._array_ufunc(self, ufunc, method, *inputs, **kwargs)


def __array_function__(self, func, types, args, kwargs):
    return _interop._array_function(self, func, types, args, kwargs)


def __array_namespace__(self, /, *, api_version=None):
    return _interop._array_namespace(self, api_version=api_version)


def __reduce__(self):
    return _interop._reduce(self)


def __contains__(self, value, /):
    """`value in x`: whether any element equals value (one bool to the host)."""
    return bool((self == value).any())


def __delitem__(self, key, /):
    raise ValueError("cannot delete array elements")


def byteswap(self, inplace=False):
    """The array with the bytes of each element reversed (of each part, for complex); with
    inplace=True the array itself is changed and returned. See numpy.ndarray.byteswap."""
    width = self.itemsize // 2 if self.dtype.kind == "c" else self.itemsize
    if width == 1 or self.size == 0:
        return self if inplace else self.copy()
    order = "F" if self.flags.f_contiguous and not self.flags.c_contiguous else "C"
    flat = self.copy(order=order).reshape(-1, order=order)
    swapped = flat.view("u1").reshape(-1, width)[:, ::-1].copy()
    swapped = swapped.reshape(-1).view(self.dtype).reshape(self.shape, order=order)
    if not inplace:
        return swapped
    self[...] = swapped
    return self


def setflags(self, write=None, align=None, uic=None):
    """NumPy's flag setter. cunp arrays are always writeable and aligned and never
    WRITEBACKIFCOPY, so only the settings that keep them so are accepted."""
    if write is not None and not write:
        raise ValueError("cannot set WRITEABLE flag to False: cunp arrays are always writeable "
                         "(keep a copy, or use numpy for a read-only host array)")
    if align is not None and not align:
        raise ValueError("cannot set ALIGNED flag to False: cunp arrays are always aligned")
    if uic:
        raise ValueError("cannot set WRITEBACKIFCOPY flag to True")


def _get_flat(self):
    """A flat iterator over the array (C order): see cunp.flatiter; ``x.flat = v`` assigns
    every element (v's values repeat as needed)."""
    return _iterators.flatiter(self)


def _set_flat(self, value):
    _iterators.flatiter(self)[...] = value


def scatter_add(self, slices, value):
    """Adds `value` to self[slices] in place, every occurrence of an index counting (see
    cunp.scatter_add)."""
    _scatter.scatter_add(self, slices, value)


def scatter_max(self, slices, value):
    """Stores the maximum of self[slices] and the values aimed at it (see cunp.scatter_max)."""
    _scatter.scatter_max(self, slices, value)


def scatter_min(self, slices, value):
    """Stores the minimum of self[slices] and the values aimed at it (see cunp.scatter_min)."""
    _scatter.scatter_min(self, slices, value)


def to_device(self, device, /, *, stream=None):
    """The array on `device` (self when it is already there); `stream`, a cunp.cuda.Stream,
    orders the copy."""
    target = _core.runtime.device(device)
    if target is None or target == self.device:
        return self
    if stream is not None and not hasattr(stream, "__enter__"):
        raise TypeError(f"stream must be a cunp.cuda.Stream or None, not {type(stream).__name__}")
    with target:
        if stream is None:
            return _core.array(self, None, True, "K", 0)
        with stream:
            return _core.array(self, None, True, "K", 0)


_METHODS = {
    "clip": clip, "round": round, "dot": dot, "trace": trace, "take": take, "put": put,
    "nonzero": nonzero, "compress": compress, "repeat": repeat, "choose": choose,
    "cumsum": cumsum, "cumprod": cumprod, "mean": mean, "var": var, "std": std,
    "to_device": to_device, "tofile": tofile, "tobytes": tobytes, "dump": dump, "dumps": dumps,
    "sort": sort, "argsort": argsort, "partition": partition, "argpartition": argpartition,
    "searchsorted": searchsorted, "__array_ufunc__": __array_ufunc__,
    "__array_function__": __array_function__, "__array_namespace__": __array_namespace__,
    "__reduce__": __reduce__, "__contains__": __contains__, "__delitem__": __delitem__,
    "byteswap": byteswap, "setflags": setflags,
    "flat": property(_get_flat, _set_flat, doc=_get_flat.__doc__),
    "scatter_add": scatter_add, "scatter_max": scatter_max, "scatter_min": scatter_min,
    # ndarray[Any, dtype[float32]] in annotations (cunp.typing.NDArray), as numpy.ndarray's.
    "__class_getitem__": classmethod(_types.GenericAlias),
}

for _name, _fn in _METHODS.items():
    setattr(_core.ndarray, _name, _fn)
del _name, _fn
