"""Triangles of matrices: tri, tril, triu (stacks of matrices along the leading axes)."""
import operator

from cunp import _core
from cunp._creation._basic import arange, asarray

__all__ = ["tri", "tril", "triu"]


def tri(N, M=None, k=0, dtype=float, *, like=None):  # noqa: N803 - NumPy's parameter names
    """Ones on and below the k-th diagonal of an N x M array, zeros elsewhere."""
    M = N if M is None else M  # noqa: N806
    N, M, k = operator.index(N), operator.index(M), operator.index(k)  # noqa: N806
    return (arange(N).reshape(N, 1) >= arange(-k, M - k)).astype(dtype)


def _diagonal(k):
    """k as an int64: a diagonal beyond any matrix keeps all or nothing, wherever it lies."""
    return min(max(operator.index(k), -2**63), 2**63 - 1)


def tril(m, k=0):
    """m with the elements above the k-th diagonal zeroed (every matrix of a stack; a 1-D m is a
    row repeated into a square, as NumPy does): one kernel, the core's cunp::tril."""
    return _core.creation.tril(asarray(m), _diagonal(k))


def triu(m, k=0):
    """m with the elements below the k-th diagonal zeroed: the core's cunp::triu."""
    return _core.creation.triu(asarray(m), _diagonal(k))
