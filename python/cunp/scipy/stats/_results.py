"""SciPy's result types for cunp.scipy.stats: named tuples (DescribeResult, ModeResult) and the
significance results (statistic and pvalue attributes, unpacking to the pair)."""
from collections import namedtuple

DescribeResult = namedtuple(
    "DescribeResult", ("nobs", "minmax", "mean", "variance", "skewness", "kurtosis"))
ModeResult = namedtuple("ModeResult", ("mode", "count"))


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
    """pearsonr's result: statistic and pvalue (confidence_interval is not provided)."""
