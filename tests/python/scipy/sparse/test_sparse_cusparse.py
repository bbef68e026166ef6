"""The cuSPARSE products on the GPU: SpMV and SpMM for each float and complex dtype, both
index dtypes, CSR and CSC, unsorted indices and duplicates, device operands on either side,
and a larger matrix than the shared tests use."""

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")

import cunp  # noqa: E402
from cunp import _core  # noqa: E402
from cunp.scipy import sparse as cs  # noqa: E402

pytestmark = pytest.mark.gpu

FLOATING = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


def tol(dtype):
    return 2e-4 if numpy.dtype(dtype) in (numpy.float32, numpy.complex64) else 1e-10


def random_scipy(m, n, density, dtype, seed):
    rng = numpy.random.default_rng(seed)
    a = sps.random(m, n, density=density, format="csr", rng=rng, dtype=numpy.float64)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * sps.random(m, n, density=density, format="csr", rng=rng)
    return a.astype(dtype).tocsr()


def test_cusparse_is_found():
    assert _core.sparse.available(), _core.sparse.unavailable_reason()


@pytest.mark.parametrize("dtype", FLOATING)
@pytest.mark.parametrize("fmt", ["csr", "csc"])
@pytest.mark.parametrize("index", [numpy.int32, numpy.int64])
def test_spmv_spmm(dtype, fmt, index):
    s = random_scipy(300, 200, 0.05, dtype, 0).asformat(fmt)
    c = getattr(cs, f"{fmt}_matrix")((cunp.asarray(s.data), cunp.asarray(s.indices),
                                      cunp.asarray(s.indptr)), shape=s.shape)
    # Construction picks int32 for these sizes (SciPy's rule); int64 arrays set afterwards
    # take cuSPARSE's 64-bit index path.
    c.indices = c.indices.astype(index)
    c.indptr = c.indptr.astype(index)
    rng = numpy.random.default_rng(1)
    x = rng.random(200).astype(dtype)
    X = rng.random((200, 7)).astype(dtype)
    for v in [x, X, X[:, ::2], cunp.asarray(x), cunp.asarray(X).T.copy().T]:
        r = c @ v
        assert isinstance(r, cunp.ndarray)
        ref = s @ (v.get() if isinstance(v, cunp.ndarray) else v)
        numpy.testing.assert_allclose(r.get(), ref, rtol=tol(dtype), atol=tol(dtype))
        assert r.dtype == ref.dtype
    y = cunp.asarray(rng.random(300).astype(dtype))
    numpy.testing.assert_allclose((y @ c).get(), y.get() @ s, rtol=tol(dtype), atol=tol(dtype))


@pytest.mark.parametrize("dtype", FLOATING)
def test_unsorted_and_duplicates(dtype):
    # Row 0 holds column 2 before column 0 and column 2 twice.
    data = numpy.array([1, 2, 3, 4, 5], dtype=dtype)
    indices = numpy.array([2, 0, 2, 1, 0])
    indptr = numpy.array([0, 3, 3, 5])
    s = sps.csr_matrix((data, indices, indptr), shape=(3, 3))
    c = cs.csr_matrix((data, indices, indptr), shape=(3, 3))
    assert not c.has_sorted_indices and not c.has_canonical_format
    x = numpy.array([1.0, 10.0, 100.0], dtype=dtype)
    numpy.testing.assert_allclose((c @ x).get(), s @ x)
    X = numpy.arange(6.0).reshape(3, 2).astype(dtype)
    numpy.testing.assert_allclose((c @ X).get(), s @ X)
    # The product leaves the matrix as it was.
    numpy.testing.assert_array_equal(c.indices.get(), indices)


def test_mixed_dtypes_and_dense_left_operand():
    s = random_scipy(50, 40, 0.1, numpy.float32, 2)
    c = cs.csr_array(s)
    x = numpy.random.default_rng(3).random(40)
    r = c @ x  # float32 with float64: float64
    assert r.dtype == numpy.float64
    numpy.testing.assert_allclose(r.get(), s @ x, rtol=1e-6)
    xi = numpy.arange(40, dtype=numpy.int64)
    numpy.testing.assert_allclose((c @ xi).get(), s @ xi, rtol=1e-5)
    d = cunp.asarray(numpy.random.default_rng(4).random((3, 50)))
    numpy.testing.assert_allclose((d @ c).get(), d.get() @ s, rtol=1e-5)
    numpy.testing.assert_allclose((d.T.T @ c).get(), d.get() @ s, rtol=1e-5)


def test_larger_matrix():
    s = random_scipy(20000, 15000, 1e-3, numpy.float64, 5)
    c = cs.csr_matrix(s)
    x = numpy.random.default_rng(6).random(15000)
    numpy.testing.assert_allclose((c @ x).get(), s @ x, rtol=1e-10)
    X = numpy.random.default_rng(7).random((15000, 64))
    numpy.testing.assert_allclose((c @ X).get(), s @ X, rtol=1e-10)
    ones = numpy.ones(20000)
    numpy.testing.assert_allclose((c.T @ ones).get(), s.T @ ones, rtol=1e-10)
    numpy.testing.assert_allclose(((c @ c.T) @ ones).get(), (s @ s.T) @ ones, rtol=1e-10)
