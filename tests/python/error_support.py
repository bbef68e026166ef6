"""The exception comparisons of the argument-order tests of several areas: a call made with
NumPy and with cunp raises the same exception type (NumPy's own classes, such as AxisError or
its ufunc errors, are subclasses of the built-in ones cunp may raise)."""
import numpy

import cunp


def error_type(fn):
    """The type of the exception fn() raises, None where it returns."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is what is compared
        return type(e)
    return None


def same_error(call):
    """call(xp) raises in NumPy and in cunp, of related types (either a subclass of the
    other)."""
    expected = error_type(lambda: call(numpy))
    got = error_type(lambda: call(cunp))
    assert expected is not None and got is not None, (expected, got)
    assert issubclass(expected, got) or issubclass(got, expected), (expected, got)
