"""spsolve's sparse path: cuSOLVER's sparse QR (cusolverSp's csrlsvqr, through
_core.sparse.solve; cunp.linalg.sparse.lschol's Cholesky is the same call), one right-hand
side column per call. The matrix is never densified, and a diagonal of R at or below
n * eps * max|a_ij| marks it singular, where SciPy's SuperLU meets an exactly zero pivot."""

import numpy

from ... import _backend


def device_solver():
    """_core.sparse.solve where the arrays are cunp's and cusolverSp loads, else None (the
    dense factorisation serves)."""
    if not _backend.xp.__name__.startswith("cunp"):
        return None
    try:
        from cunp import _core
    except ImportError:  # pragma: no cover - cunp without its extension
        return None
    s = getattr(_core, "sparse", None)
    if s is None or not hasattr(s, "solve") or not s.solve_available():
        return None
    return s.solve


def solve(A, rhs, dtype, call, method="qr"):
    """(x, singular): A x = rhs column by column (rhs 1-D or 2-D) with `call`'s signature
    (data, indices, indptr, n, b, x, tol, method) -> first singular column or -1."""
    xp = _backend.xp
    n = A.shape[0]
    c = A.tocsr(copy=True)
    c.sum_duplicates()
    data = xp.ascontiguousarray(c.data.astype(dtype))
    indices = xp.ascontiguousarray(c.indices.astype(numpy.int32))
    indptr = xp.ascontiguousarray(c.indptr.astype(numpy.int32))
    scale = float(abs(data).max()) if data.size else 0.0
    tol = n * float(numpy.finfo(numpy.dtype(dtype)).eps) * scale
    cols = rhs.reshape(n, -1)
    out = xp.empty(cols.shape, dtype=dtype)
    for j in range(cols.shape[1]):
        b = xp.ascontiguousarray(cols[:, j].astype(dtype))
        x = xp.empty(n, dtype=dtype)
        if call(data, indices, indptr, n, b, x, tol, method) >= 0:
            return None, True
        out[:, j] = x
    return out.reshape(rhs.shape), False
