"""splu, spilu and factorized as sparse factorisations: SciPy's SuperLU factors on the host,
L and U kept on the backend, each solve two sparse triangular solves there (cuSPARSE's SpSM on
cunp, gpu marker; SciPy's spsolve_triangular standing in on NumPy, where the permutations,
dtype rules, argument pass-through and errors run on the CPU, through spsm_model.py's model of
the library call). SciPy is the reference: the
factors, permutations and nnz must be its own, and the solves agree with its solves."""

import warnings

import numpy
import pytest

sla = pytest.importorskip("scipy.sparse.linalg")
sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402
from cunp.scipy.sparse import linalg as cl  # noqa: E402

from sparse_linalg_problems import host, nonsymmetric, poisson2d, vector  # noqa: E402
from spsm_model import calls as spsm_calls  # noqa: E402

DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]
TRANS = ["N", "T", "H"]
# The formats a factorisation may be handed, and whether SciPy warns that it converts.
INPUTS = [("csc", False), ("csr", True), ("coo", True)]


def _tol(dtype):
    return 2e-4 if numpy.dtype(dtype).char in "fF" else 1e-11


def _op(dense, trans):
    return {"N": dense, "T": dense.T, "H": dense.conj().T}[trans]


def _ours(A, fmt):
    """SciPy's A as the backend's sparse array of format fmt."""
    return {"csc": cs.csc_array, "csr": cs.csr_array, "coo": cs.coo_array}[fmt](A.asformat(fmt))


def _factor(name, A, fmt, warns, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        if warns:
            with pytest.warns(cs.SparseEfficiencyWarning,
                              match=f"{name} converted its input to CSC format"):
                return getattr(cl, name)(_ours(A, fmt), **kwargs)
        return getattr(cl, name)(_ours(A, fmt), **kwargs)


def _assert_same_factors(ours, ref):
    assert ours.shape == ref.shape and ours.nnz == ref.nnz
    numpy.testing.assert_array_equal(host(ours.perm_r), ref.perm_r)
    numpy.testing.assert_array_equal(host(ours.perm_c), ref.perm_c)
    for mine, theirs in [(ours.L, ref.L), (ours.U, ref.U)]:
        assert mine.format == "csc" and mine.dtype == theirs.dtype
        assert mine.shape == theirs.shape and mine.nnz == theirs.nnz
        numpy.testing.assert_array_equal(host(mine), theirs.toarray())


def _rhs(n, dtype, seed=1):
    b = vector(n, dtype)
    rng = numpy.random.default_rng(seed)
    B = rng.standard_normal((n, 3))
    if numpy.dtype(dtype).kind == "c":
        B = B + 1j * rng.standard_normal((n, 3))
    return b, B.astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("fmt,warns", INPUTS)
def test_splu_is_scipys_factorisation(spsm_model, dtype, fmt, warns):
    A = nonsymmetric(40, dtype, seed=11)
    lu = _factor("splu", A, fmt, warns)
    ref = sla.splu(A.tocsc())
    assert isinstance(lu, cl.SuperLU)
    _assert_same_factors(lu, ref)
    b, B = _rhs(40, dtype)
    dense = A.toarray()
    for trans in TRANS:
        for rhs in [b, B]:
            x = lu.solve(_backend.xp.asarray(rhs), trans=trans)
            assert x.shape == rhs.shape and x.dtype == dtype
            x = host(x)
            numpy.testing.assert_allclose(_op(dense, trans) @ x, rhs, rtol=_tol(dtype),
                                          atol=_tol(dtype) * 10)
            numpy.testing.assert_allclose(x, ref.solve(rhs, trans=trans), rtol=_tol(dtype),
                                          atol=_tol(dtype) * 10)
    if spsm_model == "numpy":
        # Two triangular solves a call, the transposed ones on the other triangles first.
        assert [c[:2] for c in spsm_calls[:4]] == [(True, True), (False, False)] * 2
        assert [c[:2] for c in spsm_calls[4:8]] == [(True, False), (False, True)] * 2


@pytest.mark.parametrize("layout", ["F", "strided", "reversed", "column"])
def test_solve_right_hand_side_layouts(spsm_model, layout):
    A = nonsymmetric(30, numpy.complex128, seed=12)
    lu, ref = cl.splu(cs.csc_array(A)), sla.splu(A.tocsc())
    _, B = _rhs(30, numpy.complex128)
    wide = numpy.concatenate([B, B[::-1]], axis=1)
    rhs = {"F": numpy.asfortranarray(B), "strided": wide[:, ::2], "reversed": B[::-1],
           "column": B[:, :1]}[layout]
    xp = _backend.xp
    b = xp.asarray(rhs)
    if layout == "F":
        b = xp.asfortranarray(b)
    elif layout == "reversed":
        b = xp.asarray(B)[::-1]
    for trans in TRANS:
        numpy.testing.assert_allclose(host(lu.solve(b, trans=trans)),
                                      ref.solve(rhs, trans=trans), rtol=1e-11, atol=1e-12)


def test_solve_dtype_rules_and_errors(spsm_model):
    xp = _backend.xp
    A = nonsymmetric(8, numpy.float32, seed=13)
    lu, ref = cl.splu(cs.csc_array(A)), sla.splu(A.tocsc())
    # SciPy casts b to the factors' dtype with the 'safe' rule, and answers in that dtype.
    x = lu.solve(xp.asarray(numpy.arange(8, dtype=numpy.int8)))
    assert x.dtype == numpy.float32
    numpy.testing.assert_allclose(host(x), ref.solve(numpy.arange(8, dtype=numpy.int8)),
                                  rtol=1e-5)
    for bad in [numpy.ones(8), numpy.ones(8, numpy.complex64)]:
        with pytest.raises(TypeError, match="according to the rule 'safe'"):
            ref.solve(bad)
        with pytest.raises(TypeError, match="according to the rule 'safe'"):
            lu.solve(xp.asarray(bad))
    with pytest.raises(ValueError, match="b is of incompatible size"):
        lu.solve(xp.ones(7, dtype=numpy.float32))
    with pytest.raises(ValueError, match="too deep"):
        lu.solve(xp.ones((8, 2, 1), dtype=numpy.float32))
    with pytest.raises(ValueError, match="trans must be N, T, or H"):
        lu.solve(xp.ones(8, dtype=numpy.float32), trans="X")
    empty = lu.solve(xp.ones((8, 0), dtype=numpy.float32))
    assert empty.shape == (8, 0) and empty.dtype == numpy.float32


def test_factorisation_errors(backend):
    singular = sps.csc_array(numpy.array([[1.0, 2.0], [2.0, 4.0]]))
    for name in ["splu", "spilu"]:
        with pytest.raises(RuntimeError, match="Factor is exactly singular"):
            getattr(sla, name)(singular)
        with pytest.raises(RuntimeError, match="Factor is exactly singular"):
            getattr(cl, name)(cs.csc_array(singular))
        with pytest.raises(ValueError, match="can only factor square matrices"):
            getattr(cl, name)(cs.csc_array(sps.random_array((3, 4), density=0.5, rng=0)))
    with pytest.raises(RuntimeError, match="Factor is exactly singular"):
        cl.factorized(cs.csc_array(singular))


def test_integer_and_dense_input(backend):
    A = (nonsymmetric(12, numpy.float64, seed=14) * 10).astype(numpy.int64).tocsc()
    A = A + sps.diags_array(numpy.full(12, 1000), dtype=numpy.int64).tocsc()
    lu, ref = cl.splu(cs.csc_array(A)), sla.splu(A.tocsc())
    assert lu.L.dtype == ref.L.dtype == numpy.float64
    _assert_same_factors(lu, ref)
    with pytest.warns(cs.SparseEfficiencyWarning, match="splu converted its input"):
        lu = cl.splu(_backend.xp.asarray(A.toarray().astype(numpy.float64)))
    _assert_same_factors(lu, ref)


def test_empty_matrix(spsm_model):
    lu = cl.splu(cs.csc_array((0, 0), dtype=numpy.float64))
    assert lu.shape == (0, 0) and lu.L.shape == (0, 0)
    x = lu.solve(_backend.xp.zeros(0))
    assert x.shape == (0,) and x.dtype == numpy.float64


@pytest.mark.parametrize("kwargs", [
    dict(permc_spec="NATURAL"), dict(permc_spec="MMD_ATA"), dict(permc_spec="MMD_AT_PLUS_A"),
    dict(diag_pivot_thresh=0.0, permc_spec="MMD_AT_PLUS_A"), dict(relax=3, panel_size=4),
    dict(options=dict(SymmetricMode=True, DiagPivotThresh=0.1)),
])
def test_splu_arguments_pass_through(spsm_model, kwargs):
    A = nonsymmetric(50, numpy.float64, seed=15)
    lu, ref = cl.splu(cs.csc_array(A), **kwargs), sla.splu(A.tocsc(), **kwargs)
    _assert_same_factors(lu, ref)
    if kwargs.get("permc_spec") == "NATURAL":
        numpy.testing.assert_array_equal(host(lu.perm_c), numpy.arange(50))
    b = vector(50, numpy.float64)
    numpy.testing.assert_allclose(host(lu.solve(_backend.xp.asarray(b))), ref.solve(b),
                                  rtol=1e-11, atol=1e-13)


@pytest.mark.parametrize("kwargs", [
    dict(drop_tol=1e-2), dict(drop_tol=1e-1, fill_factor=2), dict(drop_tol=1e-3, drop_rule="basic"),
    dict(drop_tol=1e-2, drop_rule="dynamic,area"), dict(drop_tol=0.0),
])
def test_spilu_is_scipys_incomplete_factorisation(spsm_model, kwargs):
    A = nonsymmetric(60, numpy.float64, seed=16, density=0.15)
    ilu, ref = cl.spilu(cs.csc_array(A), **kwargs), sla.spilu(A.tocsc(), **kwargs)
    _assert_same_factors(ilu, ref)
    b = vector(60, numpy.float64)
    for trans in TRANS:
        numpy.testing.assert_allclose(host(ilu.solve(_backend.xp.asarray(b), trans=trans)),
                                      ref.solve(b, trans=trans), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex128])
def test_spilu_drops_and_preconditions(spsm_model, dtype):
    A = poisson2d(20, dtype) + sps.random_array((400, 400), density=0.01, rng=17).astype(dtype)
    A = A.tocsc()
    ours = cs.csc_array(A)
    full = cl.splu(ours)
    ilu = cl.spilu(ours, drop_tol=1e-2)
    _assert_same_factors(ilu, sla.spilu(A, drop_tol=1e-2))
    assert ilu.nnz < full.nnz
    xp = _backend.xp
    b = vector(400, dtype)
    M = cl.LinearOperator(A.shape, matvec=ilu.solve, dtype=dtype)
    counts = {}
    for name, pre in [("none", None), ("ilu", M)]:
        its = []
        x, info = cl.gmres(ours, xp.asarray(b), rtol=1e-8, restart=400, maxiter=400, M=pre,
                           callback=lambda r: its.append(r), callback_type="pr_norm")
        assert info == 0
        x = host(x)
        assert numpy.linalg.norm(A @ x - b) <= 1e-6 * numpy.linalg.norm(b)
        counts[name] = len(its)
    assert counts["ilu"] < counts["none"] / 2


@pytest.mark.parametrize("dtype", DTYPES)
def test_factorized(spsm_model, dtype):
    A = nonsymmetric(35, dtype, seed=18)
    solve = cl.factorized(cs.csc_array(A))
    ref = sla.factorized(A.tocsc())
    b, B = _rhs(35, dtype)
    for rhs in [b, B]:
        x = host(solve(_backend.xp.asarray(rhs)))
        assert x.shape == rhs.shape
        numpy.testing.assert_allclose(x, ref(rhs), rtol=_tol(dtype), atol=_tol(dtype) * 10)
    with pytest.warns(cs.SparseEfficiencyWarning, match="splu converted its input"):
        cl.factorized(cs.csr_array(A.tocsr()))


def test_poisson_beyond_the_dense_path(spsm_model):
    """n = 20164: a dense float64 copy is 3.3 GB and its LU O(n^3); the sparse factors are a
    few MB."""
    A = poisson2d(142)
    n = A.shape[0]
    assert n >= 20000
    lu = cl.splu(cs.csc_array(A.tocsc()))
    assert lu.nnz < 200 * n  # about 83 per row with COLAMD; n per row dense
    rng = numpy.random.default_rng(19)
    B = rng.standard_normal((n, 2))
    xp = _backend.xp
    for rhs in [B[:, 0], B]:
        for trans in ["N", "T"]:
            x = host(lu.solve(xp.asarray(rhs), trans=trans))
            residual = numpy.linalg.norm(_op(A, trans) @ x - rhs) / numpy.linalg.norm(rhs)
            assert residual < 1e-10


@pytest.fixture
def dense_fallback(monkeypatch, backend):
    """The path without SciPy (a dense LU on the device), forced where SciPy is installed."""
    from cunp.scipy.sparse.linalg._dsolve import _linsolve

    monkeypatch.setattr(_linsolve, "_dense_fallback_only", True)
    return backend


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", ["splu", "spilu"])
def test_dense_fallback(dense_fallback, dtype, name):
    A = nonsymmetric(25, dtype, seed=3).tocsc()
    lu = getattr(cl, name)(cs.csc_array(A))
    assert isinstance(lu, cl.SuperLU) and lu.shape == (25, 25)
    b, B = _rhs(25, dtype)
    dense = A.toarray()
    for trans in TRANS:
        for rhs in [b, B]:
            x = host(lu.solve(_backend.xp.asarray(rhs), trans=trans))
            numpy.testing.assert_allclose(_op(dense, trans) @ x, rhs, rtol=_tol(dtype) * 10,
                                          atol=_tol(dtype) * 10)
    # Pr @ A @ Pc == L @ U with SciPy's permutation conventions (perm_c the identity).
    pr, pc = host(lu.perm_r), host(lu.perm_c)
    numpy.testing.assert_array_equal(pc, numpy.arange(25))
    Pr = sps.csc_array((numpy.ones(25), (pr, numpy.arange(25))))
    numpy.testing.assert_allclose((Pr @ A).toarray(), host(lu.L) @ host(lu.U),
                                  atol=_tol(dtype) * 10)
    assert lu.nnz > 0
    with pytest.raises(RuntimeError, match="exactly singular"):
        getattr(cl, name)(cs.csc_array(sps.csc_array(numpy.ones((2, 2), dtype=dtype))))
    with pytest.raises(ValueError, match="square"):
        getattr(cl, name)(cs.csc_array(sps.csc_array(numpy.ones((2, 3), dtype=dtype))))
    solve = cl.factorized(cs.csc_array(A))
    numpy.testing.assert_allclose(dense @ host(solve(_backend.xp.asarray(B))), B,
                                  rtol=_tol(dtype) * 10, atol=_tol(dtype) * 10)
