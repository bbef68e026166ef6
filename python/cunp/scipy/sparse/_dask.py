"""dask.array's lookups for cunp sparse chunks, registered next to the dense ones (see
cunp._array._dask) as Dask registers them for CuPy's sparse matrices: blocks are joined with
vstack/hstack and contracted with the sparse product. Nothing here imports Dask; it is called
with dask.array.dispatch once Dask meets its first cunp chunk."""

import operator

from ._base import _spbase
from ._construct import hstack, vstack


def _concatenate(blocks, axis=0):
    blocks = list(blocks)
    if axis not in (0, 1, -1, -2):
        raise ValueError(f"cunp sparse blocks concatenate along axis 0 or 1, not {axis}")
    fmt = blocks[0].format if blocks and blocks[0].format in ("csr", "csc", "coo") else None
    return (vstack if axis % 2 == 0 else hstack)(blocks, format=fmt)


def _one_axis(axes):
    axes = (axes,) if isinstance(axes, int) else tuple(axes)
    if len(axes) != 1:
        raise ValueError("tensordot of cunp sparse chunks contracts exactly one axis of each "
                         "operand")
    return operator.index(axes[0])


def _tensordot(a, b, axes=2):
    """numpy.tensordot's meaning for a 2-D sparse `a` and a 1-D or 2-D `b` (sparse or dense),
    one axis contracted: a product with the operands transposed as the axes ask."""
    if isinstance(axes, int):
        if axes != 1:
            raise ValueError("tensordot of cunp sparse chunks contracts exactly one axis")
        a_axis, b_axis = 1, 0
    else:
        a_axis, b_axis = _one_axis(axes[0]), _one_axis(axes[1])
    a_axis, b_axis = a_axis % 2, b_axis % b.ndim
    if a.shape[a_axis] != b.shape[b_axis]:
        raise ValueError("shape-mismatch for sum")
    left = a.T if a_axis == 0 else a
    right = b.T if b.ndim == 2 and b_axis == 1 else b
    return left @ right


def register(dispatch):
    dispatch.concatenate_lookup.register(_spbase, _concatenate)
    dispatch.tensordot_lookup.register(_spbase, _tensordot)
