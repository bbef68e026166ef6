"""Deterministic input data for tests, built on the host then moved to xp; requirement checks
(with_requires, installed), markers (slow, multi_gpu) and CuPy's test base classes."""

import contextlib
import inspect
import unittest

import numpy

import cunp


def _finish(host, xp, dtype, order):
    # Build on the host so that numpy and cunp start from bit-identical data;
    # the cast is unsafe on purpose (arange past 127 wraps for int8, etc.).
    host = host.astype(dtype, copy=False)
    return xp.array(host, order=order)


def _counting(size, descending, dtype):
    if descending:
        values = numpy.arange(size, 0, -1)
    else:
        values = numpy.arange(1, size + 1)
    kind = numpy.dtype(dtype).kind
    if kind == 'b':
        # 1, 2, 3, ... would all be True; alternate so that a transposed or
        # sliced bool array is distinguishable from the original.
        return values % 2 == 0
    if kind == 'c':
        return values + 1j * values
    return values


def shaped_arange(shape, xp=cunp, dtype=numpy.float32, order='C'):
    """Array of ``shape`` holding 1, 2, ..., size (row-major order).

    Bool arrays alternate False, True, ...; complex arrays hold k + kj.
    """
    size = int(numpy.prod(shape, dtype=numpy.int64))
    host = _counting(size, False, dtype).reshape(shape)
    return _finish(host, xp, dtype, order)


def shaped_reverse_arange(shape, xp=cunp, dtype=numpy.float32, order='C'):
    """Like ``shaped_arange`` but counting down from size to 1."""
    size = int(numpy.prod(shape, dtype=numpy.int64))
    host = _counting(size, True, dtype).reshape(shape)
    return _finish(host, xp, dtype, order)


def shaped_random(shape, xp=cunp, dtype=numpy.float32, scale=10, seed=0,
                  order='C'):
    """Random array in ``[0, scale)`` drawn on the host from ``seed``.

    Integer dtypes get the truncated values (so 0 .. scale-1); bool dtypes get
    a fair coin; complex dtypes get independent real and imaginary parts.
    """
    rs = numpy.random.RandomState(seed)
    if numpy.isscalar(shape):
        shape = (shape,)
    shape = tuple(shape)
    kind = numpy.dtype(dtype).kind
    if kind == 'b':
        host = rs.randint(2, size=shape).astype(bool)
    elif kind == 'c':
        host = (rs.random_sample(shape) * scale
                + 1j * rs.random_sample(shape) * scale)
    else:
        host = rs.random_sample(shape) * scale
    return _finish(numpy.asarray(host), xp, dtype, order)


def _installed_version(name):
    from importlib import metadata

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def _requirement_met(requirement):
    """Whether a requirement such as 'scipy>=1.10' or 'numpy' is installed
    (the `packaging` library judges the version where it is available)."""
    import re

    m = re.match(r'^\s*([A-Za-z0-9_.\-]+)\s*(.*)$', requirement)
    if m is None:
        raise ValueError('invalid requirement: {!r}'.format(requirement))
    name, spec = m.group(1), m.group(2).strip()
    version = _installed_version(name)
    if version is None:
        return False
    if not spec:
        return True
    try:
        from packaging.specifiers import SpecifierSet
    except ImportError:
        from numpy.lib import NumpyVersion

        ops = {'>=': lambda a, b: a >= b, '<=': lambda a, b: a <= b,
               '==': lambda a, b: a == b, '!=': lambda a, b: a != b,
               '>': lambda a, b: a > b, '<': lambda a, b: a < b}
        for part in spec.split(','):
            pm = re.match(r'^\s*(>=|<=|==|!=|>|<)\s*(\S+)\s*$', part)
            if pm is None:
                raise ValueError('invalid requirement: {!r}'.format(
                    requirement)) from None
            if not ops[pm.group(1)](NumpyVersion(version), pm.group(2)):
                return False
        return True
    return version in SpecifierSet(spec)


def with_requires(*requirements):
    """Skip the decorated test unless every requirement ('scipy',
    'numpy>=2.1', ...) is installed (CuPy's decorator)."""
    def decorator(func):
        import pytest

        missing = [r for r in requirements if not _requirement_met(r)]
        return pytest.mark.skipif(
            bool(missing), reason='requires {}'.format(
                ', '.join(missing)))(func)
    return decorator


def slow(*args, **kwargs):
    """Marks a test as slow (pytest's ``slow`` marker, with its arguments)."""
    import pytest

    return pytest.mark.slow(*args, **kwargs)


def installed(*specifiers):
    """Whether every requirement ('scipy', 'numpy>=2.1', ...) is installed."""
    return all(_requirement_met(s) for s in specifiers)


def numpy_satisfies(version_range):
    """Whether the installed NumPy's version is in `version_range` ('>=2.1', ...)."""
    return installed('numpy' + version_range)


def shaped_linspace(start, stop, shape, xp=cunp, dtype=numpy.float32):
    """Array of ``shape`` holding numpy.linspace(start, stop, size) cast to dtype (bool
    clamps to [0, 1], unsigned types start at 0 or above)."""
    dtype = numpy.dtype(dtype)
    size = int(numpy.prod(shape, dtype=numpy.int64))
    if dtype.kind == 'b':
        start, stop = max(start, 0), min(stop, 1)
    elif dtype.kind == 'u':
        start = max(start, 0)
    host = numpy.linspace(start, stop, size).astype(dtype).reshape(shape)
    return xp.array(host)


def shaped_sparse_random(shape, sp=None, dtype=numpy.float32, density=0.01, format='coo',
                         seed=0):
    """A random sparse matrix of ``shape`` (scipy.sparse.random with `seed`), built by the
    sparse module `sp` (scipy.sparse, or cunp.scipy.sparse, the default) in `format`."""
    import scipy.sparse

    if sp is None:
        import importlib

        sp = importlib.import_module('cunp.scipy.sparse')
    n_rows, n_cols = shape
    host = scipy.sparse.random(n_rows, n_cols, density, random_state=seed).astype(dtype)
    try:
        return sp.coo_matrix(host).asformat(format)
    except AttributeError:
        raise ValueError('module {} does not have the expected sparse API'.format(
            sp)) from None


def generate_matrix(shape, xp=cunp, dtype=numpy.float32, *, singular_values=None):
    """A random matrix (or stack of them), shaped ``(..., M, N)``, whose singular values are
    `singular_values` (broadcast to ``(..., min(M, N))``). Drawn on the host from
    numpy.random's global state, then moved to xp."""
    from cunp.testing._array import to_host

    if len(shape) <= 1:
        raise ValueError('shape {} is invalid for matrices: too few axes'.format(shape))
    if singular_values is None:
        raise TypeError('singular_values is not given')
    dtype = numpy.dtype(dtype)
    if dtype.kind not in 'fc':
        raise TypeError('dtype {} is not supported'.format(dtype))
    sv = numpy.asarray(to_host(singular_values))
    if not numpy.isrealobj(sv):
        raise TypeError('singular_values is not real')
    if (sv < 0).any():
        raise ValueError('negative singular value is given')
    a = numpy.random.randn(*shape)
    if dtype.kind == 'c':
        a = a + 1j * numpy.random.randn(*shape)
    u, s, vh = numpy.linalg.svd(a, full_matrices=False)
    a = numpy.einsum('...ik,...k,...kj->...ij', u, numpy.broadcast_to(sv, s.shape), vh)
    return xp.asarray(a.astype(dtype))


def multi_gpu(gpu_num):
    """Marks a test as needing `gpu_num` (2 or more) devices: it is skipped where fewer are
    present, or where CUNP_TEST_GPU_LIMIT (CuPy's CUPY_TEST_GPU_LIMIT, also read) is set below
    gpu_num. In cunp's own suite it carries the ``gpus(n)`` marker too."""
    import functools
    import inspect
    import os

    import pytest

    if gpu_num < 2:
        raise ValueError('multi_gpu needs 2 or more GPUs, not {}'.format(gpu_num))
    limit = int(os.environ.get('CUNP_TEST_GPU_LIMIT',
                               os.environ.get('CUPY_TEST_GPU_LIMIT', '-1')))

    def decorator(f):
        if inspect.isfunction(f):
            inner = f

            @functools.wraps(inner)
            def f(*args, **kwargs):
                if _device_count() < gpu_num:
                    pytest.skip('{} GPUs required'.format(gpu_num))
                return inner(*args, **kwargs)
        f = pytest.mark.gpus(gpu_num)(f)
        return pytest.mark.skipif(0 <= limit < gpu_num,
                                  reason='{} GPUs required'.format(gpu_num))(f)
    return decorator


def _device_count():
    try:
        return cunp.cuda.runtime.getDeviceCount() if cunp.cuda.is_available() else 0
    except Exception:  # noqa: BLE001 - no driver: no devices
        return 0


class _NumpyAliasTestBase(unittest.TestCase):
    """Set `func` (a name) in a subclass: cupy_func is cunp's, numpy_func NumPy's."""

    @property
    def func(self):
        raise NotImplementedError()

    @property
    def cupy_func(self):
        return getattr(cunp, self.func)

    @property
    def numpy_func(self):
        return getattr(numpy, self.func)


class NumpyAliasBasicTestBase(_NumpyAliasTestBase):
    """Tests that cunp's `func` has NumPy's signature and a docstring of its own."""

    def test_argspec(self):
        assert inspect.signature(self.cupy_func) == inspect.signature(self.numpy_func)

    def test_docstring(self):
        doc = getattr(self.cupy_func, '__doc__', None)
        assert doc, 'no docstring'
        assert doc is not self.numpy_func.__doc__


class NumpyAliasValuesTestBase(_NumpyAliasTestBase):
    """Tests that cunp's and NumPy's `func` return equal values for `args`."""

    def test_values(self):
        assert self.cupy_func(*self.args) == self.numpy_func(*self.args)


@contextlib.contextmanager
def assert_function_is_called(*args, times_called=1, **kwargs):
    """``with``: unittest.mock.patch(*args, **kwargs) for the block, then the patched function
    must have been called `times_called` times."""
    from unittest import mock

    with mock.patch(*args, **kwargs) as handle:
        yield handle
        assert handle.call_count == times_called, (
            'called {} times, expected {}'.format(handle.call_count, times_called))


AssertFunctionIsCalled = assert_function_is_called
