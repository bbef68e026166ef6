"""find_peaks, peak_prominences and peak_widths: the tree search of the peak kernels through
their NumPy model (peak_model.py) against plain loops and scipy.signal on the CPU -- signals
with plateaus, ties, NaNs, infinities, windows, any peak indices, long walks across several tree
levels -- and the kernels themselves (gpu) against scipy.signal on random, flat, monotone,
one-sample, strided and long signals in float32 and float64."""
import os
import sys
import warnings

import numpy
import pytest

sys.path.insert(0, os.path.dirname(__file__))
import peak_model  # noqa: E402


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


@pytest.fixture
def cpu(monkeypatch):
    return peak_model.on_numpy(monkeypatch)


def _signals(rng, n=3 * 32 * 32 + 37):
    """Long enough for three tree levels; walks of every length."""
    yield rng.standard_normal(n)
    yield rng.integers(0, 4, n).astype(float)  # plateaus and ties everywhere
    yield numpy.repeat(rng.standard_normal(n // 40), 40)  # plateaus across nodes
    yield numpy.sin(numpy.arange(n) / 7.0) * numpy.arange(n)  # long walks
    x = rng.standard_normal(n)
    x[rng.integers(0, n, 12)] = numpy.nan
    x[rng.integers(0, n, 3)] = numpy.inf
    yield x
    yield numpy.array([0.0, 1.0, 0.0])
    yield rng.integers(0, 3, 7).astype(float)


def _brute_search(y, start, lo, hi, hit, left):
    steps = range(start, lo - 1, -1) if left else range(start, hi + 1)
    for j in steps:
        if (j < lo or j > hi):
            break
        if hit(y[j]):
            return j
    return lo - 1 if left else hi + 1


@pytest.mark.parametrize("left", [True, False])
def test_tree_search_against_loop(left):
    rng = numpy.random.default_rng(1)
    for x in _signals(rng):
        n = x.size
        mx, mn = peak_model.peak_tree(x)
        shape = peak_model.layout(n)
        for _ in range(150):
            a, b, start = sorted(rng.integers(0, n, 3))
            lo, hi = (a, start) if left else (start, b)
            if rng.random() < 0.2:  # empty ranges
                lo, hi = (start + 1, start) if left else (start, start - 1)
            v = float(rng.choice(x[numpy.isfinite(x)]))
            for tree, hit in ((mx, lambda y: not (y <= v)), (mn, lambda y: not (v < y))):
                got, _ = peak_model.search(x, tree, mn, shape, start, lo, hi, hit, left)
                assert got == _brute_search(x, start, lo, hi, hit, left), (start, lo, hi, v)


def test_tree_fold():
    """The minimum folded on the way to the first sample above v is that of the samples
    walked over."""
    rng = numpy.random.default_rng(2)
    x = rng.standard_normal(5000)
    mx, mn = peak_model.peak_tree(x)
    shape = peak_model.layout(x.size)
    for start in rng.integers(0, x.size, 200):
        v = x[start] + abs(rng.standard_normal()) * 2
        for left in (True, False):
            stop, low = peak_model.search(x, mx, mn, shape, start, 0, x.size - 1,
                                          lambda y: not (y <= v), left, x[start])
            part = x[stop + 1:start + 1] if left else x[start:stop]
            assert low == part.min()


def _compare(got, want, exact=False):
    assert len(got) == len(want)
    for g, w in zip(got, want):
        g = numpy.asarray(g)
        assert g.dtype == w.dtype, (g.dtype, w.dtype)
        if exact:
            numpy.testing.assert_array_equal(g, w)
        else:
            numpy.testing.assert_allclose(g, w, rtol=1e-12, atol=0, equal_nan=True)


@pytest.mark.parametrize("wlen", [None, 2, 5, 16.5, 80, 3000])
def test_prominences_widths(ss, cpu, wlen):
    rng = numpy.random.default_rng(3)
    for x in _signals(rng):
        peaks = ss.find_peaks(x)[0]
        # Any index is a valid "peak" for peak_prominences, not only local maxima.
        others = rng.integers(0, x.size, 20)
        for p in (peaks[:300], others, numpy.sort(numpy.concatenate([peaks[:100], others]))):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                want = ss.peak_prominences(x, p, wlen)
                got = cpu.peak_prominences(x, p, wlen)
            _compare(got, want)
            for rel_height in (0.0, 0.5, 1.0, 2.0):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    want = ss.peak_widths(x, p, rel_height, wlen=wlen)
                    got = cpu.peak_widths(x, p, rel_height, wlen=wlen)
                _compare(got, want)


def test_widths_given_bases(ss, cpu):
    """Bases given by the caller may span NaNs and higher samples: the width walk stops at a
    NaN (a NaN under a tree node counts as a hit) and at the bases."""
    rng = numpy.random.default_rng(9)
    n = 2 * 32 * 32 + 11
    x = rng.standard_normal(n)
    x[rng.integers(0, n, 8)] = numpy.nan
    peaks = numpy.sort(rng.integers(0, n, 200))
    a, b = rng.integers(0, n, 200), rng.integers(0, n, 200)
    left, right = numpy.minimum(peaks, a), numpy.maximum(peaks, b)
    left[:20], right[:20] = 0, n - 1
    prominences = rng.random(200) * 4
    for rel_height in (0.0, 0.5, 3.0):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = ss.peak_widths(x, peaks, rel_height, (prominences, left, right))
            got = cpu.peak_widths(x, peaks, rel_height, (prominences, left, right))
        _compare(got, want)


def test_local_maxima(ss, cpu):
    rng = numpy.random.default_rng(4)
    cases = list(_signals(rng)) + [numpy.ones(50), numpy.arange(50.0), numpy.arange(50.0)[::-1],
                                   numpy.array([1.0]), numpy.array([]), numpy.array([0.0, 1]),
                                   numpy.array([0.0, 1, 1, 1]), numpy.array([0.0, 1, 1, 0]),
                                   numpy.array([1.0, 0, 2, 2, numpy.nan, 2, 1])]
    for x in cases:
        got = cpu.find_peaks(x, plateau_size=(None, None))
        want = ss.find_peaks(x, plateau_size=(None, None))
        _compare((got[0],) + tuple(got[1].values()), (want[0],) + tuple(want[1].values()),
                 exact=True)


def test_empty_and_errors(ss, cpu):
    x = numpy.array([0.0, 2.0, 1.0, 3.0, 0.0])
    _compare(cpu.peak_prominences(x, []), ss.peak_prominences(x, []))
    _compare(cpu.peak_widths(x, []), ss.peak_widths(x, []))
    for call in (lambda m: m.peak_prominences(x, [1, 9, -1]),
                 lambda m: m.peak_widths(x, [1, 3], prominence_data=(numpy.ones(2),
                                                                     numpy.array([0, 4]),
                                                                     numpy.array([2, 4]))),
                 lambda m: m.peak_widths(x, [1, 3], prominence_data=(numpy.ones(3),
                                                                     numpy.array([0, 4]),
                                                                     numpy.array([2, 4]))),
                 lambda m: m.peak_prominences(x, [1], wlen=1)):
        with pytest.raises(ValueError) as want:
            call(ss)
        with pytest.raises(ValueError) as got:
            call(cpu)
        assert str(got.value) == str(want.value)
    with pytest.raises(TypeError):
        cpu.peak_prominences(x, [1.0])


def test_find_peaks_prominence_long(ss, cpu):
    """Walks across every level of a four-level tree, on a random walk with tall peaks."""
    x = numpy.cumsum(numpy.random.default_rng(5).standard_normal(40000)).astype(numpy.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = cpu.find_peaks(x, prominence=3, width=1.0)
        want = ss.find_peaks(x, prominence=3, width=1.0)
    numpy.testing.assert_array_equal(got[0], want[0])
    assert got[1].keys() == want[1].keys()
    for key in want[1]:
        numpy.testing.assert_allclose(got[1][key], want[1][key], rtol=1e-12)


# --- on the device ---


def _device_cases(rng):
    n = 1 << 16
    x = rng.standard_normal(n)
    x[rng.integers(0, n, 50)] = numpy.nan
    x[1000:1100] = numpy.round(x[1000:1100])  # plateaus and ties
    x += numpy.linspace(0, 30, n)  # tall peaks with long walks
    yield "mixed", x
    yield "walk", numpy.cumsum(rng.standard_normal(n))
    yield "levels", rng.integers(0, 5, n).astype(float)
    yield "flat", numpy.ones(1000)
    yield "rising", numpy.arange(1000.0)
    yield "falling", numpy.arange(1000.0)[::-1].copy()
    yield "one", numpy.array([3.0])
    yield "three", numpy.array([0.0, 1.0, 0.0])
    yield "plateau", numpy.array([0.0, 2, 2, 2, 1, 3, 3, 0, 0, 4, 4])


def _on_device_vs_scipy(ss, signal, cunp, x, dtype, layout):
    h = x.astype(dtype)
    d = cunp.asarray(h)
    if layout == "strided":
        d = cunp.asarray(numpy.repeat(h, 2))[::2]
    elif layout == "reversed":
        d = cunp.asarray(h[::-1].copy())[::-1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for kwargs in ({"prominence": 0.5}, {"prominence": (1, None), "wlen": 41},
                       {"width": 2, "rel_height": 0.7}, {"plateau_size": 1, "height": 0},
                       {"threshold": 0.1, "distance": 3, "prominence": 0}):
            got = signal.find_peaks(d, **kwargs)
            want = ss.find_peaks(h, **kwargs)
            numpy.testing.assert_array_equal(cunp.asnumpy(got[0]), want[0])
            assert got[1].keys() == want[1].keys()
            for key in want[1]:
                g = cunp.asnumpy(got[1][key])
                assert g.dtype == want[1][key].dtype, key
                numpy.testing.assert_allclose(g, want[1][key], rtol=1e-12, equal_nan=True)
        peaks = ss.find_peaks(h)[0]
        for wlen in (None, 7, 300):
            _compare([cunp.asnumpy(a) for a in signal.peak_prominences(d, peaks, wlen)],
                     ss.peak_prominences(h, peaks, wlen))
            _compare([cunp.asnumpy(a) for a in signal.peak_widths(d, peaks, 0.5, wlen=wlen)],
                     ss.peak_widths(h, peaks, 0.5, wlen=wlen))


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
@pytest.mark.parametrize("layout", ["contiguous", "strided", "reversed"])
def test_device_against_scipy(ss, dtype, layout):
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(6)
    for name, x in _device_cases(rng):
        _on_device_vs_scipy(ss, signal, cunp, x, dtype, layout)


@pytest.mark.gpu
def test_device_large(ss):
    """The bench's case at 2^22 samples: about a million peaks, some walking far."""
    import cunp
    from cunp.scipy import signal

    x = numpy.random.default_rng(7).standard_normal(1 << 22).astype(numpy.float32)
    x[::4096] += 20  # tall peaks whose walks cross every tree level
    got = signal.find_peaks(cunp.asarray(x), prominence=0.5)
    want = ss.find_peaks(x, prominence=0.5)
    numpy.testing.assert_array_equal(cunp.asnumpy(got[0]), want[0])
    for key in want[1]:
        numpy.testing.assert_allclose(cunp.asnumpy(got[1][key]), want[1][key], rtol=1e-12)
    got = signal.peak_widths(cunp.asarray(x), got[0][:5000], 0.5)
    want = ss.peak_widths(x, want[0][:5000], 0.5)
    _compare([cunp.asnumpy(a) for a in got], want)


@pytest.mark.gpu
def test_device_int_input_and_errors(ss):
    import cunp
    from cunp.scipy import signal
    from cunp.scipy.signal import _peaks

    x = numpy.random.default_rng(8).integers(0, 9, 500)
    got = signal.find_peaks(cunp.asarray(x), prominence=1, width=1)
    want = ss.find_peaks(x, prominence=1, width=1)
    numpy.testing.assert_array_equal(cunp.asnumpy(got[0]), want[0])
    for key in want[1]:
        numpy.testing.assert_allclose(cunp.asnumpy(got[1][key]), want[1][key], rtol=1e-12)
    with pytest.raises(ValueError, match="not a valid index"):
        signal.peak_prominences(cunp.asarray(x.astype(float)), [1, 600])
    with pytest.raises(ValueError, match="1-D"):
        signal.find_peaks(cunp.ones((2, 3)))
    with pytest.warns(_peaks.PeakPropertyWarning):
        signal.peak_prominences(cunp.asarray([0.0, 1.0, 0.0]), [0])


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_device_widths_given_bases(ss, dtype):
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(10)
    n = 100_000
    x = rng.standard_normal(n).astype(dtype)
    x[rng.integers(0, n, 30)] = numpy.nan
    peaks = numpy.sort(rng.integers(0, n, 3000))
    left = numpy.minimum(peaks, rng.integers(0, n, 3000))
    right = numpy.maximum(peaks, rng.integers(0, n, 3000))
    prominences = rng.random(3000) * 4
    for rel_height in (0.0, 0.5, 3.0):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = ss.peak_widths(x, peaks, rel_height, (prominences, left, right))
            got = signal.peak_widths(cunp.asarray(x), cunp.asarray(peaks), rel_height,
                                     (cunp.asarray(prominences), cunp.asarray(left),
                                      cunp.asarray(right)))
        _compare([cunp.asnumpy(a) for a in got], want)
