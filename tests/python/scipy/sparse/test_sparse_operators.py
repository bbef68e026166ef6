"""Operators and arguments of the sparse classes against SciPy: `**` (matrix power for
*_matrix, elementwise for *_array), nonzero(), getnnz(axis=), toarray(out=), prune(),
multiply broadcasting a row or column operand, `2 / A` refused, and random(random_state=).

Each test runs on NumPy (CPU) and on cunp (gpu marker), see conftest.py."""

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402

FORMATS = ["csr", "csc", "coo"]
KINDS = ["matrix", "array"]
DTYPES = [numpy.float64, numpy.float32, numpy.complex128, numpy.int32, numpy.int8,
          numpy.bool_]


def host(x):
    if cs.issparse(x):
        x = x.toarray()
    return numpy.asarray(_backend.to_host(x))


def scipy_coo(shape, dtype=numpy.float64, seed=0, dups=True, zeros=True, density=0.4):
    """Random entries; three positions stored twice and one explicit zero when asked."""
    rng = numpy.random.default_rng(seed)
    m, n = shape
    k = int(round(density * m * n))
    pos = rng.permutation(m * n)[:k]
    row, col = pos // max(n, 1), pos % max(n, 1)
    if dups and k:
        row, col = numpy.concatenate([row, row[:3]]), numpy.concatenate([col, col[:3]])
    vals = rng.integers(-3, 4, row.size).astype(float)
    vals[vals == 0] = 1
    if zeros and k:
        vals[-1] = 0
    if numpy.dtype(dtype).kind == "c":
        vals = vals + 1j * rng.integers(-2, 3, row.size)
    data = vals != 0 if dtype == numpy.bool_ else vals.astype(dtype)
    return sps.coo_matrix((data, (row, col)), shape=shape)


def pair(fmt, kind, shape, dtype=numpy.float64, **kw):
    s0 = scipy_coo(shape, dtype, **kw)
    return getattr(cs, f"{fmt}_{kind}")(s0), getattr(sps, f"{fmt}_{kind}")(s0)


def same(c, s, exact=True):
    assert cs.issparse(c) == sps.issparse(s), (type(c), type(s))
    a, b = host(c), (s.toarray() if sps.issparse(s) else numpy.asarray(s))
    assert a.shape == b.shape, (a.shape, b.shape)
    if exact:
        numpy.testing.assert_array_equal(a, b)
    else:
        numpy.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex128, numpy.int32])
def test_matrix_power(backend, fmt, dtype):
    c, s = pair(fmt, "matrix", (6, 6), dtype)
    for n in (0, 1, 2, 3, 5, numpy.int64(4)):
        r, e = c ** n, s ** n
        same(r, e)
        assert r.shape == e.shape
    bad = [(-1, ValueError), (2.5, ValueError)]
    for n, err in bad:
        with pytest.raises(err):
            s ** n
        with pytest.raises(err):
            c ** n
    c2, s2 = pair(fmt, "matrix", (3, 5))
    with pytest.raises(TypeError):
        s2 ** 2
    with pytest.raises(TypeError):
        c2 ** 2


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32, numpy.complex128,
                                   numpy.int32, numpy.int8])
def test_array_power_is_elementwise(backend, fmt, dtype):
    c, s = pair(fmt, "array", (5, 7), dtype)
    for n in (1, 2, 3, numpy.int64(2)) + ((-1, 0.5) if numpy.dtype(dtype).kind in "fc"
                                          else ()):
        r, e = c ** n, s ** n
        assert r.format == e.format and r.dtype == e.dtype
        same(r, e, exact=numpy.dtype(dtype).kind in "iu")
    for n, err in [(0, NotImplementedError), (s.toarray(), NotImplementedError)]:
        with pytest.raises(err):
            s ** n
        with pytest.raises(err):
            c ** (n if numpy.isscalar(n) else _backend.xp.asarray(n))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("shape", [(5, 7), (1, 1), (0, 3), (6, 1)])
def test_nonzero_and_getnnz(backend, fmt, kind, shape):
    c, s = pair(fmt, kind, shape)
    for r, e in zip(c.nonzero(), s.nonzero()):
        numpy.testing.assert_array_equal(host(r), e)
    assert c.getnnz() == s.nnz
    ref = sps.csr_matrix(s) if kind == "array" else s  # SciPy's *_array has no getnnz
    if fmt == "coo":
        ref = sps.coo_matrix(s)
    for axis in (0, 1, -1, -2):
        got = host(c.getnnz(axis=axis))
        # SciPy's COO fails on axis=-2 (IndexError); its CSR gives the axis-0 answer.
        numpy.testing.assert_array_equal(got, ref.getnnz(axis=axis % 2))
    for axis in (2, -3):
        with pytest.raises((ValueError, IndexError)):  # COO's -3: IndexError
            ref.getnnz(axis=axis)
        with pytest.raises(ValueError):
            c.getnnz(axis=axis)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_toarray_out(backend, fmt, dtype):
    c, s = pair(fmt, "array", (4, 6), dtype)
    xp = _backend.xp
    out = xp.full((4, 6), 7, dtype=dtype)
    r = c.toarray(out=out)
    assert r is out
    numpy.testing.assert_array_equal(host(out), s.toarray())
    f_out = xp.asfortranarray(xp.ones((4, 6), dtype=dtype))
    c.toarray(out=f_out)
    numpy.testing.assert_array_equal(host(f_out), s.toarray())
    h_out = numpy.ones((4, 6), dtype=dtype)  # a host buffer takes a copy
    c.toarray(out=h_out)
    numpy.testing.assert_array_equal(h_out, s.toarray())
    for bad in [numpy.zeros((4, 5), dtype=dtype), numpy.zeros((4, 6), dtype=numpy.int16)]:
        with pytest.raises(ValueError):
            s.toarray(out=bad)
        with pytest.raises(ValueError):
            c.toarray(out=xp.asarray(bad))
    with pytest.raises(ValueError):
        s.toarray(order="C", out=numpy.zeros((4, 6), dtype=dtype))
    with pytest.raises(ValueError):
        c.toarray(order="C", out=out)


@pytest.mark.parametrize("fmt", ["csr", "csc"])
def test_prune(backend, fmt):
    xp = _backend.xp
    data = xp.asarray([1.0, 2.0, 3.0, 9.0, 9.0])
    indices = xp.asarray([0, 2, 1, 0, 0], dtype=numpy.int32)
    indptr = xp.asarray([0, 2, 3], dtype=numpy.int32)
    c = getattr(cs, f"{fmt}_matrix")((data, indices, indptr), shape=(2, 3) if fmt == "csr"
                                     else (3, 2))
    # The constructor's check already prunes; SciPy's does as well.
    s = getattr(sps, f"{fmt}_matrix")((_backend.to_host(data), _backend.to_host(indices),
                                       _backend.to_host(indptr)), shape=c.shape)
    assert c.data.shape[0] == s.data.shape[0] == 3
    c.data, c.indices = xp.concatenate([c.data, data[3:]]), xp.concatenate(
        [c.indices, indices[3:]])
    s.data, s.indices = numpy.concatenate([s.data, [9.0, 9.0]]), numpy.concatenate(
        [s.indices, [0, 0]])
    c.prune()
    s.prune()
    assert c.data.shape[0] == s.data.shape[0] == 3
    assert c.indices.shape[0] == s.indices.shape[0] == 3
    same(c, s)


def _operands(s, shape, kind, dense):
    """SciPy and cunp operands of `shape` (sparse of the same kind, or dense)."""
    o = scipy_coo(shape, seed=5, dups=False, zeros=False, density=0.6).toarray()
    if dense:
        return _backend.xp.asarray(o), o
    return getattr(cs, f"csr_{kind}")(o), getattr(sps, f"csr_{kind}")(o)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("dense", [False, True], ids=["sparse", "dense"])
@pytest.mark.parametrize("oshape", [(1, 7), (5, 1), (1, 1), (5, 7)])
def test_multiply_broadcast(backend, fmt, kind, dense, oshape):
    c, s = pair(fmt, kind, (5, 7))
    co, so = _operands(s, oshape, kind, dense)
    r, e = c.multiply(co), s.multiply(so)
    same(r, e)
    if sps.issparse(e):
        assert r.format == e.format and r.nnz == e.nnz
    if not dense:  # the vector as the left operand
        r, e = co.multiply(c), so.multiply(s)
        same(r, e)
        assert r.format == e.format and r.nnz == e.nnz


@pytest.mark.parametrize("kind", KINDS)
def test_multiply_outer_and_mismatch(backend, kind):
    col = scipy_coo((5, 1), seed=1, dups=True, zeros=False, density=0.8)
    row = scipy_coo((1, 4), seed=2, dups=False, zeros=False, density=0.8)
    c1, s1 = getattr(cs, f"csc_{kind}")(col), getattr(sps, f"csc_{kind}")(col)
    c2, s2 = getattr(cs, f"csr_{kind}")(row), getattr(sps, f"csr_{kind}")(row)
    for a, b, sa, sb in [(c1, c2, s1, s2), (c2, c1, s2, s1)]:
        r, e = a.multiply(b), sa.multiply(sb)
        same(r, e)
        assert r.format == e.format and r.nnz == e.nnz
    c, s = pair("csr", kind, (5, 7))
    for oshape in [(1, 6), (4, 1), (5, 6)]:
        co, so = _operands(s, oshape, kind, False)
        with pytest.raises(ValueError):
            s.multiply(so)
        with pytest.raises(ValueError):
            c.multiply(co)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("kind", KINDS)
def test_divide_by_sparse_raises(backend, fmt, kind):
    c, s = pair(fmt, kind, (3, 3))
    for other in (2, 2.5, numpy.float64(2)):
        with pytest.raises(TypeError):
            other / s
        with pytest.raises(TypeError):
            other / c
    with pytest.raises(TypeError):
        numpy.ones((3, 3)) / s
    assert c.__rtruediv__(numpy.ones((3, 3))) is NotImplemented
    same(c / 2, s / 2, exact=False)  # the other way round still works


def test_random_state(backend):
    a = cs.random(20, 10, density=0.3, random_state=4)
    b = cs.random(20, 10, density=0.3, rng=4)
    numpy.testing.assert_array_equal(host(a), host(b))
    assert a.nnz == 60 and cs.isspmatrix(a)
    r = cs.rand(8, 8, density=0.5, format="csr", random_state=1)
    assert r.nnz == 32 and r.format == "csr"
    r = cs.random_array((6, 5), density=0.5, random_state=2)
    assert r.nnz == 15 and not cs.isspmatrix(r)
    # A legacy RandomState (as CuPy's tests pass): the same state gives the same matrix.
    x = cs.random(9, 9, density=0.4, random_state=numpy.random.RandomState(3))
    y = cs.random(9, 9, density=0.4, random_state=numpy.random.RandomState(3))
    numpy.testing.assert_array_equal(host(x), host(y))
    assert x.nnz == 32
    with pytest.raises(TypeError):
        sps.random(3, 3, rng=1, random_state=1)
    with pytest.raises(TypeError):
        cs.random(3, 3, rng=1, random_state=1)
