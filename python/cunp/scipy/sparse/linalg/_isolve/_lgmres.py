"""LGMRES (Baker, Jessup and Manteuffel): restarted GMRES whose Krylov space is augmented with
the last outer_k corrections, which keeps restarts from losing the slowly converging
directions. SciPy's arguments and outer tolerance control; the inner flexible GMRES keeps its
basis on the device (two projections per step, as products) and solves its small
least-squares problem on the host each step."""

import numpy

from ... import _backend
from ._utils import get_atol_rtol, make_system, nrm2

__all__ = ["lgmres"]


def _project(V, w):
    """w orthogonalised against the rows of V (twice), and the coefficients."""
    adjoint = V.conj() if V.dtype.kind == "c" else V
    h = adjoint @ w
    w = w - h @ V
    h2 = adjoint @ w
    return w - h2 @ V, h + h2


def _fgmres(matvec, psolve, v0, m, atol, outer_v):
    """Flexible GMRES from the unit vector v0 over m Krylov steps and then the augmentation
    vectors: (y, Z, V, H, residual) with Z y the correction and V H y its image."""
    xp = _backend.xp
    n = v0.shape[0]
    steps = m + len(outer_v)
    V = xp.zeros((steps + 1, n), dtype=v0.dtype)
    V[0] = v0
    zs = []
    H = numpy.zeros((steps + 1, steps), dtype=numpy.dtype(v0.dtype).char)
    y, pres = numpy.zeros(0), numpy.inf
    for j in range(steps):
        if j < m:
            z = V[j].copy()
            w = psolve(matvec(z))
        else:
            z, w = outer_v[j - m]
            w = psolve(matvec(z)) if w is None else w.copy()
        w, h = _project(V[:j + 1], w)
        beta = nrm2(w)
        host = _backend.to_host(xp.concatenate([h, xp.reshape(beta, (1,)).astype(h.dtype)]))
        H[:j + 1, j] = host[:j + 1]
        hnext = float(abs(host[j + 1]))
        H[j + 1, j] = hnext
        zs.append(z)
        breakdown = hnext == 0 or not numpy.isfinite(hnext)
        if not breakdown:
            V[j + 1] = w / hnext
        e1 = numpy.zeros(j + 2, dtype=H.dtype)
        e1[0] = 1.0
        y = numpy.linalg.lstsq(H[:j + 2, :j + 1], e1, rcond=None)[0]
        pres = float(numpy.linalg.norm(H[:j + 2, :j + 1] @ y - e1))
        if pres <= atol or breakdown:
            break
    k = len(zs)
    return y, xp.stack(zs), V[:k + 1], H[:k + 1, :k], pres


def lgmres(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=1000, M=None, callback=None,
           inner_m=30, outer_k=3, outer_v=None, store_outer_Av=True, prepend_outer_v=False):
    """Solves A x = b by LGMRES. Returns (x, info). outer_v (a list of (v, A v) pairs, A v
    may be None) carries augmentation vectors between calls, as in SciPy."""
    xp = _backend.xp
    A, M, x, b = make_system(A, M, x0, b)
    if not bool(xp.isfinite(b).all()):
        raise ValueError("RHS must contain only finite numbers")
    if prepend_outer_v:
        raise NotImplementedError("lgmres: prepend_outer_v=True is not supported")
    matvec, psolve = A.matvec, M.matvec
    if outer_v is None:
        outer_v = []
    b_norm = float(nrm2(b))
    atol, rtol = get_atol_rtol("lgmres", b_norm, atol, rtol)
    if b_norm == 0:
        return b, 0
    ptol_max_factor = 1.0
    for k_outer in range(maxiter):
        r_outer = matvec(x) - b
        if callback is not None:
            callback(x)
        r_norm = float(nrm2(r_outer))
        if r_norm <= max(atol, rtol * b_norm):
            return x, 0
        v0 = -psolve(r_outer)
        inner_res_0 = float(nrm2(v0))
        if inner_res_0 == 0:
            raise RuntimeError(f"Preconditioner returned a zero vector; |v| ~ {r_norm:.1g}, "
                               "|M v| = 0")
        v0 = v0 * (1.0 / inner_res_0)
        ptol = min(ptol_max_factor, max(atol, rtol * b_norm) / r_norm)
        y, Z, V, H, pres = _fgmres(matvec, psolve, v0, inner_m, ptol, outer_v)
        y = y * inner_res_0
        if not numpy.all(numpy.isfinite(y)):
            return x, k_outer + 1
        if pres > ptol:
            ptol_max_factor = min(1.0, 1.5 * ptol_max_factor)
        else:
            ptol_max_factor = max(1e-16, 0.25 * ptol_max_factor)
        yd = xp.asarray(y.astype(Z.dtype))
        dx = yd @ Z
        nx = float(nrm2(dx))
        if nx > 0:
            if store_outer_Av:
                ax = xp.asarray((H @ y).astype(V.dtype)) @ V
                outer_v.append((dx / nx, ax / nx))
            else:
                outer_v.append((dx / nx, None))
        while len(outer_v) > outer_k:
            del outer_v[0]
        x += dx
    return x, maxiter
