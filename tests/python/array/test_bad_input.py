"""Invalid arguments must raise NumPy's exception types.

Where both libraries accept the input the comparison decorators check that
cunp raises the same exception type as NumPy (or a subclass of it).  Inputs
that NumPy accepts but cunp cannot represent on the device (strings,
objects, datetimes) are tested on cunp alone.
"""

import numpy
import pytest
from numpy.exceptions import AxisError

import cunp
from cunp import testing

pytestmark = pytest.mark.gpu

CREATORS = ['empty', 'zeros', 'ones']


# -- shapes -------------------------------------------------------------------

@pytest.mark.parametrize('shape', [-1, (2, -1), (-3, 0), [4, -2]], ids=str)
@pytest.mark.parametrize('func', CREATORS + ['full'])
@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_negative_dimension(xp, func, shape):
    if func == 'full':
        return xp.full(shape, 1.0)
    return getattr(xp, func)(shape)


@pytest.mark.parametrize('shape', [2.0, (2, 3.5), 'abc', (2, 'a'),
                                   [2, [3]], None],
                         ids=repr)
@pytest.mark.parametrize('func', CREATORS)
@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_non_integer_shape(xp, func, shape):
    return getattr(xp, func)(shape)


@pytest.mark.parametrize('func', ['empty_like', 'zeros_like', 'ones_like'])
@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_like_negative_shape(xp, func):
    return getattr(xp, func)(xp.zeros(3), shape=(-1, 2))


def test_too_big_shape():
    # NumPy says ValueError; running out of device memory first is also a
    # correct answer for a device library.
    for shape in [(2**40, 2**40), (2**62, 4), 2**63]:
        with pytest.raises((ValueError, MemoryError)):
            cunp.empty(shape, dtype=numpy.float64)


# -- dtypes -------------------------------------------------------------------

@pytest.mark.parametrize('dtype', ['float33', 'i3', 'not-a-type', 3, 'q8'],
                         ids=repr)
@pytest.mark.parametrize('func', CREATORS + ['arange', 'array'])
@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_unknown_dtype(xp, func, dtype):
    if func == 'arange':
        return xp.arange(3, dtype=dtype)
    if func == 'array':
        return xp.array([1, 2], dtype=dtype)
    return getattr(xp, func)(3, dtype=dtype)


@pytest.mark.parametrize('dtype', [object, str, 'U5', 'S3', 'datetime64[s]',
                                   'timedelta64[ms]', 'V8', numpy.longdouble
                                   if numpy.dtype(numpy.longdouble).itemsize
                                   > 8 else 'O'],
                         ids=str)
@pytest.mark.parametrize('func', ['zeros', 'array', 'astype'])
def test_unsupported_dtype(func, dtype):
    # Known to NumPy but not representable by cunp: refuse, don't guess.
    with pytest.raises((TypeError, ValueError)):
        if func == 'zeros':
            cunp.zeros(3, dtype=dtype)
        elif func == 'array':
            cunp.array([1, 2], dtype=dtype)
        else:
            cunp.arange(3).astype(dtype)


@pytest.mark.parametrize('obj', [
    {'a': 1}, ['a', 'b'], 'abc', b'bytes', [1, 'x'], None, object(),
    [object()], numpy.array(['a', 'b']), numpy.array([1, None], dtype=object),
    numpy.array(['2020-01-01'], dtype='datetime64[D]'), (x for x in range(3)),
    {1, 2},
], ids=lambda o: type(o).__name__)
@pytest.mark.parametrize('func', ['asarray', 'array'])
def test_non_numeric_objects(func, obj):
    with pytest.raises((TypeError, ValueError)):
        getattr(cunp, func)(obj)


@pytest.mark.parametrize('obj', [[[1, 2], [3]], [1, [2, 3]], [[1], [[2]]]],
                         ids=str)
@pytest.mark.parametrize('func', ['asarray', 'array'])
@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_ragged_sequences(xp, func, obj):
    return getattr(xp, func)(obj)


def test_python_int_too_large():
    for obj in ([2**64], 2**70, [-2**63 - 1], [1, 2**64]):
        with pytest.raises((OverflowError, TypeError, ValueError)):
            cunp.asarray(obj)


@pytest.mark.parametrize('value,dtype', [(300, numpy.int8), (-1, numpy.uint8),
                                         (2**64, numpy.uint64),
                                         ([1, 256], numpy.uint8)],
                         ids=str)
@testing.numpy_cunp_array_equal(accept_error=OverflowError)
def test_python_int_out_of_bounds_for_dtype(xp, value, dtype):
    return xp.array(value, dtype=dtype)


@testing.numpy_cunp_array_equal(accept_error=OverflowError)
def test_full_python_int_out_of_bounds(xp):
    return xp.full(3, 2**40, dtype=numpy.int8)


def test_full_string_value():
    with pytest.raises((TypeError, ValueError)):
        cunp.full(3, 'abc', dtype=numpy.float64)


# -- orders -------------------------------------------------------------------

@pytest.mark.parametrize('call', [
    lambda xp: xp.zeros(3, order='Z'),
    lambda xp: xp.empty((2, 2), order='Q'),
    lambda xp: xp.array([1, 2], order='Q'),
    lambda xp: xp.asarray([1, 2], order='Q'),
    lambda xp: xp.zeros((2, 3)).copy(order='Q'),
    lambda xp: xp.ravel(xp.zeros(3), order='Q'),
    lambda xp: xp.zeros((2, 3)).astype(numpy.int8, order='Q'),
    lambda xp: xp.zeros(6).reshape(2, 3, order='Q'),
], ids=['zeros', 'empty', 'array', 'asarray', 'copy', 'ravel', 'astype',
        'reshape'])
@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_bad_order(xp, call):
    return call(xp)


# -- ranges ---------------------------------------------------------------

@pytest.mark.parametrize('call', [
    lambda xp: xp.arange(),
    lambda xp: xp.linspace(0, 1, 2.5),
    lambda xp: xp.eye(2.5),
    lambda xp: xp.eye(3, k=1.5),
    lambda xp: xp.identity('3'),
], ids=['arange-no-args', 'linspace-float-num', 'eye-float-n',
        'eye-float-k', 'identity-str'])
@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_range_type_errors(xp, call):
    return call(xp)


@pytest.mark.parametrize('call', [
    lambda xp: xp.eye(-1),
    lambda xp: xp.identity(-2),
    lambda xp: xp.eye(2, -3),
    lambda xp: xp.linspace(0, 1, -5),
], ids=['eye', 'identity', 'eye-M', 'linspace'])
@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_range_value_errors(xp, call):
    return call(xp)


@testing.numpy_cunp_array_equal(accept_error=AxisError)
def test_linspace_axis_out_of_range(xp):
    return xp.linspace(0, 1, 5, axis=2)


# -- axes ---------------------------------------------------------------------

@pytest.mark.parametrize('call', [
    lambda xp, a: a.swapaxes(0, 3),
    lambda xp, a: xp.swapaxes(a, -4, 0),
    lambda xp, a: a.transpose(0, 1, 3),
    lambda xp, a: xp.transpose(a, (0, 1, -4)),
    lambda xp, a: xp.moveaxis(a, 3, 0),
    lambda xp, a: xp.moveaxis(a, 0, -4),
    lambda xp, a: a.squeeze(3),
    lambda xp, a: xp.squeeze(a, -4),
    lambda xp, a: xp.expand_dims(a, 4),
    lambda xp, a: xp.expand_dims(a, -5),
    lambda xp, a: xp.linspace(a[0, 0], a[0, 0], 3, axis=-4),
], ids=['swapaxes', 'swapaxes-neg', 'transpose', 'transpose-neg',
        'moveaxis-src', 'moveaxis-dst', 'squeeze', 'squeeze-neg',
        'expand_dims', 'expand_dims-neg', 'linspace'])
def test_axis_out_of_range(call):
    @testing.numpy_cunp_array_equal(accept_error=AxisError)
    def check(xp):
        return call(xp, xp.zeros((1, 2, 1)))
    check()


def test_axis_error_is_value_and_index_error():
    # Code catching either base class must catch cunp's axis errors.
    a = cunp.zeros((2, 3))
    for exc in (ValueError, IndexError, AxisError):
        with pytest.raises(exc):
            a.swapaxes(0, 5)


@pytest.mark.parametrize('call', [
    lambda xp, a: a.transpose('a'),
    lambda xp, a: a.swapaxes(0.5, 1),
    lambda xp, a: a.squeeze(axis=1.0),
    lambda xp, a: xp.expand_dims(a, 1.5),
    lambda xp, a: xp.transpose(a, (0, 1.0, 2)),
    lambda xp, a: a.reshape('a'),
    lambda xp, a: a.reshape(2, 1.0),
], ids=['transpose-str', 'swapaxes-float', 'squeeze-float',
        'expand_dims-float', 'transpose-float', 'reshape-str',
        'reshape-float'])
def test_axis_type_errors(call):
    @testing.numpy_cunp_array_equal(accept_error=TypeError)
    def check(xp):
        return call(xp, xp.zeros((1, 2, 1)))
    check()


# -- indexing -------------------------------------------------------------

@pytest.mark.parametrize('index', [(Ellipsis, Ellipsis),
                                   (None, Ellipsis, None, Ellipsis),
                                   (0, 0, 0, 0), 3, -4, (0, 5)],
                         ids=str)
@testing.numpy_cunp_array_equal(accept_error=IndexError)
def test_bad_basic_index(xp, index):
    return xp.zeros((3, 4, 5))[index]


@pytest.mark.parametrize('index', [1.0, '1', b'x', 1j, slice(0.5, 2),
                                   (0, 1.5), object()],
                         ids=lambda i: type(i).__name__)
@testing.numpy_cunp_array_equal(accept_error=(IndexError, TypeError))
def test_non_integer_index(xp, index):
    return xp.zeros((3, 4))[index]


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_setitem_string_into_int(xp):
    a = xp.zeros(3, dtype=numpy.int64)
    a[0] = 'abc'
    return a


def test_setitem_non_numeric_values():
    a = cunp.zeros(3)
    for value in (['a', 'b', 'c'], {'x': 1}, object(), [1, 'x', 3]):
        with pytest.raises((TypeError, ValueError)):
            a[...] = value


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_setitem_broadcast_error(xp):
    a = xp.zeros((2, 3))
    a[...] = xp.ones((3, 2))
    return a


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_full_fill_value_not_broadcastable(xp):
    return xp.full((2, 2), [1, 2, 3])


# -- conversions ----------------------------------------------------------

@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_item_of_empty(xp):
    return xp.zeros((0, 3)).item()


@pytest.mark.parametrize('func', [int, float, complex])
@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_scalar_of_multi_element(xp, func):
    return func(xp.ones(2))


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_bool_of_multi_element(xp):
    return bool(xp.ones(2))


@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_len_of_0d(xp):
    return len(xp.asarray(3))


@pytest.mark.parametrize('call', [
    lambda xp: xp.zeros((2, 3), dtype=numpy.int32)[:, ::2].view(numpy.int8),
    lambda xp: xp.zeros(3, dtype=numpy.int8).view(numpy.int16),
    lambda xp: xp.asarray(numpy.int32(1)).view(numpy.int16),
], ids=['strided-last-axis', 'size-not-divisible', '0-d'])
@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_view_errors(xp, call):
    return call(xp)
