"""More creation functions: the mgrid/ogrid index objects, fromfunction, the from* readers of
host data, asanyarray, asarray_chkfinite, require."""
import math

from cunp import _core
from cunp._creation._basic import arange, asarray

__all__ = [
    "mgrid", "ogrid", "fromfunction", "fromiter", "frombuffer", "fromstring", "asanyarray",
    "asarray_chkfinite", "require",
]


def _np():
    import numpy

    return numpy


def _is_complex_step(step):
    return isinstance(step, complex) or getattr(step, "dtype", None) is not None and \
        getattr(step.dtype, "kind", "") == "c"


class _Grid:
    """mgrid (dense) and ogrid (sparse): x[start:stop:step, ...] gives the grid of the slices.
    A real step works as in arange (stop excluded); an imaginary step Nj asks for N points
    from start to stop included, as in linspace."""

    __slots__ = ("sparse",)

    def __init__(self, sparse):
        self.sparse = sparse

    def __getitem__(self, key):
        if isinstance(key, slice):
            return self._one(key)
        sizes, steps, starts, scalars = [], [], [], [0]
        for k in key:
            start = 0 if k.start is None else k.start
            step = 1 if k.step is None else k.step
            if _is_complex_step(step):
                n = int(abs(step))
                sizes.append(n)
                scalars += [start, k.stop, abs(step)]
                step = (k.stop - start) / float(n - 1) if n != 1 else 1
            else:
                sizes.append(math.ceil((k.stop - start) / step))
                scalars += [start, k.stop, step]
            steps.append(step)
            starts.append(start)
        typ = _np().result_type(*scalars)
        axes = [arange(n, dtype=typ) * step + start for n, step, start in zip(sizes, steps, starts)]
        nd = len(sizes)
        if self.sparse:
            return tuple(v.reshape((1,) * i + (-1,) + (1,) * (nd - i - 1))
                         for i, v in enumerate(axes))
        from cunp import broadcast_to, stack

        if any(n < 0 for n in sizes):
            raise ValueError("negative dimensions are not allowed")
        shape = tuple(sizes)
        return stack([broadcast_to(v.reshape((1,) * i + (-1,) + (1,) * (nd - i - 1)), shape)
                      .astype(typ) for i, v in enumerate(axes)])

    @staticmethod
    def _one(key):
        start = 0 if key.start is None else key.start
        step = key.step
        if _is_complex_step(step):
            n = int(abs(step))
            typ = _np().result_type(start, key.stop, abs(step))
            delta = (key.stop - start) / float(n - 1) if n != 1 else 1
            return arange(0, n, 1, dtype=typ) * delta + start
        return arange(start, key.stop, step)

    def __len__(self):
        return 0


mgrid = _Grid(False)
ogrid = _Grid(True)


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """function(*indices(shape, dtype), **kwargs): the function is called once, with one
    coordinate array per axis, and its result is returned as it is."""
    from cunp import indices

    return function(*indices(shape, dtype=dtype), **kwargs)


def fromiter(iter, dtype, count=-1, *, like=None):  # noqa: A002 - NumPy's parameter name
    """A 1-D array from an iterable (consumed on the host, then copied to the device)."""
    return asarray(_np().fromiter(iter, dtype, count))


def frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None):
    """A 1-D array of the buffer's bytes read as `dtype`: a device copy (device memory cannot
    view a host buffer, so writes to the buffer do not show in the array)."""
    return asarray(_np().frombuffer(buffer, dtype, count, offset))


def fromstring(string, dtype=float, count=-1, *, sep, like=None):
    """A 1-D array from numbers in text separated by `sep` (parsed by NumPy on the host)."""
    return asarray(_np().fromstring(string, dtype, count, sep=sep))


def asanyarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    """asarray: cunp has no ndarray subclasses to pass through."""
    return _core.array(a, dtype, copy, order if order is not None else "K", 0, device=device)


def asarray_chkfinite(a, dtype=None, order=None):
    """asarray, with ValueError where a floating-point result holds inf or NaN (one device
    reduction and a transfer of its bool)."""
    from cunp import isfinite

    a = asarray(a, dtype=dtype, order=order)
    if a.dtype.kind in "fc" and not bool(isfinite(a).all()):
        raise ValueError("array must not contain infs or NaNs")
    return a


_FLAGS = {
    "C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C", "F": "F", "F_CONTIGUOUS": "F",
    "FORTRAN": "F", "A": "A", "ALIGNED": "A", "W": "W", "WRITEABLE": "W", "O": "O",
    "OWNDATA": "O", "E": "E", "ENSUREARRAY": "E",
}
_FLAG_ATTRS = {"A": "aligned", "W": "writeable", "O": "owndata"}


def require(a, dtype=None, requirements=None, *, like=None):
    """An array of `dtype` with the flags of `requirements` ('C', 'F', 'A', 'W', 'O', 'E' or
    their long names), copying only where `a` lacks one."""
    if not requirements:
        return asanyarray(a, dtype=dtype)
    wanted = {_FLAGS[r.upper()] for r in requirements}
    wanted.discard("E")  # cunp has no subclasses
    if {"C", "F"} <= wanted:
        raise ValueError('Cannot specify both "C" and "F" order')
    order = "F" if "F" in wanted else "C" if "C" in wanted else "A"
    wanted -= {"C", "F"}
    arr = _core.array(a, dtype, None, order, 0)
    for flag in wanted:
        if not getattr(arr.flags, _FLAG_ATTRS[flag]):
            return arr.copy(order)
    return arr
