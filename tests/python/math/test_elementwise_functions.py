# tests/python/math/test_elementwise_functions.py -- clip, where, nan_to_num, round, angle, isclose,
# array_equal and friends against NumPy.
"""clip, where, nan_to_num, round, angle, real/imag, isreal/iscomplex(+obj), isclose, allclose,
array_equal and array_equiv against NumPy: dtypes, layouts, broadcasting, special values, errors.
"""

import warnings

import numpy
import pytest

import cunp
from cunp import testing

gpu = pytest.mark.gpu

LAYOUTS = ['C', 'F', 'T', 'neg', 'step', 'bcast']
NAN, INF = float('nan'), float('inf')


def host_values(shape, dtype, seed=0, special=True):
    """Deterministic host data for `dtype`: small integers, or floats with halves, NaN and inf."""
    rs = numpy.random.RandomState(seed)
    kind = numpy.dtype(dtype).kind
    if kind == 'b':
        return rs.randint(2, size=shape).astype(dtype)
    if kind in 'iu':
        lo = 0 if kind == 'u' else -20
        return rs.randint(lo, 20, size=shape).astype(dtype)
    v = numpy.round(rs.uniform(-10, 10, size=shape) * 4) / 4  # many exact halves
    if kind == 'c':
        v = v + 1j * numpy.round(rs.uniform(-10, 10, size=shape) * 4) / 4
    v = numpy.asarray(v)
    if special and v.size >= 6:
        flat = v.reshape(-1)
        flat[1], flat[3], flat[5] = NAN, INF, -INF
    return v.astype(dtype)


def public_type(exc_type):
    """The first builtin or numpy.exceptions class of an exception type (NumPy raises private
    subclasses, e.g. _UFuncOutputCastingError for TypeError, that cunp cannot be an instance of)."""
    for t in exc_type.__mro__:
        if t.__module__ in ('builtins', 'numpy.exceptions'):
            return t
    return exc_type


def assert_same_error(call):
    """call(numpy) and call(cunp) both raise, cunp's error being of NumPy's public type."""
    errors = []
    for xp in (numpy, cunp):
        with pytest.raises(Exception) as info:
            call(xp)
        errors.append(info.value)
    expected = public_type(type(errors[0]))
    assert isinstance(errors[1], expected), (errors[0], errors[1])


def make(xp, host, layout='C'):
    """`host`'s values (or, for 'bcast', its first row broadcast) on xp with the given layout."""
    if layout == 'C':
        return xp.asarray(host)
    if layout == 'F':
        return xp.asfortranarray(host)
    if layout == 'T':
        return xp.asarray(host.T).T
    if layout == 'neg':
        return xp.asarray(host[::-1, ::-1])[::-1, ::-1]
    if layout == 'step':
        return xp.asarray(numpy.repeat(host, 2, axis=-1))[..., ::2]
    if layout == 'bcast':
        return xp.broadcast_to(xp.asarray(host[:1]), host.shape)
    raise ValueError(layout)


# -- clip ---------------------------------------------------------------------------------------

@gpu
@pytest.mark.parametrize('layout', LAYOUTS)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_clip_layouts(xp, dtype, layout):
    a = make(xp, host_values((4, 6), dtype), layout)
    return xp.clip(a, 3, 7)


@gpu
@pytest.mark.parametrize('shape', [(), (0,), (3, 0), (5,)], ids=str)
@testing.for_all_dtypes(no_bool=True)
@testing.numpy_cunp_array_equal()
def test_clip_shapes(xp, dtype, shape):
    a = xp.asarray(host_values(shape, dtype, special=False))
    return xp.clip(a, 2, 5)


@gpu
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_clip_array_bounds_broadcast(xp, dtype):
    a = xp.asarray(host_values((2, 3, 4), dtype))
    lo = xp.asarray(host_values((3, 1), dtype, seed=1))
    hi = xp.asarray(host_values((4,), dtype, seed=2, special=False))
    return xp.clip(a, lo, hi)


@gpu
@testing.for_float_dtypes()
@testing.numpy_cunp_array_equal()
def test_clip_nan_propagates(xp, dtype):
    a = xp.asarray(numpy.array([1, NAN, 5, -INF, INF, 3], dtype))
    lo = xp.asarray(numpy.array([0, 0, NAN, 0, 0, 4], dtype))
    hi = xp.asarray(numpy.array([NAN, 2, 2, 2, 2, 2], dtype))
    return xp.clip(a, lo, hi), xp.clip(a, NAN, 2), xp.clip(a, 0, NAN), xp.clip(a, 0, 2)


@gpu
@testing.for_complex_dtypes()
@testing.numpy_cunp_array_equal()
def test_clip_complex_lexicographic(xp, dtype):
    a = xp.asarray(numpy.array([2 + 0j, 1 + 1j, complex(NAN, 0), complex(0, NAN), 3 + 3j,
                                1 + 0j, 1 - 1j], dtype))
    return (xp.clip(a, 1 + 0j, 2 + 0j), xp.clip(a, complex(1, NAN), 5),
            xp.clip(a, 1 + 0j, complex(2, NAN)), xp.clip(a, complex(NAN, 0), 5))


@gpu
@pytest.mark.parametrize('case', [
    ('int8', 1.5, 2.5), ('float32', 1.5, 2.5), ('float16', 0.1, 3), ('int8', numpy.int16(1), 5),
    ('uint8', -1, 300), ('int8', -1000, 1000), ('uint64', 1, 2 ** 64), ('int64', -2 ** 70, 2),
    ('bool', 0, 1), ('int16', 1j, 5), ('float32', numpy.float64(1), 2), ('uint8', 2, 2 ** 8 - 1),
], ids=repr)
@testing.numpy_cunp_array_equal()
def test_clip_promotion(xp, case):
    dtype, lo, hi = case
    a = xp.asarray(host_values((7,), dtype, special=False))
    return xp.clip(a, lo, hi)


@gpu
@testing.numpy_cunp_array_equal()
def test_clip_one_sided_and_keywords(xp):
    a = xp.asarray(host_values((3, 4), numpy.float32))
    return (xp.clip(a, None, 2), xp.clip(a, -1, None), xp.clip(a, None, None),
            xp.clip(a, min=1), xp.clip(a, max=0.5), xp.clip(a, min=-2, max=2),
            a.clip(1, 3), a.clip(min=1), a.clip(max=2), a.clip())


@gpu
@testing.numpy_cunp_array_equal()
def test_clip_out(xp):
    a = xp.asarray(host_values((3, 4), numpy.float64))
    out = xp.zeros((2, 3, 4), numpy.float32)
    r = xp.clip(a, -1, 1, out=out)
    assert r is out
    b = a.copy()
    assert xp.clip(b, 0, 2, out=b) is b
    c = xp.asarray(host_values((6,), numpy.int32, special=False))
    xp.clip(c[::-1], 0, 5, out=c)  # overlapping, reversed: the input is read before written
    return out, b, c, xp.clip(a, 0, 1, dtype=numpy.float32)


@gpu
@pytest.mark.parametrize('call', [
    lambda xp, a: xp.clip(a, 5, -1),                                    # -1 out of bounds: uint8
    lambda xp, a: xp.clip(a, 1.5, 2, out=xp.empty(4, numpy.uint8)),     # float64 into uint8
    lambda xp, a: xp.clip(a, xp.zeros(3), 1),                           # shape mismatch
    lambda xp, a: xp.clip(a, 1, 2, out=xp.empty(3, numpy.uint8)),       # bad out shape
    lambda xp, a: xp.clip(a.astype(bool), None, None),                  # positive(bool)
    lambda xp, a: xp.clip(a, 1, 2, bogus=1),
    lambda xp, a: xp.clip(a, 1.5, 2, dtype=numpy.int8),                 # 1.5 into int8
    lambda xp, a: xp.clip(a, 1, 2, out=[0, 0, 0, 0]),                   # out not an array
])
def test_clip_errors(call):
    assert_same_error(lambda xp: call(xp, xp.arange(4, dtype=numpy.uint8)))


@pytest.mark.parametrize('call', [
    lambda xp: xp.clip([1, 2], 1),                 # a_max missing
    lambda xp: xp.clip([1, 2], a_max=1),           # a_min missing
    lambda xp: xp.clip([1, 2], 1, 2, min=1),       # both spellings
])
def test_clip_argument_errors(call):
    assert_same_error(call)


# -- where --------------------------------------------------------------------------------------

@gpu
@pytest.mark.parametrize('layout', LAYOUTS)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_where_layouts(xp, dtype, layout):
    c = make(xp, host_values((4, 6), numpy.bool_, seed=3), layout)
    x = make(xp, host_values((4, 6), dtype, seed=1), layout)
    y = xp.asarray(host_values((4, 6), dtype, seed=2))
    return xp.where(c, x, y)


@gpu
@testing.for_all_dtypes_combination(names=('dx', 'dy'), full=False)
@testing.numpy_cunp_array_equal()
def test_where_promotion(xp, dx, dy):
    c = xp.asarray(host_values((5,), numpy.int16, seed=3))  # nonzero is true
    return xp.where(c, xp.asarray(host_values((5,), dx)), xp.asarray(host_values((5,), dy, 1)))


@gpu
@testing.numpy_cunp_array_equal()
def test_where_scalars_and_broadcast(xp):
    c = xp.asarray(host_values((3, 1), numpy.bool_, seed=4))
    i8 = xp.asarray(numpy.array([1, -2, 3, 4], numpy.int8))
    f32 = xp.asarray(numpy.array([1.5, 2.5, 3.5, 4.5], numpy.float32))
    return (xp.where(c, 1, 2.0), xp.where(c, i8, 100), xp.where(c, f32, 1.5),
            xp.where(c, i8, f32), xp.where(True, i8, 0), xp.where(False, 1, 2),
            xp.where(c, xp.zeros((2, 1, 1)), i8), xp.where(c, 1j, i8),
            xp.where(xp.asarray(numpy.array([0.0, 0.5, NAN, 0.0])), i8, -1),
            xp.where(c, numpy.uint8(3), i8), xp.where(xp.zeros((0, 4), bool), i8, 1))


@gpu
@testing.numpy_cunp_raises()
def test_where_python_int_out_of_range(xp):
    return xp.where(xp.asarray([True]), xp.asarray(numpy.array([1], numpy.int8)), 300)


@gpu
def test_where_shape_mismatch():
    assert_same_error(lambda xp: xp.where(xp.ones((3,), bool), xp.ones((4,)), 0))


@pytest.mark.parametrize('call', [
    lambda xp: xp.where([True, False], 1),        # x without y
    lambda xp: xp.where([True, False], y=1),      # positional-only
])
def test_where_argument_errors(call):
    assert_same_error(call)


@gpu
def test_where_single_argument_is_nonzero():
    cond = numpy.array([[True, False, True], [False, False, True]])
    got = cunp.where(cunp.asarray(cond))
    expected = numpy.where(cond)
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        numpy.testing.assert_array_equal(g.get(), e)


# -- nan_to_num ---------------------------------------------------------------------------------

@gpu
@pytest.mark.parametrize('layout', LAYOUTS)
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_nan_to_num_layouts(xp, dtype, layout):
    return xp.nan_to_num(make(xp, host_values((4, 6), dtype), layout))


@gpu
@pytest.mark.parametrize('kw', [
    dict(nan=1.5), dict(posinf=7, neginf=-7), dict(nan=1e10, posinf=1e10), dict(nan=True),
    dict(posinf=numpy.float32(3)), dict(neginf=-1e50),
], ids=repr)
@testing.for_dtypes([numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
                     numpy.complex128])
@testing.numpy_cunp_array_equal()
def test_nan_to_num_values(xp, dtype, kw):
    re = [0, NAN, INF, -INF, 2.5, -1]
    if numpy.dtype(dtype).kind == 'c':
        v = numpy.array([complex(r, i) for r, i in zip(re, [INF, 1, NAN, -INF, 0, NAN])], dtype)
    else:
        v = numpy.array(re, dtype)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)  # NumPy warns on overflowing values
        return xp.nan_to_num(xp.asarray(v), **kw)


@gpu
@testing.numpy_cunp_array_equal()
def test_nan_to_num_copy_false_is_in_place(xp):
    a = xp.asarray(numpy.array([[NAN, 1], [INF, -INF]]))
    r = xp.nan_to_num(a, copy=False)
    assert r is a
    b = xp.asarray(numpy.array([1, 2]))
    assert xp.nan_to_num(b, copy=False) is b
    c = xp.asarray(numpy.array([NAN, 2]))
    d = xp.nan_to_num(c)
    assert d is not c
    return a, d, c, xp.nan_to_num(xp.asarray(numpy.float32(NAN)))


@gpu
def test_nan_to_num_complex_value_for_real_array():
    assert_same_error(lambda xp: xp.nan_to_num(xp.asarray(numpy.array([1.0, NAN])), nan=1j))
    assert_same_error(lambda xp: xp.nan_to_num(xp.asarray(numpy.array([1j])), posinf=1j))


def test_nan_to_num_copy_false_of_list():
    assert_same_error(lambda xp: xp.nan_to_num([1.0, NAN], copy=False))


# -- round --------------------------------------------------------------------------------------

@gpu
@pytest.mark.filterwarnings('ignore::RuntimeWarning')  # NumPy's float16 scaling overflows
@pytest.mark.parametrize('decimals', [-2, 0, 2, 5])
@pytest.mark.parametrize('layout', ['C', 'T', 'neg', 'bcast'])
@testing.for_all_dtypes(no_bool=True)
@testing.numpy_cunp_array_equal()
def test_round_layouts(xp, dtype, layout, decimals):
    host = host_values((4, 6), dtype, special=False)
    if numpy.dtype(dtype).kind in 'fc':
        host = (host * numpy.asarray(123.4567, dtype)).astype(dtype)
    return xp.round(make(xp, host, layout), decimals)


@gpu
@pytest.mark.parametrize('decimals', [0, 2])
@testing.for_complex_dtypes()
@testing.numpy_cunp_array_equal(strides_check=True)
def test_round_complex_keeps_the_order_of_axes(xp, dtype, decimals):
    # NumPy rounds into a copy of a in order='K': F-ordered for a transposed input, permuted
    # for a permuted one.
    a = xp.asarray(host_values((2, 3, 4), dtype, special=False))
    return xp.round(a[0].T, decimals), xp.round(a.transpose(1, 0, 2), decimals)


@gpu
@pytest.mark.parametrize('decimals', [-400, -20, 9, 23, 30, 400])
@testing.for_float_dtypes()
@testing.numpy_cunp_array_equal()
def test_round_extreme_decimals(xp, dtype, decimals):
    a = xp.asarray(numpy.array([1.5, -2.345, 1234.5678, 0, NAN, INF], dtype))
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        return xp.round(a, decimals)


@gpu
@testing.numpy_cunp_array_equal()
def test_round_special_cases(xp):
    big = xp.asarray(numpy.array([2 ** 62 + 12345, -987654321, 55, 45], numpy.int64))
    u8 = xp.asarray(numpy.array([249, 250, 251, 5], numpy.uint8))
    halves = xp.asarray(numpy.array([0.5, 1.5, 2.5, -0.5, -2.5, 0.25, 0.35]))
    c = xp.asarray(numpy.array([1.25 + 2.35j, -0.5 - 1.5j, complex(NAN, 2.5)], numpy.complex64))
    r = xp.round(big)
    assert r is not big
    return (r, xp.round(big, -3), xp.round(u8, -1), xp.round(halves), xp.round(halves, 1),
            xp.round(c), xp.round(c, 1), xp.round(c, -1), xp.around(halves, 1),
            halves.round(1), big.round(-2), xp.round(xp.asarray(True)),
            xp.round(2.5), xp.round(xp.asarray(numpy.float16(2.345)), 2))


@gpu
@testing.numpy_cunp_array_equal()
def test_round_out(xp):
    a = xp.asarray(numpy.array([1.2345, 2.5, -3.75]))
    o32 = xp.empty(3, numpy.float32)
    assert xp.round(a, 2, out=o32) is o32
    i = xp.asarray(numpy.array([123, -456, 789], numpy.int32))
    of = xp.empty((1, 3), numpy.float64)
    xp.round(i, -1, out=of)
    oi = xp.empty(3, numpy.int64)
    xp.round(i, 2, out=oi)
    oc = xp.empty(3, numpy.complex128)
    xp.round(xp.asarray(numpy.array([1.25 + 1j, 2, 3j])), 1, out=oc)
    return o32, of, oi, oc


@gpu
@pytest.mark.parametrize('call', [
    lambda xp: xp.round(xp.asarray([True, False]), 1),                       # multiply -> bool
    lambda xp: xp.round(xp.asarray([True, False]), -1),                      # divide -> bool
    lambda xp: xp.round(xp.asarray([1, 2]), -1, out=xp.empty(2, numpy.int64)),  # divide -> int
    lambda xp: xp.round(xp.asarray([1.5, 2]), 1, out=xp.empty(3)),           # invalid shape
    lambda xp: xp.round(xp.asarray([1.5, 2]), 1, out=xp.empty((2, 1))),      # not broadcastable
    lambda xp: xp.round(xp.asarray([1j, 2]), 1, out=xp.empty(2)),            # imag into real
    lambda xp: xp.round(xp.asarray([1.5]), 1.5),                             # float decimals
    lambda xp: xp.round(xp.asarray([1.5]), 2 ** 40),                         # C int overflow
    lambda xp: xp.round(xp.asarray([1, 2]), 1, out=xp.empty(2, bool)),       # int -> bool
])
def test_round_errors(call):
    assert_same_error(call)


# -- angle, real, imag, isreal, iscomplex -------------------------------------------------------

@gpu
@pytest.mark.parametrize('deg', [False, True])
@testing.for_all_dtypes()
@testing.numpy_cunp_allclose(rtol={numpy.float16: 2e-3, numpy.float32: 2e-6, 'default': 1e-14})
def test_angle(xp, dtype, deg):
    v = host_values((3, 5), dtype)
    if v.dtype.kind == 'f':
        v.reshape(-1)[0] = -0.0
    return xp.angle(make(xp, v, 'T'), deg=deg)


@gpu
@testing.numpy_cunp_allclose(rtol=1e-14)
def test_angle_of_lists_and_scalars(xp):
    return xp.angle([1 + 1j, -1, 1j]), xp.angle(-2.0), xp.angle(xp.asarray([-1 - 0j]), True)


@gpu
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_real_imag(xp, dtype):
    a = xp.asarray(host_values((3, 4), dtype))
    return xp.real(a), xp.imag(a), a.real, a.imag, xp.imag(a).dtype, xp.real(a).dtype


@gpu
@testing.numpy_cunp_array_equal()
def test_real_of_complex_is_a_view(xp):
    a = xp.asarray(numpy.array([1 + 2j, 3 + 4j]))
    xp.real(a)[...] = 7
    a.imag[0] = -1
    return a


@gpu
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_isreal_iscomplex(xp, dtype):
    v = host_values((3, 4), dtype)
    if v.dtype.kind == 'c':
        v.reshape(-1)[[0, 2, 7]] = [1 + 0j, complex(2, NAN), complex(NAN, 0)]
    a = make(xp, v, 'T')
    return xp.isreal(a), xp.iscomplex(a), xp.isreal(a[:0]), xp.iscomplex(a[0, 0])


@gpu
@testing.numpy_cunp_array_equal()
def test_isreal_iscomplex_lists(xp):
    return xp.isreal([1, 2j, 3]), xp.iscomplex([1 + 0j, 2j])


def _layout_views(xp, v):
    """v in every LAYOUTS layout, broadcast along its columns, and as a 3-D transposed and
    broadcast stack (the stride orders NumPy's iterator tells apart)."""
    views = [make(xp, v, layout) for layout in LAYOUTS]
    views.append(xp.broadcast_to(xp.asarray(v[:, :1]), v.shape))
    views.append(xp.asarray(numpy.stack([v, v])).transpose(1, 0, 2))
    views.append(xp.broadcast_to(xp.asarray(v[:1]), (2,) + v.shape))
    return views


@gpu
@pytest.mark.parametrize('dtype', ['bool', 'int8', 'uint64', 'float16', 'float64', 'complex64'])
def test_complex_part_functions_lay_out_as_numpy(dtype):
    """angle is arctan2 over z (or its parts), isreal imag(x) == 0 (a new zeros array for real
    x), iscomplex x.imag != 0 and i0 ufuncs over abs(x) (after astype(float) for others): their
    results' C/F flags are those compositions', broadcast axes included."""
    v = host_values((3, 4), dtype, special=False)
    names = ['angle', 'isreal', 'iscomplex'] + (['i0'] if dtype != 'complex64' else [])
    for h, d in zip(_layout_views(numpy, v), _layout_views(cunp, v)):
        for name in names:
            e, r = getattr(numpy, name)(h), getattr(cunp, name)(d)
            assert (r.flags.c_contiguous, r.flags.f_contiguous) == (
                e.flags.c_contiguous, e.flags.f_contiguous), (name, h.strides)
            if name != 'i0':  # float16 i0 rounds differently (computed in float32)
                numpy.testing.assert_allclose(cunp.asnumpy(r), e, rtol=2e-3)


@pytest.mark.parametrize('x', [3, 1 + 2j, 2.5, numpy.float32(1), numpy.complex64(1j), True],
                         ids=repr)
@testing.numpy_cunp_array_equal()
def test_isreal_iscomplex_host_scalars(xp, x):
    return xp.isreal(x), xp.iscomplex(x)


@pytest.mark.parametrize('x', [3, 1j, [1, 2.5], [[1j]], numpy.float32(1), numpy.ones(2, 'F'),
                               'abc'], ids=repr)
@testing.numpy_cunp_array_equal()
def test_isrealobj_iscomplexobj_host(xp, x):
    return xp.isrealobj(x), xp.iscomplexobj(x)


@gpu
@testing.for_all_dtypes()
def test_isrealobj_iscomplexobj_device(dtype):
    a = cunp.zeros(2, dtype)
    expected = numpy.dtype(dtype).kind == 'c'
    assert cunp.iscomplexobj(a) is expected
    assert cunp.isrealobj(a) is (not expected)


# -- isclose / allclose -------------------------------------------------------------------------

@gpu
@pytest.mark.filterwarnings('ignore::RuntimeWarning')  # NumPy's inf * (1 + eps) in the setup
@pytest.mark.parametrize('equal_nan', [False, True])
@pytest.mark.parametrize('layout', ['C', 'T', 'neg', 'bcast'])
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_isclose_layouts(xp, dtype, layout, equal_nan):
    a = host_values((4, 6), dtype)
    b = a.copy()
    if a.dtype.kind in 'fc':
        b = (b * numpy.asarray(1 + 3e-6, dtype) + numpy.asarray(1e-9, dtype)).astype(dtype)
    else:
        b.reshape(-1)[::3] = numpy.ones(1, dtype)
    return xp.isclose(make(xp, a, layout), xp.asarray(b), equal_nan=equal_nan)


@gpu
@testing.for_all_dtypes_combination(names=('da', 'db'), full=False)
@testing.numpy_cunp_array_equal()
def test_isclose_dtype_combinations(xp, da, db):
    a = xp.asarray(host_values((12,), da))
    b = xp.asarray(host_values((12,), db, seed=0))
    return xp.isclose(a, b), xp.isclose(a, b, rtol=0.5, atol=1)


@gpu
@testing.numpy_cunp_array_equal()
def test_isclose_inf_nan_and_tolerances(xp):
    a = xp.asarray(numpy.array([INF, -INF, INF, NAN, 1.0, 1e10, 1e-8, 1e-7, 0.0]))
    b = xp.asarray(numpy.array([INF, INF, 1.0, NAN, NAN, 1.00001e10, 0.0, 0.0, -0.0]))
    c = xp.asarray(numpy.array([1 + 1j, complex(INF, 1), complex(NAN, 0), 1j]))
    d = xp.asarray(numpy.array([1 + 1.000001j, complex(INF, 1), complex(0, NAN), 1.00000001j]))
    rt = xp.asarray(numpy.array([[1e-5], [0.5]]))
    return (xp.isclose(a, b), xp.isclose(a, b, equal_nan=True), xp.isclose(c, d),
            xp.isclose(c, d, equal_nan=True), xp.isclose(a, b, rtol=rt, atol=0),
            xp.isclose(a, 1e10, rtol=numpy.float32(1e-5)), xp.isclose(1.0, 1.0),
            xp.isclose(1, 1 + 1e-9j), xp.isclose(a, True), xp.isclose(a[:0], 1))


@gpu
@testing.numpy_cunp_array_equal()
def test_isclose_reduced_precision_steps(xp):
    # Every step of NumPy's formula is rounded to the operands' dtype (float16, float32), and
    # strong tolerances promote it.
    h = xp.asarray(numpy.array([1, 1.001, 1.01, 1.002, 0.999, 65504, 1e-4], numpy.float16))
    f = xp.asarray(numpy.linspace(1, 1 + 2e-5, 11).astype(numpy.float32))
    return (xp.isclose(h, 1.0, rtol=1e-3), xp.isclose(h, numpy.float16(1), rtol=1e-3, atol=0),
            xp.isclose(h, 1, rtol=numpy.float64(1e-3)), xp.isclose(f, 1.0),
            xp.isclose(f, numpy.float32(1)), xp.isclose(f, 1.0, rtol=numpy.float64(1e-5)),
            xp.isclose(xp.asarray(numpy.array([2 ** 63 - 1], numpy.int64)), 2 ** 63 - 1),
            xp.isclose(xp.asarray(numpy.array([1, 2], numpy.uint64)), -1))


@gpu
@testing.numpy_cunp_array_equal()
def test_allclose(xp):
    a = xp.asarray(numpy.array([1e10, 1e-7, NAN]))
    b = xp.asarray(numpy.array([1.00001e10, 1e-8, NAN]))
    big = xp.asarray(numpy.linspace(0, 1, 100001))
    return (xp.allclose(a, b), xp.allclose(a[:2], b[:2]), xp.allclose(a, b, equal_nan=True),
            xp.allclose(a[::2], a[::2], equal_nan=True), xp.allclose(big, big + 1e-9),
            xp.allclose(big, big[::-1]), xp.allclose(a[:0], b[:0]), xp.allclose(1.0, 1),
            xp.allclose(xp.ones((3, 1)), xp.ones(4)), xp.allclose(a[1], b[1], atol=0.0))


@gpu
def test_isclose_errors():
    assert_same_error(lambda xp: xp.isclose(xp.ones(3), xp.ones(4)))
    assert_same_error(lambda xp: xp.allclose(xp.ones((2, 3)), xp.ones(2)))


@gpu
def test_isclose_warns_on_non_finite_tolerance():
    a = cunp.ones(2)
    with pytest.warns(RuntimeWarning, match='not valid') as record:
        cunp.isclose(a, a, rtol=NAN)
    assert record[0].filename == __file__  # reported at the caller, as NumPy does


# -- array_equal / array_equiv ------------------------------------------------------------------

@gpu
@pytest.mark.parametrize('equal_nan', [False, True])
@pytest.mark.parametrize('layout', ['C', 'T', 'neg', 'bcast'])
@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_array_equal_layouts(xp, dtype, layout, equal_nan):
    host = host_values((4, 6), dtype)
    a = make(xp, host, layout)
    same = numpy.ascontiguousarray(make(numpy, host, layout))  # a's values, on the host
    changed = same.copy()
    if changed.dtype.kind == 'b':
        changed[2, 3] = not changed[2, 3]
    else:
        changed[2, 3] = 7 if not changed[2, 3] == 7 else 8
    return (xp.array_equal(a, xp.asarray(same), equal_nan=equal_nan),
            xp.array_equal(a, xp.asarray(changed), equal_nan=equal_nan),
            xp.array_equal(a, a, equal_nan))


@gpu
@testing.numpy_cunp_array_equal()
def test_array_equal_cases(xp):
    n = xp.asarray(numpy.array([1, NAN]))
    c1 = xp.asarray(numpy.array([complex(NAN, 1)]))
    c2 = xp.asarray(numpy.array([complex(1, NAN)]))
    i = xp.asarray(numpy.array([-1], numpy.int64))
    u = xp.asarray(numpy.array([2 ** 64 - 1], numpy.uint64))
    return (xp.array_equal([1, 2], [1, 2]), xp.array_equal([1, 2], [1, 2, 3]),
            xp.array_equal([1, 2], [[1, 2]]), xp.array_equal(n, n), xp.array_equal(n, n, True),
            xp.array_equal(c1, c2, equal_nan=True), xp.array_equal(c1, c2), xp.array_equal(i, u),
            xp.array_equal(1, 1.0), xp.array_equal(xp.ones((0, 3)), xp.ones((0, 3))),
            xp.array_equal(n, xp.asarray(numpy.array([NAN, 1])), equal_nan=True),
            xp.array_equal([[1, 2], [3]], [1]))


@gpu
@testing.numpy_cunp_array_equal()
def test_array_equiv(xp):
    return (xp.array_equiv([1, 2], [1, 2]), xp.array_equiv([1, 2], [1, 3]),
            xp.array_equiv([1, 2], [[1, 2], [1, 2]]), xp.array_equiv([1, 2], [[1, 2, 1, 2]]),
            xp.array_equiv([1, 2], [[1, 2], [1, 3]]), xp.array_equiv(xp.zeros((2, 0)), 0),
            xp.array_equiv(3, xp.full((2, 2), 3)))
