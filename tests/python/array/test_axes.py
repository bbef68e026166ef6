# tests/python/array/test_axes.py -- the core's axis arguments (_core.axes.normalize_axis and
# normalize_axes), which every Python module uses: NumPy's results and errors, no GPU needed.
import numpy
import pytest

from cunp import _core


@pytest.mark.parametrize("ndim", [1, 2, 5])
def test_normalize_axis_matches_numpy(ndim):
    for axis in range(-ndim - 2, ndim + 2):
        try:
            want = numpy.lib.array_utils.normalize_axis_index(axis, ndim)
        except numpy.exceptions.AxisError as e:
            with pytest.raises(numpy.exceptions.AxisError) as got:
                _core.axes.normalize_axis(axis, ndim)
            assert str(got.value) == str(e)
            assert (got.value.axis, got.value.ndim) == (e.axis, e.ndim)
        else:
            assert _core.axes.normalize_axis(axis, ndim) == want


def test_normalize_axis_prefix_and_index_types():
    with pytest.raises(numpy.exceptions.AxisError) as got:
        _core.axes.normalize_axis(3, 2, "axisa")
    assert str(got.value) == str(numpy.exceptions.AxisError(3, 2, "axisa"))
    assert _core.axes.normalize_axis(numpy.int8(-1), 3) == 2
    assert _core.axes.normalize_axis(True, 3) == 1  # bool is an int, as operator.index says
    for bad in (1.0, "0", (0,), None):
        with pytest.raises(TypeError, match="cannot be interpreted as an integer"):
            _core.axes.normalize_axis(bad, 3)


def test_normalize_axes():
    assert _core.axes.normalize_axes(None, 3) == (0, 1, 2)
    assert _core.axes.normalize_axes(None, 0) == ()
    assert _core.axes.normalize_axes(-1, 3) == (2,)
    assert _core.axes.normalize_axes((2, -3), 3) == (2, 0)  # the given order
    assert _core.axes.normalize_axes((), 3) == ()
    with pytest.raises(ValueError, match="duplicate value in 'axis'"):
        _core.axes.normalize_axes((1, -2), 3)
    with pytest.raises(ValueError, match="repeated axis"):
        _core.axes.normalize_axes((0, 0), 3, "repeated axis")
    # Every entry is range-checked before duplicates are looked for, as NumPy does.
    with pytest.raises(numpy.exceptions.AxisError):
        _core.axes.normalize_axes((0, 0, 7), 3)
    with pytest.raises(TypeError):
        _core.axes.normalize_axes([0, 1], 3)  # NumPy's reductions take a tuple, not a list
    with pytest.raises(TypeError):
        _core.axes.normalize_axes(0.5, 3)


def test_reduce_rule_for_zero_d():
    for axis in (0, -1, numpy.int64(0)):
        assert _core.axes.normalize_axes(axis, 0, reduce_0d=True) == ()
    for bad in (1, (0,), (-1,)):
        with pytest.raises(numpy.exceptions.AxisError):
            _core.axes.normalize_axes(bad, 0, reduce_0d=True)
    with pytest.raises(numpy.exceptions.AxisError):
        _core.axes.normalize_axes(0, 0)
