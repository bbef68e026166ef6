"""cunp.scipy.stats.kendalltau against scipy.stats.kendalltau.

The CPU tests run the function with NumPy in place of cunp (the pair counts, tie statistics,
exact and asymptotic p-values and argument errors); the gpu twins run it on cunp arrays."""
import warnings

import numpy
import pytest

import cunp
from cunp.scipy.stats import _kendall, _results

stats = pytest.importorskip("scipy.stats")
special = pytest.importorskip("scipy.special")
import cunp.scipy.stats as cstats  # noqa: E402

gpu = pytest.mark.gpu
# SciPy 1.18 is the spec: its messages, and its promotion of both samples to a float dtype
# before ranking (1.17 ranked int64 values exactly).
SCIPY_118 = tuple(int(v) for v in __import__("scipy").__version__.split(".")[:2]) >= (1, 18)
ALTERNATIVES = ("two-sided", "less", "greater")


@pytest.fixture
def on_numpy(monkeypatch):
    for m in (_kendall, _results):
        monkeypatch.setattr(m, "cp", numpy)
    monkeypatch.setattr(_kendall, "_special", lambda: special)


def _host(a):
    return cunp.asnumpy(a) if isinstance(a, cunp.ndarray) else numpy.asarray(a)


def _same(got, want, rtol=1e-9):
    got, want = _host(got), numpy.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype.kind == want.dtype.kind, (got.dtype, want.dtype)
    numpy.testing.assert_allclose(got, want, rtol=rtol, atol=1e-300, equal_nan=True)


def _pairs(n, ties, seed):
    rng = numpy.random.default_rng(seed)
    if ties:
        x = rng.integers(0, 4, (3, n)).astype(float)
        y = rng.integers(0, 4, (3, n)).astype(float)
    else:
        x = rng.random((3, n))
        y = x + 2 * rng.random((3, n))
    if n >= 5:
        y[2] = rng.permutation(n)  # about uncorrelated
    return x, y


def _check_against_scipy(conv):
    warnings.simplefilter("ignore")
    # n = 2 is left out: SciPy's asymptotic variance divides by n - 2 (ZeroDivisionError).
    for n in (3, 5, 10, 33, 34, 70):
        for ties in (False, True):
            x, y = _pairs(n, ties, seed=n)
            for variant in "bc":
                for method in ("auto", "asymptotic", "exact"):
                    for alt in ALTERNATIVES:
                        for policy in ("propagate", "omit"):
                            xx = x.copy()
                            if policy == "omit" and n > 3:  # (n - 1 = 2: see above)
                                xx[0, 1] = numpy.nan
                            kw = dict(variant=variant, method=method, alternative=alt,
                                      nan_policy=policy)
                            for a, b, ax in ((xx, y, 1), (xx.T, y.T, 0),
                                             (xx[:, ::-1], y[:, ::-1], -1)):
                                try:
                                    want = stats.kendalltau(a, b, axis=ax, **kw)
                                except ValueError as e:
                                    with pytest.raises(ValueError, match=str(e) if SCIPY_118
                                                       else None):
                                        cstats.kendalltau(conv(a), conv(b), axis=ax, **kw)
                                    continue
                                got = cstats.kendalltau(conv(a), conv(b), axis=ax, **kw)
                                _same(got.statistic, want.statistic, rtol=1e-12)
                                _same(got.pvalue, want.pvalue)
                                assert got.correlation is got.statistic


def test_kendalltau_matches_scipy_on_numpy(on_numpy):
    _check_against_scipy(lambda a: a)


@gpu
def test_kendalltau_matches_scipy_on_gpu():
    _check_against_scipy(cunp.asarray)


def _check_shapes_and_dtypes(conv):
    warnings.simplefilter("ignore")
    rng = numpy.random.default_rng(3)
    x = rng.integers(-5, 5, (4, 6, 7)).astype(numpy.int32)
    y = rng.random((4, 6, 7)).astype(numpy.float32)
    for ax in (None, 0, 1, 2, -1):
        for keepdims in (False, True):
            got = cstats.kendalltau(conv(x), conv(y), axis=ax, keepdims=keepdims)
            want = stats.kendalltau(x, y, axis=ax, keepdims=keepdims)
            _same(got.statistic, want.statistic, rtol=1e-12)
            _same(got.pvalue, want.pvalue)
    # Broadcasting, empty, single observations, constant samples, F order.
    cases = [(x[:1], y, 2), (x[:, :0], y[:, :0], 1), (x[..., :1], y[..., :1], -1),
             (numpy.ones((3, 5)), y[0, :3, :5], 1),
             (numpy.asfortranarray(x[0]), numpy.asfortranarray(y[0]), 0),
             (numpy.arange(8), numpy.arange(8)[::-1], None)]
    for a, b, ax in cases:
        got = cstats.kendalltau(conv(a), conv(b), axis=ax)
        want = stats.kendalltau(a, b, axis=ax)
        _same(got.statistic, want.statistic, rtol=1e-12)
        _same(got.pvalue, want.pvalue)


def test_shapes_and_dtypes_on_numpy(on_numpy):
    _check_shapes_and_dtypes(lambda a: a)


@gpu
def test_shapes_and_dtypes_on_gpu():
    _check_shapes_and_dtypes(cunp.asarray)


def _brute_counts(x, y, valid):
    """Pair counts of one slice by comparing every pair (the definition)."""
    x, y = x[valid], y[valid]
    sx = numpy.sign(x[:, None] - x[None, :])
    sy = numpy.sign(y[:, None] - y[None, :])
    upper = numpy.triu(numpy.ones(sx.shape, dtype=bool), 1)
    prod = sx * sy
    dis = int(((prod < 0) & upper).sum())
    return (int(((prod > 0) & upper).sum()) - dis, dis, int(((sx == 0) & upper).sum()),
            int(((sy == 0) & upper).sum()), int(((sx == 0) & (sy == 0) & upper).sum()))


def test_sorted_pair_counts_match_all_pairs_on_numpy(on_numpy):
    """The sort-and-inversion counts equal the all-pairs definition: ties in x, in y, in both,
    invalid elements anywhere, lengths around powers of two (the bit passes' group edges)."""
    rng = numpy.random.default_rng(12)
    for n in (0, 1, 2, 3, 7, 8, 9, 16, 17, 31, 64, 100):
        for levels in (2, 5, 1000):
            x = rng.integers(0, levels, (4, n)).astype(float)
            y = rng.integers(0, levels, (4, n)).astype(float)
            valid = rng.random((4, n)) > 0.2
            valid[0] = True
            got = _kendall._pair_counts(x, y, valid)
            for i in range(4):
                want = _brute_counts(x[i], y[i], valid[i])
                assert tuple(int(g[i]) for g in got[:5]) == want, (n, levels, i)
            # Tie-group sizes: each valid element's group in x (and y) has that many members.
            for (t, v), a in ((got[5], x), (got[6], y)):
                assert numpy.array_equal(v.sum(axis=-1), valid.sum(axis=-1))
                for i in range(4):
                    vals = a[i][valid[i]]
                    _, want_t = numpy.unique(vals, return_counts=True)
                    got_t = numpy.sort(t[i][v[i]])
                    assert numpy.array_equal(got_t, numpy.sort(numpy.repeat(want_t, want_t)))


def test_inversions_of_permutations_on_numpy(on_numpy):
    rng = numpy.random.default_rng(5)
    for n in (1, 2, 5, 32, 33, 257):
        r = numpy.stack([rng.permutation(n) for _ in range(3)] + [numpy.arange(n)[::-1]])
        want = [int((r[i][:, None] > r[i][None, :])[numpy.triu_indices(n, 1)].sum())
                for i in range(4)]
        assert _kendall._inversions(r).tolist() == want


def test_extreme_integers_and_bools_on_numpy(on_numpy):
    """int64 extremes, uint8 and bool: both samples are ranked as float64, as SciPy 1.18 does
    (so the int64 minimum and its successor tie)."""
    i = numpy.iinfo(numpy.int64)
    x = numpy.array([i.min, i.max, 0, i.max, i.min + 1, 5])
    y = numpy.array([3, 1, 2, 2, 9, 0], dtype=numpy.uint8)
    b = numpy.array([True, False, True, True, False, False])
    for a, c in ((x, y), (b, y), (x, b)) if SCIPY_118 else ((b, y),):
        got, want = cstats.kendalltau(a, c), stats.kendalltau(a, c)
        _same(got.statistic, want.statistic, rtol=1e-12)
        _same(got.pvalue, want.pvalue)


def _check_long(conv, n, ties):
    """Correlated samples (p-value about 0) and independent ones (a p-value of order 1, so
    the variance is checked too), the latter also as two reversed columns of a 2-d array."""
    rng = numpy.random.default_rng(n)
    x = rng.random(n)
    y = x + rng.random(n)
    z = rng.random(n)
    if ties:
        x, y, z = numpy.round(x * 50), numpy.round(y * 50), numpy.round(z * 50)
    for variant in "bc":
        for a, b, ax in ((x, y, None), (x, z, None),
                         (numpy.stack([x, z], axis=1)[::-1], numpy.stack([z, x], axis=1), 0)):
            want = stats.kendalltau(a, b, variant=variant, axis=ax)
            got = cstats.kendalltau(conv(a), conv(b), variant=variant, axis=ax)
            _same(got.statistic, want.statistic, rtol=1e-10)
            _same(got.pvalue, want.pvalue, rtol=1e-7)


def test_long_sample_matches_scipy_on_numpy(on_numpy):
    """n = 20000: out of reach of all-pairs counting in the test's time, O(n log n) here."""
    _check_long(lambda a: a, 20000, ties=False)
    _check_long(lambda a: a, 20000, ties=True)


@gpu
def test_long_sample_matches_scipy_on_gpu():
    _check_long(cunp.asarray, 10 ** 6, ties=False)
    _check_long(cunp.asarray, 10 ** 6, ties=True)


def test_two_observations_asymptotic_on_numpy(on_numpy):
    # SciPy divides by n - 2 in a term that is 0 for n = 2 (ZeroDivisionError); cunp drops it:
    # the variance is n(n-1)(2n+5)/18 = 1, so z = +-1.
    got = cstats.kendalltau([1.0, 2.0], [2.0, 1.0], method="asymptotic")
    numpy.testing.assert_allclose(got.pvalue, 2 * special.ndtr(-1.0))


def test_argument_errors_match_scipy_on_numpy(on_numpy):
    x, y = numpy.arange(5.0), numpy.array([1.0, 1, 2, 3, 4])
    for kw in (dict(method="bogus"), dict(variant="a"), dict(method="exact"),
               dict(nan_policy="bogus")):
        with pytest.raises(ValueError) as theirs:
            stats.kendalltau(x, y, **kw)
        with pytest.raises(ValueError) as ours:
            cstats.kendalltau(x, y, **kw)
        if "nan_policy" in kw:  # SciPy's message lists a set: its order varies by run
            assert sorted(str(ours.value)) == sorted(str(theirs.value))
        elif SCIPY_118:
            assert str(ours.value) == str(theirs.value)
    with pytest.raises(ValueError, match="nan values"):
        cstats.kendalltau(numpy.array([1.0, numpy.nan, 3]), x[:3], nan_policy="raise")
    with pytest.raises(ValueError):
        cstats.kendalltau(x, y[:3])
    with pytest.raises(ValueError):
        stats.kendalltau(x, y[:3])
