"""Deterministic input data for tests, built on the host then moved to xp."""

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


def slow(func):
    """Marks a test as slow (pytest's ``slow`` marker)."""
    import pytest

    return pytest.mark.slow(func)
