"""Shape and view manipulation.

View results are compared with ``strides_check`` so that cunp produces the
same memory layout as NumPy, and view-ness itself is checked by writing
through the result and returning the original.
"""

import numpy
import pytest
from numpy.exceptions import AxisError

import cunp
from cunp import testing

pytestmark = pytest.mark.gpu


def layouts(xp, dtype=numpy.float32, shape=(4, 3, 2)):
    """Same logical data in several memory layouts (``shape`` has ndim>=2)."""
    base = testing.shaped_arange(shape, xp, dtype)
    big = testing.shaped_arange((shape[0] * 2,) + shape[1:], xp, dtype)
    # Swapping the first two axes is its own inverse: the result has the
    # logical shape of ``base`` but a memory order that is neither C nor F.
    perm = (1, 0) + tuple(range(2, len(shape)))
    return {
        'C': base,
        'F': xp.asfortranarray(base),
        'strided': big[::2],
        'reversed': base[::-1, ..., ::-1],
        'permuted': xp.ascontiguousarray(base.transpose(perm)).transpose(perm),
    }


LAYOUTS = ['C', 'F', 'strided', 'reversed', 'permuted']


# -- reshape ------------------------------------------------------------------

RESHAPES = [(24,), (2, 12), (4, 6), (6, -1), (-1, 4), (2, 3, 4), (4, 3, 2),
            (1, 24), (24, 1), (2, 1, 3, 1, 4), (-1,)]


@pytest.mark.parametrize('order', ['C', 'F', 'A'])
@pytest.mark.parametrize('shape', RESHAPES, ids=str)
@pytest.mark.parametrize('kind', LAYOUTS)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_reshape(xp, kind, shape, order):
    return layouts(xp)[kind].reshape(shape, order=order)


@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal(strides_check=True)
def test_reshape_dtypes(xp, dtype):
    return layouts(xp, dtype)['strided'].reshape(4, 6)


@pytest.mark.parametrize('order', ['C', 'F'])
@pytest.mark.parametrize('kind', LAYOUTS)
@testing.numpy_cunp_array_equal()
def test_reshape_view_or_copy(xp, kind, order):
    # If numpy returns a view, cunp must too (and vice versa): the write is
    # visible in the source exactly when the result shares its memory.
    a = layouts(xp, numpy.int32)[kind]
    b = a.reshape((6, 4), order=order)
    b[0, 0] = -1
    b[-1, -1] = -2
    return a


@testing.numpy_cunp_array_equal(strides_check=True)
def test_reshape_varargs_and_module_function(xp):
    a = testing.shaped_arange((3, 4), xp, numpy.int8)
    return a.reshape(2, 6), a.reshape([6, 2]), xp.reshape(a, (4, 3)), \
        xp.reshape(a, -1, order='F')


@pytest.mark.parametrize('src,dst', [((), ()), ((), (1, 1)), ((1,), ()),
                                     ((0,), (0, 5)), ((0, 3), (3, 0)),
                                     ((2, 0), (-1,)), ((1, 1, 1), (-1,)),
                                     ((5,), (5, 1, 1))],
                         ids=str)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_reshape_edge_shapes(xp, src, dst):
    return xp.zeros(src, dtype=numpy.int16).reshape(dst)


@pytest.mark.parametrize('shape', [(5, 5), (25,), (-1, -1), (7, -1),
                                   (2, -2), (-3,), (0, -1)],
                         ids=str)
@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_reshape_invalid(xp, shape):
    return testing.shaped_arange((4, 6), xp).reshape(shape)


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_reshape_empty_with_minus_one_is_ambiguous(xp):
    return xp.zeros((0, 3)).reshape(0, -1)


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_reshape_bad_order(xp):
    return xp.zeros(6).reshape((2, 3), order='X')


@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_reshape_float_shape(xp):
    return xp.zeros(6).reshape((2.0, 3))


# -- ravel ------------------------------------------------------------------

@pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
@pytest.mark.parametrize('kind', LAYOUTS)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_ravel(xp, kind, order):
    return layouts(xp)[kind].ravel(order)


@pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
@pytest.mark.parametrize('kind', LAYOUTS)
@testing.numpy_cunp_array_equal()
def test_ravel_view_or_copy(xp, kind, order):
    a = layouts(xp, numpy.int64)[kind]
    r = a.ravel(order)
    r[0] = -7
    return a


@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal(strides_check=True)
def test_ravel_dtypes_and_module_function(xp, dtype):
    a = layouts(xp, dtype)['F']
    return xp.ravel(a), xp.ravel(a, order='F'), xp.ravel(a[..., 0])


@pytest.mark.parametrize('shape', [(), (0,), (1,), (3, 0, 2)], ids=str)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_ravel_edge_shapes(xp, shape):
    return xp.ones(shape, dtype=numpy.uint8).ravel()


# -- transpose / T / mT / swapaxes / moveaxis ---------------------------------

@pytest.mark.parametrize('axes', [None, (0, 1, 2), (2, 1, 0), (1, 0, 2),
                                  (2, 0, 1), (-1, 0, -2)],
                         ids=str)
@pytest.mark.parametrize('kind', LAYOUTS)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_transpose(xp, kind, axes):
    a = layouts(xp)[kind]
    if axes is None:
        return a.transpose(), xp.transpose(a)
    return a.transpose(axes), a.transpose(*axes), xp.transpose(a, axes)


@testing.numpy_cunp_array_equal()
def test_transpose_is_a_view(xp):
    a = testing.shaped_arange((2, 3), xp, numpy.int32)
    t = a.transpose()
    t[2, 1] = 0
    return a


@pytest.mark.parametrize('axes', [(0, 0, 1), (0, 1), (0, 1, 2, 3)], ids=str)
@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_transpose_bad_axes(xp, axes):
    return xp.zeros((2, 3, 4)).transpose(axes)


@pytest.mark.parametrize('axes', [(0, 1, 3), (-4, 0, 1)], ids=str)
@testing.numpy_cunp_array_equal(accept_error=AxisError)
def test_transpose_axis_out_of_range(xp, axes):
    return xp.zeros((2, 3, 4)).transpose(axes)


@pytest.mark.parametrize('shape', [(), (4,), (2, 3), (2, 3, 4), (1, 0, 2)],
                         ids=str)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal(strides_check=True)
def test_T(xp, dtype, shape):
    return testing.shaped_arange(shape, xp, dtype).T


@pytest.mark.parametrize('shape', [(2, 3), (2, 3, 4), (5, 1, 2, 3)], ids=str)
@pytest.mark.parametrize('order', ['C', 'F'])
@testing.numpy_cunp_array_equal(strides_check=True)
def test_mT(xp, shape, order):
    return testing.shaped_arange(shape, xp, numpy.complex64, order=order).mT


@pytest.mark.parametrize('shape', [(), (3,)], ids=str)
@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_mT_needs_two_dims(xp, shape):
    return xp.zeros(shape).mT


@pytest.mark.parametrize('a1,a2', [(0, 1), (0, 2), (2, 0), (1, 1), (-1, 0),
                                   (-3, -1)],
                         ids=str)
@pytest.mark.parametrize('kind', LAYOUTS)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_swapaxes(xp, kind, a1, a2):
    a = layouts(xp)[kind]
    return a.swapaxes(a1, a2), xp.swapaxes(a, a1, a2)


@pytest.mark.parametrize('a1,a2', [(0, 3), (-4, 0)], ids=str)
@testing.numpy_cunp_array_equal(accept_error=AxisError)
def test_swapaxes_out_of_range(xp, a1, a2):
    return xp.zeros((2, 3, 4)).swapaxes(a1, a2)


@pytest.mark.parametrize('src,dst', [(0, 2), (2, 0), (-1, 0), (0, -1),
                                     ((0, 1), (2, 0)), ([0, 2], [1, 0]),
                                     ((), ()), ((0, 1, 2), (2, 0, 1))],
                         ids=str)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_moveaxis(xp, src, dst):
    return xp.moveaxis(layouts(xp)['F'], src, dst)


@pytest.mark.parametrize('src,dst', [((0, 0), (1, 2)), ((0, 1), (2, 2)),
                                     ((0, 1), (0,))],
                         ids=str)
@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_moveaxis_invalid(xp, src, dst):
    return xp.moveaxis(xp.zeros((2, 3, 4)), src, dst)


@pytest.mark.parametrize('src,dst', [(3, 0), (0, -4), ((0, 5), (1, 2))],
                         ids=str)
@testing.numpy_cunp_array_equal(accept_error=AxisError)
def test_moveaxis_out_of_range(xp, src, dst):
    return xp.moveaxis(xp.zeros((2, 3, 4)), src, dst)


# -- squeeze / expand_dims ----------------------------------------------------

@pytest.mark.parametrize('axis', [None, 0, 2, -1, (0, 2), (0, -1, 2), ()],
                         ids=str)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_squeeze(xp, axis):
    a = testing.shaped_arange((1, 3, 1, 4, 1), xp, numpy.int16)
    if axis is None:
        return a.squeeze(), xp.squeeze(a)
    return a.squeeze(axis), a.squeeze(axis=axis), xp.squeeze(a, axis)


@pytest.mark.parametrize('shape', [(), (1,), (1, 1, 1), (0, 1), (3,)],
                         ids=str)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_squeeze_edge_shapes(xp, shape):
    return xp.ones(shape, dtype=numpy.float16).squeeze()


@testing.numpy_cunp_array_equal(strides_check=True)
def test_squeeze_noncontiguous(xp):
    a = testing.shaped_arange((3, 1, 4), xp, numpy.float64)[::-1, :, ::2]
    return a.squeeze()


@pytest.mark.parametrize('axis', [1, (0, 1), -2], ids=str)
@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_squeeze_non_unit_axis(xp, axis):
    return xp.zeros((1, 3, 1)).squeeze(axis)


@pytest.mark.parametrize('axis', [3, -4, (0, 5)], ids=str)
@testing.numpy_cunp_array_equal(accept_error=AxisError)
def test_squeeze_axis_out_of_range(xp, axis):
    return xp.zeros((1, 3, 1)).squeeze(axis)


@pytest.mark.parametrize('axis', [0, 1, 2, -1, -3, (0, 1), (0, 3),
                                  (-1, -2), (1, 3, 4)],
                         ids=str)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_expand_dims(xp, axis):
    return xp.expand_dims(layouts(xp, shape=(3, 2))['strided'], axis)


@testing.numpy_cunp_array_equal(strides_check=True)
def test_expand_dims_0d(xp):
    return xp.expand_dims(xp.asarray(5.0), 0), xp.expand_dims(
        xp.asarray(5.0), (0, 1))


@pytest.mark.parametrize('axis', [3, -4, (0, 4)], ids=str)
@testing.numpy_cunp_array_equal(accept_error=AxisError)
def test_expand_dims_out_of_range(xp, axis):
    return xp.expand_dims(xp.zeros((2, 3)), axis)


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_expand_dims_repeated_axis(xp):
    return xp.expand_dims(xp.zeros((2, 3)), (1, 1))


@testing.numpy_cunp_array_equal()
def test_squeeze_and_expand_dims_are_views(xp):
    a = testing.shaped_arange((1, 3), xp, numpy.int32)
    a.squeeze()[0] = 10
    xp.expand_dims(a, 0)[0, 0, 1] = 20
    return a


# -- broadcast_to / broadcast_arrays ------------------------------------------

@pytest.mark.parametrize('src,shape', [((), (3,)), ((), ()), ((1,), (4,)),
                                       ((3,), (2, 3)), ((3, 1), (3, 4)),
                                       ((1, 3), (2, 0, 3)), ((2, 3), (2, 3)),
                                       ((3,), 3), ((1, 1), (5, 2, 3)),
                                       ((1, 3), (1, 3)), ((1,), (2, 1)), ((2, 1), (3, 2, 1))],
                         ids=str)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal(strides_check=True)
def test_broadcast_to(xp, dtype, src, shape):
    return xp.broadcast_to(testing.shaped_arange(src, xp, dtype), shape)


@pytest.mark.gpu
@pytest.mark.parametrize('src,shape', [((1, 3), (1, 3)), ((1,), (2, 1)), ((2, 1), (3, 2, 1)),
                                       ((1, 1), (1, 4))], ids=str)
def test_broadcast_to_strides_of_length_one_axes(src, shape):
    # NumPy's broadcast_to gives every axis of length 1 stride 0; layout rules that sort axes by
    # stride (empty_like's 'K' order, the FFTs' results) read them.
    a = numpy.arange(numpy.prod(src), dtype=numpy.float32).reshape(src)
    assert cunp.broadcast_to(cunp.asarray(a), shape).strides == numpy.broadcast_to(a, shape).strides


@testing.numpy_cunp_array_equal(strides_check=True)
def test_broadcast_to_noncontiguous(xp):
    a = testing.shaped_arange((3, 4), xp, numpy.int32)[:, ::-2]
    return xp.broadcast_to(a[:, None], (3, 5, 2))


@pytest.mark.parametrize('src,shape', [((3,), (4,)), ((2, 3), (3,)),
                                       ((2,), (2, 3)), ((3,), (0,))],
                         ids=str)
@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_broadcast_to_incompatible(xp, src, shape):
    return xp.broadcast_to(xp.zeros(src), shape)


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_broadcast_to_negative_shape(xp):
    return xp.broadcast_to(xp.zeros(3), (-1, 3))


@pytest.mark.parametrize('shapes', [[(3,), (2, 3)], [(2, 1), (1, 3)],
                                    [(), (4,), (2, 1)], [(5,)],
                                    [(0, 1), (1, 3)], [(1, 2, 1), (3, 1, 4)]],
                         ids=str)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_broadcast_arrays(xp, shapes):
    arrays = [testing.shaped_arange(s, xp, numpy.float64) for s in shapes]
    return list(xp.broadcast_arrays(*arrays))


@testing.numpy_cunp_array_equal()
def test_broadcast_arrays_mixed_dtypes(xp):
    a = testing.shaped_arange((3,), xp, numpy.int8)
    b = testing.shaped_arange((2, 1), xp, numpy.complex128)
    return list(xp.broadcast_arrays(a, b))


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_broadcast_arrays_incompatible(xp):
    return list(xp.broadcast_arrays(xp.zeros(3), xp.zeros((2, 2))))


# -- real / imag --------------------------------------------------------------

@pytest.mark.parametrize('kind', LAYOUTS)
@testing.for_complex_dtypes()
@testing.numpy_cunp_array_equal(strides_check=True)
def test_real_imag_of_complex(xp, dtype, kind):
    a = layouts(xp, dtype)[kind]
    return a.real, a.imag


@testing.for_complex_dtypes()
@testing.numpy_cunp_array_equal()
def test_real_imag_are_writable_views(xp, dtype):
    a = testing.shaped_arange((2, 3), xp, dtype)
    a.real[0, 1] = -5
    a.imag[1, :] = 9
    return a


@testing.for_all_dtypes(no_complex=True)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_real_imag_of_real(xp, dtype):
    a = layouts(xp, dtype)['strided']
    return a.real, a.imag


@testing.for_all_dtypes(no_complex=True)
@testing.numpy_cunp_array_equal()
def test_real_of_real_shares_memory(xp, dtype):
    a = testing.shaped_arange((4,), xp, dtype)
    a.real[1] = 0
    return a


@testing.for_complex_dtypes()
@testing.numpy_cunp_array_equal(strides_check=True)
def test_real_imag_0d(xp, dtype):
    a = xp.asarray(numpy.asarray(3 - 4j, dtype=dtype))
    return a.real, a.imag


# -- view(dtype) --------------------------------------------------------------

SAME_SIZE = [(numpy.float32, numpy.int32), (numpy.int32, numpy.float32),
             (numpy.float64, numpy.uint64), (numpy.int8, numpy.uint8),
             (numpy.bool_, numpy.int8), (numpy.float16, numpy.int16),
             (numpy.int16, numpy.float16), (numpy.complex64, numpy.float64),
             (numpy.complex128, numpy.complex128), (numpy.uint64, numpy.int64)]


def _dtype_pair_id(pair):
    return '{}->{}'.format(*(numpy.dtype(d).name for d in pair))


@pytest.mark.parametrize('pair', SAME_SIZE, ids=_dtype_pair_id)
@pytest.mark.parametrize('kind', LAYOUTS)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_view_same_itemsize(xp, pair, kind):
    src, dst = pair
    return layouts(xp, src)[kind].view(dst)


@pytest.mark.parametrize('src,dst', [(numpy.int32, numpy.int8),
                                     (numpy.int8, numpy.int32),
                                     (numpy.complex128, numpy.float64),
                                     (numpy.float64, numpy.complex128),
                                     (numpy.float32, numpy.float16),
                                     (numpy.uint8, numpy.uint64),
                                     (numpy.int16, numpy.complex64)],
                         ids=lambda d: numpy.dtype(d).name)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_view_different_itemsize(xp, src, dst):
    # The last axis holds 48 bytes, divisible by every itemsize used.
    a = testing.shaped_arange((2, 48 // numpy.dtype(src).itemsize), xp, src)
    return a.view(dst)


@testing.numpy_cunp_array_equal()
def test_view_shares_memory(xp):
    a = testing.shaped_arange((4,), xp, numpy.int32)
    v = a.view(numpy.uint8)
    v[0] = 255
    return a


@pytest.mark.parametrize('case', ['last-axis-strided', 'not-divisible', '0-d'])
@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_view_invalid(xp, case):
    if case == 'last-axis-strided':
        return testing.shaped_arange((2, 8), xp, numpy.int32)[:, ::2].view(
            numpy.int8)
    if case == 'not-divisible':
        return testing.shaped_arange((3,), xp, numpy.int8).view(numpy.int16)
    return xp.asarray(numpy.int32(5)).view(numpy.int8)


@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_view_unknown_dtype(xp):
    return xp.zeros(4).view('float33')


@testing.numpy_cunp_array_equal(strides_check=True)
def test_view_same_dtype(xp):
    return layouts(xp, numpy.int16)['reversed'].view(numpy.int16)


# -- base / views metadata ----------------------------------------------------

def test_view_base_is_owner():
    a = cunp.arange(12)
    assert a.base is None
    for v in (a[2:], a.reshape(3, 4), a.view(numpy.uint64), a[::-1], a.T,
              a[None], a[...]):
        assert v.base is a
        assert not v.flags.owndata


def test_view_data_ptr_offsets():
    a = cunp.arange(10, dtype=numpy.int32)
    assert a[3:].data.ptr == a.data.ptr + 12
    assert a[::-1].data.ptr == a.data.ptr + 9 * 4
    b = cunp.zeros((3, 4), dtype=numpy.float64)
    assert b[1, 2:].data.ptr == b.data.ptr + (4 + 2) * 8
    assert b.T.data.ptr == b.data.ptr
    c = cunp.zeros(3, dtype=numpy.complex64)
    assert c.imag.data.ptr == c.data.ptr + 4


# -- copies of row slabs and into a padded interior --------------------------------------------

@pytest.mark.parametrize('key', [
    (slice(None), slice(10, 900)), (slice(None, None, 3),), (slice(5, 60), slice(None)),
    (slice(None), slice(None, None, -1)), (slice(None), slice(0, 100)),  # reversed, narrow rows
], ids=str)
@testing.for_dtypes(['b', 'f', 'd', 'D'])
@testing.numpy_cunp_array_equal()
def test_copy_of_row_slabs(xp, dtype, key):
    a = testing.shaped_arange((64, 1000), xp, dtype)
    return a[key].copy()


@testing.numpy_cunp_array_equal()
def test_copy_of_a_3d_slab(xp):
    a = testing.shaped_arange((4, 50, 300), xp, numpy.float32)
    return xp.ascontiguousarray(a[:, 5:40, :]), a[1:3, :, 20:280].copy()


@pytest.mark.parametrize('dtype', ['f', 'd'])
@testing.numpy_cunp_array_equal()
def test_assign_into_a_padded_interior(xp, dtype):
    a = testing.shaped_random((64, 1000), xp, dtype, seed=1)
    b = xp.zeros((70, 1100), dtype)
    b[3:67, 50:1050] = a
    c = xp.zeros((4, 70, 1100), dtype)
    c[1:3, 3:67, 50:1050] = a  # broadcast over the outer axis
    return b, c


# A single integer axis of a 0-d array is read as if it had one dimension: 0 and -1 squeeze
# nothing; other integers and any tuple are out of bounds.
@pytest.mark.parametrize('axis', [0, -1, numpy.int64(0)], ids=repr)
@testing.numpy_cunp_array_equal(strides_check=True)
def test_squeeze_0d_integer_axis(xp, axis):
    a = xp.asarray(2.5)
    return a.squeeze(axis=axis), xp.squeeze(a, axis)


@pytest.mark.parametrize('axis', [1, -2, (0,), (-1,), (0, -1)], ids=repr)
@testing.numpy_cunp_raises(accept_error=AxisError)
def test_squeeze_0d_axis_out_of_bounds(xp, axis):
    xp.asarray(2.5).squeeze(axis=axis)
