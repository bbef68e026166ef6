# tests/python/math/test_scan_values.py -- cumsum & co., ufunc.accumulate and ufunc.reduceat vs NumPy
# over dtypes, axes, layouts (every kernel strategy), out=, dtype= and bad input.
"""Scans compared with NumPy.

Floating-point tolerance: a parallel scan associates in another order than NumPy's strictly
sequential loop, so the last bits differ. Both are compared with a reference computed in extended
precision (long double where it is wider than float64, see WIDE), and the error is relative to it.
Inputs are positive (sums) or near 1 (products), so relative errors are meaningful, and in any
association order element k of a row carries k-1 roundings, each a relative error of at most
u = eps/2 (complex products: sqrt(5)*u) weighted by a partial result no larger than the final
one. cunp passes when either holds (see assert_scan_close):
(a) its error is within twice NumPy's own plus 8 ulps -- the usual case for sums, where a blocked
    or tree order is more accurate than a sequential loop;
(b) its error is within 7*u*sqrt(k-1): the Azuma-Hoeffding bound for the largest partial sum of
    k-1 independent mean-zero rounding errors bounded by u (the standard probabilistic model of
    rounding) is exceeded with probability 2*exp(-49/2) < 1e-10 per row, so < 1e-5 over the
    <= 70000 rows of a case. Products need it: every order makes the same k-1 roundings, so
    NumPy's error is just one draw of the same random walk and may happen to be small.
float16 accumulates in float32 and rounds once (NumPy rounds every step), so cunp's error is at
most about one float16 ulp of the exact result.
"""
import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu

ALL = ['?', 'b', 'B', 'h', 'H', 'i', 'I', 'l', 'L', 'e', 'f', 'd', 'F', 'D']
FLOATS = 'efdFD'


def data(shape, dtype, kind='sum', seed=0):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    n = int(numpy.prod(shape))
    if dtype.kind == 'b':
        v = rng.random(n) < 0.5
    elif dtype.kind in 'iu':
        v = rng.integers(0, 3 if kind == 'prod' else 100, n)
    elif kind == 'prod':
        # log-uniform around 1: no drift, so 70000 float32 factors neither underflow (uniform
        # 0.9..1.1 has E[log] < 0 and reached 1e-67) nor overflow, keeping relative errors meaningful.
        v = numpy.exp(rng.uniform(-0.1, 0.1, n))
        if dtype.kind == 'c':
            v = v + 1j * rng.uniform(-0.05, 0.05, n)
    else:
        v = rng.uniform(0.5, 1.5, n)
        if dtype.kind == 'c':
            v = v + 1j * rng.uniform(0.5, 1.5, n)
    return v.astype(dtype).reshape(shape)


def _wide_float():
    # x86-64 long double has a 64-bit mantissa, aarch64 Linux's 113: either makes the
    # reference's own rounding negligible next to float64's. Where long double is float64
    # (Windows, macOS arm64) a float64 reference equals NumPy's result, so NumPy's error reads 0
    # and only criterion (b) is meaningful.
    return numpy.longdouble if numpy.finfo(numpy.longdouble).nmant > 52 else numpy.float64


_WIDE_F = _wide_float()
WIDE = {'f': _WIDE_F, 'c': numpy.clongdouble if _WIDE_F is numpy.longdouble else numpy.complex128}


def wide(a):
    """a in the reference's precision (exact: long double holds every float64)."""
    a = numpy.asarray(a)
    return a.astype(WIDE['c' if a.dtype.kind == 'c' else 'f'])


def assert_scan_close(got, expected, reference=None, steps=None):
    """got: cunp result; expected: NumPy's; reference: the same computed by wide() (extended
    precision); steps: elements combined along the scanned axis (the longest row)."""
    got_h = got.get() if isinstance(got, cunp.ndarray) else numpy.asarray(got)
    assert got_h.dtype == expected.dtype, (got_h.dtype, expected.dtype)
    assert got_h.shape == expected.shape, (got_h.shape, expected.shape)
    if reference is None:
        if expected.dtype.kind in 'fc':
            numpy.testing.assert_allclose(got_h, expected, rtol=1e-4 if expected.dtype.char in 'eFf' else 1e-6)
        else:
            numpy.testing.assert_array_equal(got_h, expected)
        return
    assert steps is not None
    ref = wide(reference)
    scale = numpy.maximum(numpy.abs(ref), numpy.finfo(numpy.float64).tiny)
    err_got = numpy.max(numpy.abs(got_h.astype(ref.dtype) - ref) / scale, initial=0)
    eps = numpy.finfo(expected.dtype).eps
    if expected.dtype == numpy.float16:
        assert err_got <= 2 * eps, err_got
        return
    err_np = numpy.max(numpy.abs(expected.astype(ref.dtype) - ref) / scale, initial=0)
    # (a) and (b) of the module docstring.
    walk = 7 * (eps / 2) * numpy.sqrt(max(steps - 1, 0)) * (numpy.sqrt(5) if expected.dtype.kind == 'c' else 1)
    tol = max(2 * err_np, walk) + 8 * eps
    assert err_got <= tol, (err_got, err_np, walk)


def reference(fn, a, axis, **kw):
    return fn(wide(a), axis=axis)


def row_len(a, axis):
    return a.size if axis is None else a.shape[axis]


# (shape, axis): one case per kernel strategy. Lines: short rows or a few; WarpRows: many
# medium rows; LookBack: long rows (1-d and several); chunked: strided axis with few lines;
# transposed copy: very few long strided lines.
CASES = [
    ((7,), 0), ((16,), 0), ((17,), 0), ((1000,), 0), ((5000,), 0), ((100003,), 0),
    ((3, 4, 5), 0), ((3, 4, 5), 1), ((3, 4, 5), 2), ((3, 4, 5), -1),
    ((3000, 64), 1), ((3000, 64), 0), ((64, 3000), 1), ((64, 3000), 0),
    ((20000, 40), 1), ((20000, 40), 0), ((70000, 3), 0), ((70000, 3), 1),
    ((2, 1, 3, 1, 600), 4), ((2, 1, 3, 1, 600), 2), ((8, 20000), 1), ((8, 20000), 0),
]


@pytest.mark.parametrize('shape,axis', CASES)
@pytest.mark.parametrize('dtype', 'lfd')
def test_cumsum_shapes(shape, axis, dtype):
    a = data(shape, dtype)
    expected = numpy.cumsum(a, axis=axis)
    got = cunp.cumsum(cunp.asarray(a), axis=axis)
    assert_scan_close(got, expected, reference(numpy.cumsum, a, axis) if dtype in 'fd' else None,
                      row_len(a, axis))


@pytest.mark.parametrize('shape,axis', CASES[::3])
@pytest.mark.parametrize('dtype', ALL)
def test_cumsum_dtypes(shape, axis, dtype):
    a = data(shape, dtype)
    expected = numpy.cumsum(a, axis=axis)
    got = cunp.cumsum(cunp.asarray(a), axis=axis)
    ref = reference(numpy.cumsum, a, axis) if dtype in FLOATS else None
    if dtype == 'e' and shape[axis] > 500:
        pytest.skip('float16 sums beyond a few hundred lose NumPy\'s per-step rounding meaningfully')
    assert_scan_close(got, expected, ref, row_len(a, axis))


@pytest.mark.parametrize('shape,axis', CASES[::2])
@pytest.mark.parametrize('dtype', ALL)
def test_cumprod_dtypes(shape, axis, dtype):
    a = data(shape, dtype, kind='prod')
    if dtype not in FLOATS and shape[axis] > 40:
        a = numpy.where(a == 2, 1, a).astype(dtype)  # keep integer products in range
    expected = numpy.cumprod(a, axis=axis)
    got = cunp.cumprod(cunp.asarray(a), axis=axis)
    ref = reference(numpy.cumprod, a, axis) if dtype in FLOATS else None
    if dtype == 'e' and shape[axis] > 200:
        pytest.skip('float16 products drift from NumPy\'s per-step rounding')
    assert_scan_close(got, expected, ref, row_len(a, axis))


def layouts(a):
    """Views of a (2-d or more) that are not contiguous in the ordinary way."""
    yield 'T', lambda x: x.T
    yield 'neg', lambda x: x[::-1]
    yield 'neg-last', lambda x: x[..., ::-1]
    yield 'step', lambda x: x[:, ::2]
    yield 'offset', lambda x: x[1:, 1:]  # misaligned rows: no vector loads


@pytest.mark.parametrize('shape', [(50, 1200), (1200, 50), (9, 70001)])
@pytest.mark.parametrize('axis', [0, 1, -1, None])
@pytest.mark.parametrize('layout', [name for name, _ in layouts(None)])
def test_cumsum_layouts(shape, axis, layout):
    view = dict(layouts(None))[layout]
    a = data(shape, 'f')
    av = view(a)
    got = cunp.cumsum(view(cunp.asarray(a)), axis=axis)
    assert_scan_close(got, numpy.cumsum(av, axis=axis), reference(numpy.cumsum, av, axis), row_len(av, axis))


def test_cumsum_flattens_and_scalars():
    a = data((4, 5, 6), 'l')
    numpy.testing.assert_array_equal(cunp.cumsum(cunp.asarray(a)).get(), numpy.cumsum(a))
    numpy.testing.assert_array_equal(cunp.cumsum(cunp.asarray(a).T).get(), numpy.cumsum(a.T))
    numpy.testing.assert_array_equal(cunp.asarray(a).cumsum(axis=1).get(), a.cumsum(axis=1))
    numpy.testing.assert_array_equal(cunp.asarray(a).cumprod().get(), a.cumprod())
    z = numpy.array(3.5)
    for axis in (None, 0, -1):
        got = cunp.cumsum(cunp.asarray(z), axis=axis).get()
        numpy.testing.assert_array_equal(got, numpy.cumsum(z, axis=axis))
    numpy.testing.assert_array_equal(cunp.cumsum([1, 2, 3]).get(), numpy.cumsum([1, 2, 3]))


@pytest.mark.parametrize('shape,axis', [((0,), 0), ((2, 0), 1), ((0, 3), 0), ((0, 3), 1), ((0,), None)])
def test_cumsum_empty(shape, axis):
    a = numpy.zeros(shape, 'f')
    got = cunp.cumsum(cunp.asarray(a), axis=axis)
    assert got.shape == numpy.cumsum(a, axis=axis).shape
    assert got.dtype == numpy.float32


def test_small_ints_accumulate_as_int64():
    for dt, want in [('?', 'l'), ('b', 'l'), ('h', 'l'), ('i', 'l'), ('B', 'L'), ('H', 'L'), ('I', 'L')]:
        a = numpy.array([100, 100, 100], dt) if dt != '?' else numpy.array([True, True, False])
        assert cunp.cumsum(cunp.asarray(a)).dtype == numpy.dtype(want)
        assert cunp.cumprod(cunp.asarray(a)).dtype == numpy.dtype(want)
        assert cunp.add.accumulate(cunp.asarray(a)).dtype == numpy.add.accumulate(a).dtype
        numpy.testing.assert_array_equal(cunp.cumsum(cunp.asarray(a)).get(), numpy.cumsum(a))


def test_dtype_argument():
    a = numpy.array([100, 100, 100, 5], numpy.int32)
    for dt in ('b', 'f', 'd', 'e', 'F', 'L'):
        got = cunp.cumsum(cunp.asarray(a), dtype=dt)
        assert_scan_close(got, numpy.cumsum(a, dtype=dt))
    x = numpy.array([0.5, 0.5, 0.5, 0.5])
    numpy.testing.assert_array_equal(cunp.add.accumulate(cunp.asarray(x), dtype=int).get(),
                                     numpy.add.accumulate(x, dtype=int))


def test_out_argument():
    x = numpy.array([0.5, 0.5, 0.5, 0.5])
    out = cunp.empty(4, dtype=int)
    r = cunp.cumsum(cunp.asarray(x), out=out)
    assert r is out
    numpy.testing.assert_array_equal(out.get(), numpy.cumsum(x, out=numpy.empty(4, int)))
    a = numpy.array([100, 100], numpy.int8)
    out = cunp.empty(2, dtype=numpy.int16)
    cunp.add.accumulate(cunp.asarray(a), out=out)
    numpy.testing.assert_array_equal(out.get(), numpy.add.accumulate(a, out=numpy.empty(2, numpy.int16)))
    out = cunp.empty(2, dtype=numpy.int8)
    cunp.add.accumulate(cunp.asarray(a), out=(out,))
    numpy.testing.assert_array_equal(out.get(), numpy.add.accumulate(a, out=numpy.empty(2, numpy.int8)))
    # out= a non-contiguous view, and in place
    b = data((30, 40), 'd')
    big = cunp.zeros((30, 80))
    cunp.cumsum(cunp.asarray(b), axis=1, out=big[:, ::2])
    assert_scan_close(big[:, ::2], numpy.cumsum(b, axis=1), reference(numpy.cumsum, b, 1), row_len(b, 1))
    g = cunp.asarray(b)
    cunp.cumsum(g, axis=0, out=g)
    assert_scan_close(g, numpy.cumsum(b, axis=0), reference(numpy.cumsum, b, 0), row_len(b, 0))
    # overlapping but shifted: must behave as if the input were copied first
    h = data((1000,), 'l')
    gh = cunp.asarray(h)
    cunp.cumsum(gh[:-1], out=gh[1:])
    expected = h.copy()
    expected[1:] = numpy.cumsum(h[:-1])
    numpy.testing.assert_array_equal(gh.get(), expected)
    with pytest.raises(ValueError):
        cunp.cumsum(cunp.ones(3), out=cunp.empty(4))
    with pytest.raises(ValueError):
        cunp.add.accumulate(cunp.ones((2, 3)), out=cunp.empty((3, 2)))


def test_nan_forms():
    a = numpy.array([[numpy.nan, 1.0, 2.0, numpy.nan], [3.0, numpy.nan, numpy.nan, 0.5]])
    for fn in ('nancumsum', 'nancumprod', 'cumsum'):
        for axis in (None, 0, 1):
            got = getattr(cunp, fn)(cunp.asarray(a), axis=axis)
            numpy.testing.assert_array_equal(got.get(), getattr(numpy, fn)(a, axis=axis))
    c = numpy.array([1 + 1j, complex(numpy.nan, 0), 2j])
    numpy.testing.assert_allclose(cunp.nancumsum(cunp.asarray(c)).get(), numpy.nancumsum(c))
    i = numpy.array([1, 2, 3], numpy.int8)
    assert cunp.nancumsum(cunp.asarray(i)).dtype == numpy.nancumsum(i).dtype
    big = data((100003,), 'f')
    big[::7] = numpy.nan
    got = cunp.nancumsum(cunp.asarray(big))
    assert_scan_close(got, numpy.nancumsum(big), numpy.nancumsum(wide(big)), big.size)


def test_cumulative():
    a = data((3, 4), 'l')
    for fn in ('cumulative_sum', 'cumulative_prod'):
        for axis in (0, 1, -1):
            for init in (False, True):
                got = getattr(cunp, fn)(cunp.asarray(a), axis=axis, include_initial=init)
                numpy.testing.assert_array_equal(
                    got.get(), getattr(numpy, fn)(a, axis=axis, include_initial=init))
        one = data((5,), 'b')
        numpy.testing.assert_array_equal(getattr(cunp, fn)(cunp.asarray(one)).get(),
                                         getattr(numpy, fn)(one))
        numpy.testing.assert_array_equal(
            getattr(cunp, fn)(cunp.asarray(one), include_initial=True, dtype='f').get(),
            getattr(numpy, fn)(one, include_initial=True, dtype='f'))
        numpy.testing.assert_array_equal(getattr(cunp, fn)(cunp.asarray(numpy.array(5))).get(),
                                         getattr(numpy, fn)(numpy.array(5)))
        e = numpy.zeros((0,), 'f')
        numpy.testing.assert_array_equal(getattr(cunp, fn)(cunp.asarray(e), include_initial=True).get(),
                                         getattr(numpy, fn)(e, include_initial=True))
        with pytest.raises(ValueError, match='axis'):
            getattr(cunp, fn)(cunp.asarray(a))
        with pytest.raises(numpy.exceptions.AxisError):
            getattr(cunp, fn)(cunp.asarray(a), axis=2)
    out = cunp.empty((3, 5), dtype='l')
    r = cunp.cumulative_sum(cunp.asarray(a), axis=1, include_initial=True, out=out)
    assert r is out
    numpy.testing.assert_array_equal(out.get(), numpy.cumulative_sum(a, axis=1, include_initial=True))


ACCUMULATE = [
    ('add', 'bhilBfdFD'), ('subtract', 'ilfd'), ('multiply', '?ilfD'), ('maximum', '?bilefd'),
    ('minimum', 'ilfd'), ('fmax', 'fd'), ('fmin', 'fd'), ('logical_and', '?l'), ('logical_or', '?f'),
    ('logical_xor', '?'), ('bitwise_and', 'ilB'), ('bitwise_or', 'ilB'), ('bitwise_xor', 'ilB'),
    ('divide', 'fd'), ('true_divide', 'd'), ('floor_divide', 'ld'), ('power', 'l'), ('gcd', 'il'),
    ('lcm', 'i'), ('hypot', 'fd'), ('arctan2', 'd'), ('fmod', 'd'), ('copysign', 'd'),
    ('equal', '?'), ('less', '?'),
]


@pytest.mark.parametrize('name,types', ACCUMULATE)
@pytest.mark.parametrize('shape,axis', [((9,), 0), ((5000,), 0), ((40, 70), 0), ((40, 70), 1),
                                        ((70000, 2), 0)])
def test_ufunc_accumulate(name, types, shape, axis):
    for t in types:
        kind = 'prod' if name in ('multiply', 'power', 'divide', 'true_divide', 'lcm', 'floor_divide') else 'sum'
        a = data(shape, t, kind=kind)
        if name in ('power', 'lcm', 'floor_divide') and t in 'il':
            a = numpy.where(a == 0, 1, a).astype(t)
            if shape[axis] > 20:
                a = numpy.ones(shape, t)
        npf, cpf = getattr(numpy, name), getattr(cunp, name)
        with numpy.errstate(all='ignore'):
            expected = npf.accumulate(a, axis=axis)
        got = cpf.accumulate(cunp.asarray(a), axis=axis)
        if expected.dtype.kind in 'fc' and name in ('add', 'multiply'):
            ref = npf.accumulate(wide(a), axis=axis)
            assert_scan_close(got, expected, ref, row_len(a, axis))
        elif expected.dtype.kind in 'efc':
            # Non-associative ops run sequentially as NumPy does; float16 computes in float32.
            # float32 chains (hypot) may differ by an ulp per step from the host's libm.
            rtol = {'e': 2e-3, 'f': 1e-3}.get(t, 1e-9)
            numpy.testing.assert_allclose(got.get(), expected, rtol=rtol, equal_nan=True)
            assert got.dtype == expected.dtype
        else:
            assert_scan_close(got, expected)


def test_accumulate_errors():
    a = cunp.ones((2, 3))
    with pytest.raises(ValueError, match='accumulate only supported for binary functions'):
        cunp.sin.accumulate(a)
    with pytest.raises(ValueError, match='single value'):
        cunp.divmod.accumulate(a)
    with pytest.raises(TypeError, match='cannot accumulate on a scalar'):
        cunp.add.accumulate(cunp.asarray(numpy.float64(3)))
    with pytest.raises(numpy.exceptions.AxisError):
        cunp.add.accumulate(a, axis=2)
    with pytest.raises(numpy.exceptions.AxisError):
        cunp.cumsum(a, axis=-3)
    with pytest.raises(ValueError, match='multiple axes'):
        cunp.add.accumulate(a, axis=None)
    with pytest.raises(ValueError, match='multiple axes'):
        cunp.add.accumulate(a, axis=(0, 1))
    numpy.testing.assert_array_equal(cunp.add.accumulate(a, axis=(1,)).get(),
                                     numpy.add.accumulate(numpy.ones((2, 3)), axis=(1,)))
    with pytest.raises(TypeError):
        cunp.cumsum(a, axis=(0,))
    with pytest.raises(TypeError):
        cunp.cumsum(a, axis=1.0)
    with pytest.raises(TypeError):
        cunp.less.accumulate(cunp.ones(3))
    with pytest.raises(TypeError):
        cunp.subtract.accumulate(cunp.asarray(numpy.array([True, False])))


REDUCEAT = [
    (numpy.arange(8.0), [0, 4, 1, 5], 0),
    (numpy.arange(8.0), [0, 3, 3, 7], 0),
    (numpy.arange(8.0), [5], 0),
    (numpy.arange(8.0), [7, 0], 0),
    (numpy.arange(8.0), [], 0),
    (numpy.arange(16.0).reshape(4, 4), [0, 3, 1, 2, 0], 0),
    (numpy.arange(16.0).reshape(4, 4), [0, 3], 1),
    (numpy.arange(16.0).reshape(4, 4), [0, 3], -1),
    (numpy.arange(30000.0).reshape(100, 300), [0, 10, 250, 299], 1),
    (numpy.arange(30000.0).reshape(300, 100), [0, 10, 250, 299], 0),
]


@pytest.mark.parametrize('a,indices,axis', REDUCEAT)
@pytest.mark.parametrize('name', ['add', 'multiply', 'maximum', 'minimum', 'subtract', 'logical_or'])
def test_reduceat(a, indices, axis, name):
    npf, cpf = getattr(numpy, name), getattr(cunp, name)
    if name == 'multiply':
        a = 1 + a / a.size
    expected = npf.reduceat(a, indices, axis=axis)
    got = cpf.reduceat(cunp.asarray(a), indices, axis=axis)
    assert got.dtype == expected.dtype
    if expected.dtype == bool:
        numpy.testing.assert_array_equal(got.get(), expected)
    else:
        numpy.testing.assert_allclose(got.get(), expected, rtol=1e-12)


def test_reduceat_dtypes_and_views():
    for t in ALL:
        a = data((6, 50), t)
        idx = numpy.array([0, 7, 7, 30, 2])
        for axis in (0, 1):
            ii = idx % a.shape[axis]
            expected = numpy.add.reduceat(a, ii, axis=axis)
            got = cunp.add.reduceat(cunp.asarray(a), cunp.asarray(ii), axis=axis)
            assert got.dtype == expected.dtype
            # NumPy may sum a segment pairwise, cunp in order: float32 differs in the last bits.
            numpy.testing.assert_allclose(got.get(), expected, rtol={'e': 5e-3, 'f': 1e-5, 'F': 1e-5}.get(t, 1e-12))
    a = data((20, 30), 'd')
    v = a[::-1, ::3]
    got = cunp.add.reduceat(cunp.asarray(a)[::-1, ::3], [0, 4, 2], axis=1)
    numpy.testing.assert_allclose(got.get(), numpy.add.reduceat(v, [0, 4, 2], axis=1))
    x = numpy.array([0.5, 0.5, 0.5])
    out = cunp.empty(2, dtype=int)
    r = cunp.add.reduceat(cunp.asarray(x), [0, 2], out=out)
    assert r is out
    numpy.testing.assert_array_equal(out.get(), numpy.add.reduceat(x, [0, 2], out=numpy.empty(2, int)))
    numpy.testing.assert_array_equal(cunp.add.reduceat(cunp.asarray(x), [0, 2], dtype=int).get(),
                                     numpy.add.reduceat(x, [0, 2], dtype=int))
    i8 = numpy.array([100, 100, 1], numpy.int8)
    numpy.testing.assert_array_equal(cunp.add.reduceat(cunp.asarray(i8), [0]).get(),
                                     numpy.add.reduceat(i8, [0]))


def test_reduceat_errors():
    a = cunp.asarray(numpy.arange(2.0))
    with pytest.raises(IndexError, match=r'index 2 out-of-bounds in add.reduceat \[0, 2\)'):
        cunp.add.reduceat(a, [0, 2])
    with pytest.raises(IndexError, match='index -1'):
        cunp.add.reduceat(a, [-1])
    with pytest.raises(IndexError):
        cunp.add.reduceat(cunp.zeros(0), [0])
    with pytest.raises(ValueError, match='reduceat only supported for binary functions'):
        cunp.sin.reduceat(a, [0])
    with pytest.raises(TypeError, match='cannot reduceat on a scalar'):
        cunp.add.reduceat(cunp.asarray(numpy.float64(1)), [0])
    with pytest.raises(ValueError, match='multiple axes'):
        cunp.add.reduceat(cunp.ones((2, 3)), [0], axis=None)
    with pytest.raises(TypeError):
        cunp.add.reduceat(a, [0.5])
    with pytest.raises(numpy.exceptions.AxisError):
        cunp.add.reduceat(a, [0], axis=1)
    assert cunp.add.reduceat(cunp.zeros((0, 3)), [0, 1], axis=1).shape == (0, 2)


@pytest.mark.slow
def test_cumsum_large():
    n = (1 << 27) + 12345
    ones = cunp.ones(n, dtype=numpy.int32)
    got = cunp.cumsum(ones)
    assert got.dtype == numpy.int64
    tail = got[-5:].get()
    numpy.testing.assert_array_equal(tail, numpy.arange(n - 4, n + 1))
    step = got[::1 << 20].get()
    numpy.testing.assert_array_equal(step, numpy.arange(1, n + 1, 1 << 20))
    f = cunp.ones(n, dtype=numpy.float32)
    s = cunp.cumsum(f)[::1 << 22].get()
    # float32 holds integers exactly up to 2^24; beyond, compare with the rounding of a scan.
    numpy.testing.assert_allclose(s, numpy.arange(1, n + 1, 1 << 22), rtol=1e-6)


# issue 37: NumPy's cumulative functions take array-likes (lists, tuples, nested, scalars).
@pytest.mark.parametrize('name', ['cumsum', 'cumprod', 'nancumsum', 'nancumprod'])
@pytest.mark.parametrize('value', [[1, 2, 3], (1.5, 2.0), [[1, 2], [3, 4]], 5, [True, False]])
def test_cumulative_of_array_likes(name, value):
    want = getattr(numpy, name)(value)
    got = getattr(cunp, name)(value)
    assert got.dtype == want.dtype and got.shape == want.shape
    numpy.testing.assert_array_equal(cunp.asnumpy(got), want)
