"""place_poles: a state-feedback gain K with eig(A - B K) at the requested poles, on the host
in NumPy (a system has a few states).

B = U0 Z (QR), so A - B K = M means K = Z^-1 U0^T (A - M) for any M = X diag(poles) X^-1 whose
eigenvector x_j lies in the subspace S_j = ker(U1^T (A - p_j I)). With one input each S_j is a
line and K is unique; with several, the x_j are chosen to keep X well conditioned: each
sweep replaces x_j by the projection onto S_j of the direction orthogonal to the other
columns (Kautsky, Nichols and Van Dooren's method 0, with a conjugate pair updated together),
until the columns move less than rtol."""
import types

import numpy as np


def _order_poles(poles):
    """Real poles ascending, then the complex pairs by real part, negative imaginary first."""
    real = np.sort(poles[np.isreal(poles)].real)
    upper = poles[np.imag(poles) > 0]
    upper = upper[np.lexsort((upper.imag, upper.real))]
    pairs = np.ravel(np.column_stack([upper.conj(), upper])) if upper.size else upper
    if np.iscomplexobj(poles):
        return np.concatenate([real.astype(complex), pairs])
    return real


def _validate(A, B, poles, method, rtol, maxiter):
    if method not in ("KNV0", "YT"):
        raise ValueError("The method keyword must be one of {'YT', 'KNV0'}")
    if maxiter < 1:
        raise ValueError("maxiter must be at least equal to 1")
    if rtol > 1:
        raise ValueError("rtol can not be greater than 1")
    A, B = np.asarray(A), np.asarray(B)
    poles = np.asarray(poles)
    if A.ndim != 2 or B.ndim != 2:
        raise ValueError("A and B must be 2D arrays")
    if poles.ndim > 1:
        raise ValueError("Poles must be a 1D array like.")
    if A.shape[0] != A.shape[1]:
        raise ValueError("A must be square")
    if B.shape[0] != A.shape[0]:
        raise ValueError("B must have as many rows as A")
    if poles.size != A.shape[0]:
        raise ValueError("The number of poles must be equal to the number of rows of A")
    if B.shape[1] > A.shape[0]:
        raise ValueError("maximum number of columns of B is the number of rows of A")
    upper = np.sort_complex(poles[np.imag(poles) > 0])
    lower = np.sort_complex(np.conj(poles[np.imag(poles) < 0]))
    if upper.shape != lower.shape or not np.allclose(upper, lower):
        raise ValueError("Complex poles must come with their conjugates")
    if method == "KNV0" and np.iscomplexobj(poles) and np.any(np.imag(poles) != 0):
        raise ValueError("Complex poles are not supported by KNV0")
    rank = np.linalg.matrix_rank(B)
    for p in poles:
        if np.sum(p == poles) > rank:
            raise ValueError("at least one of the requested pole is repeated more than rank(B) "
                             "times")
    return A.astype(float), B.astype(float), _order_poles(poles)


def _null_space(M):
    """Orthonormal basis of ker(M)."""
    _, s, vh = np.linalg.svd(M)
    rank = int(np.sum(s > max(M.shape) * np.finfo(float).eps * (s[0] if s.size else 0)))
    return vh[rank:].conj().T


def _real_form(poles):
    """A real block-diagonal matrix with the poles as eigenvalues (2x2 blocks for pairs)."""
    n = poles.size
    M = np.zeros((n, n))
    j = 0
    while j < n:
        p = poles[j]
        if np.imag(p) == 0:
            M[j, j] = np.real(p)
            j += 1
        else:
            M[j:j + 2, j:j + 2] = [[p.real, abs(p.imag)], [-abs(p.imag), p.real]]
            j += 2
    return M


def place_poles(A, B, poles, method="YT", rtol=1e-3, maxiter=30):
    A, B, poles = _validate(A, B, poles, method, rtol, maxiter)
    n, m = B.shape
    u, z = np.linalg.qr(B, mode="complete")
    u0, u1, z = u[:, :m], u[:, m:], z[:m]
    rank = np.linalg.matrix_rank(B)
    achieved, iterations = 0.0, 0
    if rank == n:
        # Square B: any M will do; SciPy's is the real block form, with no iterations.
        X, achieved, iterations = np.eye(n), np.nan, np.nan
        M = _real_form(poles)
    else:
        spaces = [_null_space(u1.T @ (A - p * np.eye(n))) for p in poles]
        X = np.column_stack([s[:, 0] for s in spaces]).astype(complex)
        _pair_columns(X, poles)
        if m > 1:
            achieved, iterations = _sweeps(X, spaces, poles, rtol, maxiter)
        M = np.real(X @ np.diag(poles) @ np.linalg.inv(X))
    K = np.linalg.solve(z, u0.T @ (A - M))
    computed = _order_poles(np.linalg.eigvals(A - B @ K))
    return types.SimpleNamespace(gain_matrix=K, computed_poles=computed,
                                 requested_poles=poles, X=X, rtol=achieved,
                                 nb_iter=iterations)


def _pair_columns(X, poles):
    """The column of the second pole of a conjugate pair is the conjugate of the first's."""
    for j in range(1, poles.size):
        if np.imag(poles[j]) > 0 and np.isclose(poles[j - 1], np.conj(poles[j])):
            X[:, j] = X[:, j - 1].conj()


def _sweeps(X, spaces, poles, rtol, maxiter):
    n = X.shape[0]
    change = np.inf
    for sweep in range(1, maxiter + 1):
        change = 0.0
        for j in range(n):
            if j > 0 and np.imag(poles[j]) > 0 and np.isclose(poles[j - 1],
                                                              np.conj(poles[j])):
                continue
            others = np.delete(X, j, axis=1)
            q, _ = np.linalg.qr(others, mode="complete")
            y = q[:, -1]
            s = spaces[j]
            x = s @ (s.conj().T @ y)
            norm = np.linalg.norm(x)
            if norm == 0:
                continue
            x /= norm
            change = max(change, np.linalg.norm(x - X[:, j] * np.vdot(X[:, j], x)))
            X[:, j] = x
        _pair_columns(X, poles)
        if change < rtol:
            return change, sweep
    return change, maxiter


HOST_FUNCTIONS = [place_poles]
