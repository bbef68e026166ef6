# tests/python/math/ufunc_support.py -- shared tables and checks for the ufunc tests
# The ufunc list, NumPy's loops over cunp's dtypes, a NumPy-vs-cunp runner.
"""Helpers shared by test_ufunc_table/values/args and test_operators.

The runner here differs from ``cunp.testing.numpy_cunp_*`` in two ways that
the ufunc tests need:

* NumPy raises private exception classes for ufunc type errors
  (``numpy._core._exceptions._UFuncOutputCastingError`` and friends), which
  cunp cannot be an instance of; errors are therefore compared by their
  *public* type (the first builtin or ``numpy.exceptions`` class in the MRO),
  e.g. ``TypeError`` for ``UFuncTypeError``.
* One test body may check many calls: ``attempt`` turns an expected exception
  into a value, so a dict of results and errors is compared entry by entry.

Float results are compared with per-dtype tolerances; integer and bool results
exactly; where a test says a result is exact for a dtype (rint, copysign,
IEEE add...), floats are compared bit for bit, signed zeros included.
"""

import functools
import inspect

import numpy
import numpy.testing
import pytest

import cunp
from cunp import testing

DTYPES = [numpy.dtype(t) for t in testing.ALL_DTYPES]
_DTYPE_SET = set(DTYPES)

UFUNC_NAMES = [
    'add', 'subtract', 'multiply', 'divide', 'true_divide', 'floor_divide',
    'negative', 'positive', 'power', 'float_power', 'remainder', 'mod',
    'fmod', 'divmod', 'absolute', 'abs', 'fabs', 'rint', 'sign', 'heaviside',
    'conj', 'conjugate', 'reciprocal', 'square', 'sqrt', 'cbrt', 'gcd', 'lcm',
    'exp', 'exp2', 'expm1', 'log', 'log2', 'log10', 'log1p', 'logaddexp',
    'logaddexp2', 'sin', 'cos', 'tan', 'arcsin', 'arccos', 'arctan', 'sinh',
    'cosh', 'tanh', 'arcsinh', 'arccosh', 'arctanh', 'arctan2', 'hypot',
    'deg2rad', 'rad2deg', 'degrees', 'radians', 'bitwise_and', 'bitwise_or',
    'bitwise_xor', 'invert', 'bitwise_not', 'left_shift', 'right_shift',
    'bitwise_count', 'greater', 'greater_equal', 'less', 'less_equal',
    'equal', 'not_equal', 'logical_and', 'logical_or', 'logical_xor',
    'logical_not', 'maximum', 'minimum', 'fmax', 'fmin', 'isfinite', 'isinf',
    'isnan', 'signbit', 'copysign', 'nextafter', 'spacing', 'modf', 'ldexp',
    'frexp', 'floor', 'ceil', 'trunc',
]

# Second names NumPy binds to the very same ufunc object (np.abs is
# np.absolute); the value is the ufunc's __name__.
ALIASES = {
    'abs': 'absolute',
    'mod': 'remainder',
    'conj': 'conjugate',
    'bitwise_not': 'invert',
    'true_divide': 'divide',
}

CANONICAL_NAMES = [n for n in UFUNC_NAMES if n not in ALIASES]

# rtol per result dtype for results that are not exact (complex math goes
# through more steps, so it gets more room); atol is a tenth of it, for
# results that cancel to nearly zero.
RTOL = {'e': 2e-3, 'f': 1e-5, 'd': 1e-12, 'F': 1e-4, 'D': 1e-11}

# True when this module is loaded as a pytest plugin (see the end of the
# file): the runner then executes the NumPy side only.
REFERENCE_ONLY = False


# -- NumPy's loops ------------------------------------------------------------

def normalized_types(types, nin):
    """``ufunc.types`` as ordered, de-duplicated tuples of dtypes.

    Loops that name a dtype cunp does not have (object, longdouble,
    datetime...) are dropped; 'l'/'q' (and 'L'/'Q') both mean int64 (uint64)
    on 64-bit Linux, so loops are compared as dtypes, not characters.
    """
    out = []
    for t in types:
        ins, outs = t.split('->')
        try:
            # Through the name, so that 'q' and 'l' both come back as 'l'.
            sig = tuple(numpy.dtype(numpy.dtype(c).name) for c in ins + outs)
        except TypeError:
            continue
        if len(ins) != nin or not all(d in _DTYPE_SET for d in sig):
            continue
        if sig not in out:
            out.append(sig)
    return out


def numpy_loops(name):
    """NumPy's loops of ufunc ``name`` over cunp's 14 dtypes."""
    u = getattr(numpy, name)
    return normalized_types(u.types, u.nin)


def loop_id(loop, nin):
    return (''.join(d.char for d in loop[:nin]) + '->'
            + ''.join(d.char for d in loop[nin:]))


# -- outcomes -----------------------------------------------------------------

# Errors a ufunc call may legitimately raise; anything else (NameError,
# AttributeError...) is a bug in the test or a missing feature and must
# fail loudly instead of being compared.
EXPECTED_ERRORS = (TypeError, ValueError, OverflowError, IndexError,
                   ZeroDivisionError, ArithmeticError)


def public_error_type(exc):
    """The first builtin or ``numpy.exceptions`` class in ``exc``'s MRO."""
    for cls in type(exc).__mro__:
        module = cls.__module__
        if module == 'builtins':
            return cls
        if module == 'numpy.exceptions':
            return cls
    return Exception


class Raised:
    """An exception turned into a comparable value (by its public type)."""

    def __init__(self, exc, check_message=False):
        self.exc = exc
        self.type = public_error_type(exc)
        self.message = str(exc)
        self.check_message = check_message

    def __repr__(self):
        return 'Raised({}: {})'.format(self.type.__name__, self.message)


def attempt(func, *args, message=False, **kwargs):
    """``func(*args, **kwargs)``, or a ``Raised`` for an expected error.

    With ``message=True`` the error messages of NumPy and cunp must match
    too (used where NumPy's wording is part of the spec).
    """
    try:
        return func(*args, **kwargs)
    except EXPECTED_ERRORS as e:
        return Raised(e, check_message=message)


def _tol(dtype, scale):
    rtol = RTOL[dtype.char] * scale
    return rtol, rtol / 10


def _signbits_match(expected, actual, msg):
    exp_zero = expected == 0
    act_zero = actual == 0
    both = exp_zero & act_zero
    if numpy.any(both):
        e = numpy.signbit(expected[both])
        a = numpy.signbit(actual[both])
        if not numpy.array_equal(e, a):
            raise AssertionError(
                '{}: signs of zero differ\n numpy: {}\n cunp:  {}'.format(
                    msg, expected[both], actual[both]))


def _compare_values(expected, actual, msg, tol_scale, exact):
    """``expected``/``actual`` are host arrays of the same dtype and shape."""
    kind = expected.dtype.kind
    if kind not in 'fc':
        numpy.testing.assert_array_equal(actual, expected, err_msg=msg)
        return
    if expected.dtype.char in exact:
        # Bit-exact: equal values (NaN matching NaN) and the same zeros.
        parts = ([expected], [actual]) if kind == 'f' else (
            [expected.real, expected.imag], [actual.real, actual.imag])
        for e, a in zip(*parts):
            numpy.testing.assert_array_equal(a, e, err_msg=msg)
            _signbits_match(e, a, msg)
        return
    rtol, atol = _tol(expected.dtype, tol_scale)
    numpy.testing.assert_allclose(actual, expected, rtol=rtol, atol=atol,
                                  err_msg=msg)
    if kind == 'f':
        _signbits_match(expected, actual, msg)


def assert_match(np_r, cp_r, path='result', tol_scale=1.0, exact=''):
    """Compare what NumPy returned (or raised) with what cunp did.

    ``np_r`` and ``cp_r`` may be arrays, NumPy scalars, Python scalars,
    ``Raised`` markers, or lists/tuples/dicts of them.  NumPy scalars (what
    NumPy returns for 0-d results) must be matched by 0-d cunp arrays, as in
    CuPy.  ``exact`` lists the dtype chars ('efdFD') compared bit for bit.
    """
    if isinstance(np_r, Raised) or isinstance(cp_r, Raised):
        if not (isinstance(np_r, Raised) and isinstance(cp_r, Raised)):
            raise AssertionError('{}: numpy gave {!r}, cunp gave {!r}'.format(
                path, _short(np_r), _short(cp_r)))
        if not isinstance(cp_r.exc, np_r.type):
            raise AssertionError(
                '{}: numpy raised {} ({}), cunp raised {} ({})'.format(
                    path, np_r.type.__name__, np_r.message,
                    type(cp_r.exc).__name__, cp_r.message))
        if (np_r.check_message or cp_r.check_message) and (
                np_r.message != cp_r.message):
            raise AssertionError(
                '{}: messages differ\n numpy: {}\n cunp:  {}'.format(
                    path, np_r.message, cp_r.message))
        return
    if isinstance(np_r, dict):
        if not isinstance(cp_r, dict) or set(np_r) != set(cp_r):
            raise AssertionError('{}: keys differ'.format(path))
        for key in np_r:
            assert_match(np_r[key], cp_r[key], '{}[{!r}]'.format(path, key),
                         tol_scale, exact)
        return
    if isinstance(np_r, (list, tuple)):
        if type(cp_r) is not type(np_r) or len(cp_r) != len(np_r):
            raise AssertionError('{}: numpy gave a {} of {}, cunp {}'.format(
                path, type(np_r).__name__, len(np_r), _short(cp_r)))
        for i, (a, b) in enumerate(zip(np_r, cp_r)):
            assert_match(a, b, '{}[{}]'.format(path, i), tol_scale, exact)
        return
    if isinstance(np_r, (numpy.ndarray, numpy.generic)):
        if not isinstance(cp_r, cunp.ndarray):
            raise AssertionError(
                '{}: numpy gave {} but cunp gave {} (expected a cunp.ndarray)'
                .format(path, _short(np_r), _short(cp_r)))
        expected = numpy.asarray(np_r)
        actual = cunp.asnumpy(cp_r)
        if actual.dtype != expected.dtype:
            raise AssertionError('{}: dtypes differ: numpy {} vs cunp {}'
                                 .format(path, expected.dtype, actual.dtype))
        if actual.shape != expected.shape:
            raise AssertionError('{}: shapes differ: numpy {} vs cunp {}'
                                 .format(path, expected.shape, actual.shape))
        _compare_values(expected, actual, path, tol_scale, exact)
        return
    if isinstance(np_r, (bool, int, float, complex)):
        if type(cp_r) is not type(np_r):
            raise AssertionError('{}: numpy gave {} {!r}, cunp gave {}'.format(
                path, type(np_r).__name__, np_r, _short(cp_r)))
        numpy.testing.assert_array_equal(cp_r, np_r, err_msg=path)
        return
    if not np_r == cp_r:
        raise AssertionError('{}: numpy gave {!r}, cunp gave {!r}'.format(
            path, np_r, cp_r))


def _short(value):
    if isinstance(value, cunp.ndarray):
        return '<cunp.ndarray shape={} dtype={}>'.format(
            value.shape, value.dtype)
    text = repr(value)
    return text if len(text) < 200 else text[:200] + '...'


def compare_twin(func, tol_scale=1.0, exact='', errors=()):
    """Call ``func(numpy)`` and ``func(cunp)`` and ``assert_match`` them.

    ``errors``: exception types ``func`` as a whole may raise (both sides
    must then raise the same public type); any other exception fails the
    test.  Use ``attempt`` inside ``func`` to compare several calls.
    """
    def run(xp):
        try:
            return func(xp)
        except errors as e:
            return Raised(e)
    np_r = run(numpy)
    if REFERENCE_ONLY:
        return
    cp_r = run(cunp)
    assert_match(np_r, cp_r, tol_scale=tol_scale, exact=exact)


def twin(tol_scale=1.0, exact='', errors=()):
    """Decorator form of ``compare_twin`` for a body taking ``xp``."""
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            compare_twin(lambda xp: func(*args, xp=xp, **kwargs),
                         tol_scale, exact, errors)
        sig = inspect.signature(func)
        wrapper.__signature__ = sig.replace(parameters=[
            p for p in sig.parameters.values() if p.name != 'xp'])
        return wrapper
    return decorator


def asxp(xp, host):
    """A host array (or scalar) moved to ``xp`` without changing dtype."""
    return xp.asarray(numpy.asarray(host))


# -- checking the NumPy half without a GPU ------------------------------------
#   PYTHONPATH=tests/python pytest -p ufunc_support tests/python/test_ufunc_*
# loads this module as a plugin: GPU-marked tests are no longer skipped and
# every ``twin`` test runs its NumPy half only, so a new case's reference side
# (domain, expected errors) can be checked on any machine.  Tests that call
# cunp directly still need a device and fail there.

def pytest_configure(config):
    global REFERENCE_ONLY
    REFERENCE_ONLY = True


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        item.own_markers = [m for m in item.own_markers if m.name != 'skip']
