"""Creation functions whose argument handling is not hot enough to need C++."""
import math
import operator

from cunp import _core
from cunp._core import ndarray


def asarray(a, dtype=None, order=None, *, copy=None, blocking=False):
    """An array on the current device; `a` itself when it already is one (no copy)."""
    return _core.array(a, dtype, copy, order if order is not None else "K", 0)


def ascontiguousarray(a, dtype=None):
    return _core.array(a, dtype, None, "C", 0) if _ndim_of(a) else _core.array(a, dtype, None, "C", 1)


def asfortranarray(a, dtype=None):
    return _core.array(a, dtype, None, "F", 0) if _ndim_of(a) else _core.array(a, dtype, None, "F", 1)


def _ndim_of(a):
    return getattr(a, "ndim", 1)


def copy(a, order="K"):
    return _core.array(a, None, True, order, 0)


def asnumpy(a, stream=None, order="C", out=None, blocking=True):
    """A NumPy array with a's values (a copy to host); non-cunp input goes to numpy.asarray."""
    if isinstance(a, ndarray):
        return a.get(stream=stream, order=order, out=out)
    import numpy

    arr = numpy.asarray(a, order=order)
    if out is not None:
        out[...] = arr
        return out
    return arr


def full(shape, fill_value, dtype=None, order="C"):
    return _core._full(shape, fill_value, dtype, order)


def empty_like(a, dtype=None, order="K", subok=None, shape=None):
    return _core._empty_like(_as_like(a), dtype, order, shape)


def zeros_like(a, dtype=None, order="K", subok=None, shape=None):
    out = empty_like(a, dtype, order, subok, shape)
    out.fill(0)
    return out


def ones_like(a, dtype=None, order="K", subok=None, shape=None):
    out = empty_like(a, dtype, order, subok, shape)
    out.fill(1)
    return out


def full_like(a, fill_value, dtype=None, order="K", subok=None, shape=None):
    out = empty_like(a, dtype, order, subok, shape)
    out.fill(fill_value)
    return out


def _as_like(a):
    return a if isinstance(a, ndarray) else asarray(a)


def _python_number(v, what):
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


def arange(start, stop=None, step=None, dtype=None):
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
        span = (complex(stop) - complex(start)) / complex(step)
        n = math.ceil(span.real)
    return _core._arange(max(int(n), 0), start, step, dtype)


def _check_num(num):
    try:
        num = operator.index(num)
    except TypeError:
        raise TypeError(f"'{type(num).__name__}' object cannot be interpreted as an integer") from None
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    return num


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    num = _check_num(num)
    start = _python_number(start, "start")
    stop = _python_number(stop, "stop")
    if dtype is None:
        dtype = "complex128" if isinstance(start, complex) or isinstance(stop, complex) else "float64"
    out = _core._linspace(start, stop, num, bool(endpoint), dtype)
    if retstep:
        div = (num - 1) if endpoint else num
        step = (stop - start) / div if div > 0 else float("nan")
        return out, step
    return out


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    num = _check_num(num)
    start = _python_number(start, "start")
    stop = _python_number(stop, "stop")
    if isinstance(start, complex) or isinstance(stop, complex) or isinstance(base, complex):
        raise NotImplementedError("logspace with complex arguments is not supported yet")
    return _core._logspace(float(start), float(stop), num, bool(endpoint), float(base), dtype or "float64")


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    num = _check_num(num)
    start = _python_number(start, "start")
    stop = _python_number(stop, "stop")
    if isinstance(start, complex) or isinstance(stop, complex):
        raise NotImplementedError("geomspace with complex arguments is not supported yet")
    return _core._geomspace(float(start), float(stop), num, bool(endpoint), dtype or "float64")


def identity(n, dtype=float):
    return _core.eye(n, None, 0, dtype, "C")
