"""A tuple (or float) where one integer axis is taken raises NumPy's TypeError ("'tuple' object
cannot be interpreted as an integer"), not a RuntimeError from a failed binding cast."""

import numpy
import pytest

import cunp

_MSG = "'tuple' object cannot be interpreted as an integer"


def test_compress_checks_axis_first():
    """compress reads axis before the condition (no device work): runs without a GPU."""
    for cond in ([True], [[True]], True):
        with pytest.raises(TypeError, match=_MSG):
            numpy.compress(cond, numpy.ones((2, 2)), axis=(0, 1))
        with pytest.raises(TypeError, match=_MSG):
            cunp.compress(cond, numpy.ones((2, 2)), axis=(0, 1))


_CALLS = [
    ('append', lambda xp, a: xp.append(a, a, axis=(0, 1))),
    ('compress', lambda xp, a: xp.compress([True, False], a, axis=(0, 1))),
    ('compress_method', lambda xp, a: a.compress([True, False], axis=(0, 1))),
    ('concatenate', lambda xp, a: xp.concatenate((a, a), axis=(0, 1))),
    ('take', lambda xp, a: xp.take(a, [0], axis=(0, 1))),
    ('cumsum', lambda xp, a: xp.cumsum(a, axis=(0, 1))),
    ('add_accumulate', lambda xp, a: xp.add.accumulate(a, axis=((0,),))),
    ('sort', lambda xp, a: xp.sort(a, axis=(0, 1))),
    ('argsort', lambda xp, a: xp.argsort(a, axis=(0, 1))),
    ('item', lambda xp, a: a.item(1.5)),
    ('item_tuple', lambda xp, a: a.item(0, 1.5)),
]


@pytest.mark.gpu
@pytest.mark.parametrize('name,call', _CALLS, ids=[c[0] for c in _CALLS])
def test_type_error_as_numpy(name, call):
    h = numpy.arange(4.0).reshape(2, 2)
    with pytest.raises(TypeError) as np_err:
        call(numpy, h)
    with pytest.raises(TypeError) as cp_err:
        call(cunp, cunp.asarray(h))
    assert str(cp_err.value) == str(np_err.value)
