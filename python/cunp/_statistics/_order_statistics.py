# python/cunp/_statistics/_order_statistics.py -- order statistics: partition, argpartition, median,
# percentile, quantile and their NaN-skipping forms, on one core that reads items by their
# sorted position.
"""partition, argpartition, median, nanmedian, percentile, quantile, nanpercentile and
nanquantile.

Items are read by sorted position (NaNs last) in one of two ways: one long row of a bool,
integer or float dtype (the flattened array, or reduced axes that cover it) goes to the
selection engine (`_core.sorting.select_kth`: a radix select, a few passes over the data); several rows
(a reduction along some axes) are sorted row by row. The positions, the interpolation weights
and their dtypes are computed on the host with NumPy's formulas, from the row length (or, for
the nan* forms, the count of non-NaN items per row), then the values are gathered and
interpolated on the device. partition and argpartition of a long 1-d array order the items by
their class among the selected kth items (a one-digit stable radix sort) instead of sorting
them; along an axis of long rows at small kth, the rows' smallest are found among per-chunk
candidates (_partition_rows.py)."""
import operator
import warnings

import numpy

from cunp import _core
from cunp._statistics import _partition_rows

__all__ = [
    "partition", "argpartition", "median", "nanmedian", "percentile", "quantile",
    "nanpercentile", "nanquantile",
]

# Rows at least this long, of these dtype kinds, are read by selection rather than a sort.
_SELECT_MIN = 1 << 17
_SELECT_KINDS = "biuf"
_MAX_SELECT = 32  # ranks per selection (kMaxSelectRanks)


def _cunp():
    import cunp

    return cunp


def _host_view(a):
    """What the argument checks read of `a` (shape, dtype), without making a device array."""
    return a if isinstance(a, _core.ndarray) else numpy.asarray(a)


# --- reading items by sorted position ----------------------------------------------------------

def _selectable(size, dtype, ranks):
    """Whether one row of `size` items is read by selection at `ranks` (distinct positions)."""
    return size >= _SELECT_MIN and dtype.kind in _SELECT_KINDS and len(ranks) <= _MAX_SELECT


class _Ordered:
    """The items of each row of `rows` (shape kept + (n,)) by sorted position. Given the host
    positions that will be asked for (`ranks`), one long row is selected; otherwise the rows
    are sorted."""

    def __init__(self, rows, ranks=None, presorted=False):
        cp = _cunp()
        self.kept = rows.shape[:-1]
        self.ranks = None
        if presorted:
            self.sorted = rows
            return
        if ranks is not None:
            ranks = numpy.unique(numpy.asarray(ranks, dtype=numpy.int64))
            if not self.kept and _selectable(rows.size, rows.dtype, ranks):
                self.ranks = ranks
                self.values = _core.sorting.select_kth(rows, ranks.tolist())
                return
        self.sorted = cp.sort(rows, axis=-1)

    def at(self, idx):
        """The items at host positions `idx` (ints of any shape Q) of every row: Q + kept."""
        cp = _cunp()
        idx = numpy.asarray(idx, dtype=numpy.int64)
        if self.ranks is not None:
            return cp.take(self.values, cp.asarray(numpy.searchsorted(self.ranks, idx)))
        taken = cp.take(self.sorted, cp.asarray(idx), axis=-1)  # kept + Q
        if idx.ndim == 0 or not self.kept:
            return taken
        nk = len(self.kept)
        return cp.moveaxis(taken, tuple(range(nk, taken.ndim)), tuple(range(idx.ndim)))

    def at_rows(self, idx):
        """The items at host positions `idx` of shape Q + kept, one position per row."""
        cp = _cunp()
        idx = numpy.asarray(idx, dtype=numpy.int64)
        per_row = numpy.moveaxis(idx.reshape((-1,) + self.kept), 0, -1)  # kept + (Q,)
        got = cp.take_along_axis(self.sorted, cp.asarray(numpy.ascontiguousarray(per_row)),
                                 axis=-1)
        return cp.moveaxis(got, -1, 0).reshape(idx.shape)


def _reduced(a, axis):
    """`a` as rows (kept + (n,)), the reduced axes merged last, and keepdims' shape."""
    axes = tuple(range(a.ndim)) if axis is None else _core.axes.normalize_axes(axis, a.ndim)
    keep = [d for d in range(a.ndim) if d not in axes]
    kept = tuple(a.shape[d] for d in keep)
    n = 1
    for d in axes:
        n *= a.shape[d]
    rows = a.transpose(tuple(keep) + tuple(axes)).reshape(kept + (n,)) if a.ndim else a.reshape(1)
    kd_shape = tuple(1 if d in axes else a.shape[d] for d in range(a.ndim))
    return rows, kd_shape


def _finish(result, lead, kd_shape, keepdims, out):
    """The result reshaped for keepdims (`lead`: q's dims, in front) and written to `out`."""
    if keepdims:
        result = result.reshape(lead + kd_shape)
    if out is not None:
        out[...] = result
        return out
    if not result.flags.c_contiguous:
        # The items come out in the rows' order (q's dims moved in front); NumPy's result is a
        # new C-ordered array whatever the axis.
        result = _cunp().ascontiguousarray(result)
    return result


def _sort_in_place(a, axis, overwrite_input):
    """overwrite_input=True as NumPy's: `a` itself is reordered along `axis` (NumPy partitions
    it; a sort is one of the orders a partition may leave) when it is a writeable cunp array and
    `axis` is one axis, or None with `a` contiguous (NumPy then partitions a.ravel(), a view).
    Returns whether the rows are now sorted, so they need no second sort."""
    if not overwrite_input or not isinstance(a, _core.ndarray) or a.size == 0:
        return False
    if not a.flags.writeable or a.ndim == 0:
        return False
    if axis is None:
        if not a.flags.c_contiguous:
            return False
        a.reshape(-1).sort()
        return True
    try:
        axis = operator.index(axis)
    except TypeError:
        return False  # a tuple of axes: NumPy partitions a copy
    a.sort(axis=axis)
    return True


def _where_nan(flag, nan_value, result):
    """`result` with `nan_value` where `flag` (broadcast over q's leading dims)."""
    cp = _cunp()
    return cp.where(flag, nan_value, result).astype(result.dtype, copy=False)


# --- median -----------------------------------------------------------------------------------

def _middle_mean(lo, hi, odd):
    """mean() of the one or two middle items (NumPy's median takes that mean for its dtype)."""
    cp = _cunp()
    if odd is True:
        return cp.mean(lo[None], axis=0)
    two = cp.mean(cp.stack([lo, hi]), axis=0)
    if odd is False:
        return two
    return cp.where(odd, cp.mean(lo[None], axis=0), two)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """The median along `axis` (None: all axes; a tuple: those axes): the middle item, or the
    mean of the two middle items, in mean()'s dtype; NaN where a slice holds a NaN."""
    cp = _cunp()
    a = cp.asarray(a)
    presorted = _sort_in_place(a, axis, overwrite_input)
    rows, kd_shape = _reduced(a, axis)
    n = rows.shape[-1]
    if n == 0:
        result = cp.mean(rows, axis=-1)  # NaN with NumPy's warning
        return _finish(result, (), kd_shape, keepdims, out)
    nan_check = a.dtype.kind in "fc"
    ranks = [(n - 1) // 2, n // 2] + ([n - 1] if nan_check else [])
    ordered = _Ordered(rows, ranks, presorted)
    result = _middle_mean(ordered.at((n - 1) // 2), ordered.at(n // 2), n % 2 == 1)
    if nan_check:
        last = ordered.at(n - 1)
        result = _where_nan(cp.isnan(last), last, result)
    return _finish(result, (), kd_shape, keepdims, out)


def _warn_all_nan():
    warnings.warn("All-NaN slice encountered", RuntimeWarning, stacklevel=4)


def _valid_counts(rows):
    """The count of non-NaN items per row, on the host (NaNs sort last: the valid items lead)."""
    cp = _cunp()
    return numpy.asarray(cp.asnumpy(cp.count_nonzero(~cp.isnan(rows), axis=-1)))


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """The median ignoring NaNs; NaN with a RuntimeWarning for all-NaN slices."""
    cp = _cunp()
    a = cp.asarray(a)
    if a.size == 0:
        return cp.nanmean(a, axis, out=out, keepdims=keepdims)
    if a.dtype.kind not in "fc":
        return median(a, axis, out, overwrite_input, keepdims)
    # Complex NaNs (either part NaN) are skipped too, and sort last as real ones do.
    presorted = _sort_in_place(a, axis, overwrite_input)
    rows, kd_shape = _reduced(a, axis)
    m = _valid_counts(rows)
    if m.ndim == 0:
        if m == 0:
            _warn_all_nan()
            result = cp.full((), numpy.nan, dtype=a.dtype)
        else:
            ordered = _Ordered(rows, [(m - 1) // 2, m // 2], presorted)
            result = _middle_mean(ordered.at((m - 1) // 2), ordered.at(m // 2), bool(m % 2))
        return _finish(result, (), kd_shape, keepdims, out)
    if (m == 0).any():
        _warn_all_nan()
    ordered = _Ordered(rows, presorted=presorted)
    mm = numpy.maximum(m, 1)
    result = _middle_mean(ordered.at_rows((mm - 1) // 2), ordered.at_rows(mm // 2),
                          cp.asarray(mm % 2 == 1))
    result = _where_nan(cp.asarray(m == 0), numpy.nan, result)
    return _finish(result, (), kd_shape, keepdims, out)


# --- quantile methods (Hyndman and Fan; NumPy's names and formulas) ---------------------------

def _continuous(alpha, beta):
    return lambda n, q: n * q + (alpha + q * (1 - alpha - beta)) - 1


def _stepped(offset, lower_when):
    """A discontinuous method's position: floor(n q - 1 - offset), or the next position unless
    `lower_when(exact, floor)` (exact: no fraction), at least 0."""
    def position(n, q):
        v = numpy.asarray(n * q - 1 - offset)
        low = numpy.floor(v)
        pick = numpy.where(lower_when(v - low == 0, low), low, low + 1).astype(numpy.intp)
        return numpy.maximum(pick, 0)
    return position


def _same_gamma(gamma, _):
    return gamma


# name: (position(n, q) -> virtual index, fix_gamma(gamma, index) or None when the position is
# an index already)
_METHODS = {
    "inverted_cdf": (_stepped(0, lambda exact, low: exact), None),
    "averaged_inverted_cdf": (lambda n, q: n * q - 1,
                              lambda g, _: numpy.where(g == 0, 0.5, 1.0)),
    "closest_observation": (_stepped(0.5, lambda exact, low: exact & (low % 2 == 1)), None),
    "interpolated_inverted_cdf": (_continuous(0, 1), _same_gamma),
    "hazen": (_continuous(0.5, 0.5), _same_gamma),
    "weibull": (_continuous(0, 0), _same_gamma),
    "linear": (lambda n, q: (n - 1) * q, _same_gamma),
    "median_unbiased": (_continuous(1 / 3.0, 1 / 3.0), _same_gamma),
    "normal_unbiased": (_continuous(3 / 8.0, 3 / 8.0), _same_gamma),
    "lower": (lambda n, q: numpy.floor((n - 1) * q).astype(numpy.intp), None),
    "higher": (lambda n, q: numpy.ceil((n - 1) * q).astype(numpy.intp), None),
    "midpoint": (lambda n, q: 0.5 * (numpy.floor((n - 1) * q) + numpy.ceil((n - 1) * q)),
                 lambda g, v: numpy.where(v % 1 == 0, 0.0, 0.5)),
    "nearest": (lambda n, q: numpy.around((n - 1) * q).astype(numpy.intp), None),
}


def _method(method):
    try:
        return _METHODS[method]
    except (KeyError, TypeError):
        raise ValueError(f"{method!r} is not a valid method. Use one of: "
                         f"{_METHODS.keys()}") from None


def _plan(n, q, method):
    """Host positions and weights of `method` for row lengths `n` (an int, or an array of the
    kept shape) and quantiles q: (previous, next, gamma) of shape q.shape (+ kept), positions
    in [0, n) (the last item for NumPy's -1), gamma None when the positions are exact."""
    position, fix_gamma = _method(method)
    nb = n if numpy.ndim(n) == 0 else n[(None,) * q.ndim]
    qb = q if numpy.ndim(n) == 0 else q.reshape(q.shape + (1,) * numpy.ndim(n))
    v = numpy.asarray(position(nb, qb))
    last = numpy.maximum(numpy.asarray(nb) - 1, 0)
    if fix_gamma is None or (method == "linear" and v.dtype.kind in "iu"):
        return v, v, None
    prev = numpy.floor(v)
    nxt = prev + 1
    above = v >= nb - 1
    prev = numpy.where(above, -1, prev)
    nxt = numpy.where(above, -1, nxt)
    below = v < 0
    prev = numpy.where(below, 0, prev)
    nxt = numpy.where(below, 0, nxt)
    gamma = numpy.asarray(fix_gamma(numpy.asarray(v - prev), v), dtype=v.dtype)
    prev = numpy.where(prev < 0, last, prev).astype(numpy.intp)
    nxt = numpy.where(nxt < 0, last, nxt).astype(numpy.intp)
    return prev, nxt, gamma


def _lerp(lo, hi, gamma):
    """NumPy's interpolation: lo + (hi - lo) t, or hi - (hi - lo) (1 - t) from t = 0.5 on."""
    cp = _cunp()
    diff = hi - lo
    if isinstance(gamma, float):
        if gamma >= 0.5:
            return hi - diff * (1 - gamma)
        return lo + diff * gamma
    low = lo + diff * gamma
    high = (hi - diff * (1 - gamma)).astype(low.dtype, copy=False)
    return cp.where(gamma >= 0.5, high, low)


def _weak_gamma_dtype(dtype):
    """The dtype a weak Python float gives with `dtype` (NumPy's per-slice weak gamma)."""
    return numpy.result_type(dtype, 0.0)


def _interpolate(ordered, n, q, method, weak_q, dtype):
    """The quantiles of every row read through `ordered`, shape q.shape + kept."""
    cp = _cunp()
    prev, nxt, gamma = _plan(n, q, method)
    read = ordered.at if numpy.ndim(n) == 0 else ordered.at_rows
    lo = read(prev)
    if gamma is None:
        return lo
    hi = read(nxt)
    if weak_q and gamma.ndim == 0:
        return _lerp(lo, hi, float(gamma))
    if weak_q:
        gamma = gamma.astype(_weak_gamma_dtype(dtype))
    elif gamma.ndim < lo.ndim:
        gamma = gamma.reshape(gamma.shape + (1,) * (lo.ndim - gamma.ndim))
    return _lerp(lo, hi, cp.asarray(gamma))


def _positions(n, q, method):
    """Every host position `method` reads for rows of length n."""
    prev, nxt, _ = _plan(n, q, method)
    return numpy.concatenate([prev.ravel(), nxt.ravel()])


# --- quantile, percentile and their nan forms -------------------------------------------------

def _check_q(q, percent):
    weak_q = type(q) in (int, float)
    if isinstance(q, _core.ndarray):
        q = _cunp().asnumpy(q)
    q = numpy.true_divide(q, 100) if percent else numpy.asanyarray(q)
    if q.size and not (q.min() >= 0 and q.max() <= 1) or numpy.isnan(q).any():
        what = "Percentiles must be in the range [0, 100]" if percent else \
            "Quantiles must be in the range [0, 1]"
        raise ValueError(what)
    return q, weak_q


def _check_weights_shape(a, weights, axis, method):
    """The weights' checks that read shapes only (NumPy's errors); the normalised axes."""
    if method != "inverted_cdf":
        raise ValueError(f"Only method 'inverted_cdf' supports weights. Got: {method}.")
    if axis is not None:
        axis = numpy.lib.array_utils.normalize_axis_tuple(axis, a.ndim, argname="axis")
    shape = _host_view(weights).shape
    if shape != a.shape:
        if axis is None:
            raise TypeError("Axis must be specified when shapes of a and weights differ.")
        if shape != tuple(a.shape[ax] for ax in axis):
            raise ValueError("Shape of weights must be consistent with shape of a along "
                             "specified axis.")
    return axis


def _weights(a, weights, axis):
    """The weights broadcast to a's shape; ValueError for a negative weight."""
    cp = _cunp()
    w = cp.asarray(weights)
    if w.shape != a.shape:
        w = w.transpose(tuple(int(i) for i in numpy.argsort(axis))).reshape(
            tuple(s if d in axis else 1 for d, s in enumerate(a.shape)))
        w = cp.broadcast_to(w, a.shape)
    if bool((w < 0).any()):
        raise ValueError("Weights must be non-negative.")
    return w


def _weighted(rows, wrows, q):
    """inverted_cdf with weights: per row, the first sorted item whose normalised cumulative
    weight reaches q. Shape q.shape + kept."""
    cp = _cunp()
    n = rows.shape[-1]
    perm = cp.argsort(rows, axis=-1)
    values = cp.take_along_axis(rows, perm, axis=-1)
    cdf = cp.cumsum(cp.take_along_axis(wrows, perm, axis=-1), axis=-1, dtype=cp.float64)
    cdf = cdf / cdf[..., -1:]
    if bool(cp.isnan(cdf[..., -1]).any()):
        raise ValueError("Weights included NaN, inf or were all zero.")
    if q.dtype.kind == "f":
        cdf = cdf.astype(q.dtype)
    if bool((cdf[..., 0] == 0).any()):
        cdf = cp.where(cdf == 0, -1, cdf).astype(cdf.dtype)
    qs = cp.asarray(q.reshape(-1, 1))
    idx = cp.count_nonzero(cdf[..., None, :] < qs, axis=-1)  # kept + (q.size,)
    idx = cp.minimum(idx, n - 1)
    got = cp.moveaxis(cp.take_along_axis(values, idx, axis=-1), -1, 0)
    return got.reshape(q.shape + rows.shape[:-1]), values[..., -1]


def _quantile(a, q, axis, out, method, keepdims, weights, percent, skip_nan, overwrite_input):
    cp = _cunp()
    meta = _host_view(a)
    if meta.dtype.kind == "c":
        raise TypeError("a must be an array of real numbers")
    q, weak_q = _check_q(q, percent)
    if weights is not None:
        weight_axes = _check_weights_shape(meta, weights, axis, method)
    if q.ndim > 2:
        raise ValueError("q must be a scalar or 1d")
    _method(method)
    a = cp.asarray(a)
    w = None if weights is None else _weights(a, weights, weight_axes)
    if skip_nan and a.size == 0:
        return cp.nanmean(a, axis, out=out, keepdims=keepdims)
    # Weighted quantiles read the items with their weights: NumPy leaves `a` as it is there.
    presorted = w is None and _sort_in_place(a, axis, overwrite_input)
    rows, kd_shape = _reduced(a, axis)
    n = rows.shape[-1]
    if n == 0:
        raise IndexError("index -1 is out of bounds for axis 0 with size 0")
    nan_check = a.dtype.kind == "f"
    if w is not None:
        wrows, _ = _reduced(w, axis)
        if skip_nan and nan_check:
            # NaN items weigh nothing; all-NaN slices weigh their items alike and give NaN.
            nans = cp.isnan(rows)
            all_nan = cp.all(nans, axis=-1)
            if bool(all_nan.any()):
                _warn_all_nan()
            wrows = cp.where(nans, all_nan[..., None].astype(wrows.dtype), wrows)
        result, last = _weighted(rows, wrows, q)
        if nan_check:
            result = _where_nan(all_nan if skip_nan else cp.isnan(last), last, result)
        return _finish(result, q.shape, kd_shape, keepdims, out)
    if skip_nan and nan_check:
        m = _valid_counts(rows)
        if m.ndim == 0:
            if m == 0:
                _warn_all_nan()
                result = cp.full(q.shape, numpy.nan, dtype=a.dtype)
                return _finish(result, q.shape, kd_shape, keepdims, out)
            n_rows = int(m)
            ordered = _Ordered(rows, _positions(n_rows, q, method), presorted)
        else:
            if (m == 0).any():
                _warn_all_nan()
            n_rows = numpy.maximum(m, 1).astype(q.dtype if q.dtype.kind == "f" else numpy.intp)
            ordered = _Ordered(rows, presorted=presorted)
        result = _interpolate(ordered, n_rows, q, method, weak_q, a.dtype)
        if m.ndim:
            result = _where_nan(cp.asarray(m == 0), numpy.nan, result)
        return _finish(result, q.shape, kd_shape, keepdims, out)
    ranks = _positions(n, q, method)
    if nan_check:
        ranks = numpy.append(ranks, n - 1)
    ordered = _Ordered(rows, ranks, presorted)
    result = _interpolate(ordered, n, q, method, weak_q, a.dtype)
    if nan_check:
        last = ordered.at(n - 1)
        if result.ndim == 0 and out is None:
            last_is_nan = bool(cp.isnan(last))
            result = last if last_is_nan else result
        else:
            result = _where_nan(cp.isnan(last), last, result)
    return _finish(result, q.shape, kd_shape, keepdims, out)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
             keepdims=False, *, weights=None):
    """The q-th quantiles (q in [0, 1], any shape up to 2-d: the result's leading dims) along
    `axis`, by any of NumPy's methods; weights= with method='inverted_cdf'. NaN where a slice
    holds a NaN."""
    return _quantile(a, q, axis, out, method, keepdims, weights, False, False,
                     overwrite_input)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
               keepdims=False, *, weights=None):
    """The q-th percentiles (q in [0, 100]); see quantile."""
    return _quantile(a, q, axis, out, method, keepdims, weights, True, False,
                     overwrite_input)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                keepdims=False, *, weights=None):
    """quantile ignoring NaNs; NaN with a RuntimeWarning for all-NaN slices."""
    return _quantile(a, q, axis, out, method, keepdims, weights, False, True,
                     overwrite_input)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                  keepdims=False, *, weights=None):
    """percentile ignoring NaNs; NaN with a RuntimeWarning for all-NaN slices."""
    return _quantile(a, q, axis, out, method, keepdims, weights, True, True,
                     overwrite_input)


# --- partition and argpartition ---------------------------------------------------------------

def _kths(kth, n, empty=False):
    """kth as a list of non-negative ints (NumPy's ValueError when out of range, except for an
    empty array, where NumPy checks only that they are integers)."""
    if isinstance(kth, _core.ndarray):
        kth = _cunp().asnumpy(kth)
    kind = numpy.asarray(kth).dtype.kind  # () and [] are float64: refused, as NumPy does
    if kind == "b":
        raise ValueError("Booleans unacceptable as partition index")
    if kind not in "iu":
        raise TypeError("Partition index must be integer")
    items = [kth] if numpy.ndim(kth) == 0 else list(numpy.asarray(kth).ravel())
    out = []
    for k in items:
        k = operator.index(k)
        if empty:
            continue
        if not -n <= k < n:
            raise ValueError(f"kth(={k}) out of bounds ({n})")
        out.append(k + n if k < 0 else k)
    return out


def _partition_input(a, kth, axis, kind):
    """`a`, the normalised kth list and whether one row is partitioned by selection."""
    meta = _host_view(a)
    if kind != "introselect":
        raise ValueError(f"Unknown selectkind {kind!r}")
    # A 0-d array with an axis: normalize_axis raises NumPy's AxisError (argpartition reshapes
    # it to one item first, as NumPy does).
    if axis is None:
        n = meta.size
    else:
        n = meta.shape[_core.axes.normalize_axis(axis, meta.ndim)]
    kths = _kths(kth, n, meta.size == 0)
    one_row = axis is None or meta.ndim == 1
    select = one_row and _selectable(meta.size, meta.dtype, numpy.unique(kths))
    return _cunp().asarray(a), kths, select


def _class_order(a, kths):
    """The permutation that orders a's items by their class among the kth items."""
    cp = _cunp()
    classes = _core.sorting.select_classes(a.reshape(-1), sorted(set(kths)))
    return cp.argsort(classes, kind="stable")


def _rows_partition(a, kths, axis):
    """argpartition along `axis` of long rows at small kth by per-chunk candidates
    (_partition_rows), or None where a full sort of the rows is used."""
    cp = _cunp()
    if axis is None or a.ndim == 0:
        return None
    ax = _core.axes.normalize_axis(axis, a.ndim)
    n = a.shape[ax]
    if a.size == 0 or not _partition_rows.eligible(n, a.dtype, kths):
        return None
    moved = cp.moveaxis(a, ax, -1)
    idx = _partition_rows.argpartition_rows(cp, moved.reshape(-1, n), max(kths) + 1)
    return cp.ascontiguousarray(cp.moveaxis(idx.reshape(moved.shape), -1, ax))


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A copy with the kth item(s) in sorted position, smaller ones before and larger ones after
    (along an axis of several rows: the rows' smallest found by chunks at small kth, else a
    full sort)."""
    cp = _cunp()
    a, kths, select = _partition_input(a, kth, axis, kind)
    if select and order is None:
        return cp.take(a.reshape(-1), _class_order(a, kths))
    idx = _rows_partition(a, kths, axis) if order is None else None
    if idx is not None:
        # NumPy partitions a.copy(order='K') in place: the values keep that layout (the sort
        # below does the same).
        return _core.creation.in_keep_layout(cp.take_along_axis(a, idx, axis=axis), a)
    return cp.sort(a, axis=axis, order=order)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """Indices that partition `a` (see partition)."""
    cp = _cunp()
    if _host_view(a).ndim == 0:
        a = cp.asarray(a).reshape(1)  # NumPy's argpartition takes a 0-d array as one item
    a, kths, select = _partition_input(a, kth, axis, kind)
    if select and order is None:
        return _class_order(a, kths)
    idx = _rows_partition(a, kths, axis) if order is None else None
    if idx is not None:
        return idx
    return cp.argsort(a, axis=axis, order=order)
