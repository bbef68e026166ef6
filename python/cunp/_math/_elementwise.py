# python/cunp/_math/_elementwise.py -- NumPy's elementwise functions that are not ufuncs:
# their argument handling (each one kernel in src/ops/elementwise/functions.cpp).
"""NumPy's elementwise functions that are not ufuncs: clip, where, nan_to_num, round, angle,
isreal/iscomplex (+obj), isclose, allclose, array_equal, array_equiv.

Only argument handling lives here; each function is one fused kernel in the core
(src/ops/elementwise/functions.cpp), with NumPy 2's dtype rules.
"""
import cmath
import operator
import warnings

from cunp import _core
from cunp._core import ndarray
from cunp._creation._basic import asarray

_NOVALUE = object()  # "argument not given", where None means something


def _as_array(a):
    return a if isinstance(a, ndarray) else asarray(a)


def _check_out(out):
    if out is not None and not isinstance(out, ndarray):
        raise TypeError("return arrays must be of ArrayType")
    return out


# -- clip ---------------------------------------------------------------------------------------

def clip(a, a_min=_NOVALUE, a_max=_NOVALUE, out=None, *, min=_NOVALUE, max=_NOVALUE, **kwargs):
    """Clip (limit) the values in an array to [a_min, a_max] (either bound may be None)."""
    if a_min is _NOVALUE and a_max is _NOVALUE:
        a_min = None if min is _NOVALUE else min
        a_max = None if max is _NOVALUE else max
    elif a_min is _NOVALUE:
        raise TypeError("clip() missing 1 required positional argument: 'a_min'")
    elif a_max is _NOVALUE:
        raise TypeError("clip() missing 1 required positional argument: 'a_max'")
    elif min is not _NOVALUE or max is not _NOVALUE:
        raise ValueError("Passing `min` or `max` keyword argument when `a_min` and `a_max` are "
                         "provided is forbidden.")
    return _clip(_as_array(a), a_min, a_max, out, **kwargs)


def _int_bounds(dtype):
    bits = 8 * dtype.itemsize
    if dtype.kind == "u":
        return 0, (1 << bits) - 1
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


def _clip(self, min=None, max=None, out=None, **kwargs):
    """ndarray.clip(min=None, max=None, out=None, **kwargs)."""
    dtype = kwargs.pop("dtype", None)
    casting = kwargs.pop("casting", "same_kind")
    order = kwargs.pop("order", "K")
    kwargs.pop("subok", None)
    if kwargs:
        raise TypeError(f"'{next(iter(kwargs))}' is an invalid keyword to ufunc 'clip'")
    if self.dtype.kind in "iu":
        # NumPy drops a Python int bound beyond the array's range (NEP 50 would reject it).
        lo, hi = _int_bounds(self.dtype)
        if type(min) is int and min <= lo:
            min = None
        if type(max) is int and max >= hi:
            max = None
    return _core.elementwise.clip(self, min, max, _check_out(out), dtype, casting, order)


# -- where --------------------------------------------------------------------------------------

def where(condition, x=_NOVALUE, y=_NOVALUE, /):
    """Elements of x where condition is true, else of y (broadcast together)."""
    if x is _NOVALUE and y is _NOVALUE:
        from cunp._indexing._routines import nonzero

        return nonzero(condition)
    if x is _NOVALUE or y is _NOVALUE:
        raise ValueError("either both or neither of x and y should be given")
    return _core.elementwise.where(condition, x, y)


# -- nan_to_num ---------------------------------------------------------------------------------

def _fill_value(v, real_name):
    # NumPy assigns the values with copyto (same_kind casting): a complex one cannot go into the
    # (real or imaginary) float parts.
    if isinstance(v, complex) or getattr(getattr(v, "dtype", None), "kind", "") == "c":
        kind = "complex128" if isinstance(v, complex) else str(v.dtype)
        raise TypeError(f"Cannot cast scalar from dtype('{kind}') to dtype('{real_name}') "
                        "according to the rule 'same_kind'")
    return float(v)


_REAL_OF = {"float16": "float16", "float32": "float32", "float64": "float64",
            "complex64": "float32", "complex128": "float64"}


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """NaN to `nan`, infinities to `posinf`/`neginf` (default: the dtype's extremes)."""
    if isinstance(x, ndarray) and copy:
        arr, out = x, None  # one kernel into a new array
    else:
        arr = _core.array(x, None, bool(copy), "K", 0)  # copy=False: NumPy's no-copy rules
        out = arr
    if arr.dtype.kind not in "fc":
        return _core.elementwise.nan_to_num(arr, out, nan=0.0)  # x itself, or a copy
    real = _REAL_OF[arr.dtype.name]
    nan = _fill_value(nan, real)
    posinf = None if posinf is None else _fill_value(posinf, real)
    neginf = None if neginf is None else _fill_value(neginf, real)
    return _core.elementwise.nan_to_num(arr, out, nan, posinf, neginf)


# -- round --------------------------------------------------------------------------------------

def _decimals(decimals):
    d = operator.index(decimals)
    if not -(1 << 31) <= d < (1 << 31):
        raise OverflowError("Python int too large to convert to C int")
    return d


def around(a, decimals=0, out=None):
    """Evenly round to the given number of decimals (NumPy's algorithm, half to even)."""
    return _round(_as_array(a), decimals, out)


round = around  # noqa: A001 - NumPy's name


def _round(self, decimals=0, out=None):
    """ndarray.round(decimals=0, out=None)."""
    return _core.elementwise.around(self, _decimals(decimals), _check_out(out))


# -- complex parts ------------------------------------------------------------------------------

def angle(z, deg=False):
    """The counterclockwise angle from the positive real axis (radians, or degrees)."""
    return _core.elementwise.angle(_as_array(z), bool(deg))


def _is_scalar(x):
    if isinstance(x, (bool, int, float, complex)):
        return True
    import numpy

    return isinstance(x, numpy.generic)


def isreal(x):
    """True where the imaginary part is zero (NumPy's answer for host scalars)."""
    if _is_scalar(x):
        import numpy

        return numpy.isreal(x)
    return _core.elementwise.isreal(_as_array(x))


def iscomplex(x):
    """True where the imaginary part is nonzero (NumPy's answer for host scalars)."""
    if _is_scalar(x):
        import numpy

        return numpy.iscomplex(x)
    return _core.elementwise.iscomplex(_as_array(x))


def iscomplexobj(x):
    """Whether x has a complex dtype (or would, as an array)."""
    import numpy

    try:
        dtype = x.dtype
        dtype.type  # noqa: B018 - NumPy's test for a real dtype attribute
    except AttributeError:
        try:
            dtype = numpy.asarray(x).dtype
        except TypeError:  # holds cunp arrays, which NumPy cannot read
            dtype = asarray(x).dtype
    return issubclass(numpy.dtype(dtype).type, numpy.complexfloating)


def isrealobj(x):
    """Whether x does not have a complex dtype."""
    return not iscomplexobj(x)


# -- closeness and equality ---------------------------------------------------------------------

def _check_tolerances(rtol, atol):
    # NumPy warns about non-finite tolerances (errstate 'invalid' is 'warn' by default); device
    # arrays are not inspected, which would need a transfer.
    for v in (rtol, atol):
        if isinstance(v, ndarray):
            continue
        try:
            finite = cmath.isfinite(v)
        except TypeError:
            continue
        if not finite:
            warnings.warn(f"One of rtol or atol is not valid, atol: {atol}, rtol: {rtol}",
                          RuntimeWarning, stacklevel=4)  # the caller of isclose/allclose
            return


def _close_operands(a, b, rtol, atol):
    # NumPy makes b inexact: a Python int (or bool) becomes a Python float; other operands keep
    # their kind (arrays and NumPy scalars are strong, Python scalars weak).
    if not hasattr(b, "dtype") and isinstance(b, int):
        b = float(b)
    _check_tolerances(rtol, atol)
    return a, b, rtol, atol


def isclose(a, b, rtol=1.e-5, atol=1.e-8, equal_nan=False):
    """Elementwise |a - b| <= atol + rtol * |b|, NumPy 2's semantics (inf, NaN, complex)."""
    a, b, rtol, atol = _close_operands(a, b, rtol, atol)
    return _core.elementwise.isclose(a, b, rtol, atol, bool(equal_nan))


def allclose(a, b, rtol=1.e-5, atol=1.e-8, equal_nan=False):
    """Whether isclose(a, b) holds for every element (a Python bool)."""
    a, b, rtol, atol = _close_operands(a, b, rtol, atol)
    return bool(_core.elementwise.allclose(a, b, rtol, atol, bool(equal_nan)))


def array_equal(a1, a2, equal_nan=False):
    """True if the arrays have the same shape and elements."""
    try:
        a1, a2 = _as_array(a1), _as_array(a2)
    except Exception:  # noqa: BLE001 - NumPy answers False for anything it cannot convert
        return False
    if a1.shape != a2.shape:
        return False
    return bool(_core.elementwise.array_equal(a1, a2, bool(equal_nan)))


def array_equiv(a1, a2):
    """True if the arrays broadcast together and all elements are equal."""
    try:
        a1, a2 = _as_array(a1), _as_array(a2)
    except Exception:  # noqa: BLE001 - NumPy answers False for anything it cannot convert
        return False
    return bool(_core.elementwise.array_equiv(a1, a2))
