"""svds(solver='propack'): Golub-Kahan-Lanczos bidiagonalisation, in place of SciPy's PROPACK
(Larsen's Lanczos bidiagonalisation with partial reorthogonalisation). The two bases are device
arrays whose rows are orthogonalised in full (two classical Gram-Schmidt passes, as matrix
products), and the small bidiagonal matrix is decomposed on the host after each step.

From a unit u_0 of length m the recurrence is
    alpha_i v_i     = A^H u_i - beta_i v_{i-1}
    beta_{i+1} u_{i+1} = A v_i - alpha_i u_i,
so that A^H U_j = V_j B^H exactly and A V_j = U_j B + beta_j u_j e_j^T, B the j x j lower
bidiagonal matrix of the alphas (diagonal) and betas (below). With B = P S Q^H, the triplets
(s_i, U_j p_i, V_j q_i) have A^H u = s v exactly and |A v - s u| = |beta_j Q[j-1, i]|, the bound
that decides convergence."""

import numpy

from ... import _backend

__all__ = ["bidiagonal_svd"]


def _orthogonalise(basis, count, w):
    """w minus its components along the first `count` rows of basis, twice."""
    if count == 0:
        return w
    rows = basis[:count]
    adjoint = rows.conj() if rows.dtype.kind == "c" else rows
    for _ in range(2):
        w = w - (adjoint @ w) @ rows
    return w


def _random(size, dtype, rng):
    v = rng.standard_normal(size)
    if numpy.dtype(dtype).kind == "c":
        v = v + 1j * rng.standard_normal(size)
    return _backend.xp.asarray(v.astype(dtype))


def _next(basis, count, w, dtype, rng, floor):
    """The next unit row of basis from w (its norm the coupling coefficient); a w that has
    vanished (an invariant subspace) is replaced by a random direction coupled by zero. None
    when the basis already spans its whole space."""
    xp = _backend.xp
    w = _orthogonalise(basis, count, w)
    norm = float(_backend.to_host(xp.linalg.norm(w)))
    if norm > floor:
        return w / norm, norm
    if count >= basis.shape[1]:
        return None, 0.0
    w = _orthogonalise(basis, count, _random(basis.shape[1], dtype, rng))
    return w / xp.linalg.norm(w), 0.0


def bidiagonal_svd(A, k, which, tol, u0, kmax, compute_u, compute_v, rng):
    """The k largest (which='LM') or smallest ('SM') singular triplets of the LinearOperator
    A: (u, s, vh) with s ascending (u or vh None where not asked for). For 'LM' at most kmax
    steps are taken (numpy.linalg.LinAlgError past them, as PROPACK's); 'SM' runs on to
    min(m, n) steps, where the bidiagonalisation is exact (PROPACK restarts within kmax
    instead)."""
    xp = _backend.xp
    m, n = A.shape
    dtype = numpy.result_type(A.dtype, numpy.float32)
    if dtype.kind not in "fc":
        dtype = numpy.dtype(numpy.float64)
    eps = float(numpy.finfo(dtype).eps)
    tol = tol if tol > 0 else eps ** 0.75
    steps = min(m, n) if which == "SM" else min(kmax, min(m, n))
    U = xp.zeros((steps + 1, m), dtype=dtype)
    V = xp.zeros((steps, n), dtype=dtype)
    u = _random(m, dtype, rng) if u0 is None else xp.asarray(u0).astype(dtype).ravel()
    U[0] = u / xp.linalg.norm(u)
    alphas, betas = [], []
    # A coefficient below this is a breakdown (relative to the largest one seen).
    scale = 0.0
    checked = 0
    for j in range(steps):
        r = A.rmatvec(U[j]).astype(dtype, copy=False)
        if j > 0:
            r = r - betas[-1] * V[j - 1]
        v, alpha = _next(V, j, r, dtype, rng, 10 * eps * max(scale, 1e-300))
        if v is None:
            break
        V[j] = v
        scale = max(scale, alpha)
        p = A.matvec(V[j]).astype(dtype, copy=False) - alpha * U[j]
        u, beta = _next(U, j + 1, p, dtype, rng, 10 * eps * max(scale, 1e-300))
        alphas.append(alpha)
        betas.append(beta)
        scale = max(scale, beta)
        if u is not None:
            U[j + 1] = u
        count = j + 1
        # The small SVD costs O(count^3): test convergence once the basis has grown by a
        # tenth since the last test (and at the last step).
        if count < k or (count < checked + max(1, checked // 10) and count < steps
                         and u is not None):
            continue
        checked = count
        P, S, Qh = numpy.linalg.svd(_bidiagonal(alphas, betas, False))
        sel = numpy.arange(k) if which == "LM" else numpy.arange(count - k, count)
        residual = numpy.abs(beta * Qh[sel, -1])
        if u is not None and count < min(m, n) and not numpy.all(residual <= tol * S[0]):
            continue
        if u is None or count < min(m, n):
            return _triplets(U[:count], V[:count], P, S, Qh, sel, dtype, compute_u, compute_v)
        break
    else:
        if which == "LM":
            raise numpy.linalg.LinAlgError(f"k={k} singular triplets did not converge within "
                                           f"kmax={kmax} iterations")
    # V spans its whole space (n <= m) and u_j is a real direction: A V = U_{j+1} B~ with the
    # rectangular B~ (beta_j e_j^T below B) holds exactly, so its SVD is A's.
    count = len(alphas)
    rectangular = u is not None
    P, S, Qh = numpy.linalg.svd(_bidiagonal(alphas, betas, rectangular),
                                full_matrices=False)
    sel = numpy.arange(k) if which == "LM" else numpy.arange(count - k, count)
    rows = count + 1 if rectangular else count
    return _triplets(U[:rows], V[:count], P, S, Qh, sel, dtype, compute_u, compute_v)


def _bidiagonal(alphas, betas, rectangular):
    """The lower bidiagonal B (j x j), or B~ ((j + 1) x j) with beta_j e_j^T appended."""
    j = len(alphas)
    B = numpy.zeros((j + 1 if rectangular else j, j))
    B[numpy.arange(j), numpy.arange(j)] = alphas
    B[numpy.arange(1, j), numpy.arange(j - 1)] = betas[:-1]
    if rectangular:
        B[j, j - 1] = betas[-1]
    return B


def _triplets(U, V, P, S, Qh, sel, dtype, compute_u, compute_v):
    """Ascending singular values and the vectors asked for, from the small SVD."""
    xp = _backend.xp
    sel = sel[numpy.argsort(S[sel], kind="stable")]
    s = xp.asarray(S[sel].astype(numpy.dtype(dtype).char.lower()))
    u = vh = None
    if compute_u:
        u = (xp.asarray(numpy.ascontiguousarray(P[:, sel].T, dtype=dtype)) @ U).T
    if compute_v:
        vh = xp.asarray(numpy.ascontiguousarray(Qh[sel], dtype=dtype)) @ V.conj()
    return u, s, vh
