"""Means and trimmed statistics: gmean, hmean, pmean, trim_mean, tmean, tvar, tstd, tmin,
tmax, tsem and iqr, as compositions of cunp reductions, sorts and percentiles."""
import numpy

import cunp as cp
from cunp.scipy.stats._axis import Sample, float_dtype


def _weighted_mean(s, x, weights):
    if weights is None:
        return s.sum(x) / s.count()
    w = cp.moveaxis(cp.broadcast_to(cp.asarray(weights), s.a.shape if s.ndim == 1 else
                                    cp.moveaxis(s.a, -1, s.axis).shape), s.axis, -1)
    w = w.astype(x.dtype, copy=False)
    return s.sum(x * w) / s.sum(w)


def _sample(a, axis, dtype, nan_policy):
    a = cp.asarray(a)
    if dtype is not None:
        a = a.astype(dtype)
    return Sample(a, axis, nan_policy)


def gmean(a, axis=0, dtype=None, weights=None, *, nan_policy="propagate", keepdims=False):
    """exp of the (weighted) mean of log(a)."""
    s = _sample(a, axis, dtype, nan_policy)
    with numpy.errstate(divide="ignore", invalid="ignore"):
        r = cp.exp(_weighted_mean(s, cp.log(s.a), weights))
    return s.out(r, keepdims)


def hmean(a, axis=0, dtype=None, *, weights=None, nan_policy="propagate", keepdims=False):
    """The (weighted) harmonic mean; ValueError for negative values, 0 where one is 0."""
    s = _sample(a, axis, dtype, nan_policy)
    if bool((s.filled(0) < 0).any()):
        raise ValueError("Harmonic mean only defined if all elements greater than or equal "
                         "to zero")
    with numpy.errstate(divide="ignore"):
        r = 1.0 / _weighted_mean(s, 1.0 / s.a, weights)
    return s.out(r, keepdims)


def pmean(a, p, *, axis=0, dtype=None, weights=None, nan_policy="propagate",
          keepdims=False):
    """The (weighted) power mean (mean(a**p))**(1/p); gmean for p == 0."""
    if not isinstance(p, (int, float, numpy.integer, numpy.floating)) or isinstance(p, bool):
        raise ValueError("Power mean only defined for exponent of type int or float.")
    if p == 0:
        return gmean(a, axis=axis, dtype=dtype, weights=weights, nan_policy=nan_policy,
                     keepdims=keepdims)
    s = _sample(a, axis, dtype, nan_policy)
    if bool((s.filled(0) < 0).any()):
        raise ValueError("Power mean only defined if all elements greater than or equal to "
                         "zero")
    with numpy.errstate(divide="ignore"):
        r = _weighted_mean(s, s.a ** float(p), weights) ** (1.0 / p)
    return s.out(r, keepdims)


def trim_mean(a, proportiontocut, axis=0, *, nan_policy="propagate", keepdims=False):
    """The mean after cutting int(proportiontocut * n) values from each end of the sorted
    sample."""
    a = cp.asarray(a)
    s = Sample(a, axis, nan_policy, cast=False)
    if s.n_total == 0:
        # SciPy gives each empty sample NaN (in its floating dtype) before any other check.
        return s.out(cp.full(s.a.shape[:-1], cp.nan, dtype=float_dtype(a.dtype)), keepdims)
    if s.mask is not None:
        return s.out(_omitted_trim_mean(s.a, proportiontocut), keepdims)
    n = s.n_total
    lo = int(proportiontocut * n)
    hi = n - lo
    if lo >= hi:
        raise ValueError("Proportion too big.")
    srt = cp.sort(s.a, axis=-1)
    r = srt[..., lo:hi].astype(float_dtype(a.dtype)).mean(axis=-1)
    if srt.dtype.kind in "fc":
        # NaNs sort last, where trimming could cut them: a sample holding one is NaN.
        r = cp.where(cp.isnan(srt[..., -1]), cp.nan, r).astype(r.dtype, copy=False)
    return s.out(r, keepdims)


def _omitted_trim_mean(x, proportiontocut):
    """trim_mean of each slice of x (..., n) without its NaNs: NaNs sort last, so slice i
    keeps the sorted positions [lo_i, n_i - lo_i) with n_i its non-NaN count."""
    dt = float_dtype(x.dtype)
    n = (~cp.isnan(x)).sum(axis=-1, keepdims=True)
    # int(p * n) as SciPy takes it, in float64 for every slice at once.
    lo = cp.floor(proportiontocut * n.astype(cp.float64)).astype(n.dtype)
    hi = n - lo
    # SciPy gives an empty slice NaN before checking the proportion.
    if bool(((lo >= hi) & (n > 0)).any()):
        raise ValueError("Proportion too big.")
    srt = cp.sort(x, axis=-1)
    pos = cp.arange(x.shape[-1])
    keep = (pos >= lo) & (pos < hi)
    total = cp.where(keep, srt, 0).astype(dt).sum(axis=-1)
    with numpy.errstate(invalid="ignore", divide="ignore"):
        return (total / (hi - lo)[..., 0]).astype(dt)


def _limits_mask(s, limits, inclusive):
    keep = cp.ones(s.a.shape, dtype=bool) if s.mask is None else s.mask
    if limits is None:
        return keep
    lower, upper = limits
    lo_inc, hi_inc = inclusive
    if lower is not None:
        keep = keep & ((s.a >= lower) if lo_inc else (s.a > lower))
    if upper is not None:
        keep = keep & ((s.a <= upper) if hi_inc else (s.a < upper))
    return keep


def _trimmed(a, limits, inclusive, axis, nan_policy):
    s = Sample(a, axis, nan_policy)
    s.mask = _limits_mask(s, limits, inclusive)
    if limits is not None and not bool(s.mask.any()):
        raise ValueError("No array values within given limits")
    return s


def tmean(a, limits=None, inclusive=(True, True), axis=None, *, nan_policy="propagate",
          keepdims=False):
    """The mean of the values within limits."""
    s = _trimmed(a, limits, inclusive, axis, nan_policy)
    return s.out(s.mean(), keepdims)


def tvar(a, limits=None, inclusive=(True, True), axis=0, ddof=1, *, nan_policy="propagate",
         keepdims=False):
    """The variance (ddof) of the values within limits."""
    s = _trimmed(a, limits, inclusive, axis, nan_policy)
    n = s.count()
    return s.out(s.central(2) * n / (n - ddof), keepdims)


def tstd(a, limits=None, inclusive=(True, True), axis=0, ddof=1, *, nan_policy="propagate",
         keepdims=False):
    """The standard deviation (ddof) of the values within limits."""
    return cp.sqrt(tvar(a, limits, inclusive, axis, ddof, nan_policy=nan_policy,
                        keepdims=keepdims))


def tsem(a, limits=None, inclusive=(True, True), axis=0, ddof=1, *, nan_policy="propagate",
         keepdims=False):
    """The standard error of the mean of the values within limits."""
    s = _trimmed(a, limits, inclusive, axis, nan_policy)
    n = s.count()
    return s.out(cp.sqrt(s.central(2) * n / (n - ddof) / n), keepdims)


def _extreme(a, limit, axis, inclusive, nan_policy, keepdims, upper):
    s = Sample(a, axis, nan_policy, cast=False)
    keep = cp.ones(s.a.shape, dtype=bool) if s.mask is None else s.mask
    if limit is not None:
        keep = keep & ((s.a <= limit if inclusive else s.a < limit) if upper
                       else (s.a >= limit if inclusive else s.a > limit))
        if not bool(keep.any()):
            raise ValueError("No array values within given limits")
    if s.mask is None and limit is None:
        r = s.a.max(axis=-1) if upper else s.a.min(axis=-1)
        return s.out(r, keepdims)
    # Masked-out entries become NaN so the reduction skips them; rows with none left give NaN.
    f = s.a.astype(float_dtype(s.a.dtype), copy=False)
    masked = cp.where(keep, f, cp.nan)
    r = cp.nanmax(masked, axis=-1) if upper else cp.nanmin(masked, axis=-1)
    if s.a.dtype.kind in "iub" and bool(keep.any(axis=-1).all()):
        r = r.astype(s.a.dtype)
    return s.out(r, keepdims)


def tmin(a, lowerlimit=None, axis=0, inclusive=True, nan_policy="propagate", *,
         keepdims=False):
    """The minimum of the values at or above lowerlimit."""
    return _extreme(a, lowerlimit, axis, inclusive, nan_policy, keepdims, upper=False)


def tmax(a, upperlimit=None, axis=0, inclusive=True, nan_policy="propagate", *,
         keepdims=False):
    """The maximum of the values at or below upperlimit."""
    return _extreme(a, upperlimit, axis, inclusive, nan_policy, keepdims, upper=True)


_NORMAL_IQR = 1.3489795003921634  # 2 * sqrt(2) * erfinv(1/2): the IQR of the unit normal


def iqr(x, axis=None, rng=(25, 75), scale=1.0, nan_policy="propagate",
        interpolation="linear", keepdims=False):
    """The interquartile range: percentile rng[1] minus percentile rng[0], divided by scale
    ('normal' for the normal distribution's IQR)."""
    x = cp.asarray(x)
    if isinstance(scale, str):
        if scale.lower() != "normal":
            raise ValueError("%s not a valid scale for `iqr`" % scale)
        scale = _NORMAL_IQR
    if len(rng) != 2:
        raise TypeError("quantile range must be two element sequence")
    if numpy.isnan(rng).any():
        raise ValueError("range must not contain NaNs")
    rng = sorted(rng)
    if rng[0] < 0 or rng[1] > 100:
        raise ValueError("range must be within [0, 100]")
    if nan_policy not in ("propagate", "omit", "raise"):
        raise ValueError("nan_policy must be one of {'propagate', 'omit', 'raise'}")
    if x.size == 0:
        return cp.asarray(cp.nan)
    if nan_policy == "raise" and x.dtype.kind in "fc" and bool(cp.isnan(x).any()):
        raise ValueError("The input contains nan values")
    pct = cp.nanpercentile if nan_policy == "omit" else cp.percentile
    q = pct(x, [float(r) for r in rng], axis=axis, method=interpolation,
            keepdims=keepdims)
    return (q[1] - q[0]) / scale
