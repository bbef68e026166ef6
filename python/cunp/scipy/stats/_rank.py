"""rankdata and mode from one sort along the axis: ties are runs of equal sorted values, and
each run's start and end come from running max/min scans over the run boundaries."""

import cunp as cp
from cunp.scipy.stats._axis import Sample, float_dtype
from cunp.scipy.stats._results import ModeResult

_METHODS = ("average", "min", "max", "dense", "ordinal")


def _runs(s):
    """For sorted s (..., n): (start, end, first) where start/end are the positions where each
    element's run of equal values begins/ends and first marks run starts."""
    n = s.shape[-1]
    pos = cp.broadcast_to(cp.arange(n), s.shape)
    first = cp.ones(s.shape, dtype=bool)
    last = cp.ones(s.shape, dtype=bool)
    if n > 1:
        diff = s[..., 1:] != s[..., :-1]
        first[..., 1:] = diff
        last[..., :-1] = diff
    start = cp.maximum.accumulate(cp.where(first, pos, 0), axis=-1)
    end = cp.flip(cp.minimum.accumulate(cp.flip(cp.where(last, pos, n - 1), axis=-1),
                                        axis=-1), axis=-1)
    return start, end, first


def rankdata(a, method="average", *, axis=None, nan_policy="propagate"):
    """Ranks from 1 of the values along axis (ties by method); a sample holding NaN ranks as
    all NaN under nan_policy='propagate'; under 'omit' the NaNs rank as NaN and the other
    values are ranked among themselves."""
    if method not in _METHODS:
        raise ValueError('unknown method "{0}"'.format(method))
    a = cp.asarray(a)
    if nan_policy not in ("propagate", "omit", "raise"):
        raise ValueError("nan_policy must be one of {'propagate', 'omit', 'raise'}")
    s = Sample(a, axis, "propagate", cast=False)
    x = s.a
    has_nan = None
    if x.dtype.kind in "fc":
        nan = cp.isnan(x)
        if nan_policy == "raise" and bool(nan.any()):
            raise ValueError("The input contains nan values")
        # NaNs sort last and each is a run of its own, so the ranks of the other values are
        # already their ranks among the non-NaN ones: 'omit' only blanks the NaNs' own ranks.
        has_nan = nan if nan_policy == "omit" else nan.any(axis=-1, keepdims=True)
    # Ranks are float64 for every method, as SciPy 1.18 returns them.
    if x.shape[-1] == 0:
        r = cp.empty(x.shape, dtype=cp.float64)
    else:
        order = cp.argsort(x, axis=-1, kind="stable")
        srt = cp.take_along_axis(x, order, axis=-1)
        start, end, first = _runs(srt)
        if method == "ordinal":
            val = cp.broadcast_to(cp.arange(1, x.shape[-1] + 1), x.shape)
        elif method == "min":
            val = start + 1
        elif method == "max":
            val = end + 1
        elif method == "dense":
            val = cp.cumsum(first, axis=-1)
        else:
            val = (start + end) * 0.5 + 1
        val = val.astype(cp.float64)
        r = cp.empty(x.shape, dtype=val.dtype)
        cp.put_along_axis(r, order, val, axis=-1)
    if has_nan is not None:
        r = cp.where(has_nan, cp.nan, r.astype(cp.float64))
    if axis is None:
        return r  # the ranks of the raveled input, as SciPy
    return cp.moveaxis(r, -1, s.axis)


def _mode_dtypes(m, c, x, keepdims):
    """The dtypes SciPy 1.18 gives mode: counts in int64, except a 0-d result (no keepdims) of
    a sample left empty, whose count takes the mode's NaN dtype; once NaNs were omitted, slices
    of unequal length come back stacked as float64 modes."""
    left = x.shape[-1] if x.size == 0 else (~cp.isnan(x)).sum(axis=-1)
    if m.ndim == 0 and not keepdims and int(left) == 0:
        return m, c.astype(m.dtype)
    if x.ndim > 1 and x.size and bool(cp.isnan(x).any()) and bool((left > 0).any()):
        return m.astype(cp.float64), c
    return m, c


def mode(a, axis=0, nan_policy="propagate", keepdims=False):
    """ModeResult(mode, count): the most frequent value along axis (the smallest of those
    tied) and how often it occurs."""
    a = cp.asarray(a)
    if a.dtype.kind not in "biuf":
        raise TypeError("Argument `a` is not recognized as numeric.")
    s = Sample(a, axis, nan_policy, cast=False)
    x = s.a
    if x.size == 0:
        # Empty input: NaN and a count of 0 per sample, in the floating dtype SciPy gives.
        m = cp.full(x.shape[:-1], cp.nan, dtype=float_dtype(x.dtype))
        c = cp.zeros(x.shape[:-1], dtype=cp.int64)
    else:
        srt = cp.sort(x, axis=-1)
        start, _, _ = _runs(srt)
        counts = cp.arange(x.shape[-1]) - start + 1
        if s.mask is not None:
            # NaNs sort last: counting them as 0 leaves the modes of the other values, and an
            # all-NaN slice keeps count 0 with its first sorted value, NaN, as the mode.
            counts = cp.where(cp.isnan(srt), 0, counts)
        at = cp.argmax(counts, axis=-1)[..., None]
        m = cp.take_along_axis(srt, at, axis=-1)[..., 0]
        c = cp.take_along_axis(counts, at, axis=-1)[..., 0].astype(cp.int64)
    if s.mask is not None or x.size == 0:
        m, c = _mode_dtypes(m, c, x, keepdims)
    if keepdims:
        m, c = s.out(m, True), s.out(c, True)
    return ModeResult(m, c)
