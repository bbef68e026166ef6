"""Creation functions whose argument handling is not hot enough to need C++."""
import contextlib
import math
import operator
import sys

from cunp import _core
from cunp._core import ndarray

_NO_SCOPE = contextlib.nullcontext()


def _on(device):
    """A context that makes the device of a `device=` argument current (nothing for None);
    ValueError for a device that does not exist."""
    d = _core.runtime.device(device)
    return _NO_SCOPE if d is None else d


def asarray(a, dtype=None, order=None, *, copy=None, device=None, blocking=False):
    """An array on the current device (or `device`); `a` itself when it already is one there."""
    return _core.array(a, dtype, copy, order if order is not None else "K", 0, device=device)


def ascontiguousarray(a, dtype=None):
    return _core.array(a, dtype, None, "C", 0) if _ndim_of(a) else _core.array(a, dtype, None, "C", 1)


def asfortranarray(a, dtype=None):
    return _core.array(a, dtype, None, "F", 0) if _ndim_of(a) else _core.array(a, dtype, None, "F", 1)


def _ndim_of(a):
    return getattr(a, "ndim", 1)


def copy(a, order="K"):
    return _core.array(a, None, True, order, 0)


def asnumpy(a, stream=None, order="C", out=None, *, blocking=True):
    """A NumPy array with a's values (a copy to host). Another library's device array (CUDA
    array interface, DLPack on a GPU) is viewed and copied the same way; other input goes to
    numpy.asarray."""
    if isinstance(a, ndarray):
        # cunp.allow_synchronize(False) forbids this wait; nothing to check until it is used.
        syncdetect = sys.modules.get("cunp._cupyx._syncdetect")
        if syncdetect is not None:
            syncdetect._declare_synchronize()
        return a.get(stream=stream, order=order, out=out)
    if hasattr(a, "__cuda_array_interface__") or _on_gpu_by_dlpack(a):
        return asarray(a).get(stream=stream, order=order, out=out)
    import numpy

    arr = numpy.asarray(a, order=order)
    if out is not None:
        out[...] = arr
        return out
    return arr


def _on_gpu_by_dlpack(a):
    if not hasattr(a, "__dlpack_device__"):
        return False
    from cunp._array._interop import _KDL_CUDA, _KDL_CUDA_MANAGED

    try:
        return int(a.__dlpack_device__()[0]) in (_KDL_CUDA, _KDL_CUDA_MANAGED)
    except Exception:  # noqa: BLE001 - a producer that cannot say: leave it to NumPy
        return False


def full(shape, fill_value, dtype=None, order="C", *, device=None):
    return _core.creation.full(shape, _unsafe_fill(fill_value, dtype, shape), dtype, order,
                               device)


def _check_extents(shape):
    """NumPy's ValueError for a negative extent: full makes its array before it fills it."""
    for n in shape if hasattr(shape, "__len__") else (shape,):
        if operator.index(n) < 0:
            raise ValueError("negative dimensions are not allowed")


def _unsafe_fill(fill_value, dtype, shape=()):
    """NumPy copies full's fill value with casting='unsafe': a float or complex scalar goes
    into an integer or bool dtype (a complex into a real one) by NumPy's cast, with its
    warnings, where an assignment would refuse it. A Python int goes into a bool or integer
    dtype through a C long (uint64 takes up to 2**64 - 1)."""
    if dtype is None or isinstance(fill_value, bool):
        return fill_value
    if isinstance(fill_value, int) and -(2**63) <= fill_value < 2**63:
        return fill_value  # the common case, left to the core
    dtype = _numpy_dtype(dtype)
    if dtype is None:
        return fill_value  # the core names the bad dtype
    if isinstance(fill_value, int):  # past int64
        uint64 = dtype.kind == "u" and dtype.itemsize == 8
        if dtype.kind in "biu" and not (uint64 and 0 <= fill_value < 2**64):
            _check_extents(shape)
            raise OverflowError("Python int too large to convert to C long")
        return fill_value
    if dtype.kind not in "biuf" or (dtype.kind == "f" and isinstance(fill_value, float)):
        return fill_value  # complex dtypes take any number, real ones any real
    import numpy

    if not isinstance(fill_value, (float, complex, numpy.inexact)):
        return fill_value
    complex_value = isinstance(fill_value, (complex, numpy.complexfloating))
    if dtype.kind != "f" or complex_value:
        return numpy.asarray(fill_value).astype(dtype)[()]
    return fill_value


_DTYPES = {}  # full's dtype arguments as NumPy dtypes: full is called per array


def _numpy_dtype(dtype):
    """dtype as a NumPy dtype (None if NumPy refuses it), remembered for hashable spellings."""
    try:
        return _DTYPES[dtype]
    except (KeyError, TypeError):
        pass
    import numpy

    try:
        result = numpy.dtype(dtype)
    except TypeError:
        result = None
    try:
        _DTYPES[dtype] = result
    except TypeError:
        pass  # an unhashable spelling: looked up each time
    return result


# The *_like functions allocate on the prototype's device unless `device` names another.
def empty_like(a, dtype=None, order="K", subok=None, shape=None, *, device=None):
    return _core.creation.empty_like(_as_like(a), dtype, order, shape, device)


def zeros_like(a, dtype=None, order="K", subok=None, shape=None, *, device=None):
    out = empty_like(a, dtype, order, subok, shape, device=device)
    out.fill(0)
    return out


def ones_like(a, dtype=None, order="K", subok=None, shape=None, *, device=None):
    out = empty_like(a, dtype, order, subok, shape, device=device)
    out.fill(1)
    return out


def full_like(a, fill_value, dtype=None, order="K", subok=None, shape=None, *, device=None):
    out = empty_like(a, dtype, order, subok, shape, device=device)
    out.fill(_unsafe_fill(fill_value, out.dtype))
    return out


def _as_like(a):
    return a if isinstance(a, ndarray) else asarray(a)


def _python_number(v, what):
    if getattr(v, "ndim", 0):
        # NumPy 2.5 takes the truth of an array argument first (refused unless it has one
        # element), then no longer reads a one-element array as its value.
        if v.size == 0:
            raise ValueError("The truth value of an empty array is ambiguous. Use `array.size > "
                             "0` to check that an array is not empty.")
        if v.size > 1:
            raise ValueError("The truth value of an array with more than one element is "
                             "ambiguous. Use a.any() or a.all()")
        raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
    if isinstance(v, ndarray):
        v = v.item()
    elif not isinstance(v, (bool, int, float, complex)):
        if hasattr(v, "item"):  # NumPy scalar
            v = v.item()
        else:
            try:
                v = operator.index(v)
            except TypeError:
                raise TypeError(f"{what} must be a number, not {type(v).__name__}") from None
    return v


def _default_dtype(*values):
    if any(isinstance(v, complex) for v in values):
        return "complex128"
    if any(isinstance(v, float) for v in values):
        return "float64"
    return "int64"


_MAX_LENGTH = 2**63 - 1  # numpy.intp's range


def arange(start, stop=None, step=None, dtype=None, *, device=None):
    """Evenly spaced values in [start, stop), as numpy.arange (lengths computed the same way)."""
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    start, stop, step = (_python_number(v, "arange argument") for v in (start, stop, step))
    if step == 0:
        raise ZeroDivisionError("division by zero")
    if dtype is None:
        dtype = _default_dtype(start, stop, step)
    if all(isinstance(v, int) for v in (start, stop, step)):
        n = -((start - stop) // step)  # exact ceil division for Python ints
    else:
        delta = (complex(stop) - complex(start)).real
        span = ((complex(stop) - complex(start)) / complex(step)).real
        if math.isnan(span):
            raise ValueError("arange: cannot compute length")
        if span == 0 and delta != 0:  # the step's size swallowed the span: NumPy keeps start
            n = 0 if math.copysign(1.0, span) < 0 else 1
        else:
            n = math.ceil(span) if math.isfinite(span) else _MAX_LENGTH + 1
    if not -_MAX_LENGTH - 1 <= n <= _MAX_LENGTH:  # NumPy's limit, whichever the sign of the span
        raise ValueError("Maximum allowed size exceeded")
    _check_first_values(start, step, n, dtype)
    with _on(device):
        return _core.creation.arange(max(int(n), 0), start, step, dtype)


def _check_first_values(start, step, n, dtype):
    """NumPy stores an integer arange's first two values as Python integers (truncated), so
    either one outside the dtype's range is an OverflowError; later values wrap."""
    import numpy

    dtype = numpy.dtype(dtype)
    if dtype.kind not in "iu" or n < 1:
        return
    info = numpy.iinfo(dtype)
    firsts = (start, start + step) if n >= 2 else (start,)
    for v in firsts:
        if isinstance(v, complex):
            return  # a complex start fails its cast to an integer type in the kernel's caller
        v = int(v)
        if not info.min <= v <= info.max:
            raise OverflowError(f"Python integer {v} out of bounds for {dtype}")


def _check_num(num):
    try:
        num = operator.index(num)
    except TypeError:
        raise TypeError(f"'{type(num).__name__}' object cannot be interpreted as an integer") from None
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    return num


_PY_NUMBERS = (bool, int, float, complex)


def _endpoint(v):
    """A spacing endpoint as NumPy promotes it: Python numbers stay (weak), cunp arrays stay on
    the device, anything else becomes a NumPy array (0-d for NumPy scalars)."""
    if isinstance(v, (ndarray,) + _PY_NUMBERS):
        return v
    import numpy

    return numpy.asarray(v)


def _is_host_scalar(v):
    return isinstance(v, _PY_NUMBERS) or (not isinstance(v, ndarray) and v.ndim == 0)


def _host_value(v):
    return v if isinstance(v, _PY_NUMBERS) else v.item()


def _work_dtype(*values):
    """result_type of the endpoints and extra operands (Python numbers weak, as in NumPy 2)."""
    return _core.result_type(*values)


def _inexact_work_dtype(*values):
    """NumPy's working type of a spacing: the endpoints' result type, float64 where that is an
    integer or bool (so uint8 endpoints work in float64, not float16)."""
    dt = _core.result_type(*values)
    return _core.result_type(1.0) if dt.kind in "biu" else dt


def _on_device(v, dtype):
    return asarray(v, dtype=dtype)


def _move_samples(out, axis):
    # The kernels put the samples on axis 0; NumPy moves them (AxisError if out of range).
    return out if axis == 0 else out._moveaxis(0, axis)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *,
             device=None):
    with _on(device):
        return _linspace(start, stop, num, endpoint, retstep, dtype, axis)


def _linspace(start, stop, num, endpoint, retstep, dtype, axis):
    num = _check_num(num)
    div = (num - 1) if endpoint else num
    start, stop = _endpoint(start), _endpoint(stop)
    dt = _inexact_work_dtype(start, stop)
    out_dtype = dt if dtype is None else dtype
    if dt.kind == "c" and dtype is not None:
        import numpy

        # NumPy floors the samples for an integer dtype, and floor has no complex loop.
        if numpy.issubdtype(dtype, numpy.integer):
            raise TypeError("ufunc 'floor' not supported for the input types")
    if _is_host_scalar(start) and _is_host_scalar(stop):
        lo, hi = _host_value(start), _host_value(stop)
        out = _move_samples(_core.creation.linspace(lo, hi, num, bool(endpoint), out_dtype), axis)
        if retstep:
            return out, (dt.type((hi - lo) / div) if div > 0 else float("nan"))
        return out
    r = _core.creation.spaced(0, _on_device(start, dt), _on_device(stop, dt), num, bool(endpoint),
                              0.0, out_dtype, bool(retstep))
    if retstep:
        return _move_samples(r[0], axis), r[1]
    return _move_samples(r, axis)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    num = _check_num(num)
    base = _endpoint(base)
    if isinstance(base, ndarray) or not _is_host_scalar(base):
        raise NotImplementedError("logspace with an array base is not supported yet")
    if isinstance(_host_value(base), complex):
        raise NotImplementedError("logspace with a complex base is not supported yet")
    start, stop = _endpoint(start), _endpoint(stop)
    # NumPy: power(base, linspace(start, stop)); the power's type decides the result's.
    dt = _work_dtype(_inexact_work_dtype(start, stop), base)
    out_dtype = dt if dtype is None else dtype
    b = float(_host_value(base))
    if _is_host_scalar(start) and _is_host_scalar(stop) and dt.kind != "c":
        out = _core.creation.logspace(float(_host_value(start)), float(_host_value(stop)), num,
                              bool(endpoint), b, out_dtype)
    else:
        out = _core.creation.spaced(1, _on_device(start, dt), _on_device(stop, dt), num, bool(endpoint),
                            b, out_dtype, False)
    return _move_samples(out, axis)


def _has_zero(v):
    if isinstance(v, ndarray):
        v = v.get()
    return bool((v == 0).any()) if not isinstance(v, _PY_NUMBERS) else v == 0


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    num = _check_num(num)
    start, stop = _endpoint(start), _endpoint(stop)
    if _has_zero(start) or _has_zero(stop):
        raise ValueError("Geometric sequence cannot include zero")
    import numpy

    # NumPy works in at least the precision of `dtype` (float64 when not given).
    dt = _work_dtype(start, stop, float(num), numpy.zeros((), dtype))
    out_dtype = dt if dtype is None else dtype
    if _is_host_scalar(start) and _is_host_scalar(stop) and dt.kind != "c":
        out = _core.creation.geomspace(float(_host_value(start)), float(_host_value(stop)), num,
                               bool(endpoint), out_dtype)
    else:
        out = _core.creation.spaced(2, _on_device(start, dt), _on_device(stop, dt), num, bool(endpoint),
                            10.0, out_dtype, False)
    return _move_samples(out, axis)


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    """Coordinate arrays from coordinate vectors: one array per input, each varying along its
    own axis ('ij'), or with the first two axes swapped ('xy', the default). A tuple, as in
    NumPy 2; sparse=True keeps the broadcastable shapes instead of full copies."""
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    ndim = len(xi)
    ones = (1,) * ndim
    out = [asarray(x).reshape(ones[:i] + (-1,) + ones[i + 1:]) for i, x in enumerate(xi)]
    if indexing == "xy" and ndim > 1:
        out[0] = out[0].reshape((1, -1) + ones[2:])
        out[1] = out[1].reshape((-1, 1) + ones[2:])
    if not sparse:
        from cunp._manipulation._shapes import broadcast_arrays

        out = broadcast_arrays(*out)
    if copy:
        out = [x.copy() for x in out]
    return tuple(out)


def identity(n, dtype=float):
    return _core.eye(n, None, 0, dtype, "C")
