"""lombscargle against scipy.signal: every normalisation, weights, floating mean, the
deprecated precenter and SciPy's errors. Written over an array namespace: the CPU tests run it
with xp=numpy, the gpu test on cunp arrays."""
import warnings

import numpy
import pytest

from cunp.scipy.signal import _lombscargle

gpu = pytest.mark.gpu


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


def _data(n=50, seed=0):
    rng = numpy.random.default_rng(seed)
    t = numpy.sort(rng.uniform(0, 10, n))
    y = numpy.sin(2 * t) + 0.3 * rng.standard_normal(n) + 0.5
    return t, y, rng.uniform(0.5, 2, n)


def _close(got, want, tol=1e-10):
    got, want = numpy.asarray(got), numpy.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype
    scale = max(1.0, float(numpy.abs(want).max(initial=0)))
    numpy.testing.assert_allclose(got, want, rtol=tol, atol=tol * scale)


@pytest.mark.parametrize("normalize", [False, True, "power", "normalize", "amplitude"])
@pytest.mark.parametrize("floating_mean", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
def test_lombscargle(ss, normalize, floating_mean, weighted):
    t, y, w = _data()
    # A zero frequency with a floating mean fits 0/0 (SciPy returns rounding noise there).
    freqs = numpy.linspace(0.0 if not floating_mean else 0.05, 5, 37)
    kwargs = {"normalize": normalize, "floating_mean": floating_mean,
              "weights": w if weighted else None}
    _close(_lombscargle.lombscargle(numpy, t, y, freqs, **kwargs),
           ss.lombscargle(t, y, freqs, **kwargs))


def test_lombscargle_inputs(ss):
    t, y, _ = _data(31, 1)
    freqs = numpy.array([0.5, 1.0, 2.0])
    for args in [(t.astype(numpy.float32), y.astype(numpy.float32), freqs),
                 (numpy.arange(31), numpy.arange(31) % 3, [1, 2])]:
        _close(_lombscargle.lombscargle(numpy, *args), ss.lombscargle(*args))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        _close(_lombscargle.lombscargle(numpy, t, y, freqs, precenter=True),
               ss.lombscargle(t, y, freqs, precenter=True))
    with pytest.warns(DeprecationWarning):
        _lombscargle.lombscargle(numpy, t, y, freqs, precenter=False)


@pytest.mark.parametrize("rows", [1, 3, 7, 36, 37, 100])
@pytest.mark.parametrize("floating_mean", [False, True])
def test_lombscargle_chunks(ss, monkeypatch, rows, floating_mean):
    # A budget of `rows` frequencies per chunk: the chunked sums equal the one-chunk ones.
    t, y, w = _data(40, 3)
    freqs = numpy.linspace(0.05, 5, 37)
    kwargs = {"floating_mean": floating_mean, "weights": w}
    whole = {m: _lombscargle.lombscargle(numpy, t, y, freqs, normalize=m, **kwargs)
             for m in ("power", "normalize", "amplitude")}
    budget = rows * _lombscargle._LIVE_MATRICES * 8 * t.size
    monkeypatch.setattr(_lombscargle, "_TEMPORARY_BYTES", budget)
    assert _lombscargle._rows_per_chunk(t.size) == rows
    for mode, want in whole.items():
        got = _lombscargle.lombscargle(numpy, t, y, freqs, normalize=mode, **kwargs)
        _close(got, want, 1e-12)
        _close(got, ss.lombscargle(t, y, freqs, normalize=mode, **kwargs))


def test_lombscargle_chunk_rows():
    # The default budget: every chunk's temporaries fit in 256 MiB, at least one frequency.
    for n in (1, 1000, 1 << 20, 1 << 25):
        rows = _lombscargle._rows_per_chunk(n)
        assert rows >= 1
        assert rows == 1 or rows * n * 8 * _lombscargle._LIVE_MATRICES <= 256 << 20


@pytest.mark.parametrize("case", range(7))
def test_lombscargle_errors(ss, case):
    t, y, _ = _data(5)
    f = numpy.array([1.0, 2.0])
    args, kwargs = [
        ((t, y[:4], f), {}), ((t[None], y[None], f), {}), ((t, y, f[:, None]), {}),
        ((t, y, f), {"normalize": "bad"}), ((t, y, f), {"weights": -numpy.ones(5)}),
        ((t, y, f), {"weights": numpy.ones(4)}), ((t, y, f), {"weights": numpy.zeros(5)}),
    ][case]
    with pytest.raises(ValueError):
        ss.lombscargle(*args, **kwargs)
    with pytest.raises(ValueError):
        _lombscargle.lombscargle(numpy, *args, **kwargs)


@gpu
def test_public_lombscargle_returns_cunp(ss):
    import cunp
    from cunp.scipy import signal

    t, y, w = _data(4000)
    freqs = numpy.linspace(0.01, 5, 500)
    got = signal.lombscargle(cunp.asarray(t), cunp.asarray(y), cunp.asarray(freqs),
                             weights=cunp.asarray(w), floating_mean=True)
    assert isinstance(got, cunp.ndarray)
    want = ss.lombscargle(t, y, freqs, weights=w, floating_mean=True)
    cunp.testing.assert_allclose(got, want, rtol=1e-8, atol=1e-8 * float(abs(want).max()))


@gpu
def test_lombscargle_memory_bounded_on_device(ss, monkeypatch):
    import cunp
    from cunp.scipy import signal

    t, y, w = _data(4000, 5)
    freqs = numpy.linspace(0.01, 5, 5000)
    # 5000 x 4000 float64 is 160 MB per dense matrix; an 8 MiB budget takes 43 rows a chunk.
    monkeypatch.setattr(_lombscargle, "_TEMPORARY_BYTES", 8 << 20)
    args = [cunp.asarray(a) for a in (t, y, freqs)]
    # With 128 MiB over what is in use one dense matrix could not be allocated; chunks fit.
    pool = cunp.get_default_memory_pool()
    cunp.cuda.Device().synchronize()
    pool.free_all_blocks()
    limit = pool.get_limit()
    pool.set_limit(size=pool.used_bytes() + (128 << 20))
    try:
        got = signal.lombscargle(*args, weights=cunp.asarray(w), floating_mean=True)
        cunp.cuda.Device().synchronize()
    finally:
        pool.set_limit(size=limit)
    want = ss.lombscargle(t, y, freqs, weights=w, floating_mean=True)
    cunp.testing.assert_allclose(got, want, rtol=1e-8, atol=1e-8 * float(abs(want).max()))
