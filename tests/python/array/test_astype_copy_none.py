"""ndarray.astype and the array API's astype take copy=None (NumPy 2: copy only if needed)."""

import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu


@pytest.mark.parametrize('copy', [None, False, True, 0, 1])
@pytest.mark.parametrize('dtype', ['bool', 'float64', 'int32'])
def test_method_copy_arg(copy, dtype):
    h = numpy.broadcast_to(numpy.array([[False, True]]), (2, 2)).astype(dtype)
    d = cunp.asarray(h)
    for to in (numpy.bool_, dtype, 'float32'):
        want = h.astype(to, copy=copy)
        got = d.astype(to, copy=copy)
        numpy.testing.assert_array_equal(got.get(), want)
        assert got.dtype == want.dtype
        assert (got is d) == (want is h)


@pytest.mark.parametrize('copy', [None, False, True])
def test_array_api_function(copy):
    h = numpy.arange(6.0).reshape(2, 3).T
    d = cunp.asarray(h)
    for to in (numpy.bool_, numpy.float64, numpy.int8):
        want = numpy.astype(h, to, copy=copy)
        got = cunp.astype(d, to, copy=copy)
        numpy.testing.assert_array_equal(got.get(), want)
        assert (got is d) == (want is h)
