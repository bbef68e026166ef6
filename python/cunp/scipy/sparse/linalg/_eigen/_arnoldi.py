"""eigs by restarted Arnoldi (a Krylov-Schur-type restart), in place of SciPy's ARPACK: the
basis is one complex device array orthogonalised in full with two projections per step, and
each restart keeps an orthonormal basis of the wanted Ritz vectors, which turns the projected
matrix into its (exact) restriction plus one coupling row. The small projected matrix is
diagonalised on the host with numpy.linalg.eig once per restart."""

import warnings

import numpy

from ... import _backend
from ..._base import issparse
from .._interface import LinearOperator, aslinearoperator
from ._lanczos import ArpackNoConvergence, _check_mass

__all__ = ["eigs"]

_WHICH = ("LM", "SM", "LR", "SR", "LI", "SI")


def _order(theta, which, real=False):
    """Indices of theta best first for `which`; for a real operator (real=True) LI and SI go
    by the imaginary part's magnitude, as ARPACK's real modes do, so conjugates stay
    together."""
    imag = numpy.abs(theta.imag) if real else theta.imag
    key = {"LM": -numpy.abs(theta), "SM": numpy.abs(theta), "LR": -theta.real, "SR": theta.real,
           "LI": -imag, "SI": imag}[which]
    return numpy.argsort(key, kind="stable")


def _project_out(V, k, w):
    if k == 0:
        return w, None
    basis = V[:k]
    h = basis.conj() @ w
    w = w - h @ basis
    h2 = basis.conj() @ w
    return w - h2 @ basis, h + h2


def _arnoldi(matvec, V, H, start, end, u, rng):
    """Steps start..end-1 from the unit vector u: V's rows and H's columns are filled, and the
    next unit vector and the coupling norm come back (read back once per sweep)."""
    xp = _backend.xp
    # The sweep's columns of H gathered on the device (column i: its j + 1 projections, the
    # norm in the last row) and read back in one copy, not one a step.
    block = xp.zeros((end + 1, end - start), dtype=V.dtype)
    for i, j in enumerate(range(start, end)):
        V[j] = u
        w, h = _project_out(V, j + 1, matvec(V[j]))
        beta = xp.linalg.norm(w)
        block[:j + 1, i] = h
        block[end, i] = beta
        u = w / beta
    host_block = _backend.to_host(block)
    host_norms = host_block[end].real.copy()
    host_cols = [host_block[:j + 1, i] for i, j in enumerate(range(start, end))]
    eps = numpy.finfo(host_norms.dtype).eps
    for i, j in enumerate(range(start, end)):
        H[:j + 1, j] = host_cols[i]
        if j + 1 < H.shape[0]:
            H[j + 1, j] = host_norms[i]
        if host_norms[i] <= 10 * eps * max(numpy.abs(host_cols[i]).max(initial=0), 1e-300) \
                and j + 1 < end:
            # An invariant subspace: continue from a fresh direction, coupled by zero.
            if j + 1 < H.shape[0]:
                H[j + 1, j] = 0
            n = V.shape[1]
            r = xp.asarray((rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(
                V.dtype))
            r, _ = _project_out(V, j + 1, r)
            return _arnoldi(matvec, V, H, j + 1, end, r / xp.linalg.norm(r), rng)
    return u, float(host_norms[-1])


def eigs(A, k=6, M=None, sigma=None, which="LM", v0=None, ncv=None, maxiter=None, tol=0,
         return_eigenvectors=True, Minv=None, OPinv=None, OPpart=None, rng=None):
    """k eigenvalues (complex) and eigenvectors of a square A: largest or smallest magnitude
    (LM, SM), largest or smallest real part (LR, SR) or imaginary part (LI, SI); with sigma,
    those that `which` picks among 1 / (lambda - sigma) (shift-invert). With M, of the
    generalised problem A x = lambda M x: without sigma through OP = M^-1 A (M factored, or
    the given Minv; M positive definite), with sigma through (A - sigma M)^-1 M. which='SM'
    without sigma on an explicit (sparse or dense) non-singular A is shift-invert at 0, the
    same eigenvalues that ARPACK's regular mode converges to slowly, if at all."""
    xp = _backend.xp
    if A.shape[0] != A.shape[1]:
        raise ValueError(f"expected square matrix (shape={A.shape})")
    _check_mass(A, M)
    if sigma is None and OPinv is not None:
        raise ValueError("OPinv should not be specified with sigma = None.")
    part = None if OPpart is None else _check_part(A, sigma, OPpart)
    if sigma is None and M is None and Minv is not None:
        raise ValueError("Minv should not be specified with M = None.")
    if sigma is not None and Minv is not None:
        raise ValueError("Minv should not be specified when sigma is specified.")
    if which not in _WHICH:
        raise ValueError("which must be one of " + " ".join(_WHICH))
    n = A.shape[0]
    if k <= 0:
        raise ValueError(f"k={k} must be greater than 0.")
    if k >= n - 1:
        warnings.warn("k >= N - 1 for N * N square matrix. Attempting to use scipy.linalg.eig "
                      "instead.", RuntimeWarning, stacklevel=2)
        if issparse(A):
            raise TypeError("Cannot use scipy.linalg.eig for sparse A with k >= N - 1. Use "
                            "scipy.linalg.eig(A.toarray()) or reduce k.")
        if isinstance(A, LinearOperator):
            raise TypeError("Cannot use scipy.linalg.eig for LinearOperator A with k >= N - 1.")
        if isinstance(M, LinearOperator):
            raise TypeError("Cannot use scipy.linalg.eig for LinearOperator M with k >= N - 1.")
        if M is not None:
            # A x = lambda M x is M^-1 A x = lambda x: the same pairs (unit vectors, as
            # SciPy's eig(A, b=M)).
            from ._lanczos import _dense

            dtype = numpy.result_type(A.dtype, M.dtype, numpy.float32)
            return _dense_eig(xp.linalg.solve(_dense(M, dtype), _dense(A, dtype)), k, which,
                              return_eigenvectors)
        return _dense_eig(xp.asarray(A), k, which, return_eigenvectors)
    options = dict(v0=v0, ncv=ncv, maxiter=maxiter, tol=tol,
                   return_eigenvectors=return_eigenvectors, rng=rng)
    if sigma is None and which == "SM" and Minv is None and not isinstance(A, LinearOperator) \
            and not isinstance(M, LinearOperator):
        from ._lanczos import _shift_invert

        try:
            inverse = _shift_invert(A, 0j, None, M)
        except RuntimeError:
            inverse = None  # A singular (0 is an eigenvalue): the regular mode below
        if inverse is not None:
            return _transformed(A, M, 0.0, None, k, "LM", options, inverse=inverse)
    if sigma is not None:
        return _transformed(A, M, sigma, OPinv, k, which, options, part)
    if M is not None:
        from ._lanczos import _inverse

        # Arnoldi runs in complex arithmetic: a real M is factored as complex.
        inverse = _inverse(M, tol, 0j) if Minv is None else aslinearoperator(Minv)
        forward = aslinearoperator(A)
        dtype = numpy.result_type(*(o.dtype for o in (forward, inverse) if o.dtype is not None))
        op = LinearOperator((n, n), matvec=lambda v: inverse.matvec(forward.matvec(v)),
                            dtype=dtype)
        return _arnoldi_eigs(op, n, k, which, **options)
    return _arnoldi_eigs(aslinearoperator(A), n, k, which, **options)


def _check_part(A, sigma, OPpart):
    """SciPy's checks of OPpart (given only with sigma and a real A; 'r' or 'i', 'i' only
    for a complex sigma): the part, lower case."""
    if sigma is None or numpy.dtype(A.dtype).kind == "c":
        raise ValueError("OPpart should not be specified with sigma = None or complex A")
    part = str(OPpart).lower()
    if part not in ("r", "i"):
        raise ValueError("OPpart must be one of ('r','i')")
    if part == "i" and numpy.imag(sigma) == 0:
        raise ValueError("OPpart cannot be 'i' if sigma is real")
    return part


def _transformed(A, M, sigma, OPinv, k, which, options, part=None, inverse=None):
    """Shift-invert: the eigenvalues nu of (A - sigma M)^-1 M (M the identity when None) that
    `which` picks, mapped back by lambda = sigma + 1 / nu. With part ('r' or 'i', a real A
    and a complex sigma) the operator is that one's real or imaginary part, as SciPy's
    OPpart: a real operator with A's eigenvectors, whose eigenvalues come back as the
    Rayleigh quotients z^H A z / z^H M z of its Ritz vectors. inverse: (A - sigma M)^-1
    when already factored."""
    from ._lanczos import _shift_invert

    xp = _backend.xp
    n = A.shape[0]
    op = _shift_invert(A, complex(sigma), OPinv, M) if inverse is None else inverse
    if M is not None:
        inverse, forward = op, aslinearoperator(M)
        op = LinearOperator((n, n), matvec=lambda v: inverse.matvec(forward.matvec(v)),
                            dtype=inverse.dtype)
    if part is None:
        out = _arnoldi_eigs(op, n, k, which, **options)
        nu = out[0] if options["return_eigenvectors"] else out
        lam = sigma + 1.0 / nu
        return (lam, out[1]) if options["return_eigenvectors"] else lam
    full = op
    take = xp.real if part == "r" else xp.imag

    def apply(x):
        # The real operator on a complex vector: its real and imaginary parts in turn.
        return take(full.matvec(xp.real(x))) + 1j * take(full.matvec(xp.imag(x)))

    vectors = options["return_eigenvectors"]
    # One pair more than asked for, as ARPACK returns k + 1 when the k-th value's conjugate
    # is the next one (room permitting).
    ncv = options.get("ncv")
    extra = 1 if k + 2 < n and (ncv is None or k + 2 < ncv) else 0
    nu, Z = _arnoldi_eigs(LinearOperator((n, n), matvec=apply, dtype=full.dtype), n,
                          k + extra, which, real_op=True,
                          **dict(options, return_eigenvectors=True))
    nu = _backend.to_host(nu)
    split = extra and abs(nu[k - 1].imag) > 1e-8 * abs(nu[k - 1]) and \
        abs(nu[k - 1] - nu[k].conj()) <= 1e-8 * abs(nu[k - 1])
    if not split:
        Z = Z[:, :k]
    AZ = aslinearoperator(A).matmat(Z)
    MZ = Z if M is None else aslinearoperator(M).matmat(Z)
    lam = (Z.conj() * AZ).sum(axis=0) / (Z.conj() * MZ).sum(axis=0)
    if split:
        # As SciPy: the k of the k + 1 that `which` picks among 1 / (lambda - sigma) (LI and
        # SI by the imaginary part's magnitude).
        rd = 1.0 / (_backend.to_host(lam) - sigma)
        keep = xp.asarray(_order(rd, which, True)[:k])
        lam, Z = lam[keep], Z[:, keep]
    return (lam, Z) if vectors else lam


def _arnoldi_eigs(op, n, k, which, v0=None, ncv=None, maxiter=None, tol=0,
                  return_eigenvectors=True, rng=None, real_op=False):
    """real_op: op is a real operator (OPpart's), its eigenvalues in conjugate pairs: the
    start is real and no pair is split when testing convergence or restarting, so the
    Krylov space stays closed under conjugation and the pairs come out exact."""
    """The k eigenpairs of the operator op that `which` picks, by restarted Arnoldi."""
    xp = _backend.xp
    op = aslinearoperator(op)
    real = numpy.dtype(op.dtype if op.dtype is not None else numpy.float64)
    if real.char not in "fdFD":
        real = numpy.dtype(numpy.float64)
    dtype = numpy.result_type(real, numpy.complex64)
    if ncv is None:
        ncv = min(n, max(2 * k + 1, 20))
    if not k + 1 < ncv <= n:
        raise ValueError(f"ncv must be k+1<ncv<=n, ncv={ncv}")
    if maxiter is None:
        maxiter = n * 10
    tol = float(tol) if tol > 0 else float(numpy.finfo(dtype).eps)
    gen = numpy.random.default_rng(0 if rng is None else rng)
    if v0 is None:
        start = gen.standard_normal(n)
        if not real_op:
            start = start + 1j * gen.standard_normal(n)
        u = xp.asarray(start.astype(dtype))
    else:
        u = xp.asarray(v0).astype(dtype).ravel()
        if u.shape != (n,):
            raise ValueError(f"v0 must have shape ({n},)")
    u = u / xp.linalg.norm(u)

    def matvec(x):
        return op.matvec(x).astype(dtype, copy=False)

    V = xp.zeros((ncv, n), dtype=dtype)
    H = numpy.zeros((ncv, ncv), dtype=numpy.complex128)
    keep = 0
    m = min(ncv - 2, k + (ncv - k) // 2)
    for _ in range(maxiter):
        u, beta = _arnoldi(matvec, V, H, keep, ncv, u, gen)
        theta, S = numpy.linalg.eig(H)
        order = _order(theta, which, real_op)
        kk = _whole_pairs(theta, order, k, ncv) if real_op else k
        residual = beta * numpy.abs(S[-1, order[:kk]]) / numpy.linalg.norm(S[:, order[:kk]],
                                                                             axis=0)
        scale = numpy.maximum(numpy.abs(theta[order[:kk]]), numpy.finfo(dtype).eps)
        if numpy.all(residual <= tol * scale):
            return _finish(V, theta, S, order[:k], dtype, return_eigenvectors)
        # Restart on an orthonormal basis Q of the m best Ritz vectors: H becomes Q^H H Q
        # (exact, the span being invariant under H) with the residual coupling row below.
        mm = _whole_pairs(theta, order, m, ncv - 1) if real_op else m
        if mm > ncv - 2:
            mm = m - 1
        Q, _ = numpy.linalg.qr(S[:, order[:mm]])
        V[:mm] = xp.asarray(numpy.ascontiguousarray(Q.T, dtype=dtype)) @ V
        Hm = Q.conj().T @ H @ Q
        coupling = beta * Q[-1, :]
        H[:] = 0
        H[:mm, :mm] = Hm
        H[mm, :mm] = coupling
        keep = mm
    w, x = _finish(V, theta, S, order[:k], dtype, True)
    raise ArpackNoConvergence("ARPACK error -1: No convergence", w, x)


def _whole_pairs(theta, order, count, limit):
    """count, or count + 1 (up to limit) where the count-th value's conjugate is next."""
    if count >= min(len(order), limit):
        return count
    a, b = theta[order[count - 1]], theta[order[count]]
    size = max(abs(a), 1e-300)
    if abs(a.imag) > 1e-6 * size and abs(a - b.conjugate()) <= 1e-6 * size:
        return count + 1
    return count


def _finish(V, theta, S, idx, dtype, vectors):
    xp = _backend.xp
    w = xp.asarray(theta[idx].astype(dtype))
    if not vectors:
        return w
    Y = S[:, idx] / numpy.linalg.norm(S[:, idx], axis=0)
    x = (xp.asarray(numpy.ascontiguousarray(Y.T, dtype=dtype)) @ V).T
    x = x / xp.linalg.norm(x, axis=0)
    return w, x


def _dense_eig(a, k, which, vectors):
    xp = _backend.xp
    w, v = xp.linalg.eig(a) if hasattr(xp.linalg, "eig") else numpy.linalg.eig(a)
    idx = _order(_backend.to_host(w), which)[:k]
    idx_d = xp.asarray(idx)
    return (w[idx_d], v[:, idx_d]) if vectors else w[idx_d]
