"""Array creation: empty/zeros/ones/full (+_like), ranges, eye, array()."""

import warnings

import numpy
import pytest

import cunp
from cunp import testing

pytestmark = pytest.mark.gpu

SHAPES = [(), (0,), (1,), (5,), (2, 3), (3, 1, 4), (2, 0, 3), (1, 1)]
SHAPE_IDS = [str(s).replace(' ', '') for s in SHAPES]


def layout(a):
    """What two arrays must share even when their values are undefined."""
    return (a.shape, a.strides, a.dtype, a.ndim, a.size, a.itemsize,
            a.nbytes, a.flags.c_contiguous, a.flags.f_contiguous)


# -- empty / zeros / ones / full ---------------------------------------------

@pytest.mark.parametrize('shape', SHAPES, ids=SHAPE_IDS)
@testing.for_CF_orders()
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_empty_layout(xp, dtype, order, shape):
    return layout(xp.empty(shape, dtype=dtype, order=order))


@pytest.mark.parametrize('shape', SHAPES, ids=SHAPE_IDS)
@testing.for_CF_orders()
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal(strides_check=True)
def test_zeros(xp, dtype, order, shape):
    return xp.zeros(shape, dtype=dtype, order=order)


@pytest.mark.parametrize('shape', SHAPES, ids=SHAPE_IDS)
@testing.for_CF_orders()
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal(strides_check=True)
def test_ones(xp, dtype, order, shape):
    return xp.ones(shape, dtype=dtype, order=order)


@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_full_value_cast_to_dtype(xp, dtype):
    # 3 fits every dtype; bool makes it True, complex makes it 3+0j.
    return xp.full((2, 3), 3, dtype=dtype)


@pytest.mark.parametrize('value', [0, 1, -1, 7.5, -0.0, True, False,
                                   float('nan'), float('inf'), -1e300],
                         ids=repr)
@testing.for_float_dtypes()
@testing.numpy_cunp_array_equal()
def test_full_python_values_float(xp, dtype, value):
    return xp.full((4,), value, dtype=dtype)


@testing.for_CF_orders()
@testing.numpy_cunp_array_equal(strides_check=True)
def test_full_order(xp, order):
    return xp.full((3, 4, 2), 9, dtype=numpy.int16, order=order)


@pytest.mark.parametrize('value', [5, 1.5, True, 1j, numpy.float32(1.5),
                                   numpy.int8(-3), numpy.uint16(7),
                                   numpy.complex64(1 + 1j), numpy.bool_(True)],
                         ids=lambda v: '{}({})'.format(type(v).__name__, v))
@testing.numpy_cunp_array_equal()
def test_full_infers_dtype_from_value(xp, value):
    return xp.full((2, 2), value)


@testing.numpy_cunp_array_equal()
def test_full_array_fill_value_broadcasts(xp):
    return xp.full((3, 4), [1, 2, 3, 4], dtype=numpy.float32)


@testing.numpy_cunp_array_equal()
def test_full_device_array_fill_value(xp):
    return xp.full((2, 3), xp.asarray([7, 8, 9], dtype=numpy.int32))


@testing.numpy_cunp_array_equal()
def test_full_int_value_into_unsigned(xp):
    return xp.full(4, 255, dtype=numpy.uint8)


@pytest.mark.parametrize('shape', [3, (3,), [2, 3], (numpy.int64(2), 3),
                                   numpy.int32(4), (), []],
                         ids=['int', 'tuple', 'list', 'numpy-int-in-tuple',
                              'numpy-int', 'empty-tuple', 'empty-list'])
@testing.numpy_cunp_array_equal()
def test_shape_spellings(xp, shape):
    return xp.zeros(shape, dtype=numpy.int8)


@pytest.mark.parametrize('dtype', [None, float, int, bool, complex, 'f4',
                                   'float16', '<i2', 'u8', 'c8', '?',
                                   numpy.dtype('int32'), numpy.uint32],
                         ids=lambda d: getattr(d, '__name__', str(d)))
@testing.numpy_cunp_array_equal()
def test_dtype_spellings(xp, dtype):
    if dtype is None:
        return xp.zeros(3)
    return xp.ones(3, dtype=dtype)


# -- *_like ---------------------------------------------------------------

def _sources(xp, dtype):
    base = testing.shaped_arange((4, 3, 2), xp, dtype)
    return {
        'C': base,
        'F': xp.asfortranarray(base),
        'strided': base[::2, :, ::-1],
        'transposed': base.transpose(1, 0, 2),
        'zero-d': base[1, 1, 1, ...],
        'empty': base[:0],
    }


SOURCE_KINDS = ['C', 'F', 'strided', 'transposed', 'zero-d', 'empty']


@pytest.mark.parametrize('kind', SOURCE_KINDS)
@pytest.mark.parametrize('func', ['zeros_like', 'ones_like'])
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal(strides_check=True)
def test_like_keeps_layout(xp, dtype, func, kind):
    src = _sources(xp, dtype)[kind]
    return getattr(xp, func)(src)


@pytest.mark.parametrize('kind', SOURCE_KINDS)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_empty_like_layout(xp, dtype, kind):
    src = _sources(xp, dtype)[kind]
    return layout(xp.empty_like(src))


@pytest.mark.parametrize('kind', SOURCE_KINDS)
@testing.for_orders(['C', 'F', 'A', 'K'])
@testing.numpy_cunp_array_equal(strides_check=True)
def test_full_like_order(xp, order, kind):
    src = _sources(xp, numpy.float32)[kind]
    return xp.full_like(src, 2.5, order=order)


@testing.for_all_dtypes_combination(names=('src_dtype', 'dtype'))
@testing.numpy_cunp_array_equal()
def test_like_dtype_override(xp, src_dtype, dtype):
    src = testing.shaped_arange((2, 3), xp, src_dtype)
    return xp.ones_like(src, dtype=dtype)


@pytest.mark.parametrize('shape', [(6,), (3, 2), 4, (), (0, 5), (2, 1, 3)],
                         ids=str)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_like_shape_override(xp, shape):
    src = xp.asfortranarray(testing.shaped_arange((2, 3), xp, numpy.int32))
    return xp.full_like(src, 4, shape=shape)


@testing.numpy_cunp_array_equal()
def test_full_like_value_cast(xp):
    src = testing.shaped_arange((3,), xp, numpy.int32)
    return xp.full_like(src, 2.9)


# full copies its value with casting='unsafe' (where assignment refuses it): NumPy's cast of
# inf, nan or a complex into an integer or real dtype, with its warnings.
UNSAFE_FILLS = [(2**64 - 1, 'u8'), (2**63, 'f4'), (float('inf'), 'i1'), (-float('inf'), 'u8'), (float('nan'), 'i4'),
                (numpy.float32('inf'), 'i2'), (1e10, 'i1'), (1 + 2j, 'f4'), (1j, 'i8'),
                (numpy.complex64(2 - 1j), 'u2'), (2.5, '?')]


@pytest.mark.filterwarnings('ignore::RuntimeWarning')
@pytest.mark.filterwarnings('ignore::numpy.exceptions.ComplexWarning')
@pytest.mark.parametrize('value, dtype', UNSAFE_FILLS, ids=repr)
@testing.numpy_cunp_array_equal()
def test_full_casts_unsafely(xp, value, dtype):
    like = xp.full_like(xp.zeros((2, 3), dtype), value)
    return xp.stack([xp.full((2, 3), value, dtype=dtype), like])


@pytest.mark.parametrize('value, dtype', [(2**63, '?'), (2**64 - 1, 'i1'), (-2**63 - 1, 'u8'),
                                          (2**70, 'i8')], ids=repr)
def test_full_python_int_past_a_c_long(value, dtype):
    # NumPy converts a Python int for a bool or integer dtype through a C long.
    for xp in (numpy, cunp):
        with pytest.raises(OverflowError):
            xp.full(3, value, dtype=dtype)


# -- arange ------------------------------------------------------------------

ARANGE_ARGS = [
    (5,), (0,), (-3,), (2, 9), (9, 2), (2, 9, 3), (9, 2, -2), (0, 1, 0.1),
    (1.5,), (-2.5, 3.7, 0.5), (10, 0, -0.75), (0.0, 1.0, 0.3),
    (3, 3), (numpy.int32(5),), (numpy.float32(0.5), 4),
    (2**40, 2**40 + 5), (-5, 5, 2),
    (0, 1, float('inf')), (0, -1, float('inf')), (0, 1, 1e300),  # a step larger than the span
]


@pytest.mark.parametrize('args', ARANGE_ARGS, ids=str)
@testing.numpy_cunp_allclose(rtol=1e-12)
def test_arange(xp, args):
    return xp.arange(*args)


@pytest.mark.parametrize('args', [(10,), (1, 9, 2), (8, 0, -1)], ids=str)
@testing.for_all_dtypes(no_bool=True, no_complex=True)
@testing.numpy_cunp_allclose(rtol={numpy.float16: 1e-3, 'default': 1e-7})
def test_arange_dtype(xp, dtype, args):
    if numpy.dtype(dtype).kind == 'u' and args[-1] < 0:
        return xp.arange(0, 10, dtype=dtype)
    return xp.arange(*args, dtype=dtype)


@pytest.mark.parametrize('args', [(1, 0, -0.5), (0.5, 5, 1.5), (-0.5, 3, 0.7), (2.9, 10, 2.2),
                                  (0, 7, 1.5), (5, -3, -2.5)], ids=str)
@pytest.mark.parametrize('dtype', ['int8', 'int64', 'uint16'])
@testing.numpy_cunp_array_equal()
def test_arange_fractional_step_to_integers(xp, args, dtype):
    """NumPy steps an integer arange by the difference of its first two values, each truncated:
    arange(1, 0, -0.5) as int8 is [1, 0], not the truncated step's [1, 1]."""
    if numpy.dtype(dtype).kind == 'u' and min(args[0], args[1]) < 0:
        dtype = 'int16'
    return xp.arange(*args, dtype=dtype)


@pytest.mark.parametrize('args', [(0.5, 1), (0, 0.5, 0.25), (-0.5, 0.5), (0.0, 2.0)], ids=str)
@testing.numpy_cunp_array_equal()
def test_arange_bool_takes_the_truth_of_its_first_two_values(xp, args):
    return xp.arange(*args, dtype=bool)


@pytest.mark.parametrize('value, error', [(numpy.zeros(0), ValueError), (numpy.ones(1), TypeError),
                                          (numpy.ones(2), ValueError)])
def test_arange_refuses_arrays_of_one_dimension(value, error):
    """NumPy 2.5 takes an array argument's truth value (one element only), then refuses to read
    a 1-D array as a number."""
    for xp in (numpy, cunp):
        if xp is numpy and numpy.lib.NumpyVersion(numpy.__version__) < '2.5.0':
            continue
        with pytest.raises(error):
            xp.arange(xp.asarray(value))


@testing.numpy_cunp_array_equal()
def test_arange_keywords(xp):
    return xp.arange(start=2, stop=11, step=3, dtype=numpy.int16)


@testing.numpy_cunp_allclose(rtol=1e-6)
def test_arange_complex(xp):
    return xp.arange(0, 4, dtype=numpy.complex64)


@pytest.mark.parametrize('args', [(0, 2), (1, -1, -1), (0, 1), (3,), (0, -3, -1)], ids=str)
@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_arange_bool(xp, args):
    return xp.arange(*args, dtype=bool)  # NumPy allows at most two booleans


@testing.numpy_cunp_allclose(accept_error=ZeroDivisionError)
def test_arange_zero_step(xp):
    return xp.arange(0, 10, 0)


@pytest.mark.parametrize('args', [
    (0, 1, 1e-93), (0, -1, 1e-93), (0, float('inf')), (0, -float('inf')), (0, 10**30),
    (0, -10**30), (0, float('nan')),
], ids=str)
def test_arange_length_errors(args):
    # Raised on the host before any device work, with NumPy's type and text.
    with pytest.raises(ValueError) as expected:
        numpy.arange(*args)
    with pytest.raises(ValueError) as got:
        cunp.arange(*args)
    assert str(got.value) == str(expected.value)


@pytest.mark.parametrize('args', [
    (-1, 1, 1, 'uint8'), (255, 258, 1, 'uint8'), (0, 600, 300, 'uint8'), (-1.5, 2, 1, 'uint8'),
    (127, 129, 1, 'int8'), (-129, 0, 1, 'int8'),
], ids=str)
def test_arange_first_values_out_of_range(args):
    # NumPy stores the first two values as Python integers; neither may overflow the dtype.
    with pytest.raises(OverflowError) as expected:
        numpy.arange(*args[:3], dtype=args[3])
    with pytest.raises(OverflowError) as got:
        cunp.arange(*args[:3], dtype=args[3])
    assert str(got.value) == str(expected.value)


@pytest.mark.parametrize('args', [(250, 260), (1, -3, -1), (1.5, -3, -1.0), (0, 300)], ids=str)
@testing.numpy_cunp_array_equal()
def test_arange_wraps_after_the_first_two(xp, args):
    return xp.arange(*args, dtype='uint8')


# -- linspace / logspace / geomspace ------------------------------------------

FLOAT_TOL = {numpy.float16: 1e-3, numpy.float32: 1e-6, numpy.complex64: 1e-6,
             'default': 1e-12}


@pytest.mark.parametrize('num', [0, 1, 2, 7, 50])
@pytest.mark.parametrize('endpoint', [True, False])
@testing.numpy_cunp_allclose(rtol=1e-12, atol=1e-15)
def test_linspace(xp, num, endpoint):
    return xp.linspace(-3.5, 11.25, num=num, endpoint=endpoint)


@testing.for_all_dtypes(no_bool=True)
@testing.numpy_cunp_allclose(rtol=FLOAT_TOL, atol=1e-6)
def test_linspace_dtype(xp, dtype):
    return xp.linspace(0, 100, num=11, dtype=dtype)


@testing.numpy_cunp_allclose(rtol=1e-12)
def test_linspace_decreasing(xp):
    return xp.linspace(5, -5, 9)


@pytest.mark.parametrize('endpoint', [True, False])
@testing.numpy_cunp_allclose(rtol=1e-12)
def test_linspace_retstep(xp, endpoint):
    # NumPy returns the step as numpy.float64, CuPy as float; both are
    # floats, so only the value is compared.
    a, step = xp.linspace(0, 1, 5, endpoint=endpoint, retstep=True)
    return a, float(step)


@pytest.mark.parametrize('axis', [0, 1, -1])
@testing.numpy_cunp_allclose(rtol=1e-12)
def test_linspace_array_endpoints(xp, axis):
    return xp.linspace([0.0, 10.0, -1.0], [1.0, 20.0, 1.0], num=4, axis=axis)


# One zero step anywhere (equal ends) switches NumPy to i / div * delta for every element, which
# rounds differently (110 * 3 / 11 floors to 29, not 30).
@pytest.mark.parametrize('dtype', [None, 'uint8', 'float32'])
@testing.numpy_cunp_array_equal()
def test_linspace_any_zero_step_rule(xp, dtype):
    stop = xp.asarray([0, 110, 55, 29], dtype='uint8')
    return xp.linspace(0, stop, 11, endpoint=False, dtype=dtype)


@testing.numpy_cunp_allclose(rtol=1e-12)
def test_geomspace_any_zero_step_rule(xp):
    return xp.geomspace(xp.asarray([1.0, 2.0]), xp.asarray([1.0, 2048.0]), 12)


@testing.numpy_cunp_allclose(rtol=1e-12)
def test_linspace_device_array_endpoints(xp):
    start = xp.asarray([0.0, 1.0])
    stop = xp.asarray([[2.0, 3.0], [4.0, 5.0]])
    return xp.linspace(start, stop, num=3, axis=-1)


@testing.numpy_cunp_allclose(rtol=1e-12)
def test_linspace_complex(xp):
    return xp.linspace(0, 1 + 2j, 5)


@testing.numpy_cunp_allclose(rtol=1e-12)
def test_linspace_single_point_is_start(xp):
    return xp.linspace(3.0, 7.0, 1)


@pytest.mark.parametrize('base', [10.0, 2.0, numpy.e])
@testing.numpy_cunp_allclose(rtol=1e-12)
def test_logspace(xp, base):
    return xp.logspace(-2, 3, num=11, base=base)


@testing.for_float_dtypes(no_float16=True)
@testing.numpy_cunp_allclose(rtol=FLOAT_TOL)
def test_logspace_dtype(xp, dtype):
    return xp.logspace(0, 4, 5, endpoint=False, dtype=dtype)


@pytest.mark.parametrize('args', [(1, 1000, 4), (-1, -1000, 4), (1000, 1, 7),
                                  (1j, 1000j, 4), (2, 2, 3), (1, 256, 9)],
                         ids=str)
@testing.numpy_cunp_allclose(rtol=1e-12)
def test_geomspace(xp, args):
    return xp.geomspace(*args)


@testing.numpy_cunp_allclose(rtol=1e-6)
def test_geomspace_dtype_endpoint(xp):
    return xp.geomspace(1, 64, 6, endpoint=False, dtype=numpy.float32)


@testing.numpy_cunp_allclose(accept_error=ValueError)
def test_geomspace_zero(xp):
    return xp.geomspace(0, 10, 3)


@pytest.mark.parametrize('func', ['linspace', 'logspace', 'geomspace'])
@testing.numpy_cunp_allclose(accept_error=ValueError)
def test_space_negative_num(xp, func):
    return getattr(xp, func)(1, 2, -1)


# -- eye / identity ---------------------------------------------------------

@pytest.mark.parametrize('N,M,k', [(0, None, 0), (1, None, 0), (4, None, 0),
                                   (3, 5, 0), (5, 3, 0), (4, 4, 1),
                                   (4, 4, -2), (3, 5, 4), (4, 4, -9),
                                   (4, 0, 0)],
                         ids=str)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_eye(xp, dtype, N, M, k):
    return xp.eye(N, M, k, dtype=dtype)


@testing.numpy_cunp_array_equal()
def test_eye_default_dtype_and_keywords(xp):
    return xp.eye(3, M=2, k=-1)


@pytest.mark.parametrize('n', [0, 1, 5])
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_identity(xp, dtype, n):
    return xp.identity(n, dtype=dtype)


# -- array / asarray ----------------------------------------------------------

NESTED = [
    5, 2.5, True, 1 + 2j, -7,
    [], [[]], [1, 2, 3], [1.0, 2, 3], [True, False], [1, 2.5, 1j],
    [[1, 2], [3, 4]], [[[1], [2]], [[3], [4]]], [True, 2], (1, 2),
    [(1, 2), (3, 4)], [numpy.float32(1), numpy.float32(2)],
    [numpy.int8(1), 2], [2**63], [-2**63], [0.5, numpy.float16(2)],
]


@pytest.mark.parametrize('obj', NESTED, ids=repr)
@testing.numpy_cunp_array_equal()
def test_array_from_python(xp, obj):
    return xp.array(obj)


NESTED_FOR_DTYPES = [5, 2.5, True, 1 + 2j, [], [[]], [1, 2, 3], [1.0, 2, 3],
                     [True, False], [1, 2.5, 1j], [[1, 2], [3, 4]]]


@pytest.mark.parametrize('obj', NESTED_FOR_DTYPES, ids=repr)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_array_from_python_with_dtype(xp, obj, dtype):
    if isinstance(obj, complex) or (isinstance(obj, list) and any(
            isinstance(v, complex) for v in obj)):
        if numpy.dtype(dtype).kind != 'c':
            return xp.zeros(0)
    return xp.array(obj, dtype=dtype)


@pytest.mark.parametrize('kind', ['C', 'F', 'strided', 'reversed', '0-d',
                                  'empty', 'broadcast'])
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_array_from_numpy(xp, dtype, kind):
    host = testing.shaped_random((4, 5), numpy, dtype, seed=3)
    host = {
        'C': host,
        'F': numpy.asfortranarray(host),
        'strided': host[::2, 1::2],
        'reversed': host[::-1, ::-2],
        '0-d': host[2, 3, ...],
        'empty': host[:, :0],
        'broadcast': numpy.broadcast_to(host[:1], (3, 4, 5)),
    }[kind]
    return xp.array(host)


@pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
@pytest.mark.parametrize('kind', ['C', 'F', 'strided'])
@testing.numpy_cunp_array_equal(strides_check=True)
def test_array_order(xp, order, kind):
    a = testing.shaped_arange((3, 4), xp, numpy.int32)
    src = {'C': a, 'F': xp.asfortranarray(a), 'strided': a[:, ::2]}[kind]
    return xp.array(src, order=order)


@pytest.mark.parametrize('order', ['C', 'F'])
@testing.numpy_cunp_array_equal(strides_check=True)
def test_array_order_from_list(xp, order):
    return xp.array([[1, 2, 3], [4, 5, 6]], order=order)


@pytest.mark.parametrize('ndmin', [0, 1, 2, 4])
@pytest.mark.parametrize('obj', [3, [1, 2], [[1, 2]]], ids=str)
@testing.numpy_cunp_array_equal()
def test_array_ndmin(xp, ndmin, obj):
    return xp.array(obj, ndmin=ndmin)


@testing.numpy_cunp_array_equal()
def test_array_ndmin_from_device_array(xp):
    return xp.array(xp.arange(3), ndmin=3)


@testing.for_all_dtypes_combination(names=('src_dtype', 'dtype'))
@testing.numpy_cunp_array_equal()
def test_array_from_device_array_with_dtype(xp, src_dtype, dtype):
    # Values 0 .. 9 are exactly representable in every dtype.
    src = testing.shaped_random((3, 4), xp, src_dtype, seed=1)
    if (numpy.dtype(src_dtype).kind == 'c'
            and numpy.dtype(dtype).kind != 'c'):
        src = src.real
    return xp.array(src, dtype=dtype)


@pytest.mark.parametrize('copy', [True, False, None])
@testing.numpy_cunp_array_equal()
def test_array_copy_semantics(xp, copy):
    # Writes through the original show whether the result shares its memory.
    a = testing.shaped_arange((4,), xp, numpy.int64)
    b = xp.array(a, copy=copy)
    a[0] = 100
    return b


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_array_copy_false_needs_copy(xp):
    a = testing.shaped_arange((4,), xp, numpy.int64)
    return xp.array(a, dtype=numpy.int32, copy=False)


def test_array_copy_default_is_independent():
    a = cunp.arange(5)
    b = cunp.array(a)
    a[1] = 42
    assert b is not a
    assert cunp.asnumpy(b).tolist() == [0, 1, 2, 3, 4]


@testing.numpy_cunp_array_equal()
def test_array_from_list_of_device_arrays(xp):
    return xp.array([xp.arange(3), xp.arange(3, 6)])


@testing.numpy_cunp_array_equal()
def test_array_from_list_of_0d_device_arrays(xp):
    a = xp.arange(4)
    return xp.array([a[1], a[3]])


def test_asarray_returns_same_device_array():
    a = cunp.arange(6, dtype=numpy.float32)
    assert cunp.asarray(a) is a
    assert cunp.asarray(a, dtype=numpy.float32) is a
    b = cunp.asarray(a, dtype=numpy.float64)
    assert b is not a and b.dtype == numpy.float64


@pytest.mark.parametrize('order', [None, 'C', 'F', 'A', 'K'])
@testing.numpy_cunp_array_equal(strides_check=True)
def test_asarray_order(xp, order):
    a = testing.shaped_arange((2, 3), xp, numpy.int16)
    return xp.asarray(a, order=order)


@testing.numpy_cunp_array_equal()
def test_asarray_shares_memory_when_possible(xp):
    a = testing.shaped_arange((3,), xp, numpy.float32)
    b = xp.asarray(a)
    b[0] = -1
    return a


@pytest.mark.parametrize('obj', [[1, 2], 3.5, [[True]], (1j, 2)], ids=str)
@testing.numpy_cunp_array_equal()
def test_asarray_from_python(xp, obj):
    return xp.asarray(obj)


@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_asarray_from_numpy_with_dtype(xp, dtype):
    host = numpy.arange(6, dtype=numpy.int64).reshape(2, 3)
    return xp.asarray(host, dtype=dtype)


@pytest.mark.parametrize('kind', ['C', 'F', 'strided', '0-d', '1-d'])
@pytest.mark.parametrize('func', ['ascontiguousarray', 'asfortranarray'])
@testing.numpy_cunp_array_equal(strides_check=True)
def test_as_contiguous(xp, func, kind):
    a = testing.shaped_arange((3, 4), xp, numpy.float64)
    src = {'C': a, 'F': xp.asfortranarray(a), 'strided': a[::-1, ::2],
           '0-d': xp.asarray(7.0), '1-d': a[1]}[kind]
    return getattr(xp, func)(src)


@pytest.mark.parametrize('func', ['ascontiguousarray', 'asfortranarray'])
@testing.numpy_cunp_array_equal()
def test_as_contiguous_dtype(xp, func):
    a = testing.shaped_arange((3, 4), xp, numpy.float64)
    return getattr(xp, func)(a, dtype=numpy.int8)


def test_ascontiguousarray_no_copy_when_contiguous():
    a = cunp.zeros((3, 4))
    assert cunp.ascontiguousarray(a) is a
    f = cunp.zeros((3, 4), order='F')
    assert cunp.asfortranarray(f) is f


@pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
@pytest.mark.parametrize('kind', ['C', 'F', 'strided'])
@testing.numpy_cunp_array_equal(strides_check=True)
def test_module_copy(xp, order, kind):
    a = testing.shaped_arange((3, 4), xp, numpy.uint16)
    src = {'C': a, 'F': xp.asfortranarray(a), 'strided': a[::2, ::-1]}[kind]
    return xp.copy(src, order=order)


@testing.numpy_cunp_array_equal()
def test_module_copy_is_independent(xp):
    a = testing.shaped_arange((3,), xp, numpy.int32)
    b = xp.copy(a)
    a[0] = 50
    return b


def test_creation_result_is_device_array_on_current_device():
    for a in (cunp.empty(3), cunp.zeros((2, 2)), cunp.arange(4),
              cunp.array([1, 2]), cunp.eye(2), cunp.linspace(0, 1, 3)):
        assert isinstance(a, cunp.ndarray)
        assert a.device.id == cunp.cuda.Device().id
        assert a.flags.owndata
        assert a.base is None
        assert isinstance(a.data.ptr, int)


# issue 37: NumPy accepts subok= for the *_like functions (a base-class array stays one); cunp,
# with no subclasses, accepts it as well.
@pytest.mark.parametrize('name', ['ones_like', 'zeros_like', 'empty_like'])
@pytest.mark.parametrize('subok', [True, False, None])
def test_like_functions_accept_subok(name, subok):
    h = numpy.arange(6, dtype='f').reshape(2, 3)
    kw = {} if subok is None else {'subok': subok}
    want = getattr(numpy, name)(h, **kw)
    got = getattr(cunp, name)(cunp.asarray(h), **kw)
    assert type(got) is cunp.ndarray and got.shape == want.shape and got.dtype == want.dtype
    if name != 'empty_like':
        numpy.testing.assert_array_equal(cunp.asnumpy(got), want)


# issue 37: complex ends give NumPy's samples to rounding (each product rounded before its
# sum; NumPy 2.5 differs in the last bit at some points), a real dtype keeps the real parts, an
# integer dtype is NumPy's TypeError.
@pytest.mark.parametrize('ends', [(1 + 1j, 2 + 3j), (0.1 - 0.7j, -3.3 + 0.2j), (1j, 1j),
                                  (2.5, 1 - 4.1j), (-2 + 0.5j, 7.25)])
@pytest.mark.parametrize('num', [0, 1, 2, 7, 50])
@pytest.mark.parametrize('endpoint', [True, False])
@pytest.mark.parametrize('dtype', [None, 'complex64', 'float64'])
def test_linspace_complex_ends(ends, num, endpoint, dtype):
    with numpy.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('ignore')
        want = numpy.linspace(*ends, num, endpoint=endpoint, dtype=dtype, retstep=True)
        got = cunp.linspace(*ends, num, endpoint=endpoint, dtype=dtype, retstep=True)
    assert got[0].dtype == want[0].dtype and got[0].shape == want[0].shape
    numpy.testing.assert_allclose(cunp.asnumpy(got[0]), want[0], rtol=1e-15, atol=1e-15)
    numpy.testing.assert_allclose(got[1], want[1], rtol=1e-15)


@pytest.mark.parametrize('dtype', ['int64', 'int8', 'uint16'])
def test_linspace_complex_ends_integer_dtype(dtype):
    with pytest.raises(TypeError):
        numpy.linspace(1 + 1j, 3, 4, dtype=dtype)
    with pytest.raises(TypeError):
        cunp.linspace(1 + 1j, 3, 4, dtype=dtype)


# A Python float stored into an integer dtype is int(value), range-checked as a Python int is.
@pytest.mark.parametrize('value', [-1.0, -128.9, 127.9, 1e19, -0.99], ids=repr)
@pytest.mark.parametrize('dtype', ['uint8', 'int8', 'uint64', 'int64', 'bool'])
@testing.numpy_cunp_array_equal(accept_error=OverflowError)
def test_python_float_stored_into_integers_like_numpy(xp, value, dtype):
    a = xp.zeros(3, dtype)
    a[1] = value
    a[...] = value
    a.fill(value)
    b = xp.asarray([value, 0.0], dtype=dtype)
    return a, b
