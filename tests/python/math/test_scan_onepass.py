# tests/python/math/test_scan_onepass.py -- the look-back and warp-row scans around their tile and
# block boundaries.
"""Row scans vs NumPy at the sizes where the tile machinery changes behaviour.

A tile is 256 threads x items per thread (4096 float32, 2048 float64/int64, 1024 complex128);
a warp covers 32 lanes x items, in chunks of 16 bytes per lane. Sizes straddle those edges and
run through the look-back over many tiles.
"""
import numpy
import pytest

import cunp
from test_scan_values import ALL, assert_scan_close, data, reference, wide

pytestmark = pytest.mark.gpu

SIZES = [1, 2, 31, 33, 511, 513, 4095, 4096, 4097, 8191, 8192, 8193, 12289, (1 << 20) + 3]


def check_cumsum(a_h, axis=None, **kw):
    got = cunp.cumsum(cunp.asarray(a_h), axis=axis, **kw)
    expected = numpy.cumsum(a_h, axis=axis, **kw)
    if expected.dtype.kind in 'fc':
        flat = a_h.ravel() if axis is None else a_h
        ref = reference(numpy.cumsum, flat, 0 if axis is None else axis)
        assert_scan_close(got, expected, ref, steps=a_h.size if axis is None else a_h.shape[axis])
    else:
        assert_scan_close(got, expected)


@pytest.mark.parametrize('n', SIZES)
@pytest.mark.parametrize('dtype', 'fdlB')
def test_flat_sizes(n, dtype):
    check_cumsum(data((n,), dtype, seed=n))


@pytest.mark.parametrize('n', [4095, 4097, 70001, (1 << 20) + 3])
@pytest.mark.parametrize('dtype', ALL)
def test_flat_every_dtype(n, dtype):
    if dtype == 'e' and n > 30000:
        pytest.skip('float16 sums of ~1 per element overflow past 65504')
    check_cumsum(data((n,), dtype, seed=3))


@pytest.mark.parametrize('n', [1025, 65537])
@pytest.mark.parametrize('dtype', 'efdFD')
def test_flat_cumprod(n, dtype):
    if dtype == 'e' and n > 2000:
        pytest.skip('a float16 random-walk product leaves float16 range')
    a = data((n,), dtype, kind='prod', seed=5)
    got = cunp.cumprod(cunp.asarray(a))
    assert_scan_close(got, numpy.cumprod(a), numpy.cumprod(wide(a)), steps=n)


@pytest.mark.slow
def test_flat_huge():
    n = (1 << 25) + 7
    check_cumsum(data((n,), 'f', seed=7))
    a = numpy.random.default_rng(1).integers(-1000, 1000, n, dtype=numpy.int32)
    check_cumsum(a)


def test_float32_accuracy_vs_numpy():
    # NumPy's sequential float32 sum is the bar; a tiled scan should not do worse.
    a = numpy.random.default_rng(2).random(10_000_000, dtype=numpy.float32)
    ref = numpy.cumsum(a.astype(numpy.float64))
    err_np = numpy.max(numpy.abs(numpy.cumsum(a) - ref))
    err = numpy.max(numpy.abs(cunp.cumsum(cunp.asarray(a)).get() - ref))
    assert err <= err_np, (err, err_np)


def test_float16_accumulates_in_float32():
    a = numpy.full(100_000, 0.1, dtype=numpy.float16)
    got = cunp.cumsum(cunp.asarray(a)).get()
    assert got.dtype == numpy.float16
    exact = numpy.cumsum(a.astype(numpy.float64)).astype(numpy.float16)
    # One rounding from a float32 running sum: within a float16 ulp of the exact value.
    numpy.testing.assert_allclose(got.astype(numpy.float64), exact.astype(numpy.float64), rtol=2e-3)


@pytest.mark.parametrize('dtype', ['i', 'l', 'L', 'b', 'h'])
def test_integer_overflow_wraps(dtype):
    info = numpy.iinfo(dtype)
    rng = numpy.random.default_rng(4)
    a = rng.integers(info.max // 4, info.max, 50_000, dtype=dtype, endpoint=True)
    got = cunp.cumsum(cunp.asarray(a), dtype=dtype)
    with numpy.errstate(over='ignore'):
        expected = numpy.cumsum(a, dtype=dtype)
    numpy.testing.assert_array_equal(got.get(), expected)


@pytest.mark.parametrize('view', ['reversed', 'step2', 'offset1', 'offset3'])
@pytest.mark.parametrize('n', [4097, 100_003])
def test_flat_views(view, n):
    base = data((2 * n + 8,), 'f', seed=8)
    a = {'reversed': base[::-1], 'step2': base[::2], 'offset1': base[1:n + 1],
         'offset3': base[3:n + 3]}[view]
    b = {'reversed': cunp.asarray(base)[::-1], 'step2': cunp.asarray(base)[::2],
         'offset1': cunp.asarray(base)[1:n + 1], 'offset3': cunp.asarray(base)[3:n + 3]}[view]
    expected = numpy.cumsum(a)
    assert_scan_close(cunp.cumsum(b), expected, reference(numpy.cumsum, a, 0), steps=a.size)


@pytest.mark.parametrize('n', [4097, 100_003])
@pytest.mark.parametrize('dtype', ['f', 'l'])
def test_out_strided_view(n, dtype):
    a = data((n,), dtype, seed=9)
    out = cunp.full(2 * n, -1, dtype=dtype)
    res = cunp.cumsum(cunp.asarray(a), out=out[::2])
    expected = numpy.cumsum(a)
    got = out.get()
    assert_scan_close(got[::2], expected, None if dtype == 'l' else reference(numpy.cumsum, a, 0),
                      steps=n)
    assert (got[1::2] == -1).all()
    assert_scan_close(res, expected, None if dtype == 'l' else reference(numpy.cumsum, a, 0), steps=n)


@pytest.mark.parametrize('n', [4097, 20000])
def test_out_other_dtype(n):
    a = data((n,), 'f', seed=10)
    out = cunp.empty(n, dtype=numpy.float64)
    cunp.cumsum(cunp.asarray(a), out=out)
    numpy.testing.assert_allclose(out.get(), numpy.cumsum(a.astype(numpy.float64)), rtol=1e-5)
    outh = cunp.empty(n, dtype=numpy.float16)
    cunp.cumsum(cunp.asarray(a), out=outh)
    numpy.testing.assert_allclose(outh.get().astype(numpy.float64),
                                  numpy.cumsum(a.astype(numpy.float64)), rtol=2e-3)


@pytest.mark.parametrize('shape', [(3, 5, 9001), (2, 9001, 3), (4, 3, 5)])
@pytest.mark.parametrize('axis', [None, 0, 1, -1])
@pytest.mark.parametrize('dtype', ['f', 'l'])
def test_3d_axes(shape, axis, dtype):
    a = data(shape, dtype, seed=11)
    check_cumsum(a, axis=axis)
    check_cumsum(numpy.ascontiguousarray(a.transpose(2, 0, 1)), axis=axis)
    if axis is not None:
        got = cunp.cumsum(cunp.asarray(a).transpose(2, 0, 1), axis=axis)
        expected = numpy.cumsum(a.transpose(2, 0, 1), axis=axis)
        if dtype == 'l':
            assert_scan_close(got, expected)
        else:
            numpy.testing.assert_allclose(got.get(), expected, rtol=1e-4)


@pytest.mark.parametrize('shape', [(10000, 37), (3000, 1000), (300, 5000), (64, 100_000),
                                   (5, 3, 40000)])
@pytest.mark.parametrize('dtype', ['f', 'd', 'e', 'i', 'D'])
def test_rows(shape, dtype):
    if dtype == 'e' and shape[-1] > 20000:
        pytest.skip('float16 sums of ~1 per element overflow past 65504')
    check_cumsum(data(shape, dtype, seed=12), axis=-1)


@pytest.mark.parametrize('name,dtype', [('maximum', 'f'), ('maximum', 'b'), ('minimum', 'H'),
                                        ('maximum', 'e'), ('logical_or', '?'),
                                        ('bitwise_xor', 'B'), ('maximum', 'D'), ('fmin', 'd')])
@pytest.mark.parametrize('n', [4097, 300_001])
def test_other_ops_long_rows(name, dtype, n):
    rng = numpy.random.default_rng(13)
    if dtype == '?':
        a = rng.random(n) < 0.0001
    elif numpy.dtype(dtype).kind in 'iu':
        a = rng.integers(0, 120, n).astype(dtype)
    else:
        a = rng.standard_normal(n).astype(dtype)
        if dtype == 'D':
            a = a + 1j * rng.standard_normal(n)
    got = getattr(cunp, name).accumulate(cunp.asarray(a))
    expected = getattr(numpy, name).accumulate(a)
    numpy.testing.assert_array_equal(got.get(), expected)


def test_nancumsum_long():
    a = data((300_001,), 'f', seed=14)
    a[::7] = numpy.nan
    a[:3] = numpy.nan
    expected = numpy.nancumsum(a)
    got = cunp.nancumsum(cunp.asarray(a))
    ref = numpy.cumsum(wide(numpy.where(numpy.isnan(a), 0, a)))
    assert_scan_close(got, expected, ref, steps=a.size)


def test_repeated_calls_reuse_scratch():
    # The tile status is cleared per call: a stale status would hand out a wrong prefix.
    a = data((1 << 18,), 'f', seed=15)
    b = data((1 << 18,), 'f', seed=16) * 3
    x, y = cunp.asarray(a), cunp.asarray(b)
    for _ in range(3):
        numpy.testing.assert_allclose(cunp.cumsum(x).get(), numpy.cumsum(a), rtol=1e-4)
        numpy.testing.assert_allclose(cunp.cumsum(y).get(), numpy.cumsum(b), rtol=1e-4)
