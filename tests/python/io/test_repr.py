"""repr() and str() must be exactly NumPy's text for the same data."""

import numpy
import pytest

import cunp
from cunp import testing

pytestmark = pytest.mark.gpu

SHAPES = [(), (0,), (1,), (5,), (2, 3), (2, 3, 4), (2, 0), (0, 3), (1, 1, 1),
          (3, 1, 2)]


@pytest.mark.parametrize('shape', SHAPES, ids=str)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_repr_str(xp, dtype, shape):
    a = testing.shaped_random(shape, xp, dtype, seed=5)
    return repr(a), str(a)


@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_repr_negative_and_mixed_width(xp, dtype):
    host = numpy.array([[-1, 0, 1], [100, -20, 3]])
    if numpy.dtype(dtype).kind == 'u':
        host = abs(host)
    a = xp.asarray(host.astype(dtype))
    return repr(a), str(a), repr(a.T), str(a[::-1, ::2])


@testing.for_float_dtypes()
@testing.numpy_cunp_array_equal()
def test_repr_float_formatting(xp, dtype):
    host = numpy.array([0.1, 1 / 3, -2.5e-8, 12345.678, numpy.nan,
                        numpy.inf, -numpy.inf, -0.0, 0.0, 1.0],
                       dtype=numpy.float64).astype(dtype)
    a = xp.asarray(host)
    parts = [a, a[:4], a[7:], a[8:], a[3:5], a[4:7]]
    return [repr(p) for p in parts] + [str(p) for p in parts]


@pytest.mark.parametrize('values', [[1e-10, 1.0], [1e20, 1.0],
                                    [1.5, 2.25, 3.0], [1e16, 1e-5],
                                    [123456789.0], [0.5]],
                         ids=str)
@testing.numpy_cunp_array_equal()
def test_repr_scientific_switch(xp, values):
    a = xp.asarray(numpy.array(values))
    return repr(a), str(a), repr(a.astype(numpy.float32))


@testing.for_complex_dtypes()
@testing.numpy_cunp_array_equal()
def test_repr_complex(xp, dtype):
    host = numpy.array([1 + 2j, -0.5j, numpy.nan + 1j, complex(numpy.inf, -1),
                        0j, 1e-9 + 1e9j], dtype=dtype)
    a = xp.asarray(host)
    return repr(a), str(a), repr(a[:2]), repr(a[4:5]), repr(a[4, ...])


@testing.numpy_cunp_array_equal()
def test_repr_bool(xp):
    a = xp.asarray(numpy.array([[True, False], [False, True]]))
    return repr(a), str(a), repr(a[0, 0, ...]), repr(a[:0])


@pytest.mark.parametrize('shape', [(1001,), (2000,), (40, 40), (3, 400),
                                   (11, 11, 11)],
                         ids=str)
@pytest.mark.parametrize('dtype', [numpy.int64, numpy.float32, numpy.bool_],
                         ids=lambda d: numpy.dtype(d).name)
@testing.numpy_cunp_array_equal()
def test_repr_summarized(xp, dtype, shape):
    # More than 1000 elements: NumPy elides the middle with '...'.
    a = testing.shaped_random(shape, xp, dtype, scale=1000)
    return repr(a), str(a)


@testing.numpy_cunp_array_equal()
def test_repr_exactly_threshold(xp):
    a = testing.shaped_arange((1000,), xp, numpy.int16)
    return repr(a), str(a)


@testing.numpy_cunp_array_equal()
def test_repr_wide_lines_wrap(xp):
    a = testing.shaped_arange((3, 40), xp, numpy.float64)
    b = testing.shaped_arange((100,), xp, numpy.int64)
    return repr(a), str(a), repr(b), str(b)


@testing.numpy_cunp_array_equal()
def test_repr_noncontiguous_views(xp):
    a = testing.shaped_random((6, 8), xp, numpy.float32, seed=1)
    return [repr(v) for v in (a[::2], a[:, ::-3], a.T, a[1:3, 2:7:2],
                              xp.broadcast_to(a[0], (2, 8)))]


@testing.numpy_cunp_array_equal()
def test_repr_empty_with_dtype(xp):
    return [repr(xp.zeros(s, dtype=d)) for s in [(0,), (2, 0), (0, 2, 3)]
            for d in (numpy.float64, numpy.int64, numpy.int8, numpy.bool_,
                      numpy.complex128, numpy.float16)]


@testing.numpy_cunp_array_equal()
def test_repr_0d(xp):
    return [repr(xp.asarray(numpy.asarray(v, dtype=d)))
            for v, d in [(3, numpy.int64), (3, numpy.int8), (2.5,
                                                             numpy.float64),
                         (2.5, numpy.float16), (True, numpy.bool_),
                         (1j, numpy.complex64), (numpy.nan, numpy.float32)]]


def test_repr_does_not_change_array():
    a = cunp.arange(5)
    repr(a)
    str(a)
    assert cunp.asnumpy(a).tolist() == [0, 1, 2, 3, 4]
