"""eigsh (thick-restart Lanczos), svds and lobpcg against scipy.sparse.linalg and dense
eigh/svd: eigenvalues, eigenpair residuals and orthonormality in float32/float64/complex,
each `which`, and SciPy's argument errors. Runs on NumPy (CPU) and on cunp (gpu marker)."""

import warnings

import numpy
import pytest

sla = pytest.importorskip("scipy.sparse.linalg")
sps = pytest.importorskip("scipy.sparse")

from cunp.scipy.sparse import _backend  # noqa: E402
from cunp.scipy.sparse import linalg as cl  # noqa: E402

from sparse_linalg_problems import device, hermitian, host, poisson2d, rectangular  # noqa
from spsm_model import calls as spsm_calls  # noqa: E402

DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


def _tol(dtype):
    return 1e-3 if numpy.dtype(dtype).char in "fF" else 1e-9


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("which", ["LM", "SM", "LA", "SA"])
def test_eigsh(backend, dtype, which):
    A = hermitian(80, dtype, seed=1, definite=False)
    dense = A.toarray()
    k = 5
    w, v = cl.eigsh(device(A), k=k, which=which)
    w, v = host(w), host(v)
    ref = numpy.linalg.eigvalsh(dense.astype(numpy.complex128))
    key = {"LM": -numpy.abs(ref), "SM": numpy.abs(ref), "LA": -ref, "SA": ref}[which]
    expected = numpy.sort(ref[numpy.argsort(key, kind="stable")[:k]])
    scale = numpy.abs(ref).max()
    numpy.testing.assert_allclose(w, expected, atol=_tol(dtype) * scale)
    assert numpy.all(numpy.diff(w) >= 0)
    assert v.shape == (80, k) and v.dtype == numpy.dtype(dtype)
    numpy.testing.assert_allclose(dense @ v, v * w, atol=10 * _tol(dtype) * scale)
    numpy.testing.assert_allclose(v.conj().T @ v, numpy.eye(k), atol=10 * _tol(dtype))
    w_only = host(cl.eigsh(device(A), k=k, which=which, return_eigenvectors=False))
    numpy.testing.assert_allclose(numpy.sort(w_only), expected, atol=_tol(dtype) * scale)


def test_eigsh_poisson_matches_scipy(backend):
    A = poisson2d(12)
    for which in ["LM", "SA", "SM"]:
        w = host(cl.eigsh(device(A), k=4, which=which, return_eigenvectors=False))
        ref = sla.eigsh(A, k=4, which=which, return_eigenvectors=False)
        numpy.testing.assert_allclose(numpy.sort(w), numpy.sort(ref), rtol=1e-8, atol=1e-8)


@pytest.mark.parametrize("sigma,which", [(0.0, "LM"), (1.0, "LM"), (1.0, "LA"), (1.0, "SA")])
def test_eigsh_shift_invert(spsm_model, sigma, which):
    A = poisson2d(12)
    spsm_calls.clear()
    w, v = cl.eigsh(device(A), k=4, sigma=sigma, which=which)
    w, v = host(w), host(v)
    if spsm_model == "numpy":
        # A sparse A is factored by splu: its solves are the triangular solves.
        assert spsm_calls
    ref = sla.eigsh(A, k=4, sigma=sigma, which=which, return_eigenvectors=False)
    numpy.testing.assert_allclose(w, numpy.sort(ref), rtol=1e-9, atol=1e-12)
    numpy.testing.assert_allclose(A @ v, v * w, atol=1e-8)
    # The same through a user's OPinv (here the dense inverse as an operator).
    inv = numpy.linalg.inv(A.toarray() - sigma * numpy.eye(A.shape[0]))
    w2 = cl.eigsh(device(A), k=4, sigma=sigma, which=which, return_eigenvectors=False,
                  OPinv=cl.aslinearoperator(_backend.xp.asarray(inv)))
    numpy.testing.assert_allclose(host(w2), w, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("fmt", ["csr", "csc", "coo"])
def test_eigsh_shift_invert_sparse_lu(spsm_model, dtype, fmt):
    """sigma on a sparse A goes through splu (every dtype and input format), matching SciPy's
    shift-invert; a dense A, and the path without SciPy, take the dense LU and agree."""
    from cunp.scipy import sparse as cs
    from cunp.scipy.sparse.linalg._dsolve import _linsolve

    A = hermitian(60, dtype, seed=7, definite=False)
    ours = {"csr": cs.csr_array, "csc": cs.csc_array, "coo": cs.coo_array}[fmt](A.asformat(fmt))
    sigma = 0.3
    spsm_calls.clear()
    w, v = cl.eigsh(ours, k=3, sigma=sigma)
    w, v = host(w), host(v)
    if spsm_model == "numpy":
        assert spsm_calls
    assert v.dtype == numpy.dtype(dtype) and w.dtype == numpy.dtype(dtype).char.lower()
    ref = sla.eigsh(A.astype(numpy.complex128 if numpy.dtype(dtype).kind == "c"
                             else numpy.float64), k=3, sigma=sigma, return_eigenvectors=False)
    tol = _tol(dtype) * 10
    numpy.testing.assert_allclose(w, numpy.sort(ref), rtol=tol, atol=tol)
    scale = numpy.abs(ref).max()
    numpy.testing.assert_allclose(A @ v, v * w, atol=10 * tol * scale)
    dense = cl.eigsh(_backend.xp.asarray(A.toarray()), k=3, sigma=sigma,
                     return_eigenvectors=False)
    numpy.testing.assert_allclose(numpy.sort(host(dense)), w, rtol=tol, atol=tol)
    spsm_calls.clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_linsolve, "_dense_fallback_only", True)
        fallback = cl.eigsh(ours, k=3, sigma=sigma, return_eigenvectors=False)
    assert not spsm_calls
    numpy.testing.assert_allclose(numpy.sort(host(fallback)), w, rtol=tol, atol=tol)


def test_eigsh_shift_invert_singular(spsm_model):
    # sigma an exact eigenvalue of a diagonal matrix: the LU is exactly singular, as SciPy.
    D = sps.diags_array(numpy.arange(1.0, 21.0)).tocsr()
    with pytest.raises(RuntimeError, match="singular"):
        sla.eigsh(D, k=2, sigma=3.0)
    with pytest.raises(RuntimeError, match="singular"):
        cl.eigsh(device(D), k=2, sigma=3.0)


def _mass(n, dtype):
    """A Hermitian positive definite sparse M (a 1-D mass matrix with a varying diagonal)."""
    d = numpy.linspace(2.0, 4.0, n)
    off = numpy.full(n - 1, 0.5)
    if numpy.dtype(dtype).kind == "c":
        off = off + 0.25j
    return sps.diags_array([off.conj(), d, off], offsets=[-1, 0, 1]).tocsr().astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("which", ["LM", "LA", "SA"])
def test_eigsh_generalised_shift_invert(spsm_model, dtype, which):
    """A x = lambda M x with sigma: the eigenvalues of the pencil nearest sigma (as `which`
    picks among 1 / (lambda - sigma)), against SciPy's eigsh(M=, sigma=) and dense eigh(A, M);
    the eigenvectors M-orthonormal, as SciPy's."""
    import scipy.linalg

    n, k, sigma = 70, 3, 0.2
    A = hermitian(n, dtype, seed=8, definite=False)
    Mh = _mass(n, dtype)
    spsm_calls.clear()
    w, v = cl.eigsh(device(A), k=k, M=device(Mh), sigma=sigma, which=which)
    w, v = host(w), host(v)
    if spsm_model == "numpy":
        assert spsm_calls  # A - sigma M factored by splu
    wide = numpy.complex128 if numpy.dtype(dtype).kind == "c" else numpy.float64
    lam = scipy.linalg.eigh(A.toarray().astype(wide), Mh.toarray().astype(wide),
                            eigvals_only=True)
    nu = 1 / (lam - sigma)
    key = {"LM": -numpy.abs(nu), "LA": -nu, "SA": nu}[which]
    expected = numpy.sort(lam[numpy.argsort(key, kind="stable")[:k]])
    ref = sla.eigsh(A.astype(wide), k=k, M=Mh.astype(wide), sigma=sigma, which=which,
                    return_eigenvectors=False)
    tol = _tol(dtype) * 10
    scale = numpy.abs(lam).max()
    numpy.testing.assert_allclose(w, expected, rtol=tol, atol=tol * scale)
    numpy.testing.assert_allclose(w, numpy.sort(ref.real), rtol=tol, atol=tol * scale)
    assert v.dtype == numpy.dtype(dtype)
    numpy.testing.assert_allclose(A @ v, (Mh @ v) * w, atol=10 * tol * scale)
    numpy.testing.assert_allclose(v.conj().T @ (Mh @ v), numpy.eye(k), atol=10 * tol)
    # Dense A and M take the dense LU, and a user's OPinv (A - sigma M)^-1 serves as well.
    dense = cl.eigsh(_backend.xp.asarray(A.toarray()), k=k, M=_backend.xp.asarray(Mh.toarray()),
                     sigma=sigma, which=which, return_eigenvectors=False)
    numpy.testing.assert_allclose(numpy.sort(host(dense)), w, rtol=tol, atol=tol * scale)
    inv = numpy.linalg.inv((A - sigma * Mh).toarray().astype(wide)).astype(dtype)
    via = cl.eigsh(device(A), k=k, M=device(Mh), sigma=sigma, which=which,
                   OPinv=cl.aslinearoperator(_backend.xp.asarray(inv)),
                   return_eigenvectors=False)
    numpy.testing.assert_allclose(numpy.sort(host(via)), w, rtol=tol, atol=tol * scale)


def test_eigsh_generalised_errors(backend):
    A = device(hermitian(10, numpy.float64))
    Mh = device(_mass(10, numpy.float64))
    with pytest.raises(ValueError, match="wrong M dimensions"):
        cl.eigsh(A, k=2, M=device(_mass(9, numpy.float64)), sigma=0.5)
    with pytest.raises(ValueError, match="Minv should not be specified when sigma"):
        cl.eigsh(A, k=2, M=Mh, sigma=0.5, Minv=Mh)
    with pytest.raises(ValueError, match="Minv should not be specified with M = None"):
        cl.eigsh(A, k=2, Minv=Mh)
    with pytest.raises(ValueError, match="unrecognized mode 'x'"):
        cl.eigsh(A, k=2, sigma=0.5, mode="x")
    with pytest.raises(ValueError, match="cannot be used with complex matrix A"):
        cl.eigsh(device(hermitian(10, numpy.complex128)), k=2, sigma=0.5, mode="cayley")
    with pytest.raises(TypeError, match="OPinv"):
        cl.eigsh(A, k=2, M=cl.aslinearoperator(Mh), sigma=0.5)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("which", ["LM", "LA", "SA", "BE"])
def test_eigsh_generalised(spsm_model, dtype, which):
    """A x = lambda M x without sigma (ARPACK's mode 2: Lanczos on M^-1 A in the M inner
    product), against dense eigh(A, M) and SciPy's eigsh(A, M=M): M factored by splu, a
    given Minv, and a LinearOperator M (inverted by GMRES, as SciPy's); the eigenvectors
    M-orthonormal."""
    import scipy.linalg

    if which == "BE" and numpy.dtype(dtype).kind == "c":
        pytest.skip("SciPy: which='BE' cannot be used with complex matrix A")
    n, k = 70, 3
    A = hermitian(n, dtype, seed=9, definite=False)
    Mh = _mass(n, dtype)
    wide = numpy.complex128 if numpy.dtype(dtype).kind == "c" else numpy.float64
    lam = scipy.linalg.eigh(A.toarray().astype(wide), Mh.toarray().astype(wide),
                            eigvals_only=True)
    if which == "BE":
        expected = numpy.sort(numpy.r_[lam[:k // 2], lam[n - (k - k // 2):]])
    else:
        key = {"LM": -numpy.abs(lam), "LA": -lam, "SA": lam}[which]
        expected = numpy.sort(lam[numpy.argsort(key, kind="stable")[:k]])
    tol = _tol(dtype) * 10
    scale = numpy.abs(lam).max()
    spsm_calls.clear()
    w, v = cl.eigsh(device(A), k=k, M=device(Mh), which=which)
    w, v = host(w), host(v)
    if spsm_model == "numpy":
        assert spsm_calls  # M factored by splu
    assert v.dtype == numpy.dtype(dtype) and w.dtype == numpy.dtype(dtype).char.lower()
    numpy.testing.assert_allclose(w, expected, rtol=tol, atol=tol * scale)
    ref = sla.eigsh(A.astype(wide), k=k, M=Mh.astype(wide), which=which,
                    return_eigenvectors=False)
    numpy.testing.assert_allclose(w, numpy.sort(ref.real), rtol=tol, atol=tol * scale)
    numpy.testing.assert_allclose(A @ v, (Mh @ v) * w, atol=10 * tol * scale)
    numpy.testing.assert_allclose(v.conj().T @ (Mh @ v), numpy.eye(k), atol=10 * tol)
    Minv = numpy.linalg.inv(Mh.toarray()).astype(dtype)
    via = cl.eigsh(device(A), k=k, M=device(Mh), which=which, return_eigenvectors=False,
                   Minv=cl.aslinearoperator(_backend.xp.asarray(Minv)))
    numpy.testing.assert_allclose(numpy.sort(host(via)), expected, rtol=tol, atol=tol * scale)
    if numpy.dtype(dtype).char == "d":
        iterative = cl.eigsh(device(A), k=k, M=cl.aslinearoperator(device(Mh)), which=which,
                             return_eigenvectors=False)
        numpy.testing.assert_allclose(numpy.sort(host(iterative)), expected, rtol=1e-8,
                                      atol=1e-8 * scale)


def _indefinite(n, dtype, seed):
    """A real symmetric indefinite sparse matrix (buckling mode's M, the geometric
    stiffness)."""
    rng = numpy.random.default_rng(seed)
    d = rng.uniform(-1.0, 1.0, n)
    off = rng.uniform(-0.3, 0.3, n - 1)
    return sps.diags_array([off, d, off], offsets=[-1, 0, 1]).tocsr().astype(dtype)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
@pytest.mark.parametrize("mode", ["buckling", "cayley"])
@pytest.mark.parametrize("which", ["LM", "LA", "SA"])
def test_eigsh_modes(spsm_model, dtype, mode, which):
    """SciPy's other shift-invert modes: 'buckling' (OP = (A - sigma M)^-1 A in the A inner
    product, A positive definite, M indefinite; `which` on lambda / (lambda - sigma)) and
    'cayley' (OP = (A - sigma M)^-1 (A + sigma M) in the M inner product, M positive
    definite; `which` on (lambda + sigma) / (lambda - sigma)), against SciPy's eigsh in the
    same mode and the dense pencil; the eigenvectors B-orthonormal (B = A, M)."""
    import scipy.linalg

    n, k = 64, 3
    A = poisson2d(8, dtype)
    if mode == "buckling":
        Mh, sigma = _indefinite(n, dtype, 10), 2.0
        # M x = mu A x with A positive definite; lambda = 1 / mu (mu != 0).
        mu = scipy.linalg.eigh(Mh.toarray().astype(numpy.float64),
                               A.toarray().astype(numpy.float64), eigvals_only=True)
        lam = 1 / mu[numpy.abs(mu) > 1e-12]
        nu = lam / (lam - sigma)
    else:
        Mh, sigma = _mass(n, dtype), 0.3
        lam = scipy.linalg.eigh(A.toarray().astype(numpy.float64),
                                Mh.toarray().astype(numpy.float64), eigvals_only=True)
        nu = (lam + sigma) / (lam - sigma)
    key = {"LM": -numpy.abs(nu), "LA": -nu, "SA": nu}[which]
    expected = numpy.sort(lam[numpy.argsort(key, kind="stable")[:k]])
    tol = _tol(dtype) * 10
    scale = numpy.abs(expected).max()
    spsm_calls.clear()
    w, v = cl.eigsh(device(A), k=k, M=device(Mh), sigma=sigma, which=which, mode=mode)
    w, v = host(w), host(v)
    if spsm_model == "numpy":
        assert spsm_calls  # A - sigma M factored by splu
    assert v.dtype == numpy.dtype(dtype) and w.dtype == numpy.dtype(dtype)
    assert numpy.all(numpy.diff(w) >= 0)
    numpy.testing.assert_allclose(w, expected, rtol=tol, atol=tol * scale)
    ref = sla.eigsh(A.astype(numpy.float64), k=k, M=Mh.astype(numpy.float64), sigma=sigma,
                    which=which, mode=mode, return_eigenvectors=False)
    numpy.testing.assert_allclose(w, numpy.sort(ref), rtol=tol, atol=tol * scale)
    numpy.testing.assert_allclose(A @ v, (Mh @ v) * w, atol=10 * tol * scale * numpy.abs(
        v).max())
    B = A if mode == "buckling" else Mh
    numpy.testing.assert_allclose(v.T @ (B @ v), numpy.eye(k), atol=10 * tol)
    # A user's OPinv is (A - sigma M)^-1 in every mode, as SciPy's.
    inv = numpy.linalg.inv((A - sigma * Mh).toarray().astype(numpy.float64)).astype(dtype)
    via = cl.eigsh(device(A), k=k, M=device(Mh), sigma=sigma, which=which, mode=mode,
                   OPinv=cl.aslinearoperator(_backend.xp.asarray(inv)),
                   return_eigenvectors=False)
    numpy.testing.assert_allclose(host(via), w, rtol=tol, atol=tol * scale)


def test_eigsh_modes_identity_mass(backend):
    """Without M the modes take M = I: buckling's OP (A - sigma I)^-1 A, cayley's
    (A - sigma I)^-1 (A + sigma I); the same eigenvalues of A near sigma as SciPy's."""
    A = poisson2d(8)
    for mode in ["normal", "buckling", "cayley"]:
        w = host(cl.eigsh(device(A), k=3, sigma=1.5, mode=mode, return_eigenvectors=False))
        ref = sla.eigsh(A, k=3, sigma=1.5, mode=mode, return_eigenvectors=False)
        numpy.testing.assert_allclose(w, numpy.sort(ref), rtol=1e-9)


def test_dense_fallback_generalised(backend):
    """k >= N (eigsh) or N - 1 (eigs) with M: SciPy's dense eigh(A, b=M) / eig(A, b=M), every
    eigenvalue (eigsh's M-orthonormal vectors; sigma and mode aside)."""
    import scipy.linalg

    xp = _backend.xp
    H = hermitian(8, numpy.float64, seed=3, definite=False).toarray()
    Mh = _mass(8, numpy.float64).toarray()
    ref = scipy.linalg.eigh(H, Mh, eigvals_only=True)
    for kwargs in [{}, dict(sigma=0.5), dict(sigma=0.5, mode="cayley")]:
        with pytest.warns(RuntimeWarning, match="k >= N"):
            w, v = cl.eigsh(xp.asarray(H), k=8, M=xp.asarray(Mh), **kwargs)
        w, v = host(w), host(v)
        numpy.testing.assert_allclose(w, ref, rtol=1e-10, atol=1e-12)
        numpy.testing.assert_allclose(v.T @ Mh @ v, numpy.eye(8), atol=1e-10)
        with pytest.warns(RuntimeWarning, match="k >= N"):
            ref_scipy = sla.eigsh(H, k=8, M=Mh, return_eigenvectors=False, **kwargs)
        numpy.testing.assert_allclose(numpy.sort(ref_scipy), ref, rtol=1e-10, atol=1e-12)
    with pytest.raises(numpy.linalg.LinAlgError):
        with pytest.warns(RuntimeWarning, match="k >= N"):
            cl.eigsh(xp.asarray(H), k=8, M=xp.asarray(H))  # M not positive definite
    G = _general(8, numpy.float64, 4).toarray()
    ref = scipy.linalg.eigvals(G, Mh)
    with pytest.warns(RuntimeWarning, match="k >= N - 1"):
        w, v = cl.eigs(xp.asarray(G), k=7, M=xp.asarray(Mh))
    w, v = host(w), host(v)
    _assert_picked(w, ref, "LM", 1e-10)
    numpy.testing.assert_allclose(G @ v, (Mh @ v) * w, atol=1e-10)


@pytest.mark.gpu
def test_eigsh_shift_invert_large_poisson():
    """A 20000 x 20000 Poisson matrix (its dense copy, 3.2 GB, and a dense LU of it are what
    the sparse LU avoids): the eigenpairs nearest sigma, by their residuals and against
    the matrix's known spectrum."""
    import cunp

    if _backend.xp is not cunp:
        pytest.skip("needs the cunp backend")
    m1, m2 = 200, 100  # n = 20000
    T1 = sps.diags_array([-1.0, 2.0, -1.0], offsets=[-1, 0, 1], shape=(m1, m1))
    T2 = sps.diags_array([-1.0, 2.0, -1.0], offsets=[-1, 0, 1], shape=(m2, m2))
    A = (sps.kron(T1, sps.eye_array(m2)) + sps.kron(sps.eye_array(m1), T2)).tocsr()
    e1 = 2 - 2 * numpy.cos(numpy.pi * numpy.arange(1, m1 + 1) / (m1 + 1))
    e2 = 2 - 2 * numpy.cos(numpy.pi * numpy.arange(1, m2 + 1) / (m2 + 1))
    spectrum = numpy.sort((e1[:, None] + e2[None, :]).ravel())
    sigma = 1.0
    k = 6
    w, v = cl.eigsh(device(A), k=k, sigma=sigma)
    w, v = host(w), host(v)
    expected = numpy.sort(spectrum[numpy.argsort(numpy.abs(spectrum - sigma))[:k]])
    numpy.testing.assert_allclose(w, expected, rtol=1e-8, atol=1e-10)
    residual = numpy.linalg.norm(A @ v - v * w, axis=0)
    assert residual.max() < 1e-7
    numpy.testing.assert_allclose(v.T @ v, numpy.eye(k), atol=1e-8)


def test_eigsh_both_ends(backend):
    A = poisson2d(10)
    for k in [4, 5]:
        w = host(cl.eigsh(device(A), k=k, which="BE", return_eigenvectors=False))
        ref = sla.eigsh(A, k=k, which="BE", return_eigenvectors=False)
        numpy.testing.assert_allclose(w, numpy.sort(ref), rtol=1e-9)


def test_eigsh_options(backend):
    xp = _backend.xp
    A = hermitian(50, numpy.float64, seed=2)
    ref = numpy.sort(numpy.linalg.eigvalsh(A.toarray()))[-3:]
    w = cl.eigsh(cl.aslinearoperator(device(A)), k=3, which="LA", ncv=10, tol=1e-12,
                 v0=xp.ones(50), return_eigenvectors=False)
    numpy.testing.assert_allclose(host(w), ref, rtol=1e-9)
    # Repeated eigenvalues and an invariant starting subspace (identity blocks).
    D = sps.diags_array(numpy.r_[numpy.ones(10), 2 * numpy.ones(10), 5.0]).tocsr()
    w = cl.eigsh(device(D), k=3, which="LA", return_eigenvectors=False)
    numpy.testing.assert_allclose(numpy.sort(host(w)), [2, 2, 5], atol=1e-10)
    # rng (SciPy's keyword) seeds the random start: the same pairs.
    for rng in [3, numpy.random.default_rng(4)]:
        w = cl.eigsh(device(A), k=3, which="LA", rng=rng, return_eigenvectors=False)
        numpy.testing.assert_allclose(numpy.sort(host(w)), ref, rtol=1e-9)
    with pytest.raises(cl.ArpackNoConvergence) as e:
        cl.eigsh(device(poisson2d(20)), k=4, which="SA", maxiter=1, ncv=9)
    assert e.value.eigenvalues is not None


def test_eigsh_errors(backend):
    xp = _backend.xp
    A = device(hermitian(10, numpy.float64))
    with pytest.raises(ValueError, match="k must be greater than 0"):
        cl.eigsh(A, k=0)
    with pytest.raises(ValueError, match="which must be one of"):
        cl.eigsh(A, k=2, which="XX")
    with pytest.raises(ValueError, match="which must be one of LM SM LA SA BE"):
        cl.eigsh(A, k=2, which="sm")
    with pytest.raises(ValueError, match="unrecognized mode"):
        cl.eigsh(A, k=2, sigma=1.0, mode="Buckling")
    with pytest.raises(ValueError, match="OPinv"):
        cl.eigsh(A, k=2, OPinv=A)
    with pytest.raises(TypeError, match="OPinv"):
        cl.eigsh(cl.aslinearoperator(A), k=2, sigma=1.0)
    with pytest.raises(ValueError, match="ncv"):
        cl.eigsh(A, k=2, ncv=2)
    with pytest.raises(ValueError, match="square"):
        cl.eigsh(device(rectangular(4, 3, numpy.float64)), k=1)
    with pytest.warns(RuntimeWarning, match="k >= N"):
        w = cl.eigsh(A, k=10, return_eigenvectors=False)
    assert host(w).shape == (10,)
    with pytest.raises(TypeError), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cl.eigsh(cl.aslinearoperator(A), k=10)
    del xp


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(60, 25), (25, 60)])
@pytest.mark.parametrize("which", ["LM", "SM"])
def test_svds(backend, dtype, shape, which):
    A = rectangular(*shape, dtype, seed=3)
    dense = A.toarray()
    k = 4
    u, s, vh = (host(a) for a in cl.svds(device(A), k=k, which=which))
    ref = numpy.linalg.svd(dense.astype(numpy.complex128), compute_uv=False)
    expected = numpy.sort(ref[:k] if which == "LM" else ref[-k:])
    tol = (3e-2 if numpy.dtype(dtype).char in "fF" else 1e-6) * ref[0]
    numpy.testing.assert_allclose(s, expected, atol=tol)
    assert numpy.all(numpy.diff(s) >= 0)
    numpy.testing.assert_allclose(dense @ vh.conj().T, u * s, atol=10 * tol)
    numpy.testing.assert_allclose(u.conj().T @ u, numpy.eye(k), atol=10 * tol / ref[0])
    s_only = host(cl.svds(device(A), k=k, which=which, return_singular_vectors=False))
    numpy.testing.assert_allclose(s_only, expected, atol=tol)
    u, s2, none = cl.svds(device(A), k=k, which=which, return_singular_vectors="u")
    assert none is None and host(u).shape == (shape[0], k)
    none, s2, vh = cl.svds(device(A), k=k, which=which, return_singular_vectors="vh")
    assert none is None and host(vh).shape == (k, shape[1])


def test_svds_errors(backend):
    A = device(rectangular(6, 4, numpy.float64))
    for kwargs, match in [(dict(k=0), "`k` must be"), (dict(k=4), "`k` must be"),
                          (dict(k=1, which="LA"), "`which` must be"),
                          (dict(k=1, tol=-1), "`tol` must be"),
                          (dict(k=1, solver="x"), "solver must be"),
                          (dict(k=1, maxiter=0), "`maxiter` must be"),
                          (dict(k=1, ncv=1), "`ncv` must be"),
                          (dict(k=1, v0=_backend.xp.ones(5)), "`v0` must have shape"),
                          (dict(k=1, return_singular_vectors="x"), "return_singular")]:
        with pytest.raises(ValueError, match=match):
            cl.svds(A, **kwargs)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.parametrize("largest", [True, False])
def test_lobpcg(backend, dtype, largest):
    xp = _backend.xp
    n, k = 100, 3
    d = numpy.arange(1, n + 1, dtype=numpy.float64)
    A = sps.diags_array(d).tocsr().astype(dtype)
    rng = numpy.random.default_rng(4)
    X = rng.standard_normal((n, k)).astype(dtype)
    # The inverse diagonal preconditions the smallest pairs (and would slow the largest).
    M = None if largest else device(sps.diags_array(1 / d).tocsr().astype(dtype))
    lam, V = cl.lobpcg(device(A), xp.asarray(X), M=M, largest=largest, tol=1e-6,
                       maxiter=200)
    expected = d[::-1][:k] if largest else d[:k]
    numpy.testing.assert_allclose(numpy.sort(host(lam)), numpy.sort(expected),
                                  rtol=1e-3 if dtype == numpy.float32 else 1e-8)
    V = host(V)
    numpy.testing.assert_allclose(A @ V, V * host(lam), atol=1e-2 if dtype == numpy.float32
                                  else 1e-5)


def test_lobpcg_generalised_constraints_history(backend):
    xp = _backend.xp
    n = 60
    A = poisson2d(1) if False else hermitian(n, numpy.float64, seed=5)
    B = sps.diags_array(numpy.linspace(1, 2, n)).tocsr()
    rng = numpy.random.default_rng(6)
    X = rng.standard_normal((n, 2))
    import scipy.linalg
    ref = scipy.linalg.eigh(A.toarray(), B.toarray(), eigvals_only=True)
    lam, V, lh, rh = cl.lobpcg(device(A), xp.asarray(X), B=device(B), largest=False,
                               tol=1e-8, maxiter=300, retLambdaHistory=True,
                               retResidualNormsHistory=True)
    numpy.testing.assert_allclose(numpy.sort(host(lam)), ref[:2], rtol=1e-6)
    assert len(lh) == len(rh) + 1 or len(lh) == len(rh)
    # Constrained to the B-orthogonal complement of the first eigenvector: the next two.
    _, vecs = scipy.linalg.eigh(A.toarray(), B.toarray())
    Y = vecs[:, :1]
    lam = cl.lobpcg(device(A), xp.asarray(X), B=device(B), Y=xp.asarray(Y), largest=False,
                    tol=1e-8, maxiter=300)[0]
    numpy.testing.assert_allclose(numpy.sort(host(lam)), ref[1:3], rtol=1e-6)
    # A small problem goes to the dense solver, as SciPy's does.
    with pytest.warns(UserWarning, match="dense eigensolver"):
        lam, _ = cl.lobpcg(device(A[:8, :8].tocsr()), xp.asarray(X[:8]), largest=True)
    numpy.testing.assert_allclose(numpy.sort(host(lam)),
                                  numpy.linalg.eigvalsh(A[:8, :8].toarray())[-2:], rtol=1e-10)


def _sorted(w):
    """Complex values in a stable order (rounded keys, so conjugate pairs whose real parts
    differ in the last bits keep one order)."""
    w = numpy.asarray(w)
    return w[numpy.lexsort((numpy.round(w.imag, 4), numpy.round(w.real, 4)))]


def _general(n, dtype, seed):
    A = sps.random_array((n, n), density=0.05, rng=seed, format="csr") + sps.diags_array(
        numpy.linspace(0, 3, n))
    if numpy.dtype(dtype).kind == "c":
        A = A + 1j * sps.random_array((n, n), density=0.02, rng=seed + 1, format="csr")
    return A.tocsr().astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("which", ["LM", "LR", "SR", "LI", "SI"])
def test_eigs(backend, dtype, which):
    A = _general(100, dtype, 3)
    k = 4
    w, v = (host(a) for a in cl.eigs(device(A), k=k, which=which))
    ref = numpy.linalg.eigvals(A.toarray().astype(numpy.complex128))
    key = {"LM": -numpy.abs(ref), "LR": -ref.real, "SR": ref.real, "LI": -ref.imag,
           "SI": ref.imag}[which]
    expected = ref[numpy.argsort(key, kind="stable")[:k]]
    assert w.dtype == numpy.result_type(dtype, numpy.complex64)
    assert v.shape == (100, k)
    tol = 1e-4 if numpy.dtype(dtype).char in "fF" else 1e-9
    numpy.testing.assert_allclose(_sorted(w), _sorted(expected), atol=tol * 10)
    numpy.testing.assert_allclose(A @ v, v * w, atol=tol * 10)
    ref_scipy = sla.eigs(A.astype(numpy.complex128), k=k, which=which,
                         return_eigenvectors=False)
    ours = host(cl.eigs(device(A), k=k, which=which, return_eigenvectors=False))
    numpy.testing.assert_allclose(_sorted(ours), _sorted(ref_scipy), atol=tol * 10)


def test_eigs_errors(backend):
    A = device(_general(10, numpy.float64, 1))
    with pytest.raises(ValueError, match="greater than 0"):
        cl.eigs(A, k=0)
    with pytest.raises(ValueError, match="which must be one of"):
        cl.eigs(A, k=2, which="XX")
    with pytest.raises(ValueError, match="which must be one of LM SM"):
        cl.eigs(A, k=2, which="sm")
    with pytest.raises(ValueError, match="Minv should not be specified with M = None"):
        cl.eigs(A, k=2, Minv=A)
    # OPpart: SciPy's argument errors.
    for kwargs in [dict(OPpart="r"), dict(sigma=0.5, OPpart="x"), dict(sigma=0.5, OPpart="i")]:
        with pytest.raises(ValueError, match="OPpart"):
            cl.eigs(A, k=2, **kwargs)
        with pytest.raises(ValueError, match="OPpart"):
            sla.eigs(host(A), k=2, **kwargs)
    with pytest.raises(ValueError, match="OPpart"):
        cl.eigs(device(_general(10, numpy.complex128, 1)), k=2, sigma=0.5, OPpart="r")
    with pytest.raises(ValueError, match="Minv should not be specified when sigma"):
        cl.eigs(A, k=2, M=A, Minv=A, sigma=1.0)
    with pytest.raises(ValueError, match="wrong M dimensions"):
        cl.eigs(A, k=2, M=device(_mass(9, numpy.float64)))
    for solve in (cl.eigs, cl.eigsh):
        with pytest.warns(UserWarning, match="same type precision"):
            solve(A, k=2, M=device(_mass(10, numpy.float32)), sigma=0.5,
                  return_eigenvectors=False)
    with pytest.raises(ValueError, match="OPinv"):
        cl.eigs(A, k=2, OPinv=A)
    with pytest.raises(ValueError, match="ncv"):
        cl.eigs(A, k=2, ncv=3)
    with pytest.raises(TypeError), pytest.warns(RuntimeWarning, match="k >= N - 1"):
        cl.eigs(A, k=9)
    with pytest.raises(cl.ArpackNoConvergence):
        cl.eigs(device(_general(200, numpy.float64, 2)), k=3, which="SR", ncv=6, maxiter=1)


@pytest.mark.parametrize("sigma", [0.5, 1 + 0.5j])
def test_eigs_shift_invert(spsm_model, sigma):
    A = _general(100, numpy.float64, 3)
    spsm_calls.clear()
    w, v = (host(a) for a in cl.eigs(device(A), k=4, sigma=sigma))
    if spsm_model == "numpy":
        assert spsm_calls  # splu's sparse LU of A - sigma I, not a dense copy
    ref = sla.eigs(A.astype(numpy.complex128), k=4, sigma=sigma, return_eigenvectors=False)
    numpy.testing.assert_allclose(_sorted(w), _sorted(ref), atol=1e-9)
    numpy.testing.assert_allclose(A @ v, v * w, atol=1e-9)


_KEYS = {"LM": lambda w: -numpy.abs(w), "SM": numpy.abs, "LR": lambda w: -w.real,
         "SR": lambda w: w.real, "LI": lambda w: -w.imag, "SI": lambda w: w.imag}


def _assert_picked(w, spectrum, which, atol):
    """w holds the eigenvalues `which` picks from spectrum: the same sort keys (a conjugate
    pair split at the k-th place may come either way round) and each one an eigenvalue."""
    key = _KEYS[which]
    k = len(w)
    expected = numpy.sort(key(spectrum))[:k]
    numpy.testing.assert_allclose(numpy.sort(key(w)), expected, atol=atol)
    distance = numpy.abs(w[:, None] - spectrum[None, :]).min(axis=1)
    assert distance.max() <= atol, distance


def test_eigs_smallest_magnitude(spsm_model):
    """which='SM' without sigma: on an explicit A the smallest-magnitude eigenvalues by
    shift-invert at 0 (splu's sparse LU), the ones SciPy's regular mode finds (when it
    converges) and dense eig's; vectors by their residuals."""
    for dtype in DTYPES:
        A = _general(100, dtype, 3)
        k = 4
        spsm_calls.clear()
        w, v = (host(a) for a in cl.eigs(device(A), k=k, which="SM"))
        if spsm_model == "numpy":
            assert spsm_calls
        ref = numpy.linalg.eigvals(A.toarray().astype(numpy.complex128))
        tol = 1e-4 if numpy.dtype(dtype).char in "fF" else 1e-9
        assert w.dtype == numpy.result_type(dtype, numpy.complex64)
        _assert_picked(w, ref, "SM", tol * 10)
        numpy.testing.assert_allclose(A @ v, v * w, atol=tol * 10)
        # Smallest magnitude first, as `which` orders them.
        assert numpy.all(numpy.diff(numpy.abs(w)) >= -tol)
        dense = host(cl.eigs(_backend.xp.asarray(A.toarray()), k=k, which="SM",
                             return_eigenvectors=False))
        _assert_picked(dense, ref, "SM", tol * 10)
    # SciPy's ARPACK converges on this real problem: the same values (of a conjugate pair
    # split at the k-th place, either one).
    A = _general(100, numpy.float64, 3)
    ref_scipy = sla.eigs(A, k=4, which="SM", return_eigenvectors=False)
    ours = host(cl.eigs(device(A), k=4, which="SM", return_eigenvectors=False))
    numpy.testing.assert_allclose(numpy.sort(numpy.abs(ours)), numpy.sort(numpy.abs(ref_scipy)),
                                  rtol=1e-9)
    _assert_picked(ref_scipy, numpy.linalg.eigvals(A.toarray()), "SM", 1e-9)


def test_eigs_smallest_magnitude_regular_mode(backend):
    """A LinearOperator (nothing to factor) and a singular A run the regular mode on the
    smallest magnitudes, as SciPy's ARPACK does."""
    n = 40
    rng = numpy.random.default_rng(11)
    d = numpy.r_[numpy.arange(1.0, 5.0), numpy.linspace(20.0, 40.0, n - 4)]
    Q, _ = numpy.linalg.qr(rng.standard_normal((n, n)))
    dense = (Q * d) @ numpy.linalg.inv(Q)
    w = host(cl.eigs(cl.aslinearoperator(_backend.xp.asarray(dense)), k=3, which="SM",
                     return_eigenvectors=False))
    numpy.testing.assert_allclose(numpy.sort(w.real), [1, 2, 3], atol=1e-8)
    numpy.testing.assert_allclose(w.imag, 0, atol=1e-8)
    ref = sla.eigs(sla.aslinearoperator(dense), k=3, which="SM", return_eigenvectors=False)
    numpy.testing.assert_allclose(_sorted(w), _sorted(ref), atol=1e-8)
    # 0 an eigenvalue: the LU is singular, and the regular mode finds it.
    S = sps.diags_array(numpy.r_[0.0, numpy.arange(1.0, 5.0), numpy.linspace(20, 40, 35)])
    w = host(cl.eigs(device(S.tocsr()), k=3, which="SM", return_eigenvectors=False))
    numpy.testing.assert_allclose(numpy.sort(w.real), [0, 1, 2], atol=1e-8)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("which", ["LM", "SM", "LR", "SR"])
def test_eigs_generalised(spsm_model, dtype, which):
    """A x = lambda M x without sigma (ARPACK's mode 2: OP = M^-1 A, M positive definite),
    against dense eig(A, M) and SciPy's eigs(A, M=M): M factored by splu, a given Minv, and
    a LinearOperator M (inverted by GMRES, as SciPy's)."""
    import scipy.linalg

    n, k = 80, 3
    A = _general(n, dtype, 5)
    Mh = _mass(n, dtype)
    wide = numpy.complex128
    lam = scipy.linalg.eigvals(A.toarray().astype(wide), Mh.toarray().astype(wide))
    tol = 1e-3 if numpy.dtype(dtype).char in "fF" else 1e-8
    scale = numpy.abs(lam).max()
    w, v = (host(a) for a in cl.eigs(device(A), k=k, M=device(Mh), which=which))
    assert w.dtype == numpy.result_type(dtype, numpy.complex64)
    _assert_picked(w, lam, which, tol * scale)
    numpy.testing.assert_allclose(A @ v, (Mh @ v) * w, atol=10 * tol * scale)
    if which != "SM":
        ref = sla.eigs(A.astype(wide), k=k, M=Mh.astype(wide), which=which,
                       return_eigenvectors=False)
        _assert_picked(ref, lam, which, tol * scale)
    Minv = numpy.linalg.inv(Mh.toarray()).astype(dtype)
    via = host(cl.eigs(device(A), k=k, M=device(Mh), which=which, return_eigenvectors=False,
                       Minv=cl.aslinearoperator(_backend.xp.asarray(Minv))))
    _assert_picked(via, lam, which, tol * scale)
    if numpy.dtype(dtype).char == "d":
        iterative = host(cl.eigs(device(A), k=k, M=cl.aslinearoperator(device(Mh)),
                                 which=which, return_eigenvectors=False))
        _assert_picked(iterative, lam, which, 1e-7 * scale)


@pytest.mark.parametrize("sigma", [0.5, 1 + 0.5j])
def test_eigs_generalised_shift_invert(spsm_model, sigma):
    """A x = lambda M x near sigma: (A - sigma M)^-1 M, as SciPy's mode 3."""
    A = _general(80, numpy.float64, 5)
    Mh = _mass(80, numpy.float64)
    w, v = (host(a) for a in cl.eigs(device(A), k=3, M=device(Mh), sigma=sigma))
    ref = sla.eigs(A.astype(numpy.complex128), k=3, M=Mh, sigma=sigma,
                   return_eigenvectors=False)
    numpy.testing.assert_allclose(_sorted(w), _sorted(ref), atol=1e-9)
    numpy.testing.assert_allclose(A @ v, (Mh @ v) * w, atol=1e-8)


def _svds_tol(dtype, solver):
    """Relative accuracy: lobpcg stops at its own default residual (sqrt(eps) n on the Gram
    operator), so its vectors are looser than its values."""
    if solver == "lobpcg":
        return 1e-5, 1e-3
    single = numpy.dtype(dtype).char in "fF"
    return (1e-5, 1e-4) if single else (1e-10, 1e-9)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(60, 25), (25, 60)])
@pytest.mark.parametrize("which", ["LM", "SM"])
@pytest.mark.parametrize("solver", ["lobpcg", "propack"])
def test_svds_solvers(backend, dtype, shape, which, solver):
    """solver='lobpcg' (lobpcg on the Gram operator, then the SVD of A X, as SciPy's) and
    'propack' (Lanczos bidiagonalisation of A) against dense svd: ascending values, the
    triplets' residuals, orthonormal vectors, and each return_singular_vectors form."""
    A = rectangular(*shape, dtype, seed=3)
    dense = A.toarray()
    k = 4
    ref = numpy.linalg.svd(dense.astype(numpy.complex128), compute_uv=False)
    expected = numpy.sort(ref[:k] if which == "LM" else ref[-k:])
    stol, vtol = _svds_tol(dtype, solver)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # lobpcg's accuracy report
        u, s, vh = (host(a) for a in cl.svds(device(A), k=k, which=which, solver=solver,
                                             rng=0))
        numpy.testing.assert_allclose(s, expected, atol=stol * ref[0])
        assert numpy.all(numpy.diff(s) >= 0)
        assert u.shape == (shape[0], k) and vh.shape == (k, shape[1])
        # lobpcg works in float64 from SciPy's float64 random start, so its results do.
        out = numpy.result_type(dtype, numpy.float64) if solver == "lobpcg" else dtype
        assert u.dtype == numpy.dtype(out) and vh.dtype == numpy.dtype(out)
        assert s.dtype == numpy.dtype(out).char.lower()
        numpy.testing.assert_allclose(dense @ vh.conj().T, u * s, atol=vtol * ref[0])
        numpy.testing.assert_allclose(u.conj().T @ dense, s[:, None] * vh, atol=vtol * ref[0])
        numpy.testing.assert_allclose(u.conj().T @ u, numpy.eye(k), atol=vtol)
        numpy.testing.assert_allclose(vh @ vh.conj().T, numpy.eye(k), atol=vtol)
        s_only = host(cl.svds(device(A), k=k, which=which, solver=solver, rng=0,
                              return_singular_vectors=False))
        numpy.testing.assert_allclose(s_only, expected, atol=stol * ref[0])
        u, s2, none = cl.svds(device(A), k=k, which=which, solver=solver, rng=0,
                              return_singular_vectors="u")
        assert none is None and host(u).shape == (shape[0], k)
        none, s2, vh = cl.svds(device(A), k=k, which=which, solver=solver, rng=0,
                               return_singular_vectors="vh")
        assert none is None and host(vh).shape == (k, shape[1])
        numpy.testing.assert_allclose(host(s2), expected, atol=stol * ref[0])
        if which == "LM" and numpy.dtype(dtype).char in "dD":
            # SciPy's own answer (its PROPACK's 'SM' on a tall matrix counts zeros of the
            # longer side in 1.17, so only the largest are compared).
            _, ref_s, _ = sla.svds(A, k=k, which=which, solver=solver, rng=0)
            numpy.testing.assert_allclose(s, ref_s, rtol=1e-6)


def _same_up_to_sign(a, b):
    """Columns of a and b equal up to each column's sign."""
    signs = numpy.sign((a * b).sum(axis=0))
    numpy.testing.assert_allclose(a, b * signs, rtol=1e-9, atol=1e-12)


def test_svds_solver_options(backend):
    """propack allows k = min(A.shape) and a v0 of length A.shape[0] and raises LinAlgError
    when maxiter (its Krylov dimension) is too small; lobpcg starts from v0 when k is 1; an
    integer rng seeds as SciPy's (the same answer twice); a bad rng is refused."""
    xp = _backend.xp
    A = rectangular(30, 12, numpy.float64, seed=4)
    dense = A.toarray()
    ref = numpy.linalg.svd(dense, compute_uv=False)
    s = host(cl.svds(device(A), k=12, solver="propack", return_singular_vectors=False))
    numpy.testing.assert_allclose(s, numpy.sort(ref), rtol=1e-10)
    for solver in ["arpack", "lobpcg"]:
        with pytest.raises(ValueError, match="`k` must be"):
            cl.svds(device(A), k=12, solver=solver)
    s = host(cl.svds(device(A), k=2, solver="propack", v0=xp.ones(30),
                     return_singular_vectors=False))
    numpy.testing.assert_allclose(s, numpy.sort(ref[:2]), rtol=1e-10)
    with pytest.raises(ValueError, match=r"`v0` must have shape \(30,\)"):
        cl.svds(device(A), k=2, solver="propack", v0=xp.ones(12))
    with pytest.raises(numpy.linalg.LinAlgError, match="did not converge within kmax=3"):
        cl.svds(device(A), k=3, solver="propack", maxiter=3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        s = host(cl.svds(device(A), k=1, solver="lobpcg", v0=xp.ones(12),
                         return_singular_vectors=False))
        numpy.testing.assert_allclose(s, ref[:1], rtol=1e-7)
        for solver in ["lobpcg", "propack", "arpack"]:
            first = host(cl.svds(device(A), k=2, solver=solver, rng=5)[0])
            again = host(cl.svds(device(A), k=2, solver=solver,
                                 rng=numpy.random.default_rng(numpy.random.RandomState(5)))[0])
            # The same start; on a GPU the transposed sparse products' sums are not
            # bit-reproducible (cuSPARSE adds with atomics), so a vector may come back with
            # its sign flipped.
            _same_up_to_sign(first, again)
            # random_state, SciPy's older name for rng, as a keyword.
            legacy = host(cl.svds(device(A), k=2, solver=solver, random_state=5)[0])
            _same_up_to_sign(first, legacy)
    with pytest.raises(TypeError, match="multiple values"):
        cl.svds(device(A), k=2, rng=1, random_state=1)
    for solver in ["arpack", "lobpcg", "propack"]:
        with pytest.raises(ValueError, match="neither a NumPy Generator"):
            cl.svds(device(A), k=2, solver=solver, rng="x")


@pytest.mark.gpu
def test_eigen_modes_large_gpu():
    """The new paths at a size where the device matters: eigsh's mode 2 with a diagonal M on
    a 20000 x 20000 Poisson matrix (eigenvalues known: the matrix's over M's constant), eigs's
    which='SM' (shift-invert at 0 by splu) on the same matrix, and svds's propack and lobpcg
    on a 20000 x 2000 sparse matrix against its arpack answer, by the triplets' residuals."""
    import cunp

    if _backend.xp is not cunp:
        pytest.skip("needs the cunp backend")
    m1, m2 = 200, 100
    T1 = sps.diags_array([-1.0, 2.0, -1.0], offsets=[-1, 0, 1], shape=(m1, m1))
    T2 = sps.diags_array([-1.0, 2.0, -1.0], offsets=[-1, 0, 1], shape=(m2, m2))
    A = (sps.kron(T1, sps.eye_array(m2)) + sps.kron(sps.eye_array(m1), T2)).tocsr()
    e1 = 2 - 2 * numpy.cos(numpy.pi * numpy.arange(1, m1 + 1) / (m1 + 1))
    e2 = 2 - 2 * numpy.cos(numpy.pi * numpy.arange(1, m2 + 1) / (m2 + 1))
    spectrum = numpy.sort((e1[:, None] + e2[None, :]).ravel())
    n = A.shape[0]
    Mh = sps.diags_array(numpy.full(n, 2.0)).tocsr()
    w, v = cl.eigsh(device(A), k=4, M=device(Mh), which="LA")
    w, v = host(w), host(v)
    numpy.testing.assert_allclose(w, spectrum[-4:] / 2, rtol=1e-8)
    assert numpy.linalg.norm(A @ v - (Mh @ v) * w, axis=0).max() < 1e-6
    w = host(cl.eigs(device(A), k=4, which="SM", return_eigenvectors=False))
    numpy.testing.assert_allclose(numpy.sort(w.real), spectrum[:4], rtol=1e-8)
    R = sps.random_array((20000, 2000), density=1e-3, rng=12, format="csr")
    s_ref = numpy.sort(host(cl.svds(device(R), k=5, return_singular_vectors=False)))
    for solver in ["propack", "lobpcg"]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            # propack's maxiter is its Krylov dimension (10 k by default, too few here for
            # SciPy's PROPACK as well); lobpcg's 20 default iterations are too few as well.
            u, s, vh = (host(a) for a in cl.svds(device(R), k=5, solver=solver, rng=0,
                                                 maxiter=300))
        numpy.testing.assert_allclose(s, s_ref, rtol=1e-6)
        assert numpy.abs(R @ vh.T - u * s).max() < 1e-4 * s[-1]


def test_eigen_new_paths_layouts(backend):
    """The new paths take any layout: a dense A in F order or through a negative-stride view
    (eigs's which='SM'), Minv as a plain array and a strided v0 (eigsh's mode 2), and
    strided or reversed starting vectors (svds's propack and lobpcg)."""
    xp = _backend.xp
    A = _general(40, numpy.float64, 6).toarray()
    ref = numpy.linalg.eigvals(A)
    for dense in (numpy.asfortranarray(A), A[::-1, ::-1].copy()[::-1, ::-1]):
        w = host(cl.eigs(xp.asarray(dense), k=3, which="SM", return_eigenvectors=False))
        _assert_picked(w, ref, "SM", 1e-9)
    H = hermitian(40, numpy.float64, seed=7, definite=False)
    Mh = _mass(40, numpy.float64)
    lam = numpy.linalg.eigvals(numpy.linalg.solve(Mh.toarray(), H.toarray())).real
    v0 = xp.asarray(numpy.arange(80.0) % 7 + 1)[::2]
    w = cl.eigsh(device(H), k=3, M=device(Mh), which="LA", v0=v0,
                 Minv=xp.asarray(numpy.linalg.inv(Mh.toarray())), return_eigenvectors=False)
    numpy.testing.assert_allclose(host(w), numpy.sort(lam)[-3:], rtol=1e-9)
    R = rectangular(30, 12, numpy.float64, seed=8)
    s_ref = numpy.linalg.svd(R.toarray(), compute_uv=False)
    s = cl.svds(device(R), k=2, solver="propack", v0=xp.asarray(numpy.ones(60))[::2],
                return_singular_vectors=False)
    numpy.testing.assert_allclose(host(s), numpy.sort(s_ref[:2]), rtol=1e-10)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        s = cl.svds(device(R), k=1, solver="lobpcg", v0=xp.asarray(numpy.arange(1.0, 13.0))[::-1],
                    return_singular_vectors=False)
    numpy.testing.assert_allclose(host(s), s_ref[:1], rtol=1e-7)


@pytest.mark.parametrize("sigma", [1 + 0.5j, 0.5 + 0.2j])
@pytest.mark.parametrize("part", ["r", "i"])
@pytest.mark.parametrize("which", ["LM", "LR", "SR", "LI"])
def test_eigs_oppart(spsm_model, sigma, part, which):
    """OPpart: the real or imaginary part of (A - sigma M)^-1 M for a real A and a complex
    sigma, `which` on its eigenvalues, the eigenvalues of A from the Ritz vectors' Rayleigh
    quotients; the same pairs as SciPy's eigs (whose eigenvalues without eigenvectors are
    zeros in 1.17, so the values with them are compared)."""
    A = _general(100, numpy.float64, 3)
    w, v = (host(a) for a in cl.eigs(device(A), k=4, sigma=sigma, OPpart=part, which=which))
    ref = sla.eigs(A, k=4, sigma=sigma, OPpart=part, which=which)[0]
    numpy.testing.assert_allclose(_sorted(w), _sorted(ref), atol=1e-9)
    numpy.testing.assert_allclose(A @ v, v * w, atol=1e-9)
    w_only = host(cl.eigs(device(A), k=4, sigma=sigma, OPpart=part, which=which,
                          return_eigenvectors=False))
    numpy.testing.assert_allclose(_sorted(w_only), _sorted(ref), atol=1e-9)
    # The generalised problem: the Rayleigh quotient is taken with M.
    Mh = _mass(100, numpy.float64)
    w, v = (host(a) for a in cl.eigs(device(A), k=3, M=device(Mh), sigma=sigma, OPpart=part,
                                     which=which))
    numpy.testing.assert_allclose(A @ v, (Mh @ v) * w, atol=1e-9)
    ref = sla.eigs(A, k=3, M=Mh, sigma=sigma, OPpart=part, which=which)[0]
    # (A conjugate pair split at the k-th place may come either way round.)
    numpy.testing.assert_allclose(_sorted(w.real + 1j * abs(w.imag)),
                                  _sorted(ref.real + 1j * abs(ref.imag)), atol=1e-9)
