"""LOBPCG (Knyazev): a block of extreme eigenpairs of the Hermitian pencil (A, B), with a
preconditioner M and constraints Y, SciPy's arguments and outputs. The block vectors stay on
the device; each step makes the Gram matrices of the trial subspace [X, W, P] (at most
3k x 3k) on the device and solves the small Rayleigh-Ritz problem on the host, where
dependent directions are dropped by the Gram matrix's eigenvalues rather than failing."""

import warnings

import numpy

from ... import _backend
from .._interface import aslinearoperator

__all__ = ["lobpcg"]


def _op(X, dtype):
    if X is None:
        return None
    op = aslinearoperator(X)
    return lambda V: op.matmat(V).astype(dtype, copy=False)


def _host(a):
    return _backend.to_host(a)


def _rayleigh_ritz(S, AS, BS, k, largest):
    """The k extreme Ritz pairs of the pencil on span(S): coefficients C (S C are the Ritz
    vectors, B-orthonormal) and the values, best first."""
    xp = _backend.xp
    G = _host(S.conj().T @ BS)
    H = _host(S.conj().T @ AS)
    G = (G + G.conj().T) / 2
    H = (H + H.conj().T) / 2
    g, U = numpy.linalg.eigh(G)
    keep = g > numpy.finfo(g.dtype).eps * max(g.max(initial=0), 1e-300) * G.shape[0] * 10
    T = U[:, keep] / numpy.sqrt(g[keep])
    theta, Z = numpy.linalg.eigh(T.conj().T @ H @ T)
    order = numpy.argsort(-theta if largest else theta, kind="stable")[:k]
    return theta[order], xp.asarray(numpy.ascontiguousarray(T @ Z[:, order], dtype=S.dtype))


def _safe_norms(V):
    xp = _backend.xp
    n = xp.linalg.norm(V, axis=0)
    return xp.where(n == 0, 1, n)


def _unit_columns(V):
    return V / _safe_norms(V)


def lobpcg(A, X, B=None, M=None, Y=None, tol=None, maxiter=None, largest=True,
           verbosityLevel=0, retLambdaHistory=False, retResidualNormsHistory=False,
           restartControl=20):
    """Returns (lambda, X) and, when asked, the eigenvalue and residual-norm histories."""
    xp = _backend.xp
    X = xp.asarray(X)
    if X.ndim == 1:
        X = X.reshape(-1, 1)
    if X.ndim != 2:
        raise ValueError(f"expected rank-2 array for argument X, got {X.ndim}")
    n, k = X.shape
    opA = aslinearoperator(A)
    if opA.shape != (n, n):
        raise ValueError(f"A's shape {opA.shape} does not match X's {X.shape}")
    dtype = numpy.result_type(X.dtype, opA.dtype or numpy.float64, numpy.float32)
    X = X.astype(dtype)
    applyA = _op(A, dtype)
    applyB = _op(B, dtype) or (lambda V: V)
    applyM = _op(M, dtype)
    if maxiter is None:
        maxiter = 20
    if tol is None:
        tol = numpy.sqrt(1e-15) * n
    if Y is not None:
        Y = xp.asarray(Y).astype(dtype)
        if Y.ndim == 1:
            Y = Y.reshape(-1, 1)
        BY = applyB(Y)
        YBY = _host(Y.conj().T @ BY)
        YBYinv = xp.asarray(numpy.linalg.inv(YBY))

        def constrain(V):
            return V - Y @ (YBYinv @ (BY.conj().T @ V))
    else:
        def constrain(V):
            return V

    if n - (0 if Y is None else Y.shape[1]) < 5 * k:
        # As SciPy: a small problem is solved densely (Rayleigh-Ritz on the whole space).
        warnings.warn(f"The problem size {n} minus the constraints size "
                      f"{0 if Y is None else Y.shape[1]} is too small relative to the block "
                      f"size {k}. Using a dense eigensolver instead of LOBPCG iterations. "
                      "No output of the history of the iterations.", UserWarning, stacklevel=2)
        S = constrain(xp.eye(n, dtype=dtype))
        theta, C = _rayleigh_ritz(S, applyA(S), applyB(S), k, largest)
        lam = xp.asarray(theta.astype(numpy.dtype(dtype).char.lower()))
        out = [lam, S @ C]
        if retLambdaHistory:
            out.append([lam])
        if retResidualNormsHistory:
            out.append([])
        return tuple(out)
    X = constrain(X)
    theta, C = _rayleigh_ritz(X, applyA(X), applyB(X), k, largest)
    X = X @ C
    AX, BX = applyA(X), applyB(X)
    P = AP = BP = None
    lambda_history, residual_history = [theta.copy()], []
    active = numpy.ones(k, dtype=bool)
    for _ in range(maxiter):
        lam = xp.asarray(theta.astype(X.real.dtype))
        R = AX - BX * lam
        rnorm = _host(xp.linalg.norm(R, axis=0))
        residual_history.append(rnorm)
        active = rnorm > tol
        if verbosityLevel:
            print(f"lobpcg: {int(active.sum())} of {k} pairs active, residuals {rnorm}")
        if not active.any():
            break
        idx = xp.asarray(numpy.flatnonzero(active))
        W = R[:, idx]
        if applyM is not None:
            W = applyM(W)
        W = _unit_columns(constrain(W))
        blocks = [X, W]
        Ablocks = [AX, applyA(W)]
        Bblocks = [BX, applyB(W)]
        if P is not None:
            # Unit columns keep the Gram matrices well scaled as the directions shrink.
            scale = 1 / _safe_norms(P[:, idx])
            blocks.append(P[:, idx] * scale)
            Ablocks.append(AP[:, idx] * scale)
            Bblocks.append(BP[:, idx] * scale)
        S, AS, BS = (xp.concatenate(b, axis=1) for b in (blocks, Ablocks, Bblocks))
        theta, C = _rayleigh_ritz(S, AS, BS, k, largest)
        # The new search directions: the Ritz vectors' parts outside span(X).
        Cp = C.copy()
        Cp[:k] = 0
        P, AP, BP = S @ Cp, AS @ Cp, BS @ Cp
        X, AX, BX = S @ C, AS @ C, BS @ C
        lambda_history.append(theta.copy())
    lam = xp.asarray(theta.astype(numpy.dtype(dtype).char.lower()))
    if active.any():
        warnings.warn(f"Exited at iteration {maxiter} with accuracies \n{rnorm}\nnot "
                      f"reaching the requested tolerance {tol}.", UserWarning, stacklevel=2)
    out = [lam, X]
    if retLambdaHistory:
        out.append([xp.asarray(h) for h in lambda_history])
    if retResidualNormsHistory:
        out.append([xp.asarray(h) for h in residual_history])
    return tuple(out)
