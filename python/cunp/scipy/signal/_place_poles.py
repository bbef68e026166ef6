"""place_poles: a state-feedback gain K with eig(A - B K) at the requested poles, on the host
in NumPy (a system has a few states).

B = U0 Z (QR), so A - B K = M means K = Z^-1 U0^T (A - M) for any M = X diag(poles) X^-1 whose
eigenvector x_j lies in the subspace S_j = ker(U1^T (A - p_j I)). With one input each S_j is a
line and K is unique; with several, the x_j are chosen to keep X well conditioned, by making
|det X| (unit columns) large:
- KNV0 (Kautsky, Nichols and Van Dooren's method 0): each sweep replaces x_j by the projection
  onto S_j of the direction orthogonal to the other columns, until they move less than rtol;
- YT (Tits and Yang, IEEE Trans. Automatic Control 41(10), 1996): rank-2 updates. With every
  other column fixed, det X is det(Q^T [x_i, x_j]) times a constant (Q: the two directions
  orthogonal to the others), a bilinear form in the coordinates of x_i in S_i and x_j in S_j,
  maximised by its largest singular pair. A conjugate pair x, conj(x) is handled in the real
  basis (Re x, Im x), where its coordinates enter a quadratic form maximised by an extreme
  eigenvector. Sweeps over every pair of real poles, every conjugate pair and a rank-1 step per
  real pole (which also ties real columns to complex ones) stop once det X changes by less than
  rtol relatively (and is not negligible)."""
import numpy as np


class Bunch:
    """SciPy's result object for place_poles: attributes set from keywords."""

    def __init__(self, **kwds):
        self.__dict__.update(kwds)


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
        spaces = [_null_space(u1.T @ (A - _exact(p) * np.eye(n))) for p in poles]
        X = _initial_columns(spaces, poles)
        if m > 1 and method == "YT":
            achieved, iterations = _yt_sweeps(X, spaces, poles, rtol, maxiter)
        elif m > 1:
            achieved, iterations = _sweeps(X, spaces, poles, rtol, maxiter)
        M = np.real(X @ np.diag(poles) @ np.linalg.inv(X))
    K = np.linalg.solve(z, u0.T @ (A - M))
    computed = _order_poles(np.linalg.eigvals(A - B @ K))
    return Bunch(gain_matrix=K, computed_poles=computed, requested_poles=poles, X=X,
                 rtol=achieved, nb_iter=iterations)


def _exact(p):
    """A real pole as a real number (its subspace then has a real basis)."""
    return p.real if np.imag(p) == 0 else p


def _initial_columns(spaces, poles):
    """One unit vector of each S_j: a repeated pole takes the next basis vector each time (so
    the columns start independent), the second of a conjugate pair the first's conjugate."""
    n = spaces[0].shape[0]
    X = np.empty((n, poles.size), complex)
    seen = {}
    for j, (s, p) in enumerate(zip(spaces, poles)):
        k = seen.get(p, 0)
        seen[p] = k + 1
        X[:, j] = s[:, k % s.shape[1]]
    _pair_columns(X, poles)
    return X


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


def _pairs(poles):
    """Indices of the real poles, and the first index of each conjugate pair."""
    real, pairs = [], []
    j = 0
    while j < poles.size:
        if np.imag(poles[j]) == 0:
            real.append(j)
            j += 1
        else:
            pairs.append(j)
            j += 2
    return real, pairs


def _complement(R, skip):
    """The unit directions orthogonal to every column of R but those in `skip`."""
    others = np.delete(R, skip, axis=1)
    q, _ = np.linalg.qr(others, mode="complete")
    return q[:, others.shape[1]:]


def _yt_real(R, spaces, i, j):
    """Rank-2 update of the real columns i, j: x_i = S_i a, x_j = S_j b with a, b the top singular
    pair of S_i^T Q J Q^T S_j, J the 2-D cross product."""
    Q = _complement(R, [i, j])
    Si, Sj = spaces[i].real, spaces[j].real
    J = np.array([[0.0, 1.0], [-1.0, 0.0]])
    U, _, Vt = np.linalg.svd((Si.T @ Q) @ J @ (Q.T @ Sj))
    R[:, i] = Si @ U[:, 0]
    R[:, j] = Sj @ Vt[0]


def _yt_complex(R, spaces, j):
    """Rank-2 update of a conjugate pair held as (Re x, Im x) in columns j, j + 1: x = S c with
    c = p + i q, so Re x = [Re S, -Im S] w and Im x = [Im S, Re S] w for w = [p; q], and
    det(Q^T [Re x, Im x]) = w^T K w, maximised in magnitude by an extreme eigenvector of K's
    symmetric part; |x| = |w| = 1."""
    Q = _complement(R, [j, j + 1])
    S = spaces[j]
    Gu = np.hstack([S.real, -S.imag])
    Gv = np.hstack([S.imag, S.real])
    J = np.array([[0.0, 1.0], [-1.0, 0.0]])
    K = (Q.T @ Gu).T @ J @ (Q.T @ Gv)
    vals, vecs = np.linalg.eigh((K + K.T) / 2)
    w = vecs[:, np.argmax(np.abs(vals))]
    R[:, j] = Gu @ w
    R[:, j + 1] = Gv @ w


def _yt_rank1(R, spaces, j):
    """KNV0's step on the real column j: the projection onto S_j of the direction orthogonal to
    the other columns (det X is linear in x_j)."""
    y = _complement(R, [j])[:, -1]
    s = spaces[j].real
    x = s @ (s.T @ y)
    norm = np.linalg.norm(x)
    if norm > 0:
        R[:, j] = x / norm


def _real_det(R, pairs):
    """|det X| for unit columns, from the real basis: for |x| = 1 (|Re x|^2 + |Im x|^2 = 1),
    |det[.., x, conj x, ..]| = 2 |det[.., Re x, Im x, ..]|."""
    scale = np.linalg.norm(R, axis=0)
    for j in pairs:
        scale[j] = scale[j + 1] = np.hypot(scale[j], scale[j + 1])
    return abs(np.linalg.det(R / scale)) * 2.0 ** len(pairs)


def _yt_sweeps(X, spaces, poles, rtol, maxiter):
    """Tits and Yang's rank-2 sweeps on X in place; returns (relative change of det X at the
    end, sweeps run)."""
    real, pairs = _pairs(poles)
    R = X.real.copy()
    for j in pairs:
        R[:, j], R[:, j + 1] = X[:, j].real, X[:, j].imag
    det = _real_det(R, pairs)
    change, sweep = np.nan, 0
    for sweep in range(1, maxiter + 1):
        for a in range(len(real)):
            for b in range(a + 1, len(real)):
                _yt_real(R, spaces, real[a], real[b])
        for j in pairs:
            _yt_complex(R, spaces, j)
        for j in real:
            _yt_rank1(R, spaces, j)
        new = _real_det(R, pairs)
        change = abs(new - det) / new if new > 0 else np.inf
        det = new
        if change < rtol and det > np.sqrt(np.finfo(float).eps):
            break
    for j in real:
        X[:, j] = R[:, j] / np.linalg.norm(R[:, j])
    for j in pairs:
        x = R[:, j] + 1j * R[:, j + 1]
        x /= np.linalg.norm(x)
        X[:, j], X[:, j + 1] = x, x.conj()
    return change, sweep


HOST_FUNCTIONS = [place_poles]
