# tests/python/linalg/linalg_support.py -- test matrices shared by the linalg tests (GPU and CPU parts)
# Random stacks in the solver dtypes, Hermitian stacks with known eigenvalues, and tolerances.
import numpy

DTYPES = ['float32', 'float64', 'complex64', 'complex128']


def rand(shape, dtype, seed=0):
    """Standard normal entries (both parts for complex dtypes)."""
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == 'c':
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def tol(dtype):
    """Backward-stable factorizations of O(1) inputs: single precision 1e-4, double 1e-10."""
    return 1e-4 if numpy.dtype(dtype).char in 'fF' else 1e-10


def hermitian(shape, dtype, seed=0):
    """Stacks of Hermitian matrices with eigenvalues +-1..+-n of distinct magnitudes."""
    q, _ = numpy.linalg.qr(rand(shape, 'complex128' if numpy.dtype(dtype).kind == 'c' else 'float64',
                                seed))
    n = shape[-1]
    w = numpy.arange(1, n + 1, dtype=float) * numpy.where(numpy.arange(n) % 2, -1.0, 1.0)
    a = (q * w) @ numpy.swapaxes(q, -1, -2).conj()
    return ((a + numpy.swapaxes(a, -1, -2).conj()) / 2).astype(dtype)
