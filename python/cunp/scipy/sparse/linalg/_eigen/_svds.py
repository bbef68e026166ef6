"""svds: k singular triplets of a sparse matrix or operator from the eigenpairs of the
smaller normal operator (A^H A or A A^H) by eigsh's Lanczos, SciPy's argument checks and
output order (singular values ascending)."""

import math

import numpy

from ... import _backend
from .._interface import LinearOperator, aslinearoperator
from ._lanczos import eigsh

__all__ = ["svds"]


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
         return_singular_vectors=True, solver="arpack", rng=None, options=None):
    """k singular values (ascending) and vectors: (u, s, vh), or s alone, or with only the
    side asked for ('u' or 'vh'; the other is None)."""
    xp = _backend.xp
    A, k, ncv, tol, which, v0, maxiter = _check(A, k, ncv, tol, which, v0, maxiter,
                                                return_singular_vectors, solver)
    m, n = A.shape
    # The smaller Gram operator: its eigenvalues are the squared singular values.
    transpose = m < n
    if transpose:
        op = LinearOperator((m, m), matvec=lambda x: A.matvec(A.rmatvec(x)), dtype=A.dtype)
    else:
        op = LinearOperator((n, n), matvec=lambda x: A.rmatvec(A.matvec(x)), dtype=A.dtype)
    eig_which = "LA" if which == "LM" else "SA"
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
