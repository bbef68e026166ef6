"""solve_triangular, cho_factor/cho_solve and solve_banded. A triangular solve is getrs on
factors known without factoring (an upper triangle is its own U with L = I and no row swaps),
so it rides the LU path of _core.linalg, batched stacks included. solve_banded runs its own
banded LU kernel (src/device/linalg/banded_lu.cuh)."""
import operator

import numpy

import cunp as cp
from cunp import _core
from cunp.linalg import LinAlgError
from cunp.linalg import cho_solve as _cho_solve
from cunp.scipy.linalg._common import asarray_validated, require_square, working_dtype


def _vector_rhs(a, b):
    """Whether b holds vectors (..., N) rather than matrices (..., N, K)."""
    return b.ndim == 1 or (a.ndim > 2 and b.ndim == a.ndim - 1)


def _rhs(a, b, n):
    vector = _vector_rhs(a, b)
    if b.ndim == 0 or (b.shape[-1] if vector else b.shape[-2]) != n:
        raise ValueError(f"shapes of a {a.shape} and b {b.shape} are incompatible")
    return vector, (b[..., None] if vector else b)


def _getrs_known(packed, rhs, trans):
    """x with op(U) @ x == rhs for upper-triangular packed (..., N, N), op by trans 0/1."""
    n = packed.shape[-1]
    batch = numpy.broadcast_shapes(packed.shape[:-2], rhs.shape[:-2])
    packed = cp.broadcast_to(packed, batch + (n, n))
    rhs = cp.broadcast_to(rhs, batch + rhs.shape[-2:])
    count = int(numpy.prod(batch, dtype=numpy.int64))
    piv = cp.ascontiguousarray(
        cp.broadcast_to(cp.arange(1, n + 1, dtype=cp.int32), (count, n)))
    return _core.linalg.lu_solve(packed, piv, rhs, trans)


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False,
                     check_finite=True):
    """x with op(a) @ x == b for triangular a (..., N, N) (only its `lower` or upper triangle
    is read; with unit_diagonal its diagonal is taken as ones); trans 0/'N', 1/'T', 2/'C'."""
    a = asarray_validated(a, check_finite)
    b = asarray_validated(b, check_finite, "b")
    require_square(a)
    trans = {"N": 0, "T": 1, "C": 2}.get(trans, trans)
    if trans not in (0, 1, 2):
        raise ValueError("Incorrect value for trans")
    n = a.shape[-1]
    vector, rhs = _rhs(a, b, n)
    dt = working_dtype(a.dtype, b.dtype)
    tri = cp.tril(a) if lower else cp.triu(a)
    tri = tri.astype(dt, copy=True)
    if unit_diagonal:
        tri[..., cp.arange(n), cp.arange(n)] = 1
    elif n and tri.size:
        zero = cp.diagonal(tri, axis1=-2, axis2=-1) == 0
        if bool(zero.any()):
            first = int(cp.argmax(zero.reshape(-1, n).any(axis=0))) + 1
            raise LinAlgError(
                f"singular matrix: resolution failed at diagonal {first - 1}")
    rhs = rhs.astype(dt, copy=False)
    if rhs.size == 0 or n == 0:
        batch = numpy.broadcast_shapes(a.shape[:-2], rhs.shape[:-2])
        x = cp.zeros(batch + rhs.shape[-2:], dtype=dt)
        return x[..., 0] if vector else x
    # Upper U: solve op(U) directly. Lower L = (L^T)^T with L^T upper: op flips.
    packed = tri if not lower else tri.swapaxes(-1, -2)
    conj = trans == 2 and dt.kind == "c"
    op = 1 if trans else 0
    if lower:
        op = 1 - op
    if conj:
        # op(T)^H x == b  <=>  op(T)^T conj(x) == conj(b)
        x = _getrs_known(packed, rhs.conj(), op).conj()
    else:
        x = _getrs_known(packed, rhs, op)
    return x[..., 0] if vector else x


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    """(c, lower): c holds the Cholesky factor of a (..., N, N) in its lower (lower=True) or
    upper triangle, and a's own entries in the other one, as SciPy's. LinAlgError when a is
    not positive definite."""
    a = asarray_validated(a, check_finite)
    require_square(a)
    dt = working_dtype(a.dtype)
    a = a.astype(dt, copy=False)
    if a.size == 0:
        return a.copy(), lower
    factor = cp.linalg.cholesky(a, upper=not lower)
    c = factor + (cp.triu(a, 1) if lower else cp.tril(a, -1))
    return c, lower


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    """x with A @ x == b from cho_factor's (c, lower) (only c's factor triangle is read)."""
    c, lower = c_and_lower
    c = cp.asarray(c)
    if c.ndim < 2 or c.shape[-1] != c.shape[-2]:
        raise ValueError("The factored matrix c is not square.")
    b = cp.asarray(b)
    n = c.shape[-1]
    vector = _vector_rhs(c, b)
    if b.ndim == 0 or (b.shape[-1] if vector else b.shape[-2]) != n:
        raise ValueError("incompatible dimensions ({} and {})".format(c.shape, b.shape))
    return _cho_solve((c, lower), b, check_finite=check_finite)


def solve_banded(l_and_u, ab, b, overwrite_ab=False, overwrite_b=False, check_finite=True):
    """x with a @ x == b for the banded a stored as ab (l + u + 1, M): a[i, j] == ab[u + i - j,
    j]. ab (..., l + u + 1, M) and b (..., M, K) (or b (M,)) batch over their broadcast leading
    axes, as SciPy's. Each system is solved by LU with partial pivoting in band storage (LAPACK
    gbsv's algorithm, so the same systems are singular), one thread per system with the systems
    interleaved: O(M (l + u) l) work and O(M (2 l + u)) memory each, no dense matrix."""
    nlower, nupper = (operator.index(v) for v in l_and_u)
    ab = asarray_validated(ab, check_finite, "ab")
    b = asarray_validated(b, check_finite, "b")
    vector = b.ndim == 1  # SciPy's core b is (M,) only when b is 1-D; else (M, K)
    rhs = b[:, None] if vector else b
    if b.ndim == 0 or ab.shape[-1:] != rhs.shape[-2:-1]:
        raise ValueError("shapes of ab and b are not compatible.")
    if ab.ndim < 2 or nlower + nupper + 1 != ab.shape[-2]:
        raise ValueError(
            "invalid values for the number of lower and upper diagonals: l+u+1 (%d) does not "
            "equal ab.shape[0] (%d)" % (nlower + nupper + 1, ab.shape[-2 if ab.ndim > 1 else 0]))
    if nlower < 0 or nupper < 0:
        raise ValueError("the numbers of lower and upper diagonals must be non-negative")
    m, k = rhs.shape[-2:]
    dt = working_dtype(ab.dtype, b.dtype)
    batch = numpy.broadcast_shapes(ab.shape[:-2], rhs.shape[:-2])
    if m == 0 or k == 0 or 0 in batch:
        x = cp.zeros(batch + (m, k), dtype=dt)
    elif m == 1:
        # A 1 x 1 matrix: its entry is row u of ab, whatever the band rows say (SciPy's gh-8906);
        # a zero divides as SciPy's does (inf or nan, no error).
        x = rhs.astype(dt) / ab[..., nupper:nupper + 1, :].astype(dt)
        x = cp.broadcast_to(x, batch + (m, k)).copy()
    else:
        count = int(numpy.prod(batch, dtype=numpy.int64))
        band = cp.broadcast_to(ab, batch + ab.shape[-2:]).reshape(count, nlower + nupper + 1, m)
        # The system index last (fastest): neighbouring threads read neighbouring words.
        w = cp.zeros((2 * nlower + nupper + 1, m, count), dtype=dt)
        w[nlower:] = cp.moveaxis(band, 0, -1)
        xs = cp.broadcast_to(rhs, batch + (m, k)).reshape(count, m, k)
        xs = cp.ascontiguousarray(cp.moveaxis(xs.astype(dt), 0, -1))
        info = _core.linalg.banded_solve(w, xs, nlower, nupper)
        if bool((info > 0).any()):
            raise LinAlgError("singular matrix")
        x = cp.moveaxis(xs, -1, 0).reshape(batch + (m, k))
    return x[..., 0] if vector else x
