"""astype, copy and fill."""

import warnings

import numpy
import pytest

import cunp
from cunp import testing

pytestmark = pytest.mark.gpu


def _representable_source(xp, src, dst, shape=(3, 5), seed=0):
    """Data whose conversion src -> dst is defined in C (no UB) everywhere.

    Values are drawn in [0, 10) so they fit every integer type; signed
    targets also see negative values when the source can hold them.
    Complex sources going to real targets keep their imaginary part, which
    the cast must drop.
    """
    a = testing.shaped_random(shape, numpy, src, seed=seed)
    src_kind = numpy.dtype(src).kind
    dst_kind = numpy.dtype(dst).kind
    if src_kind in 'ifc' and dst_kind in 'ifc':
        a = a - numpy.asarray(4, dtype=src)
    return xp.asarray(a)


@testing.for_all_dtypes_combination(names=('src', 'dst'))
@testing.numpy_cunp_array_equal()
def test_astype_all_pairs(xp, src, dst):
    a = _representable_source(xp, src, dst)
    with warnings.catch_warnings():
        # complex -> real warns in NumPy (ComplexWarning); cunp need not.
        warnings.simplefilter('ignore')
        return a.astype(dst)


@testing.for_all_dtypes_combination(names=('src', 'dst'))
@testing.numpy_cunp_array_equal()
def test_astype_all_pairs_noncontiguous(xp, src, dst):
    a = _representable_source(xp, src, dst, shape=(6, 8), seed=2)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        return a[::-2, 1::3].astype(dst)


@pytest.mark.parametrize('value', [0.0, -0.0, 0.99, -0.99, 1.5, -1.5, 2.5,
                                   126.9, -127.9])
@testing.for_signed_dtypes()
@testing.numpy_cunp_array_equal()
def test_astype_float_to_int_truncates(xp, dtype, value):
    return xp.asarray(numpy.array([value, value], dtype=numpy.float64)
                      ).astype(dtype)


@testing.for_all_dtypes(no_bool=True)
@testing.numpy_cunp_array_equal()
def test_astype_to_bool(xp, dtype):
    a = xp.asarray(numpy.array([0, 1, 2, 0, 100], dtype=numpy.int64)
                   ).astype(dtype)
    return a.astype(numpy.bool_)


@testing.for_float_dtypes()
@testing.numpy_cunp_array_equal()
def test_astype_special_floats(xp, dtype):
    # NaN, infinities and signed zeros must survive float <-> float casts
    # and become True in bool; -0.0 becomes False.
    host = numpy.array([numpy.nan, numpy.inf, -numpy.inf, -0.0, 0.0, 1e-8,
                        65504.0, 1e5], dtype=numpy.float64)
    a = xp.asarray(host.astype(dtype))
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')  # float64 -> float16 overflow warning
        return (a.astype(numpy.float16), a.astype(numpy.float32),
                a.astype(numpy.float64), a.astype(numpy.complex64),
                a.astype(numpy.bool_))


@testing.numpy_cunp_array_equal()
def test_astype_int_wraparound(xp):
    # Integer -> narrower integer keeps the low bits (two's complement).
    a = xp.asarray(numpy.array([255, 256, -1, 2**31 - 1, -2**31, 2**40 + 3],
                               dtype=numpy.int64))
    return (a.astype(numpy.int8), a.astype(numpy.uint8),
            a.astype(numpy.int16), a.astype(numpy.uint32),
            a.astype(numpy.uint64))


@testing.numpy_cunp_array_equal()
def test_astype_uint64_extremes(xp):
    a = xp.asarray(numpy.array([0, 2**63, 2**64 - 1], dtype=numpy.uint64))
    return a.astype(numpy.float64), a.astype(numpy.float32), a.astype(
        numpy.int64)


@pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
@pytest.mark.parametrize('kind', ['C', 'F', 'strided', 'reversed',
                                  'permuted'])
@testing.numpy_cunp_array_equal(strides_check=True)
def test_astype_order(xp, order, kind):
    a = testing.shaped_arange((4, 3, 2), xp, numpy.int32)
    src = {
        'C': a,
        'F': xp.asfortranarray(a),
        'strided': testing.shaped_arange((8, 3, 2), xp, numpy.int32)[::2],
        'reversed': a[::-1, :, ::-1],
        'permuted': xp.ascontiguousarray(a.transpose(1, 0, 2)).transpose(
            1, 0, 2),
    }[kind]
    return src.astype(numpy.float64, order=order)


@pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
@pytest.mark.parametrize('kind', ['C', 'F', 'strided'])
@testing.numpy_cunp_array_equal()
def test_astype_copy_false(xp, order, kind):
    a = testing.shaped_arange((3, 4), xp, numpy.float32)
    src = {'C': a, 'F': xp.asfortranarray(a), 'strided': a[:, ::2]}[kind]
    same = src.astype(numpy.float32, order=order, copy=False)
    # True exactly where no copy was needed for the requested order.
    return same is src, src.astype(numpy.float32, copy=True) is src


@testing.numpy_cunp_array_equal()
def test_astype_copy_false_other_dtype_copies(xp):
    a = testing.shaped_arange((3,), xp, numpy.float32)
    b = a.astype(numpy.float64, copy=False)
    a[0] = 100
    return b


@testing.numpy_cunp_array_equal()
def test_astype_copy_is_independent(xp):
    a = testing.shaped_arange((3,), xp, numpy.int32)
    b = a.astype(numpy.int32)
    b[0] = 9
    return a, b


@pytest.mark.parametrize('src,dst,casting', [
    (numpy.float64, numpy.float32, 'safe'),
    (numpy.int64, numpy.int32, 'same_kind'),
    (numpy.float64, numpy.int64, 'same_kind'),
    (numpy.complex64, numpy.float64, 'same_kind'),
    (numpy.int32, numpy.float32, 'safe'),
    (numpy.int32, numpy.int32, 'no'),
    (numpy.uint8, numpy.int8, 'safe'),
    (numpy.int16, numpy.uint16, 'same_kind'),
    (numpy.int32, numpy.int64, 'no'),
    (numpy.int32, numpy.int64, 'equiv'),
    (numpy.bool_, numpy.int8, 'no'),
], ids=str)
@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_astype_casting(xp, src, dst, casting):
    a = testing.shaped_arange((2, 2), xp, src)
    return a.astype(dst, casting=casting)


@pytest.mark.parametrize('src,dst,casting', [
    (numpy.float32, numpy.float64, 'safe'),
    (numpy.int8, numpy.int64, 'safe'),
    (numpy.int64, numpy.float64, 'same_kind'),
    (numpy.int64, numpy.int8, 'same_kind'),
    (numpy.uint8, numpy.int16, 'safe'),
    (numpy.float64, numpy.float64, 'no'),
    (numpy.float64, numpy.bool_, 'unsafe'),
    (numpy.bool_, numpy.float16, 'safe'),
], ids=str)
@testing.numpy_cunp_array_equal()
def test_astype_casting_allowed(xp, src, dst, casting):
    a = testing.shaped_arange((2, 2), xp, src)
    return a.astype(dst, casting=casting)


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_astype_bad_casting_name(xp):
    return xp.zeros(3).astype(numpy.int32, casting='bogus')


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_astype_bad_order(xp):
    return xp.zeros(3).astype(numpy.int32, order='X')


@pytest.mark.parametrize('dtype', ['float33', 'intx', 'not a dtype'])
@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_astype_unknown_dtype(xp, dtype):
    return xp.zeros(3).astype(dtype)


@pytest.mark.parametrize('spelling', ['f4', 'float32', numpy.float32,
                                      numpy.dtype('<f4'), float, int, bool,
                                      complex],
                         ids=lambda d: getattr(d, '__name__', str(d)))
@testing.numpy_cunp_array_equal()
def test_astype_dtype_spellings(xp, spelling):
    return testing.shaped_arange((3,), xp, numpy.int16).astype(spelling)


@pytest.mark.parametrize('shape', [(), (0,), (1, 0, 3), (1,)], ids=str)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal(strides_check=True)
def test_astype_edge_shapes(xp, dtype, shape):
    return testing.shaped_arange(shape, xp, numpy.int8).astype(dtype)


# -- copy -------------------------------------------------------------------

@pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
@pytest.mark.parametrize('kind', ['C', 'F', 'strided', 'reversed',
                                  'broadcast', '0-d', 'empty'])
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal(strides_check=True)
def test_copy_method(xp, dtype, kind, order):
    a = testing.shaped_random((4, 5), xp, dtype, seed=7)
    src = {
        'C': a,
        'F': xp.asfortranarray(a),
        'strided': a[::2, 1::2],
        'reversed': a[::-1, ::-2],
        'broadcast': xp.broadcast_to(a[1], (3, 5)),
        '0-d': a[2, 3, ...],
        'empty': a[:, 2:2],
    }[kind]
    return src.copy(order=order)


@testing.numpy_cunp_array_equal()
def test_copy_method_default_order_is_C(xp):
    a = xp.asfortranarray(testing.shaped_arange((3, 4), xp))
    c = a.copy()
    return c.flags.c_contiguous, c.flags.f_contiguous, c.strides


def test_copy_is_new_owner():
    a = cunp.arange(6).reshape(2, 3)
    for c in (a.copy(), a.T.copy(), a[:, ::2].copy(), cunp.copy(a)):
        assert c.base is None
        assert c.flags.owndata
        assert c.data.ptr != a.data.ptr
    c = a.copy()
    c[0, 0] = 77
    assert cunp.asnumpy(a)[0, 0] == 0


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_copy_bad_order(xp):
    return xp.zeros(3).copy(order='Q')


# -- fill -------------------------------------------------------------------

@pytest.mark.parametrize('value', [0, 1, 7, True, False, 2.5,
                                   numpy.float32(-0.5), numpy.int8(3),
                                   numpy.uint8(100), numpy.bool_(True)],
                         ids=repr)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_fill(xp, dtype, value):
    a = xp.empty((3, 4), dtype=dtype)
    with warnings.catch_warnings():
        # numpy scalars are cast unsafely (e.g. -0.5 to uint8) with a
        # RuntimeWarning in NumPy; cunp need not warn.
        warnings.simplefilter('ignore')
        if (numpy.dtype(dtype).kind == 'u'
                and isinstance(value, numpy.floating) and value < 0):
            value = numpy.float32(0.5)
        a.fill(value)
    return a


@testing.for_complex_dtypes()
@testing.numpy_cunp_array_equal()
def test_fill_complex(xp, dtype):
    a = xp.zeros((2, 2), dtype=dtype)
    a.fill(1.5 - 2j)
    return a


@testing.for_float_dtypes()
@testing.numpy_cunp_array_equal()
def test_fill_special_floats(xp, dtype):
    out = []
    for value in (float('nan'), float('inf'), -float('inf'), -0.0):
        a = xp.zeros(3, dtype=dtype)
        a.fill(value)
        out.append(a)
    return out


@pytest.mark.parametrize('kind', ['strided', 'reversed', 'F', 'transposed',
                                  '0-d', 'empty'])
@testing.numpy_cunp_array_equal()
def test_fill_view_writes_only_the_view(xp, kind):
    a = testing.shaped_arange((4, 6), xp, numpy.int32)
    view = {
        'strided': a[::2, 1::3],
        'reversed': a[::-1, ::-2],
        'F': a[:, :3].T,
        'transposed': a.T[1:3],
        '0-d': a[1, 1, ...],
        'empty': a[:0],
    }[kind]
    view.fill(-9)
    return a


@testing.numpy_cunp_array_equal()
def test_fill_device_0d_array_value(xp):
    a = xp.zeros(3, dtype=numpy.float32)
    a.fill(xp.asarray(numpy.float32(4.5)))
    return a


@pytest.mark.parametrize('dtype,value', [(numpy.int8, 300),
                                         (numpy.uint8, -1),
                                         (numpy.uint32, 2**33)],
                         ids=str)
@testing.numpy_cunp_array_equal(accept_error=OverflowError)
def test_fill_python_int_out_of_bounds(xp, dtype, value):
    a = xp.zeros(3, dtype=dtype)
    a.fill(value)
    return a


@testing.numpy_cunp_array_equal(accept_error=(TypeError, ValueError))
def test_fill_non_numeric(xp):
    a = xp.zeros(3)
    a.fill('abc')
    return a
