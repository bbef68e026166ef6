# python/cunp/linalg/_cholesky_solve.py -- cupyx.linalg's invh and cho_solve (DESIGN decision 15:
# cupyx.linalg.X is cunp.linalg.X), composed of cholesky, inv, solve and matmul.
"""invh(a): the inverse of a Hermitian (real symmetric) positive-definite matrix through its
Cholesky factor; cho_solve((c, lower), b): x with A @ x == b from A's Cholesky factor c. Both take
stacks of matrices (..., N, N)."""
from cunp.linalg._decompositions import (
    _assert_stacked_2d, _assert_stacked_square, _cp, _prepare_square, _solver_dtype, cholesky,
    inv, solve,
)

__all__ = ['invh', 'cho_solve']


def _conj_t(x):
    return x.mT.conj() if x.dtype.kind == 'c' else x.mT


def invh(a):
    """The inverse of each Hermitian positive-definite matrix of a (..., N, N) stack, as
    ``L^-H @ L^-1`` from its Cholesky factor L. LinAlgError when a matrix is not positive
    definite (cunp.linalg.cholesky's check). Only the lower triangle of `a` is read."""
    a = _prepare_square(a)
    if a.size == 0:
        return a.copy()
    linv = inv(cholesky(a))
    return _conj_t(linv) @ linv


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    """Solves A @ x == b given ``(c, lower)``: c is A's Cholesky factor (lower-triangular when
    `lower`, else upper: ``A == c.T.conj() @ c``), as cunp.linalg.cholesky returns it; only that
    triangle of c is read. c may be a stack (..., N, N); b is (..., N) (one vector per matrix)
    or (..., N, K). `overwrite_b` is accepted and b is never written. With `check_finite`, a
    non-finite value in c's triangle or in b raises ValueError."""
    cp = _cp()
    if not isinstance(c_and_lower, (tuple, list)) or len(c_and_lower) != 2:
        raise TypeError('c_and_lower must be a (c, lower) pair, not %s'
                        % type(c_and_lower).__name__)
    c, lower = c_and_lower
    c = cp.asarray(c)
    b = cp.asarray(b)
    _assert_stacked_2d(c)
    _assert_stacked_square(c)
    n = c.shape[-1]
    vector = b.ndim == c.ndim - 1
    if b.ndim < 1 or (b.shape[-1] if vector else b.shape[-2] if b.ndim >= 2 else -1) != n:
        raise ValueError('b has shape %s, which does not match the %d x %d factor'
                         % (b.shape, n, n))
    dt = _solver_dtype(cp.result_type(c, b))
    if c.size == 0 or b.size == 0:
        core = b.shape[-1:] if vector else b.shape[-2:]
        batch = cp.broadcast_shapes(c.shape[:-2], b.shape[:b.ndim - len(core)])
        return cp.zeros(tuple(batch) + core, dtype=dt)
    tri = cp.tril(c) if lower else cp.triu(c)
    if check_finite:
        if not bool(cp.isfinite(tri).all()) or not bool(cp.isfinite(b).all()):
            raise ValueError('Input array contains NaN or infinity.')
    low = tri.astype(dt, copy=False)
    if not lower:
        low = _conj_t(low)
    rhs = b.astype(dt, copy=False)
    if vector:
        rhs = rhs[..., None]
    x = solve(_conj_t(low), solve(low, rhs))
    return x[..., 0] if vector else x
