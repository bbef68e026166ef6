"""SciPy's result types for cunp.scipy.stats: named tuples (DescribeResult, ModeResult) and the
significance results (statistic and pvalue attributes, unpacking to the pair)."""
import math
import statistics
from collections import namedtuple

import numpy

import cunp as cp

DescribeResult = namedtuple(
    "DescribeResult", ("nobs", "minmax", "mean", "variance", "skewness", "kurtosis"))
ModeResult = namedtuple("ModeResult", ("mode", "count"))
ConfidenceInterval = namedtuple("ConfidenceInterval", ("low", "high"))


class SignificanceResult(tuple):
    """(statistic, pvalue), also as attributes, as scipy.stats' SignificanceResult."""

    def __new__(cls, statistic, pvalue):
        self = super().__new__(cls, (statistic, pvalue))
        self.statistic = statistic
        self.pvalue = pvalue
        return self

    def __repr__(self):
        return "%s(statistic=%r, pvalue=%r)" % (type(self).__name__, self.statistic,
                                                self.pvalue)


class PearsonRResult(SignificanceResult):
    """pearsonr's result: statistic and pvalue, and the sample length, alternative and
    samples (observations last) its confidence_interval needs."""

    def __new__(cls, statistic, pvalue, n=None, alternative="two-sided", x=None, y=None):
        self = super().__new__(cls, statistic, pvalue)
        self._n = n
        self._alternative = alternative
        self._x = x
        self._y = y
        return self

    def confidence_interval(self, confidence_level=0.95, method=None):
        """ConfidenceInterval(low, high) of the correlation: from Fisher's transformation
        (method None: arctanh(r) is about normal with standard error 1/sqrt(n - 3); -1 to 1
        when n <= 3), or by the bootstrap (a BootstrapMethod, this or SciPy's: the pairs
        resampled together, the interval clipped to [-1, 1])."""
        if method is not None:
            from cunp.scipy.stats import _correlation, _resampling
            if _resampling.kind(method) != "BootstrapMethod":
                raise ValueError("`method` must be an instance of `BootstrapMethod` or None.")
            x, y = self._x, self._y
            ci = _resampling.bootstrap_interval(
                lambda i: _correlation._pearson_r(cp.take(x, i, axis=-1),
                                                  cp.take(y, i, axis=-1)),
                self._n, confidence_level, self._alternative, method, x.dtype)
            return ConfidenceInterval(cp.clip(ci.low, -1, 1), cp.clip(ci.high, -1, 1))
        r = cp.asarray(self.statistic)
        lo_ones = cp.full(r.shape, -1, dtype=r.dtype)
        hi_ones = cp.full(r.shape, 1, dtype=r.dtype)
        if self._n <= 3:
            return ConfidenceInterval(lo_ones, hi_ones)
        # One normal quantile and standard error for the whole batch: host scalars.
        q = 0.5 + confidence_level / 2 if self._alternative == "two-sided" else confidence_level
        h = _normal_quantile(q) / math.sqrt(self._n - 3)
        with numpy.errstate(divide="ignore", invalid="ignore"):
            zr = cp.arctanh(r)
            low = cp.tanh(zr - h).astype(r.dtype, copy=False)
            high = cp.tanh(zr + h).astype(r.dtype, copy=False)
        if self._alternative == "less":
            low = lo_ones
        elif self._alternative == "greater":
            high = hi_ones
        return ConfidenceInterval(low, high)


def _normal_quantile(q):
    """The standard normal's quantile of q (inf at the ends, NaN outside [0, 1])."""
    if not 0 <= q <= 1:
        return math.nan
    if q in (0, 1):
        return math.copysign(math.inf, q - 0.5)
    return statistics.NormalDist().inv_cdf(q)
