"""Host-side rules of cunp.scipy.sparse, as SciPy has them: the supported data dtypes, the
index dtype choice, shapes and scalars. Nothing here launches a kernel except the contents
check of get_index_dtype, which reads two numbers back."""

import operator

import numpy

# SciPy's list less the extended-precision types, which have no GPU counterpart.
supported_dtypes = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16,
                    numpy.int32, numpy.uint32, numpy.int64, numpy.uint64, numpy.float32,
                    numpy.float64, numpy.complex64, numpy.complex128]

_INT32_MIN = int(numpy.iinfo(numpy.int32).min)
_INT32_MAX = int(numpy.iinfo(numpy.int32).max)


def getdtype(dtype, a=None, default=None):
    """The data dtype asked for (or a's, or the default), refused with SciPy's ValueError
    unless sparse matrices support it."""
    if dtype is None:
        try:
            newdtype = a.dtype
        except AttributeError as e:
            if default is None:
                raise TypeError("could not interpret data type") from e
            newdtype = numpy.dtype(default)
    else:
        newdtype = numpy.dtype(dtype)
    if newdtype == numpy.object_:
        raise ValueError("object dtype is not supported by sparse matrices")
    if newdtype not in supported_dtypes:
        names = ", ".join(t.__name__ for t in supported_dtypes)
        raise ValueError(f"scipy.sparse does not support dtype {newdtype}. "
                         f"The only supported types are: {names}.")
    return newdtype


def get_index_dtype(arrays=(), maxval=None, check_contents=False):
    """int32 unless maxval or an index array needs int64 (SciPy's rule). With check_contents,
    an int64 array whose values all fit int32 does not force int64."""
    if maxval is not None and int(maxval) > _INT32_MAX:
        return numpy.int64
    if hasattr(arrays, "dtype"):
        arrays = (arrays,)
    for arr in arrays:
        dt = numpy.dtype(arr.dtype) if hasattr(arr, "dtype") else numpy.asarray(arr).dtype
        if numpy.can_cast(dt, numpy.int32):
            continue
        if check_contents:
            size = arr.size if hasattr(arr, "size") else numpy.asarray(arr).size
            if size == 0:
                continue
            if numpy.issubdtype(dt, numpy.integer):
                lo, hi = int(arr.min()), int(arr.max())
                if lo >= _INT32_MIN and hi <= _INT32_MAX:
                    continue
        return numpy.int64
    return numpy.int32


def get_sum_dtype(dtype):
    """The dtype NumPy's sum gives: small integers widen to the platform's."""
    dtype = numpy.dtype(dtype)
    if dtype.kind == "u" and numpy.can_cast(dtype, numpy.uint):
        return numpy.dtype(numpy.uint)
    if numpy.can_cast(dtype, numpy.int_):
        return numpy.dtype(numpy.int_)
    return dtype


def upcast(*dtypes):
    """The common dtype of several, refused unless sparse matrices support it."""
    t = numpy.result_type(*[numpy.dtype(d) for d in dtypes])
    if t not in supported_dtypes:
        raise TypeError(f"no supported conversion for types: {dtypes!r}")
    return t


def isscalarlike(x):
    """A Python or NumPy scalar, or a 0-d array."""
    return numpy.isscalar(x) or (hasattr(x, "ndim") and x.ndim == 0 and
                                 hasattr(x, "shape") and not hasattr(x, "format"))


def isintlike(x):
    if getattr(x, "ndim", 0) != 0:
        return False
    try:
        operator.index(x)
    except (TypeError, ValueError):
        return False
    return True


def isshape(x, nonneg=False):
    """A tuple of two integers (non-negative when asked)."""
    if not isinstance(x, tuple) or len(x) != 2:
        return False
    if not (isintlike(x[0]) and isintlike(x[1])):
        return False
    return not nonneg or (x[0] >= 0 and x[1] >= 0)


def check_shape(args):
    """A 2-D shape of non-negative Python ints, with SciPy's errors."""
    if len(args) == 0:
        raise TypeError("function missing 1 required positional argument: 'shape'")
    if len(args) == 1:
        try:
            shape_iter = iter(args[0])
        except TypeError:
            new_shape = (operator.index(args[0]),)
        else:
            new_shape = tuple(operator.index(a) for a in shape_iter)
    else:
        new_shape = tuple(operator.index(a) for a in args)
    if len(new_shape) != 2:
        raise ValueError(f"shape must be a 2-tuple (cunp.scipy.sparse is 2-D); got {new_shape}")
    if any(d < 0 for d in new_shape):
        raise ValueError("'shape' elements cannot be negative")
    return new_shape


def validateaxis(axis):
    """None, or 0/1 (negatives allowed), with SciPy's errors."""
    if axis is None:
        return None
    if isinstance(axis, tuple):
        raise TypeError("Tuples are not accepted for the 'axis' parameter. "
                        "Please pass in one of the following: {-2, -1, 0, 1, None}.")
    if not isintlike(axis):
        raise TypeError(f"axis must be an integer, not {type(axis).__name__}")
    axis = operator.index(axis)
    if not -2 <= axis <= 1:
        raise ValueError("axis out of range")
    return axis % 2
