"""lu, lu_factor and lu_solve on cuSOLVER's getrf/getrs (cuBLAS's batched ones for stacks of
small matrices), through _core.linalg."""
import warnings

import numpy

import cunp as cp
from cunp import _core
from cunp.scipy.linalg._common import asarray_validated, require_square, working_dtype


def lu_factor(a, overwrite_a=False, check_finite=True):
    """(lu, piv): the packed LU factors of each square matrix of a (..., N, N) and its 0-based
    row interchanges (int32 (..., N)), as LAPACK's getrf. A singular matrix warns
    (LinAlgWarning) as SciPy does, and is not an error."""
    a = asarray_validated(a, check_finite)
    require_square(a)
    dt = working_dtype(a.dtype)
    n = a.shape[-1]
    lu, piv = _core.linalg.lu_factor(a.astype(dt, copy=False))
    piv = (piv - 1).reshape(a.shape[:-1])
    if n and lu.size and not bool(cp.all(cp.diagonal(lu, axis1=-2, axis2=-1) != 0)):
        warnings.warn("Diagonal number is exactly zero. Singular matrix.",
                      _linalg_warning(), stacklevel=2)
    return lu, piv


def _linalg_warning():
    try:
        from scipy.linalg import LinAlgWarning
        return LinAlgWarning
    except ImportError:
        return RuntimeWarning


def lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True):
    """x with op(A) @ x == b from lu_factor's (lu, piv); trans 0: A, 1: A^T, 2: A^H. b is
    (..., N) or (..., N, K) with lu's batch shape broadcast."""
    lu, piv = lu_and_piv
    lu = asarray_validated(lu, check_finite)
    b = asarray_validated(b, check_finite, "b")
    piv = cp.asarray(piv)
    require_square(lu, "lu")
    if trans not in (0, 1, 2, "N", "T", "C"):
        raise ValueError("trans must be 0, 1 or 2")
    trans = {"N": 0, "T": 1, "C": 2}.get(trans, trans)
    n = lu.shape[-1]
    if b.ndim == 0 or (b.shape[0] != n and b.ndim <= 2 and lu.ndim == 2):
        raise ValueError(f"Shapes of lu {lu.shape} and b {b.shape} are incompatible")
    dt = working_dtype(lu.dtype, b.dtype)
    # A (N,) b against an (N, N) lu is one vector; in batched calls b is (..., N) vectors only
    # when its last axis is N and its batch matches lu's.
    vector = b.ndim == 1 or (lu.ndim > 2 and b.ndim == lu.ndim - 1)
    rhs = b[..., None] if vector else b
    if rhs.shape[-2] != n:
        raise ValueError(f"Shapes of lu {lu.shape} and b {b.shape} are incompatible")
    batch = numpy.broadcast_shapes(lu.shape[:-2], rhs.shape[:-2], piv.shape[:-1])
    lu2 = cp.broadcast_to(lu.astype(dt, copy=False), batch + lu.shape[-2:])
    rhs = cp.broadcast_to(rhs.astype(dt, copy=False), batch + rhs.shape[-2:])
    piv2 = cp.broadcast_to(piv, batch + (n,)).astype(cp.int32) + 1
    piv2 = cp.ascontiguousarray(piv2).reshape(-1, n)
    conj = trans == 2 and dt.kind == "c"
    if conj:
        rhs = rhs.conj()
    x = _core.linalg.lu_solve(lu2, piv2, rhs, 0 if trans == 0 else 1)
    if conj:
        x = x.conj()
    return x[..., 0] if vector else x


def lu(a, permute_l=False, overwrite_a=False, check_finite=True, p_indices=False):
    """(p, l, u) with a == p @ l @ u (or (p @ l, u) with permute_l), for (..., M, N) a, l
    unit-lower (M, K), u upper (K, N), K = min(M, N). p_indices gives p as row indices
    (a == l[p] @ u)."""
    a = asarray_validated(a, check_finite)
    if a.ndim < 2:
        raise ValueError("The input array must be at least two-dimensional.")
    m, n = a.shape[-2:]
    dt = working_dtype(a.dtype)
    k = min(m, n)
    batch = a.shape[:-2]
    if a.size == 0:
        inv = cp.broadcast_to(cp.arange(m, dtype=cp.int32), batch + (m,))
        lower = cp.zeros(batch + (m, k), dtype=dt)
        lower[..., cp.arange(k), cp.arange(k)] = 1
        upper = cp.zeros(batch + (k, n), dtype=dt)
        return _assemble(inv, lower, upper, m, dt, permute_l, p_indices)
    s = max(m, n)
    square = a.astype(dt, copy=False)
    if m != n:
        # Zero padding to s x s: getrf's first k steps only read the first k columns (and pick
        # no padded row as pivot: a zero never beats the first candidate). The swaps of later
        # steps act on rows below the first k, so a[perm] == l @ u still holds with every
        # pivot applied.
        square = cp.zeros(batch + (s, s), dtype=dt)
        square[..., :m, :n] = a
    packed, piv = _core.linalg.lu_factor(square)
    perm = _pivots_to_permutation((piv - 1).reshape(batch + (s,)), s)[..., :m]
    lower = cp.tril(packed[..., :m, :k], -1)
    idx = cp.arange(k)
    lower[..., idx, idx] = 1
    upper = cp.triu(packed[..., :k, :n])
    inv = cp.argsort(perm, axis=-1)
    return _assemble(inv, lower, upper, m, dt, permute_l, p_indices)


def _assemble(inv, lower, upper, m, dt, permute_l, p_indices):
    """SciPy's outputs from inv (row r of a is row inv[r] of l @ u)."""
    if permute_l:
        return cp.take_along_axis(lower, inv[..., None], axis=-2), upper
    if p_indices:
        return inv.astype(cp.int32), lower, upper
    # Row r of p is e_{inv[r]}; p is real even for complex a, as SciPy's.
    real = numpy.float32 if dt in (numpy.float32, numpy.complex64) else numpy.float64
    return cp.eye(m, dtype=real)[inv], lower, upper


def _pivots_to_permutation(piv, m):
    """perm with (P^T a) == a[perm]: LAPACK's sequential row swaps applied to arange(m), on
    the host (k swaps per matrix; the pivots are tiny beside the factors)."""
    host = cp.asnumpy(piv)
    batch = host.shape[:-1]
    flat = host.reshape(-1, host.shape[-1])
    perm = numpy.tile(numpy.arange(m), (flat.shape[0], 1))
    for r in range(flat.shape[0]):
        p = perm[r]
        for i, j in enumerate(flat[r]):
            p[i], p[j] = p[j], p[i]
    return cp.asarray(perm.reshape(batch + (m,)))
