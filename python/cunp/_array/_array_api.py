"""The array API standard's names that NumPy spells differently or lacks: the inspection
namespace (__array_namespace_info__), isdtype, astype, finfo/iinfo with Python-scalar fields,
and the standard's spellings of transposes and unstacking.

The standard's aliases of ufuncs (acos for arccos, pow for power, ...) are bound in
cunp/__init__.py next to the ufunc objects themselves.
"""
from cunp import _core
from cunp._core import ndarray

__all__ = [
    "__array_namespace_info__", "isdtype", "astype", "finfo", "iinfo", "permute_dims",
    "matrix_transpose", "unstack",
]

# The dtype names of each kind the standard's isdtype and dtypes(kind=) know.
_KINDS = {
    "bool": ("bool",),
    "signed integer": ("int8", "int16", "int32", "int64"),
    "unsigned integer": ("uint8", "uint16", "uint32", "uint64"),
    "real floating": ("float32", "float64"),
    "complex floating": ("complex64", "complex128"),
}
_KINDS["integral"] = _KINDS["signed integer"] + _KINDS["unsigned integer"]
_KINDS["numeric"] = _KINDS["integral"] + _KINDS["real floating"] + _KINDS["complex floating"]
# float16 is a NumPy dtype the standard does not name; it still answers to the float kinds.
_EXTRA = {"real floating": ("float16",), "numeric": ("float16",)}


def _numpy_dtype(dtype):
    import numpy

    if isinstance(dtype, ndarray):
        raise TypeError("isdtype expects a dtype, not an array (pass x.dtype)")
    return numpy.dtype(dtype)


def isdtype(dtype, kind):
    """Whether `dtype` is of `kind`: a dtype, one of the standard's kind names ('bool',
    'signed integer', 'unsigned integer', 'integral', 'real floating', 'complex floating',
    'numeric'), or a tuple of those."""
    import numpy

    dt = _numpy_dtype(dtype)
    if isinstance(kind, tuple):
        return any(isdtype(dt, k) for k in kind)
    if isinstance(kind, str):
        if kind not in _KINDS:
            raise ValueError(f"kind argument must be one of {sorted(_KINDS)} or a dtype, "
                             f"got {kind!r}")
        return dt.name in _KINDS[kind] or dt.name in _EXTRA.get(kind, ())
    if isinstance(kind, (ndarray, numpy.ndarray)) and kind.size != 1:
        # NumPy compares kind with each kind name first: an array gives no single truth value.
        raise ValueError("The truth value of an array with %s is ambiguous"
                         % ("no elements" if kind.size == 0 else "more than one element"))
    try:
        if isinstance(kind, (ndarray, numpy.ndarray)):
            raise TypeError("Cannot construct a dtype from an array")
        other = numpy.dtype(kind)
    except TypeError:
        raise TypeError(f"kind argument must be a string, a dtype or a tuple of those, "
                        f"not {type(kind).__name__}") from None
    return dt == other


def astype(x, dtype, /, *, copy=True, device=None):
    """x converted to `dtype` (and moved to `device`); x itself when nothing changes and
    copy=False."""
    if not isinstance(x, ndarray):
        raise TypeError(f"astype expects a cunp.ndarray, not {type(x).__name__}")
    return x.astype(dtype, copy=copy, device=device)


def permute_dims(x, /, axes=None):
    """The array API's name for transpose (NumPy 2.5: all axes reversed when axes is None)."""
    return x.transpose(None if axes is None else tuple(axes))


def matrix_transpose(x, /):
    """Swaps the last two axes (a stack of matrices transposed)."""
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose needs at least 2 dimensions, got {x.ndim}")
    return x.swapaxes(-1, -2)


def unstack(x, /, *, axis=0):
    """The views along `axis`, as a tuple."""
    if x.ndim == 0:  # checked first, as NumPy does
        raise ValueError("Input array must be at least 1-d.")
    # NumPy moves `axis` to the front with moveaxis, so a tuple or list of axes is read as
    # moveaxis reads its source: each range-checked, repeats refused, then exactly one asked for.
    from numpy.lib.array_utils import normalize_axis_tuple

    axes = normalize_axis_tuple(axis, x.ndim, "source")
    if len(axes) != 1:
        raise ValueError("`source` and `destination` arguments must have the same number of elements")
    axis = axes[0]
    key = (slice(None),) * axis
    return tuple(x[key + (i,)] for i in range(x.shape[axis]))


def _dtype_of(arg):
    import numpy

    return arg.dtype if isinstance(arg, ndarray) else numpy.dtype(arg)


class finfo:
    """numpy.finfo with the standard's fields as Python floats (eps, max, min,
    smallest_normal, tiny, resolution) and ints (bits, precision); `dtype` is the real dtype.
    The other fields are NumPy's."""

    def __init__(self, type):  # noqa: A002 - NumPy's parameter name
        import numpy

        self._info = numpy.finfo(_dtype_of(type))
        self.dtype = self._info.dtype
        self.bits = int(self._info.bits)
        self.precision = int(self._info.precision)
        for name in ("eps", "max", "min", "smallest_normal", "tiny", "resolution", "epsneg"):
            setattr(self, name, float(getattr(self._info, name)))

    def __getattr__(self, name):
        return getattr(self._info, name)

    def __repr__(self):
        return repr(self._info).replace("finfo(", "cunp.finfo(", 1)


class iinfo:
    """numpy.iinfo with bits, min and max as Python ints."""

    def __init__(self, type):  # noqa: A002 - NumPy's parameter name
        import numpy

        self._info = numpy.iinfo(_dtype_of(type))
        self.dtype = self._info.dtype
        self.kind = self._info.kind
        self.bits = int(self._info.bits)
        self.min = int(self._info.min)
        self.max = int(self._info.max)

    def __repr__(self):
        return repr(self._info).replace("iinfo(", "cunp.iinfo(", 1)


class _Info:
    """What the namespace supports, as the standard's inspection API reports it."""

    __module__ = "cunp"

    def capabilities(self):
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}

    def default_device(self):
        return _core.Device()

    def devices(self):
        return tuple(_core.Device(i) for i in range(_core.getDeviceCount()))

    def default_dtypes(self, *, device=None):
        import numpy

        _core.runtime.device(device)  # ValueError for a device that does not exist
        return {"real floating": numpy.dtype("float64"),
                "complex floating": numpy.dtype("complex128"),
                "integral": numpy.dtype("int64"), "indexing": numpy.dtype("int64")}

    def dtypes(self, *, device=None, kind=None):
        import numpy

        _core.runtime.device(device)
        names = _KINDS["bool"] + _KINDS["numeric"]
        if kind is not None:
            names = [n for n in names if isdtype(n, kind)]
        return {n: numpy.dtype(n) for n in names}


_INFO = _Info()


def __array_namespace_info__():
    """The standard's inspection namespace: capabilities, devices and default dtypes."""
    return _INFO
