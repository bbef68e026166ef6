"""ravel_multi_index checks its arguments in NumPy's order: dims, order, the clip modes, then
multi_index's length (a non-sequence counts as the wrong length), then its dtype. These all
fail before any device work, so they run without a GPU."""

import numpy
import pytest

import cunp

_CASES = [
    (numpy.array(1.5, numpy.float16), ()),           # the harness's case (0-d, no dims)
    (numpy.broadcast_to(numpy.float16(1), ()), ()),
    ([1, 2], (3,)),
    ([[1], [2]], (3, 3, 3)),
    ([1, 2], (3,), 'bad'),
    ([1.5, 2.0], (3,), 'bad'),
    ([1], (3,), ('clip', 'wrap')),
    ([1], (3,), 'raise', 'Q'),
    ([1, 2], (3,), 'raise', 'Q'),
    ([1], (3,), 'raise', 'A'),
    ([1], (3.5,)),
]
# The dtype check converts the coordinates to device arrays first.
_DEVICE_CASES = [([1.5], (3,)), ([numpy.array([1.5]), [1]], (3, 2)), ([[1.5], [2]], (3, 3))]


def _error(xp, args):
    with pytest.raises((TypeError, ValueError)) as e:
        xp.ravel_multi_index(*args)
    return type(e.value), str(e.value)


@pytest.mark.parametrize('args', _CASES)
def test_error_order(args):
    got = _error(cunp, args)
    if isinstance(args[0], numpy.ndarray) and args[0].ndim == 0:
        # NumPy < 2.5's __array_function__ dispatcher fails on a 0-d multi_index before the
        # C function's length check; NumPy 2.5 reaches it.
        assert got == (ValueError, 'parameter multi_index must be a sequence of length 0')
        return
    assert got == _error(numpy, args)


@pytest.mark.gpu
@pytest.mark.parametrize('args', _DEVICE_CASES)
def test_dtype_error(args):
    assert _error(cunp, args) == _error(numpy, args)


@pytest.mark.gpu
def test_device_zero_d():
    with pytest.raises(ValueError, match='must be a sequence of length 0'):
        cunp.ravel_multi_index(cunp.asarray(numpy.float16(1.5)), ())
    assert int(cunp.ravel_multi_index((), ())) == numpy.ravel_multi_index((), ())
