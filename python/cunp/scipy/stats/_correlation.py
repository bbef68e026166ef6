"""pearsonr and spearmanr: the statistic as cunp reductions, the p-value from the regularized
incomplete beta function of cunp.scipy.special (when that module provides betainc), or from a
permutation or Monte Carlo test (_resampling) for pearsonr's method=."""
import numpy

import cunp as cp
from cunp.scipy.stats import _resampling
from cunp.scipy.stats._axis import float_dtype
from cunp.scipy.stats._rank import rankdata
from cunp.scipy.stats._results import PearsonRResult, SignificanceResult

_ALTERNATIVES = ("two-sided", "less", "greater")


def _betainc():
    """special.betainc, or None while cunp.scipy.special lacks it (p-values are then NaN)."""
    try:
        from cunp.scipy import special
    except ImportError:
        return None
    return getattr(special, "betainc", None)


def _pvalue_from_r(r, n, alternative):
    """The p-value of Pearson's r for n samples under independence: r is Beta(n/2 - 1,
    n/2 - 1) distributed on [-1, 1]."""
    betainc = _betainc()
    if betainc is None:
        return cp.full(cp.shape(r), cp.nan, dtype=r.dtype)
    ab = n / 2.0 - 1
    if alternative == "two-sided":
        p = 2 * betainc(ab, ab, 0.5 * (1 - cp.abs(r)))
    elif alternative == "less":
        p = betainc(ab, ab, 0.5 * (1 + r))
    else:
        p = betainc(ab, ab, 0.5 * (1 - r))
    return cp.clip(p, 0, 1).astype(r.dtype, copy=False)


def _normalized(x, y):
    """x and y centred and scaled to unit norm along the last axis, and where either is
    constant (NaN there)."""
    xm = x - x.mean(axis=-1, keepdims=True)
    ym = y - y.mean(axis=-1, keepdims=True)
    with numpy.errstate(invalid="ignore", divide="ignore"):
        # Normalize first: the products of raw sums overflow for large values.
        xn = xm / cp.sqrt((xm * xm).sum(axis=-1, keepdims=True))
        yn = ym / cp.sqrt((ym * ym).sum(axis=-1, keepdims=True))
    const = (x.max(axis=-1) == x.min(axis=-1)) | (y.max(axis=-1) == y.min(axis=-1))
    return xn, yn, const


def _r_of_normalized(xn, yn, const):
    """Pearson's r of normalized samples: their dot product, NaN where constant, exactly +-1
    for two observations."""
    r = cp.clip((xn * yn).sum(axis=-1), -1.0, 1.0)
    r = cp.where(const, cp.nan, r)
    if xn.shape[-1] == 2:
        r = cp.round(r)
    return r.astype(xn.dtype, copy=False)


def _pearson_r(x, y):
    """Pearson's r along the last axis of x and y (broadcasting the others). The bootstrap
    calls it on whole batches of resamples (a resample axis before the last)."""
    return _r_of_normalized(*_normalized(x, y))


def pearsonr(x, y, *, alternative="two-sided", method=None, axis=0):
    """PearsonRResult(statistic, pvalue): Pearson's correlation of x and y along axis.
    method: None (the p-value from r's exact distribution under normality), or a
    PermutationMethod or MonteCarloMethod (these or SciPy's): the p-value of a permutation
    test (y's pairings with x; every permutation when n! <= n_resamples) or a Monte Carlo test
    (both samples drawn from method.rvs or method.rng's normal()), batches of resamples
    computed on the device as single array operations."""
    if alternative not in _ALTERNATIVES:
        raise ValueError("alternative must be 'less', 'greater' or 'two-sided'.")
    resampling = None if method is None else _resampling.kind(method)
    if method is not None and resampling not in ("PermutationMethod", "MonteCarloMethod"):
        raise ValueError("`method` must be an instance of `PermutationMethod`, "
                         "`MonteCarloMethod`, or None.")
    x = cp.asarray(x)
    y = cp.asarray(y)
    if x.dtype.kind == "c" or y.dtype.kind == "c":
        raise ValueError("This function does not support complex data")
    if axis is None:
        x, y, axis = x.reshape(-1), y.reshape(-1), -1
    if x.ndim == 0 or y.ndim == 0:
        raise ValueError("`x` and `y` must have length at least 2.")
    x = cp.moveaxis(x, axis, -1)
    y = cp.moveaxis(y, axis, -1)
    if x.shape[-1] != y.shape[-1]:
        raise ValueError("`x` and `y` must have the same length along `axis`.")
    n = x.shape[-1]
    if n < 2:
        raise ValueError("`x` and `y` must have length at least 2.")
    dt = numpy.result_type(float_dtype(x.dtype), float_dtype(y.dtype))
    x, y = cp.broadcast_arrays(x.astype(dt, copy=False), y.astype(dt, copy=False))
    xn, yn, const = _normalized(x, y)
    r = _r_of_normalized(xn, yn, const)
    if resampling == "PermutationMethod":
        # Permuting y keeps its mean and norm: each permutation's r is one dot product of the
        # permuted normalized y with x's, no per-resample centring.
        p = _resampling.permutation_pvalue(
            lambda yb: _r_of_normalized(xn[..., None, :], yb, const[..., None]), yn, r,
            alternative, method, dt)
    elif resampling == "MonteCarloMethod":
        p = _resampling.monte_carlo_pvalue(
            _pearson_r, (x, y), r, alternative, method, dt)
    elif n == 2:
        p = cp.ones_like(r)
    else:
        p = _pvalue_from_r(r, n, alternative)
    # A NaN statistic (a constant sample) has no p-value, resampled ones included (SciPy 1.18;
    # 1.17's resampling gave 0).
    p = cp.where(cp.isnan(r), cp.nan, p)
    return PearsonRResult(r, p, n, alternative, x, y)


def spearmanr(a, b=None, axis=0, nan_policy="propagate", alternative="two-sided"):
    """SignificanceResult(statistic, pvalue): Spearman's rank correlation, between a and b
    (1-D), or among the variables of 2-D a (columns when axis=0, rows when axis=1): a matrix of
    correlations, or one number for two variables."""
    if alternative not in _ALTERNATIVES:
        raise ValueError("alternative must be 'less', 'greater' or 'two-sided'.")
    if nan_policy not in ("propagate", "omit", "raise"):
        raise ValueError("nan_policy must be one of {'propagate', 'omit', 'raise'}")
    a = cp.asarray(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    if a.ndim > 2:
        raise ValueError("spearmanr only handles 1-D or 2-D arrays")
    if b is None:
        if a.ndim < 2:
            raise ValueError("`spearmanr` needs at least 2 variables to compare")
        data = a if axis == 0 else a.T
    else:
        b = cp.asarray(b)
        if axis is None:
            b = b.reshape(-1)
        if b.ndim > 2:
            raise ValueError("spearmanr only handles 1-D or 2-D arrays")
        av = a[:, None] if a.ndim == 1 else (a if axis == 0 else a.T)
        bv = b[:, None] if b.ndim == 1 else (b if axis == 0 else b.T)
        if av.shape[0] != bv.shape[0]:
            raise ValueError("The arrays must have the same number of observations.")
        data = cp.concatenate([av, bv], axis=1)
    n, k = data.shape
    if n <= 1:
        nan = cp.asarray(cp.nan)
        return SignificanceResult(nan, nan)
    # SciPy looks at the first two variables only: either one constant gives one NaN.
    first = data[:, :2]
    if bool((first == first[:1]).all(axis=0).any()):
        nan = cp.asarray(cp.nan)
        return SignificanceResult(nan, nan)
    if data.dtype.kind in "fc" and bool(cp.isnan(data).any()):
        if nan_policy == "raise":
            raise ValueError("The input contains nan values")
        if nan_policy == "omit":
            return _spearmanr_pairwise(data, alternative)
        nan = cp.full((k, k), cp.nan) if k > 2 else cp.asarray(cp.nan)
        return SignificanceResult(nan, nan)
    ranks = rankdata(data, axis=0)
    rm = ranks - ranks.mean(axis=0)
    cov = rm.T @ rm
    d = cp.sqrt(cp.diagonal(cov))
    with numpy.errstate(invalid="ignore", divide="ignore"):
        rs = cp.clip(cov / d[:, None] / d[None, :], -1.0, 1.0)
    idx = cp.arange(k)
    rs[idx, idx] = cp.where(d > 0, 1.0, cp.nan)
    p = _spearman_pvalue(rs, n, alternative)
    if k == 2:
        return SignificanceResult(rs[1, 0], p[1, 0])
    return SignificanceResult(rs, p)


def _spearmanr_pairwise(data, alternative):
    """spearmanr under nan_policy='omit', as SciPy's masked-array spearmanr: each pair of
    variables drops the observations where either is NaN or infinite, all pairs at once as
    rows of (pairs, n) arrays ranked with NaNs omitted. A pair with nothing but zeros left is
    NaN; one with a single observation left is an error; a constant variable correlates 0."""
    n, k = data.shape
    data = data.astype(cp.float64, copy=False)
    if k == 2:
        i, j = numpy.array([0]), numpy.array([1])
    else:
        i, j = numpy.triu_indices(k, 1)
    i, j = cp.asarray(i), cp.asarray(j)
    x, y = data[:, i].T, data[:, j].T
    valid = cp.isfinite(x) & cp.isfinite(y)
    m = valid.sum(axis=-1)
    zero = ~(valid & ((x != 0) | (y != 0))).any(axis=-1)
    if bool(((m < 2) & ~zero).any()):
        raise ValueError("The input must have at least 3 entries!")
    rx = rankdata(cp.where(valid, x, cp.nan), axis=-1, nan_policy="omit")
    ry = rankdata(cp.where(valid, y, cp.nan), axis=-1, nan_policy="omit")
    mf = m.astype(cp.float64)
    with numpy.errstate(invalid="ignore", divide="ignore"):
        dx = cp.where(valid, rx - (cp.where(valid, rx, 0).sum(axis=-1) / mf)[:, None], 0)
        dy = cp.where(valid, ry - (cp.where(valid, ry, 0).sum(axis=-1) / mf)[:, None], 0)
        vx, vy = (dx * dx).sum(axis=-1), (dy * dy).sum(axis=-1)
        r = cp.clip((dx * dy).sum(axis=-1) / cp.sqrt(vx * vy), -1.0, 1.0)
    # Masked correlations of a constant variable come back as 0 from SciPy's masked path.
    r = cp.where((vx == 0) | (vy == 0), 0.0, r)
    r = cp.where(zero, cp.nan, r)
    p = _spearman_pvalue(r, mf, alternative)
    # No degrees of freedom left (two observations): SciPy's t distribution gives NaN.
    p = cp.where(m <= 2, cp.nan, p)
    if k == 2:
        return SignificanceResult(r[0], p[0])
    rs = cp.ones((k, k), dtype=cp.float64)
    ps = cp.zeros((k, k), dtype=cp.float64)
    rs[i, j] = r
    rs[j, i] = r
    ps[i, j] = p
    ps[j, i] = p
    return SignificanceResult(rs, ps)


def _spearman_pvalue(rs, n, alternative):
    """Student's t with n - 2 degrees of freedom for t = r sqrt((n - 2) / (1 - r^2)), its
    distribution function through betainc."""
    betainc = _betainc()
    if betainc is None:
        return cp.full(rs.shape, cp.nan)
    dof = n - 2
    with numpy.errstate(divide="ignore", invalid="ignore"):
        t = rs * cp.sqrt(dof / ((rs + 1.0) * (1.0 - rs)))
        # P(T > |t|) for Student's t: betainc(dof/2, 1/2, dof / (dof + t^2)) / 2
        tail = 0.5 * betainc(dof / 2.0, 0.5, dof / (dof + t * t))
    if alternative == "two-sided":
        p = 2 * tail
    elif alternative == "greater":
        p = cp.where(t >= 0, tail, 1 - tail)
    else:
        p = cp.where(t <= 0, tail, 1 - tail)
    return cp.where(cp.isnan(rs), cp.nan, cp.clip(p, 0, 1))
