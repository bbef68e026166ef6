"""pad: every NumPy mode, axis by axis on slices of the padded array (each axis's pads are
filled from the region already padded along the earlier axes, so corners follow NumPy)."""

from cunp import _core
from cunp._core import ndarray
from cunp._creation._basic import asarray

__all__ = ["pad"]

_MODE_KWARGS = {
    "empty": (), "edge": (), "wrap": (), "constant": ("constant_values",),
    "linear_ramp": ("end_values",), "maximum": ("stat_length",), "mean": ("stat_length",),
    "median": ("stat_length",), "minimum": ("stat_length",), "reflect": ("reflect_type",),
    "symmetric": ("reflect_type",),
}


def _numpy():
    import numpy

    return numpy


def _pairs(x, ndim, as_index=False):
    """x broadcast to one (before, after) pair per axis (NumPy's rules and errors); a cunp
    array's values are read back once."""
    np = _numpy()
    if x is None:
        return ((None, None),) * ndim
    x = np.array(x.get() if isinstance(x, ndarray) else x)
    if as_index:
        x = np.round(x).astype(np.intp, copy=False)
    if x.ndim < 3:
        if x.size == 1:
            x = x.ravel()
            if as_index and x < 0:
                raise ValueError("index can't contain negative values")
            return ((x[0].item(), x[0].item()),) * ndim
        if x.size == 2 and x.shape != (2, 1):
            x = x.ravel()
            if as_index and (x[0] < 0 or x[1] < 0):
                raise ValueError("index can't contain negative values")
            return ((x[0].item(), x[1].item()),) * ndim
    if as_index and x.min() < 0:
        raise ValueError("index can't contain negative values")
    return np.broadcast_to(x, (ndim, 2)).tolist()


def _at(axis, index, ndim):
    key = [slice(None)] * ndim
    key[axis] = index
    return tuple(key)


def _roi(padded, inner, axis):
    """The padded array with the axes after `axis` cut to the original area (their pads are
    filled later, from the full extent)."""
    return padded[(slice(None),) * (axis + 1) + inner[axis + 1:]]


def _fill(roi, axis, widths, values):
    before, after = widths
    n = roi.ndim
    roi[_at(axis, slice(None, before), n)] = values[0]
    roi[_at(axis, slice(roi.shape[axis] - after, None), n)] = values[1]


def _edges(roi, axis, widths):
    before, after = widths
    n = roi.ndim
    return (roi[_at(axis, slice(before, before + 1), n)],
            roi[_at(axis, slice(roi.shape[axis] - after - 1, roi.shape[axis] - after), n)])


def _ramps(roi, axis, widths, ends):
    from cunp import linspace

    edges = _edges(roi, axis, widths)
    left, right = (linspace(end, edge.squeeze(axis), width, endpoint=False, dtype=roi.dtype,
                            axis=axis) for end, edge, width in zip(ends, edges, widths))
    return left, right[_at(axis, slice(None, None, -1), roi.ndim)]


def _median(chunk, axis):
    import cunp

    sort = getattr(cunp, "sort", None)
    if sort is None:
        raise NotImplementedError("pad(mode='median') needs cunp.sort, which this build lacks")
    from cunp import isnan, where

    s = sort(chunk, axis=axis)
    if s.dtype.kind in "iub":
        s = s.astype("float64")  # NumPy's median of integers is a float64 mean
    n = s.shape[axis]
    lo, hi = (n - 1) // 2, n // 2
    mid = (s[_at(axis, slice(lo, lo + 1), s.ndim)] + s[_at(axis, slice(hi, hi + 1), s.ndim)])
    mid = mid / 2.0
    if s.dtype.kind in "fc":  # NaNs sort last: any NaN makes the median NaN
        last = s[_at(axis, slice(n - 1, n), s.ndim)]
        mid = where(isnan(last), last, mid)
    return mid


def _stat(chunk, axis, mode):
    if mode == "maximum":
        return chunk.max(axis=axis, keepdims=True)
    if mode == "minimum":
        return chunk.min(axis=axis, keepdims=True)
    if mode == "mean":
        return chunk.mean(axis=axis, keepdims=True)
    return _median(chunk, axis)


def _stats(roi, axis, widths, lengths, mode):
    from cunp import around

    lo = widths[0]
    hi = roi.shape[axis] - widths[1]
    most = hi - lo
    left, right = (most if ln is None or most < ln else ln for ln in lengths)
    if (left == 0 or right == 0) and mode in ("maximum", "minimum"):
        raise ValueError("stat_length of 0 yields no value for padding")

    def stat(start, stop):
        s = _stat(roi[_at(axis, slice(start, stop), roi.ndim)], axis, mode)
        if roi.dtype.kind in "iu" and s.dtype.kind in "fc":
            s = around(s)  # integer arrays take the rounded statistic, as in NumPy
        return s

    left_stat = stat(lo, lo + left)
    if left == right == most:
        return left_stat, left_stat
    return left_stat, stat(hi - right, hi)


def _reflect_step(roi, axis, widths, odd, period, include_edge):
    """Fills as much of the pads as one reflection of the filled area reaches; returns the
    widths still to fill."""
    before, after = widths
    n = roi.ndim
    old = roi.shape[axis] - before - after
    if include_edge:
        old = old // period * period
        offset = 1
    else:
        old = (old - 1) // (period - 1) * (period - 1)
        offset = 0
    if before > 0:
        k = min(old, before)
        chunk = roi[_at(axis, slice(before - offset + k, before - offset, -1), n)]
        if odd:
            chunk = 2 * roi[_at(axis, slice(before, before + 1), n)] - chunk
        roi[_at(axis, slice(before - k, before), n)] = chunk
        before -= k
    if after > 0:
        k = min(old, after)
        start = -after + offset - 2
        chunk = roi[_at(axis, slice(start, start - k, -1), n)]
        if odd:
            chunk = 2 * roi[_at(axis, slice(-after - 1, -after), n)] - chunk
        first = roi.shape[axis] - after
        roi[_at(axis, slice(first, first + k), n)] = chunk
        after -= k
    return before, after


def _wrap_step(roi, axis, widths, original):
    before, after = widths
    n = roi.ndim
    period = (roi.shape[axis] - before - after) // original * original
    new_before = new_after = 0
    if before > 0:
        end = before + period
        chunk = roi[_at(axis, slice(end - min(period, before), end), n)]
        if before > period:
            roi[_at(axis, slice(before - period, before), n)] = chunk
            new_before = before - period
        else:
            roi[_at(axis, slice(None, before), n)] = chunk
    if after > 0:
        start = -after - period
        chunk = roi[_at(axis, slice(start, start + min(period, after)), n)]
        if after > period:
            roi[_at(axis, slice(-after, -after + period), n)] = chunk
            new_after = after - period
        else:
            roi[_at(axis, slice(-after, None), n)] = chunk
    return new_before, new_after


def _pad_widths(pad_width, ndim):
    np = _numpy()
    if isinstance(pad_width, dict):
        seq = [(0, 0)] * ndim
        for axis, width in pad_width.items():
            seq[axis] = (width, width) if isinstance(width, int) else tuple(width)
        pad_width = seq
    pad_width = np.asarray(pad_width.get() if isinstance(pad_width, ndarray) else pad_width)
    if pad_width.dtype.kind != "i":
        raise TypeError("`pad_width` must be of integral type.")
    return [tuple(int(v) for v in p) for p in _pairs(pad_width, ndim, as_index=True)]


def pad(array, pad_width, mode="constant", **kwargs):
    """array padded by pad_width (an int, a (before, after) pair, one pair per axis or a dict
    of axes) with values chosen by `mode` (a name, or a function called on every 1-D vector
    along every axis, as NumPy's)."""
    array = asarray(array)
    widths = _pad_widths(pad_width, array.ndim)
    if not callable(mode):
        if mode not in _MODE_KWARGS:
            raise ValueError(f"mode '{mode}' is not supported")
        unsupported = set(kwargs) - set(_MODE_KWARGS[mode])
        if unsupported:
            raise ValueError(f"unsupported keyword arguments for mode '{mode}': {unsupported}")
    shape = tuple(s + b + a for s, (b, a) in zip(array.shape, widths))
    inner = tuple(slice(b, b + s) for s, (b, a) in zip(array.shape, widths))
    # Every mode but a callable writes every border element below, so only a callable's
    # array starts zeroed (as NumPy's does).
    # NumPy allocates F order for an F-contiguous (and not C-contiguous) input, else C.
    order = "F" if array.flags.f_contiguous and not array.flags.c_contiguous else "C"
    padded = (_core.zeros if callable(mode) else _core.empty)(shape, array.dtype, order)
    padded[inner] = array
    nd = padded.ndim
    if callable(mode):
        # One call per 1-D vector along each axis, on a view of the padded array (slow, as in
        # NumPy: meant for small arrays).
        import itertools

        from cunp._manipulation._shapes import moveaxis

        for axis in range(nd):
            view = moveaxis(padded, axis, -1)
            for index in itertools.product(*(range(s) for s in view.shape[:-1])):
                mode(view[index], widths[axis], axis, kwargs)
        return padded
    if mode == "empty":
        return padded
    if mode == "constant":
        values = _pairs(kwargs.get("constant_values", 0), nd)
        for axis in range(nd):
            _fill(_roi(padded, inner, axis), axis, widths[axis], values[axis])
        return padded
    if array.size == 0:
        for axis in range(nd):
            if array.shape[axis] == 0 and any(widths[axis]):
                raise ValueError(f"can't extend empty axis {axis} using modes other than "
                                 "'constant' or 'empty'")
        return padded
    if mode == "edge":
        for axis in range(nd):
            roi = _roi(padded, inner, axis)
            _fill(roi, axis, widths[axis], _edges(roi, axis, widths[axis]))
    elif mode == "linear_ramp":
        ends = _pairs(kwargs.get("end_values", 0), nd)
        for axis in range(nd):
            roi = _roi(padded, inner, axis)
            _fill(roi, axis, widths[axis], _ramps(roi, axis, widths[axis], ends[axis]))
    elif mode in ("maximum", "minimum", "mean", "median"):
        lengths = _pairs(kwargs.get("stat_length"), nd, as_index=True)
        for axis in range(nd):
            roi = _roi(padded, inner, axis)
            _fill(roi, axis, widths[axis], _stats(roi, axis, widths[axis], lengths[axis], mode))
    elif mode in ("reflect", "symmetric"):
        odd = kwargs.get("reflect_type", "even") == "odd"
        for axis in range(nd):
            before, after = widths[axis]
            if array.shape[axis] == 1 and (before or after):
                _fill(padded, axis, widths[axis], _edges(padded, axis, widths[axis]))
                continue
            roi = _roi(padded, inner, axis)
            while before > 0 or after > 0:
                before, after = _reflect_step(roi, axis, (before, after), odd,
                                              array.shape[axis], mode == "symmetric")
    else:  # wrap
        for axis in range(nd):
            before, after = widths[axis]
            roi = _roi(padded, inner, axis)
            while before > 0 or after > 0:
                before, after = _wrap_step(roi, axis, (before, after), array.shape[axis])
    return padded


