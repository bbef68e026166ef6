"""partition/argpartition edges as NumPy: a 0-d array with an axis is an AxisError for
partition (argpartition takes it as one item), and an empty array's kth is not range-checked."""

import numpy
import pytest

import cunp


@pytest.mark.parametrize('axis', [-1, 0, 1])
def test_partition_zero_d_axis_error(axis):
    """Fails before any device work (a NumPy input): runs without a GPU."""
    h = numpy.array(False)
    with pytest.raises(numpy.exceptions.AxisError) as np_err:
        numpy.partition(h, 0, axis=axis)
    with pytest.raises(numpy.exceptions.AxisError) as cp_err:
        cunp.partition(h, 0, axis=axis)
    assert str(cp_err.value) == str(np_err.value)


def _outcome(xp, f, a, kth, axis):
    try:
        r = getattr(xp, f)(a, kth, axis=axis)
    except (ValueError, TypeError) as e:  # AxisError is a ValueError
        return type(e), str(e)
    return 'ok', r.shape, r.dtype


@pytest.mark.gpu
@pytest.mark.parametrize('f', ['partition', 'argpartition'])
@pytest.mark.parametrize('shape,kth,axis', [
    ((0,), 0, -1), ((0,), 5, -1), ((0,), -7, None), ((0, 3), 7, -1), ((0, 3), 7, 0),
    ((3, 0), [0, 9], 0), ((), 0, None), ((), 3, None), ((), 0, -1), ((), 0, 0), ((), 2, -1),
    ((3,), 5, -1)])
def test_kth_checks(f, shape, kth, axis):
    h = numpy.zeros(shape, bool)
    want = _outcome(numpy, f, h, kth, axis)
    # The harness's case: an empty array made by broadcast_to.
    hb = numpy.broadcast_to(numpy.array(False), shape)
    for src in (h, hb):
        assert _outcome(cunp, f, cunp.asarray(src), kth, axis) == want


@pytest.mark.gpu
def test_partition_zero_d_device_axis_error():
    with pytest.raises(numpy.exceptions.AxisError, match='axis -1 is out of bounds'):
        cunp.partition(cunp.asarray(False), 0)
    numpy.testing.assert_array_equal(cunp.argpartition(cunp.asarray(5.0), 0).get(),
                                     numpy.argpartition(numpy.array(5.0), 0))
