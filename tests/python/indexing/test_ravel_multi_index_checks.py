"""ravel_multi_index checks its arguments in NumPy's order: multi_index is iterable (a 0-d
array or a scalar is a TypeError), dims, order, the clip modes, multi_index's length, then its
dtype. These all fail before any device work, so they run without a GPU."""

import numpy
import pytest

import cunp

_CASES = [
    (numpy.array(1.5, numpy.float16), ()),           # the harness's cases (0-d, no dims)
    (numpy.array(False), ()),
    (7, (3,)),
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
    if numpy.ndim(args[0]) == 0:
        # NumPy's words come from its __array_function__ dispatch, which iterates the argument.
        assert got[0] is TypeError and _error(numpy, args)[0] is TypeError
        return
    assert got == _error(numpy, args)


@pytest.mark.gpu
@pytest.mark.parametrize('args', _DEVICE_CASES)
def test_dtype_error(args):
    assert _error(cunp, args) == _error(numpy, args)


@pytest.mark.gpu
def test_device_zero_d():
    with pytest.raises(TypeError, match='must be a sequence of index arrays'):
        cunp.ravel_multi_index(cunp.asarray(numpy.float16(1.5)), ())
    assert int(cunp.ravel_multi_index((), ())) == numpy.ravel_multi_index((), ())
