"""cunp.scipy.fftpack against scipy.fftpack, and cunp.scipy.fft's fht/ifht/fhtoffset against
scipy.fft's: on NumPy (the modules' namespaces replaced, no device) and on the GPU."""
import types

import numpy
import pytest

import cunp
import cunp.scipy.fftpack as cfp
from cunp.scipy import fft as cfft
from cunp.scipy.fft import _fftlog

sfp = pytest.importorskip("scipy.fftpack")
import scipy.fft as sfft  # noqa: E402

gpu = pytest.mark.gpu


def _host(a):
    return cunp.asnumpy(a) if isinstance(a, cunp.ndarray) else numpy.asarray(a)


@pytest.fixture
def on_numpy(monkeypatch):
    np_like = types.SimpleNamespace(**{k: getattr(numpy, k) for k in dir(numpy)
                                       if not k.startswith("__")})
    monkeypatch.setattr(cfp, "cp", numpy)
    monkeypatch.setattr(_fftlog, "cunp", np_like)
    fake_fft = types.SimpleNamespace(**{k: getattr(cfft, k) for k in cfft.__all__})
    for name in ("fft", "ifft", "rfft", "irfft", "fftn", "ifftn"):
        generic = getattr(cfft._basic, name)
        setattr(fake_fft, name, lambda *a, _g=generic, **k: _g(numpy, *a, **k))
    monkeypatch.setattr(cfp, "_fft", fake_fft)


def _check_fftpack(conv, rtol):
    rng = numpy.random.default_rng(3)
    for n in (None, 5, 8, 9, 1):
        for x in (rng.random((3, 8)), rng.random(7).astype(numpy.float32), rng.random((4, 6))):
            for ax in (-1, 0):
                for name in ("rfft", "irfft", "fft", "ifft"):
                    got = _host(getattr(cfp, name)(conv(x), n, axis=ax))
                    want = getattr(sfp, name)(x, n, axis=ax)
                    assert got.dtype == want.dtype, (name, got.dtype, want.dtype)
                    numpy.testing.assert_allclose(got, want, rtol=rtol, atol=1e-5)
    x = rng.random((3, 4, 5))
    numpy.testing.assert_allclose(_host(cfp.fftn(conv(x), (2, 3, 4))), sfp.fftn(x, (2, 3, 4)),
                                  rtol=rtol)
    numpy.testing.assert_allclose(_host(cfp.fftn(conv(x), (2, 3), axes=(0, 2))),
                                  sfp.fftn(x, (2, 3), axes=(0, 2)), rtol=rtol)
    numpy.testing.assert_allclose(_host(cfp.ifft2(conv(x))), sfp.ifft2(x), rtol=rtol)
    numpy.testing.assert_allclose(_host(cfp.fft2(conv(x), (3, 3))), sfp.fft2(x, (3, 3)),
                                  rtol=rtol)
    numpy.testing.assert_allclose(_host(cfp.ifftn(conv(x))), sfp.ifftn(x), rtol=rtol)
    with pytest.raises(ValueError):
        cfp.fftn(conv(x), (2, 3))
    with pytest.raises(TypeError):
        cfp.rfft(conv(x + 1j))


def _check_fht(conv, rtol):
    rng = numpy.random.default_rng(0)
    for n in (1, 2, 8, 9, 64):
        a = rng.random((3, n))
        for args in ((0.1, 0.5), (0.05, -0.5, 0.3, 0.2), (0.2, 1.5, 0, 0.7), (0.01, 0.0, -1.0)):
            numpy.testing.assert_allclose(_host(cfft.fht(conv(a), *args)), sfft.fht(a, *args),
                                          rtol=rtol, atol=1e-12)
            numpy.testing.assert_allclose(_host(cfft.ifht(conv(a), *args)),
                                          sfft.ifht(a, *args), rtol=rtol, atol=1e-12)
    for args in ((0.1, 0.5), (0.05, -0.5, 0.3, 0.2), (0.2, 1.5, 0, 0.7)):
        assert abs(cfft.fhtoffset(*args) - sfft.fhtoffset(*args)) < 1e-12


def test_fftpack_on_numpy(on_numpy):
    _check_fftpack(numpy.asarray, 1e-5)


def test_fht_on_numpy(on_numpy):
    _check_fht(numpy.asarray, 1e-10)


def test_names():
    assert sorted(cfp.__all__) == sorted(["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn",
                                          "rfft", "irfft", "get_fft_plan"])
    assert callable(cfft.get_fft_plan) and "get_fft_plan" not in cfft.__all__


@gpu
def test_fftpack_on_gpu():
    _check_fftpack(cunp.asarray, 1e-5)


@gpu
def test_fht_on_gpu():
    _check_fht(cunp.asarray, 1e-10)
    a = numpy.random.default_rng(1).random(16).astype(numpy.float32)
    got = cfft.fht(cunp.asarray(a), 0.1, 0.5)
    assert got.dtype == numpy.float32
    numpy.testing.assert_allclose(cunp.asnumpy(got), sfft.fht(a, 0.1, 0.5), rtol=1e-4,
                                  atol=1e-5)


@gpu
def test_fftpack_plan_on_gpu():
    x = cunp.asarray(numpy.random.default_rng(2).random(64) + 0j)
    plan = cfp.get_fft_plan(x)
    numpy.testing.assert_allclose(cunp.asnumpy(cfp.fft(x, plan=plan)),
                                  numpy.fft.fft(cunp.asnumpy(x)), rtol=1e-10)
