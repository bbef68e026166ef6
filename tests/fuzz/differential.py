"""The differential check: run one function on NumPy and on cunp, demand the same outcome.

Same outcome: the same values (a tolerance by dtype for inexact ones, NaNs equal), dtype and
shape; or, where NumPy raises, an exception of the same type from cunp (expected_type). A watchdog ends the
process with a traceback when one example runs longer than WATCHDOG_S (a hang).
"""
import contextlib
import faulthandler
import os
import warnings

import numpy

DRY = os.environ.get('CUNP_FUZZ_DRY') == '1'
WATCHDOG_S = int(os.environ.get('CUNP_FUZZ_WATCHDOG', '120'))
EXAMPLES = 0  # examples run in this process, for the summary line
FUNCTIONS = set()  # functions drawn by their signatures (test_fuzz_signatures), likewise
UFUNCS = set()  # ufunc objects drawn by test_fuzz_every_ufunc.py, likewise

if DRY:
    xp = numpy
else:
    import cunp as xp

# Relative tolerance by the result's dtype: float16 and the complex64/float32 functions get the
# error of a few operations in their precision.
RTOL = {'e': 4e-3, 'f': 2e-5, 'F': 2e-5, 'd': 1e-10, 'D': 1e-10, 'g': 1e-10}


def to_device(value):
    """NumPy arrays become cunp arrays; everything else (scalars, keys, dtypes) stays."""
    if isinstance(value, numpy.ndarray):
        return xp.asarray(value)
    if isinstance(value, tuple):
        return tuple(to_device(v) for v in value)
    if isinstance(value, list):
        return [to_device(v) for v in value]
    return value


def to_host(value):
    if isinstance(value, (tuple, list)):  # tuples and lists of results (split, histogramdd)
        return (tuple if isinstance(value, tuple) else list)(to_host(v) for v in value)
    if DRY:
        return numpy.asarray(value)
    return xp.asnumpy(value) if isinstance(value, xp.ndarray) else numpy.asarray(value)


# pytest captures fd 2 and the watchdog's exit ends the process before the capture is shown,
# so the reliability harness names a file of its own for the traceback (open while the process
# lives).
_WATCHDOG_FILE = os.environ.get('CUNP_FUZZ_WATCHDOG_FILE')
_watchdog_out = open(_WATCHDOG_FILE, 'w') if _WATCHDOG_FILE else None


@contextlib.contextmanager
def watchdog():
    faulthandler.dump_traceback_later(WATCHDOG_S, exit=True,
                                      **({'file': _watchdog_out} if _watchdog_out else {}))
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


def quiet():
    """NumPy's floating-point warnings (cunp gives none) are not part of the comparison."""
    stack = contextlib.ExitStack()
    stack.enter_context(numpy.errstate(all='ignore'))
    stack.enter_context(warnings.catch_warnings())
    warnings.simplefilter('ignore')
    return stack


def outcome(fn, module, args):
    try:
        with quiet():
            return fn(module, *args), None
    except Exception as e:  # noqa: BLE001 - the exception is the outcome compared
        return None, e


def assert_same(got, expected, what='', normwise=False):
    """got (cunp, already on the host) equals expected (NumPy) in dtype, shape and values.
    Inexact values (real and complex) agree to the dtype's tolerance, relative to each value
    or, with normwise, to the largest finite magnitude of the result (the rounding of
    transforms and factorizations); a complex value's real and imaginary parts are compared
    apart (NaN values, a NaN in either part, only by position), so that an infinite part does
    not demand the other's last bits."""
    if isinstance(expected, (tuple, list)):
        assert isinstance(got, (tuple, list)) and len(got) == len(expected), f'{what}: {got!r}'
        assert isinstance(got, tuple) == isinstance(expected, tuple), f'{what}: {got!r}'
        for i, (g, e) in enumerate(zip(got, expected)):
            assert_same(g, e, f'{what}[{i}]', normwise)
        return
    e, g = numpy.asarray(expected), numpy.asarray(got)
    assert g.dtype == e.dtype, f'{what}: dtype {g.dtype}, NumPy gives {e.dtype}'
    assert g.shape == e.shape, f'{what}: shape {g.shape}, NumPy gives {e.shape}'
    if e.dtype.kind in 'fc':
        rtol = RTOL.get(e.dtype.char, 1e-10)
        atol = rtol
        if normwise and e.size:
            finite = numpy.abs(e[numpy.isfinite(e)])
            atol = rtol * max(1.0, float(finite.max()) if finite.size else 1.0)
        parts = [(g, e)]
        if e.dtype.kind == 'c':
            # A NaN in either part makes the value NaN (as NumPy's own complex comparison).
            numpy.testing.assert_array_equal(numpy.isnan(g), numpy.isnan(e),
                                             err_msg=f'{what}: NaN positions')
            keep = ~numpy.isnan(e)
            parts = [(g[keep].real, e[keep].real), (g[keep].imag, e[keep].imag)]
        for gp, ep in parts:
            numpy.testing.assert_allclose(gp, ep, rtol=rtol, atol=atol, equal_nan=True,
                                          err_msg=what)
    else:
        numpy.testing.assert_array_equal(g, e, err_msg=what)


def assert_same_flags(got, expected, what=''):
    """got (cunp's result, still on the device) is C- and F-contiguous where NumPy's is."""
    if isinstance(expected, (tuple, list)):
        if isinstance(got, (tuple, list)):
            for i, (g, e) in enumerate(zip(got, expected)):
                assert_same_flags(g, e, f'{what}[{i}]')
        return
    if not isinstance(expected, numpy.ndarray) or expected.ndim == 0 or not hasattr(got, 'flags'):
        return
    g = (bool(got.flags.c_contiguous), bool(got.flags.f_contiguous))
    e = (bool(expected.flags.c_contiguous), bool(expected.flags.f_contiguous))
    assert g == e, f'{what}: (C, F) contiguous {g}, NumPy gives {e}'


# NumPy's public exception classes, which cunp raises itself (numpy.exceptions.AxisError from
# the core's axis checks, numpy.linalg.LinAlgError from the solvers): where NumPy raises one of
# these, cunp must raise it (or a subclass), not only its built-in base.
OWN_TYPES = (numpy.exceptions.AxisError, numpy.linalg.LinAlgError)


def builtin_type(error):
    """The first built-in class of an exception's type: NumPy's UFuncTypeError counts as
    TypeError (cunp raises the built-in one)."""
    return next(t for t in type(error).__mro__ if t.__module__ == 'builtins')


def expected_type(error):
    """The class cunp's exception must be an instance of, where NumPy raised `error`: its own
    class where that is one of OWN_TYPES; else its first built-in base. The others are NumPy's
    private classes (UFuncTypeError and its _UFuncNoLoopError, _UFuncCastingError, ...,
    numpy._core._exceptions), not raised by cunp and not meant to be caught by name."""
    for own in OWN_TYPES:
        if isinstance(error, own):
            return own
    return builtin_type(error)


def check(fn, *args, flags=False, normwise=False):
    """fn(module, *args) on NumPy (host args) and on cunp (args moved to the device); with
    flags, the results' C and F contiguity too; normwise: see assert_same."""
    global EXAMPLES
    EXAMPLES += 1
    with watchdog():
        expected, np_error = outcome(fn, numpy, args)
        got, error = outcome(fn, xp, to_device(args))
        if np_error is not None:
            assert error is not None, f'NumPy raised {np_error!r}; cunp returned {got!r}'
            assert isinstance(error, expected_type(np_error)), (
                f'NumPy raised {type(np_error).__name__} ({np_error}); '
                f'cunp raised {type(error).__name__} ({error})')
            return
        if error is not None:
            raise AssertionError(f'cunp raised {error!r}; NumPy returned {expected!r}') from error
        if flags:
            assert_same_flags(got, expected)
        assert_same(to_host(got), expected, normwise=normwise)
