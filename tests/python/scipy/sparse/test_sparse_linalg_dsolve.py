"""The direct solves (spsolve, spsolve_triangular, is_sptriangular, spbandwidth, inv, expm;
splu/spilu/factorized are test_sparse_linalg_superlu.py's) against scipy.sparse.linalg: solutions, SciPy's
warnings and NaN result for a singular matrix, its errors for bad shapes. Runs on NumPy
(CPU: the argument handling, with SciPy's dense LU, or spsm_model.py's model of cuSPARSE's
SpSM, standing in) and on cunp (gpu marker: cuSOLVER, cuBLAS, cuSPARSE's SpSM)."""

import warnings

import numpy
import pytest

sla = pytest.importorskip("scipy.sparse.linalg")
sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402
from cunp.scipy.sparse import linalg as cl  # noqa: E402

from sparse_linalg_problems import device, host, nonsymmetric, vector  # noqa: E402
from spsm_model import calls as _spsm_calls  # noqa: E402

DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


def _tol(dtype):
    return 1e-4 if numpy.dtype(dtype).char in "fF" else 1e-11


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("fmt", ["csr", "csc"])
def test_spsolve(backend, dtype, fmt):
    A = nonsymmetric(30, dtype, seed=1).asformat(fmt)
    ours = cs.csr_array(A) if fmt == "csr" else cs.csc_array(A)
    b = vector(30, dtype)
    B = numpy.stack([vector(30, dtype, seed=s) for s in range(3)], axis=1)
    xp = _backend.xp
    for rhs in [b, b.reshape(-1, 1), B]:
        x = host(cl.spsolve(ours, xp.asarray(rhs)))
        ref = sla.spsolve(A, rhs)
        assert x.shape == ref.shape and x.dtype == ref.dtype
        numpy.testing.assert_allclose(x, ref, rtol=_tol(dtype) * 10, atol=_tol(dtype))
    # A sparse right-hand side gives a sparse solution.
    Bs = sps.csc_array(B)
    x = cl.spsolve(ours, cs.csc_array(Bs))
    assert cs.issparse(x)
    numpy.testing.assert_allclose(host(x), sla.spsolve(A, Bs).toarray(), rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype))


def test_spsolve_promotion_and_warnings(backend):
    xp = _backend.xp
    A = sps.csr_array(numpy.array([[4, 1], [2, 3]], dtype=numpy.int64))
    x = host(cl.spsolve(cs.csr_array(A), xp.asarray([1, 2])))
    ref = sla.spsolve(A.astype(float), numpy.array([1.0, 2.0]))
    numpy.testing.assert_allclose(x, ref)
    assert x.dtype == numpy.float64
    x = cl.spsolve(cs.csr_array(A.astype(numpy.float32)), xp.asarray([1, 2],
                                                                     dtype=numpy.complex64))
    assert host(x).dtype == numpy.complex64
    with pytest.warns(cs.SparseEfficiencyWarning):
        x = cl.spsolve(cs.coo_array(A.astype(float)), xp.asarray([1.0, 2.0]))
    numpy.testing.assert_allclose(host(x), ref)


def test_spsolve_singular_and_errors(backend):
    xp = _backend.xp
    S = cs.csr_array(sps.csr_array(numpy.array([[1.0, 2.0], [2.0, 4.0]])))
    with pytest.warns(cl.MatrixRankWarning, match="exactly singular"):
        x = cl.spsolve(S, xp.asarray([1.0, 1.0]))
    assert numpy.isnan(host(x)).all()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = sla.spsolve(S.get(), numpy.array([1.0, 1.0]))
    assert numpy.isnan(ref).all()
    R = cs.csr_array(sps.random_array((3, 4), density=0.5, rng=0, format="csr"))
    with pytest.raises(ValueError, match="matrix must be square"):
        cl.spsolve(R, xp.ones(3))
    with pytest.raises(ValueError, match="dimension mismatch"):
        cl.spsolve(device(nonsymmetric(4, numpy.float64)), xp.ones(5))
    with pytest.raises(RuntimeError, match="singular"):
        cl.splu(S.tocsc())
    with pytest.raises(ValueError, match="square"):
        cl.splu(R.tocsc())


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("unit", [False, True])
def test_spsolve_triangular(backend, dtype, lower, unit):
    A = nonsymmetric(20, dtype, seed=2)
    T = (sps.tril(A) if lower else sps.triu(A)).tocsr()
    b = vector(20, dtype)
    B = numpy.stack([b, 2 * b], axis=1)
    for rhs in [b, B]:
        x = host(cl.spsolve_triangular(cs.csr_array(T), _backend.xp.asarray(rhs),
                                       lower=lower, unit_diagonal=unit))
        ref = sla.spsolve_triangular(T, rhs, lower=lower, unit_diagonal=unit)
        assert x.shape == ref.shape
        numpy.testing.assert_allclose(x, ref, rtol=_tol(dtype) * 10, atol=_tol(dtype))


def test_spsolve_triangular_errors(backend):
    xp = _backend.xp
    T = cs.csr_array(sps.csr_array(numpy.array([[1.0, 0], [1.0, 0]])))
    with pytest.raises(numpy.linalg.LinAlgError, match="singular"):
        cl.spsolve_triangular(T, xp.ones(2))
    with pytest.raises(ValueError, match="square"):
        cl.spsolve_triangular(cs.csr_array(sps.eye_array(2, 3, format="csr")), xp.ones(2))
    with pytest.raises(ValueError, match="1 or 2 dims"):
        cl.spsolve_triangular(cs.csr_array(sps.eye_array(2, format="csr")), xp.ones((2, 1, 1)))
    with pytest.raises(ValueError, match="first dimension of b"):
        cl.spsolve_triangular(cs.csr_array(sps.eye_array(2, format="csr")), xp.ones(3))


def test_splu_converts_with_warning(backend):
    A = nonsymmetric(6, numpy.float64, seed=4)
    with pytest.warns(cs.SparseEfficiencyWarning, match="CSC"):
        lu = cl.splu(cs.csr_array(A))
    b = vector(6, numpy.float64)
    numpy.testing.assert_allclose(host(lu.solve(_backend.xp.asarray(b))),
                                  sla.splu(A.tocsc()).solve(b), rtol=1e-10)


def test_structure_queries(backend):
    A = nonsymmetric(12, numpy.float64, seed=5)
    for M in [A, sps.tril(A).tocsr(), sps.triu(A, 2).tocsr()]:
        ours = cs.csr_array(M)
        assert cl.is_sptriangular(ours) == sla.is_sptriangular(M)
        assert cl.spbandwidth(ours) == sla.spbandwidth(M)
    assert cl.spbandwidth(cs.csr_array((4, 4))) == (0, 0)
    assert cl.is_sptriangular(cs.csr_array((4, 4))) == (True, True)
    with pytest.raises(TypeError):
        cl.spbandwidth(_backend.xp.ones((2, 2)))


def _solve_qr_model(data, indices, indptr, n, b, x, tol, method="qr"):
    """A NumPy model of _core.sparse.solve with method "qr" (cusolverSp's csrlsvqr): the first
    column whose R diagonal is at or below tol, or -1 with x solved in place."""
    assert method == "qr"
    A = sps.csr_array((data, indices, indptr), shape=(n, n)).toarray()
    assert data.flags.c_contiguous and indices.dtype == numpy.int32
    assert indptr.dtype == numpy.int32 and b.shape == x.shape == (n,)
    r = numpy.linalg.qr(A, mode="r")
    small = numpy.flatnonzero(numpy.abs(numpy.diag(r)) <= tol)
    if small.size:
        return int(small[0])
    x[:] = numpy.linalg.solve(A, b)
    return -1


@pytest.fixture
def qr_model(backend, monkeypatch):
    """spsolve's sparse-QR path, with the model standing in for the library on the CPU."""
    from cunp.scipy.sparse.linalg._dsolve import _qr

    if backend == "numpy":
        monkeypatch.setattr(_qr, "device_solver", lambda: _solve_qr_model)
    return backend


@pytest.mark.parametrize("dtype", DTYPES)
def test_spsolve_sparse_qr_path(qr_model, dtype):
    from cunp.scipy.sparse.linalg._dsolve import _qr

    assert _qr.device_solver() is not None or qr_model != "numpy"
    xp = _backend.xp
    A = nonsymmetric(20, dtype, seed=7)
    # Duplicates and unsorted int64 indices reach the solver canonical and int32.
    dup = sps.coo_array((numpy.r_[A.tocoo().data, A.tocoo().data[:3]],
                         (numpy.r_[A.tocoo().row, A.tocoo().row[:3]],
                          numpy.r_[A.tocoo().col, A.tocoo().col[:3]])), shape=A.shape)
    b = vector(20, dtype)
    B = numpy.stack([b, -b, 2 * b], axis=1)
    ours = cs.csr_array(dup.tocsr())
    for rhs in [b, b.reshape(-1, 1), B]:
        x = host(cl.spsolve(ours, xp.asarray(rhs)))
        ref = sla.spsolve(dup.tocsr(), rhs)
        assert x.shape == ref.shape and x.dtype == ref.dtype
        numpy.testing.assert_allclose(x, ref, rtol=_tol(dtype) * 10, atol=_tol(dtype))
    S = cs.csr_array(sps.csr_array(numpy.array([[1.0, 2.0], [2.0, 4.0]], dtype=dtype)))
    with pytest.warns(cl.MatrixRankWarning, match="exactly singular"):
        x = cl.spsolve(S, xp.asarray(numpy.ones((2, 2), dtype=dtype)))
    assert numpy.isnan(host(x)).all() and host(x).shape == (2, 2)


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex128])
@pytest.mark.parametrize("fmt", ["csr", "csc"])
def test_inv_and_expm(backend, dtype, fmt):
    A = nonsymmetric(12, dtype, seed=8).asformat(fmt)
    ours = cs.csr_array(A) if fmt == "csr" else cs.csc_array(A)
    Ainv = cl.inv(ours)
    assert cs.issparse(Ainv) and Ainv.format == fmt
    numpy.testing.assert_allclose(host(Ainv), sla.inv(A.tocsc()).toarray(), rtol=1e-10,
                                  atol=1e-12)
    small = (A * 0.2).asformat(fmt)
    E = cl.expm(cs.csr_array(small) if fmt == "csr" else cs.csc_array(small))
    assert cs.issparse(E)
    numpy.testing.assert_allclose(host(E), sla.expm(small.tocsc()).toarray(), rtol=1e-10,
                                  atol=1e-12)
    numpy.testing.assert_allclose(host(cl.expm(_backend.xp.asarray(small.toarray()))),
                                  sla.expm(small.toarray()), rtol=1e-10, atol=1e-12)
    with pytest.raises(TypeError, match="sparse"):
        cl.inv(_backend.xp.ones((2, 2)))


@pytest.mark.parametrize("dtype", DTYPES + [numpy.int64])
@pytest.mark.parametrize("fmt", ["csr", "csc", "coo"])
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("unit", [False, True])
def test_spsolve_triangular_reads_one_triangle(spsm_model, dtype, fmt, lower, unit):
    """A full matrix (duplicates included): only the named triangle, and with unit_diagonal
    not its diagonal, is read; the sparse solve is handed that triangle alone."""
    A = nonsymmetric(30, numpy.float64 if dtype == numpy.int64 else dtype, seed=9)
    if dtype == numpy.int64:
        A = (A * 10).astype(numpy.int64) + sps.diags_array(numpy.full(30, 400), dtype=dtype)
    coo = A.tocoo()
    dup = sps.coo_array((numpy.r_[coo.data, coo.data[:5]], (numpy.r_[coo.row, coo.row[:5]],
                                                           numpy.r_[coo.col, coo.col[:5]])),
                        shape=A.shape)
    tri = (sps.tril(dup) if lower else sps.triu(dup)).tocsr()
    ref_dtype = numpy.promote_types(numpy.promote_types(dtype, numpy.float32), numpy.float64)
    b = vector(30, numpy.complex128 if numpy.dtype(dtype).kind == "c" else numpy.float64)
    rng = numpy.random.default_rng(10)
    B = numpy.asfortranarray(rng.standard_normal((30, 4)))[::-1, ::2]
    ours = {"csr": cs.csr_array, "csc": cs.csc_array, "coo": cs.coo_array}[fmt](dup.asformat(fmt))
    for rhs in [b, B, b[::-1]]:
        if fmt == "coo":
            with pytest.warns(cs.SparseEfficiencyWarning, match="CSC or CSR"):
                x = cl.spsolve_triangular(ours, _backend.xp.asarray(rhs), lower=lower,
                                          unit_diagonal=unit)
        else:
            x = cl.spsolve_triangular(ours, _backend.xp.asarray(rhs), lower=lower,
                                      unit_diagonal=unit)
        assert x.dtype == numpy.promote_types(ref_dtype, rhs.dtype)
        ref = sla.spsolve_triangular(tri.astype(x.dtype), rhs.astype(x.dtype), lower=lower,
                                     unit_diagonal=unit)
        numpy.testing.assert_allclose(host(x), ref, rtol=_tol(x.dtype) * 10,
                                      atol=_tol(x.dtype) * 10)
    if spsm_model == "numpy":
        assert _spsm_calls and all(c[:2] == (lower, unit) for c in _spsm_calls)


def test_spsolve_triangular_unit_identity(spsm_model):
    I3 = cs.csr_array(sps.eye_array(3, format="csr"))
    b = _backend.xp.asarray(numpy.arange(3.0))
    numpy.testing.assert_array_equal(host(cl.spsolve_triangular(I3, b, unit_diagonal=True)),
                                     numpy.arange(3.0))


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.complex128])
def test_spsolve_beyond_the_dense_limit(qr_model, spsm_model, monkeypatch, dtype):
    """Where A's dense copy would not fit, several right-hand sides (or any, without the
    sparse QR) share one SuperLU factorisation, as SciPy's spsolve does."""
    from cunp.scipy.sparse.linalg._dsolve import _linsolve

    monkeypatch.setattr(_linsolve, "_DENSE_LIMIT", 0)
    xp = _backend.xp
    A = nonsymmetric(30, dtype, seed=21)
    b = vector(30, dtype)
    B = numpy.stack([b, -2 * b, 1j * b if numpy.dtype(dtype).kind == "c" else 3 * b], axis=1)
    for fmt in ["csr", "csc"]:
        ours = cs.csr_array(A) if fmt == "csr" else cs.csc_array(A.tocsc())
        for rhs in [b, B]:
            x = host(cl.spsolve(ours, xp.asarray(rhs)))
            ref = sla.spsolve(A.asformat(fmt), rhs)
            assert x.shape == ref.shape and x.dtype == ref.dtype
            numpy.testing.assert_allclose(x, ref, rtol=_tol(dtype) * 10, atol=_tol(dtype))
    if spsm_model == "numpy":
        assert _spsm_calls  # the matrices went through SuperLU's triangular solves
    S = cs.csc_array(sps.csc_array(numpy.array([[1.0, 2.0], [2.0, 4.0]], dtype=dtype)))
    with pytest.warns(cl.MatrixRankWarning, match="exactly singular"):
        x = cl.spsolve(S, xp.asarray(numpy.ones((2, 2), dtype=dtype)))
    assert numpy.isnan(host(x)).all() and host(x).shape == (2, 2)
    Bs = cs.csc_array(sps.csc_array(B))
    xs = cl.spsolve(cs.csc_array(A.tocsc()), Bs)
    assert cs.issparse(xs) and xs.format == "csc"
    numpy.testing.assert_allclose(host(xs), sla.spsolve(A.tocsc(), sps.csc_array(B)).toarray(),
                                  rtol=_tol(dtype) * 10, atol=_tol(dtype))
