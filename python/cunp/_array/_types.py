"""Type queries, memory overlap, bit packing and the floating-point error state.

The dtype queries answer as NumPy does (they take dtypes, not arrays, or only look at an
array's dtype and flags). `typecodes`, `sctypeDict` and `ScalarType` are NumPy's own objects,
resolved on first use by cunp's module `__getattr__` (importing cunp does not import NumPy).
"""
import contextlib
import operator

from cunp import _core
from cunp._linalg import _errstate as _linalg_errstate
from cunp._core import ndarray

__all__ = [
    "issubdtype", "isscalar", "iterable", "mintypecode", "typename", "isfortran",
    "may_share_memory", "shares_memory", "packbits", "unpackbits",
    "errstate", "seterr", "geterr", "seterrcall", "geterrcall",
]


def _np():
    import numpy

    return numpy


def issubdtype(arg1, arg2):
    """True when arg1's type is lower than or equal to arg2 in NumPy's type hierarchy."""
    if isinstance(arg1, ndarray) or isinstance(arg2, ndarray):
        # NumPy reads each argument as numpy.dtype(arg), which refuses arrays.
        raise TypeError("Cannot construct a dtype from an array")
    return _np().issubdtype(arg1, arg2)


def isscalar(element):
    """True for Python and NumPy scalars; False for arrays, cunp's 0-d ones included."""
    if isinstance(element, ndarray):
        return False
    return _np().isscalar(element)


def iterable(y):
    """True when iter(y) works (a 0-d array is not iterable)."""
    try:
        iter(y)
    except TypeError:
        return False
    return True


def mintypecode(typechars, typeset="GDFgdf", default="d"):
    """The character of the smallest type in `typeset` that every type in `typechars` (type
    characters or arrays) can be safely cast to."""
    chars = [t.dtype.char if isinstance(t, ndarray) else t for t in typechars]
    return _np().mintypecode(chars, typeset, default)


def typename(char):
    """A description of the dtype of type character `char`."""
    return _np().typename(char)


def isfortran(a):
    """True when `a` is Fortran-contiguous and not also C-contiguous."""
    if not isinstance(a, ndarray):
        return _np().isfortran(a)
    return bool(a.flags.f_contiguous and not a.flags.c_contiguous)


# --- memory overlap ---

class _Addresses:
    """A NumPy array interface over a cunp array's device addresses: NumPy's overlap solver
    only does arithmetic on the addresses and never reads them."""

    def __init__(self, a):
        self.__array_interface__ = {
            "data": (a.data.ptr if a.size else 0, False), "shape": tuple(a.shape),
            "strides": tuple(a.strides), "typestr": "|V%d" % a.itemsize, "version": 3,
        }


def _overlap(a, b, max_work, name):
    np = _np()
    da, db = isinstance(a, ndarray), isinstance(b, ndarray)
    if da != db:
        return False  # device memory and host memory never overlap
    if not da:
        return getattr(np, name)(a, b, max_work=max_work)
    if a.size == 0 or b.size == 0:
        return False
    if a.device.id != b.device.id:
        return False
    return getattr(np, name)(np.asarray(_Addresses(a)), np.asarray(_Addresses(b)),
                             max_work=max_work)


def may_share_memory(a, b, /, max_work=0):
    """Whether a and b might share memory. max_work=0 (the default) compares the byte ranges
    the arrays span; max_work=-1 (MAY_SHARE_EXACT) solves the exact problem, as NumPy."""
    return bool(_overlap(a, b, max_work, "may_share_memory"))


def shares_memory(a, b, /, max_work=-1):
    """Whether a and b share memory. Exact by default (NumPy's solver run on the device
    addresses, on the host: nothing is read from the device); max_work=0 checks only whether
    the byte ranges overlap. numpy.exceptions.TooHardError where max_work is too small."""
    return bool(_overlap(a, b, max_work, "shares_memory"))


# --- bit packing ---

def _bit_array(a):
    from cunp._creation._basic import asarray

    return asarray(a)


def _check_bitorder(bitorder):
    if bitorder not in ("big", "little"):
        raise ValueError("'order' must be either 'little' or 'big'")


def packbits(a, /, axis=None, bitorder="big"):
    """The elements of a bool or integer array (nonzero = 1) packed 8 to a uint8 along `axis`
    (the flattened array for None); the last byte is padded with zero bits."""
    from cunp import ascontiguousarray, concatenate, left_shift, moveaxis, uint8, zeros

    a = _bit_array(a)
    if a.dtype.kind not in "biu":
        raise TypeError("Expected an input array of integer or boolean data type")
    _check_bitorder(bitorder)
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    axis = _core.axes.normalize_axis(axis, a.ndim)
    bits = moveaxis(a != 0, axis, -1).astype(uint8)
    n = bits.shape[-1]
    pad = -n % 8
    if pad:
        bits = concatenate([bits, zeros(bits.shape[:-1] + (pad,), uint8)], axis=-1)
    bits = bits.reshape(bits.shape[:-1] + ((n + pad) // 8, 8))
    shifts = _shifts(bitorder)
    packed = left_shift(bits, shifts).sum(axis=-1, dtype=uint8)
    return ascontiguousarray(moveaxis(packed, -1, axis))


def _shifts(bitorder):
    from cunp import arange, uint8

    return arange(7, -1, -1, dtype=uint8) if bitorder == "big" else arange(8, dtype=uint8)


def unpackbits(a, /, axis=None, count=None, bitorder="big"):
    """The bits of a uint8 array as a uint8 array of 0s and 1s, 8 per byte along `axis` (the
    flattened array for None); `count` keeps that many bits (negative: drops them from the
    end; more than there are: pads with zeros)."""
    from cunp import ascontiguousarray, bitwise_and, concatenate, moveaxis, right_shift, uint8
    from cunp import zeros

    a = _bit_array(a)
    if a.dtype != uint8:
        raise TypeError("Expected an input array of unsigned byte data type")
    _check_bitorder(bitorder)
    if count is not None:
        count = operator.index(count)
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    axis = _core.axes.normalize_axis(axis, a.ndim)
    a = moveaxis(a, axis, -1)
    n = a.shape[-1] * 8
    bits = bitwise_and(right_shift(a[..., None], _shifts(bitorder)), 1)
    bits = bits.reshape(a.shape[:-1] + (n,))
    if count is not None:
        keep = count if count >= 0 else n + count
        if keep < 0:
            raise ValueError("-count larger than number of elements")
        if keep <= n:
            bits = bits[..., :keep]
        else:
            bits = concatenate([bits, zeros(bits.shape[:-1] + (keep - n,), uint8)], axis=-1)
    return ascontiguousarray(moveaxis(bits, -1, axis))


# --- floating-point error state ---
#
# cunp's GPU kernels do not raise floating-point exception flags, so device ufuncs never warn
# or raise for division by zero, overflow, underflow or invalid operations, whatever this
# state says (a difference from NumPy). The state is NumPy's own (one state for both
# libraries), and it governs every computation cunp does through NumPy on the host: printing,
# the I/O functions and the host steps of other functions (cunp.random's, for one).
#
# One key is cunp's own, as in CuPy's cupyx.errstate: `linalg` ('raise' or 'ignore') decides
# whether inv, solve and cholesky check for singular (not positive definite) matrices, a
# device-to-host sync per call (see _linalg_errstate).

_UNSET = object()


def seterr(all=None, divide=None, over=None, under=None, invalid=None,  # noqa: A002
           linalg=None):
    """Sets NumPy's floating-point error handling, which cunp shares, and cunp's `linalg`
    key; returns the old settings. The NumPy keys govern cunp's host computations only: GPU
    kernels report no FP errors. `all` does not set `linalg`."""
    if linalg is not None:
        _linalg_errstate.validated(linalg)
    old = _np().seterr(all=all, divide=divide, over=over, under=under, invalid=invalid)
    old["linalg"] = _linalg_errstate.get()
    if linalg is not None:
        _linalg_errstate.set(linalg)
    return old


def geterr():
    """The current error handling: NumPy's keys (shared with cunp) and `linalg`."""
    state = _np().geterr()
    state["linalg"] = _linalg_errstate.get()
    return state


def seterrcall(func):
    """Sets the function called for 'call' error handling (NumPy's, shared with cunp)."""
    return _np().seterrcall(func)


def geterrcall():
    """The function called for 'call' error handling."""
    return _np().geterrcall()


class errstate(contextlib.ContextDecorator):  # noqa: N801 - NumPy's name
    """Context manager (and decorator) for error handling: numpy.errstate, whose state cunp
    shares, plus cunp's `linalg` key ('raise' or 'ignore', as cupyx.errstate). GPU kernels
    report no FP errors, so inside it cunp's device ufuncs still neither warn nor raise; host
    computations (see seterr) follow it."""

    def __init__(self, *, call=_UNSET, all=None, divide=None, over=None,  # noqa: A002
                 under=None, invalid=None, linalg=None):
        kwargs = dict(all=all, divide=divide, over=over, under=under, invalid=invalid)
        if call is not _UNSET:
            kwargs["call"] = call
        self._kwargs = kwargs
        self._linalg = None if linalg is None else _linalg_errstate.validated(linalg)
        self._stack = []

    def __enter__(self):
        state = _np().errstate(**self._kwargs)
        state.__enter__()
        token = None if self._linalg is None else _linalg_errstate.set(self._linalg)
        self._stack.append((state, token))
        return self

    def __exit__(self, *exc):
        state, token = self._stack.pop()
        if token is not None:
            _linalg_errstate.reset(token)
        return state.__exit__(*exc)
