"""lu, lu_factor and lu_solve on cuSOLVER's getrf/getrs (cuBLAS's batched ones for stacks of
small square matrices), through _core.linalg. lu factors rectangular matrices directly."""
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
    # getrf factors the M x N matrices as they are; the permutation of its row swaps is
    # replayed on the device, one thread per matrix.
    packed, piv = _core.linalg.lu_factor(a.astype(dt, copy=False))
    _, inv = _core.linalg.lu_permutation(piv, m)
    inv = inv.reshape(batch + (m,))
    lower = cp.tril(packed[..., :, :k], -1)
    idx = cp.arange(k)
    lower[..., idx, idx] = 1
    upper = cp.triu(packed[..., :k, :])
    return _assemble(inv, lower, upper, m, dt, permute_l, p_indices)


def _assemble(inv, lower, upper, m, dt, permute_l, p_indices):
    """SciPy's outputs from inv (row r of a is row inv[r] of l @ u; int32)."""
    if permute_l:
        return cp.take_along_axis(lower, inv[..., None], axis=-2), upper
    if p_indices:
        return inv, lower, upper
    # Row r of p is e_{inv[r]}; p is real even for complex a, as SciPy's.
    real = numpy.float32 if dt in (numpy.float32, numpy.complex64) else numpy.float64
    return cp.eye(m, dtype=real)[inv], lower, upper

