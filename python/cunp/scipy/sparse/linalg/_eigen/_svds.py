"""svds: k singular triplets of a sparse matrix or operator, SciPy's argument checks and output
order (singular values ascending). solver='arpack' takes the eigenpairs of the smaller normal
operator (A^H A or A A^H) by eigsh's Lanczos; 'lobpcg' takes that operator's eigenvectors from
lobpcg and, as SciPy, the triplets from the SVD of A applied to them (a Rayleigh-Ritz step);
'propack' bidiagonalises A itself (_propack.py)."""

import math

import numpy

from ... import _backend
from .._interface import LinearOperator, aslinearoperator
from ._lanczos import eigsh

__all__ = ["svds"]


def _generator(rng):
    """SciPy's normalisation of svds's rng: an integer seeds a legacy RandomState's bit
    generator, a RandomState's is wrapped, None is fresh entropy."""
    if isinstance(rng, (int, numpy.integer)) and not isinstance(rng, bool):
        return numpy.random.default_rng(numpy.random.RandomState(rng))
    if isinstance(rng, numpy.random.RandomState):
        return numpy.random.default_rng(rng)
    if rng is None:
        return numpy.random.default_rng()
    if isinstance(rng, numpy.random.Generator):
        return rng
    raise ValueError(f"'{rng}' is neither a NumPy Generator nor an integer seed to instantiate "
                     "one. For future-proofing, prefer using a NumPy Generator.")


def _check(A, k, ncv, tol, which, v0, maxiter, return_singular, solver):
    solver = str(solver).lower()
    solvers = {"arpack", "lobpcg", "propack"}
    if solver not in solvers:
        raise ValueError(f"solver must be one of {solvers}.")
    A = aslinearoperator(A)
    if A.dtype is None or not numpy.issubdtype(A.dtype, numpy.number):
        raise ValueError("`A` must be of numeric data type.")
    if math.prod(A.shape) == 0:
        raise ValueError("`A` must not be empty.")
    kmax = min(A.shape) if solver == "propack" else min(A.shape) - 1
    if int(k) != k or not 0 < k <= kmax:
        raise ValueError("`k` must be an integer satisfying `0 < k < min(A.shape)`.")
    k = int(k)
    if solver == "arpack" and ncv is not None:
        if int(ncv) != ncv or not k < ncv < min(A.shape):
            raise ValueError("`ncv` must be an integer satisfying `k < ncv < min(A.shape)`.")
        ncv = int(ncv)
    if tol < 0 or not numpy.isfinite(tol):
        raise ValueError("`tol` must be a non-negative floating point value.")
    which = str(which).upper()
    if which not in {"LM", "SM"}:
        raise ValueError("`which` must be in {'LM', 'SM'}.")
    if v0 is not None:
        v0 = _backend.xp.asarray(v0)
        if v0.ndim == 0:
            v0 = v0.reshape(1)
        if v0.dtype.kind not in "fc":
            raise ValueError("`v0` must be of floating or complex floating data type.")
        shape = (A.shape[0],) if solver == "propack" else (min(A.shape),)
        if v0.shape != shape:
            raise ValueError(f"`v0` must have shape {shape}.")
    if maxiter is not None and (int(maxiter) != maxiter or maxiter <= 0):
        raise ValueError("`maxiter` must be a positive integer.")
    if return_singular not in (True, False, "vh", "u"):
        raise ValueError("`return_singular_vectors` must be in {True, False, 'vh', 'u'}.")
    return A, k, ncv, float(tol), which, v0, maxiter


def _orthonormal(X):
    """An orthonormal basis of X's columns of the same shape (QR on the device)."""
    q, r = _backend.xp.linalg.qr(X)
    signs = _backend.xp.sign(_backend.xp.diagonal(r).real)
    signs = _backend.xp.where(signs == 0, 1, signs)
    return q * signs


def svds(A, k=6, ncv=None, tol=0, which="LM", v0=None, maxiter=None,
         return_singular_vectors=True, solver="arpack", rng=None, options=None, *,
         random_state=None):
    """k singular values (ascending) and vectors: (u, s, vh), or s alone, or with only the
    side asked for ('u' or 'vh'; the other is None). random_state is SciPy's older name for
    rng."""
    xp = _backend.xp
    if random_state is not None:
        if rng is not None:
            raise TypeError("svds() got multiple values for argument now known as `rng`. "
                            "Specify one of `rng` or `random_state`.")
        rng = random_state
    A, k, ncv, tol, which, v0, maxiter = _check(A, k, ncv, tol, which, v0, maxiter,
                                                return_singular_vectors, solver)
    gen = _generator(rng)
    solver = str(solver).lower()
    m, n = A.shape
    jobu = return_singular_vectors in (True, "u")
    jobv = return_singular_vectors in (True, "vh")
    if solver == "propack":
        from ._propack import bidiagonal_svd

        # SciPy hands PROPACK tol squared and maxiter as the Krylov dimension (10 k unless
        # given, at most min(m, n) + 1).
        kmax = min(m + 1, n + 1, 10 * k if maxiter is None else maxiter)
        if kmax < k:
            raise ValueError(f"kmax must be greater than or equal to k, but kmax ({kmax}) < "
                             f"k ({k})")
        u, s, vh = bidiagonal_svd(A, k, which, tol ** 2, v0, kmax, jobu, jobv, gen)
        return (u, s, vh) if return_singular_vectors else s
    if solver == "lobpcg":
        return _lobpcg_svds(A, k, tol, which, v0, maxiter, return_singular_vectors, gen)
    # The smaller Gram operator: its eigenvalues are the squared singular values.
    transpose = m < n
    if transpose:
        op = LinearOperator((m, m), matvec=lambda x: A.matvec(A.rmatvec(x)), dtype=A.dtype)
    else:
        op = LinearOperator((n, n), matvec=lambda x: A.rmatvec(A.matvec(x)), dtype=A.dtype)
    eig_which = "LA" if which == "LM" else "SA"
    if v0 is None:
        # SciPy's ARPACK route starts from rng's normal draws, so a seed repeats the answer.
        v0 = xp.asarray(gen.standard_normal(size=(min(m, n),)))
    w, V = eigsh(op, k=k, which=eig_which, ncv=ncv, tol=tol ** 2 if tol else 0, v0=v0,
                 maxiter=maxiter)
    s = xp.sqrt(xp.maximum(w, 0))
    if not return_singular_vectors:
        return s
    # The other side's vectors: A v / s (or A^H u / s); null directions are completed to an
    # orthonormal set by QR.
    tiny = s <= s.max() * numpy.finfo(numpy.dtype(s.dtype)).eps * max(m, n)
    safe = xp.where(tiny, 1, s)
    if transpose:
        u = V
        other = A.rmatmat(u) / safe
        vh = _orthonormal(xp.where(tiny, 0, other) if bool(tiny.any()) else other).conj().T
    else:
        v = V
        other = A.matmat(v) / safe
        u = _orthonormal(other) if bool(tiny.any()) else other
        vh = v.conj().T
    if return_singular_vectors == "u":
        return u, s, None
    if return_singular_vectors == "vh":
        return None, s, vh
    return u, s, vh


def _lobpcg_svds(A, k, tol, which, v0, maxiter, return_singular_vectors, gen):
    """SciPy's lobpcg route: eigenvectors X of the smaller Gram operator from a random block
    (v0 when k is 1), then the SVD of A X (or A^H X), whose singular values are the answer
    and whose vectors turn X into both sides' singular vectors."""
    from ._lobpcg import lobpcg

    xp = _backend.xp
    m, n = A.shape
    transpose = m < n
    forward, backward = (A.rmatmat, A.matmat) if transpose else (A.matmat, A.rmatmat)
    size = min(m, n)
    gram = LinearOperator((size, size), dtype=A.dtype,
                          matvec=lambda x: backward(forward(x.reshape(-1, 1))).ravel(),
                          matmat=lambda X: backward(forward(X)))
    if k == 1 and v0 is not None:
        X = xp.asarray(v0).reshape(-1, 1)
    else:
        X = xp.asarray(gen.standard_normal((size, k)))
    _, X = lobpcg(gram, X, tol=tol ** 2 if tol else None, maxiter=maxiter,
                  largest=which == "LM")
    AX = forward(X)
    if not return_singular_vectors:
        return xp.linalg.svd(AX, compute_uv=False)[::-1]
    u, s, vh = xp.linalg.svd(AX, full_matrices=False)
    u, s, vh = u[:, ::-1], s[::-1], vh[::-1]
    jobu = return_singular_vectors in (True, "u")
    jobv = return_singular_vectors in (True, "vh")
    if transpose:
        # A^H X = u s vh: A's left vectors are X vh^H, its right ones u.
        left = X @ vh.conj().T if jobu else None
        right = u.conj().T if jobv else None
    else:
        left = u if jobu else None
        right = vh @ X.conj().T if jobv else None
    return left, s, right
