"""cupyx.linalg's invh and cho_solve, as cunp.linalg.invh and cunp.linalg.cho_solve, against
NumPy's inv and solve. Tests without the gpu marker need no device."""
import numpy
import pytest

import cunp
from linalg_support import DTYPES, rand, tol

gpu = pytest.mark.gpu


def _spd(shape, dtype, seed=0):
    """Hermitian positive-definite stacks (a a^H + n I), well conditioned."""
    a = rand(shape, dtype, seed).astype("complex128" if numpy.dtype(dtype).kind == "c"
                                         else "float64")
    n = shape[-1]
    m = a @ numpy.swapaxes(a, -1, -2).conj() + n * numpy.eye(n)
    return m.astype(dtype)


# --- no GPU ---

def test_names_and_pair_checks():
    assert cunp.linalg.invh.__module__.startswith("cunp.linalg")
    assert callable(cunp.linalg.cho_solve)
    with pytest.raises(TypeError, match="pair"):
        cunp.linalg.cho_solve(numpy.eye(2), numpy.ones(2))
    with pytest.raises(TypeError, match="pair"):
        cunp.linalg.cho_solve((numpy.eye(2),), numpy.ones(2))


# --- GPU ---

@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(1, 1), (4, 4), (33, 33), (3, 5, 5), (2, 0, 0)])
def test_invh_is_the_inverse(dtype, shape):
    a = _spd(shape, dtype)
    got = cunp.linalg.invh(cunp.asarray(a))
    assert got.dtype == numpy.dtype(dtype) and got.shape == shape
    want = numpy.linalg.inv(a.astype("complex128" if numpy.dtype(dtype).kind == "c"
                                      else "float64"))
    numpy.testing.assert_allclose(cunp.asnumpy(got), want, rtol=tol(dtype) * 10,
                                  atol=tol(dtype))


@gpu
def test_invh_reads_the_lower_triangle_and_checks_definiteness():
    a = _spd((5, 5), "float64", seed=3)
    garbage = numpy.triu(numpy.full((5, 5), 1e3), 1)
    got = cunp.linalg.invh(cunp.asarray(numpy.tril(a) + garbage))
    numpy.testing.assert_allclose(cunp.asnumpy(got), numpy.linalg.inv(a), rtol=1e-10)
    with pytest.raises(numpy.linalg.LinAlgError):
        cunp.linalg.invh(cunp.asarray(-numpy.eye(3)))
    with pytest.raises(numpy.linalg.LinAlgError):
        cunp.linalg.invh(cunp.ones((2, 3)))
    assert cunp.linalg.invh(cunp.asarray(numpy.eye(3, dtype="int32"))).dtype == numpy.float64


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("shape,b_shape", [((4, 4), (4,)), ((4, 4), (4, 3)),
                                           ((3, 6, 6), (3, 6)), ((3, 6, 6), (3, 6, 2)),
                                           ((5, 5), (5, 0))])
def test_cho_solve_solves(dtype, lower, shape, b_shape):
    a = _spd(shape, dtype, seed=1)
    b = rand(b_shape, dtype, seed=2)
    c = cunp.linalg.cholesky(cunp.asarray(a), upper=not lower)
    # The other triangle of the factor is never read.
    junk = cunp.asarray(numpy.full(shape, 7.0).astype(dtype))
    c = cunp.where(cunp.asarray(numpy.tril(numpy.ones(shape[-2:], bool)) if lower else
                                numpy.triu(numpy.ones(shape[-2:], bool))), c, junk)
    x = cunp.linalg.cho_solve((c, lower), cunp.asarray(b))
    assert x.shape == b.shape and x.dtype == numpy.dtype(dtype)
    rhs = b[..., None] if len(b_shape) == len(shape) - 1 else b
    want = numpy.linalg.solve(a.astype("complex128" if numpy.dtype(dtype).kind == "c"
                                       else "float64"), rhs)
    want = want[..., 0] if len(b_shape) == len(shape) - 1 else want
    numpy.testing.assert_allclose(cunp.asnumpy(x), want, rtol=tol(dtype) * 10,
                                  atol=tol(dtype) * 10)


@gpu
def test_cho_solve_checks():
    a = _spd((3, 3), "float64")
    c = cunp.linalg.cholesky(cunp.asarray(a))
    b = cunp.ones(3)
    with pytest.raises(ValueError, match="NaN or infinity"):
        cunp.linalg.cho_solve((c, True), cunp.asarray([1.0, numpy.nan, 1.0]))
    bad = c.copy()
    bad[2, 0] = numpy.inf
    with pytest.raises(ValueError, match="NaN or infinity"):
        cunp.linalg.cho_solve((bad, True), b)
    # The unread triangle may hold anything, also with check_finite.
    upper_junk = c.copy()
    upper_junk[0, 2] = numpy.nan
    x = cunp.linalg.cho_solve((upper_junk, True), b)
    numpy.testing.assert_allclose(cunp.asnumpy(x), numpy.linalg.solve(a, numpy.ones(3)),
                                  rtol=1e-12)
    with pytest.raises(ValueError, match="does not match"):
        cunp.linalg.cho_solve((c, True), cunp.ones(4))
    with pytest.raises(numpy.linalg.LinAlgError):
        cunp.linalg.cho_solve((cunp.ones((2, 3)), True), cunp.ones(2))
    b_before = cunp.asnumpy(b)
    cunp.linalg.cho_solve((c, True), b, overwrite_b=True)
    numpy.testing.assert_array_equal(cunp.asnumpy(b), b_before)


# --- cupyx.linalg.sparse.lschol as cunp.linalg.sparse.lschol ---

def _sparse_spd(n, density, seed):
    """A sparse symmetric positive-definite matrix (diagonally dominant) as a dense array."""
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal((n, n)) * (rng.random((n, n)) < density)
    a = a + a.T
    return a + numpy.diag(numpy.abs(a).sum(axis=1) + 1.0)


def test_lschol_is_reachable_as_cupyx_linalg_sparse():
    import cunp.linalg.sparse
    assert cunp.linalg.sparse.lschol is cunp.linalg.sparse.__dict__["lschol"]
    assert "lschol" in cunp.linalg.sparse.__all__


@gpu
@pytest.mark.parametrize("dtype, rhs_dtype, want_tol", [("float64", "float64", 1e-10),
                                                         ("float32", "float32", 1e-4),
                                                         ("int64", "float32", 1e-10)])
@pytest.mark.parametrize("n, density", [(1, 1.0), (50, 0.1), (400, 0.01)])
def test_lschol_solves_like_numpy(dtype, rhs_dtype, want_tol, n, density):
    from cunp.scipy import sparse
    a = _sparse_spd(n, density, n)
    if dtype == "int64":
        a = numpy.rint(a * 4)
        a += numpy.diag(numpy.abs(a).sum(axis=1))
    a = a.astype(dtype)
    b = numpy.random.default_rng(1).standard_normal(n).astype(rhs_dtype)
    x = cunp.linalg.sparse.lschol(sparse.csr_matrix(cunp.asarray(a)), cunp.asarray(b))
    assert x.dtype == numpy.float64 and x.shape == (n,)
    want = numpy.linalg.solve(a.astype("float64"), b.astype("float64"))
    numpy.testing.assert_allclose(x.get(), want, rtol=want_tol, atol=want_tol)


@gpu
def test_lschol_takes_other_formats_and_dense_matrices():
    from cunp.scipy import sparse
    a = _sparse_spd(30, 0.2, 3)
    b = numpy.arange(30.0)
    want = numpy.linalg.solve(a, b)
    for A in (sparse.csc_matrix(cunp.asarray(a)), sparse.coo_matrix(cunp.asarray(a)),
              cunp.asarray(a)):
        got = cunp.linalg.sparse.lschol(A, cunp.asarray(b))
        numpy.testing.assert_allclose(got.get(), want, rtol=1e-10, atol=1e-10)


@gpu
def test_lschol_bad_input():
    from cunp.scipy import sparse
    a = sparse.csr_matrix(cunp.asarray(_sparse_spd(4, 1.0, 0)))
    with pytest.raises(numpy.linalg.LinAlgError):  # not square
        cunp.linalg.sparse.lschol(sparse.csr_matrix(cunp.ones((3, 4))), cunp.ones(3))
    with pytest.raises(ValueError, match="1-d"):
        cunp.linalg.sparse.lschol(a, cunp.ones(5))
    with pytest.raises(ValueError, match="1-d"):
        cunp.linalg.sparse.lschol(a, cunp.ones((4, 1)))
    with pytest.raises(numpy.linalg.LinAlgError, match="cunp.ndarray"):
        cunp.linalg.sparse.lschol(a, numpy.ones(4))
    with pytest.raises(TypeError, match="real"):
        cunp.linalg.sparse.lschol(a.astype("complex128"), cunp.ones(4))
    with pytest.raises(numpy.linalg.LinAlgError, match="positive definite"):
        cunp.linalg.sparse.lschol(sparse.csr_matrix(-cunp.eye(4)), cunp.ones(4))
    empty = cunp.linalg.sparse.lschol(sparse.csr_matrix((0, 0), dtype="float64"), cunp.ones(0))
    assert empty.shape == (0,) and empty.dtype == numpy.float64
