"""kendalltau: Kendall's tau-b or tau-c of paired samples along an axis (every slice at once).

The pair counts (concordant minus discordant, discordant, ties in x, in y, in both) come from
sorting every slice at once (O(n log n)): ties are runs of equal sorted values, discordant pairs
the inversions of y in (x, y) order, counted bit by bit in log2(n) batched passes. Tie-group
statistics come from each element's run length (a group of t elements sums f(t)/t over its
members). The asymptotic p-value is the normal approximation with SciPy's tie-corrected
variance; the exact one (no ties) is the distribution of inversions of a random permutation,
tabulated on the host once per sample length for the few slices that use it."""
import numpy

import cunp as cp
from cunp.scipy.stats._results import SignificanceResult

_METHODS = ("auto", "asymptotic", "exact")
_POLICIES = ("propagate", "omit", "raise")


def _special():
    from cunp.scipy import special
    return special


def _run_ties(same, valid):
    """Per slice: tied pairs; per element: its run's length (0 if invalid). same[..., i]
    says sorted element i equals element i - 1 (both valid), so equal values form runs; a
    run's start and end come from running maxima of the indices where runs break."""
    n = same.shape[-1]
    if n == 0:
        return cp.zeros(same.shape[:-1], dtype=numpy.int64), cp.zeros(same.shape, numpy.int64)
    idx = cp.broadcast_to(cp.arange(n, dtype=numpy.int64), same.shape)
    start = cp.maximum.accumulate(cp.where(same, 0, idx), axis=-1)
    # An element ends its run where the next one does not continue it.
    cont = cp.concatenate([same[..., 1:], cp.zeros(same.shape[:-1] + (1,), dtype=bool)],
                          axis=-1)
    rev = cp.where(cp.flip(cont, axis=-1), 0, idx)
    end = (n - 1) - cp.flip(cp.maximum.accumulate(rev, axis=-1), axis=-1)
    pairs = cp.where(valid, idx - start, 0).sum(axis=-1, dtype=numpy.int64)
    return pairs, cp.where(valid, end - start + 1, 0)


def _equal_next(a, valid):
    """same[..., i] of _run_ties for a sorted key a."""
    if a.shape[-1] == 0:
        return cp.zeros(a.shape, dtype=bool)
    eq = (a[..., 1:] == a[..., :-1]) & valid[..., 1:] & valid[..., :-1]
    return cp.concatenate([cp.zeros(a.shape[:-1] + (1,), dtype=bool), eq], axis=-1)


def _inversions(r):
    """Per slice (int64): pairs i < j with r[i] > r[j], for r a permutation of 0..n-1 along
    the last axis. Bit by bit from the top (a radix sort, MSB first): a pair is inverted
    exactly at its highest differing bit b, where both share the bits above b, the earlier
    element has bit b set and the later one not. Keeping the elements stably ordered by the
    bits above b puts each such group at a known place (its smallest possible value), so a
    running count of set bits gives the pairs, and a stable partition by bit b gives the order
    for the next level: log2(n) passes of O(n) array operations over all slices at once."""
    n = r.shape[-1]
    total = cp.zeros(r.shape[:-1], dtype=numpy.int64)
    if n < 2:
        return total
    pos = cp.arange(n, dtype=numpy.int64)
    cur = r.astype(numpy.int64)
    for b in reversed(range((n - 1).bit_length())):
        half = 1 << b
        g0 = (cur // (2 * half)) * (2 * half)  # where the group of equal upper bits starts
        bit = (cur // half) % 2
        ones = cp.cumsum(bit, axis=-1) - bit  # set bits before each element
        ones = ones - cp.take_along_axis(ones, g0, axis=-1)  # ... within its group
        total = total + cp.where(bit == 0, ones, 0).sum(axis=-1, dtype=numpy.int64)
        if b == 0:
            break
        zeros = cp.minimum(half, n - g0)  # group members with bit b clear
        dest = g0 + cp.where(bit == 1, zeros + ones, (pos - g0) - ones)
        nxt = cp.empty_like(cur)
        cp.put_along_axis(nxt, dest, cur, axis=-1)
        cur = nxt
    return total


def _pair_counts(x, y, valid):
    """Per slice (int64): concordant minus discordant, discordant, ties in x, ties in y, ties in
    both, over the pairs i < j of valid observations; per element, in some order per slice
    (int64, with the valid mask in that order): the size of its tie group in x and in y.
    O(n log n): sort by (x, y) with invalid elements last; ties are runs there; discordant
    pairs are the strict inversions of y in that order."""
    n = x.shape[-1]
    pos = cp.broadcast_to(cp.arange(n, dtype=numpy.int64), x.shape)
    order = cp.lexsort((y, x, ~valid), axis=-1)
    xs, ys = cp.take_along_axis(x, order, axis=-1), cp.take_along_axis(y, order, axis=-1)
    vs = cp.take_along_axis(valid, order, axis=-1)
    same_x = _equal_next(xs, vs)
    xtie, cx = _run_ties(same_x, vs)
    ntie, _ = _run_ties(same_x & _equal_next(ys, vs), vs)
    # y's ranks, equal values ranked by position (lexsort is stable), so that only strictly
    # smaller later values count; invalid elements (last, in their own positions) keep
    # rank = position: no pairs.
    yorder = cp.lexsort((ys, ~vs), axis=-1)
    ysort = cp.take_along_axis(ys, yorder, axis=-1)
    vys = cp.take_along_axis(vs, yorder, axis=-1)
    ytie, cy = _run_ties(_equal_next(ysort, vys), vys)
    rank = cp.empty(x.shape, dtype=numpy.int64)
    cp.put_along_axis(rank, yorder, pos, axis=-1)
    dis = _inversions(cp.where(vs, rank, pos))
    m = vs.sum(axis=-1, dtype=numpy.int64)
    tot = m * (m - 1) // 2
    s = tot - xtie - ytie + ntie - 2 * dis
    return s, dis, xtie, ytie, ntie, (cx, vs), (cy, vys)


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
        raise ValueError("Unknown `variant` '%s' specified. `variant` must be 'b' or 'c'."
                         % (variant,))
    if method not in _METHODS:
        # SciPy 1.18's words, its missing space included.
        raise ValueError("Unknown `method` '%s' specified.  `method` must be'auto', 'exact' "
                         "or 'asymptotic'." % (method,))
    if alternative not in ("two-sided", "less", "greater"):
        raise ValueError("`alternative` must be 'less', 'greater' or 'two-sided'.")
    x = cp.asarray(x)
    y = cp.asarray(y)
    # Both samples in one floating dtype before ranking, as SciPy 1.18 does: int64 values past
    # 2**53 that round to one float tie.
    dt = cp.result_type(x, y)
    if dt.kind not in "fc":
        dt = cp.result_type(dt, numpy.float64)
    x, y = x.astype(dt, copy=False), y.astype(dt, copy=False)
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
    x0, x1, groups_x = _tie_sums(*cx)
    y0, y1, groups_y = _tie_sums(*cy)
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
            raise ValueError("Ties found; exact method cannot be used.")
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
