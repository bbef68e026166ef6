"""cunp.scipy.stats: scipy.stats' descriptive statistics on cunp arrays, as compositions of
cunp's reductions, sorts and scans. Results have SciPy's types (DescribeResult, ModeResult,
SignificanceResult); 0-d results are 0-d cunp arrays where SciPy gives NumPy scalars. Resampling
tests (PermutationMethod, MonteCarloMethod, BootstrapMethod) draw from cunp.random in batches of
resamples, each batch one array operation."""
from cunp.scipy.stats._correlation import pearsonr, spearmanr
from cunp.scipy.stats._entropy import boxcox_llf, entropy
from cunp.scipy.stats._kendall import kendalltau
from cunp.scipy.stats._means import (
    gmean, hmean, iqr, pmean, tmax, tmean, tmin, trim_mean, tsem, tstd, tvar,
)
from cunp.scipy.stats._moments import (
    describe, kurtosis, moment, sem, skew, variation, zmap, zscore,
)
from cunp.scipy.stats._rank import mode, rankdata
from cunp.scipy.stats._resampling import (
    BootstrapMethod, MonteCarloMethod, PermutationMethod,
)

__all__ = [
    "zscore", "zmap", "entropy", "trim_mean", "boxcox_llf", "describe", "skew", "kurtosis",
    "moment", "sem", "gmean", "hmean", "pmean", "mode", "iqr", "rankdata", "tmean", "tvar",
    "tstd", "tmin", "tmax", "tsem", "variation", "pearsonr", "spearmanr",
    "PermutationMethod", "MonteCarloMethod", "BootstrapMethod", "kendalltau",
]
