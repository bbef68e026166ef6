"""kendalltau: Kendall's tau-b or tau-c of paired samples along an axis (every slice at once).

The pair counts (concordant minus discordant, discordant, ties in x, in y, in both) come from
sign comparisons of all pairs, in chunks of rows so that memory stays bounded: O(n^2) work, but
no sort-and-merge pass per slice. Tie-group statistics come from each element's count of equal
values (a group of t elements sums f(t)/t over its members). The asymptotic p-value is the
normal approximation with SciPy's tie-corrected variance; the exact one (no ties) is the
distribution of inversions of a random permutation, tabulated on the host once per sample
length for the few slices that use it."""
import math

import numpy

import cunp as cp
from cunp.scipy.stats._results import SignificanceResult

_METHODS = ("auto", "asymptotic", "exact")
_POLICIES = ("propagate", "omit", "raise")
# Elements of one chunk of pairwise comparisons (per int8/bool temporary).
_PAIR_BUDGET = 1 << 25


def _special():
    from cunp.scipy import special
    return special


def _sign(a, b):
    """-1, 0 or 1 as a < b, a == b (or either NaN), a > b, in int8: no subtraction, so no
    overflow for integers."""
    return (a > b).astype(numpy.int8) - (a < b).astype(numpy.int8)


def _pair_counts(x, y, valid):
    """Per slice (int64): concordant minus discordant, discordant, ties in x, ties in y, ties in
    both, over the pairs i < j of valid observations; per element (int64): how many valid
    values equal it in x and in y (itself included; 0 for an invalid element)."""
    n = x.shape[-1]
    slices = max(1, math.prod(x.shape[:-1]))
    chunk = max(1, min(n, _PAIR_BUDGET // max(1, n * slices)))
    cols = cp.arange(n)
    zero = cp.zeros(x.shape[:-1], dtype=numpy.int64)
    s = dis = xtie = ytie = ntie = zero
    cx, cy = [], []
    for k in range(0, n, chunk):
        rows = slice(k, min(n, k + chunk))
        sx = _sign(x[..., rows, None], x[..., None, :])
        sy = _sign(y[..., rows, None], y[..., None, :])
        both = valid[..., rows, None] & valid[..., None, :]
        upper = both & (cols[None, :] > cols[rows][:, None])
        prod = sx * sy
        s = s + ((prod > 0) & upper).sum(axis=(-2, -1), dtype=numpy.int64) \
            - ((prod < 0) & upper).sum(axis=(-2, -1), dtype=numpy.int64)
        dis = dis + ((prod < 0) & upper).sum(axis=(-2, -1), dtype=numpy.int64)
        tx, ty = sx == 0, sy == 0
        xtie = xtie + (tx & upper).sum(axis=(-2, -1), dtype=numpy.int64)
        ytie = ytie + (ty & upper).sum(axis=(-2, -1), dtype=numpy.int64)
        ntie = ntie + (tx & ty & upper).sum(axis=(-2, -1), dtype=numpy.int64)
        cx.append((tx & both).sum(axis=-1, dtype=numpy.int64))
        cy.append((ty & both).sum(axis=-1, dtype=numpy.int64))
    if not cx:  # no observations
        cx = cy = [cp.zeros(x.shape, dtype=numpy.int64)]
    cx = cx[0] if len(cx) == 1 else cp.concatenate(cx, axis=-1)
    cy = cy[0] if len(cy) == 1 else cp.concatenate(cy, axis=-1)
    return s, dis, xtie, ytie, ntie, cx, cy


def _tie_sums(counts, valid):
    """Sums over tie groups of t(t-1)(t-2) and t(t-1)(2t+5), and the number of groups (distinct
    values), from each valid element's group size t."""
    t = counts.astype(numpy.float64)
    v = valid.astype(numpy.float64)
    with numpy.errstate(divide="ignore", invalid="ignore"):
        groups = cp.where(valid, 1.0 / t, 0.0).sum(axis=-1)
    return (((t - 1) * (t - 2) * v).sum(axis=-1), ((t - 1) * (2 * t + 5) * v).sum(axis=-1),
            cp.round(groups))


def _inversion_pmf(n, kmax):
    """P(a random permutation of n elements has k inversions), k = 0..kmax (host float64):
    each new element adds 0..j-1 inversions with equal chance."""
    pmf = numpy.zeros(kmax + 1)
    pmf[0] = 1.0
    for j in range(2, n + 1):
        cs = numpy.cumsum(pmf)
        shifted = numpy.zeros_like(cs)
        shifted[j:] = cs[:kmax + 1 - j] if j <= kmax else 0
        pmf = (cs - shifted) / j
    return pmf


def _exact_pvalues(n, dis, alternative):
    """Exact p-values (host float64) of slices without ties of lengths n and discordant
    counts dis (host int64 arrays), one inversion table per distinct length."""
    tot = n * (n - 1) // 2
    con = tot - dis
    right = con >= tot - con
    c = numpy.minimum(con, tot - con)
    out = numpy.empty(n.shape)
    for m in numpy.unique(n):
        sel = n == m
        pmf = _inversion_pmf(int(m), int(c[sel].max()))
        cdf = numpy.cumsum(pmf)
        ci = c[sel]
        two = 2 * cdf[ci]
        if alternative == "two-sided":
            p = numpy.where(4 * ci == m * (m - 1), 1.0, two)
        else:
            agree = right[sel] == (alternative == "greater")
            p = numpy.where(agree, cdf[ci], 1 - cdf[ci] + pmf[ci])
        out[sel] = numpy.clip(p, 0, 1)
    return out


def _host(a):
    return numpy.asarray(a) if cp is numpy else cp.asnumpy(a)


def _normal_pvalue(z, alternative):
    ndtr = _special().ndtr
    if alternative == "less":
        return ndtr(z)
    if alternative == "greater":
        return ndtr(-z)
    return 2 * ndtr(-cp.abs(z))


def kendalltau(x, y, *, nan_policy="propagate", method="auto", variant="b",
               alternative="two-sided", axis=None, keepdims=False):
    """SignificanceResult(statistic, pvalue) (also .correlation): Kendall's tau-b ('b') or
    tau-c ('c') of x and y along axis (None: both flattened), with the p-value of the test of
    no association: 'exact' (no ties), 'asymptotic', or 'auto' (exact for a slice without
    ties of at most 33 observations or at most one discordant or concordant pair)."""
    if nan_policy not in _POLICIES:
        # The message of SciPy's axis/nan_policy decorator (the policies sorted).
        raise ValueError("nan_policy must be one of {%s}."
                         % ", ".join("'%s'" % p for p in sorted(_POLICIES)))
    if variant not in ("b", "c"):
        raise ValueError("Unknown variant of the method chosen: %s. variant must be 'b' or "
                         "'c'." % (variant,))
    if method not in _METHODS:
        raise ValueError("Unknown method %s specified.  Use 'auto', 'exact' or "
                         "'asymptotic'." % (method,))
    if alternative not in ("two-sided", "less", "greater"):
        raise ValueError("`alternative` must be 'less', 'greater' or 'two-sided'.")
    x = cp.asarray(x)
    y = cp.asarray(y)
    ndim = max(x.ndim, y.ndim)
    if axis is None:
        if x.size != y.size:
            raise ValueError("Array shapes are incompatible for broadcasting.")
        x, y = x.reshape(-1), y.reshape(-1)
        kept = (1,) * ndim
    else:
        x, y = x.reshape((1,) * (ndim - x.ndim) + x.shape), y.reshape(
            (1,) * (ndim - y.ndim) + y.shape)
        if not -ndim <= axis < max(ndim, 1):
            raise numpy.exceptions.AxisError(axis, ndim)
        axis %= max(ndim, 1)
        if x.shape[axis] != y.shape[axis]:
            raise ValueError("Array shapes are incompatible for broadcasting.")
        x, y = cp.moveaxis(x, axis, -1), cp.moveaxis(y, axis, -1)
        shape = numpy.broadcast_shapes(x.shape[:-1], y.shape[:-1])
        x = cp.broadcast_to(x, shape + x.shape[-1:])
        y = cp.broadcast_to(y, shape + y.shape[-1:])
        kept = None
    nan = cp.zeros(x.shape, dtype=bool)
    for a in (x, y):
        if a.dtype.kind in "fc":
            nan = nan | cp.isnan(a)
    any_nan = nan.any(axis=-1)
    if nan_policy == "raise" and bool(any_nan.any()):
        raise ValueError("The input contains nan values")
    valid = ~nan if nan_policy == "omit" else cp.ones(x.shape, dtype=bool)
    n = valid.sum(axis=-1, dtype=numpy.int64)
    s, dis, xtie, ytie, ntie, cx, cy = _pair_counts(x, y, valid)
    tot = n * (n - 1) // 2
    undefined = (xtie == tot) | (ytie == tot)
    if nan_policy == "propagate":
        undefined = undefined | any_nan
    sf = s.astype(numpy.float64)
    nf = n.astype(numpy.float64)
    x0, x1, groups_x = _tie_sums(cx, valid)
    y0, y1, groups_y = _tie_sums(cy, valid)
    with numpy.errstate(divide="ignore", invalid="ignore"):
        if variant == "b":
            tau = sf / cp.sqrt((tot - xtie).astype(numpy.float64)) \
                / cp.sqrt((tot - ytie).astype(numpy.float64))
        else:
            classes = cp.minimum(groups_x, groups_y)
            tau = 2 * sf / (nf * nf * (classes - 1) / classes)
        tau = cp.clip(tau, -1.0, 1.0)
        m = nf * (nf - 1)
        xt, yt = xtie.astype(numpy.float64), ytie.astype(numpy.float64)
        # Two observations leave no triple ties (x0 = y0 = 0): that term is 0, not 0/0 (SciPy
        # raises ZeroDivisionError there).
        triples = cp.where(nf > 2, x0 * y0 / (9 * m * (nf - 2)), 0.0)
        var = (m * (2 * nf + 5) - x1 - y1) / 18 + 2 * xt * yt / m + triples
        p = _normal_pvalue(sf / cp.sqrt(var), alternative)
    no_ties = (xtie == 0) & (ytie == 0)
    if method == "exact":
        if bool((~no_ties & ~undefined).any()):
            raise ValueError("Ties found, exact method cannot be used.")
        exact = ~undefined
    elif method == "auto":
        exact = no_ties & ((n <= 33) | (cp.minimum(dis, tot - dis) <= 1)) & ~undefined
    else:
        exact = cp.zeros(n.shape, dtype=bool)
    if bool(exact.any()):
        # The few exact slices' lengths and counts go to the host for the inversion table.
        sel = _host(exact)
        hn, hd = _host(n)[sel], _host(dis)[sel]
        pe = numpy.full(sel.shape, numpy.nan)
        pe[sel] = _exact_pvalues(hn, hd, alternative)
        p = cp.where(exact, cp.asarray(pe), p)
    tau = cp.where(undefined, cp.nan, tau)
    p = cp.where(undefined, cp.nan, cp.clip(p, 0.0, 1.0))
    if keepdims:
        if kept is not None:
            tau, p = tau.reshape(kept), p.reshape(kept)
        else:
            tau, p = cp.expand_dims(tau, axis), cp.expand_dims(p, axis)
    res = SignificanceResult(tau, p)
    res.correlation = tau
    return res
