"""The sparse triangular solve the factor objects and spsolve_triangular stand on: cuSPARSE's
SpSM through _core.sparse.triangular_solve for cunp arrays, or SciPy's spsolve_triangular on
NumPy arrays (the CPU tests run the same permutations and calls on the host, with SciPy
standing in for the library)."""

import numpy

from ... import _backend


def device_solver():
    """_core.sparse.triangular_solve where the arrays are cunp's, else None (the host model
    serves). The tests swap in a NumPy model of the call to check what it is handed."""
    if _backend.xp is numpy:
        return None
    from cunp import _core

    return _core.sparse.triangular_solve


def solve(data, indices, indptr, n, b, lower, unit_diagonal):
    """T^-1 b for the lower or upper triangle T of the canonical CSR arrays of an n x n matrix
    (only that triangle may hold entries; with unit_diagonal the diagonal is taken as ones).
    b is (n,) or (n, k) of data's dtype; the result has b's shape."""
    xp = _backend.xp
    call = device_solver()
    if call is None:
        import scipy.sparse as sps
        import scipy.sparse.linalg as sla

        T = sps.csr_array((data, indices, indptr), shape=(n, n))
        return sla.spsolve_triangular(T, b, lower=lower, unit_diagonal=unit_diagonal)
    # SpSM takes column-major right-hand sides in every toolkit: a vector is its own n x 1
    # column, a matrix is copied to Fortran order once (a no-op when it already is).
    rhs = xp.ascontiguousarray(b) if b.ndim == 1 else xp.asfortranarray(b)
    x = xp.empty(rhs.shape, dtype=rhs.dtype, order="F")
    call(data, indices, indptr, n, rhs, x, lower, unit_diagonal)
    return x
