"""Printing: array2string, array_repr, array_str, the print options and the number formatters.

The text is NumPy's: a cunp array is copied to the host and formatted by NumPy under NumPy's
print options, which cunp shares (set_printoptions here sets NumPy's), so repr(cunp_array)
and str(cunp_array), which format the host copy too, follow them as well. The whole array is
copied, also where the options summarize it.
"""

__all__ = [
    "array2string", "array_repr", "array_str", "set_printoptions", "get_printoptions",
    "printoptions", "format_float_positional", "format_float_scientific", "base_repr",
    "binary_repr",
]


def _np():
    import numpy

    return numpy


def _host(a):
    from cunp._core import ndarray

    return a.get() if isinstance(a, ndarray) else a


def array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=" ",
                 prefix="", *, formatter=None, threshold=None, edgeitems=None, sign=None,
                 floatmode=None, suffix="", legacy=None):
    """The array's values as text (numpy.array2string of its host copy)."""
    return _np().array2string(
        _host(a), max_line_width, precision, suppress_small, separator, prefix,
        formatter=formatter, threshold=threshold, edgeitems=edgeitems, sign=sign,
        floatmode=floatmode, suffix=suffix, legacy=legacy)


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    """repr-style text of the array: 'array([...])', with the dtype where NumPy shows it."""
    return _np().array_repr(_host(arr), max_line_width, precision, suppress_small)


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    """str-style text of the array's values."""
    return _np().array_str(_host(a), max_line_width, precision, suppress_small)


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     suppress=None, nanstr=None, infstr=None, formatter=None, sign=None,
                     floatmode=None, *, legacy=None, override_repr=None):
    """Sets the print options, shared with NumPy (they govern cunp's repr and str too)."""
    _np().set_printoptions(
        precision, threshold, edgeitems, linewidth, suppress, nanstr, infstr, formatter, sign,
        floatmode, legacy=legacy, override_repr=override_repr)


def get_printoptions():
    """The current print options (a dict)."""
    return _np().get_printoptions()


def printoptions(*args, **kwargs):
    """Context manager that sets print options for its block (see set_printoptions)."""
    return _np().printoptions(*args, **kwargs)


def format_float_positional(x, precision=None, unique=True, fractional=True, trim="k",
                            sign=False, pad_left=None, pad_right=None, min_digits=None):
    """A floating-point scalar (or 0-d array) in positional notation."""
    return _np().format_float_positional(
        _host(x), precision, unique, fractional, trim, sign, pad_left, pad_right, min_digits)


def format_float_scientific(x, precision=None, unique=True, trim="k", sign=False,
                            pad_left=None, exp_digits=None, min_digits=None):
    """A floating-point scalar (or 0-d array) in scientific notation."""
    return _np().format_float_scientific(
        _host(x), precision, unique, trim, sign, pad_left, exp_digits, min_digits)


def base_repr(number, base=2, padding=0):
    """An integer as text in `base` (2 to 36), with `padding` zeros on the left."""
    return _np().base_repr(_host(number), base, padding)


def binary_repr(num, width=None):
    """An integer in binary; negative numbers as two's complement when `width` is given."""
    return _np().binary_repr(_host(num), width)
