"""Moment statistics as compositions of cunp reductions: moment, skew, kurtosis, describe,
variation, sem, zscore, zmap."""
import numpy

import cunp as cp
from cunp.scipy.stats._axis import Sample
from cunp.scipy.stats._results import DescribeResult


def _nearly_constant(s, m2):
    # SciPy's test for a sample whose spread is lost to rounding: m2 below (eps * mean)^2.
    eps = numpy.finfo(m2.dtype).eps
    return m2 <= (eps * s.mean()) ** 2


def moment(a, order=1, axis=0, nan_policy="propagate", *, center=None, keepdims=False):
    """The order-th central moment (about `center` when given) along axis; order may be a
    sequence (results stacked on a new first axis)."""
    s = Sample(a, axis, nan_policy)
    orders = numpy.asarray(order)
    if orders.ndim > 1:
        raise ValueError("order must be a scalar or a 1-D array")
    if orders.dtype.kind not in "iu" and not numpy.all(numpy.floor(orders) == orders):
        raise ValueError("All elements of `order` must be integral.")

    def one(k):
        k = int(k)
        if k == 0:
            r = cp.ones(s.a.shape[:-1], dtype=s.a.dtype)
        elif k == 1 and center is None:
            r = cp.zeros(s.a.shape[:-1], dtype=s.a.dtype)
            if s.n_total == 0:
                r = r * cp.nan
        else:
            r = s.central(k, center)
        return s.out(r.astype(s.a.dtype, copy=False), keepdims)

    if orders.ndim == 0:
        return one(orders)
    return cp.stack([one(k) for k in orders])


def skew(a, axis=0, bias=True, nan_policy="propagate", *, keepdims=False):
    """The sample skewness m3 / m2^1.5 (the adjusted Fisher-Pearson coefficient when bias is
    False); NaN for a constant sample."""
    s = Sample(a, axis, nan_policy)
    n = s.count()
    m2 = s.central(2)
    m3 = s.central(3)
    with numpy.errstate(all="ignore"):
        g1 = m3 / m2 ** 1.5
    g1 = cp.where(_nearly_constant(s, m2), cp.nan, g1)
    if not bias:
        n = cp.asarray(n, dtype=s.a.dtype)
        adj = cp.sqrt(cp.maximum(n * (n - 1), 0)) / (n - 2)
        g1 = cp.where((n > 2) & ~_nearly_constant(s, m2), g1 * adj, g1)
    return s.out(g1.astype(s.a.dtype, copy=False), keepdims)


def kurtosis(a, axis=0, fisher=True, bias=True, nan_policy="propagate", *, keepdims=False):
    """The sample kurtosis m4 / m2^2 (minus 3 when fisher; the unbiased k-statistic form when
    bias is False); NaN for a constant sample."""
    s = Sample(a, axis, nan_policy)
    n = s.count()
    m2 = s.central(2)
    m4 = s.central(4)
    g2 = m4 / m2 ** 2
    g2 = cp.where(_nearly_constant(s, m2), cp.nan, g2)
    if not bias:
        n = cp.asarray(n, dtype=s.a.dtype)
        unbiased = 1.0 / (n - 2) / (n - 3) * ((n * n - 1.0) * g2 - 3 * (n - 1.0) ** 2) + 3.0
        g2 = cp.where((n > 3) & ~_nearly_constant(s, m2), unbiased, g2)
    if fisher:
        g2 = g2 - 3
    return s.out(g2.astype(s.a.dtype, copy=False), keepdims)


def describe(a, axis=0, ddof=1, bias=True, nan_policy="propagate"):
    """DescribeResult(nobs, (min, max), mean, variance, skewness, kurtosis)."""
    s = Sample(a, axis, nan_policy)
    if s.n_total == 0:
        raise ValueError("The input must not be empty.")
    n = s.count()
    nobs = n if s.mask is None else n
    lo = (s.a if s.mask is None else cp.where(s.mask, s.a, cp.inf)).min(axis=-1)
    hi = (s.a if s.mask is None else cp.where(s.mask, s.a, -cp.inf)).max(axis=-1)
    mean = s.mean()
    var = s.central(2) * n / (n - ddof)
    return DescribeResult(nobs, (lo, hi), mean, var,
                          skew(a, axis, bias=bias, nan_policy=nan_policy),
                          kurtosis(a, axis, bias=bias, nan_policy=nan_policy))


def variation(a, axis=0, nan_policy="propagate", ddof=0, *, keepdims=False):
    """The coefficient of variation std(ddof) / mean."""
    s = Sample(a, axis, nan_policy)
    n = s.count()
    std = cp.sqrt(s.central(2) * n / (n - ddof)) if ddof else cp.sqrt(s.central(2))
    return s.out(std / s.mean(), keepdims)


def sem(a, axis=0, ddof=1, nan_policy="propagate", *, keepdims=False):
    """The standard error of the mean, std(ddof) / sqrt(n)."""
    s = Sample(a, axis, nan_policy)
    n = s.count()
    var = s.central(2) * n / (n - ddof)
    return s.out(cp.sqrt(var / n).astype(s.a.dtype, copy=False), keepdims)


def zmap(scores, compare, axis=0, ddof=0, nan_policy="propagate"):
    """(scores - mean(compare)) / std(compare, ddof) along axis (compare broadcast against
    scores); NaN where compare is constant."""
    scores = cp.asarray(scores)
    c = Sample(compare, axis, nan_policy)
    n = c.count()
    mean = c.mean()
    std = cp.sqrt(c.central(2) * n / (n - ddof))
    if c.n_total:
        lo = (c.a if c.mask is None else cp.where(c.mask, c.a, cp.inf)).min(axis=-1)
        hi = (c.a if c.mask is None else cp.where(c.mask, c.a, -cp.inf)).max(axis=-1)
        const = lo == hi
    else:
        const = cp.zeros(mean.shape, dtype=bool)
    std = cp.where(const, cp.nan, std)
    dt = c.a.dtype if scores.dtype.kind not in "fc" else numpy.result_type(scores.dtype,
                                                                           c.a.dtype)
    if axis is None:
        z = (scores - mean) / std
        return z.astype(dt, copy=False)
    ax = c.axis
    z = (scores - cp.expand_dims(mean, ax)) / cp.expand_dims(std, ax)
    return z.astype(dt, copy=False)


def zscore(a, axis=0, ddof=0, nan_policy="propagate"):
    """(a - mean) / std along axis (NaN where the sample is constant); NaNs stay NaN under
    nan_policy='omit'."""
    return zmap(a, a, axis=axis, ddof=ddof, nan_policy=nan_policy)
