"""Joining and splitting arrays: concatenate, stack and their vstack/hstack/dstack forms,
atleast_1d/2d/3d, split and its forms. The work is the core's (cunp/ops/manipulation/joining.hpp); this module
turns arguments into lists of cunp arrays first."""
import operator

from cunp import _core
from cunp._core import ndarray
from cunp._creation._basic import asarray

__all__ = [
    "concatenate", "concat", "stack", "vstack", "hstack", "dstack", "column_stack", "row_stack",
    "atleast_1d", "atleast_2d", "atleast_3d", "split", "array_split", "hsplit", "vsplit", "dsplit",
]


def _as_arrays(arrays):
    if isinstance(arrays, ndarray):
        # NumPy iterates an array argument along its first axis.
        arrays = list(arrays)
    # cunp arrays stay where they are: arrays of two devices are refused by the core, not moved.
    return [a if isinstance(a, ndarray) else asarray(a) for a in arrays]


def concatenate(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Join arrays along an existing axis (axis=None: flatten them first)."""
    return _core.manipulation.concatenate(_as_arrays(arrays), axis, out, dtype, casting)


concat = concatenate  # the array API standard's name


def stack(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Join arrays of one shape along a new axis."""
    arrays = _as_arrays(arrays)
    if not isinstance(axis, int):
        # NumPy checks the arrays before it reads axis (operator.index's TypeError for None).
        if not arrays:
            raise ValueError("need at least one array to stack")
        if len({a.shape for a in arrays}) > 1:
            raise ValueError("all input arrays must have the same shape")
        axis = operator.index(axis)
    return _core.manipulation.stack(arrays, axis, out, dtype, casting)


def _at_least(ndim, arys):
    out = [_core.manipulation.atleast(ndim, asarray(a)) for a in arys]
    return out[0] if len(out) == 1 else tuple(out)


def atleast_1d(*arys):
    return _at_least(1, arys)


def atleast_2d(*arys):
    return _at_least(2, arys)


def atleast_3d(*arys):
    return _at_least(3, arys)


def vstack(tup, *, dtype=None, casting="same_kind"):
    return _core.manipulation.vstack(_as_arrays(tup), dtype, casting)


def row_stack(tup, *, dtype=None, casting="same_kind"):
    """vstack under its old name: NumPy 2 deprecates it (DeprecationWarning) in favour of
    vstack."""
    import warnings

    warnings.warn("`row_stack` alias is deprecated. Use `np.vstack` directly.",
                  DeprecationWarning, stacklevel=2)
    return vstack(tup, dtype=dtype, casting=casting)


def hstack(tup, *, dtype=None, casting="same_kind"):
    return _core.manipulation.hstack(_as_arrays(tup), dtype, casting)


def dstack(tup):
    return _core.manipulation.dstack(_as_arrays(tup))


def column_stack(tup):
    return _core.manipulation.column_stack(_as_arrays(tup))


def _split(ary, indices_or_sections, axis, equal):
    ary = asarray(ary)
    ary.shape[axis]  # NumPy reads the axis's length first: IndexError for a 0-d array
    if hasattr(indices_or_sections, "__len__"):
        indices_or_sections = [int(i) for i in indices_or_sections]
    else:
        indices_or_sections = int(indices_or_sections)
    return _core.manipulation.array_split(ary, indices_or_sections, axis, equal)


def array_split(ary, indices_or_sections, axis=0):
    """Views of ary split along axis: at the given indices, or into n near-equal parts."""
    return _split(ary, indices_or_sections, axis, False)


def split(ary, indices_or_sections, axis=0):
    """array_split, except that an integer must divide the axis evenly."""
    ary = asarray(ary)
    if not hasattr(indices_or_sections, "__len__"):
        # NumPy's checks in its order: the axis (IndexError), then the division (0 sections:
        # ZeroDivisionError), before array_split's own.
        if ary.shape[axis] % int(indices_or_sections):
            raise ValueError("array split does not result in an equal division")
    return _split(ary, indices_or_sections, axis, True)


def _split_min_ndim(ary, indices_or_sections, axis, min_ndim, name):
    ary = asarray(ary)
    if ary.ndim < min_ndim:
        raise ValueError(f"{name} only works on arrays of {min_ndim} or more dimensions")
    return split(ary, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    ary = asarray(ary)
    if ary.ndim == 0:
        raise ValueError("hsplit only works on arrays of 1 or more dimensions")
    return split(ary, indices_or_sections, 1 if ary.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    return _split_min_ndim(ary, indices_or_sections, 0, 2, "vsplit")


def dsplit(ary, indices_or_sections):
    return _split_min_ndim(ary, indices_or_sections, 2, 3, "dsplit")
