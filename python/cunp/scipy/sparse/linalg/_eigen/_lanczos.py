"""eigsh by thick-restart Lanczos (Wu and Simon), in place of SciPy's ARPACK: the basis is one
device array whose rows are orthogonalised in full (two projections per step, as matrix-vector
products), the Lanczos coefficients stay on the device until a sweep ends, and only the small
projected matrix (ncv x ncv) is diagonalised on the host, once per restart."""

import warnings

import numpy

from ... import _backend
from ..._base import issparse
from .._interface import LinearOperator, aslinearoperator

__all__ = ["ArpackError", "ArpackNoConvergence", "eigsh"]

_WHICH = ("LM", "SM", "LA", "SA", "BE")


class ArpackError(RuntimeError):
    """The eigensolver failed (the name SciPy's ARPACK wrappers raise)."""

    def __init__(self, info, infodict=None):
        msg = info if isinstance(info, str) else f"ARPACK error {info}"
        super().__init__(msg)


class ArpackNoConvergence(ArpackError):
    """Not all eigenpairs converged in maxiter restarts; the converged ones are attached."""

    def __init__(self, msg, eigenvalues, eigenvectors):
        ArpackError.__init__(self, -1, {-1: msg})
        self.args = (msg,)
        self.eigenvalues = eigenvalues
        self.eigenvectors = eigenvectors


def _project_out(V, k, w):
    """w minus its components along the first k rows of V, twice (classical Gram-Schmidt
    repeated, which is as stable as the modified form and runs as matrix products)."""
    if k == 0:
        return w
    basis = V[:k]
    # conj() of a real array would be a copy of the whole basis.
    adjoint = basis.conj() if basis.dtype.kind == "c" else basis
    for _ in range(2):
        w = w - (adjoint @ w) @ basis
    return w


def _random_unit(n, dtype, rng, V=None, k=0):
    xp = _backend.xp
    v = rng.standard_normal(n)
    if numpy.dtype(dtype).kind == "c":
        v = v + 1j * rng.standard_normal(n)
    v = xp.asarray(v.astype(dtype))
    v = _project_out(V, k, v) if V is not None else v
    return v / xp.linalg.norm(v)


def _sweep(matvec, V, start, end, u, dtype, rng):
    """Lanczos steps start..end-1 from the unit vector u: V's rows are filled, and the
    coefficients come back (alpha on the diagonal, beta below it) with the next vector. A
    coefficient that vanishes (an invariant subspace) is replaced by a fresh random direction
    coupled by zero."""
    xp = _backend.xp
    n = V.shape[1]
    alphas, betas = numpy.zeros(0), numpy.zeros(0)
    j0 = start
    while True:
        a_dev, b_dev = [], []
        for j in range(j0, end):
            V[j] = u
            w = matvec(V[j])
            a_dev.append(xp.vdot(V[j], w).real)
            w = _project_out(V, j + 1, w)
            beta = xp.linalg.norm(w)
            b_dev.append(beta)
            u = w / beta
        host = _backend.to_host(xp.stack(a_dev + b_dev)).astype(numpy.float64)
        a, b = host[:len(a_dev)], host[len(a_dev):]
        scale = max(numpy.abs(a).max(initial=0), numpy.abs(b).max(initial=0), 1e-300)
        tiny = numpy.flatnonzero(b <= 10 * numpy.finfo(dtype).eps * scale)
        if tiny.size == 0 or j0 + tiny[0] == end - 1:
            alphas = numpy.concatenate([alphas, a])
            betas = numpy.concatenate([betas, b])
            if tiny.size:
                betas[-1] = 0.0
            return alphas, betas, u
        # Breakdown inside the sweep: keep what came before, restart the recurrence.
        t = tiny[0]
        alphas = numpy.concatenate([alphas, a[:t + 1]])
        betas = numpy.concatenate([betas, b[:t + 1]])
        betas[-1] = 0.0
        j0 = j0 + t + 1
        u = _random_unit(n, dtype, rng, V, j0)


def _select(theta, which, m):
    """Indices of the m wanted Ritz values, best first."""
    if which == "BE":
        # Alternately from the high and the low end (one more from the high end).
        high = numpy.argsort(-theta, kind="stable")
        low = numpy.argsort(theta, kind="stable")
        order, seen = [], set()
        for pair in zip(high, low):
            for i in pair:
                if int(i) not in seen:
                    seen.add(int(i))
                    order.append(int(i))
        return numpy.array(order[:m], dtype=numpy.int64)
    if which == "LM":
        order = numpy.argsort(-numpy.abs(theta), kind="stable")
    elif which == "SM":
        order = numpy.argsort(numpy.abs(theta), kind="stable")
    elif which == "LA":
        order = numpy.argsort(-theta, kind="stable")
    else:
        order = numpy.argsort(theta, kind="stable")
    return order[:m]


def _dense_eigh(A, k, which, return_eigenvectors):
    xp = _backend.xp
    dense = A.toarray() if issparse(A) else xp.asarray(A)
    w, v = xp.linalg.eigh(dense)
    idx = _select(_backend.to_host(w), which, k)
    idx = numpy.sort(idx)
    idx_d = xp.asarray(idx)
    return (w[idx_d], v[:, idx_d]) if return_eigenvectors else w[idx_d]


def _shift_invert(A, sigma, OPinv):
    """(A - sigma I)^-1 as an operator: OPinv when given; for a sparse A, splu's sparse LU of
    the shifted matrix (SciPy's SuperLU on the host, the solves on the device), so nothing of
    size n x n is ever made; else (a dense A, or no SciPy) one dense LU of the shifted matrix
    on the device."""
    if OPinv is not None:
        return aslinearoperator(OPinv)
    if isinstance(A, LinearOperator):
        raise TypeError("eigsh: shift-invert of a LinearOperator needs OPinv")
    # sigma as a value: a Python scalar promotes weakly (float32 data stays single).
    dtype = numpy.result_type(A.dtype, numpy.float32, sigma)
    n = A.shape[0]
    if issparse(A):
        from .._dsolve import _linsolve

        if _linsolve._host_solvers() is not None and not _linsolve._dense_fallback_only:
            return _sparse_shift_invert(A, sigma, dtype)
    return _dense_shift_invert(A, sigma, dtype, n)


def _sparse_shift_invert(A, sigma, dtype):
    """The inverse of A - sigma I through the solves of one sparse LU (splu, CSC)."""
    from ..._construct import eye_array
    from .._dsolve import _linsolve

    n = A.shape[0]
    shifted = (A.astype(dtype) - eye_array(n, dtype=dtype, format="csc") * sigma).astype(dtype)
    lu = _linsolve.splu(shifted.tocsc())
    return LinearOperator((n, n), matvec=lambda v: lu.solve(v.astype(dtype, copy=False)),
                          dtype=dtype)


def _dense_shift_invert(A, sigma, dtype, n):
    """The inverse of A - sigma I through one dense LU on the device (O(n^2) memory)."""
    xp = _backend.xp
    from .._dsolve import _dense

    dense = A.toarray() if issparse(A) else xp.asarray(A)
    shifted = dense.astype(dtype) - sigma * xp.eye(n, dtype=dtype)
    lu, piv, singular = _dense.lu_factor(shifted)
    if singular:
        raise RuntimeError("Factor is exactly singular")
    return LinearOperator((n, n), matvec=lambda v: _dense.lu_solve(lu, piv, v.astype(dtype)),
                          dtype=dtype)


def eigsh(A, k=6, M=None, sigma=None, which="LM", v0=None, ncv=None, maxiter=None, tol=0,
          return_eigenvectors=True, Minv=None, OPinv=None, mode="normal"):
    """k eigenvalues (ascending) and eigenvectors of a Hermitian A: the largest (LM) or
    smallest (SM) in magnitude, the largest (LA), the smallest (SA) or from both ends (BE);
    SM without sigma runs plain Lanczos on the interior of the spectrum, as SciPy's ARPACK
    does (slow to converge: sigma=0 finds the same pairs faster); with sigma, the ones
    that `which` picks among 1 / (lambda - sigma) (shift-invert, 'normal' mode). Generalised
    problems (M) are not supported."""
    xp = _backend.xp
    if M is not None or Minv is not None:
        raise NotImplementedError("eigsh: generalised problems (M, Minv) are not supported")
    if mode != "normal":
        raise NotImplementedError(f"eigsh: mode={mode!r} is not supported")
    if sigma is None and OPinv is not None:
        raise ValueError("OPinv should not be specified with sigma = None.")
    if which not in _WHICH:
        raise ValueError(f"which must be one of {' '.join(_WHICH)}")
    if A.shape[0] != A.shape[1]:
        raise ValueError(f"expected square matrix (shape={A.shape})")
    n = A.shape[0]
    if k <= 0:
        raise ValueError("k must be greater than 0.")
    if k >= n:
        warnings.warn("k >= N for N * N square matrix. Attempting to use scipy.linalg.eigh "
                      "instead.", RuntimeWarning, stacklevel=2)
        if isinstance(A, LinearOperator):
            raise TypeError("Cannot use scipy.linalg.eigh for LinearOperator A with k >= N.")
        if sigma is not None:
            raise NotImplementedError("eigsh: k >= N with sigma is not supported")
        return _dense_eigh(A, k, which, return_eigenvectors)
    if sigma is not None:
        op = _shift_invert(A, sigma, OPinv)
        out = _lanczos(op, n, k, which, v0, ncv, maxiter, tol, return_eigenvectors)
        w = out[0] if return_eigenvectors else out
        lam = sigma + 1.0 / w
        order = xp.argsort(lam)
        if not return_eigenvectors:
            return lam[order]
        return lam[order], out[1][:, order]
    return _lanczos(aslinearoperator(A), n, k, which, v0, ncv, maxiter, tol,
                    return_eigenvectors)


def _lanczos(op, n, k, which, v0, ncv, maxiter, tol, return_eigenvectors):
    xp = _backend.xp
    dtype = numpy.dtype(op.dtype if op.dtype is not None else numpy.float64)
    if dtype.char not in "fdFD":
        dtype = numpy.dtype(numpy.float64)
    if ncv is None:
        ncv = min(max(2 * k + 1, 20), n)
    if not k < ncv <= n:
        raise ValueError(f"ncv must be k<ncv<=n, ncv={ncv}")
    if maxiter is None:
        maxiter = n * 10
    tol = float(tol) if tol > 0 else float(numpy.finfo(dtype).eps)
    rng = numpy.random.default_rng(0)
    if v0 is None:
        u = _random_unit(n, dtype, rng)
    else:
        u = xp.asarray(v0).astype(dtype).ravel()
        if u.shape != (n,):
            raise ValueError(f"v0 must have shape ({n},)")
        u = u / xp.linalg.norm(u)

    def matvec(x):
        return op.matvec(x).astype(dtype, copy=False)

    V = xp.zeros((ncv, n), dtype=dtype)
    T = numpy.zeros((ncv, ncv))
    keep = 0
    # Keep more Ritz vectors than wanted on restart (half the free room): they speed up
    # convergence of the wanted ones.
    m = min(ncv - 1, k + (ncv - k) // 2)
    for _ in range(maxiter):
        alphas, betas, u = _sweep(matvec, V, keep, ncv, u, dtype, rng)
        for i, j in enumerate(range(keep, ncv)):
            T[j, j] = alphas[i]
            if j + 1 < ncv:
                T[j, j + 1] = T[j + 1, j] = betas[i]
        beta_end = betas[-1]
        theta, S = numpy.linalg.eigh(T)
        sel = _select(theta, which, m)
        residual = numpy.abs(beta_end * S[-1, sel])
        wanted = sel[:k]
        if numpy.all(residual[:k] <= tol * numpy.maximum(numpy.abs(theta[wanted]),
                                                         numpy.finfo(dtype).eps)):
            return _finish(V, theta, S, wanted, dtype, return_eigenvectors)
        # Thick restart: the kept Ritz vectors, then the residual direction u, coupled to
        # them by an arrow in the projected matrix.
        Y = xp.asarray(numpy.ascontiguousarray(S[:, sel].T, dtype=dtype))
        V[:m] = Y @ V
        T[:] = 0
        T[numpy.arange(m), numpy.arange(m)] = theta[sel]
        T[m, :m] = T[:m, m] = beta_end * S[-1, sel]
        keep = m
    w, x = _finish(V, theta, S, wanted, dtype, True)
    raise ArpackNoConvergence("ARPACK error -1: No convergence", w, x)


def _finish(V, theta, S, wanted, dtype, vectors):
    xp = _backend.xp
    order = wanted[numpy.argsort(theta[wanted], kind="stable")]
    w = xp.asarray(theta[order].astype(numpy.dtype(dtype).char.lower()))
    if not vectors:
        return w
    x = (xp.asarray(numpy.ascontiguousarray(S[:, order].T, dtype=dtype)) @ V).T
    return w, x
