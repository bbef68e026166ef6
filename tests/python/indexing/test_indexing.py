"""Basic indexing: __getitem__ / __setitem__ with ints, slices, ..., None."""

import numpy
import pytest

import cunp
from cunp import testing

pytestmark = pytest.mark.gpu

E = Ellipsis
N = None

# Indices into an array of shape (4, 5, 6).
GET_INDICES = [
    0, -1, 3, -4,
    (1, 2), (1, 2, 3), (-1, -2, -3), (0, 0, 0),
    slice(None), slice(1, 3), slice(None, None, 2), slice(None, None, -1),
    slice(3, 0, -1), slice(-1, -5, -2), slice(10, 20), slice(-20, 2),
    slice(2, 2), slice(3, 1), slice(None, None, 7), slice(None, None, -7),
    (slice(None), 2), (slice(None), slice(None), -1),
    (slice(1, None, 2), slice(None, None, -2), slice(4, 0, -3)),
    E, (E,), (E, 0), (0, E), (E, slice(1, 3)), (1, E, 2), (E, -1, 2),
    N, (N,), (N, 0), (0, N), (E, N), (N, E, N), (slice(None), N, 1),
    (N, N, 1, N, slice(None, None, -1), N),
    (1, slice(None), N, E),
    (), (E, slice(None), slice(None), slice(None)),
    numpy.int64(2), (numpy.int32(1), numpy.uint8(2)),
    (0, slice(None, None, -1), E),
]


def _index_id(index):
    if isinstance(index, tuple):
        return '(' + ','.join(_index_id(i) for i in index) + ')'
    if isinstance(index, slice):
        parts = ['' if v is None else str(v)
                 for v in (index.start, index.stop, index.step)]
        return ':'.join(parts)
    if index is Ellipsis:
        return '...'
    return repr(index)


def sources(xp, dtype=numpy.float32):
    base = testing.shaped_arange((4, 5, 6), xp, dtype)
    big = testing.shaped_arange((8, 5, 12), xp, dtype)
    return {
        'C': base,
        'F': xp.asfortranarray(base),
        'strided': big[::2, :, 1::2],
        'reversed': base[::-1, ::-1, ::-1],
    }


SOURCES = ['C', 'F', 'strided', 'reversed']


@pytest.mark.parametrize('index', GET_INDICES, ids=_index_id)
@pytest.mark.parametrize('kind', SOURCES)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_getitem(xp, kind, index):
    return sources(xp)[kind][index]


@pytest.mark.parametrize('index', [1, (1, 2, 3), (slice(None, None, -2), 1),
                                   (E, N, slice(1, 4))],
                         ids=_index_id)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal(strides_check=True)
def test_getitem_dtypes(xp, dtype, index):
    return sources(xp, dtype)['strided'][index]


@pytest.mark.parametrize('index', [(), E, N, (E, N), (N, E, N)],
                         ids=_index_id)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_getitem_0d(xp, index):
    return xp.asarray(numpy.float64(3.5))[index]


@pytest.mark.parametrize('index', [0, slice(None), slice(0, 0), (E, N), -1],
                         ids=_index_id)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_getitem_empty(xp, index):
    return xp.zeros((2, 0, 3), dtype=numpy.int32)[index]


@testing.numpy_cunp_array_equal()
def test_getitem_chained(xp):
    a = sources(xp, numpy.int64)['F']
    return a[1:][::-1][:, 2][..., 1::2][None][0]


@testing.numpy_cunp_array_equal()
def test_getitem_is_a_view(xp):
    a = testing.shaped_arange((3, 4), xp, numpy.int32)
    v = a[1:, ::-2]
    v[0, 0] = -1
    return a


class Index:
    """An object that is an integer only through __index__."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


@testing.numpy_cunp_array_equal()
def test_getitem_index_protocol(xp):
    a = testing.shaped_arange((4, 5), xp, numpy.int32)
    return a[Index(2)], a[Index(-1), Index(1):Index(4):Index(2)]


@pytest.mark.parametrize('index', [4, -5, (0, 5), (0, 0, 6), (0, 0, -7)],
                         ids=_index_id)
@testing.numpy_cunp_array_equal(accept_error=IndexError)
def test_getitem_out_of_range(xp, index):
    return xp.zeros((4, 5, 6))[index]


@pytest.mark.parametrize('index', [(0, 0, 0, 0), (E, 0, 0, 0, 0), (E, E),
                                   1.0, 'a', (0, 1.5)],
                         ids=_index_id)
@testing.numpy_cunp_array_equal(accept_error=IndexError)
def test_getitem_invalid_index(xp, index):
    return xp.zeros((4, 5, 6))[index]


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_getitem_zero_step(xp):
    return xp.zeros(5)[::0]


@pytest.mark.parametrize('index', [0, -1, (0,)], ids=_index_id)
@testing.numpy_cunp_array_equal(accept_error=IndexError)
def test_getitem_0d_integer_index(xp, index):
    return xp.asarray(5.0)[index]


# -- __setitem__ --------------------------------------------------------------

SET_INDICES = [
    0, -1, (1, 2), (1, 2, 3), (-1, -1, -1), slice(1, 3),
    slice(None, None, -1), (slice(None), slice(None, None, 2)),
    (E, 0), (E, slice(4, 0, -2)), (N, 1), (1, N, E, -2), E, (),
    slice(2, 2), (slice(None), -1, slice(None, None, -3)),
]


@pytest.mark.parametrize('index', SET_INDICES, ids=_index_id)
@pytest.mark.parametrize('kind', SOURCES)
@testing.numpy_cunp_array_equal()
def test_setitem_scalar(xp, kind, index):
    a = sources(xp)[kind]
    a[index] = -3.5
    return a


@pytest.mark.parametrize('value', [7, -1, 2.75, True, numpy.int8(5),
                                   numpy.float32(0.5), numpy.bool_(False)],
                         ids=repr)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_setitem_scalar_value_types(xp, dtype, value):
    if numpy.dtype(dtype).kind == 'u' and not isinstance(value, (
            bool, numpy.bool_)) and value < 0:
        value = 1
    a = xp.zeros((3, 4), dtype=dtype)
    a[1] = value
    a[:, 2] = value
    return a


@testing.for_complex_dtypes()
@testing.numpy_cunp_array_equal()
def test_setitem_complex_value(xp, dtype):
    a = xp.zeros(4, dtype=dtype)
    a[1] = 1 - 2j
    a[2:] = numpy.complex64(3j)
    return a


@pytest.mark.parametrize('index,shape', [
    (E, (4, 5, 6)), (E, (6,)), (E, (5, 1)), (E, (1, 1, 6)), (E, ()),
    (0, (5, 6)), (0, (1, 5, 6)), (0, (1, 1, 6)), ((slice(None), 1), (4, 6)),
    ((slice(None), 1), (6,)), ((1, slice(None, None, -2)), (3, 1)),
    ((slice(1, 3), N), (2, 1, 5, 6)), ((E, 2), (4, 1)), ((slice(0, 0),), (6,)),
], ids=str)
@pytest.mark.parametrize('kind', SOURCES)
@pytest.mark.parametrize('value_kind', ['device', 'numpy', 'list'])
@testing.numpy_cunp_array_equal()
def test_setitem_array_broadcast(xp, value_kind, kind, index, shape):
    a = sources(xp, numpy.float64)[kind]
    host = testing.shaped_reverse_arange(shape, numpy, numpy.float64)
    host = host - 100
    if value_kind == 'device':
        value = xp.asarray(host)
    elif value_kind == 'numpy':
        value = host
    else:
        value = host.tolist()
        if len(shape) > numpy.ndim(a[index]):
            # NumPy refuses nested lists deeper than the target (arrays with
            # extra leading 1s are fine); cunp must do the same.
            with pytest.raises(ValueError):
                a[index] = value
            return a
    a[index] = value
    return a


@testing.numpy_cunp_array_equal()
def test_setitem_noncontiguous_device_value(xp):
    a = xp.zeros((4, 6), dtype=numpy.int32)
    v = testing.shaped_arange((6, 8), xp, numpy.int32)[::-2, 1::2].T
    a[:, ::2] = v
    a[::-1, 1::2] = testing.shaped_arange((4, 3), xp, numpy.int32, order='F')
    return a


@testing.for_all_dtypes_combination(names=('dst_dtype', 'src_dtype'))
@testing.numpy_cunp_array_equal()
def test_setitem_casts_value_dtype(xp, dst_dtype, src_dtype):
    a = xp.zeros((2, 3), dtype=dst_dtype)
    src = testing.shaped_random((3,), xp, src_dtype, seed=5)
    if (numpy.dtype(src_dtype).kind == 'c'
            and numpy.dtype(dst_dtype).kind != 'c'):
        src = src.real
    a[1] = src
    return a


@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_setitem_from_numpy_of_other_dtype(xp, dtype):
    a = xp.zeros(5, dtype=dtype)
    a[1:4] = numpy.array([1, 0, 3], dtype=numpy.int64)
    return a


@pytest.mark.parametrize('case', ['forward', 'backward', 'reverse',
                                  'transpose'])
@testing.numpy_cunp_array_equal()
def test_setitem_overlapping(xp, case):
    # The right-hand side must behave as if it were copied first.
    a = testing.shaped_arange((10,), xp, numpy.int64)
    if case == 'forward':
        a[1:] = a[:-1]
    elif case == 'backward':
        a[:-1] = a[1:]
    elif case == 'reverse':
        a[:] = a[::-1]
    else:
        b = testing.shaped_arange((4, 4), xp, numpy.int64)
        b[...] = b.T
        return b
    return a


@testing.numpy_cunp_array_equal()
def test_setitem_self(xp):
    a = testing.shaped_arange((3, 3), xp, numpy.float32)
    a[...] = a
    a[1] = a[1]
    return a


@testing.numpy_cunp_array_equal()
def test_setitem_0d(xp):
    a = xp.asarray(numpy.int16(4))
    a[()] = 9
    b = xp.asarray(numpy.float32(1))
    b[...] = xp.asarray(numpy.float32(2.5))
    return a, b


@testing.numpy_cunp_array_equal()
def test_setitem_empty_array(xp):
    a = xp.zeros((0, 3))
    a[...] = 5
    a[:] = xp.ones(3)
    return a


@pytest.mark.parametrize('index,shape', [(E, (3,)), (E, (4, 5, 2)),
                                         (0, (2, 6)), (0, (2, 5, 6)),
                                         ((slice(None), 0), (5, 6)),
                                         (slice(0, 2), (3, 5, 6))],
                         ids=str)
@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_setitem_shape_mismatch(xp, index, shape):
    a = xp.zeros((4, 5, 6))
    a[index] = xp.ones(shape)
    return a


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_setitem_list_shape_mismatch(xp):
    a = xp.zeros((2, 3))
    a[0] = [1, 2]
    return a


@pytest.mark.parametrize('index', [5, (0, 7), (0, 0, 0, 0)], ids=_index_id)
@testing.numpy_cunp_array_equal(accept_error=IndexError)
def test_setitem_bad_index(xp, index):
    a = xp.zeros((5, 7, 2))
    a[index] = 1
    return a


@pytest.mark.parametrize('dtype,value', [(numpy.int8, 300), (numpy.uint8, -1),
                                         (numpy.int16, 2**40),
                                         (numpy.uint64, -5)],
                         ids=str)
@testing.numpy_cunp_array_equal(accept_error=OverflowError)
def test_setitem_python_int_out_of_bounds(xp, dtype, value):
    # NEP 50: a Python int that does not fit the target dtype is an error.
    a = xp.zeros(3, dtype=dtype)
    a[0] = value
    return a


# -- len / iter ---------------------------------------------------------------

@pytest.mark.parametrize('shape', [(5,), (0,), (3, 4), (1, 0, 2)], ids=str)
@testing.numpy_cunp_array_equal()
def test_len(xp, shape):
    return len(xp.zeros(shape))


@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_len_0d(xp):
    return len(xp.asarray(1.0))


@pytest.mark.parametrize('kind', SOURCES)
@testing.numpy_cunp_array_equal()
def test_iter_rows(xp, kind):
    return list(sources(xp, numpy.int32)[kind])


@testing.numpy_cunp_array_equal()
def test_iter_1d_and_empty(xp):
    # numpy yields scalars from a 1-d array, cunp 0-d arrays; both compare.
    return list(testing.shaped_arange((4,), xp, numpy.int8)), list(
        xp.zeros((0, 3)))


@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_iter_0d(xp):
    return list(xp.asarray(2))


def test_iter_yields_device_views():
    a = cunp.arange(6).reshape(2, 3)
    rows = list(a)
    assert len(rows) == 2
    assert all(isinstance(r, cunp.ndarray) for r in rows)
    rows[1][0] = 42
    assert cunp.asnumpy(a).tolist() == [[0, 1, 2], [42, 4, 5]]


def test_getitem_integer_result_type():
    # CuPy returns 0-d device arrays where NumPy returns scalars; either is
    # fine, but a host-side container or Python object would not be.
    a = cunp.arange(6, dtype=numpy.int16).reshape(2, 3)
    r = a[1, 2]
    assert isinstance(r, (cunp.ndarray, numpy.generic))
    if isinstance(r, cunp.ndarray):
        assert r.shape == () and r.dtype == numpy.int16
    assert int(r) == 5
