"""Functions that check their arguments in NumPy's order before any device work, so that the
exception type matches where two arguments are wrong: unravel_index (shape, then order=, then
the indices' dtype, then 'A'/'K'), choose (mode=, then an empty choices sequence, then the
indices' dtype), lexsort (axis converted to an int first; a 0-d array is no sequence of keys),
bincount (x cast under 'same_kind') and unique (a sequence of axes read as moveaxis
reads its source). These run without a GPU."""

import numpy
import pytest

import cunp
from error_support import error_type, same_error


@pytest.mark.parametrize('order', ['X', '', 'Ccc', 1, b'X'])
@pytest.mark.parametrize('indices', [numpy.array(0.0, numpy.float16), numpy.array([1.5]),
                                     numpy.array(0)])
def test_unravel_index_order_before_indices(indices, order):
    same_error(lambda xp: xp.unravel_index(indices, (), order=order))
    same_error(lambda xp: xp.unravel_index(indices, (2,), order=order))


@pytest.mark.gpu  # the indices' dtype is checked on the device array
@pytest.mark.parametrize('order', ['A', 'K', 'a'])
def test_unravel_index_a_and_k_after_float_indices(order):
    same_error(lambda xp: xp.unravel_index(numpy.array(0.0), (2,), order=order))


def test_unravel_index_shape_before_order():
    same_error(lambda xp: xp.unravel_index(numpy.array(0), (2.0,), order='X'))


@pytest.mark.parametrize('a', [numpy.zeros(2, numpy.complex64), numpy.zeros(2),
                               numpy.zeros(2, numpy.uint64), numpy.zeros(0, numpy.int64)])
@pytest.mark.parametrize('choices', [[], (), numpy.zeros((0, 3))])
def test_choose_empty_choices_before_index_cast(a, choices):
    same_error(lambda xp: xp.choose(a, choices))


@pytest.mark.parametrize('a', [numpy.zeros(1, numpy.complex64), numpy.zeros(1, int)])
def test_choose_mode_first(a):
    same_error(lambda xp: xp.choose(a, [], mode='bad'))
    same_error(lambda xp: xp.choose(a, [numpy.zeros(1)], mode='bad'))


@pytest.mark.parametrize('axis', [None, 1.0, 'x'])
@pytest.mark.parametrize('keys', [numpy.array(False), numpy.array([1, 2]), [numpy.array([1])],
                                  []])
def test_lexsort_axis_converted_first(keys, axis):
    same_error(lambda xp: xp.lexsort(keys, axis=axis))


@pytest.mark.parametrize('axis', [-1, 0])
def test_lexsort_0d_array_is_no_sequence(axis):
    same_error(lambda xp: xp.lexsort(numpy.array(False), axis=axis))


@pytest.mark.parametrize('x', [numpy.zeros(0), numpy.array([1.5]), numpy.zeros(0, numpy.complex64)])
def test_bincount_refuses_floats_even_empty(x):
    same_error(lambda xp: xp.bincount(x))


def test_bincount_uint64_passes_the_cast_check():
    """NumPy casts uint64 under 'same_kind': no TypeError (the counting itself needs a GPU)."""
    numpy.bincount(numpy.zeros(0, numpy.uint64))
    got = error_type(lambda: cunp.bincount(numpy.zeros(0, numpy.uint64)))
    assert got is not TypeError


@pytest.mark.parametrize('shape', [3.0, [3.0], None, True])
def test_unravel_index_shape_types(shape):
    same_error(lambda xp: xp.unravel_index(numpy.array(0), shape, order='X'))


@pytest.mark.parametrize('shape, axis', [((), (0, 1)), ((2, 3), (0, 1)), ((2, 3), (0, 0)),
                                         ((2, 3), (0,)), ((2, 3), [1]), ((2, 3), (5,))])
def test_unique_axis_sequences(shape, axis):
    """AxisError for an entry out of range, ValueError for a repeat or more than one axis,
    TypeError for a single one (NumPy then indexes a list with the tuple)."""
    same_error(lambda xp: xp.unique(numpy.zeros(shape), axis=axis))
