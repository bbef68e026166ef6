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
