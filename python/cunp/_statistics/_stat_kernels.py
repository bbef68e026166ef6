# python/cunp/_statistics/_stat_kernels.py -- the one-launch statistics (mean, var/std, nansum, nanmean,
# nanvar/nanstd) for cunp._statistics._averages: thin callers of the C++ functions (cunp/ops/statistics/statistics.hpp).
"""Single-pass statistics kernels.

Each function here reads its input once, in one reduction launch, through the C++ statistics
table (src/ops/statistics/table.cpp): the map turns an element into a partial result, the fold
merges partials, and the post-map writes the statistic. var/std fold (n, mean, M2) triples and
merge them with Chan et al.'s parallel formula, which keeps the accuracy of a two-pass
variance (no cancellation of large sums of squares) while reading the data once.

Each function returns None when its arguments need the general composition in _statistics
(a where= mask, a dtype= or out= other than the natural one, mean=, ...); the C++ side makes
the dtype=, out= and ddof checks.
"""
from cunp import _core


def _op(kind, acc, ddof=0.0, root=False):
    """The engine op of one statistic folding in accumulator dtype `acc` (cached in C++)."""
    return _core.statistics.op(kind, acc, float(ddof), root)


def source(kind, in_dtype, out_dtypes, ddof=0.0, root=False, strategy=0, kept_ndim=0,
           reduced_ndim=1, vec=1):
    """The CUDA source of one statistic for these dtypes and layout (CPU tests compile it)."""
    return _core.statistics.source(kind, str(in_dtype), [str(d) for d in out_dtypes],
                                   float(ddof), root, strategy, kept_ndim, reduced_ndim, vec)


def _axes(arr, axis, nan=False):
    """The sorted axes to fold. The nan-functions (nan=True) take axis 0 or -1 on a 0-d array,
    as the ufunc reductions NumPy builds them from do; mean, var and std raise AxisError."""
    if axis is None:
        return list(range(arr.ndim))
    return sorted(_core.axes.normalize_axes(axis, arr.ndim, reduce_0d=nan))


def _usable(xp, arr, where):
    return where is True and xp.ndarray is _core.ndarray and type(arr) is _core.ndarray


def mean(xp, arr, axis, dtype, out, keepdims, where):
    """mean in one launch (sum and divide by the count in the post-map), or None."""
    if not _usable(xp, arr, where):
        return None
    return _core.statistics.mean(arr, axis, dtype, out, keepdims)


def var(xp, arr, axis, dtype, out, ddof, keepdims, where, mean, root):
    """var (root: std) in one pass over arr, or None."""
    if mean is not None or not _usable(xp, arr, where):
        return None
    return _core.statistics.var(arr, axis, dtype, out, ddof, keepdims, root)


def nansum(xp, arr, axis, dtype, out, keepdims, where):
    """nansum of a float/complex array in one launch (NaN maps to 0), or None."""
    if dtype is not None or not _usable(xp, arr, where):
        return None
    return _core.statistics.nansum(arr, axis, out, keepdims)


def nanmean(xp, arr, axis, dtype, out, keepdims, where):
    """(mean, empty) of a float/complex array's non-NaN elements in one launch, or None;
    `empty` is a bool array (True where a slice had no value), for the caller's warning."""
    if dtype is not None or not _usable(xp, arr, where):
        return None
    return _core.statistics.nanmean(arr, axis, out, keepdims)


def nanvar(xp, arr, axis, dtype, out, ddof, keepdims, where, mean, root):
    """(nanvar or nanstd, bad) in one pass, or None; `bad` flags slices with n - ddof <= 0."""
    if dtype is not None or not _usable(xp, arr, where):
        return None
    return _core.statistics.nanvar(arr, axis, out, ddof, keepdims, root)
