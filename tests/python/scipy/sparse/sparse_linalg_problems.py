"""Random test problems for the sparse linear algebra tests, built with SciPy on the host:
a 2-D Poisson matrix (SPD), shifted random non-symmetric and Hermitian matrices, and
rectangular least-squares problems, in each dtype."""

import numpy

sps = __import__("pytest").importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402


def host(x):
    if cs.issparse(x):
        x = x.toarray()
    return numpy.asarray(_backend.to_host(x))


def device(x):
    """A SciPy sparse matrix or NumPy array as the backend's (cunp or NumPy) counterpart."""
    if sps.issparse(x):
        return cs.csr_array(x.tocsr())
    return _backend.xp.asarray(x)


def poisson2d(m, dtype=numpy.float64):
    T = sps.diags_array([-1.0, 2.0, -1.0], offsets=[-1, 0, 1], shape=(m, m))
    eye = sps.eye_array(m)
    return (sps.kron(T, eye) + sps.kron(eye, T)).tocsr().astype(dtype)


def _values(rng, k, dtype):
    v = rng.standard_normal(k)
    if numpy.dtype(dtype).kind == "c":
        v = v + 1j * rng.standard_normal(k)
    return v


def nonsymmetric(n, dtype, seed=0, density=0.1):
    """A diagonally dominant random matrix (every Krylov solver converges on it)."""
    rng = numpy.random.default_rng(seed)
    A = sps.random_array((n, n), density=density, rng=rng, format="csr")
    A.data = _values(rng, A.nnz, dtype)
    d = numpy.abs(A).sum(axis=1) + 1.0
    return (A + sps.diags_array(d)).tocsr().astype(dtype)


def hermitian(n, dtype, seed=0, definite=True):
    A = nonsymmetric(n, dtype, seed)
    H = (A + A.conj().T) * 0.5
    if not definite:
        H = H - sps.diags_array(numpy.full(n, float(numpy.abs(H).sum(axis=1).mean())))
    return H.tocsr().astype(dtype)


def rectangular(m, n, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    A = sps.random_array((m, n), density=0.3, rng=rng, format="csr")
    A.data = _values(rng, A.nnz, dtype)
    return A.astype(dtype)


def vector(n, dtype, seed=1):
    rng = numpy.random.default_rng(seed)
    return _values(rng, n, dtype).astype(dtype)


def rtol_for(dtype):
    return 1e-3 if numpy.dtype(dtype).char in "fF" else 1e-8
