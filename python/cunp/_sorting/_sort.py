# python/cunp/_sorting/_sort.py -- sorting, searching and unique (NumPy 2 and the array API's unique_*);
# the work runs in the core (cunp/ops/sorting/sorting.hpp) on CUB's radix sort from the prebuilt kernels.
"""Sorting and searching: sort, argsort, sort_complex, searchsorted, unique and the array API's
unique_all, unique_counts, unique_inverse and unique_values.

Every kind sorts stably (a radix sort). Floats sort as NumPy orders them: NaNs last, -0.0 equal
to 0.0 (kind='stable' keeps their input order in sort's values; other kinds may put -0.0
first, as NumPy's unstable sorts may). Arrays of 2**31 elements or more are sorted along an axis
in chunks of rows, each under 2**31 elements; a single row (or the flattened array) of 2**31
elements or more is not supported."""
import math
import operator
from collections import namedtuple

from cunp import _core
from cunp._creation._basic import asarray

__all__ = [
    "sort", "argsort", "sort_complex", "searchsorted", "unique", "unique_all", "unique_counts",
    "unique_inverse", "unique_values",
]


def _kind(kind, stable, order):
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")
    if stable is not None:
        if kind is not None:
            raise ValueError("`kind` and `stable` parameters can't be provided at the same time. "
                             "Use only one of them.")
        return "stable" if stable else None
    return kind


def _argsort_axis(axis):
    """argsort reads its axis before kind, stable and order (the range is checked later): a
    bool is refused outright, anything else must be an integer (a tuple is a TypeError)."""
    if axis is None:
        return None
    if isinstance(axis, bool):
        raise TypeError("an integer is required for the axis")
    return operator.index(axis)


def sort(a, axis=-1, kind=None, order=None, *, stable=None, descending=False):
    """A sorted copy of `a` along `axis` (the flattened array when axis is None); with
    descending=True the largest come first and NaNs stay last, as in NumPy 2.5."""
    if axis is not None:
        operator.index(axis)  # NumPy reads the axis before the other arguments
    kind = _kind(kind, stable, order)
    if not descending:
        return _core.sorting.sort(a, axis, kind)
    a = asarray(a)
    if _negates_exactly(a.dtype):  # -x ascending is x descending with its NaNs still last
        r = _core.sorting.sort(-a, axis, kind)
        return _negate_inplace(r)
    # a new array laid out as the ascending one, not a reversed view of it
    return _flip_along(_core.sorting.sort(a, axis, kind), axis).copy(order="K")


def argsort(a, axis=-1, kind=None, order=None, *, stable=None, descending=False):
    """The int64 indices that sort `a` along `axis`; equal elements keep their order (also
    with descending=True, where NaNs stay last)."""
    axis = _argsort_axis(axis)
    kind = _kind(kind, stable, order)
    if not descending:
        return _core.sorting.argsort(a, axis, kind)
    a = asarray(a)
    if _negates_exactly(a.dtype):
        return _core.sorting.argsort(-a, axis, kind)
    # Sorting the reversed input keeps equal elements in reverse order; reversing the result
    # and mirroring the indices gives them back in their original order.
    if axis is None:
        a, axis = a.ravel(), 0
    n = a.shape[axis] if a.ndim else 1
    return (n - 1) - _flip_along(_core.sorting.argsort(_flip_along(a, axis), axis, kind), axis)


def sort_inplace(a, axis=-1, kind=None, order=None, *, stable=None, descending=False):
    """ndarray.sort: `a` sorted in place along `axis`."""
    kind = _kind(kind, stable, order)
    if not descending:
        _core.sorting.sort_inplace(a, axis, kind)
    elif _negates_exactly(a.dtype):
        _negate_inplace(a)
        try:
            _core.sorting.sort_inplace(a, axis, kind)
        finally:  # also when the sort refuses (a bad axis): the values come back either way
            _negate_inplace(a)
    else:
        _core.sorting.sort_inplace(a, axis, kind)
        a[...] = _flip_along(a, axis).copy()


def _negate_inplace(x):
    import cunp
    return cunp.negative(x, out=x)


def _negates_exactly(dtype):
    """Floats and complex numbers (NaN has no order to reverse; negation loses nothing)."""
    return dtype.kind in "fc"


def _flip_along(x, axis):
    from cunp._manipulation._shapes import flip

    return flip(x, None if axis is None else axis) if x.ndim else x


def sort_complex(a):
    """`a` sorted (real part first, then imaginary), as a complex array."""
    b = sort(a)
    if b.dtype.kind == "c":
        return b
    return b.astype("F" if b.dtype.char in "bhBH" else "D")


def searchsorted(a, v, side="left", sorter=None):
    """Indices where the elements of `v` would be inserted into the sorted 1-d `a` to keep it
    sorted (side='left': before equal elements, 'right': after). `sorter` (integer indices
    that sort `a`) is not checked for entries out of range."""
    if not isinstance(side, str):
        raise ValueError(f"search side must be 'left' or 'right' (got {side!r})")
    if type(v) is int and not _INT_LOW <= v < _INT_HIGH:
        v, side = _past_integer_types(asarray(a), v, side)
    return _core.sorting.searchsorted(a, v, side, sorter)


_INT_LOW, _INT_HIGH = -(2**63), 2**64  # the Python ints a NumPy integer type holds


def _past_integer_types(a, v, side):
    """(value, side) that search `a` as NumPy searches a Python int no integer type holds.

    NumPy makes such a value an object array and compares it with each element in Python, so
    the search is exact: past every bool and integer element, and among floats wherever the
    exact comparison puts it. That is one float of a's precision, the one next to v, searched
    on the side that keeps the elements on v's side of it. Complex and other elements do not
    compare with an int (TypeError), unless there is none to compare."""
    import numpy

    kind = a.dtype.kind
    if kind in "biu":
        return (math.inf if v > 0 else -math.inf), side
    if kind != "f":
        if a.size:
            name = "complex" if kind == "c" else a.dtype.type.__name__
            raise TypeError(f"'<' not supported between instances of '{name}' and 'int'")
        return 0, side
    try:
        near = float(v)
    except OverflowError:
        near = math.inf if v > 0 else -math.inf
    with numpy.errstate(over="ignore"):
        near = float(a.dtype.type(near))  # v's neighbour in a's precision (exact in a double)
    if math.isinf(near):  # v is past every finite element and short of the infinity
        return near, "left" if v > 0 else "right"
    if int(near) > v:  # v just below it: the elements below v are those below it
        return near, "left"
    if int(near) < v:  # v just above it: the elements below v are those up to it
        return near, "right"
    return near, side


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):
    """The sorted unique elements of the flattened `ar` and, on request, the indices of their
    first occurrences, the inverse (ar's shape) and the counts. equal_nan=True returns one NaN
    for all of them. With `axis`, the unique subarrays along it (rows compared as a whole, in
    lexicographic order; rows holding NaN are never equal, as in NumPy)."""
    if axis is not None:
        import numpy

        ndim = numpy.ndim(ar)
        if isinstance(axis, (tuple, list)):
            # NumPy hands axis to moveaxis(ar, axis, 0), which checks each entry (AxisError),
            # repeats and the count against its one destination (ValueError); a sequence that
            # passes fails later as an index (TypeError).
            from numpy.lib.array_utils import normalize_axis_tuple

            if len(normalize_axis_tuple(axis, ndim, "source")) != 1:
                raise ValueError("`source` and `destination` arguments must have the same "
                                 "number of elements")
            raise TypeError(f"axis must be an integer, not {type(axis).__name__}")
        axis = _core.axes.normalize_axis(axis, ndim)
        ar = asarray(ar)
    if axis is not None and ar.ndim > 1:
        values, index, inverse, counts = _unique_rows(ar, axis, return_inverse or return_index)
    else:
        values, index, inverse, counts = _core.sorting.unique(
            ar, return_index=bool(return_index), return_inverse=bool(return_inverse),
            return_counts=bool(return_counts), equal_nan=bool(equal_nan))
    extra = [r for r, asked in ((index, return_index), (inverse, return_inverse),
                                (counts, return_counts)) if asked]
    return (values, *extra) if extra else values


def _unique_rows(ar, axis, need_order):
    """unique along `axis`: the subarrays flattened to rows, sorted lexicographically (stable
    passes of argsort from the last column to the first), and a row starts a run where it
    differs from the one before. Returns (values, index, inverse, counts); inverse is 1-d."""
    import cunp as cp

    moved = cp.moveaxis(ar, axis, 0)
    n = moved.shape[0]
    width = 1
    for e in moved.shape[1:]:
        width *= e
    rows = moved.reshape(n, width)  # not -1: n may be 0
    order = cp.arange(n, dtype=cp.int64)
    for c in range(rows.shape[1] - 1, -1, -1):
        order = order[cp.argsort(rows[:, c][order], kind="stable")]
    rows = rows[order]
    starts = cp.ones(n, dtype=cp.bool_)
    if n > 1 and rows.shape[1] > 0:
        starts[1:] = cp.any(rows[1:] != rows[:-1], axis=1)
    elif n > 1:
        starts[1:] = False
    first = cp.flatnonzero(starts)
    values = cp.moveaxis(moved[order[first]], 0, axis)
    inverse = None
    if need_order:
        inverse = cp.empty(n, dtype=cp.int64)
        inverse[order] = cp.cumsum(starts) - 1
    counts = cp.diff(cp.concatenate((first, cp.full(1, n, dtype=cp.int64))))
    return values, order[first], inverse, counts


UniqueAllResult = namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])


UniqueCountsResult = namedtuple("UniqueCountsResult", ["values", "counts"])


UniqueInverseResult = namedtuple("UniqueInverseResult", ["values", "inverse_indices"])


# The array API functions count each NaN apart (equal_nan=False), as NumPy's do.
def unique_all(x):
    """Unique values with first indices, inverse indices (x's shape) and counts."""
    values, index, inverse, counts = _core.sorting.unique(
        x, return_index=True, return_inverse=True, return_counts=True)
    return UniqueAllResult(values, index, inverse, counts)


def unique_counts(x):
    """Unique values and their counts."""
    values, _, _, counts = _core.sorting.unique(x, return_counts=True)
    return UniqueCountsResult(values, counts)


def unique_inverse(x):
    """Unique values and the inverse indices (x's shape)."""
    values, _, inverse, _ = _core.sorting.unique(x, return_inverse=True)
    return UniqueInverseResult(values, inverse)


def unique_values(x):
    """The unique values (sorted)."""
    return _core.sorting.unique(x)[0]
