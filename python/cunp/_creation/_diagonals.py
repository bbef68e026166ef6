"""Diagonals: diag, diagflat, diagonal, vander, fill_diagonal."""
import operator

from cunp import _core
from cunp._creation._basic import arange, asarray

__all__ = ["diag", "diagflat", "diagonal", "vander", "fill_diagonal"]


def _on_diagonal(v, k):
    """A square zero matrix with the 1-D v on its k-th diagonal."""
    k = operator.index(k)
    n = v.shape[0] + abs(k)
    out = _core.zeros((n, n), v.dtype)
    if v.shape[0]:
        start = k if k >= 0 else -k * n
        out.reshape(-1)[start:start + v.shape[0] * (n + 1):n + 1] = v
    return out


def diag(v, k=0):
    """The k-th diagonal of a 2-D v (a view), or a 2-D array with the 1-D v on it."""
    v = asarray(v)
    if v.ndim == 1:
        return _on_diagonal(v, k)
    if v.ndim == 2:
        return v.diagonal(k)
    raise ValueError("Input must be 1- or 2-d.")


def diagflat(v, k=0):
    """A 2-D array with the flattened v on its k-th diagonal."""
    return _on_diagonal(asarray(v).ravel(), k)


def diagonal(a, offset=0, axis1=0, axis2=1):
    """The diagonal of the (axis1, axis2) planes, as the last axis of a view."""
    return asarray(a).diagonal(offset, axis1, axis2)


def vander(x, N=None, increasing=False):  # noqa: N803 - NumPy's parameter names
    """The Vandermonde matrix of the 1-D x: powers x**(N-1), ..., x, 1 as columns (ascending
    for increasing=True), built by repeated multiplication as NumPy does."""
    from cunp import broadcast_to, concatenate, cumprod, promote_types

    x = asarray(x)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    N = x.shape[0] if N is None else operator.index(N)  # noqa: N806
    dtype = promote_types(x.dtype, "int64")
    parts = []
    if N > 0:
        parts.append(_core.ones((x.shape[0], 1), dtype))
    if N > 1:
        parts.append(cumprod(broadcast_to(x.astype(dtype)[:, None], (x.shape[0], N - 1)),
                             axis=1, dtype=dtype))
    if not parts:
        return _core.zeros((x.shape[0], 0), dtype)
    v = concatenate(parts, axis=1) if len(parts) > 1 else parts[0]
    return v if increasing else v[:, ::-1].copy()


def fill_diagonal(a, val, wrap=False):
    """Writes val (repeated as needed) on the main diagonal of a, in place: a 2-D a (tall ones
    wrap every N+1 rows with wrap=True), or an n-D a with equal sides."""
    from cunp import unravel_index

    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    if a.ndim == 2:
        step = a.shape[1] + 1
        end = a.size if wrap else min(a.size, a.shape[1] * a.shape[1])
    else:
        if any(s != a.shape[0] for s in a.shape[1:]):
            raise ValueError("All dimensions of input must be of equal length")
        step = sum(a.shape[0] ** d for d in range(a.ndim))
        end = a.size
    # NumPy's a.flat[:end:step] = val converts val to a's dtype (forcibly, as np.array(val,
    # dtype=a.dtype)) before it looks at how many places there are: 128 into int8 is an
    # OverflowError even for an empty a, and any Python int goes into bool.
    val = asarray(val, dtype=a.dtype)
    count = len(range(0, end, step))
    if count == 0 or val.size == 0:
        return
    if val.size != 1:
        from cunp._manipulation._rearranging import resize

        val = resize(val, (count,))
    index = unravel_index(arange(0, end, step), a.shape)
    a[index] = val.reshape(-1) if val.size != 1 else val.reshape(())
