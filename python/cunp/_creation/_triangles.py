"""Triangles of matrices: tri, tril, triu (stacks of matrices along the leading axes)."""
import operator

from cunp import _core
from cunp._creation._basic import arange, asarray

__all__ = ["tri", "tril", "triu"]

_kernel = None


def _triangle_kernel():
    """One pass that keeps each element on the kept side of the k-th diagonal and zeroes the
    rest; the element's row and column come from its C-order position."""
    global _kernel
    if _kernel is None:
        from cunp._kernels._elementwise_kernel import ElementwiseKernel

        _kernel = ElementwiseKernel(
            "T m, int64 rows, int64 cols, int64 k, bool lower", "T out",
            "const long long c = i % cols, r = (i / cols) % rows;"
            "out = (lower ? c - r <= k : c - r >= k) ? m : T(0.0);",
            "cunp_triangle")
    return _kernel


def tri(N, M=None, k=0, dtype=float, *, like=None):  # noqa: N803 - NumPy's parameter names
    """Ones on and below the k-th diagonal of an N x M array, zeros elsewhere."""
    M = N if M is None else M  # noqa: N806
    N, M, k = operator.index(N), operator.index(M), operator.index(k)  # noqa: N806
    return (arange(N).reshape(N, 1) >= arange(-k, M - k)).astype(dtype)


def _triangle(m, k, lower):
    m = asarray(m)
    if m.ndim == 0:
        raise ValueError("tril/triu need an array of at least one dimension")
    k = operator.index(k)
    # A 1-D m is a row repeated into a square, as NumPy does.
    shape = m.shape if m.ndim >= 2 else (m.shape[0], m.shape[0])
    out = _core.empty(shape, m.dtype)
    _triangle_kernel()(m, shape[-2], shape[-1], k, lower, out)
    return out


def tril(m, k=0):
    """m with the elements above the k-th diagonal zeroed (every matrix of a stack)."""
    return _triangle(m, k, True)


def triu(m, k=0):
    """m with the elements below the k-th diagonal zeroed."""
    return _triangle(m, k, False)
