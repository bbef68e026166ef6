"""The axis permutations of sparse objects (permute_dims, swapaxes, matrix_transpose) and
safely_cast_index_arrays, as scipy.sparse's. cunp's sparse objects are 2-D, so a permutation is
the identity or the transpose; a transpose comes back in COO format, as SciPy's."""
import operator

import numpy

from cunp.scipy.sparse import _backend
from cunp.scipy.sparse._base import issparse


def _canonical_axes(axes, ndim):
    if not isinstance(axes, (tuple, list)):
        try:
            axes = (operator.index(axes),)
        except TypeError:
            raise TypeError(f"axis must be an integer/tuple of ints, not {type(axes)}") from None
    out = []
    for ax in axes:
        try:
            ax = operator.index(ax)
        except TypeError:
            raise TypeError(f"axis must be an integer. (given {ax})") from None
        if ax < 0:
            ax += ndim
        if not 0 <= ax < ndim:
            raise ValueError("axis out of range for ndim")
        out.append(ax)
    if len(out) != len(set(out)):
        raise ValueError("duplicate value in axis")
    return out


def permute_dims(A, axes=None, copy=False):
    """A with its axes in the order `axes` (default: reversed); a COO copy or view unless the
    order is the identity (then A, or a copy of it with copy=True)."""
    ndim = len(A.shape)
    axes = list(range(ndim))[::-1] if axes is None else _canonical_axes(axes, ndim)
    if len(axes) != ndim:
        raise ValueError("Incorrect number of axes: %d instead of %d" % (len(axes), ndim))
    if axes == list(range(ndim)):
        return A.copy() if copy else A
    return A.tocoo(copy=copy).transpose()


def swapaxes(A, axis1, axis2):
    """A copy of A with axes `axis1` and `axis2` interchanged (COO unless they are the same)."""
    ndim = len(A.shape)
    axes = list(range(ndim))
    for ax in (axis1, axis2):
        if not -ndim <= operator.index(ax) < ndim:
            raise ValueError(f"Invalid axis: {ax} is out of bounds for ndim={ndim}")
    axes[axis1], axes[axis2] = axes[axis2], axes[axis1]
    return permute_dims(A, axes=tuple(axes), copy=True)


def matrix_transpose(A):
    """A with its last two axes interchanged (the same array or matrix type)."""
    if not issparse(A):
        raise TypeError("matrix_transpose expected a sparse object")
    return A.transpose()


def _fits(arrays, limit):
    xp = _backend.xp
    return not any(a.size and bool(xp.any(a > limit)) for a in arrays)


def safely_cast_index_arrays(A, idx_dtype=numpy.int32, msg=""):
    """A's index arrays cast to `idx_dtype`: (indices, indptr) for CSR and CSC, coords for COO,
    offsets for DIA; the arrays themselves where they have that dtype already. ValueError when a
    value does not fit, with "<index> values too large for <msg>"."""
    msg = msg or f"dtype {idx_dtype}"
    limit = numpy.iinfo(idx_dtype).max
    big = max(A.shape) > limit
    if A.format in ("csr", "csc"):
        if A.indptr.size and int(A.indptr[-1]) > limit:
            raise ValueError(f"indptr values too large for {msg}")
        if big and not _fits([A.indices], limit):
            raise ValueError(f"indices values too large for {msg}")
        return A.indices.astype(idx_dtype, copy=False), A.indptr.astype(idx_dtype, copy=False)
    if A.format == "coo":
        if big and not _fits(A.coords, limit):
            raise ValueError(f"coords values too large for {msg}")
        return tuple(c.astype(idx_dtype, copy=False) for c in A.coords)
    if A.format == "dia":
        if big and not _fits([A.offsets], limit):
            raise ValueError(f"offsets values too large for {msg}")
        return A.offsets.astype(idx_dtype, copy=False)
    raise TypeError(f"Format {A.format} is not associated with index arrays.")
