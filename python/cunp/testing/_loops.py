"""Decorators that run one test body on NumPy and on cunp and compare."""

import functools
import inspect
import traceback

import numpy
import numpy.testing

import cunp
from cunp.testing._array import _check_strides

_PY_SCALARS = (bool, int, float, complex)


class _Outcome:
    """What one side of the comparison produced: a value or an exception."""

    def __init__(self, label):
        self.label = label
        self.value = None
        self.error = None

    def run(self, func, args, kwargs):
        try:
            self.value = func(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 - compared against the twin run
            # BaseException (pytest.skip, KeyboardInterrupt) is left to
            # propagate: a skip on either side must skip the whole test.
            self.error = e

    def describe(self):
        if self.error is None:
            return '{} returned {!r}'.format(self.label, _short(self.value))
        tb = self.error.__traceback__
        # The first frame is Outcome.run itself: noise in a test report.
        if tb is not None and tb.tb_next is not None:
            tb = tb.tb_next
        text = ''.join(traceback.format_exception(
            type(self.error), self.error, tb))
        return '{} raised {}:\n{}'.format(
            self.label, type(self.error).__name__, text)


def _short(value, limit=300):
    # A device array's repr needs a transfer and may itself be what is being
    # tested, so only its metadata goes into failure messages.
    if isinstance(value, cunp.ndarray):
        return '<cunp.ndarray shape={} dtype={}>'.format(
            value.shape, value.dtype)
    try:
        text = repr(value)
    except Exception as e:  # noqa: BLE001 - message building must not fail
        text = '<unrepresentable {}: {}>'.format(type(value).__name__, e)
    if len(text) > limit:
        text = text[:limit] + '...'
    return text


def _normalize_accept(accept_error):
    if accept_error is True:
        return (Exception,)
    if not accept_error:
        return ()
    if isinstance(accept_error, type):
        return (accept_error,)
    return tuple(accept_error)


def _check_errors(np_out, cp_out, accept_error, err_msg):
    """Judge the case where at least one side raised."""
    accepted = _normalize_accept(accept_error)
    both = '\n\n'.join([np_out.describe(), cp_out.describe()])
    prefix = (err_msg + '\n') if err_msg else ''

    if np_out.error is None or cp_out.error is None:
        raiser = np_out if np_out.error is not None else cp_out
        raise AssertionError(
            '{}Only {} raised an exception.\n\n{}'.format(
                prefix, raiser.label, both)) from None

    if not accepted:
        raise AssertionError(
            '{}Both numpy and cunp raised, but accept_error is False.\n\n{}'
            .format(prefix, both)) from None
    if not isinstance(np_out.error, accepted):
        raise AssertionError(
            '{}numpy raised {}, which is not in accept_error={!r}.\n\n{}'
            .format(prefix, type(np_out.error).__name__, accept_error, both)
        ) from None
    # cunp may be more specific than NumPy (a subclass) but never more
    # general: callers catching NumPy's type must also catch cunp's.
    if not isinstance(cp_out.error, type(np_out.error)):
        raise AssertionError(
            '{}Exception types differ: numpy raised {}, cunp raised {}.\n\n{}'
            .format(prefix, type(np_out.error).__name__,
                    type(cp_out.error).__name__, both)) from None


def _resolve_tol(tol, dtype):
    if not isinstance(tol, dict):
        return tol
    for key, value in tol.items():
        if key == 'default':
            continue
        if numpy.dtype(key) == dtype:
            return value
    if 'default' in tol:
        return tol['default']
    raise KeyError('no tolerance given for dtype {}'.format(dtype))


class _Comparer:
    """Walks two results in parallel; shared by allclose and array_equal."""

    def __init__(self, mode, rtol=1e-7, atol=0, err_msg='', verbose=True,
                 type_check=True, contiguous_check=False,
                 strides_check=False):
        self.mode = mode
        self.rtol = rtol
        self.atol = atol
        self.err_msg = err_msg
        self.verbose = verbose
        self.type_check = type_check
        self.contiguous_check = contiguous_check
        self.strides_check = strides_check

    def fail(self, path, msg):
        where = 'result' + path
        full = '{}: {}'.format(where, msg)
        if self.err_msg:
            full = full + '\n' + self.err_msg
        raise AssertionError(full)

    def compare(self, np_r, cp_r, path=''):
        if isinstance(np_r, (numpy.ndarray, numpy.generic)) or isinstance(
                cp_r, cunp.ndarray):
            self.compare_arrays(np_r, cp_r, path)
        elif isinstance(np_r, (list, tuple)):
            if not isinstance(cp_r, (list, tuple)):
                self.fail(path, 'numpy returned a {} but cunp returned {}'
                          .format(type(np_r).__name__, _short(cp_r)))
            if len(np_r) != len(cp_r):
                self.fail(path, 'lengths differ: numpy {} vs cunp {}'
                          .format(len(np_r), len(cp_r)))
            for i, (a, b) in enumerate(zip(np_r, cp_r)):
                self.compare(a, b, '{}[{}]'.format(path, i))
        elif isinstance(np_r, dict):
            if not isinstance(cp_r, dict) or set(np_r) != set(cp_r):
                self.fail(path, 'dict keys differ: {!r} vs {!r}'.format(
                    _short(np_r), _short(cp_r)))
            for key in np_r:
                self.compare(np_r[key], cp_r[key],
                             '{}[{!r}]'.format(path, key))
        elif type(np_r) in _PY_SCALARS:
            if self.type_check and type(cp_r) is not type(np_r):
                self.fail(path, 'types differ: numpy {} ({!r}) vs cunp {} '
                          '({})'.format(type(np_r).__name__, np_r,
                                        type(cp_r).__name__, _short(cp_r)))
            self.compare_values(numpy.asarray(np_r), numpy.asarray(cp_r),
                                path)
        else:
            # Anything else (repr strings, dtypes, flags) has a meaningful
            # ==, and bool() of it must not need NumPy's array semantics.
            same = False
            try:
                same = bool(np_r == cp_r)
            except Exception:  # noqa: BLE001 - treated as unequal
                same = False
            if not same:
                self.fail(path, 'values differ:\n numpy: {!r}\n cunp:  {!r}'
                          .format(np_r, cp_r))

    def compare_arrays(self, np_r, cp_r, path):
        if isinstance(np_r, numpy.ndarray) and not isinstance(
                cp_r, cunp.ndarray):
            # Returning host data where NumPy returns an array would hide a
            # missing device implementation behind an implicit conversion.
            self.fail(path, 'numpy returned an ndarray but cunp returned {} '
                      '(expected a cunp.ndarray)'.format(_short(cp_r)))
        if isinstance(cp_r, cunp.ndarray):
            host = cunp.asnumpy(cp_r)
        elif isinstance(cp_r, (numpy.ndarray, numpy.generic)):
            host = numpy.asarray(cp_r)
        elif type(cp_r) in _PY_SCALARS and not self.type_check:
            host = numpy.asarray(cp_r)
        else:
            self.fail(path, 'numpy returned {} but cunp returned {}'.format(
                _short(np_r), _short(cp_r)))
        expected = numpy.asarray(np_r)

        if self.type_check and host.dtype != expected.dtype:
            self.fail(path, 'dtypes differ: numpy {} vs cunp {}'.format(
                expected.dtype, host.dtype))
        if host.shape != expected.shape:
            self.fail(path, 'shapes differ: numpy {} vs cunp {}'.format(
                expected.shape, host.shape))
        if isinstance(np_r, numpy.ndarray) and isinstance(cp_r, cunp.ndarray):
            if self.contiguous_check:
                for flag in ('c_contiguous', 'f_contiguous'):
                    if getattr(np_r.flags, flag) and not getattr(
                            cp_r.flags, flag):
                        self.fail(path, 'numpy result is {} but cunp result '
                                  'is not (strides {} vs {})'.format(
                                      flag, np_r.strides, cp_r.strides))
            if self.strides_check:
                try:
                    _check_strides(np_r, cp_r, '')
                except AssertionError as e:
                    self.fail(path, '{} (numpy vs cunp)'.format(e))
        self.compare_values(expected, host, path)

    def compare_values(self, expected, actual, path):
        msg = 'result' + path
        if self.err_msg:
            msg = msg + '\n' + self.err_msg
        kinds = (expected.dtype.kind, actual.dtype.kind)
        exact = self.mode == 'equal' or not all(k in 'fc' for k in kinds)
        if exact:
            # assert_allclose cannot subtract bools, and integer results
            # should be exact anyway.
            numpy.testing.assert_array_equal(
                actual, expected, err_msg=msg, verbose=self.verbose)
        else:
            numpy.testing.assert_allclose(
                actual, expected,
                rtol=_resolve_tol(self.rtol, expected.dtype),
                atol=_resolve_tol(self.atol, expected.dtype),
                err_msg=msg, verbose=self.verbose)


def _without_params(func, names):
    """Signature of ``func`` minus ``names`` so pytest sees no fixtures there."""
    sig = inspect.signature(func)
    params = sig.parameters
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    for name in names:
        if name not in params and not takes_any:
            raise TypeError('{} must accept an argument named {!r}'.format(
                getattr(func, '__qualname__', func), name))
    return sig.replace(parameters=[p for p in params.values()
                                   if p.name not in names])


def _modules(sp_name, scipy_name):
    """The keyword arguments each side gets, as CuPy's decorators give them: `name` the array
    module, `sp_name` scipy.sparse or cunp.scipy.sparse, `scipy_name` scipy or cunp.scipy."""
    host, device = {}, {}
    if sp_name:
        import scipy.sparse

        import cunp.scipy.sparse
        host[sp_name], device[sp_name] = scipy.sparse, cunp.scipy.sparse
    if scipy_name:
        import scipy

        import cunp.scipy
        host[scipy_name], device[scipy_name] = scipy, cunp.scipy
    return host, device


def _twin_runner(name, judge, sp_name=None, scipy_name=None):
    """Build a decorator that runs the body on numpy and cunp, then judges."""
    supplied = [n for n in (name, sp_name, scipy_name) if n]

    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            for n in supplied:
                if n in kwargs:
                    raise TypeError('{!r} is supplied by the decorator'.format(n))
            host, device = _modules(sp_name, scipy_name)
            np_out = _Outcome('numpy')
            cp_out = _Outcome('cunp')
            np_out.run(func, args, dict(kwargs, **{name: numpy}, **host))
            cp_out.run(func, args, dict(kwargs, **{name: cunp}, **device))
            judge(np_out, cp_out)
        wrapper.__signature__ = _without_params(func, supplied)
        return wrapper
    return decorator


def _dense(np_r, cp_r, check_format):
    """Sparse results (SciPy's and cunp's) as dense arrays, their formats compared first."""
    if not (hasattr(np_r, 'toarray') and hasattr(np_r, 'format')):
        return np_r, cp_r
    if not hasattr(cp_r, 'toarray'):
        raise AssertionError('scipy returned a sparse {} matrix but cunp returned {}'.format(
            np_r.format, _short(cp_r)))
    if check_format and np_r.format != cp_r.format:
        raise AssertionError('sparse formats differ: scipy {} vs cunp {}'.format(
            np_r.format, cp_r.format))
    return np_r.toarray(), cp_r.toarray()


def _comparing(comparer, name, accept_error, err_msg, sp_name=None, scipy_name=None,
               check_format=True):
    def judge(np_out, cp_out):
        if np_out.error is not None or cp_out.error is not None:
            _check_errors(np_out, cp_out, accept_error, err_msg)
            return
        if np_out.value is None and cp_out.value is None:
            raise AssertionError(
                'the test returned None on both sides; return the value to '
                'compare (a missing return is the usual cause)')
        comparer.compare(*_dense(np_out.value, cp_out.value, check_format))
    return _twin_runner(name, judge, sp_name, scipy_name)


def numpy_cunp_allclose(rtol=1e-7, atol=0, err_msg='', verbose=True,
                        name='xp', type_check=True, accept_error=False,
                        sp_name=None, scipy_name=None, contiguous_check=True, *,
                        _check_sparse_format=True):
    """Run the test with xp=numpy and xp=cunp; results must be close.

    ``rtol``/``atol`` may be dicts keyed by dtype (plus ``'default'``) to give
    per-dtype tolerances, looked up with the NumPy result's dtype.  Integer
    and bool results are compared exactly.  With ``contiguous_check`` a cunp
    array must be C (F) contiguous wherever NumPy's is.

    ``accept_error`` is False (no exception allowed), True (any Exception),
    or an exception type or tuple: then both sides must raise, NumPy's
    exception must be an accepted one and cunp's must be an instance of
    NumPy's exception type.  An exception on one side only always fails.

    ``sp_name`` and ``scipy_name`` name arguments that get scipy.sparse and
    scipy on NumPy's side, cunp.scipy.sparse and cunp.scipy on cunp's; sparse
    results are compared as dense arrays after their formats (unless
    ``_check_sparse_format`` is False).
    """
    comparer = _Comparer('close', rtol=rtol, atol=atol, err_msg=err_msg,
                         verbose=verbose, type_check=type_check,
                         contiguous_check=contiguous_check)
    return _comparing(comparer, name, accept_error, err_msg, sp_name, scipy_name,
                      _check_sparse_format)


def numpy_cunp_array_equal(err_msg='', verbose=True, name='xp',
                           type_check=True, accept_error=False, sp_name=None,
                           scipy_name=None, strides_check=False):
    """Run the test with xp=numpy and xp=cunp; results must be equal.

    NaNs in the same places count as equal.  With ``strides_check`` array
    results must also have the same strides (useful for views), ignoring
    axes of length 1 and empty arrays.  See ``numpy_cunp_allclose`` for
    ``accept_error``.
    """
    comparer = _Comparer('equal', err_msg=err_msg, verbose=verbose,
                         type_check=type_check, strides_check=strides_check)
    return _comparing(comparer, name, accept_error, err_msg, sp_name, scipy_name)


def numpy_cunp_raises(name='xp', sp_name=None, scipy_name=None, accept_error=Exception):
    """Run the test with xp=numpy and xp=cunp; both must raise.

    cunp's exception must be an instance of NumPy's exception type.
    """
    def judge(np_out, cp_out):
        if np_out.error is None and cp_out.error is None:
            raise AssertionError(
                'Neither numpy nor cunp raised an exception.\n\n{}\n\n{}'
                .format(np_out.describe(), cp_out.describe()))
        _check_errors(np_out, cp_out, accept_error, '')
    return _twin_runner(name, judge, sp_name, scipy_name)


def numpy_cunp_equal(name='xp', sp_name=None, scipy_name=None):
    """Run the test with xp=numpy and xp=cunp; the results must be equal by
    ``==`` (for values that are not arrays: Python scalars, strings, tuples
    of ints such as shapes, dtypes). Both must not raise."""
    def judge(np_out, cp_out):
        if np_out.error is not None or cp_out.error is not None:
            _check_errors(np_out, cp_out, False, '')
        if np_out.value != cp_out.value:
            raise AssertionError(
                'Results are not equal:\n numpy: {}\n cunp:  {}'.format(
                    _short(np_out.value), _short(cp_out.value)))
    return _twin_runner(name, judge, sp_name, scipy_name)


def _host_judge(assertion, name, accept_error, type_check, sp_name=None, scipy_name=None):
    """A twin-run decorator comparing the two results with a NumPy
    assertion, applied to the host copies."""
    from cunp.testing._array import to_host

    def judge(np_out, cp_out):
        if np_out.error is not None or cp_out.error is not None:
            _check_errors(np_out, cp_out, accept_error, '')
            return
        np_r, cp_r = np_out.value, cp_out.value
        if isinstance(np_r, numpy.ndarray) and not isinstance(
                cp_r, cunp.ndarray):
            raise AssertionError(
                'numpy returned an ndarray but cunp returned {} (expected a '
                'cunp.ndarray)'.format(_short(cp_r)))
        cp_h = to_host(cp_r)
        if type_check and hasattr(np_r, 'dtype') and hasattr(cp_h, 'dtype') \
                and numpy.asarray(np_r).dtype != numpy.asarray(cp_h).dtype:
            raise AssertionError('dtypes differ: numpy {} vs cunp {}'.format(
                numpy.asarray(np_r).dtype, numpy.asarray(cp_h).dtype))
        assertion(cp_h, np_r)
    return _twin_runner(name, judge, sp_name, scipy_name)


def numpy_cunp_array_almost_equal(decimal=6, err_msg='', verbose=True,
                                  name='xp', type_check=True,
                                  accept_error=False, sp_name=None, scipy_name=None):
    """Run the test with xp=numpy and xp=cunp; the results must agree to
    `decimal` places (``assert_array_almost_equal``)."""
    return _host_judge(
        lambda a, b: numpy.testing.assert_array_almost_equal(
            a, b, decimal, err_msg, verbose), name, accept_error, type_check, sp_name,
        scipy_name)


def numpy_cunp_array_almost_equal_nulp(nulp=1, name='xp', type_check=True,
                                       accept_error=False, sp_name=None, scipy_name=None):
    """Run the test with xp=numpy and xp=cunp; the results must be within
    `nulp` units in the last place."""
    return _host_judge(
        lambda a, b: numpy.testing.assert_array_almost_equal_nulp(a, b, nulp),
        name, accept_error, type_check, sp_name, scipy_name)


def numpy_cunp_array_max_ulp(maxulp=1, dtype=None, name='xp',
                             type_check=True, accept_error=False, sp_name=None,
                             scipy_name=None):
    """Run the test with xp=numpy and xp=cunp; no element may differ by more
    than `maxulp` units in the last place."""
    return _host_judge(
        lambda a, b: numpy.testing.assert_array_max_ulp(a, b, maxulp, dtype),
        name, accept_error, type_check, sp_name, scipy_name)


def numpy_cunp_array_less(err_msg='', verbose=True, name='xp',
                          type_check=True, accept_error=False, sp_name=None,
                          scipy_name=None):
    """Run the test with xp=numpy and xp=cunp; cunp's result must be less
    than NumPy's everywhere (CuPy's order of arguments)."""
    return _host_judge(
        lambda a, b: numpy.testing.assert_array_less(a, b, err_msg, verbose),
        name, accept_error, type_check, sp_name, scipy_name)


def numpy_cunp_array_list_equal(err_msg='', verbose=True, name='xp', sp_name=None,
                                scipy_name=None):
    """Run the test with xp=numpy and xp=cunp; the lists of arrays they return must be equal
    (deprecated in CuPy, as numpy_cunp_array_equal compares lists too: it warns)."""
    import warnings

    warnings.warn('numpy_cupy_array_list_equal is deprecated. Use numpy_cupy_array_equal '
                  'instead.', DeprecationWarning, stacklevel=2)
    return numpy_cunp_array_equal(err_msg=err_msg, verbose=verbose, name=name,
                                  type_check=False, sp_name=sp_name, scipy_name=scipy_name)


# Names used by CuPy's test-suite, so ported tests need only the import.
numpy_cupy_allclose = numpy_cunp_allclose
numpy_cupy_array_equal = numpy_cunp_array_equal
numpy_cupy_raises = numpy_cunp_raises
numpy_cupy_equal = numpy_cunp_equal
numpy_cupy_array_almost_equal = numpy_cunp_array_almost_equal
numpy_cupy_array_almost_equal_nulp = numpy_cunp_array_almost_equal_nulp
numpy_cupy_array_max_ulp = numpy_cunp_array_max_ulp
numpy_cupy_array_less = numpy_cunp_array_less
numpy_cupy_array_list_equal = numpy_cunp_array_list_equal
