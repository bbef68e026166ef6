"""Restarted GMRES with SciPy's arguments, callbacks (callback_type 'x', 'pr_norm' and
'legacy') and its adaptive inner tolerance (gh-8400). The Krylov basis lives on the device as
the rows of one array, so each new vector is orthogonalised with two matrix-vector products
(classical Gram-Schmidt, done twice for the stability of the modified form); the small
Hessenberg least-squares problem, updated by Givens rotations, is host arithmetic on a few
scalars per step, as in SciPy."""

import warnings

import numpy

from ... import _backend
from ._utils import get_atol_rtol, initial_residual, make_system, nrm2

__all__ = ["gmres"]


def _givens(f, g):
    """(c, s, r) with [c s; -conj(s) c] [f; g] = [r; 0] and c real (LAPACK's lartg)."""
    af = abs(f)
    if af == 0:
        return 0.0, 1.0, g
    t = numpy.hypot(af, abs(g))
    phase = f / af
    return af / t, phase * numpy.conj(g) / t, phase * t


def _orthogonalise(V, k, w):
    """w minus its projection on the first k basis rows, and the projection's coefficients."""
    basis = V[:k]
    # conj() of a real array would be a copy of the whole basis.
    adjoint = basis.conj() if basis.dtype.kind == "c" else basis
    h = adjoint @ w
    w = w - h @ basis
    h2 = adjoint @ w
    return w - h2 @ basis, h + h2


def gmres(A, b, x0=None, *, rtol=1e-5, atol=0.0, restart=None, maxiter=None, M=None,
          callback=None, callback_type=None):
    """Solves A x = b by restarted GMRES. Returns (x, info)."""
    if callback is not None and callback_type is None:
        warnings.warn("scipy.sparse.linalg.gmres called without specifying `callback_type`. "
                      "The default value will be changed in a future release. For "
                      "compatibility, specify a value for `callback_type` explicitly, e.g., "
                      "``gmres(..., callback_type='pr_norm')``, or to retain the old behavior "
                      "``gmres(..., callback_type='legacy')``",
                      category=DeprecationWarning, stacklevel=2)
    if callback_type is None:
        callback_type = "legacy"
    if callback_type not in ("x", "pr_norm", "legacy"):
        raise ValueError(f"Unknown callback_type: {callback_type!r}")
    if callback is None:
        callback_type = None

    xp = _backend.xp
    A, M, x, b = make_system(A, M, x0, b)
    matvec, psolve = A.matvec, M.matvec
    n = b.shape[0]
    bnrm2 = float(nrm2(b))
    atol, _ = get_atol_rtol("gmres", bnrm2, atol, rtol)
    if bnrm2 == 0:
        return b, 0
    dtype = x.dtype
    eps = float(numpy.finfo(dtype.char.lower()).eps)
    if maxiter is None:
        maxiter = n * 10
    if restart is None:
        restart = 20
    restart = min(restart, n)

    Mb_nrm2 = float(nrm2(psolve(b)))
    # The inner loop works on the preconditioned residual; its tolerance adapts to how the
    # true residual followed it on the last restart.
    ptol_max_factor = 1.0
    ptol = Mb_nrm2 * min(ptol_max_factor, atol / bnrm2)
    presid = 0.0
    V = xp.empty((restart + 1, n), dtype=dtype)
    h = numpy.zeros((restart, restart + 1), dtype=dtype)
    givens = numpy.zeros((restart, 2), dtype=dtype)
    inner_iter = 0
    rnorm = None

    for iteration in range(maxiter):
        if iteration == 0:
            r = initial_residual(matvec, x, b)
            if float(nrm2(r)) < atol:
                return x, 0
        z = psolve(r)
        beta = float(nrm2(z))
        V[0] = z / beta
        S = numpy.zeros(restart + 1, dtype=dtype)
        S[0] = beta
        breakdown = False
        for col in range(restart):
            w = psolve(matvec(V[col]))
            h0 = nrm2(w)
            w, hcol = _orthogonalise(V, col + 1, w)
            h1 = nrm2(w)
            # One transfer for the column, its norm and the norm before projection.
            host = _backend.to_host(xp.concatenate([hcol, xp.stack([h1, h0]).astype(dtype)]))
            h[col, :col + 1] = host[:col + 1]
            h1v, h0v = abs(host[col + 1]), abs(host[col + 2])
            h[col, col + 1] = h1v
            if h1v <= eps * h0v:
                # The basis spans the solution: an exact (lucky) breakdown.
                h[col, col + 1] = 0
                breakdown = True
                V[col + 1] = 0
            else:
                V[col + 1] = w / h1v
            for k in range(col):
                c, s = givens[k, 0], givens[k, 1]
                n0, n1 = h[col, k], h[col, k + 1]
                h[col, k], h[col, k + 1] = c * n0 + s * n1, -numpy.conj(s) * n0 + c * n1
            c, s, mag = _givens(h[col, col], h[col, col + 1])
            givens[col] = [c, s]
            h[col, col], h[col, col + 1] = mag, 0
            tmp = -numpy.conj(s) * S[col]
            S[col], S[col + 1] = c * S[col], tmp
            presid = abs(tmp)
            inner_iter += 1
            if callback_type in ("legacy", "pr_norm"):
                callback(presid / bnrm2)
            if callback_type == "legacy" and inner_iter == maxiter:
                break
            if presid <= ptol or breakdown:
                break

        # Back substitution with the triangular factor (a pseudo-solve where it is singular).
        if h[col, col] == 0:
            S[col] = 0
        y = numpy.array(S[:col + 1], dtype=dtype)
        for k in range(col, 0, -1):
            if y[k] != 0:
                y[k] /= h[k, k]
                y[:k] -= y[k] * h[k, :k]
        if y[0] != 0:
            y[0] /= h[0, 0]
        x += xp.asarray(y) @ V[:col + 1]

        r = b - matvec(x)
        rnorm = float(nrm2(r))
        if callback_type == "legacy" and inner_iter == maxiter:
            return x, 0 if rnorm <= atol else maxiter
        if callback_type == "x":
            callback(x)
        if rnorm <= atol or breakdown:
            break
        if presid <= ptol:
            ptol_max_factor = max(eps, 0.25 * ptol_max_factor)
        else:
            ptol_max_factor = min(1.0, 1.5 * ptol_max_factor)
        ptol = presid * min(ptol_max_factor, atol / rnorm)

    info = 0 if (rnorm is not None and rnorm <= atol) else maxiter
    return x, info
