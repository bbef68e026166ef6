"""The Krylov solvers (cg, bicg, cgs, bicgstab, lgmres, qmr, tfqmr, gmres, minres, lsqr, lsmr) against
scipy.sparse.linalg on SPD, Hermitian indefinite, non-symmetric and rectangular problems in
float32/float64/complex64/complex128: by residual, by iteration count where the algorithms
are the same, and SciPy's argument errors. Runs on NumPy (CPU, the solver logic) and on cunp
(gpu marker), see conftest.py."""


import numpy
import pytest

sla = pytest.importorskip("scipy.sparse.linalg")

from cunp.scipy.sparse import _backend  # noqa: E402
from cunp.scipy.sparse import linalg as cl  # noqa: E402

from sparse_linalg_problems import (device, hermitian, host, nonsymmetric,  # noqa: E402
                                    poisson2d, rectangular, rtol_for, vector)

DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]
GENERAL = ["bicg", "cgs", "bicgstab", "gmres", "lgmres", "qmr", "tfqmr"]


def _residual(A, x, b):
    return numpy.linalg.norm(A @ host(x) - b) / numpy.linalg.norm(b)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", ["cg", "minres"] + GENERAL)
def test_spd(backend, name, dtype):
    A = poisson2d(8, dtype)
    if numpy.dtype(dtype).kind == "c":
        A = (A + 1j * 0).astype(dtype)
    b = vector(A.shape[0], dtype)
    rtol = rtol_for(dtype)
    x, info = getattr(cl, name)(device(A), _backend.xp.asarray(b), rtol=rtol)
    assert info == 0
    assert host(x).dtype == numpy.dtype(dtype)
    bound = rtol * 10
    if name == "minres":
        # MINRES stops on ||r|| <= rtol ||A|| ||x||, not on rtol ||b||: hold it to SciPy's
        # (whose unconjugated products only work for real data) or to that bound.
        if numpy.dtype(dtype).kind == "f":
            xs, _ = sla.minres(A, b, rtol=rtol)
            bound = max(bound, 10 * _residual(A, xs, b))
        else:
            bound = rtol * 8 * numpy.linalg.norm(A.toarray(), 2) * numpy.linalg.norm(
                host(x)) / numpy.linalg.norm(b)
    assert _residual(A, x, b) <= bound


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", GENERAL)
def test_nonsymmetric(backend, name, dtype):
    A = nonsymmetric(50, dtype, seed=2)
    b = vector(50, dtype)
    rtol = rtol_for(dtype)
    x, info = getattr(cl, name)(device(A), _backend.xp.asarray(b), rtol=rtol)
    assert info == 0
    assert _residual(A, x, b) <= rtol * 10


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex128])
def test_minres_indefinite(backend, dtype):
    A = hermitian(40, dtype, seed=3, definite=False)
    b = vector(40, dtype)
    x, info = cl.minres(device(A), _backend.xp.asarray(b), rtol=1e-10, maxiter=2000)
    assert info == 0
    assert _residual(A, x, b) <= 1e-6
    if dtype == numpy.float64:
        xs, _ = sla.minres(A, b, rtol=1e-10, maxiter=2000)
        numpy.testing.assert_allclose(host(x), xs, rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("name", ["cg", "bicg", "cgs", "bicgstab", "minres", "qmr", "tfqmr"])
def test_iterates_match_scipy(backend, name):
    """The same recurrences: after a fixed number of steps the iterates agree with SciPy's."""
    A = poisson2d(6)
    b = vector(36, numpy.float64)
    kwargs = dict(rtol=1e-14, maxiter=7)
    x, info = getattr(cl, name)(device(A), _backend.xp.asarray(b), **kwargs)
    xs, infos = getattr(sla, name)(A, b, **kwargs)
    assert info == infos
    numpy.testing.assert_allclose(host(x), xs, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("restart", [None, 5, 50])
def test_gmres_matches_scipy(backend, restart):
    A = nonsymmetric(40, numpy.float64, seed=4)
    b = vector(40, numpy.float64)
    for maxiter in [1, 2, 3]:
        x, info = cl.gmres(device(A), _backend.xp.asarray(b), rtol=1e-13, restart=restart,
                           maxiter=maxiter)
        xs, infos = sla.gmres(A, b, rtol=1e-13, restart=restart, maxiter=maxiter)
        assert info == infos
        numpy.testing.assert_allclose(host(x), xs, rtol=1e-7, atol=1e-10)


def test_gmres_callbacks(backend):
    A = nonsymmetric(30, numpy.float64, seed=5)
    b = vector(30, numpy.float64)
    for kind in ["pr_norm", "x", "legacy"]:
        ours, theirs = [], []
        cl.gmres(device(A), _backend.xp.asarray(b), restart=4, callback_type=kind,
                 callback=lambda v: ours.append(numpy.copy(host(v))))
        sla.gmres(A, b, restart=4, callback_type=kind, callback=lambda v: theirs.append(
            numpy.copy(v)))
        assert len(ours) == len(theirs)
        numpy.testing.assert_allclose(numpy.array(ours), numpy.array(theirs), rtol=1e-6,
                                      atol=1e-10)
    with pytest.warns(DeprecationWarning, match="callback_type"):
        cl.gmres(device(A), _backend.xp.asarray(b), callback=lambda v: None)
    with pytest.raises(ValueError, match="Unknown callback_type"):
        cl.gmres(device(A), _backend.xp.asarray(b), callback_type="bad")


@pytest.mark.parametrize("name", ["cg", "bicg", "cgs", "bicgstab", "gmres", "minres"])
def test_preconditioner_guess_callback(backend, name):
    xp = _backend.xp
    A = poisson2d(7)
    n = A.shape[0]
    b = vector(n, numpy.float64)
    Minv = device(__import__("scipy.sparse").sparse.diags_array(1 / A.diagonal()).tocsr())
    seen = []
    kwargs = dict(callback_type="x") if name == "gmres" else {}
    x, info = getattr(cl, name)(device(A), xp.asarray(b), x0=xp.ones(n), M=Minv, rtol=1e-9,
                                callback=lambda v: seen.append(1), **kwargs)
    assert info == 0 and seen
    assert _residual(A, x, b) <= 1e-8
    # An operator preconditioner and x0='Mb' where SciPy accepts it.
    M = cl.aslinearoperator(Minv)
    if name != "minres":
        x, info = getattr(cl, name)(device(A), xp.asarray(b), x0="Mb", M=M, rtol=1e-9)
        assert info == 0 and _residual(A, x, b) <= 1e-8


@pytest.mark.parametrize("name", ["cg", "bicg", "cgs", "bicgstab", "gmres", "minres", "qmr",
                                  "tfqmr"])
def test_edge_cases_and_errors(backend, name):
    xp = _backend.xp
    A = poisson2d(4)
    solve = getattr(cl, name)
    x, info = solve(device(A), xp.zeros(16))
    assert info == 0 and not host(x).any()
    # b as a column, an operator for A, integer b (solved in float64).
    x, info = solve(cl.aslinearoperator(device(A)), xp.ones((16, 1)), rtol=1e-10)
    assert info == 0 and host(x).shape == (16,)
    x, info = solve(device(A), xp.ones(16, dtype=numpy.int64), rtol=1e-10)
    assert host(x).dtype == numpy.float64
    x, info = solve(device(A), xp.asarray(vector(16, numpy.float64)), maxiter=1)
    # GMRES restarts after n steps here (one outer iteration solves); MINRES counts steps.
    assert info == (0 if name == "gmres" else 1)
    with pytest.raises(ValueError, match="incompatible"):
        solve(device(A), xp.ones(15))
    with pytest.raises(ValueError, match="square"):
        solve(device(rectangular(5, 4, numpy.float64)), xp.ones(5))
    with pytest.raises(ValueError, match="incompatible"):
        solve(device(A), xp.ones(16), x0=xp.ones(3))
    with pytest.raises(ValueError, match="different shapes"):
        solve(device(A), xp.ones(16), **{"M1" if name == "qmr" else "M": device(poisson2d(3))})
    if name != "minres":
        with pytest.raises(ValueError, match="atol"):
            solve(device(A), xp.ones(16), atol=-1)


def test_breakdown_codes(backend):
    # rtilde orthogonal to A rtilde: BiCGSTAB and CGS break down on this rotation.
    import scipy.sparse as sps
    A = sps.csr_array(numpy.array([[0.0, 1.0], [-1.0, 0.0]]))
    b = numpy.array([1.0, 0.0])
    for name in ["cgs", "bicgstab"]:
        x, info = getattr(cl, name)(device(A), _backend.xp.asarray(b))
        xs, infos = getattr(sla, name)(A, b)
        assert info == infos and info < 0


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", ["lsqr", "lsmr"])
@pytest.mark.parametrize("shape", [(60, 20), (20, 40)])
def test_least_squares(backend, name, dtype, shape):
    A = rectangular(*shape, dtype, seed=6)
    b = vector(shape[0], dtype)
    tol = 1e-5 if numpy.dtype(dtype).char in "fF" else 1e-12
    out = getattr(cl, name)(device(A), _backend.xp.asarray(b), atol=tol, btol=tol,
                            **({"iter_lim": 500} if name == "lsqr" else {"maxiter": 500}))
    ref = getattr(sla, name)(A, b, atol=tol, btol=tol,
                             **({"iter_lim": 500} if name == "lsqr" else {"maxiter": 500}))
    assert len(out) == len(ref)
    x = host(out[0])
    dense = A.toarray()
    # The normal equations hold (least squares) or, for the wide system, the minimum-norm
    # solution agrees with lstsq's.
    lstsq = numpy.linalg.lstsq(dense, b, rcond=None)[0]
    numpy.testing.assert_allclose(x, lstsq, rtol=100 * tol, atol=100 * tol)
    assert out[1] in (1, 2, 4, 5)
    numpy.testing.assert_allclose(out[3], ref[3], rtol=1e-2 if tol > 1e-6 else 1e-6,
                                  atol=1e3 * tol * numpy.linalg.norm(b))


@pytest.mark.parametrize("name", ["lsqr", "lsmr"])
def test_least_squares_match_scipy(backend, name):
    A = rectangular(50, 15, numpy.float64, seed=7)
    b = vector(50, numpy.float64)
    x0 = numpy.full(15, 0.5)
    for damp in [0.0, 0.7]:
        out = getattr(cl, name)(device(A), _backend.xp.asarray(b), damp=damp,
                                x0=_backend.xp.asarray(x0))
        ref = getattr(sla, name)(A, b, damp=damp, x0=x0)
        numpy.testing.assert_allclose(host(out[0]), ref[0], rtol=1e-8, atol=1e-10)
        assert out[1:3] == ref[1:3]
        numpy.testing.assert_allclose(out[3:8 if name == "lsmr" else 9], ref[3:8 if name ==
                                      "lsmr" else 9], rtol=1e-8)
    out = cl.lsqr(device(A), _backend.xp.asarray(b), calc_var=True)
    ref = sla.lsqr(A, b, calc_var=True)
    numpy.testing.assert_allclose(host(out[-1]), ref[-1], rtol=1e-8)
    with pytest.raises(ValueError):
        getattr(cl, name)(device(A), _backend.xp.ones(49))
    out = getattr(cl, name)(device(A), _backend.xp.zeros(50))
    assert not host(out[0]).any() and out[2] == 0


@pytest.mark.parametrize("kwargs", [{}, dict(inner_m=5, outer_k=2),
                                    dict(inner_m=5, store_outer_Av=False)])
def test_lgmres_matches_scipy(backend, kwargs):
    A = nonsymmetric(80, numpy.float64, seed=9)
    b = vector(80, numpy.float64)
    x, info = cl.lgmres(device(A), _backend.xp.asarray(b), rtol=1e-10, **kwargs)
    xs, infos = sla.lgmres(A, b, rtol=1e-10, **kwargs)
    assert info == infos == 0
    numpy.testing.assert_allclose(host(x), xs, rtol=1e-7, atol=1e-9)
    # outer_v carries the augmentation vectors from one call to the next.
    outer = []
    cl.lgmres(device(A), _backend.xp.asarray(b), rtol=1e-3, outer_v=outer, inner_m=4)
    assert 0 < len(outer) <= 3
    x, info = cl.lgmres(device(A), _backend.xp.asarray(b), rtol=1e-10, outer_v=outer)
    assert info == 0 and _residual(A, x, b) <= 1e-9
    with pytest.raises(ValueError, match="finite"):
        cl.lgmres(device(A), _backend.xp.asarray(numpy.full(80, numpy.nan)))
