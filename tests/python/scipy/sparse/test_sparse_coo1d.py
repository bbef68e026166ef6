"""The 1-D coo_array against SciPy's (1.15+): construction, toarray, nnz, indexing, products
with dense arrays, elementwise and data-only operations, reshape, get(), and the refusal of
what is not supported.

Each test runs on NumPy (CPU) and on cunp (gpu marker), see conftest.py."""

import pickle

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402

DTYPES = [numpy.float64, numpy.float32, numpy.complex128, numpy.int32, numpy.int8,
          numpy.bool_]


def host(x):
    if cs.issparse(x):
        x = x.toarray()
    return numpy.asarray(_backend.to_host(x))


def vector(n, dtype, seed=0, dups=True):
    """(cunp, SciPy) 1-D coo_arrays of n with random entries, unsorted, three stored twice."""
    rng = numpy.random.default_rng(seed)
    k = n // 2
    idx = rng.permutation(n)[:k]
    if dups and k:
        idx = numpy.concatenate([idx, idx[:3]])
    vals = rng.integers(1, 4, idx.size) * rng.choice([-1, 1], idx.size)
    if numpy.dtype(dtype).kind == "c":
        vals = vals + 1j * rng.integers(-2, 3, idx.size)
    data = vals > 0 if dtype == numpy.bool_ else numpy.abs(vals).astype(dtype) if \
        numpy.dtype(dtype).kind == "u" else vals.astype(dtype)
    xp = _backend.xp
    c = cs.coo_array((xp.asarray(data), (xp.asarray(idx),)), shape=(n,))
    s = sps.coo_array((data, (idx,)), shape=(n,))
    return c, s


def same(c, s):
    assert isinstance(c, cs.coo_array) and c.ndim == 1 and c.shape == s.shape
    numpy.testing.assert_array_equal(host(c.toarray()), s.toarray())


@pytest.mark.parametrize("dtype", DTYPES)
def test_construct(backend, dtype):
    c, s = vector(12, dtype)
    same(c, s)
    assert c.nnz == s.nnz and c.format == "coo" and c.dtype == s.dtype
    assert cs.issparse(c) and isinstance(c, cs.sparray) and not cs.isspmatrix(c)
    assert len(c.coords) == 1
    dense = s.toarray()
    same(cs.coo_array(dense), sps.coo_array(dense))
    same(cs.coo_array(_backend.xp.asarray(dense)), sps.coo_array(dense))
    same(cs.coo_array((7,), dtype=dtype), sps.coo_array((7,), dtype=dtype))
    same(cs.coo_array(s), s)  # from SciPy
    assert c.get().shape == s.shape and (c.get().toarray() == s.toarray()).all()
    idx, data = numpy.array([0, 3]), numpy.array([1.0, 2.0])
    same(cs.coo_array((data, (idx,))), sps.coo_array((data, (idx,))))  # shape inferred
    same(cs.coo_array(c), s)
    same(pickle.loads(pickle.dumps(c)), s)
    assert "shape (12,)" in repr(c) and "(" in str(c)


def test_construct_errors(backend):
    with pytest.raises(ValueError):
        sps.coo_array((numpy.array([1.0]), (numpy.array([5]),)), shape=(3,))
    with pytest.raises(ValueError):
        cs.coo_array((numpy.array([1.0]), (numpy.array([5]),)), shape=(3,))
    with pytest.raises(ValueError):
        cs.coo_array((numpy.array([1.0]), (numpy.array([-1]),)), shape=(3,))
    with pytest.raises(ValueError):
        cs.coo_array(numpy.zeros(3), shape=(4,))


@pytest.mark.parametrize("dtype", DTYPES)
def test_indexing(backend, dtype):
    c, s = vector(10, dtype)
    for i in (0, 3, -1, -10, 9):
        numpy.testing.assert_array_equal(host(c[i]), s[i])
    for key in [slice(2, 8), slice(None, None, -2), [0, 3, 3, -1], numpy.array([], int),
                numpy.arange(10) % 3 == 0, Ellipsis]:
        same(c[key], s[key])
    for bad in [10, -11, [0, 10], (1, 2)]:
        with pytest.raises(IndexError):
            s[bad]
        with pytest.raises(IndexError):
            c[bad]


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex128, numpy.int32,
                                   numpy.float32])
def test_products(backend, dtype):
    c, s = vector(9, dtype)
    xp = _backend.xp
    rng = numpy.random.default_rng(1)
    x, X, Y = rng.random(9), rng.random((9, 4)), rng.random((3, 9))
    tol = dict(rtol=1e-5) if dtype in (numpy.float32,) else dict(rtol=1e-12)
    numpy.testing.assert_allclose(host(c @ xp.asarray(x)), s @ x, **tol)
    numpy.testing.assert_allclose(host(c @ xp.asarray(X)), s @ X, **tol)
    numpy.testing.assert_allclose(host(xp.asarray(Y) @ c), Y @ s, **tol)
    numpy.testing.assert_allclose(host(c.dot(xp.asarray(x))), s.dot(x), **tol)
    # A non-contiguous dense operand.
    numpy.testing.assert_allclose(host(c @ xp.asarray(X)[:, ::-2]), s @ X[:, ::-2], **tol)
    with pytest.raises(ValueError):
        s @ numpy.ones(4)
    with pytest.raises(ValueError):
        c @ xp.ones(4)


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex128, numpy.int32])
def test_elementwise_and_reductions(backend, dtype):
    c, s = vector(11, dtype)
    xp = _backend.xp
    same(c * 3, s * 3)
    same(2 * c, 2 * s)
    same(-c, -s)
    same(abs(c), abs(s))
    same(c.conj(), s.conj())
    same(c.astype(numpy.complex64), s.astype(numpy.complex64))
    same(c.T, s.T)
    same(c ** 2, s ** 2)
    w = numpy.arange(11.0)
    same(c.multiply(xp.asarray(w)), s.multiply(w))
    numpy.testing.assert_array_equal(host(c.sum()), s.sum())
    assert c.count_nonzero() == s.count_nonzero()
    numpy.testing.assert_array_equal(host(c.nonzero()[0]), s.nonzero()[0])
    d = c.copy()
    d.sum_duplicates()
    e = s.copy()
    e.sum_duplicates()
    assert d.nnz == e.nnz and d.has_canonical_format
    same(d, e)
    out = xp.zeros(11, dtype=dtype)
    assert c.toarray(out=out) is out
    numpy.testing.assert_array_equal(host(out), s.toarray())


def test_reshape_and_refusals(backend):
    c, s = vector(6, numpy.float64)
    for shape in [(1, 6), (6, 1)]:
        r, e = c.reshape(shape), s.reshape(shape)
        assert r.ndim == 2 and r.shape == e.shape
        numpy.testing.assert_array_equal(host(r), e.toarray())
    with pytest.raises(NotImplementedError):
        c.reshape(2, 3)
    for call in (lambda a: a + a, lambda a: a.max(), lambda a: a == a, lambda a: a @ a):
        with pytest.raises(NotImplementedError):
            call(c)
    # The conversions SciPy has for 1-D: to the 1-D csr_array (duplicates summed), not CSC.
    r, e = c.tocsr(), s.tocsr()
    assert isinstance(r, cs.csr_array) and r.ndim == 1 and r.has_canonical_format
    numpy.testing.assert_array_equal(host(r.toarray()), e.toarray())
    with pytest.raises(ValueError):
        s.tocsc()
    with pytest.raises(ValueError):
        c.tocsc()


def test_from_indexing_a_matrix(backend):
    """A row of a CSR array is such a 1-D array; its product with a vector is SciPy's."""
    rng = numpy.random.default_rng(2)
    dense = rng.random((5, 8)) * (rng.random((5, 8)) > 0.5)
    c, s = cs.csr_array(dense), sps.csr_array(dense)
    x = rng.random(8)
    for i in range(5):
        r, e = c[i], s[i]
        same(r, e)
        numpy.testing.assert_allclose(host(r @ _backend.xp.asarray(x)), e @ x)
    same(c[:, 3], s[:, 3])
    same(c[2][1:6], s[2][1:6])
