# python/cunp/_misc/_numpy1.py -- NumPy 1 names that NumPy 2 dropped from its top level and CuPy 14
# still has, so that older CuPy programs run: aliases, the type helpers, the exception classes.
"""The aliases call their NumPy 2 successor; product, cumproduct, round_ and msort warn
(DeprecationWarning) as CuPy's do. find_common_type, set_string_function, get_array_wrap, disp
and safe_eval raise RuntimeError naming the replacement, as CuPy's do under NumPy 2. The scalar
constants (Inf, NaN, ...) and type aliases (float_, cfloat, ...) are here too; cunp's top level
reads them as it reads NumPy's own."""
import warnings as _warnings

from numpy.exceptions import (  # noqa: F401
    AxisError, ComplexWarning, ModuleDeprecationWarning, RankWarning, TooHardError,
    VisibleDeprecationWarning,
)
from numpy.lib.npyio import DataSource  # noqa: F401
from numpy.rec import format_parser  # noqa: F401

from cunp._core import all as alltrue, any as sometrue  # noqa: F401 - NumPy 1's names
from cunp._math._extras import trapezoid as trapz  # noqa: F401

__all__ = [
    "alltrue", "sometrue", "product", "cumproduct", "round_", "trapz", "in1d", "msort",
    "asfarray", "byte_bounds", "who", "find_common_type", "set_string_function",
    "get_array_wrap", "disp", "safe_eval", "issctype", "issubclass_", "issubsctype",
    "obj2sctype", "sctype2char", "format_parser", "DataSource", "AxisError", "ComplexWarning",
    "ModuleDeprecationWarning", "RankWarning", "TooHardError", "VisibleDeprecationWarning",
]

# Read through cunp's NumPy names (cunp.float_, cunp.Inf, ...), not exported from this area.
CONSTANTS = {
    "Inf": float("inf"), "Infinity": float("inf"), "infty": float("inf"), "PINF": float("inf"),
    "NINF": float("-inf"), "NAN": float("nan"), "NaN": float("nan"), "PZERO": 0.0,
    "NZERO": -0.0,
}
TYPES = {"float_": "float64", "complex_": "complex128", "cfloat": "complex128",
         "singlecomplex": "complex64"}


def numpy1_value(name):
    """The value of one of CONSTANTS or TYPES."""
    if name in CONSTANTS:
        return CONSTANTS[name]
    import numpy

    return getattr(numpy, TYPES[name])


def product(a, axis=None, dtype=None, out=None, keepdims=False):
    """cunp.prod (NumPy 1's name); DeprecationWarning."""
    from cunp._math._reductions import prod

    _warnings.warn("Please use `prod` instead.", DeprecationWarning, stacklevel=2)
    return prod(a, axis=axis, dtype=dtype, out=out, keepdims=keepdims)


def cumproduct(a, axis=None, dtype=None, out=None):
    """cunp.cumprod (NumPy 1's name); DeprecationWarning."""
    from cunp._math._scans import cumprod

    _warnings.warn("Please use `cumprod` instead.", DeprecationWarning, stacklevel=2)
    return cumprod(a, axis=axis, dtype=dtype, out=out)


def round_(a, decimals=0, out=None):
    """cunp.round (NumPy 1's name); DeprecationWarning."""
    from cunp._math._elementwise import round as round_to

    _warnings.warn("Please use `round` instead.", DeprecationWarning, stacklevel=2)
    return round_to(a, decimals, out=out)


def in1d(ar1, ar2, assume_unique=False, invert=False):
    """Whether each element of ar1, flattened, is in ar2: ``isin(ar1, ar2, ...).ravel()``
    (NumPy 1's function)."""
    from cunp._sorting._sorted_compositions import isin

    return isin(ar1, ar2, assume_unique=assume_unique, invert=invert).ravel()


def msort(a):
    """``sort(a, axis=0)`` (NumPy 1's function); DeprecationWarning."""
    from cunp._sorting._sort import sort

    _warnings.warn("msort is deprecated, use cunp.sort(a, axis=0) instead",
                   DeprecationWarning, stacklevel=2)
    return sort(a, axis=0)


def asfarray(a, dtype=None):
    """a as an array of a floating type: `dtype` when it is inexact, else float64 (NumPy 1's
    function)."""
    import numpy

    from cunp._creation._basic import asarray

    if dtype is None or not numpy.issubdtype(dtype, numpy.inexact):
        dtype = numpy.float64
    return asarray(a, dtype=dtype)


def byte_bounds(a):
    """(low, high): the first byte address of a's elements and one past the last (device
    addresses for a cunp array; NumPy arrays go to numpy.lib.array_utils.byte_bounds)."""
    from cunp._core import ndarray

    if not isinstance(a, ndarray):
        import numpy.lib.array_utils

        return numpy.lib.array_utils.byte_bounds(a)
    low = high = int(a.data.ptr)
    if a.size == 0:
        return low, high
    for n, stride in zip(a.shape, a.strides):
        if stride < 0:
            low += (n - 1) * stride
        else:
            high += (n - 1) * stride
    return low, high + a.itemsize


def who(vardict=None):
    """Prints the cunp arrays in `vardict` (default: the caller's globals): name, shape, bytes
    and dtype of each, and the total bytes (an array under two names counts once)."""
    import sys

    from cunp._core import ndarray

    if vardict is None:
        vardict = sys._getframe(1).f_globals
    rows, first_name, total = [], {}, 0
    for name in sorted(vardict):
        value = vardict[name]
        if not isinstance(value, ndarray):
            continue
        if id(value) in first_name:
            label = "%s (%s)" % (name, first_name[id(value)])
        else:
            first_name[id(value)] = label = name
            total += value.nbytes
        rows.append((label, " x ".join(str(n) for n in value.shape), str(value.nbytes),
                     value.dtype.name))
    widths = [max([10] + [len(r[i]) for r in rows]) for i in range(3)]
    head = "%-*s %-*s %-*s %s" % (widths[0] + 4, "Name", widths[1] + 4, "Shape",
                                  widths[2] + 4, "Bytes", "Type")
    print(head)
    print("=" * (len(head) + 4))
    print()
    for r in rows:
        print("%-*s %-*s %-*s %s" % (widths[0] + 4, r[0], widths[1] + 4, r[1],
                                     widths[2] + 4, r[2], r[3]))
    print()
    print("Upper bound on total bytes  =       %d" % total)


def _removed(name, recommendation):
    def removed(*args, **kwargs):
        raise RuntimeError("This function has been removed in NumPy v2.\n"
                           "Use %s instead.\n" % recommendation)

    removed.__name__ = removed.__qualname__ = name
    removed.__doc__ = "Removed in NumPy 2: raises RuntimeError (use %s)." % recommendation
    return removed


find_common_type = _removed("find_common_type", "`promote_types` or `result_type`")
set_string_function = _removed("set_string_function", "`np.set_printoptions`")
get_array_wrap = _removed("get_array_wrap", "<no replacement>")
disp = _removed("disp", "your own print function")
safe_eval = _removed("safe_eval", "`ast.literal_eval`")


def obj2sctype(rep, default=None):
    """The scalar type of `rep` (a scalar type, an array, or anything numpy.dtype takes), or
    `default` where it has none (NumPy 1's function)."""
    import numpy

    from cunp._core import ndarray

    if isinstance(rep, type) and issubclass(rep, numpy.generic):
        return rep
    if isinstance(rep, (numpy.ndarray, ndarray)):
        return rep.dtype.type
    try:
        return numpy.dtype(rep).type
    except Exception:  # noqa: BLE001 - NumPy 1 returned the default for anything
        return default


def issctype(rep):
    """Whether `rep` is a type or dtype that names a scalar type other than object (NumPy 1's
    function)."""
    import numpy

    if not isinstance(rep, (type, numpy.dtype)):
        return False
    try:
        t = obj2sctype(rep)
        return bool(t) and t is not numpy.object_
    except Exception:  # noqa: BLE001
        return False


def issubclass_(arg1, arg2):
    """issubclass that returns False instead of raising TypeError (NumPy 1's function)."""
    try:
        return issubclass(arg1, arg2)
    except TypeError:
        return False


def issubsctype(arg1, arg2):
    """Whether the scalar type of arg1 is a subclass of arg2's (NumPy 1's function)."""
    return issubclass(obj2sctype(arg1), obj2sctype(arg2))


def sctype2char(sctype):
    """The type character of a scalar type (NumPy 1's function); ValueError where there is
    none."""
    import numpy

    t = obj2sctype(sctype)
    if t is None:
        raise ValueError("unrecognized type")
    return numpy.dtype(t).char

