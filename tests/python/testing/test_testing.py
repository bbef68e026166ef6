"""Self-tests of cunp.testing: the comparison must catch what it claims to.

Most bodies return NumPy scalars or Python objects, so these run without a
GPU; the checks that need real device arrays are marked ``gpu``.
"""

import inspect

import numpy
import pytest
from numpy.exceptions import AxisError

import cunp
from cunp import testing


def both(np_value, cp_value):
    """A test body returning different values on the two sides."""
    def body(xp):
        return np_value if xp is numpy else cp_value
    return body


def raising(np_error, cp_error):
    def body(xp):
        error = np_error if xp is numpy else cp_error
        if error is not None:
            raise error('boom from {}'.format(xp.__name__))
        return 1
    return body


# -- calling convention -------------------------------------------------------

def test_body_runs_with_numpy_then_cunp():
    seen = []

    @testing.numpy_cunp_array_equal()
    def body(xp):
        seen.append(xp)
        return 1
    body()
    assert seen == [numpy, cunp]


def test_xp_is_hidden_from_signature():
    @testing.numpy_cunp_allclose()
    def body(self, xp, dtype, order='C'):
        return 1
    assert list(inspect.signature(body).parameters) == ['self', 'dtype',
                                                        'order']


def test_custom_name():
    @testing.numpy_cunp_array_equal(name='mod')
    def body(mod):
        return mod.__name__ == 'numpy'
    with pytest.raises(AssertionError):
        body()


def test_missing_xp_argument_is_a_definition_error():
    with pytest.raises(TypeError):
        @testing.numpy_cunp_array_equal()
        def body(dtype):
            return 1


class TestInClass:
    @testing.for_dtypes([numpy.int8, numpy.float32])
    @testing.numpy_cunp_array_equal()
    def test_method(self, xp, dtype):
        return numpy.dtype(dtype).itemsize

    @testing.numpy_cunp_allclose()
    def test_method_plain(self, xp):
        return [1.0, 2.0]


# -- value comparison ---------------------------------------------------------

def test_equal_values_pass():
    testing.numpy_cunp_array_equal()(both(numpy.float64(1.5),
                                          numpy.float64(1.5)))()
    testing.numpy_cunp_array_equal()(both([1, (2, 3.0)], [1, (2, 3.0)]))()
    testing.numpy_cunp_array_equal()(both('text', 'text'))()
    testing.numpy_cunp_array_equal()(both(numpy.dtype('f4'),
                                          numpy.dtype('f4')))()


@pytest.mark.parametrize('np_value,cp_value', [
    (numpy.float64(1.0), numpy.float64(2.0)),
    ([1, 2], [1, 3]),
    ([1, 2], [1, 2, 3]),
    ((1, (2, 3)), (1, (2, 4))),
    ('array([1])', 'array([2])'),
    (numpy.dtype('f4'), numpy.dtype('f8')),
    ({'a': 1}, {'b': 1}),
    (numpy.float64(numpy.nan), numpy.float64(0.0)),
], ids=['scalar', 'list', 'length', 'nested', 'string', 'dtype', 'dict',
        'nan'])
def test_different_values_fail(np_value, cp_value):
    with pytest.raises(AssertionError):
        testing.numpy_cunp_array_equal()(both(np_value, cp_value))()
    with pytest.raises(AssertionError):
        testing.numpy_cunp_allclose()(both(np_value, cp_value))()


def test_nan_equals_nan():
    nan = numpy.float32(numpy.nan)
    testing.numpy_cunp_array_equal()(both(nan, nan))()
    testing.numpy_cunp_allclose()(both(nan, nan))()


def test_tolerances():
    body = both(numpy.float64(1.0), numpy.float64(1.0 + 1e-9))
    testing.numpy_cunp_allclose()(body)()
    with pytest.raises(AssertionError):
        testing.numpy_cunp_allclose(rtol=1e-12)(body)()
    with pytest.raises(AssertionError):
        testing.numpy_cunp_array_equal()(body)()
    testing.numpy_cunp_allclose(rtol=0, atol=1e-8)(body)()


def test_tolerance_per_dtype():
    rtol = {numpy.float16: 1e-2, 'default': 1e-12}
    testing.numpy_cunp_allclose(rtol=rtol)(
        both(numpy.float16(1.0), numpy.float16(1.001)))()
    with pytest.raises(AssertionError):
        testing.numpy_cunp_allclose(rtol=rtol)(
            both(numpy.float64(1.0), numpy.float64(1.001)))()


def test_integers_compared_exactly_by_allclose():
    with pytest.raises(AssertionError):
        testing.numpy_cunp_allclose(atol=10)(
            both(numpy.int64(1), numpy.int64(2)))()
    testing.numpy_cunp_allclose()(both(numpy.bool_(True), numpy.bool_(True)))()


# -- type checks -------------------------------------------------------------

@pytest.mark.parametrize('np_value,cp_value', [
    (numpy.float32(1), numpy.float64(1)),
    (numpy.int64(1), numpy.int32(1)),
    (1, 1.0),
    (1, True),
    (1.0, numpy.float64(1.0)),
    ([1, 2], [1, 2.0]),
], ids=['f32-f64', 'i64-i32', 'int-float', 'int-bool', 'float-npfloat',
        'in-list'])
def test_type_mismatch(np_value, cp_value):
    with pytest.raises(AssertionError):
        testing.numpy_cunp_array_equal()(both(np_value, cp_value))()
    testing.numpy_cunp_array_equal(type_check=False)(
        both(np_value, cp_value))()


def test_host_array_from_cunp_side_is_rejected():
    # NumPy gives an ndarray; a cunp function returning host data is a bug.
    if cunp.ndarray is numpy.ndarray:
        pytest.skip('cunp.ndarray is numpy.ndarray here')
    with pytest.raises(AssertionError, match='cunp.ndarray'):
        testing.numpy_cunp_array_equal()(
            both(numpy.arange(3), numpy.arange(3)))()


def test_returning_none_is_an_error():
    with pytest.raises(AssertionError, match='None'):
        testing.numpy_cunp_array_equal()(both(None, None))()


# -- exceptions --------------------------------------------------------------

def test_one_sided_error_shows_traceback():
    with pytest.raises(AssertionError) as info:
        testing.numpy_cunp_array_equal()(raising(None, ValueError))()
    text = str(info.value)
    assert 'Only cunp raised' in text
    assert 'boom from cunp' in text and 'Traceback' in text
    assert 'numpy returned' in text

    with pytest.raises(AssertionError, match='Only numpy raised'):
        testing.numpy_cunp_allclose(accept_error=True)(
            raising(ValueError, None))()


def test_both_raise_not_accepted():
    with pytest.raises(AssertionError) as info:
        testing.numpy_cunp_array_equal()(raising(ValueError, ValueError))()
    assert 'boom from numpy' in str(info.value)
    assert 'boom from cunp' in str(info.value)


@pytest.mark.parametrize('accept', [True, ValueError, (TypeError, ValueError),
                                    Exception])
def test_both_raise_accepted(accept):
    testing.numpy_cunp_array_equal(accept_error=accept)(
        raising(ValueError, ValueError))()


def test_cunp_may_raise_a_subclass():
    testing.numpy_cunp_array_equal(accept_error=ValueError)(
        raising(ValueError, AxisError))()


@pytest.mark.parametrize('np_error,cp_error,accept', [
    (AxisError, ValueError, ValueError),        # cunp less specific
    (ValueError, TypeError, (ValueError, TypeError)),
    (TypeError, TypeError, ValueError),         # not the accepted type
    (IndexError, ValueError, True),
])
def test_error_type_mismatch(np_error, cp_error, accept):
    with pytest.raises(AssertionError):
        testing.numpy_cunp_array_equal(accept_error=accept)(
            raising(np_error, cp_error))()


def test_numpy_cunp_raises():
    testing.numpy_cunp_raises()(raising(KeyError, KeyError))()
    with pytest.raises(AssertionError, match='Neither'):
        testing.numpy_cunp_raises()(raising(None, None))()
    with pytest.raises(AssertionError):
        testing.numpy_cunp_raises()(raising(KeyError, None))()
    with pytest.raises(AssertionError):
        testing.numpy_cunp_raises()(raising(KeyError, ValueError))()


def test_skip_propagates():
    @testing.numpy_cunp_array_equal()
    def body(xp):
        pytest.skip('not applicable')
    with pytest.raises(pytest.skip.Exception):
        body()


def test_cupy_aliases():
    assert testing.numpy_cupy_allclose is testing.numpy_cunp_allclose
    assert testing.numpy_cupy_array_equal is testing.numpy_cunp_array_equal


# -- sweeps -------------------------------------------------------------------

def _parametrize_marks(func):
    return [m for m in getattr(func, 'pytestmark', [])
            if m.name == 'parametrize']


def test_for_all_dtypes_parametrizes():
    @testing.for_all_dtypes()
    def body(dtype):
        pass
    (mark,) = _parametrize_marks(body)
    assert mark.args[0] == 'dtype'
    names = [numpy.dtype(d).name for d in mark.args[1]]
    assert names == ['bool', 'int8', 'int16', 'int32', 'int64', 'uint8',
                     'uint16', 'uint32', 'uint64', 'float16', 'float32',
                     'float64', 'complex64', 'complex128']
    assert mark.kwargs['ids'] == names


@pytest.mark.parametrize('decorator,expected', [
    (testing.for_all_dtypes(no_bool=True, no_float16=True, no_complex=True),
     ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32',
      'uint64', 'float32', 'float64']),
    (testing.for_float_dtypes(), ['float16', 'float32', 'float64']),
    (testing.for_float_dtypes(no_float16=True), ['float32', 'float64']),
    (testing.for_signed_dtypes(), ['int8', 'int16', 'int32', 'int64']),
    (testing.for_unsigned_dtypes(), ['uint8', 'uint16', 'uint32', 'uint64']),
    (testing.for_int_dtypes(), ['bool', 'int8', 'int16', 'int32', 'int64',
                                'uint8', 'uint16', 'uint32', 'uint64']),
    (testing.for_int_dtypes(no_bool=True), ['int8', 'int16', 'int32',
                                            'int64', 'uint8', 'uint16',
                                            'uint32', 'uint64']),
    (testing.for_complex_dtypes(), ['complex64', 'complex128']),
    (testing.for_dtypes(['f4', numpy.int8]), ['float32', 'int8']),
], ids=['all-reduced', 'float', 'float-no16', 'signed', 'unsigned', 'int',
        'int-no-bool', 'complex', 'explicit'])
def test_dtype_sweep_contents(decorator, expected):
    @decorator
    def body(dtype):
        pass
    (mark,) = _parametrize_marks(body)
    assert [numpy.dtype(d).name for d in mark.args[1]] == expected


def test_orders():
    @testing.for_CF_orders()
    def body(order):
        pass
    (mark,) = _parametrize_marks(body)
    assert mark.args[:2] == ('order', ['C', 'F'])

    @testing.for_orders(['C', 'F', 'A', 'K'], name='o')
    def body2(o):
        pass
    (mark,) = _parametrize_marks(body2)
    assert mark.args[:2] == ('o', ['C', 'F', 'A', 'K'])


def test_combination_full_and_subset():
    types = [numpy.int8, numpy.float32, numpy.complex64, numpy.bool_]

    @testing.for_dtypes_combination(types, names=('a', 'b'), full=True)
    def full(a, b):
        pass
    (mark,) = _parametrize_marks(full)
    assert mark.args[0] == 'a,b' and len(mark.args[1]) == 16

    @testing.for_dtypes_combination(types, names=('a', 'b'), full=False)
    def subset(a, b):
        pass
    (mark,) = _parametrize_marks(subset)
    combos = mark.args[1]
    assert len(combos) == len(types)
    for column in zip(*combos):
        assert sorted(numpy.dtype(d).name for d in column) == sorted(
            numpy.dtype(d).name for d in types)


def test_all_dtypes_combination_default_name():
    @testing.for_all_dtypes_combination(full=True)
    def body(dtyes):
        pass
    (mark,) = _parametrize_marks(body)
    assert mark.args[0] == 'dtyes' and len(mark.args[1]) == 14


def test_direct_call_loops_and_reports_failing_dtype():
    seen = []

    @testing.for_dtypes([numpy.int8, numpy.float32, numpy.float64])
    def body(dtype):
        seen.append(dtype)
        assert dtype is not numpy.float32, 'float32 is broken'

    with pytest.raises(AssertionError) as info:
        body()
    assert seen == [numpy.int8, numpy.float32]
    notes = getattr(info.value, '__notes__', None)
    if notes is not None:
        assert any('dtype=float32' in n for n in notes)


def test_fallback_loop_for_kwargs_only_functions():
    seen = []

    @testing.for_dtypes([numpy.int8, numpy.uint8])
    def body(**kwargs):
        seen.append(kwargs['dtype'])
    assert not _parametrize_marks(body)
    body()
    assert seen == [numpy.int8, numpy.uint8]


def test_loop_skips_only_when_all_skip():
    @testing.for_dtypes([numpy.int8, numpy.uint8])
    def some(dtype):
        if dtype is numpy.int8:
            pytest.skip('no int8')
    some()

    @testing.for_dtypes([numpy.int8, numpy.uint8])
    def every(dtype):
        pytest.skip('never')
    with pytest.raises(pytest.skip.Exception):
        every()


def test_stacked_sweeps_parametrize_independently():
    @testing.for_CF_orders()
    @testing.for_float_dtypes()
    @testing.numpy_cunp_array_equal()
    def body(xp, dtype, order):
        return 1
    marks = _parametrize_marks(body)
    assert sorted(m.args[0] for m in marks) == ['dtype', 'order']
    assert 'xp' not in inspect.signature(body).parameters


@testing.for_float_dtypes()
@testing.numpy_cunp_array_equal()
def test_sweep_and_compare_run_under_pytest(xp, dtype):
    return numpy.dtype(dtype).type(1)


# -- data helpers ------------------------------------------------------------

def test_shaped_arange():
    a = testing.shaped_arange((2, 3), numpy, numpy.int16)
    assert a.dtype == numpy.int16 and a.tolist() == [[1, 2, 3], [4, 5, 6]]
    b = testing.shaped_arange((4,), numpy, numpy.bool_)
    assert b.tolist() == [False, True, False, True]
    c = testing.shaped_arange((2,), numpy, numpy.complex64)
    assert c.tolist() == [1 + 1j, 2 + 2j]
    f = testing.shaped_arange((2, 3), numpy, order='F')
    assert f.flags.f_contiguous and f.dtype == numpy.float32
    assert f.tolist() == [[1, 2, 3], [4, 5, 6]]
    assert testing.shaped_arange((), numpy).tolist() == 1.0
    assert testing.shaped_arange((0, 3), numpy).shape == (0, 3)


def test_shaped_reverse_arange():
    a = testing.shaped_reverse_arange((2, 2), numpy, numpy.int64)
    assert a.tolist() == [[4, 3], [2, 1]]


def test_shaped_random():
    a = testing.shaped_random((50,), numpy, numpy.float64, seed=1)
    b = testing.shaped_random((50,), numpy, numpy.float64, seed=1)
    c = testing.shaped_random((50,), numpy, numpy.float64, seed=2)
    assert numpy.array_equal(a, b) and not numpy.array_equal(a, c)
    assert a.min() >= 0 and a.max() < 10
    i = testing.shaped_random((1000,), numpy, numpy.int8, scale=5)
    assert set(i.tolist()) == {0, 1, 2, 3, 4}
    z = testing.shaped_random((10,), numpy, numpy.complex64)
    assert z.dtype == numpy.complex64 and numpy.any(z.imag != 0)
    bools = testing.shaped_random((100,), numpy, numpy.bool_)
    assert 0 < bools.sum() < 100
    assert testing.shaped_random(7, numpy).shape == (7,)


# -- assertions --------------------------------------------------------------

def test_assertions_on_host_data():
    testing.assert_array_equal([1, 2], numpy.array([1, 2]))
    testing.assert_allclose([1.0], [1.0 + 1e-9])
    testing.assert_array_almost_equal([1.0], [1.0000001])
    testing.assert_array_less([1], [2])
    with pytest.raises(AssertionError):
        testing.assert_array_equal([1, 2], [1, 3])
    with pytest.raises(AssertionError):
        testing.assert_allclose([1.0], [1.1])
    with pytest.raises(AssertionError):
        testing.assert_array_almost_equal([1.0], [1.1])
    with pytest.raises(AssertionError):
        testing.assert_array_less([2], [1])
    with pytest.raises(AssertionError, match='strides'):
        a = numpy.zeros((2, 3))
        testing.assert_array_equal(a, numpy.asfortranarray(a),
                                   strides_check=True)
    # Strides of length-1 axes and of empty arrays do not address memory.
    testing.assert_array_equal(numpy.zeros((1, 3)), numpy.zeros((3, 1)).T,
                               strides_check=True)
    testing.assert_array_equal(numpy.zeros((0, 3)), numpy.zeros((3, 0)).T,
                               strides_check=True)


# -- with device arrays -------------------------------------------------------

@pytest.mark.gpu
def test_assertions_on_device_arrays():
    d = cunp.arange(4, dtype=numpy.float32)
    testing.assert_array_equal(d, numpy.arange(4, dtype=numpy.float32))
    testing.assert_allclose(numpy.arange(4), d)
    testing.assert_array_equal([d, d], [[0, 1, 2, 3]] * 2)
    testing.assert_array_less(d, 4)
    testing.assert_array_almost_equal(d, d)
    with pytest.raises(AssertionError):
        testing.assert_array_equal(d, [0, 1, 2, 4])


@pytest.mark.gpu
def test_device_results_are_compared():
    @testing.numpy_cunp_array_equal()
    def good(xp):
        return xp.arange(4)
    good()

    @testing.numpy_cunp_array_equal()
    def bad_value(xp):
        return xp.arange(4) if xp is numpy else xp.zeros(4, dtype=int)
    with pytest.raises(AssertionError):
        bad_value()

    @testing.numpy_cunp_array_equal()
    def bad_shape(xp):
        return xp.zeros((2, 2)) if xp is numpy else xp.zeros(4)
    with pytest.raises(AssertionError, match='shape'):
        bad_shape()

    @testing.numpy_cunp_array_equal()
    def bad_0d_vs_1d(xp):
        return xp.zeros(()) if xp is numpy else xp.zeros(1)
    with pytest.raises(AssertionError, match='shape'):
        bad_0d_vs_1d()


@pytest.mark.gpu
def test_contiguous_and_strides_checks():
    def body(xp):
        a = xp.zeros((3, 4))
        return a if xp is numpy else xp.asfortranarray(a)

    with pytest.raises(AssertionError, match='c_contiguous'):
        testing.numpy_cunp_allclose()(body)()
    testing.numpy_cunp_allclose(contiguous_check=False)(body)()
    testing.numpy_cunp_array_equal()(body)()
    with pytest.raises(AssertionError, match='strides'):
        testing.numpy_cunp_array_equal(strides_check=True)(body)()


@pytest.mark.gpu
def test_scalar_vs_0d_array_are_comparable():
    @testing.numpy_cunp_array_equal()
    def body(xp):
        return xp.arange(5, dtype=numpy.int16)[3]
    body()
