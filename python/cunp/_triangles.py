"""Triangles of matrices: tri, tril, triu (stacks of matrices along the leading axes)."""
import operator

from cunp import _core
from cunp._creation import arange, asarray

__all__ = ["tri", "tril", "triu"]


def _lower_mask(rows, cols, k):
    """A (rows, cols) bool array, True on and below the k-th diagonal."""
    return arange(rows).reshape(rows, 1) >= arange(-k, cols - k)


def tri(N, M=None, k=0, dtype=float, *, like=None):  # noqa: N803 - NumPy's parameter names
    """Ones on and below the k-th diagonal of an N x M array, zeros elsewhere."""
    M = N if M is None else M  # noqa: N806
    return _lower_mask(operator.index(N), operator.index(M), operator.index(k)).astype(dtype)


def _masked(m, k, lower):
    m = asarray(m)
    if m.ndim == 0:
        raise ValueError("tril/triu need an array of at least one dimension")
    rows, cols = m.shape[-2:] if m.ndim >= 2 else (m.shape[0], m.shape[0])
    k = operator.index(k)
    keep = _lower_mask(rows, cols, k) if lower else ~_lower_mask(rows, cols, k - 1)
    from cunp import where

    return where(keep, m, _core.zeros((), m.dtype))


def tril(m, k=0):
    """m with the elements above the k-th diagonal zeroed (every matrix of a stack; a 1-D m is
    taken as a row repeated, as in NumPy)."""
    return _masked(m, k, True)


def triu(m, k=0):
    """m with the elements below the k-th diagonal zeroed."""
    return _masked(m, k, False)
