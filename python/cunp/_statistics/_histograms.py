# python/cunp/_statistics/_histograms.py -- counting values: bincount, digitize, histogram,
# histogram_bin_edges, histogram2d and histogramdd with NumPy 2's rules; the counting runs in the
# core's histogram engine (cunp/ops/statistics/histogram.hpp), the bin edges are computed on the host.
"""bincount, digitize, histogram, histogram_bin_edges, histogram2d, histogramdd.

Arguments are checked before any device work. Equal bins are counted with NumPy's formula
(the bin type, the span's type and the correction against the edges), so values on an edge
land where NumPy puts them. Sums of weights are accumulated with atomic adds in float64
(int64 for integer weights in histogram) and are not reproducible bit for bit. The bin count
estimators ('auto', 'fd', ...) and ranges read the data's extremes back to the host."""
import operator
import warnings

from cunp import _core

__all__ = ["bincount", "digitize", "histogram", "histogram_bin_edges", "histogram2d",
           "histogramdd"]

builtin_range = range  # the functions below take an argument named range, as NumPy's do


def _cunp():
    import cunp

    return cunp


def _numpy():
    import numpy

    return numpy


def _meta(a):
    """`a` as an array whose dtype and shape can be checked without device work: a cunp array
    stays, anything else becomes a NumPy array (uploaded later)."""
    return a if isinstance(a, _core.ndarray) else _numpy().asarray(a)


def _check_1d(a):
    if a.ndim == 0:
        raise ValueError("object of too small depth for desired array")
    if a.ndim > 1:
        raise ValueError("object too deep for desired array")


def _cannot_cast(frm, to):
    return TypeError(f"Cannot cast array data from dtype('{frm}') to dtype('{to}') according "
                     "to the rule 'safe'")


def _bincount_weights(weights, n):
    """bincount's weights, checked as NumPy checks them (1-d, castable to float64)."""
    np = _numpy()
    weights = _meta(weights)
    _check_1d(weights)
    if not np.can_cast(weights.dtype, np.float64):
        raise _cannot_cast(weights.dtype, np.dtype(np.float64))
    if weights.shape[0] != n:
        raise ValueError("The weights and list don't have the same length.")
    return weights


def bincount(x, weights=None, minlength=0):
    """The number of occurrences of each value in the non-negative integer array `x` (length
    max(x) + 1, at least `minlength`), or the sums of `weights` (float64) at each value."""
    np = _numpy()
    empty_list = isinstance(x, (list, tuple)) and len(x) == 0
    x = _meta(x)
    if empty_list:
        x = np.zeros(0, np.intp)
    _check_1d(x)
    # NumPy converts x to intp under 'same_kind': uint64 passes (empty, or wrapped to negative
    # values past INT64_MAX, which the negative check below refuses), floats do not.
    if not np.can_cast(x.dtype, np.intp, "same_kind"):
        raise _cannot_cast(x.dtype, np.dtype(np.intp))
    if not np.can_cast(x.dtype, np.intp):
        x = x.astype(np.intp)
    if minlength is None:
        raise TypeError("use 0 instead of None for minlength")
    minlength = operator.index(minlength)
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    cp = _cunp()
    if weights is not None and x.shape[0] > 0:
        try:
            weights = _bincount_weights(weights, x.shape[0])
        except (TypeError, ValueError):
            # NumPy refuses negative values of x before it looks at the weights (one read
            # back, on this error path only).
            if x.dtype.kind != "b" and bool(x.min() < 0):  # host x: no device work
                raise ValueError("'list' argument must have no negative elements") from None
            raise
    else:
        weights = None
    return _core.statistics.bincount(cp.asarray(x), None if weights is None else cp.asarray(weights),
                           minlength)


def _monotonicity(bins):
    """1 increasing (or constant), -1 decreasing, 0 neither (one read back for a cunp array)."""
    if bins.shape[0] < 2:
        return 1
    inc, dec = bins[1:] >= bins[:-1], bins[1:] <= bins[:-1]
    if isinstance(bins, _core.ndarray):
        cp = _cunp()
        inc, dec = cp.stack([inc.all(), dec.all()]).get()
    else:
        inc, dec = inc.all(), dec.all()
    return 1 if inc else -1 if dec else 0


def digitize(x, bins, right=False):
    """The index of the bin each value of `x` falls in (searchsorted in the monotonic `bins`):
    bins[i-1] <= x < bins[i] when increasing (bins[i-1] < x <= bins[i] with right=True)."""
    x, bins = _meta(x), _meta(bins)
    if x.dtype.kind == "c":
        raise TypeError("x may not be complex")
    _check_1d(bins)
    mono = _monotonicity(bins)
    if mono == 0:
        raise ValueError("bins must be monotonically increasing or decreasing")
    cp = _cunp()
    side = "left" if right else "right"
    x, bins = cp.asarray(x), cp.asarray(bins)
    if mono == -1:
        return bins.shape[0] - cp.searchsorted(bins[::-1], x, side=side)
    return cp.searchsorted(bins, x, side=side)


# --- histogram -----------------------------------------------------------------------------

_SIGNED_TO_UNSIGNED = {"b": "B", "h": "H", "i": "I", "l": "L", "q": "Q"}


def _unsigned_subtract(a, b):
    """a - b of host scalars as NumPy's histogram takes it: signed integers subtract in their
    unsigned type, so the span of an int8 range cannot overflow."""
    np = _numpy()
    dt = np.result_type(a, b)
    unsigned = _SIGNED_TO_UNSIGNED.get(dt.char)
    if unsigned is None:
        return np.subtract(a, b, dtype=dt)
    return np.subtract(np.asarray(a, dtype=dt), np.asarray(b, dtype=dt), casting="unsafe",
                       dtype=unsigned)


def _extremes(a):
    """(min, max) of the cunp array `a` as NumPy scalars of its dtype: one read back."""
    cp = _cunp()
    lo, hi = cp.stack([a.min(), a.max()]).get()
    return lo, hi


def _outer_edges(range, extremes, empty):
    """NumPy's outer edges: `range`, or the data's extremes (the callable `extremes`), widened
    by 0.5 on each side when equal; (0, 1) for empty data without a range."""
    np = _numpy()
    if range is not None:
        first_edge, last_edge = range
        if first_edge > last_edge:
            raise ValueError("max must be larger than min in range parameter.")
        if not (np.isfinite(first_edge) and np.isfinite(last_edge)):
            raise ValueError(f"supplied range of [{first_edge}, {last_edge}] is not finite")
    elif empty:
        first_edge, last_edge = 0, 1
    else:
        first_edge, last_edge = extremes()
        if not (np.isfinite(first_edge) and np.isfinite(last_edge)):
            raise ValueError(f"autodetected range of [{first_edge}, {last_edge}] is not finite")
    if first_edge == last_edge:
        first_edge = first_edge - 0.5
        last_edge = last_edge + 0.5
    return first_edge, last_edge


def _ravel_and_check_weights(a, weights):
    np = _numpy()
    a = _meta(a)
    if a.dtype == np.bool_:
        warnings.warn(f"Converting input from {a.dtype} to {np.uint8} for compatibility.",
                      RuntimeWarning, stacklevel=3)
        a = a.astype(np.uint8)
    if weights is not None:
        weights = _meta(weights)
        if weights.shape != a.shape:
            raise ValueError("weights should have the same shape as a.")
        weights = weights.ravel()
    return a.ravel(), weights


def _ptp(x):
    return _unsigned_subtract(*reversed(_extremes(x)))


def _std(x):
    return float(_cunp().std(x))


def _iqr(x):
    """The 75th minus the 25th percentile (linear interpolation, NumPy's default method) of the
    non-empty cunp array x."""
    np, cp = _numpy(), _cunp()
    s = cp.sort(x)
    n = s.shape[0]
    picks, weights = [], []
    for q in (0.75, 0.25):
        g = n * q + (1 - q) - 1  # NumPy's virtual index for alpha = beta = 1
        lo = int(np.floor(g))
        picks += [lo, min(lo + 1, n - 1)]
        weights.append(g - lo)
    v = cp.take(s, cp.asarray(picks)).get().astype(np.float64)
    ends = []
    for (a, b), t in zip(zip(v[0::2], v[1::2]), weights):
        d = b - a
        ends.append(b - d * (1 - t) if t >= 0.5 else a + d * t)
    return ends[0] - ends[1]


def _bin_sqrt(x, range):
    return _ptp(x) / _numpy().sqrt(x.size)


def _bin_sturges(x, range):
    return _ptp(x) / (_numpy().log2(x.size) + 1.0)


def _bin_rice(x, range):
    return _ptp(x) / (2.0 * x.size ** (1.0 / 3))


def _bin_scott(x, range):
    return (24.0 * _numpy().pi ** 0.5 / x.size) ** (1.0 / 3.0) * _std(x)


def _bin_stone(x, range):
    np, cp = _numpy(), _cunp()
    n = x.size
    ptp_x = _ptp(x)
    if n <= 1 or ptp_x == 0:
        return 0

    def jhat(nbins):
        hh = ptp_x / nbins
        p_k = histogram(x, bins=nbins, range=range)[0] / n
        return (2 - (n + 1) * float(cp.dot(p_k, p_k))) / hh

    upper = max(100, int(np.sqrt(n)))
    nbins = min(builtin_range(1, upper + 1), key=jhat)
    if nbins == upper:
        warnings.warn("The number of bins estimated may be suboptimal.", RuntimeWarning,
                      stacklevel=3)
    return ptp_x / nbins


def _bin_doane(x, range):
    np, cp = _numpy(), _cunp()
    if x.size > 2:
        sg1 = np.sqrt(6.0 * (x.size - 2) / ((x.size + 1.0) * (x.size + 3)))
        sigma = _std(x)
        if sigma > 0.0:
            g1 = float(cp.mean(((x - cp.mean(x)) / sigma) ** 3))
            return _ptp(x) / (1.0 + np.log2(x.size) + np.log2(1.0 + np.absolute(g1) / sg1))
    return 0.0


def _bin_fd(x, range):
    return 2.0 * _iqr(x) * x.size ** (-1.0 / 3.0)


def _bin_auto(x, range):
    fd_bw = _bin_fd(x, range)
    sturges_bw = _bin_sturges(x, range)
    sqrt_bw = _bin_sqrt(x, range)
    return min(max(fd_bw, sqrt_bw / 2), sturges_bw)


_BIN_SELECTORS = {"stone": _bin_stone, "auto": _bin_auto, "doane": _bin_doane, "fd": _bin_fd,
                  "rice": _bin_rice, "scott": _bin_scott, "sqrt": _bin_sqrt,
                  "sturges": _bin_sturges}

def _estimated_bins(a, name, range, weights):
    """The number of equal bins the estimator `name` gives for the cunp array a, and the outer
    edges."""
    np, cp = _numpy(), _cunp()
    if name not in _BIN_SELECTORS:
        raise ValueError(f"{name!r} is not a valid estimator for `bins`")
    if weights is not None:
        raise TypeError("Automated estimation of the number of bins is not supported for "
                        "weighted data")
    a = cp.asarray(a)
    first_edge, last_edge = _outer_edges(range, lambda: _extremes(a), a.size == 0)
    if range is not None:
        keep = (a >= first_edge) & (a <= last_edge)
        a = a[keep]
    if a.size == 0:
        return 1, first_edge, last_edge
    width = _BIN_SELECTORS[name](a, (first_edge, last_edge))
    if not width:
        return 1, first_edge, last_edge
    if a.dtype.kind in "iu" and width < 1:
        width = 1
    delta = _unsigned_subtract(last_edge, first_edge)
    return int(np.ceil(delta / width)), first_edge, last_edge


def _get_bin_edges(a, bins, range, weights):
    """NumPy's _get_bin_edges: (edges as a cunp array, None) for given edges, or (edges,
    (first_edge, last_edge, n)) for equal bins (edges computed on the host as NumPy does)."""
    np, cp = _numpy(), _cunp()
    if isinstance(bins, str):
        n, first_edge, last_edge = _estimated_bins(a, bins, range, weights)
    elif np.ndim(bins) == 0:
        try:
            n = operator.index(bins)
        except TypeError as e:
            raise TypeError("`bins` must be an integer, a string, or an array") from e
        if n < 1:
            raise ValueError("`bins` must be positive, when an integer")
        first_edge, last_edge = _outer_edges(
            range, lambda: _extremes(cp.asarray(a)), a.size == 0)
    elif np.ndim(bins) == 1:
        edges = _meta(bins)
        if (edges[:-1] > edges[1:]).any():
            raise ValueError("`bins` must increase monotonically, when an array")
        return cp.asarray(edges), None
    else:
        raise ValueError("`bins` must be 1d, when an array")
    bin_type = np.result_type(first_edge, last_edge, a.dtype)
    if bin_type.kind in "iu":
        bin_type = np.result_type(bin_type, float)
    edges = np.linspace(first_edge, last_edge, n + 1, endpoint=True, dtype=bin_type)
    if np.any(edges[:-1] >= edges[1:]):
        raise ValueError(f"Too many bins for data range. Cannot create {n} finite-sized bins.")
    return cp.asarray(edges), (first_edge, last_edge, n)


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    """The bin edges `histogram` uses for these arguments (a cunp array)."""
    a, weights = _ravel_and_check_weights(a, weights)
    return _get_bin_edges(a, bins, range, weights)[0]


def _equal_bins(edges, first_edge, last_edge):
    """The core's description of NumPy's equal bins: the outer edges in the bin type, the span
    as NumPy computes it and the type of the ratio (bin type and span promoted)."""
    np = _numpy()
    bin_type = np.dtype(edges.dtype)
    span = _unsigned_subtract(last_edge, first_edge)
    ratio = np.result_type(bin_type, span)
    return (float(bin_type.type(first_edge)), float(bin_type.type(last_edge)),
            float(ratio.type(span)), ratio)


def histogram(a, bins=10, range=None, density=None, weights=None):
    """The histogram of `a`: (counts, or sums of the weights, per bin; the bin edges), as cunp
    arrays with NumPy's dtypes. With density=True, the counts normalised to a density."""
    cp = _cunp()
    a, weights = _ravel_and_check_weights(a, weights)
    edges, equal = _get_bin_edges(a, bins, range, weights)
    a = cp.asarray(a)
    w = None if weights is None else cp.asarray(weights)
    if equal is not None:
        n = _core.statistics.histogram(a, edges, w, _equal_bins(edges, equal[0], equal[1]))
    else:
        n = _core.statistics.histogram(a, edges, w, None)
    if density:
        db = cp.diff(edges).astype(float)
        return n / db / n.sum(), edges
    return n, edges


# --- histogramdd -----------------------------------------------------------------------------

def _sample_2d(sample):
    """The (N, D) sample, a NumPy array until it must be on the device: an array's rows are
    points, a sequence's items are the coordinates (NumPy's two readings)."""
    np, cp = _numpy(), _cunp()
    if hasattr(sample, "shape"):
        m = _meta(sample)
        if m.ndim == 2:
            return m
        return (cp if isinstance(m, _core.ndarray) else np).atleast_2d(m).T
    items = [_meta(s) for s in sample]
    if any(isinstance(i, _core.ndarray) for i in items):
        return cp.atleast_2d(cp.stack([cp.asarray(i) for i in items])).T
    return np.atleast_2d(np.asarray(sample)).T


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    """The D-dimensional histogram of N points (an (N, D) array, or D coordinate arrays):
    float64 counts (or sums of the weights) of shape (nbins per dimension), and the edges."""
    np, cp = _numpy(), _cunp()
    sample = _sample_2d(sample)
    N, D = sample.shape
    if D == 0:  # NumPy fails building a 0-dimensional histogram's bin index (a ValueError)
        raise ValueError("histogramdd needs a sample of at least one dimension")
    if weights is not None:
        weights = _bincount_weights(weights, N)
    try:
        if len(bins) != D:
            raise ValueError("The dimension of bins must be equal to the dimension of the "
                             "sample x.")
    except TypeError:
        bins = D * [bins]
    if range is None:
        range = (None,) * D
    elif len(range) != D:
        raise ValueError("range argument must have one entry per dimension")

    extremes = []

    def dim_extremes(i):
        # Every dimension's extremes in one read back, on the first need.
        if not extremes:
            d = cp.asarray(sample)
            both = cp.stack([d.min(axis=0), d.max(axis=0)]).get()
            extremes.extend(zip(both[0], both[1]))
        return extremes[i]

    edges = []
    for i in builtin_range(D):
        if np.ndim(bins[i]) == 0:
            if bins[i] < 1:
                raise ValueError(f"`bins[{i}]` must be positive, when an integer")
            smin, smax = _outer_edges(range[i], lambda i=i: dim_extremes(i), N == 0)
            try:
                n = operator.index(bins[i])
            except TypeError as e:
                raise TypeError(f"`bins[{i}]` must be an integer, when a scalar") from e
            edges.append(np.linspace(smin, smax, n + 1))
        elif np.ndim(bins[i]) == 1:
            e = _meta(bins[i])
            if (e[:-1] > e[1:]).any():
                raise ValueError(
                    f"`bins[{i}]` must be monotonically increasing, when an array")
            edges.append(e)
        else:
            raise ValueError(f"`bins[{i}]` must be a scalar or 1d array")
    nbin = [e.shape[0] + 1 for e in edges]  # an outlier bin on each end
    sample, edges = cp.asarray(sample), [cp.asarray(e) for e in edges]

    # The flat bin of each point: per dimension searchsorted (right) with the last edge
    # counted in the last bin, raveled in C order.
    flat = None
    for i in builtin_range(D):
        col = sample[:, i]
        idx = cp.searchsorted(edges[i], col, side="right") - (col == edges[i][-1])
        flat = idx if flat is None else flat * nbin[i] + idx
    size = int(np.prod(nbin))
    if flat is None:
        flat = cp.zeros(N, dtype=cp.int64)
    w = None if weights is None else cp.asarray(weights).astype(cp.float64)
    hist = _core.statistics.bin_counts(flat, w, size).astype(cp.float64).reshape(nbin)
    hist = hist[(slice(1, -1),) * D]
    if density:
        s = hist.sum()
        for i in builtin_range(D):
            shape = [1] * D
            shape[i] = nbin[i] - 2
            hist = hist / cp.diff(edges[i]).reshape(shape)
        hist /= s
    return hist, edges


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    """The 2-D histogram of the points (x, y): (float64 counts, x edges, y edges)."""
    if len(x) != len(y):
        raise ValueError("x and y must have the same length.")
    try:
        N = len(bins)
    except TypeError:
        N = 1
    if N != 1 and N != 2:
        bins = [bins, bins]
    hist, edges = histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]
