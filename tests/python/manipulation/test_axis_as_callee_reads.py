"""Axis arguments read as NumPy's implementation reads them, so that the exception type (and for
size the value) matches when a tuple, list or bool axis is given:

- cumulative_sum/cumulative_prod hand the axis to ufunc.accumulate: a tuple's entries are all
  range-checked (AxisError) before more or fewer than one axis is refused (ValueError);
- size (NumPy 2.4+) and unstack (through moveaxis) normalise a tuple or list of axes;
- argsort converts its axis to one int (a bool refused) before it looks at order= or kind=.

The checks run on the host before any device work; where a device array would be made, the
conversion is stubbed with a host array, so these run without a GPU."""

import numpy
import pytest

import cunp
from cunp._manipulation import _shapes
from cunp._math import _scans

_AXES = [(0, 1), (0,), (), (5,), (1, 1), (5, 5), (0, 5), (-1,), [0], [0, 1], 1.0, (1.0,), True,
         (True,), '0', 0, -1, 2, -3]
_SHAPES = [(2, 3), (4,), (0, 0), ()]


def _outcome(fn):
    try:
        return fn(), None
    except Exception as e:  # noqa: BLE001 - the exception is what is compared
        return None, e


def _same(call):
    """call(numpy) and call(cunp) give the same value, or exceptions of the same leaf type."""
    expected, np_error = _outcome(lambda: call(numpy))
    got, error = _outcome(lambda: call(cunp))
    if np_error is None:
        assert error is None, (error, expected)
        assert got == expected
    else:
        assert error is not None, (got, np_error)
        assert type(error) is type(np_error), (error, np_error)


class _Scanned(Exception):
    """Raised by the stubbed scan: the arguments were accepted, with this axis."""


@pytest.fixture
def host_scans(monkeypatch):
    """cumulative_* on host arrays: the scan itself is replaced by a stub that reports the axis."""
    monkeypatch.setattr(_scans, '_as_array', numpy.asarray)

    def scan(ufunc, x, axis, *args, **kwargs):
        raise _Scanned(axis)

    monkeypatch.setattr(_scans._core, 'scan', type('scan', (), {'scan': staticmethod(scan)}))


@pytest.mark.parametrize('shape', _SHAPES)
@pytest.mark.parametrize('axis', _AXES, ids=repr)
@pytest.mark.parametrize('name', ['cumulative_sum', 'cumulative_prod'])
def test_cumulative_axis(host_scans, name, axis, shape):
    a = numpy.ones(shape)
    _, np_error = _outcome(lambda: getattr(numpy, name)(a, axis=axis))
    _, error = _outcome(lambda: getattr(cunp, name)(a, axis=axis))
    if np_error is None:
        assert isinstance(error, _Scanned), error
    else:
        assert type(error) is type(np_error), (error, np_error)


@pytest.mark.parametrize('axis', [(0,), (5,), (0, 1), (True,)], ids=repr)
@pytest.mark.parametrize('out', [False, True])
def test_cumulative_include_initial_tuple_axis(host_scans, axis, out):
    """NumPy indexes a list with the axis here: a TypeError, after the scan's own axis checks
    when out= is not given, before them when it is."""
    a = numpy.ones((2, 3))

    def call(xp):
        return xp.cumulative_sum(a, axis=axis, include_initial=True,
                                 out=numpy.zeros((3, 3)) if out else None)

    _, np_error = _outcome(lambda: call(numpy))
    _, error = _outcome(lambda: call(cunp))
    assert type(error) is type(np_error), (error, np_error)


@pytest.mark.parametrize('shape', _SHAPES)
@pytest.mark.parametrize('axis', _AXES + [None], ids=repr)
def test_size_axis(monkeypatch, axis, shape):
    monkeypatch.setattr(_shapes, 'asarray', numpy.asarray)
    _same(lambda xp: xp.size(numpy.ones(shape).tolist() if shape else 1.0, axis=axis))


@pytest.mark.parametrize('shape', _SHAPES)
@pytest.mark.parametrize('axis', _AXES, ids=repr)
def test_unstack_axis(axis, shape):
    """unstack only indexes its input, so a host array runs it without a GPU."""
    a = numpy.arange(float(numpy.prod(shape))).reshape(shape)

    def call(xp):
        return tuple(v.tolist() for v in xp.unstack(a, axis=axis))

    _same(call)


@pytest.mark.parametrize('axis', [(0, 1), (0,), True, 1.0, [0], '0'], ids=repr)
@pytest.mark.parametrize('extra', [{'order': 'C'}, {'kind': 'x', 'stable': True},
                                   {'kind': 'x'}], ids=repr)
def test_argsort_axis_before_other_arguments(axis, extra):
    """The axis fails before order=/kind=/stable= are looked at (no device work is reached)."""
    a = numpy.ones((2, 3))
    _, np_error = _outcome(lambda: numpy.argsort(a, axis=axis, **extra))
    _, error = _outcome(lambda: cunp.argsort(a, axis=axis, **extra))
    assert isinstance(np_error, TypeError)
    assert type(error) is type(np_error), (error, np_error)
