"""cunp.scipy.stats against scipy.stats.

The statistics are compositions over an array namespace held in each module's `cp`: the CPU
tests run them with NumPy in its place (the algorithms, dtypes, result types and argument
errors without a device); the gpu tests run the public functions on cunp arrays."""
import warnings

import numpy
import pytest

import cunp
from cunp.scipy.stats import _axis, _correlation, _entropy, _means, _moments, _rank, _results

stats = pytest.importorskip("scipy.stats")
import cunp.scipy.stats as cstats  # noqa: E402

gpu = pytest.mark.gpu
# mode's result dtypes are SciPy 1.18's (int64 counts).
scipy_118 = pytest.mark.skipif(
    tuple(int(v) for v in __import__("scipy").__version__.split(".")[:2]) < (1, 18),
    reason="SciPy 1.18's mode dtypes are the spec")
MODULES = (_axis, _correlation, _entropy, _means, _moments, _rank, _results)


@pytest.fixture
def on_numpy(monkeypatch):
    for m in MODULES:
        monkeypatch.setattr(m, "cp", numpy)
    # The p-values' betainc on the host too: cunp's ufuncs take device arrays only.
    special = pytest.importorskip("scipy.special")
    monkeypatch.setattr(_correlation, "_betainc", lambda: special.betainc)


def _data(seed=0):
    rng = numpy.random.default_rng(seed)
    x = rng.random((5, 7))
    xn = x.copy()
    xn[1, 2] = numpy.nan
    return x, rng.integers(0, 5, (6, 4)), xn


def _close(got, want, rtol=1e-7):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _close(g, w, rtol)
        return
    got = cunp.asnumpy(got) if isinstance(got, cunp.ndarray) else numpy.asarray(got)
    want = numpy.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype.kind == want.dtype.kind, (got.dtype, want.dtype)
    numpy.testing.assert_allclose(got, want, rtol=rtol, atol=1e-12, equal_nan=True)


AXES = [0, 1, -1, None]
REDUCING = ["skew", "kurtosis", "sem", "variation", "gmean", "hmean"]


def _cases(xp):
    x, xi, xn = _data()
    conv = (lambda a: a) if xp is numpy else cunp.asarray
    return conv(x), conv(xi + 1), conv(xn), (x, xi + 1, xn)


def _check_all(xp):
    warnings.simplefilter("ignore")
    x, xi, xn, (hx, hxi, hxn) = _cases(xp)
    for ax in AXES:
        for name in REDUCING:
            for d, h in ((x, hx), (xi, hxi), (xn, hxn)):
                _close(getattr(cstats, name)(d, axis=ax), getattr(stats, name)(h, axis=ax))
                _close(getattr(cstats, name)(d, axis=ax, nan_policy="omit"),
                       getattr(stats, name)(h, axis=ax, nan_policy="omit"))
        _close(cstats.skew(x, axis=ax, bias=False), stats.skew(hx, axis=ax, bias=False))
        _close(cstats.kurtosis(x, axis=ax, bias=False, fisher=False),
               stats.kurtosis(hx, axis=ax, bias=False, fisher=False))
        _close(cstats.pmean(x, 2.5, axis=ax), stats.pmean(hx, 2.5, axis=ax))
        for order in (0, 1, 2, 3, [1, 2]):
            _close(cstats.moment(x, order, axis=ax), stats.moment(hx, order, axis=ax))
        _close(cstats.zscore(x, axis=ax), stats.zscore(hx, axis=ax))
        _close(cstats.zscore(xn, axis=ax, nan_policy="omit"),
               stats.zscore(hxn, axis=ax, nan_policy="omit"))
        _close(cstats.zscore(xi, axis=ax, ddof=1), stats.zscore(hxi, axis=ax, ddof=1))
        e_ax = 0 if ax is None else ax
        _close(cstats.entropy(x, axis=e_ax), stats.entropy(hx, axis=e_ax))
        _close(cstats.entropy(x, x[::-1], base=2, axis=e_ax),
               stats.entropy(hx, hx[::-1], base=2, axis=e_ax))
        _close(cstats.trim_mean(x, 0.2, axis=ax), stats.trim_mean(hx, 0.2, axis=ax))
        _close(cstats.iqr(x, axis=ax), stats.iqr(hx, axis=ax))
        _close(cstats.iqr(x, axis=ax, scale="normal", rng=(10, 60)),
               stats.iqr(hx, axis=ax, scale="normal", rng=(10, 60)))
        for method in ("average", "min", "max", "dense", "ordinal"):
            # float64 ranks for every method from SciPy 1.18 (1.17: integers but for 'average').
            _close(cstats.rankdata(xi, method, axis=ax),
                   stats.rankdata(hxi, method, axis=ax).astype(numpy.float64))
        _close(cstats.rankdata(xn, axis=ax), stats.rankdata(hxn, axis=ax))
        _close(tuple(cstats.mode(xi, axis=ax)), tuple(stats.mode(hxi, axis=ax)))
        _close(cstats.tmean(x, (0.2, 0.8), axis=ax), stats.tmean(hx, (0.2, 0.8), axis=ax))
        _close(cstats.tvar(x, (0.2, 0.8), axis=ax), stats.tvar(hx, (0.2, 0.8), axis=ax))
        _close(cstats.tstd(x, (0.2, 0.8), (False, True), axis=ax),
               stats.tstd(hx, (0.2, 0.8), (False, True), axis=ax))
        _close(cstats.tsem(x, axis=ax), stats.tsem(hx, axis=ax))
        _close(cstats.tmin(x, 0.3, axis=ax), stats.tmin(hx, 0.3, axis=ax))
        _close(cstats.tmax(xi, 3, axis=ax), stats.tmax(hxi, 3, axis=ax))
        _close(cstats.boxcox_llf(0.7, x + 0.5, axis=e_ax),
               stats.boxcox_llf(0.7, hx + 0.5, axis=e_ax))
        _close(cstats.boxcox_llf(0, x + 0.5, axis=e_ax), stats.boxcox_llf(0, hx + 0.5, axis=e_ax))
        got = cstats.describe(x, axis=ax)
        want = stats.describe(hx, axis=ax)
        assert type(got).__name__ == "DescribeResult"
        _close(got.nobs, want.nobs)
        _close(tuple(got.minmax), tuple(want.minmax))
        for f in ("mean", "variance", "skewness", "kurtosis"):
            _close(getattr(got, f), getattr(want, f))
    _close(cstats.zmap(x[:2], x), stats.zmap(hx[:2], hx))
    _close(cstats.skew(x.astype("float32")), stats.skew(hx.astype("float32")), rtol=1e-5)
    r = cstats.pearsonr(x[0], x[1])
    _close(r.statistic, stats.pearsonr(hx[0], hx[1]).statistic)
    _close(cstats.pearsonr(x, x[::-1], axis=1).statistic,
           stats.pearsonr(hx, hx[::-1], axis=1).statistic)
    _close(cstats.spearmanr(x[0], x[1]).statistic, stats.spearmanr(hx[0], hx[1]).statistic)
    _close(cstats.spearmanr(x).statistic, stats.spearmanr(hx).statistic)
    _close(cstats.spearmanr(x, axis=1).statistic, stats.spearmanr(hx, axis=1).statistic)
    _close(cstats.spearmanr(x[:, :2]).statistic, stats.spearmanr(hx[:, :2]).statistic)


def test_statistics_match_scipy_on_numpy(on_numpy):
    _check_all(numpy)


def test_constant_samples_are_nan(on_numpy):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _close(cstats.zscore([1.0, 1, 1]), stats.zscore([1.0, 1, 1]))
        _close(cstats.skew([1.0, 1, 1]), stats.skew([1.0, 1, 1]))
        _close(cstats.kurtosis([2.0, 2, 2]), stats.kurtosis([2.0, 2, 2]))


def test_argument_errors(on_numpy):
    x = numpy.arange(6.0)
    with pytest.raises(ValueError, match="nan_policy"):
        cstats.skew(x, nan_policy="bogus")
    with pytest.raises(ValueError, match="nan values"):
        cstats.skew(numpy.array([1.0, numpy.nan]), nan_policy="raise")
    with pytest.raises(ValueError, match="Proportion too big"):
        cstats.trim_mean(x, 0.5)
    with pytest.raises(ValueError, match="unknown method"):
        cstats.rankdata(x, "bogus")
    with pytest.raises(ValueError):
        cstats.hmean(numpy.array([1.0, -1.0]))
    with pytest.raises(ValueError):
        cstats.iqr(x, scale="bogus")
    with pytest.raises(ValueError):
        cstats.pearsonr(x[:1], x[:1])
    with pytest.raises(ValueError):
        cstats.pearsonr(x, x[:3])
    # Resampling methods are supported (tests/python/scipy/stats/test_resampling.py); anything
    # else is SciPy's ValueError.
    for method in ("bogus", stats.BootstrapMethod()):
        with pytest.raises(ValueError, match="`method` must be an instance"):
            cstats.pearsonr(x, x ** 2, method=method)
    with pytest.raises(numpy.exceptions.AxisError):
        cstats.skew(x, axis=3)


def test_result_types(on_numpy):
    x = numpy.arange(6.0)
    m = cstats.mode(x)
    assert type(m).__name__ == "ModeResult" and m._fields == ("mode", "count")
    r = cstats.pearsonr(x, x ** 2)
    assert type(r).__name__ == "PearsonRResult"
    stat, p = r
    assert stat is r.statistic and p is r.pvalue
    s = cstats.spearmanr(x, -x)
    assert type(s).__name__ == "SignificanceResult"


@gpu
def test_statistics_match_scipy_on_gpu():
    _check_all(cunp)


@gpu
def test_pvalues_match_scipy_on_gpu():
    from cunp.scipy import special
    if not hasattr(special, "betainc"):
        pytest.skip("cunp.scipy.special.betainc is not there yet: p-values are NaN")
    rng = numpy.random.default_rng(5)
    x, y = rng.random(30), rng.random(30)
    for alt in ("two-sided", "less", "greater"):
        got = cstats.pearsonr(cunp.asarray(x), cunp.asarray(y), alternative=alt)
        want = stats.pearsonr(x, y, alternative=alt)
        _close(got.pvalue, want.pvalue, rtol=1e-6)
        got = cstats.spearmanr(cunp.asarray(x), cunp.asarray(y), alternative=alt)
        want = stats.spearmanr(x, y, alternative=alt)
        _close(got.pvalue, want.pvalue, rtol=1e-6)


@gpu
def test_statistics_on_noncontiguous_and_float32_gpu():
    rng = numpy.random.default_rng(7)
    h = rng.random((9, 12)).astype("float32")[::2, ::-3]
    d = cunp.asarray(rng.random((9, 12)).astype("float32"))[::2, ::-3]
    h = cunp.asnumpy(d)
    for name in ("skew", "kurtosis", "sem", "variation", "gmean"):
        _close(getattr(cstats, name)(d, axis=1), getattr(stats, name)(h, axis=1), rtol=2e-5)
    _close(cstats.zscore(d, axis=0), stats.zscore(h, axis=0), rtol=2e-5)


def _nan_cases():
    """(6, 5) samples whose rows and columns hold no, some and all NaNs, with ties, as float32
    and float64, C-order, F-order and reversed strides."""
    rng = numpy.random.default_rng(11)
    x = rng.integers(0, 4, (6, 5)).astype(numpy.float64)
    x[1, [0, 3]] = numpy.nan
    x[2, :] = numpy.nan
    x[4, 1] = numpy.nan
    x[:, 4] = numpy.nan
    for dt in ("float64", "float32"):
        a = x.astype(dt)
        yield a
        yield numpy.asfortranarray(a)
        yield a[::-1, ::-2]


def _check_omit(conv):
    warnings.simplefilter("ignore")
    for h in _nan_cases():
        d = conv(h)
        tol = 1e-5 if h.dtype == numpy.float32 else 1e-7
        for ax in (0, 1, -1, None):
            for method in ("average", "min", "max", "dense", "ordinal"):
                _close(cstats.rankdata(d, method, axis=ax, nan_policy="omit"),
                       stats.rankdata(h, method, axis=ax, nan_policy="omit"))
            _close(tuple(cstats.mode(d, axis=ax, nan_policy="omit")),
                   tuple(stats.mode(h, axis=ax, nan_policy="omit")))
            for p in (0.0, 0.1, 0.25, 0.4):
                for pol in ("omit", "propagate"):
                    _close(cstats.trim_mean(d, p, axis=ax, nan_policy=pol),
                           stats.trim_mean(h, p, axis=ax, nan_policy=pol), rtol=tol)
        # A 1-D sample with some NaNs and one with nothing but NaNs.
        for v in (h[1], h[2]):
            dv = conv(v)
            _close(tuple(cstats.mode(dv, nan_policy="omit")),
                   tuple(stats.mode(v, nan_policy="omit")))
            _close(cstats.trim_mean(dv, 0.2, nan_policy="omit"),
                   stats.trim_mean(v, 0.2, nan_policy="omit"))
            _close(cstats.rankdata(dv, nan_policy="omit"), stats.rankdata(v, nan_policy="omit"))
    with pytest.raises(ValueError, match="Proportion too big"):
        cstats.trim_mean(conv(numpy.array([[1.0, 2.0, numpy.nan], [1.0, 2.0, 3.0]])), 0.5,
                         axis=1, nan_policy="omit")


@scipy_118
def test_nan_policy_omit_matches_scipy_on_numpy(on_numpy):
    _check_omit(lambda a: a)


@scipy_118
@gpu
def test_nan_policy_omit_matches_scipy_on_gpu():
    _check_omit(cunp.asarray)


def _check_spearmanr_omit(conv):
    warnings.simplefilter("ignore")
    rng = numpy.random.default_rng(13)
    x = rng.integers(0, 6, (12, 4)).astype(numpy.float64)
    x[[1, 5], 0] = numpy.nan
    x[[2, 5, 7], 1] = numpy.nan
    x[3, 2] = numpy.inf  # masked with the NaNs once the sample holds a NaN, as SciPy
    x[:, 3] = 2.0
    x[9, 3] = numpy.nan  # a variable constant once its NaN is dropped correlates 0
    for dt in ("float64", "float32"):
        h = x.astype(dt)
        for alt in ("two-sided", "less", "greater"):
            for a, ax in ((h, 0), (h.T, 1), (numpy.asfortranarray(h[:, :3]), 0),
                          (h[::-1, 2::-1], 0)):
                got = cstats.spearmanr(conv(a), axis=ax, nan_policy="omit", alternative=alt)
                want = stats.spearmanr(a, axis=ax, nan_policy="omit", alternative=alt)
                _close(got.statistic, want.statistic)
                if not numpy.isnan(cunp.asnumpy(got.pvalue) if isinstance(got.pvalue, cunp.ndarray)
                                   else got.pvalue).all():
                    _close(got.pvalue, want.pvalue, rtol=1e-6)
            got = cstats.spearmanr(conv(h[:, 0]), conv(h[:, 1]), nan_policy="omit",
                                   alternative=alt)
            want = stats.spearmanr(h[:, 0], h[:, 1], nan_policy="omit", alternative=alt)
            _close(got.statistic, want.statistic)
    nan = numpy.nan
    for a, b in (([nan, nan, nan], [1.0, 2, 3]), ([0.0, 0, nan], [0.0, 0, 3]),
                 ([1.0, 2, nan], [1.0, 2, 3]), ([1.0, 1, 2, nan], [1.0, 2, 3, 4])):
        got = cstats.spearmanr(conv(numpy.array(a)), conv(numpy.array(b)), nan_policy="omit")
        want = stats.spearmanr(a, b, nan_policy="omit")
        _close(got.statistic, want.statistic)
    with pytest.raises(ValueError, match="at least 3"):
        cstats.spearmanr(conv(numpy.array([1.0, nan, nan])), conv(numpy.array([1.0, 2, 3])),
                         nan_policy="omit")


def test_spearmanr_omit_matches_scipy_on_numpy(on_numpy):
    _check_spearmanr_omit(lambda a: a)


@gpu
def test_spearmanr_omit_matches_scipy_on_gpu():
    _check_spearmanr_omit(cunp.asarray)


def _check_pearsonr_ci(conv):
    warnings.simplefilter("ignore")
    rng = numpy.random.default_rng(17)
    for dt in ("float64", "float32"):
        tol = 1e-5 if dt == "float32" else 1e-10
        x = rng.random((4, 9)).astype(dt)
        y = (x + rng.random((4, 9))).astype(dt)
        y[2] = x[2]  # r = 1: the interval is [1, 1]
        for alt in ("two-sided", "less", "greater"):
            for a, b, ax in ((x, y, 1), (x.T, y.T[::-1], 0), (x[0, :3], y[0, :3], 0),
                             (x[0, :5], y[0, :5], 0)):
                got = cstats.pearsonr(conv(a), conv(b), axis=ax, alternative=alt)
                want = stats.pearsonr(a, b, axis=ax, alternative=alt)
                for level in (0.95, 0.5, 1.0):
                    g = got.confidence_interval(level)
                    w = want.confidence_interval(level)
                    assert type(g).__name__ == "ConfidenceInterval"
                    _close(tuple(g), tuple(w), rtol=tol)
                    assert g.low.dtype == numpy.asarray(w.low).dtype
    r = cstats.pearsonr(conv(numpy.arange(5.0)), conv(numpy.arange(5.0) ** 2))
    # A bootstrap interval is supported (test_resampling.py); other methods are SciPy's error.
    with pytest.raises(ValueError, match="`method` must be an instance of `BootstrapMethod`"):
        r.confidence_interval(method=stats.PermutationMethod())


def test_pearsonr_confidence_interval_on_numpy(on_numpy):
    _check_pearsonr_ci(lambda a: a)


@gpu
def test_pearsonr_confidence_interval_on_gpu():
    _check_pearsonr_ci(cunp.asarray)


def _check_empty(conv):
    """Empty samples and empty batches: NaN statistics and 0 counts in SciPy's dtypes."""
    warnings.simplefilter("ignore")
    for h in (numpy.zeros(0), numpy.zeros((0, 3)), numpy.zeros((3, 0), "float32"),
              numpy.zeros((2, 0), "int32"), numpy.array(numpy.nan), numpy.array([numpy.nan])):
        for ax in (0, -1, None):
            for pol in ("propagate", "omit"):
                for kd in (False, True):
                    for got, want in (
                            (tuple(cstats.mode(conv(h), axis=ax, nan_policy=pol, keepdims=kd)),
                             tuple(stats.mode(h, axis=ax, nan_policy=pol, keepdims=kd))),
                            (cstats.trim_mean(conv(h), 0.1, axis=ax, nan_policy=pol, keepdims=kd),
                             stats.trim_mean(h, 0.1, axis=ax, nan_policy=pol, keepdims=kd))):
                        for g, w in zip(got if isinstance(got, tuple) else (got,),
                                        want if isinstance(want, tuple) else (want,)):
                            _close(g, w)
                            assert numpy.dtype(g.dtype) == numpy.asarray(w).dtype, (h, ax, pol)


@scipy_118
def test_empty_samples_match_scipy_on_numpy(on_numpy):
    _check_empty(lambda a: a)


@scipy_118
@gpu
def test_empty_samples_match_scipy_on_gpu():
    _check_empty(cunp.asarray)


def _check_keepdims_axis_none(conv):
    """keepdims with axis=None keeps every axis as length 1."""
    warnings.simplefilter("ignore")
    h = numpy.random.default_rng(19).random((3, 4))
    h[0, 1] = numpy.nan
    for pol in ("propagate", "omit"):
        for name in ("skew", "gmean", "sem", "tmean"):
            _close(getattr(cstats, name)(conv(h), axis=None, nan_policy=pol, keepdims=True),
                   getattr(stats, name)(h, axis=None, nan_policy=pol, keepdims=True))
        _close(tuple(cstats.mode(conv(h), axis=None, nan_policy=pol, keepdims=True)),
               tuple(stats.mode(h, axis=None, nan_policy=pol, keepdims=True)))
        _close(cstats.trim_mean(conv(h), 0.2, axis=None, nan_policy=pol, keepdims=True),
               stats.trim_mean(h, 0.2, axis=None, nan_policy=pol, keepdims=True))


def test_keepdims_axis_none_on_numpy(on_numpy):
    _check_keepdims_axis_none(lambda a: a)


@gpu
def test_keepdims_axis_none_on_gpu():
    _check_keepdims_axis_none(cunp.asarray)
