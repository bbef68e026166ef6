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


class _Basis:
    """The Lanczos basis (rows of V), orthonormal in the inner product <x, y> = x^H B y: B is
    the identity for the standard problem, M for the generalised one (whose shift-invert
    operator (A - sigma M)^-1 M is self-adjoint in it). BV holds B applied to each row (V
    itself when B is the identity), so projections cost no products with B."""

    def __init__(self, ncv, n, dtype, B=None):
        xp = _backend.xp
        self.B = B
        self.V = xp.zeros((ncv, n), dtype=dtype)
        self.BV = self.V if B is None else xp.zeros((ncv, n), dtype=dtype)

    def apply(self, x):
        return x if self.B is None else self.B(x).astype(x.dtype, copy=False)

    def norm(self, x, Bx=None):
        xp = _backend.xp
        if self.B is None:
            return xp.linalg.norm(x)
        Bx = self.apply(x) if Bx is None else Bx
        return xp.sqrt(abs(xp.vdot(x, Bx).real))

    def set_row(self, j, u):
        self.V[j] = u
        if self.B is not None:
            self.BV[j] = self.apply(u)

    def combine(self, Y, m):
        """Rows 0..m-1 become Y @ (the rows), for a thick restart."""
        self.V[:m] = Y @ self.V
        if self.B is not None:
            self.BV[:m] = Y @ self.BV

    def project_out(self, k, w):
        """w minus its components along the first k rows, twice (classical Gram-Schmidt
        repeated, which is as stable as the modified form and runs as matrix products)."""
        if k == 0:
            return w
        basis, Bbasis = self.V[:k], self.BV[:k]
        # conj() of a real array would be a copy of the whole basis.
        adjoint = Bbasis.conj() if Bbasis.dtype.kind == "c" else Bbasis
        for _ in range(2):
            w = w - (adjoint @ w) @ basis
        return w


def _random_unit(n, dtype, rng, basis, k=0):
    xp = _backend.xp
    v = rng.standard_normal(n)
    if numpy.dtype(dtype).kind == "c":
        v = v + 1j * rng.standard_normal(n)
    v = basis.project_out(k, xp.asarray(v.astype(dtype)))
    return v / basis.norm(v)


def _sweep(matvec, basis, start, end, u, dtype, rng):
    """Lanczos steps start..end-1 from the unit vector u: the basis rows are filled, and the
    coefficients come back (alpha on the diagonal, beta below it) with the next vector. A
    coefficient that vanishes (an invariant subspace) is replaced by a fresh random direction
    coupled by zero."""
    xp = _backend.xp
    V, BV = basis.V, basis.BV
    n = V.shape[1]
    alphas, betas = numpy.zeros(0), numpy.zeros(0)
    j0 = start
    while True:
        a_dev, b_dev = [], []
        for j in range(j0, end):
            basis.set_row(j, u)
            w = matvec(V[j])
            a_dev.append(xp.vdot(BV[j], w).real)
            w = basis.project_out(j + 1, w)
            beta = basis.norm(w)
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
        u = _random_unit(n, dtype, rng, basis, j0)


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


def _dense(X, dtype=None):
    xp = _backend.xp
    X = X.toarray() if issparse(X) else xp.asarray(X)
    return X if dtype is None else X.astype(dtype)


def _dense_generalised_eigh(A, M, vectors):
    """Every eigenpair of the dense Hermitian pencil (A, M), M positive definite (a
    LinAlgError otherwise), by Cholesky M = L L^H and eigh of L^-1 A L^-H: eigenvalues
    ascending, eigenvectors M-orthonormal, as SciPy's eigh(A, b=M)."""
    xp = _backend.xp
    dtype = numpy.result_type(A.dtype, M.dtype, numpy.float32)
    L = xp.linalg.cholesky(_dense(M, dtype))
    Linv = xp.linalg.inv(L)
    C = Linv @ _dense(A, dtype) @ Linv.conj().T
    w, y = xp.linalg.eigh((C + C.conj().T) / 2)
    return (w, Linv.conj().T @ y) if vectors else w


def _shift_invert(A, sigma, OPinv, M=None):
    """(A - sigma M)^-1 (M the identity when None) as an operator: OPinv when given; for a
    sparse A (and M), splu's sparse LU of the shifted matrix (SciPy's SuperLU on the host, the
    solves on the device), so nothing of size n x n is ever made; else (a dense A or M, or no
    SciPy) one dense LU of the shifted matrix on the device."""
    if OPinv is not None:
        return aslinearoperator(OPinv)
    if isinstance(A, LinearOperator) or isinstance(M, LinearOperator):
        raise TypeError("eigsh: shift-invert of a LinearOperator needs OPinv")
    # sigma as a value: a Python scalar promotes weakly (float32 data stays single).
    dtype = numpy.result_type(A.dtype, numpy.float32, sigma,
                              *(() if M is None else (M.dtype,)))
    n = A.shape[0]
    if issparse(A) and (M is None or issparse(M)):
        from .._dsolve import _linsolve

        if _linsolve._host_solvers() is not None and not _linsolve._dense_fallback_only:
            return _sparse_shift_invert(A, sigma, dtype, M)
    return _dense_shift_invert(A, sigma, dtype, n, M)


def _inverse(M, tol=0, zero=0.0):
    """M^-1 as an operator, for the regular generalised mode (OP = M^-1 A): an explicit M is
    factored once (splu for a sparse M, a dense LU for a dense one, as for shift-invert at
    0); a LinearOperator M is inverted by GMRES at each product, as SciPy does, to twice the
    machine epsilon unless a looser tol was asked for. zero=0j factors a real M in complex
    arithmetic, for eigs's complex vectors."""
    if not isinstance(M, LinearOperator):
        return _shift_invert(M, zero, None)
    from .._isolve import gmres

    dtype = numpy.dtype(M.dtype if M.dtype is not None else numpy.float64)
    rtol = tol if tol > 0 else 2 * float(numpy.finfo(dtype).eps)

    def solve(b):
        x, info = gmres(M, b, rtol=rtol, atol=0.0)
        if info != 0:
            raise ValueError(f"Error in inverting M: function gmres did not converge "
                             f"(info = {info}).")
        return x

    return LinearOperator(M.shape, matvec=solve, dtype=dtype)


def _sparse_shift_invert(A, sigma, dtype, M):
    """The inverse of A - sigma M through the solves of one sparse LU (splu, CSC)."""
    from ..._construct import eye_array
    from .._dsolve import _linsolve

    n = A.shape[0]
    M = eye_array(n, dtype=dtype, format="csc") if M is None else M.astype(dtype)
    shifted = (A.astype(dtype) - M * sigma).astype(dtype)
    lu = _linsolve.splu(shifted.tocsc())
    return LinearOperator((n, n), matvec=lambda v: lu.solve(v.astype(dtype, copy=False)),
                          dtype=dtype)


def _dense_shift_invert(A, sigma, dtype, n, M):
    """The inverse of A - sigma M through one dense LU on the device (O(n^2) memory)."""
    xp = _backend.xp
    from .._dsolve import _dense

    def dense(X):
        return (X.toarray() if issparse(X) else xp.asarray(X)).astype(dtype)

    shifted = dense(A) - sigma * (xp.eye(n, dtype=dtype) if M is None else dense(M))
    lu, piv, singular = _dense.lu_factor(shifted)
    if singular:
        raise RuntimeError("Factor is exactly singular")
    return LinearOperator((n, n), matvec=lambda v: _dense.lu_solve(lu, piv, v.astype(dtype)),
                          dtype=dtype)


def _check_mass(A, M):
    """SciPy's checks of M against A: the same shape, and a warning where the precisions
    differ."""
    if M is None:
        return
    if tuple(M.shape) != tuple(A.shape):
        raise ValueError(f"wrong M dimensions {M.shape}, should be {A.shape}")
    if M.dtype is not None and A.dtype is not None and \
            numpy.dtype(M.dtype).char.lower() != numpy.dtype(A.dtype).char.lower():
        warnings.warn("M does not have the same type precision as A. This may adversely "
                      "affect ARPACK convergence", UserWarning, stacklevel=3)


# The shift-invert modes: OP = (A - sigma M)^-1 C with the inner product of B (C and B named
# by which of A, M, A + sigma M they are), and the map from a Ritz value nu of OP back to the
# eigenvalue lambda of A x = lambda M x (SciPy's w' = 1 / (w - sigma), w / (w - sigma),
# (w + sigma) / (w - sigma), solved for w).
_MODES = {
    "normal": ("M", "M", lambda nu, sigma: sigma + 1.0 / nu),
    "buckling": ("A", "A", lambda nu, sigma: sigma * nu / (nu - 1.0)),
    "cayley": ("A+sM", "M", lambda nu, sigma: sigma * (nu + 1.0) / (nu - 1.0)),
}


def _compose(first, second, n):
    """first after second, as one operator (dtype that of the pair)."""
    dtypes = [o.dtype for o in (first, second) if o.dtype is not None]
    dtype = numpy.result_type(*dtypes) if dtypes else None
    return LinearOperator((n, n), matvec=lambda v: first.matvec(second.matvec(v)), dtype=dtype)


def eigsh(A, k=6, M=None, sigma=None, which="LM", v0=None, ncv=None, maxiter=None, tol=0,
          return_eigenvectors=True, Minv=None, OPinv=None, mode="normal", rng=None):
    """k eigenvalues (ascending) and eigenvectors of a Hermitian A: the largest (LM) or
    smallest (SM) in magnitude, the largest (LA), the smallest (SA) or from both ends (BE);
    SM without sigma runs plain Lanczos on the interior of the spectrum, as SciPy's ARPACK
    does (slow to converge: sigma=0 finds the same pairs faster). The generalised problem
    A x = lambda M x without sigma runs Lanczos on M^-1 A in the M inner product (M
    positive definite, factored, or the given Minv). With sigma, the ones that `which`
    picks among the transformed values of `mode` (SciPy's): 'normal' 1 / (lambda - sigma)
    from (A - sigma M)^-1 M, 'buckling' lambda / (lambda - sigma) from (A - sigma M)^-1 A in
    the A inner product (A positive definite), 'cayley' (lambda + sigma) / (lambda - sigma)
    from (A - sigma M)^-1 (A + sigma M) in the M inner product (M positive definite). The
    eigenvectors are M-orthonormal (A-orthonormal in buckling mode), as SciPy's. rng seeds the
    random start (a fixed seed when None, so repeated calls agree)."""
    xp = _backend.xp
    if numpy.dtype(A.dtype).kind == "c" and mode != "normal":
        raise ValueError(f"mode={mode} cannot be used with complex matrix A")
    if which not in _WHICH:
        raise ValueError(f"which must be one of {' '.join(_WHICH)}")
    if A.shape[0] != A.shape[1]:
        raise ValueError(f"expected square matrix (shape={A.shape})")
    _check_mass(A, M)
    n = A.shape[0]
    if k <= 0:
        raise ValueError("k must be greater than 0.")
    if k >= n:
        warnings.warn("k >= N for N * N square matrix. Attempting to use scipy.linalg.eigh "
                      "instead.", RuntimeWarning, stacklevel=2)
        if isinstance(A, LinearOperator):
            raise TypeError("Cannot use scipy.linalg.eigh for LinearOperator A with k >= N.")
        if isinstance(M, LinearOperator):
            raise TypeError("Cannot use scipy.linalg.eigh for LinearOperator M with k >= N.")
        # As SciPy: every eigenvalue of the pencil, sigma and mode aside.
        if M is not None:
            return _dense_generalised_eigh(A, M, return_eigenvectors)
        return _dense_eigh(A, k, which, return_eigenvectors)
    if sigma is None:
        if OPinv is not None:
            raise ValueError("OPinv should not be specified with sigma = None.")
        if M is None:
            if Minv is not None:
                raise ValueError("Minv should not be specified with M = None.")
            return _lanczos(aslinearoperator(A), n, k, which, v0, ncv, maxiter, tol,
                            return_eigenvectors, rng=rng)
        # ARPACK's mode 2: M^-1 A is self-adjoint in the M inner product.
        inverse = _inverse(M, tol) if Minv is None else aslinearoperator(Minv)
        op = _compose(inverse, aslinearoperator(A), n)
        return _lanczos(op, n, k, which, v0, ncv, maxiter, tol, return_eigenvectors,
                        aslinearoperator(M).matvec, rng)
    if Minv is not None:
        raise ValueError("Minv should not be specified when sigma is specified.")
    if mode not in _MODES:
        raise ValueError(f"unrecognized mode '{mode}'")
    inverse = _shift_invert(A, sigma, OPinv, M)
    right, inner, back = _MODES[mode]
    A_op = aslinearoperator(A)
    M_op = None if M is None else aslinearoperator(M)
    if right == "A":
        op = _compose(inverse, A_op, n)
    elif right == "A+sM":
        shifted = LinearOperator(
            (n, n), dtype=A_op.dtype,
            matvec=lambda v: A_op.matvec(v) + sigma * (v if M_op is None else M_op.matvec(v)))
        op = _compose(inverse, shifted, n)
    else:
        op = inverse if M_op is None else _compose(inverse, M_op, n)
    B = A_op.matvec if inner == "A" else (None if M_op is None else M_op.matvec)
    out = _lanczos(op, n, k, which, v0, ncv, maxiter, tol, return_eigenvectors, B, rng)
    w = out[0] if return_eigenvectors else out
    lam = back(w, sigma)
    order = xp.argsort(lam)
    if not return_eigenvectors:
        return lam[order]
    return lam[order], out[1][:, order]


def _lanczos(op, n, k, which, v0, ncv, maxiter, tol, return_eigenvectors, B=None, rng=None):
    """The k wanted eigenpairs of op, self-adjoint in the inner product x^H B y (B a matvec,
    None for the identity); the eigenvectors come back B-orthonormal."""
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
    rng = numpy.random.default_rng(0 if rng is None else rng)
    basis = _Basis(ncv, n, dtype, B)
    if v0 is None:
        u = _random_unit(n, dtype, rng, basis)
    else:
        u = xp.asarray(v0).astype(dtype).ravel()
        if u.shape != (n,):
            raise ValueError(f"v0 must have shape ({n},)")
        u = u / basis.norm(u)

    def matvec(x):
        return op.matvec(x).astype(dtype, copy=False)

    V = basis.V
    T = numpy.zeros((ncv, ncv))
    keep = 0
    # Keep more Ritz vectors than wanted on restart (half the free room): they speed up
    # convergence of the wanted ones.
    m = min(ncv - 1, k + (ncv - k) // 2)
    for _ in range(maxiter):
        alphas, betas, u = _sweep(matvec, basis, keep, ncv, u, dtype, rng)
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
        basis.combine(Y, m)
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
