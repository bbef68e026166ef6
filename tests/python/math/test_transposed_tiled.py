"""Elementwise operations whose operands disagree on the fastest axis (a * b.T, copies into
another order, out= a transposed view): the engine walks them in shared-memory tiles. Every
case is compared with NumPy.
"""

import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu

ALL_DTYPES = ['?', 'b', 'B', 'h', 'H', 'i', 'I', 'q', 'Q', 'e', 'f', 'd', 'F', 'D']
SHAPES = [(1, 1), (31, 33), (1000, 1), (33, 4097), (64, 64), (8, 9), (257, 31)]


def _values(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind in 'iu':
        return rng.integers(0, 50, shape).astype(dtype)
    v = rng.standard_normal(shape)
    if dtype.kind == 'c':
        v = v + 1j * rng.standard_normal(shape)
    return v.astype(dtype)


def _check(got, want, dtype=None):
    got = cunp.asnumpy(got)
    assert got.shape == want.shape
    assert got.dtype == want.dtype
    kind = numpy.dtype(want.dtype).kind
    if kind in 'fc':
        tol = 1e-2 if want.dtype == numpy.float16 else 1e-5
        numpy.testing.assert_allclose(got, want, rtol=tol, atol=tol)
    else:
        numpy.testing.assert_array_equal(got, want)


@pytest.mark.parametrize('dtype', ALL_DTYPES)
@pytest.mark.parametrize('shape', SHAPES)
def test_mul_transposed(dtype, shape):
    a = _values(shape, dtype, 1)
    b = _values(shape[::-1], dtype, 2)
    _check(cunp.asarray(a) * cunp.asarray(b).T, a * b.T)


@pytest.mark.parametrize('dtype', ALL_DTYPES)
def test_add_self_transpose(dtype):
    a = _values((65, 65), dtype, 3)
    x = cunp.asarray(a)
    _check(x + x.T, a + a.T)


@pytest.mark.parametrize('dtype', ALL_DTYPES)
@pytest.mark.parametrize('shape', [(31, 33), (33, 4097), (1, 7), (40, 8)])
def test_transpose_copies(dtype, shape):
    b = _values(shape, dtype, 4)
    x = cunp.asarray(b)
    _check(x.T.copy(), b.T.copy())
    _check(cunp.ascontiguousarray(x.T), numpy.ascontiguousarray(b.T))
    _check(cunp.asfortranarray(x), numpy.asfortranarray(b))
    y = x.T.copy()
    assert y.flags.c_contiguous
    f = cunp.asfortranarray(x)
    assert f.flags.f_contiguous


@pytest.mark.parametrize('src', ALL_DTYPES)
@pytest.mark.parametrize('dst', ['?', 'b', 'e', 'f', 'd', 'D', 'Q'])
def test_astype_transposed(src, dst):
    b = _values((37, 70), src, 5)
    x = cunp.asarray(b)
    with numpy.errstate(all='ignore'):
        want = b.T.astype(dst, order='C')
    _check(x.T.astype(dst, order='C'), want)


@pytest.mark.parametrize('dtype', ['f', 'd', 'D', 'b', '?'])
def test_batched_transposes(dtype):
    x = _values((3, 66, 65), dtype, 6)
    y = _values((3, 65, 66), dtype, 7)
    X, Y = cunp.asarray(x), cunp.asarray(y)
    _check(X.transpose(0, 2, 1) + Y, x.transpose(0, 2, 1) + y)
    _check(Y + X.transpose(0, 2, 1), y + x.transpose(0, 2, 1))
    _check(X.transpose(0, 2, 1).copy(), x.transpose(0, 2, 1).copy())
    # The batch axis in the middle, or last.
    z = _values((65, 3, 66), dtype, 8)
    Z = cunp.asarray(z)
    _check(Z.transpose(2, 1, 0) + Y.transpose(2, 0, 1), z.transpose(2, 1, 0) + y.transpose(2, 0, 1))
    _check(Z.transpose(2, 1, 0).copy(), z.transpose(2, 1, 0).copy())
    w = _values((2, 3, 40, 50), dtype, 9)
    W = cunp.asarray(w)
    _check(W.transpose(1, 0, 3, 2) + W.transpose(1, 0, 3, 2).copy(),
           w.transpose(1, 0, 3, 2) + w.transpose(1, 0, 3, 2).copy())
    _check(W.transpose(3, 1, 2, 0).copy(), w.transpose(3, 1, 2, 0).copy())


@pytest.mark.parametrize('dtype', ['f', 'd', 'D', 'h'])
def test_negative_strides(dtype):
    a = _values((45, 70), dtype, 10)
    b = _values((70, 45), dtype, 11)
    A, B = cunp.asarray(a), cunp.asarray(b)
    for sl in [(slice(None, None, -1), slice(None)), (slice(None), slice(None, None, -1)),
               (slice(None, None, -1), slice(None, None, -1)), (slice(None, None, 2), slice(1, None, 3))]:
        bb = b[sl]
        BB = B[sl]
        m = min(a.shape[0], bb.shape[1])
        n = min(a.shape[1], bb.shape[0])
        _check(A[:m, :n] - BB.T[:m, :n], a[:m, :n] - bb.T[:m, :n])
        _check(BB.T.copy(), bb.T.copy())
        _check(A[::-1, :] * B.T[:, ::-1], a[::-1, :] * b.T[:, ::-1])


@pytest.mark.parametrize('dtype', ['f', 'd', 'F', 'B'])
def test_broadcast_and_transpose(dtype):
    a = _values((50, 70), dtype, 12)
    b = _values((70, 50), dtype, 13)
    r = _values((70,), dtype, 14)
    c = _values((50, 1), dtype, 15)
    A, B, R, C = (cunp.asarray(v) for v in (a, b, r, c))
    _check(A + B.T + R, a + b.T + r)
    _check(B.T * C, b.T * c)
    _check(B.T + C + R, b.T + c + r)
    _check(B.T + a.dtype.type(3), b.T + a.dtype.type(3))
    z = cunp.asarray(numpy.array(2, dtype=dtype))
    _check(B.T * z, b.T * numpy.array(2, dtype=dtype))
    # A column broadcast along the rows against a transposed operand.
    _check(cunp.asarray(b[:, :1]).T + A, b[:, :1].T + a)


@pytest.mark.parametrize('dtype', ['f', 'd', 'D', '?', 'e'])
@pytest.mark.parametrize('shape', [(31, 33), (40, 513)])
def test_out_transposed_view(dtype, shape):
    a = _values(shape, dtype, 16)
    b = _values(shape, dtype, 17)
    o = numpy.zeros(shape[::-1], dtype)
    O = cunp.asarray(o)
    numpy.logical_or(a, b, out=o.T) if dtype == '?' else numpy.add(a, b, out=o.T)
    if dtype == '?':
        cunp.logical_or(cunp.asarray(a), cunp.asarray(b), out=O.T)
    else:
        cunp.add(cunp.asarray(a), cunp.asarray(b), out=O.T)
    _check(O, o)
    # Writing a C-order result into an F-order output and the reverse.
    f = cunp.asfortranarray(cunp.zeros(shape, dtype))
    cunp.multiply(cunp.asarray(a), cunp.asarray(b), out=f)
    _check(f, a * b)


@pytest.mark.parametrize('dtype', ['f', 'd', 'D', 'b'])
def test_where_transposed(dtype):
    a = _values((40, 70), dtype, 18)
    b = _values((70, 40), dtype, 19)
    m = _values((70, 40), '?', 20)
    o = _values((70, 40), dtype, 21)
    O = cunp.asarray(o)
    numpy.add(a, b.T, out=o.T, where=m.T)
    cunp.add(cunp.asarray(a), cunp.asarray(b).T, out=O.T, where=cunp.asarray(m).T)
    _check(O, o)
    o2 = _values((40, 70), dtype, 22)
    O2 = cunp.asarray(o2)
    numpy.multiply(a, b.T, out=o2, where=m.T)
    cunp.multiply(cunp.asarray(a), cunp.asarray(b).T, out=O2, where=cunp.asarray(m).T)
    _check(O2, o2)


@pytest.mark.parametrize('dtype', ['f', 'd', 'D', 'i'])
@pytest.mark.parametrize('n', [33, 64, 100])
def test_in_place_overlap(dtype, n):
    a = _values((n, n), dtype, 23)
    x = cunp.asarray(a)
    a += a.T
    x += x.T
    _check(x, a)
    b = _values((n, n), dtype, 24)
    y = cunp.asarray(b)
    b[...] = b.T
    y[...] = y.T
    _check(y, b)
    c = _values((n, n), dtype, 25)
    z = cunp.asarray(c)
    numpy.subtract(c.T, c, out=c)
    cunp.subtract(z.T, z, out=z)
    _check(z, c)


def test_empty_and_zero_d():
    for shape in [(0, 5), (5, 0), (0, 0), (3, 0, 4)]:
        a = numpy.zeros(shape, 'f')
        A = cunp.asarray(a)
        _check(A.T + A.T.copy(), a.T + a.T.copy())
        _check(A.T.copy(), a.T.copy())
    a = _values((40, 50), 'd', 26)
    s = numpy.array(1.5)
    _check(cunp.asarray(a).T * cunp.asarray(s), a.T * s)
    _check(cunp.asarray(s) - cunp.asarray(a).T, s - a.T)


@pytest.mark.parametrize('dtype', ['f', 'd'])
def test_elementwise_kernel_transposed(dtype):
    b = _values((45, 70), dtype, 27)
    c = _values((70, 45), dtype, 28)
    k = cunp.ElementwiseKernel('T x, T y', 'T z', 'z = x * 2 + y', 'tiled_user')
    _check(k(cunp.asarray(b).T, cunp.asarray(c)), b.T * 2 + c)
    # Positions are C-order positions of the output, as in CuPy.
    ki = cunp.ElementwiseKernel('T x', 'T z', 'z = x + (T)i', 'tiled_user_index')
    want = b.T + numpy.arange(b.size, dtype=dtype).reshape(b.T.shape)
    _check(ki(cunp.asarray(b).T), want)
    out = cunp.zeros((45, 70), dtype)
    ki(cunp.asarray(c), out.T)
    _check(out.T, c + numpy.arange(c.size, dtype=dtype).reshape(c.shape))
    # A body that skips elements keeps the output's other values.
    ks = cunp.ElementwiseKernel('T x', 'T z', 'if (x < 0) continue; z = x', 'tiled_user_skip')
    o = numpy.full((45, 70), 7, dtype)
    O = cunp.asarray(o)
    ks(cunp.asarray(c).T, O)
    want = numpy.where(c.T < 0, o, c.T)
    _check(O, want)


def test_large_transpose_copy():
    # Past 2**31 elements: 64-bit positions and tile counts.
    try:
        x = cunp.empty((3, 2**15 + 3, 2**14 - 1), dtype='i1')
    except Exception:
        pytest.skip('not enough device memory')
    assert x.size > 2**31 // 2
    rows = cunp.arange(x.shape[1], dtype='i4').astype('i1')
    x[...] = rows[None, :, None]
    x[1] += 1
    y = x.transpose(0, 2, 1).copy()
    assert y.flags.c_contiguous
    host = cunp.asnumpy(y[:, :5, -70:])
    want = numpy.asarray(numpy.arange(x.shape[1] - 70, x.shape[1]), 'i4').astype('i1')
    for b in range(3):
        numpy.testing.assert_array_equal(host[b], numpy.broadcast_to(want + (b == 1), (5, 70)).astype('i1'))
    del x, y
    big = cunp.ones((2**16 + 1, 2**15 + 1), dtype='i1')
    t = big.T.copy()
    assert t.shape == (2**15 + 1, 2**16 + 1)
    assert int(t[-1, -1]) == 1 and int(t[0, 0]) == 1
    assert int(t.sum(dtype='i8')) == big.size
