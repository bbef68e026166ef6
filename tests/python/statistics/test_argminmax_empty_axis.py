"""argmax/argmin/nanargmax/nanargmin raise NumPy's ValueError whenever the reduced extent is
empty, even when the result is empty too; an empty result over a non-empty axis is returned."""

import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu

_FUNCS = ['argmax', 'argmin', 'nanargmax', 'nanargmin']
# (shape, axis, whether the reduced extent is empty)
_CASES = [((0, 3), 0, True), ((0, 0), 0, True), ((0,), None, True), ((3, 0), None, True),
          ((0, 3), -2, True), ((3, 0), 0, False), ((0, 3), 1, False), ((2, 0, 3), 0, False)]


def _layouts(shape, dtype):
    base = numpy.zeros(shape, dtype)
    yield base
    # The harness's case: an empty array through broadcast_to (stride-0 axes).
    yield numpy.broadcast_to(numpy.zeros(shape[-1:], dtype), shape)
    yield numpy.asfortranarray(base)


@pytest.mark.parametrize('name', _FUNCS)
@pytest.mark.parametrize('shape,axis,raises', _CASES)
@pytest.mark.parametrize('dtype', ['bool', 'int16', 'float32'])
def test_empty_extents(name, shape, axis, raises, dtype):
    if name.startswith('nan') and dtype == 'bool':
        dtype = 'float64'  # the nan variants: bool has no NaN, the same rule either way
    for h in _layouts(shape, dtype):
        d = cunp.asarray(h)
        if raises:
            with pytest.raises(ValueError, match='of an empty sequence') as np_err:
                getattr(numpy, name)(h, axis=axis)
            with pytest.raises(ValueError) as cp_err:
                getattr(cunp, name)(d, axis=axis)
            assert str(cp_err.value) == str(np_err.value)
        else:
            want = getattr(numpy, name)(h, axis=axis)
            got = getattr(cunp, name)(d, axis=axis)
            assert got.shape == want.shape and got.dtype == want.dtype


@pytest.mark.parametrize('method', ['argmax', 'argmin'])
def test_method_and_keepdims(method):
    d = cunp.zeros((0, 4), bool)
    with pytest.raises(ValueError, match='empty sequence'):
        getattr(d, method)(axis=0, keepdims=True)
    assert getattr(d, method)(axis=1, keepdims=True).shape == (0, 1)
