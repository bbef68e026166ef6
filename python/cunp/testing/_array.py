"""Assertions that take cunp arrays, NumPy arrays or nested sequences."""

import contextlib
import warnings

import numpy
import numpy.testing

import cunp


def _is_device_array(x):
    return isinstance(x, cunp.ndarray)


def to_host(x):
    """Return ``x`` with every cunp array in it copied to a NumPy array.

    Lists and tuples are walked because NumPy would otherwise try to convert
    the cunp arrays inside them implicitly, which cunp refuses.
    """
    if _is_device_array(x):
        return cunp.asnumpy(x)
    if isinstance(x, (list, tuple)):
        converted = [to_host(v) for v in x]
        return type(x)(converted) if isinstance(x, tuple) else converted
    if isinstance(x, dict):
        return {k: to_host(v) for k, v in x.items()}
    return x


def _effective_strides(shape, strides):
    # Strides of length-1 axes (and of empty arrays) never take part in
    # addressing, and NumPy itself is not consistent about them (newaxis
    # gets 0, reshape keeps a neighbour's stride), so they are not compared.
    if 0 in shape:
        return ()
    return tuple(s if n != 1 else None for n, s in zip(shape, strides))


def _check_strides(x, y, err_msg):
    # Strides only mean something for real arrays on both sides; compare the
    # original objects because a host copy has its own (contiguous) strides.
    xs = getattr(x, 'strides', None)
    ys = getattr(y, 'strides', None)
    if xs is None or ys is None:
        return
    if tuple(x.shape) != tuple(y.shape):
        return  # the value comparison reports the shape mismatch
    if _effective_strides(x.shape, xs) != _effective_strides(y.shape, ys):
        msg = 'strides differ: {} != {} (shape {})'.format(
            tuple(xs), tuple(ys), tuple(x.shape))
        if err_msg:
            msg = msg + '\n' + err_msg
        raise AssertionError(msg)


def assert_allclose(actual, desired, rtol=1e-7, atol=0, equal_nan=True, err_msg='',
                    verbose=True, *, strict=False):
    """``numpy.testing.assert_allclose`` for cunp and NumPy inputs."""
    numpy.testing.assert_allclose(
        to_host(actual), to_host(desired), rtol=rtol, atol=atol, equal_nan=equal_nan,
        err_msg=err_msg, verbose=verbose, strict=strict)


def assert_array_equal(actual, desired, err_msg='', verbose=True, *, strict=False,
                       strides_check=False):
    """``numpy.testing.assert_array_equal`` for cunp and NumPy inputs.

    With ``strides_check=True`` the strides of ``actual`` and ``desired``
    must match too, except on axes of length 1 and for empty arrays, where
    strides do not affect which memory is addressed.
    """
    if strides_check:
        _check_strides(actual, desired, err_msg)
    numpy.testing.assert_array_equal(
        to_host(actual), to_host(desired), err_msg=err_msg, verbose=verbose,
        strict=strict)


def assert_array_almost_equal(actual, desired, decimal=6, err_msg='', verbose=True):
    """``numpy.testing.assert_array_almost_equal`` for cunp and NumPy."""
    numpy.testing.assert_array_almost_equal(
        to_host(actual), to_host(desired), decimal=decimal, err_msg=err_msg,
        verbose=verbose)


def assert_array_less(x, y, err_msg='', verbose=True, *, strict=False):
    """``numpy.testing.assert_array_less`` for cunp and NumPy inputs."""
    numpy.testing.assert_array_less(
        to_host(x), to_host(y), err_msg=err_msg, verbose=verbose,
        strict=strict)


def assert_equal(actual, desired, err_msg='', verbose=True, *, strict=False):
    """``numpy.testing.assert_equal`` (arrays, scalars, and lists, tuples and
    dicts of them, compared item by item) for cunp and NumPy inputs."""
    numpy.testing.assert_equal(to_host(actual), to_host(desired),
                               err_msg=err_msg, verbose=verbose, strict=strict)


def assert_almost_equal(actual, desired, decimal=7, err_msg='',
                        verbose=True):
    """``numpy.testing.assert_almost_equal`` for cunp and NumPy inputs."""
    numpy.testing.assert_almost_equal(
        to_host(actual), to_host(desired), decimal=decimal, err_msg=err_msg,
        verbose=verbose)


def assert_approx_equal(actual, desired, significant=7, err_msg='',
                        verbose=True):
    """``numpy.testing.assert_approx_equal``: scalars equal to `significant`
    digits (0-d cunp arrays are accepted)."""
    numpy.testing.assert_approx_equal(
        to_host(actual), to_host(desired), significant=significant,
        err_msg=err_msg, verbose=verbose)


def assert_array_compare(comparison, x, y, err_msg='', verbose=True,
                         header='', precision=6, equal_nan=True,
                         equal_inf=True, *, strict=False,
                         names=('ACTUAL', 'DESIRED')):
    """``numpy.testing.assert_array_compare``: ``comparison(x, y)`` must hold
    everywhere (it is called with NumPy arrays)."""
    numpy.testing.assert_array_compare(
        comparison, to_host(x), to_host(y), err_msg=err_msg, verbose=verbose,
        header=header, precision=precision, equal_nan=equal_nan,
        equal_inf=equal_inf, strict=strict, names=names)


def assert_array_almost_equal_nulp(x, y, nulp=1):
    """``numpy.testing.assert_array_almost_equal_nulp`` for cunp and NumPy."""
    numpy.testing.assert_array_almost_equal_nulp(to_host(x), to_host(y), nulp)


def assert_array_max_ulp(a, b, maxulp=1, dtype=None):
    """``numpy.testing.assert_array_max_ulp``; returns the ULP differences
    (a NumPy array)."""
    return numpy.testing.assert_array_max_ulp(to_host(a), to_host(b), maxulp,
                                              dtype)


def assert_array_list_equal(xlist, ylist, err_msg='', verbose=True):
    """Two lists (or two tuples) of arrays are equal pair by pair (``assert_array_equal``);
    their types and lengths must match."""
    if type(xlist) is not type(ylist):
        raise AssertionError(
            'Matching types of list or tuple are expected, but were different types '
            '(xlist:{} ylist:{})'.format(type(xlist), type(ylist)))
    if not isinstance(xlist, (list, tuple)):
        raise AssertionError('List or tuple is expected, but was {}'.format(type(xlist)))
    if len(xlist) != len(ylist):
        raise AssertionError('List size is different ({} and {})'.format(
            len(xlist), len(ylist)))
    for x, y in zip(xlist, ylist):
        numpy.testing.assert_array_equal(to_host(x), to_host(y), err_msg=err_msg,
                                         verbose=verbose)


# These take no arrays: NumPy's own.
assert_string_equal = numpy.testing.assert_string_equal
assert_raises = numpy.testing.assert_raises
assert_raises_regex = numpy.testing.assert_raises_regex
@contextlib.contextmanager
def assert_warns(expected):
    """Fails unless the block warns with a warning of class `expected` (CuPy's context
    manager; NumPy 2.4 deprecated its assert_warns for pytest.warns)."""
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        yield
    if not any(isinstance(w.message, expected) for w in seen):
        raise AssertionError('%s not triggered' % getattr(expected, '__name__', expected))
assert_no_warnings = numpy.testing.assert_no_warnings
assert_ = numpy.testing.assert_
suppress_warnings = numpy.testing.suppress_warnings
clear_and_catch_warnings = numpy.testing.clear_and_catch_warnings
assert_no_gc_cycles = numpy.testing.assert_no_gc_cycles
