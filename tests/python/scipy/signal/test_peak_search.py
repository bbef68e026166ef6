"""The block range searches behind peak_prominences and peak_widths (_range_search) against
plain loops, and the vectorised prominences and widths against scipy.signal on signals with
plateaus, ties, NaNs, windows and any peak indices, across block boundaries; plus a long signal
with millions of peaks, which the earlier search per peak could not finish."""
import time
import warnings

import numpy
import pytest

from cunp.scipy.signal import _peaks, _range_search
from cunp.scipy.signal._range_search import RangeSearch


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


def _signals(rng):
    n = 3 * _range_search._BLOCK + 5
    yield rng.standard_normal(n)
    yield rng.integers(0, 4, n).astype(float)  # plateaus and ties everywhere
    yield numpy.repeat(rng.standard_normal(n // 4), 4)
    ramp = numpy.sin(numpy.arange(20 * n) / 7.0) * numpy.arange(20 * n)  # long walks
    yield ramp
    x = rng.standard_normal(5 * n)
    x[rng.integers(0, x.size, 12)] = numpy.nan
    yield x
    yield numpy.array([0.0, 1.0, 0.0])
    yield rng.integers(0, 3, 7).astype(float)


@pytest.mark.parametrize("strict", [True, False])
def test_last_above_against_loop(strict):
    rng = numpy.random.default_rng(1)
    for x in _signals(rng):
        y = numpy.where(numpy.isnan(x), numpy.inf, x)
        search = RangeSearch(y)
        n = y.size
        lo = rng.integers(0, n, 300)
        hi = rng.integers(0, n, 300)
        v = rng.choice(y[numpy.isfinite(y)], 300)
        got = search.last_above(lo, hi, v, strict=strict)
        for i in range(300):
            want = lo[i] - 1
            for j in range(hi[i], lo[i] - 1, -1):
                if (y[j] > v[i]) if strict else (y[j] >= v[i]):
                    want = j
                    break
            assert got[i] == want, (i, lo[i], hi[i], v[i])


def test_argmin_last_against_loop():
    rng = numpy.random.default_rng(2)
    for x in _signals(rng):
        y = numpy.where(numpy.isnan(x), numpy.inf, x)
        search = RangeSearch(y)
        n = y.size
        a, b = rng.integers(0, n, 300), rng.integers(0, n, 300)
        lo, hi = numpy.minimum(a, b), numpy.maximum(a, b)
        got = search.argmin_last(lo, hi)
        for i in range(300):
            part = y[lo[i]:hi[i] + 1]
            want = hi[i] - int(numpy.argmin(part[::-1]))
            assert got[i] == want, (lo[i], hi[i])


def _compare(got, want):
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype, (g.dtype, w.dtype)
        numpy.testing.assert_allclose(g, w, rtol=1e-12, atol=0, equal_nan=True)


@pytest.mark.parametrize("wlen", [None, 2, 5, 16.5, 80])
def test_prominences_widths(ss, wlen):
    rng = numpy.random.default_rng(3)
    for x in _signals(rng):
        peaks = ss.find_peaks(x)[0]
        # Any index is a valid "peak" for peak_prominences, not only local maxima.
        others = rng.integers(0, x.size, 20)
        for p in (peaks, others, numpy.sort(numpy.concatenate([peaks, others]))):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                want = ss.peak_prominences(x, p, wlen)
                got = _peaks.peak_prominences(x, p, wlen)
            _compare(got, want)
            for rel_height in (0.0, 0.5, 1.0, 2.0):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    want = ss.peak_widths(x, p, rel_height, wlen=wlen)
                    got = _peaks.peak_widths(x, p, rel_height, wlen=wlen)
                _compare(got, want)


def test_empty_and_errors(ss):
    x = numpy.array([0.0, 2.0, 1.0, 3.0, 0.0])
    _compare(_peaks.peak_prominences(x, []), ss.peak_prominences(x, []))
    _compare(_peaks.peak_widths(x, []), ss.peak_widths(x, []))
    for call in (lambda m: m.peak_prominences(x, [1, 9, -1]),
                 lambda m: m.peak_widths(x, [1, 3], prominence_data=(numpy.ones(2),
                                                                     numpy.array([0, 4]),
                                                                     numpy.array([2, 4])))):
        with pytest.raises(ValueError) as want:
            call(ss)
        with pytest.raises(ValueError) as got:
            call(_peaks)
        assert str(got.value) == str(want.value)


def test_find_peaks_prominence_long(ss):
    """2^20 random samples, about 350 000 peaks: seconds, where a search per peak took hours."""
    x = numpy.random.default_rng(4).standard_normal(1 << 20).astype(numpy.float32)
    start = time.perf_counter()
    got = _peaks.find_peaks(x, prominence=0.5, width=1.0)
    assert time.perf_counter() - start < 60
    want = ss.find_peaks(x, prominence=0.5, width=1.0)
    numpy.testing.assert_array_equal(got[0], want[0])
    assert got[1].keys() == want[1].keys()
    for key in want[1]:
        numpy.testing.assert_allclose(got[1][key], want[1][key], rtol=1e-12)


@pytest.mark.parametrize("limit", [1, 3, 1 << 12])
def test_walk_model_and_fallback(ss, monkeypatch, limit):
    """The device walk's model in its place: walks past `limit` finish on the range search."""
    monkeypatch.setattr(_peaks, "walk_entry", lambda count: _peaks.walk_model)
    monkeypatch.setattr(_peaks, "WALK_LIMIT", limit)
    rng = numpy.random.default_rng(5)
    for x in _signals(rng):
        peaks = ss.find_peaks(x)[0]
        for wlen in (None, 5, 40):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                _compare(_peaks.peak_prominences(x, peaks, wlen),
                         ss.peak_prominences(x, peaks, wlen))
                _compare(_peaks.peak_widths(x, peaks, 0.7, wlen=wlen),
                         ss.peak_widths(x, peaks, 0.7, wlen=wlen))
    # The model's own answers, where the walk finishes, are SciPy's.
    x = rng.standard_normal(500)
    peaks = ss.find_peaks(x)[0]
    n = x.size
    left, right, prominence = _peaks.walk_model(x, peaks, numpy.zeros_like(peaks),
                                                numpy.full_like(peaks, n - 1), 1 << 20)
    want = ss.peak_prominences(x, peaks)
    numpy.testing.assert_array_equal(left, want[1])
    numpy.testing.assert_array_equal(right, want[2])
    numpy.testing.assert_allclose(prominence, want[0], rtol=1e-15)


@pytest.mark.gpu
@pytest.mark.parametrize("limit", [2, 1 << 12])
def test_device_walk(ss, monkeypatch, limit):
    """The kernel walk on enough peaks to take the device path; a tiny limit sends most back
    to the host search."""
    import cunp
    from cunp.scipy import signal

    monkeypatch.setattr(_peaks, "WALK_LIMIT", limit)
    rng = numpy.random.default_rng(6)
    x = rng.standard_normal(1 << 16)
    x[rng.integers(0, x.size, 50)] = numpy.nan
    x[1000:1100] = numpy.round(x[1000:1100])  # plateaus and ties
    x += numpy.linspace(0, 30, x.size)  # tall peaks with long walks
    peaks = ss.find_peaks(x)[0]
    assert peaks.size >= _peaks.DEVICE_MIN_PEAKS
    assert _peaks.walk_entry(peaks.size) is not None
    for wlen in (None, 7, 300):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _compare(_peaks.peak_prominences(x, peaks, wlen), ss.peak_prominences(x, peaks, wlen))
    got = signal.find_peaks(cunp.asarray(x.astype(numpy.float32)), prominence=0.5)
    want = ss.find_peaks(x.astype(numpy.float32), prominence=0.5)
    numpy.testing.assert_array_equal(cunp.asnumpy(got[0]), want[0])
    for key in want[1]:
        numpy.testing.assert_allclose(cunp.asnumpy(got[1][key]), want[1][key], rtol=1e-12)
