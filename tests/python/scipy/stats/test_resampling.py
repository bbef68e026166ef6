"""pearsonr's resampling methods (permutation and Monte Carlo p-values, bootstrap confidence
intervals) against scipy.stats.

On the CPU the stats modules run with NumPy in place of cunp, numpy.random included: the draws
are then SciPy's own streams, so the p-values and intervals must equal SciPy's. On the GPU the
draws come from cunp.random (other streams): enumerated permutation tests must still equal
SciPy's exactly, the random ones agree within sampling error."""
import warnings

import numpy
import pytest

import cunp
from cunp.scipy.stats import (
    _axis, _correlation, _entropy, _means, _moments, _rank, _resampling, _results,
)

stats = pytest.importorskip("scipy.stats")
special = pytest.importorskip("scipy.special")
import cunp.scipy.stats as cstats  # noqa: E402

gpu = pytest.mark.gpu
SCIPY_118 = tuple(int(v) for v in __import__("scipy").__version__.split(".")[:2]) >= (1, 18)
MODULES = (_axis, _correlation, _entropy, _means, _moments, _rank, _resampling, _results)
ALTERNATIVES = ("two-sided", "less", "greater")


@pytest.fixture
def on_numpy(monkeypatch):
    for m in MODULES:
        monkeypatch.setattr(m, "cp", numpy)
    monkeypatch.setattr(_correlation, "_betainc", lambda: special.betainc)
    monkeypatch.setattr(_resampling, "_special", lambda: special)


def _host(a):
    return cunp.asnumpy(a) if isinstance(a, cunp.ndarray) else numpy.asarray(a)


def _same(got, want, rtol=1e-12):
    got, want = _host(got), numpy.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype.kind == want.dtype.kind, (got.dtype, want.dtype)
    numpy.testing.assert_allclose(got, want, rtol=rtol, atol=1e-15, equal_nan=True)


def _samples(n=9, dt="float64", seed=1):
    rng = numpy.random.default_rng(seed)
    x = rng.random((3, n))
    y = x + rng.random((3, n))
    y[2] = rng.random(n)  # about uncorrelated: p-values away from the ends
    return x.astype(dt), y.astype(dt)


# Layouts: batched rows, the same data transposed (axis 0) with a negative stride, and 1-D.
def _layouts(x, y):
    return ((x, y, 1), (x.T, y.T[::-1], 0), (x[1], y[1], 0))


@pytest.mark.parametrize("cls", ["cunp", "scipy"])
def test_permutation_pvalue_matches_scipy_on_numpy(on_numpy, cls):
    ns = cstats if cls == "cunp" else stats
    for dt in ("float64", "float32"):
        x, y = _samples(dt=dt)
        for a, b, ax in _layouts(x, y):
            for alt in ALTERNATIVES:
                for batch in (None, 128):
                    got = cstats.pearsonr(a, b, axis=ax, alternative=alt, method=ns.PermutationMethod(
                        n_resamples=500, batch=batch, rng=3))
                    want = stats.pearsonr(a, b, axis=ax, alternative=alt, method=stats.PermutationMethod(
                        n_resamples=500, batch=batch, rng=3))
                    _same(got.statistic, want.statistic, rtol=1e-6)
                    _same(got.pvalue, want.pvalue)
                    assert _host(got.pvalue).dtype == numpy.asarray(want.pvalue).dtype


def test_permutation_legacy_random_state_matches_scipy_on_numpy(on_numpy):
    x, y = _samples()
    for alt in ALTERNATIVES:
        got = cstats.pearsonr(x, y, axis=1, alternative=alt,
                              method=cstats.PermutationMethod(300, None, 7))
        want = stats.pearsonr(x, y, axis=1, alternative=alt,
                              method=stats.PermutationMethod(300, None, 7))
        _same(got.pvalue, want.pvalue)


def _check_exact_permutations(conv):
    """n! <= n_resamples: every permutation, no +1 adjustment; SciPy's p-values exactly."""
    warnings.simplefilter("ignore")
    for n in (2, 3, 5, 7):
        x, y = _samples(n=n, seed=n)
        for a, b, ax in _layouts(x, y):
            for alt in ALTERNATIVES:
                for batch in (None, 50):
                    got = cstats.pearsonr(conv(a), conv(b), axis=ax, alternative=alt,
                                          method=cstats.PermutationMethod(batch=batch))
                    want = stats.pearsonr(a, b, axis=ax, alternative=alt,
                                          method=stats.PermutationMethod(batch=batch))
                    _same(got.pvalue, want.pvalue)
    # An empty batch and a batch of one slice (size-1 leading axes).
    rng = numpy.random.default_rng(2)
    for a in (rng.random((0, 5)), rng.random((1, 1, 6))):
        got = cstats.pearsonr(conv(a), conv(a[..., ::-1] ** 2), axis=-1,
                              method=cstats.PermutationMethod())
        want = stats.pearsonr(a, a[..., ::-1] ** 2, axis=-1, method=stats.PermutationMethod())
        _same(got.pvalue, want.pvalue)
        ci = got.confidence_interval(method=cstats.BootstrapMethod(100, rng=1))
        assert _host(ci.low).shape == want.statistic.shape
    # A constant sample: a NaN statistic and (SciPy 1.18; 1.17 gave 0) a NaN p-value, by
    # permutations and by Monte Carlo alike.
    x = numpy.ones(5)
    for method in (cstats.PermutationMethod(), cstats.MonteCarloMethod(rng=1)):
        got = cstats.pearsonr(conv(x), conv(numpy.arange(5.0)), method=method)
        assert numpy.isnan(_host(got.statistic)) and numpy.isnan(_host(got.pvalue))
    want = stats.pearsonr(x, numpy.arange(5.0), method=stats.PermutationMethod())
    _same(got.statistic, want.statistic)
    if SCIPY_118:
        _same(got.pvalue, want.pvalue)


def test_exact_permutations_match_scipy_on_numpy(on_numpy):
    _check_exact_permutations(lambda a: a)


@gpu
def test_exact_permutations_match_scipy_on_gpu():
    _check_exact_permutations(cunp.asarray)


def test_monte_carlo_pvalue_matches_scipy_on_numpy(on_numpy):
    for dt in ("float64", "float32"):
        x, y = _samples(dt=dt)
        for a, b, ax in _layouts(x, y):
            for alt in ALTERNATIVES:
                for batch in (None, 64):
                    got = cstats.pearsonr(a, b, axis=ax, alternative=alt,
                                          method=cstats.MonteCarloMethod(300, batch, rng=4))
                    want = stats.pearsonr(a, b, axis=ax, alternative=alt,
                                          method=stats.MonteCarloMethod(300, batch, rng=4))
                    _same(got.pvalue, want.pvalue)
                    assert _host(got.pvalue).dtype == numpy.asarray(want.pvalue).dtype
                # Callables of the caller's: here uniform draws from two seeded generators.
                r1, r2 = numpy.random.default_rng(9), numpy.random.default_rng(9)
                got = cstats.pearsonr(a, b, axis=ax, alternative=alt, method=stats.MonteCarloMethod(
                    200, rvs=(r1.random, r1.random)))
                want = stats.pearsonr(a, b, axis=ax, alternative=alt, method=stats.MonteCarloMethod(
                    200, rvs=(r2.random, r2.random)))
                _same(got.pvalue, want.pvalue)


def _bootstrap_samples():
    # n = 30: no resample repeats the sample, so the BCa bias correction has no ties with
    # the observed statistic that rounding could move.
    x, y = _samples(n=30, seed=11)
    return x, y


@pytest.mark.parametrize("kind", ["BCa", "percentile", "basic"])
def test_bootstrap_interval_matches_scipy_on_numpy(on_numpy, kind):
    x, y = _bootstrap_samples()
    for a, b, ax in _layouts(x, y):
        for alt in ALTERNATIVES:
            for level, batch in ((0.95, None), (0.8, 300)):
                got = cstats.pearsonr(a, b, axis=ax, alternative=alt).confidence_interval(
                    level, method=cstats.BootstrapMethod(1000, batch, method=kind, rng=5))
                want = stats.pearsonr(a, b, axis=ax, alternative=alt).confidence_interval(
                    level, method=stats.BootstrapMethod(1000, batch, method=kind, rng=5))
                assert type(got).__name__ == "ConfidenceInterval"
                _same(got.low, want.low, rtol=1e-9)
                _same(got.high, want.high, rtol=1e-9)


def test_bootstrap_legacy_random_state_matches_scipy_on_numpy(on_numpy):
    x, y = _bootstrap_samples()
    got = cstats.pearsonr(x, y, axis=1).confidence_interval(
        method=stats.BootstrapMethod(500, random_state=3))
    want = stats.pearsonr(x, y, axis=1).confidence_interval(
        method=stats.BootstrapMethod(500, random_state=3))
    _same(got.low, want.low, rtol=1e-9)
    _same(got.high, want.high, rtol=1e-9)


def test_method_classes():
    m = cstats.PermutationMethod(100, 10, rng=1)
    assert (m.n_resamples, m.batch, m.rng, m.random_state) == (100, 10, 1, None)
    assert m._asdict() == dict(n_resamples=100, batch=10, rng=1)
    assert cstats.PermutationMethod().n_resamples == 9999
    b = cstats.BootstrapMethod()
    assert (b.n_resamples, b.batch, b.method) == (9999, None, "BCa")
    mc = cstats.MonteCarloMethod(rng=2)
    assert (mc.rvs, mc.rng) == (None, 2)
    with pytest.raises(ValueError, match="mutually exclusive"):
        cstats.MonteCarloMethod(rvs=numpy.random.random, rng=1)
    with pytest.raises(ValueError, match="mutually exclusive"):
        stats.MonteCarloMethod(rvs=numpy.random.random, rng=1)
    assert _resampling.kind(stats.MonteCarloMethod()) == "MonteCarloMethod"
    assert _resampling.kind(cstats.BootstrapMethod()) == "BootstrapMethod"
    assert _resampling.kind("permutation") is None


def _errors(call_ours, call_theirs):
    with pytest.raises(Exception) as theirs:
        call_theirs()
    with pytest.raises(type(theirs.value)) as ours:
        call_ours()
    if "{" in str(theirs.value):
        # A message listing a set: its order varies with the run's string hashing.
        assert sorted(str(ours.value)) == sorted(str(theirs.value))
    else:
        assert str(ours.value) == str(theirs.value)


def test_argument_errors_match_scipy_on_numpy(on_numpy):
    x, y = _samples()
    r_ours, r_theirs = cstats.pearsonr(x[0], y[0]), stats.pearsonr(x[0], y[0])
    for ns_method, args in (
            ("PermutationMethod", dict(n_resamples=0)),
            ("PermutationMethod", dict(n_resamples=2.5)),
            ("PermutationMethod", dict(batch=0)),
            ("MonteCarloMethod", dict(n_resamples=-1, rng=1)),
            ("MonteCarloMethod", dict(batch=1.5, rng=1)),
            ("MonteCarloMethod", dict(rvs=(numpy.random.random,))),
            ("MonteCarloMethod", dict(rvs=(1, 2))),
    ):
        _errors(lambda: cstats.pearsonr(x, y, method=getattr(cstats, ns_method)(**args)),
                lambda: stats.pearsonr(x, y, method=getattr(stats, ns_method)(**args)))
    for args in (dict(method="bogus"), dict(n_resamples=0), dict(n_resamples=1.5),
                 dict(batch=-2)):
        _errors(lambda: r_ours.confidence_interval(method=cstats.BootstrapMethod(**args)),
                lambda: r_theirs.confidence_interval(method=stats.BootstrapMethod(**args)))
    _errors(lambda: cstats.pearsonr(x, y, method=cstats.BootstrapMethod()),
            lambda: stats.pearsonr(x, y, method=stats.BootstrapMethod()))
    _errors(lambda: r_ours.confidence_interval(method=cstats.MonteCarloMethod()),
            lambda: r_theirs.confidence_interval(method=stats.MonteCarloMethod()))


# ---- the GPU: cunp.random's streams, so agreement within sampling error ----------------------

@gpu
def test_random_permutation_and_monte_carlo_pvalues_on_gpu():
    warnings.simplefilter("ignore")
    n_res = 50000
    # Six standard deviations of the difference of two estimates at p = 1/2 (doubled for
    # two-sided): a couple of hundred comparisons, none should fail by chance.
    tol = 6 * numpy.sqrt(2 * 0.25 / n_res) * 2
    for dt in ("float64", "float32"):
        x, y = _samples(n=12, dt=dt)
        for a, b, ax in _layouts(x, y):
            for alt in ALTERNATIVES:
                for ours, theirs in (
                        (cstats.PermutationMethod(n_res, rng=3),
                         stats.PermutationMethod(n_res, rng=3)),
                        (stats.PermutationMethod(n_res, 8192, rng=numpy.random.default_rng(1)),
                         stats.PermutationMethod(n_res, rng=4)),
                        (cstats.MonteCarloMethod(n_res, rng=5),
                         stats.MonteCarloMethod(n_res, rng=5)),
                        (cstats.MonteCarloMethod(n_res, 12000, rng=cunp.random.default_rng(6)),
                         stats.MonteCarloMethod(n_res, rng=6))):
                    got = cstats.pearsonr(cunp.asarray(a), cunp.asarray(b), axis=ax,
                                          alternative=alt, method=ours)
                    want = stats.pearsonr(a, b, axis=ax, alternative=alt, method=theirs)
                    assert isinstance(got.pvalue, cunp.ndarray)
                    g, w = _host(got.pvalue), numpy.asarray(want.pvalue)
                    assert g.shape == w.shape and g.dtype == w.dtype
                    numpy.testing.assert_allclose(g, w, atol=tol)
                    _same(got.statistic, want.statistic, rtol=1e-5)


@gpu
def test_seeded_resampling_repeats_on_gpu():
    x, y = (cunp.asarray(v) for v in _samples(n=20))
    for method in (cstats.PermutationMethod(999, rng=8), cstats.MonteCarloMethod(999, rng=8)):
        p1 = _host(cstats.pearsonr(x, y, axis=1, method=method).pvalue)
        p2 = _host(cstats.pearsonr(x, y, axis=1, method=method).pvalue)
        numpy.testing.assert_array_equal(p1, p2)
    r = cstats.pearsonr(x, y, axis=1)
    ci1 = r.confidence_interval(method=cstats.BootstrapMethod(999, rng=8))
    ci2 = r.confidence_interval(method=cstats.BootstrapMethod(999, rng=8))
    numpy.testing.assert_array_equal(_host(ci1.low), _host(ci2.low))


@gpu
@pytest.mark.parametrize("kind", ["BCa", "percentile", "basic"])
def test_bootstrap_interval_on_gpu(kind):
    warnings.simplefilter("ignore")
    x, y = _samples(n=60, seed=12)
    for a, b, ax in _layouts(x, y):
        for alt in ALTERNATIVES:
            got = cstats.pearsonr(cunp.asarray(a), cunp.asarray(b), axis=ax,
                                  alternative=alt).confidence_interval(
                0.9, method=cstats.BootstrapMethod(20000, 5000, method=kind, rng=5))
            want = stats.pearsonr(a, b, axis=ax, alternative=alt).confidence_interval(
                0.9, method=stats.BootstrapMethod(20000, method=kind, rng=5))
            for g, w in zip(got, want):
                assert isinstance(g, cunp.ndarray)
                g, w = _host(g), numpy.asarray(w)
                assert g.shape == w.shape
                # Interval ends of resampling distributions: a few hundredths apart at most.
                numpy.testing.assert_allclose(g, w, atol=0.03)


def test_monte_carlo_without_rvs_or_rng_on_numpy(on_numpy):
    """Neither rvs nor rng: SciPy 1.17 hands rvs=None on and raises TypeError (its docs say
    normal draws); cunp follows SciPy's behaviour while SciPy has it."""
    x, y = _samples()
    try:
        stats.pearsonr(x, y, method=stats.MonteCarloMethod())
    except TypeError:
        _errors(lambda: cstats.pearsonr(x, y, method=cstats.MonteCarloMethod()),
                lambda: stats.pearsonr(x, y, method=stats.MonteCarloMethod()))
    else:
        pytest.skip("this SciPy draws normals without rvs or rng: cunp still raises")


def test_device_generator_from_host_seeds():
    """On cunp the draws come from a cunp.random generator seeded from whatever SciPy accepts
    as rng: integers, SeedSequences, NumPy Generators and NumPy bit generators (whose state
    they consume). Building one touches no device."""
    made = []
    for rng in (7, numpy.random.SeedSequence(7), numpy.random.default_rng(7),
                numpy.random.PCG64(7)):
        gen = _resampling.generator(cstats.PermutationMethod(rng=rng))
        assert isinstance(gen, cunp.random.Generator)
        made.append(gen.bit_generator.state["state"]["key"])
    assert made[0] == made[1]
    # A Generator and its bit generator seed alike (one draw of the same stream).
    assert made[2] == made[3]
    legacy = _resampling.generator(cstats.PermutationMethod(random_state=7))
    assert isinstance(legacy, cunp.random.RandomState)


def test_exact_permutation_count_without_large_factorials():
    """Whether every permutation is enumerated (n! <= n_resamples) is decided without forming
    n! of a large sample."""
    import math
    for n in range(12):
        for limit in (1, 2, 6, 119, 120, 121, 9999, 10 ** 400, math.inf):
            want = math.factorial(n) if math.factorial(n) <= limit else None
            assert _resampling._factorial_at_most(n, limit) == want
    assert _resampling._factorial_at_most(10 ** 7, 9999) is None
