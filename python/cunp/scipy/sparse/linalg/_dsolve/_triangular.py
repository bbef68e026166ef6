"""The sparse triangular solve the factor objects stand on: cuSPARSE's SpSM through
_core.sparse.triangular_solve for cunp arrays, or SciPy's spsolve_triangular on NumPy arrays
(the CPU tests run the same permutations and calls on the host, with SciPy standing in for
the library)."""

import numpy

from ... import _backend


def solve(data, indices, indptr, n, b, lower, unit_diagonal):
    """T^-1 b for the lower or upper triangle T of the canonical CSR arrays of an n x n matrix
    (the other triangle is not read; with unit_diagonal the diagonal is taken as ones). b is
    (n,) or (n, k) of data's dtype; the result has b's shape."""
    xp = _backend.xp
    if xp is numpy:
        import scipy.sparse as sps
        import scipy.sparse.linalg as sla

        T = sps.csr_array((data, indices, indptr), shape=(n, n))
        T = sps.tril(T) if lower else sps.triu(T)
        return sla.spsolve_triangular(T.tocsr(), b, lower=lower, unit_diagonal=unit_diagonal)
    from cunp import _core

    # SpSM takes column-major right-hand sides in every toolkit: a vector is its own n x 1
    # column, a matrix is copied to Fortran order once (a no-op when it already is).
    rhs = xp.ascontiguousarray(b) if b.ndim == 1 else xp.asfortranarray(b)
    x = xp.empty(rhs.shape, dtype=rhs.dtype, order="F")
    _core.sparse.triangular_solve(data, indices, indptr, n, rhs, x, lower, unit_diagonal)
    return x
