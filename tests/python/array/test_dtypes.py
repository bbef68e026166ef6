"""Dtype promotion and casting rules (NumPy 2 / NEP 50), compared with NumPy.

These functions are pure logic and must work without a GPU, so this module
has no ``gpu`` marker; the few tests that build device arrays carry it
individually.
"""

import itertools

import numpy
import pytest

import cunp
from cunp import testing

DTYPES = list(testing.ALL_DTYPES)
CASTINGS = ['no', 'equiv', 'safe', 'same_kind', 'unsafe']
PYTHON_SCALARS = [True, False, 0, 1, -1, 127, 128, 255, 256, -129, 2**31,
                  2**63 - 1, 2**63, -2**63, 0.0, 1.5, -1.5, 1e38, 1e39,
                  1e300, float('inf'), float('nan'), 1j, 1e300j]


def _name(d):
    return numpy.dtype(d).name


@testing.for_dtypes_combination(DTYPES, names=('a', 'b'), full=True)
@testing.numpy_cunp_array_equal()
def test_promote_types_all_pairs(xp, a, b):
    result = xp.promote_types(a, b)
    assert isinstance(result, numpy.dtype)
    return result


@pytest.mark.parametrize('a,b', [('f4', 'i8'), ('int8', 'uint8'), (int, float),
                                 (bool, 'u2'), (complex, 'f4'), ('<f8', '>f8'),
                                 (numpy.dtype('c8'), numpy.float64),
                                 ('?', '?'), ('b', 'B')],
                         ids=str)
@testing.numpy_cunp_array_equal()
def test_promote_types_spellings(xp, a, b):
    return xp.promote_types(a, b)


@pytest.mark.parametrize('a,b', [('float33', 'f4'), ('f4', 'nope'),
                                 (3, 'f4')],
                         ids=str)
@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_promote_types_invalid(xp, a, b):
    return xp.promote_types(a, b)


@testing.for_dtypes_combination(DTYPES, names=('a', 'b'), full=True)
@testing.numpy_cunp_array_equal()
def test_result_type_all_pairs(xp, a, b):
    return xp.result_type(a, b), xp.result_type(numpy.dtype(a), b)


@pytest.mark.parametrize('triple', list(itertools.islice(
    itertools.product(DTYPES[::3], DTYPES[1::3], DTYPES[2::4]), 0, None)),
    ids=lambda t: '-'.join(_name(d) for d in t))
@testing.numpy_cunp_array_equal()
def test_result_type_three_dtypes(xp, triple):
    return xp.result_type(*triple)


@pytest.mark.parametrize('scalar', PYTHON_SCALARS, ids=repr)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal(accept_error=(OverflowError, ValueError,
                                              TypeError))
def test_result_type_python_scalars_are_weak(xp, dtype, scalar):
    return xp.result_type(dtype, scalar), xp.result_type(scalar, dtype)


@pytest.mark.parametrize('args', [(1,), (1.0,), (True,), (1j,), (1, 2.0),
                                  (True, 1), (1, 1j), (2.0, True)],
                         ids=str)
@testing.numpy_cunp_array_equal()
def test_result_type_only_python_scalars(xp, args):
    return xp.result_type(*args)


@pytest.mark.parametrize('scalar', [numpy.float32(1), numpy.int8(-1),
                                    numpy.uint64(5), numpy.float16(2),
                                    numpy.complex64(1j), numpy.bool_(True),
                                    numpy.int64(2**40)],
                         ids=lambda s: type(s).__name__)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_result_type_numpy_scalars_are_strong(xp, dtype, scalar):
    return xp.result_type(dtype, scalar)


@testing.numpy_cunp_array_equal(accept_error=(ValueError, TypeError))
def test_result_type_no_arguments(xp):
    return xp.result_type()


@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_result_type_unknown_dtype(xp):
    return xp.result_type('float33', 'f4')


@pytest.mark.gpu
@testing.for_dtypes_combination(DTYPES, names=('a', 'b'), full=False)
@testing.numpy_cunp_array_equal()
def test_result_type_of_arrays(xp, a, b):
    # NumPy 2 ignores values: 0-d arrays promote like their dtypes.
    x = xp.zeros((2,), dtype=a)
    y = xp.asarray(numpy.asarray(1, dtype=b))
    return xp.result_type(x, y), xp.result_type(x, 3), xp.result_type(
        y, 1.5), xp.result_type(x, b)


@testing.for_dtypes_combination(DTYPES, names=('src', 'dst'), full=True)
@testing.numpy_cunp_array_equal()
def test_can_cast_all_pairs(xp, src, dst):
    return [xp.can_cast(src, dst, casting=c) for c in CASTINGS] + [
        xp.can_cast(src, dst), xp.can_cast(numpy.dtype(src), dst)]


@pytest.mark.parametrize('scalar', [numpy.int64(5), numpy.float64(0.5),
                                    numpy.uint8(200), numpy.bool_(False),
                                    numpy.complex128(1)],
                         ids=lambda s: type(s).__name__)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_can_cast_numpy_scalars_by_dtype(xp, dtype, scalar):
    return xp.can_cast(scalar, dtype), xp.can_cast(scalar, dtype, 'same_kind')


@pytest.mark.parametrize('scalar', [1, 1.0, 1j, True], ids=repr)
@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_can_cast_python_scalars_rejected(xp, scalar):
    # NumPy 2 refuses Python scalars here, bool included: the answer used
    # to depend on the value, which NEP 50 removed.
    return xp.can_cast(scalar, numpy.int8)


@testing.numpy_cunp_array_equal(accept_error=ValueError)
def test_can_cast_bad_casting(xp):
    return xp.can_cast(numpy.float32, numpy.int8, casting='bogus')


@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_can_cast_unknown_dtype(xp):
    return xp.can_cast('float33', numpy.int8)


@pytest.mark.gpu
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_can_cast_arrays(xp, dtype):
    a = xp.zeros(3, dtype=dtype)
    return [xp.can_cast(a, d) for d in DTYPES]


MIN_SCALAR_VALUES = [
    0, 1, -1, 127, 128, -128, -129, 255, 256, 65535, 65536, -32769, 2**31,
    2**32, -2**31 - 1, 2**63 - 1, 2**63, 2**64 - 1, -2**63, True, False,
    0.0, -0.0, 1.5, 65504.0, 65520.0, 1e5, 3.4e38, 3.5e38, 1e300,
    float('inf'), float('-inf'), float('nan'), 1e-8, 1j, 1 + 1e300j,
    numpy.int64(3), numpy.float64(1e300), numpy.float32(0.5),
    numpy.uint64(2**64 - 1), numpy.complex128(1e200 + 1j),
]


@pytest.mark.parametrize('value', MIN_SCALAR_VALUES, ids=repr)
@testing.numpy_cunp_array_equal()
def test_min_scalar_type(xp, value):
    return xp.min_scalar_type(value)


@testing.numpy_cunp_array_equal()
def test_min_scalar_type_of_host_arrays(xp):
    # Non-0-d arrays report their own dtype.
    return [xp.min_scalar_type(numpy.arange(5)),
            xp.min_scalar_type(numpy.zeros(3, dtype=numpy.float32))]


SCALAR_TYPE_NAMES = ['bool_', 'int8', 'int16', 'int32', 'int64', 'uint8',
                     'uint16', 'uint32', 'uint64', 'float16', 'float32',
                     'float64', 'complex64', 'complex128']

ALIAS_NAMES = ['intp', 'uintp', 'int_', 'uint', 'byte', 'ubyte', 'short',
               'ushort', 'intc', 'uintc', 'longlong', 'ulonglong', 'half',
               'single', 'double', 'csingle', 'cdouble']


@pytest.mark.parametrize('name', SCALAR_TYPE_NAMES)
def test_scalar_type_names_are_numpy_types(name):
    assert getattr(cunp, name) is getattr(numpy, name)


@pytest.mark.parametrize('name', ALIAS_NAMES)
def test_scalar_type_aliases_are_numpy_types(name):
    assert getattr(cunp, name) is getattr(numpy, name)


# -- common_type and mixed scalar promotion -----------------------------------
# common_type only reads ``.dtype``, so host arrays stand in for device ones
# in the CPU tests; the GPU test checks that cunp arrays work the same.

def _host(dtype):
    return numpy.zeros(0, dtype=dtype)


@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_common_type_single(xp, dtype):
    # Integers become float64, bool is refused ("non-numeric").
    return xp.common_type(_host(dtype))


@testing.for_dtypes_combination(DTYPES, names=('a', 'b'), full=True)
@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_common_type_all_pairs(xp, a, b):
    return xp.common_type(_host(a), _host(b))


@testing.numpy_cunp_array_equal()
def test_common_type_no_arguments(xp):
    return xp.common_type()


@testing.numpy_cunp_array_equal()
def test_common_type_three_arrays(xp):
    return [xp.common_type(_host('f2'), _host('i1'), _host('f4')),
            xp.common_type(_host('f2'), _host('c8'), _host('u2')),
            xp.common_type(_host('f4'), _host('f4'), _host('f2'))]


@pytest.mark.gpu
@testing.for_all_dtypes_combination(names=('a', 'b'), full=False)
@testing.numpy_cunp_array_equal(accept_error=TypeError)
def test_common_type_of_device_arrays(xp, a, b):
    return xp.common_type(xp.zeros(2, dtype=a), xp.zeros((), dtype=b))


@pytest.mark.parametrize('args', [
    ('i1', 1, 1.0), ('u1', 300, True), ('f2', 1e10, 1), ('?', 1, 1.0),
    ('c8', 1.0, 2), ('i8', 1j), ('u8', -1, 1), ('f4', 1j, 1.0),
    ('i2', 'u1', 1.5), ('u4', 'i1', 1), ('f2', 'i2', 1j), ('?', '?', 2.0),
], ids=str)
@testing.numpy_cunp_array_equal()
def test_result_type_dtypes_with_several_python_scalars(xp, args):
    # Python scalars only decide the kind (int < float < complex); their
    # values never widen the dtypes they join.
    return xp.result_type(*args)
