"""NumPy stand-ins for _core.linalg's LU entry points, so cunp.scipy.linalg.lu's host code
(factor shapes, the permutation's use, P/L/U assembly) runs on the CPU: getrf is LAPACK's own
(SciPy's wrapper, rectangular matrices as they are), and lu_permutation is a model of
permutation_from_pivots (src/device/linalg/solver.cuh), one matrix per loop step as one thread
per matrix on the device."""
import types

import numpy


def lu_factor(a):
    """getrf of each (M, N) matrix of a: packed factors batch + (M, N) and 1-based pivots
    int32 (count, min(M, N))."""
    from scipy.linalg import lapack

    m, n = a.shape[-2:]
    flat = a.reshape((-1, m, n))
    lus = numpy.empty_like(flat)
    pivs = numpy.empty((flat.shape[0], min(m, n)), dtype=numpy.int32)
    getrf, = lapack.get_lapack_funcs(("getrf",), (a,))
    for b in range(flat.shape[0]):
        lu, piv, _ = getrf(flat[b])
        lus[b] = lu
        pivs[b] = piv + 1  # SciPy's wrapper gives 0-based swaps; cuSOLVER's are 1-based
    return lus.reshape(a.shape), pivs


def permutation_from_pivots(piv, m):
    """The device function's loop: perm from the swaps replayed in order, inv its inverse."""
    count, k = piv.shape
    perm = numpy.empty((count, m), dtype=numpy.int32)
    inv = numpy.empty((count, m), dtype=numpy.int32)
    for i in range(count):
        p = numpy.arange(m, dtype=numpy.int32)
        for j in range(k):
            s = piv[i, j] - 1
            p[j], p[s] = p[s], p[j]
        perm[i] = p
        inv[i, p] = numpy.arange(m, dtype=numpy.int32)
    return perm, inv


CORE = types.SimpleNamespace(linalg=types.SimpleNamespace(
    lu_factor=lu_factor, lu_permutation=permutation_from_pivots))
