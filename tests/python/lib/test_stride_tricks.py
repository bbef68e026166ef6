"""cunp.lib.stride_tricks (as_strided, sliding_window_view) against numpy.lib.stride_tricks.
Tests without the gpu marker need no device."""
import numpy
import pytest
from numpy.lib import stride_tricks as np_tricks

import cunp
from cunp.lib import stride_tricks

gpu = pytest.mark.gpu


# --- no GPU ---

def test_module_layout():
    assert cunp.lib.stride_tricks is stride_tricks
    assert stride_tricks.__all__ == ["as_strided", "sliding_window_view"]


def test_as_strided_needs_a_cunp_array():
    with pytest.raises(TypeError, match="cunp.ndarray"):
        stride_tricks.as_strided(numpy.zeros(3))


@pytest.mark.parametrize("shape,window,axis,error", [
    ((5,), -1, None, "negative"),
    ((5,), (2, 2), None, "axis is `None`"),
    ((5, 4), (2,), (0, 1), "matching length"),
    ((5,), 6, None, "larger than input"),
    ((3, 4), 2, 5, "out of bounds"),
])
def test_sliding_window_view_checks_before_device_work(shape, window, axis, error):
    # A NumPy input: had the checks come after the copy to the device, no GPU would raise.
    with pytest.raises((ValueError, numpy.exceptions.AxisError), match=error):
        stride_tricks.sliding_window_view(numpy.zeros(shape), window, axis)
    with pytest.raises((ValueError, numpy.exceptions.AxisError), match=error):
        np_tricks.sliding_window_view(numpy.zeros(shape), window, axis)


# --- GPU ---

def _pairs():
    h = numpy.arange(60, dtype="float32").reshape(5, 12)
    yield h, cunp.asarray(h)
    yield h[::-1, 1::3], cunp.asarray(h)[::-1, 1::3]
    f = numpy.asfortranarray(h)
    yield f, cunp.asfortranarray(cunp.asarray(h))


@gpu
@pytest.mark.parametrize("window,axis", [((2, 3), None), (3, 1), (2, 0), ((2, 2), (1, 1)),
                                         ((1, 1), (-1, 0)), (5, 0)])
def test_sliding_window_view_matches_numpy(window, axis):
    for h, d in _pairs():
        try:
            want = np_tricks.sliding_window_view(h, window, axis)
        except ValueError:
            with pytest.raises(ValueError):
                stride_tricks.sliding_window_view(d, window, axis)
            continue
        got = stride_tricks.sliding_window_view(d, window, axis)
        assert got.shape == want.shape
        numpy.testing.assert_array_equal(cunp.asnumpy(got), want)


@gpu
def test_sliding_window_view_of_host_data_and_is_a_view():
    got = stride_tricks.sliding_window_view(numpy.arange(6), 3)
    numpy.testing.assert_array_equal(cunp.asnumpy(got),
                                     np_tricks.sliding_window_view(numpy.arange(6), 3))
    d = cunp.arange(6)
    v = stride_tricks.sliding_window_view(d, 3, writeable=True)
    d[2] = 100
    assert int(v[0, 2]) == 100 and int(v[2, 0]) == 100
    assert cunp.lib.stride_tricks.sliding_window_view(cunp.zeros((0, 3)), 2, axis=1).shape == \
        (0, 2, 2)


@gpu
def test_as_strided_matches_numpy():
    for h, d in _pairs():
        numpy.testing.assert_array_equal(cunp.asnumpy(stride_tricks.as_strided(d)), h)
        s = h.strides
        for shape, strides in [((3, 2), (s[0], s[1])), ((4, 3), (0, s[1])),
                               ((2, 2, 2), (s[0], 0, s[1]))]:
            want = np_tricks.as_strided(h, shape, strides)
            got = stride_tricks.as_strided(d, shape, strides)
            assert got.strides == strides and got.shape == shape
            numpy.testing.assert_array_equal(cunp.asnumpy(got), want)
    d = cunp.arange(10, dtype="int64")
    v = stride_tricks.as_strided(d, (5,), (16,))
    v[...] = -1
    numpy.testing.assert_array_equal(cunp.asnumpy(d)[::2], [-1] * 5)
    with pytest.raises(ValueError, match="different lengths"):
        stride_tricks.as_strided(d, (2, 2), (8,))
    assert stride_tricks.as_strided(d, (0, 3), (8, 8)).shape == (0, 3)
    with pytest.raises(ValueError, match="empty array"):
        stride_tricks.as_strided(cunp.zeros(0), (2,), (8,))
