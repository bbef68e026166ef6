"""LinearOperator's algebra, aslinearoperator, norm, matrix_power and onenormest against
scipy.sparse.linalg. The algebra is pure Python over the operands' products, so it runs on
NumPy-backed operators here (CPU) and again on cunp (gpu marker), see conftest.py."""

import numpy
import pytest

sla = pytest.importorskip("scipy.sparse.linalg")
sps = pytest.importorskip("scipy.sparse")

from cunp.scipy.sparse import _backend  # noqa: E402
from cunp.scipy.sparse import linalg as cl  # noqa: E402

from sparse_linalg_problems import device, host, nonsymmetric  # noqa: E402

DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


def _dense(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def _op_pair(a):
    """The same matrix as a cunp operator (built from functions, no matmat) and SciPy's."""
    ad = _backend.xp.asarray(a)
    ours = cl.LinearOperator(a.shape, matvec=lambda x: ad @ x,
                             rmatvec=lambda x: ad.conj().T @ x, dtype=a.dtype)
    theirs = sla.LinearOperator(a.shape, matvec=lambda x: a @ x,
                                rmatvec=lambda x: a.conj().T @ x, dtype=a.dtype)
    return ours, theirs


def _tol(dtype):
    return 1e-4 if numpy.dtype(dtype).char in "fF" else 1e-12


@pytest.mark.parametrize("dtype", DTYPES)
def test_products_and_algebra(backend, dtype):
    a = _dense((5, 4), dtype)
    b = _dense((5, 4), dtype, seed=1)
    s = _dense((4, 4), dtype, seed=2)
    A, As = _op_pair(a)
    B, Bs = _op_pair(b)
    S, Ss = _op_pair(s)
    x = _dense((4,), dtype, 3)
    X = _dense((4, 3), dtype, 4)
    y = _dense((5,), dtype, 5)
    Y = _dense((5, 2), dtype, 6)
    xd, Xd, yd, Yd = (_backend.xp.asarray(v) for v in (x, X, y, Y))
    cases = [
        (A.matvec(xd), As.matvec(x)), (A.matvec(xd.reshape(-1, 1)), As.matvec(x.reshape(-1, 1))),
        (A.rmatvec(yd), As.rmatvec(y)), (A.matmat(Xd), As.matmat(X)),
        (A.rmatmat(Yd), As.rmatmat(Y)), (A @ xd, As @ x), (A * xd, As * x), (A(xd), As(x)),
        (A.dot(Xd), As.dot(X)), ((A + B) @ xd, (As + Bs) @ x), ((A - B) @ xd, (As - Bs) @ x),
        ((-A) @ xd, (-As) @ x), ((2.5 * A) @ xd, (2.5 * As) @ x), ((A * 3) @ xd, (As * 3) @ x),
        ((A / 2) @ xd, (As / 2) @ x), ((A @ S) @ xd, (As @ Ss) @ x),
        ((A * S) @ Xd, (As * Ss) @ X), ((S ** 3) @ xd, (Ss ** 3) @ x),
        ((S ** 0) @ xd, (Ss ** 0) @ x), (A.T @ yd, As.T @ y), (A.H @ yd, As.H @ y),
        (A.adjoint() @ Yd, As.adjoint() @ Y), (A.transpose() @ Yd, As.transpose() @ Y),
        (A.T.H @ xd, As.T.H @ x), ((A.H * (1 + 2j if dtype in DTYPES[2:] else 2)) @ Yd,
                                    (As.H * (1 + 2j if dtype in DTYPES[2:] else 2)) @ Y),
        ((A + B).H @ yd, (As + Bs).H @ y), ((A @ S).H @ yd, (As @ Ss).H @ y),
        ((S ** 2).H @ xd, (Ss ** 2).H @ x), ((3 * A).H @ yd, (3 * As).H @ y),
    ]
    for ours, theirs in cases:
        numpy.testing.assert_allclose(host(ours), theirs, rtol=_tol(dtype), atol=_tol(dtype))
        assert host(ours).shape == numpy.shape(theirs)
    assert (A + B).shape == (5, 4) and (A @ S).shape == (5, 4) and A.H.shape == (4, 5)
    assert A.dtype == dtype and (A @ S).dtype == dtype


def test_operator_from_functions_infers_dtype(backend):
    xp = _backend.xp
    op = cl.LinearOperator((3, 3), matvec=lambda x: 2 * x)
    assert op.dtype == numpy.float64
    op = cl.LinearOperator((3, 3), matvec=lambda x: (1j * x).astype(numpy.complex64),
                           dtype=None)
    assert op.dtype == numpy.complex64
    numpy.testing.assert_allclose(host(op.matmat(xp.ones((3, 2)))), 1j * numpy.ones((3, 2)))
    assert "3x3" in repr(op)


def test_subclass_and_defaults(backend):
    xp = _backend.xp

    class Doubler(cl.LinearOperator):
        def __init__(self, n):
            super().__init__(numpy.float64, (n, n))

        def _matvec(self, x):
            return 2 * x

        def _adjoint(self):
            return self

    op = Doubler(4)
    numpy.testing.assert_allclose(host(op.matmat(xp.ones((4, 2)))), 2 * numpy.ones((4, 2)))
    numpy.testing.assert_allclose(host(op.rmatvec(xp.ones(4))), 2 * numpy.ones(4))

    class Nothing(cl.LinearOperator):
        pass

    with pytest.raises(TypeError):
        Nothing(numpy.float64, (2, 2))


def test_errors(backend):
    xp = _backend.xp
    A = cl.aslinearoperator(xp.ones((3, 4)))
    S = cl.aslinearoperator(xp.ones((4, 4)))
    with pytest.raises(ValueError, match="dimension mismatch"):
        A.matvec(xp.ones(3))
    with pytest.raises(ValueError, match="dimension mismatch"):
        A.rmatvec(xp.ones(4))
    with pytest.raises(ValueError, match="expected 2-d"):
        A.matmat(xp.ones(4))
    with pytest.raises(ValueError, match="dimension mismatch"):
        A.matmat(xp.ones((3, 2)))
    with pytest.raises(ValueError, match="Scalar operands"):
        A @ 2
    with pytest.raises(ValueError, match="Scalar operands"):
        2 @ A
    with pytest.raises(ValueError, match="shape mismatch"):
        A + S
    with pytest.raises(ValueError, match="shape mismatch"):
        A @ A
    with pytest.raises(ValueError, match="square"):
        A ** 2
    with pytest.raises(ValueError, match="non-negative integer"):
        S ** -1
    with pytest.raises(ValueError, match="non-negative integer"):
        S ** 1.5
    with pytest.raises(ValueError, match="invalid shape"):
        cl.LinearOperator((3,), matvec=lambda x: x)
    with pytest.raises(ValueError, match="divide"):
        A / xp.ones(2)
    with pytest.raises(TypeError, match="type not understood"):
        cl.aslinearoperator("nope")
    with pytest.raises(ValueError, match="ndim <= 2"):
        cl.aslinearoperator(xp.ones((2, 2, 2)))
    with pytest.raises(NotImplementedError):
        cl.LinearOperator((2, 2), matvec=lambda x: x).rmatvec(xp.ones(2))


def test_aslinearoperator(backend):
    xp = _backend.xp
    a = _dense((4, 3), numpy.float64)
    sp = nonsymmetric(4, numpy.float64)
    for src, ref in [(xp.asarray(a), a), (device(sp), sp.toarray())]:
        op = cl.aslinearoperator(src)
        assert op.shape == ref.shape and cl.aslinearoperator(op) is op
        x = numpy.arange(ref.shape[1], dtype=float)
        numpy.testing.assert_allclose(host(op @ xp.asarray(x)), ref @ x)
        y = numpy.arange(ref.shape[0], dtype=float)
        numpy.testing.assert_allclose(host(op.H @ xp.asarray(y)), ref.T @ y)

    class Duck:
        shape = (2, 2)
        dtype = numpy.dtype(numpy.float64)

        def matvec(self, x):
            return 3 * x

    numpy.testing.assert_allclose(host(cl.aslinearoperator(Duck()) @ xp.ones(2)), [3, 3])
    assert cl.aslinearoperator(xp.ones(3)).shape == sla.aslinearoperator(numpy.ones(3)).shape
    assert cl.aslinearoperator(xp.ones(())).shape == (1, 1)
    assert cl.IdentityOperator((3, 3)).H.shape == (3, 3)


@pytest.mark.parametrize("dtype", DTYPES)
def test_norm(backend, dtype):
    A = nonsymmetric(9, dtype, seed=3)
    A = (A[:, :7]).tocsr()
    ours = device(A)
    for ord_ in [None, "fro", 1, -1, numpy.inf, -numpy.inf]:
        numpy.testing.assert_allclose(host(cl.norm(ours, ord_)), sla.norm(A, ord_),
                                      rtol=_tol(dtype) * 10)
    for axis in [0, 1, -1, (0, 1), (1, 0)]:
        for ord_ in ([None, 1, 2, 0, numpy.inf, -numpy.inf, 3] if not isinstance(axis, tuple)
                     else [None, 1, -1, numpy.inf, "fro"]):
            numpy.testing.assert_allclose(host(cl.norm(ours, ord_, axis=axis)),
                                          sla.norm(A, ord_, axis=axis), rtol=_tol(dtype) * 10)
    with pytest.raises(TypeError, match="not sparse"):
        cl.norm(_backend.xp.ones((2, 2)))
    with pytest.raises(ValueError, match="Invalid norm order"):
        cl.norm(ours, "nuc")
    with pytest.raises(ValueError, match="Duplicate axes"):
        cl.norm(ours, 1, axis=(0, 0))
    with pytest.raises(ValueError, match="Invalid axis"):
        cl.norm(ours, 1, axis=(0, 2))
    with pytest.raises(TypeError, match="'axis' must be"):
        cl.norm(ours, 1, axis=1.5)
    with pytest.raises(NotImplementedError):
        cl.norm(ours, -2, axis=(0, 1))


def test_norm_two(backend):
    A = nonsymmetric(12, numpy.float64, seed=4)
    numpy.testing.assert_allclose(float(host(cl.norm(device(A), 2))),
                                  numpy.linalg.norm(A.toarray(), 2), rtol=1e-8)


@pytest.mark.parametrize("p", [0, 1, 2, 3, 5])
def test_matrix_power(backend, p):
    A = nonsymmetric(6, numpy.float64, seed=5)
    numpy.testing.assert_allclose(host(cl.matrix_power(device(A), p)),
                                  sla.matrix_power(A, p).toarray(), rtol=1e-12)


def test_matrix_power_errors(backend):
    with pytest.raises(TypeError, match="not square"):
        cl.matrix_power(device(sps.random_array((3, 4), density=0.5, rng=0)), 2)
    A = device(nonsymmetric(3, numpy.float64))
    with pytest.raises(ValueError, match=">= 0"):
        cl.matrix_power(A, -1)
    with pytest.raises(ValueError, match="integer"):
        cl.matrix_power(A, 1.5)


def test_onenormest(backend):
    A = nonsymmetric(20, numpy.float64, seed=6)
    exact = sla.norm(A, 1)
    est, v, w = cl.onenormest(device(A), compute_v=True, compute_w=True)
    numpy.testing.assert_allclose(float(host(est)), exact)
    numpy.testing.assert_allclose(numpy.abs(host(w)).sum(), exact * numpy.abs(host(v)).sum())
    # Through an operator: an estimate never above the norm, exact on this diagonal one.
    d = numpy.arange(1.0, 11.0)
    dd = _backend.xp.asarray(d)
    op = cl.LinearOperator((10, 10), matvec=lambda x: dd * x, rmatvec=lambda x: dd * x,
                           dtype=numpy.float64)
    numpy.testing.assert_allclose(cl.onenormest(op), 10.0)
    est = cl.onenormest(cl.aslinearoperator(device(A)) * 1.0)
    assert est <= exact * (1 + 1e-12)


@pytest.mark.parametrize("dtype", DTYPES)
def test_expm_multiply(backend, dtype):
    xp = _backend.xp
    A = (sps.random_array((30, 30), density=0.2, rng=1, format="csr") * 3
         - 2 * sps.eye_array(30)).astype(dtype).tocsr()
    B = _dense((30, 2), dtype, seed=7)
    tol = 1e-5 if numpy.dtype(dtype).char in "fF" else 1e-12
    for rhs in [B[:, 0], B]:
        ours = host(cl.expm_multiply(device(A), xp.asarray(rhs)))
        ref = sla.expm_multiply(A, rhs)
        assert ours.dtype == ref.dtype and ours.shape == ref.shape
        numpy.testing.assert_allclose(ours, ref, rtol=tol, atol=tol * numpy.abs(ref).max())
    ours = host(cl.expm_multiply(device(A), xp.asarray(B), start=0, stop=1.5, num=4,
                                 endpoint=True))
    ref = sla.expm_multiply(A, B, start=0, stop=1.5, num=4, endpoint=True)
    numpy.testing.assert_allclose(ours, ref, rtol=tol, atol=tol * numpy.abs(ref).max())
    # A dense A and an operator with its trace give the same.
    ours = host(cl.expm_multiply(xp.asarray(A.toarray()), xp.asarray(B)))
    numpy.testing.assert_allclose(ours, sla.expm_multiply(A, B), rtol=tol,
                                  atol=tol * numpy.abs(ref).max())
    ours = host(cl.expm_multiply(cl.aslinearoperator(device(A)), xp.asarray(B),
                                 traceA=A.trace()))
    numpy.testing.assert_allclose(ours, sla.expm_multiply(A, B), rtol=tol,
                                  atol=tol * numpy.abs(ref).max())
    with pytest.raises(ValueError, match="incompatible"):
        cl.expm_multiply(device(A), xp.ones(3))
    with pytest.raises(ValueError, match="square"):
        cl.expm_multiply(device(A[:, :5].tocsr()), xp.ones(30))


# SciPy names not provided yet (the rest of scipy.sparse.linalg and scipy.sparse.csgraph is
# here); a name leaves these lists when it lands.
PENDING_LINALG = {"gcrotmk", "funm_multiply_krylov",
                  "LaplacianNd",
                  # SciPy's deprecated module aliases
                  "dsolve", "eigen", "interface", "isolve", "matfuncs"}
PENDING_CSGRAPH = {"csgraph_masked_from_dense", "csgraph_from_masked",
                   "csgraph_to_masked", "depth_first_order", "depth_first_tree",
                   "maximum_bipartite_matching", "maximum_flow",
                   "min_weight_full_bipartite_matching", "reverse_cuthill_mckee",
                   "structural_rank", "yen", "test"}


@pytest.mark.parametrize("module,pending", [("linalg", PENDING_LINALG),
                                            ("csgraph", PENDING_CSGRAPH)])
def test_scipy_names_present_or_pending(module, pending):
    import importlib

    theirs = importlib.import_module(f"scipy.sparse.{module}")
    ours = importlib.import_module(f"cunp.scipy.sparse.{module}")
    names = {n for n in getattr(theirs, "__all__", dir(theirs)) if not n.startswith("_")}
    missing = sorted(n for n in names - pending if not hasattr(ours, n))
    assert not missing, f"scipy.sparse.{module} names missing from cunp: {missing}"
    stale = sorted(n for n in pending & names if hasattr(ours, n))
    assert not stale, f"listed as pending but present: {stale}"
