"""periodogram, welch, csd, coherence, spectrogram, stft, detrend, hilbert, check_COLA,
check_NOLA, upfirdn, resample_poly and decimate against scipy.signal.

Written over an array namespace: the CPU tests run them with xp=numpy, the gpu tests on cunp
arrays."""
import warnings

import numpy
import pytest

from cunp.scipy.signal import _resample, _spectral

gpu = pytest.mark.gpu

SHAPES = [((1000,), -1), ((3, 500), 1), ((500, 3), 0), ((2, 300, 3), 1)]
DTYPES = ["float64", "float32", "complex128"]


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


def _random(shape, dtype, rng, scale=1.0):
    x = rng.standard_normal(shape) * scale
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _tol(dtype):
    return 1e-4 if numpy.dtype(dtype) in (numpy.float32, numpy.complex64) else 1e-9


def _check(got, want, tol):
    if isinstance(want, tuple):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            _check(g, w, tol)
        return
    got = numpy.asarray(got)
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    scale = max(1.0, float(numpy.abs(want).max(initial=0)))
    numpy.testing.assert_allclose(got, want, rtol=tol, atol=tol * scale)


WELCH_KWARGS = [{}, {"nperseg": 64}, {"nperseg": 64, "noverlap": 10, "nfft": 100},
                {"window": "hamming", "nperseg": 33, "detrend": "linear", "scaling": "spectrum"},
                {"nperseg": 50, "average": "median"}, {"nperseg": 64, "return_onesided": False},
                {"nperseg": 2000}, {"window": numpy.hanning(40)}, {"detrend": False,
                                                                  "nperseg": 16}]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kwargs", WELCH_KWARGS, ids=str)
def test_welch_csd(ss, dtype, kwargs):
    rng = numpy.random.default_rng(0)
    for shape, axis in SHAPES:
        x, y = _random(shape, dtype, rng), _random(shape, dtype, rng)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _check(_spectral.welch(numpy, x, 10.0, axis=axis, **kwargs),
                   ss.welch(x, 10.0, axis=axis, **kwargs), _tol(dtype))
            _check(_spectral.csd(numpy, x, y, 10.0, axis=axis, **kwargs),
                   ss.csd(x, y, 10.0, axis=axis, **kwargs), _tol(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
def test_coherence_periodogram(ss, dtype):
    rng = numpy.random.default_rng(1)
    for shape, axis in SHAPES:
        x, y = _random(shape, dtype, rng), _random(shape, dtype, rng)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _check(_spectral.coherence(numpy, x, y, axis=axis, nperseg=64),
                   ss.coherence(x, y, axis=axis, nperseg=64), 10 * _tol(dtype))
            for kwargs in ({}, {"nfft": 2000}, {"nfft": 100}, {"window": "hann",
                                                                "scaling": "spectrum"},
                           {"detrend": False}, {"return_onesided": False}):
                _check(_spectral.periodogram(numpy, x, axis=axis, **kwargs),
                       ss.periodogram(x, axis=axis, **kwargs), _tol(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("mode", ["psd", "complex", "magnitude", "angle", "phase"])
def test_spectrogram(ss, dtype, mode):
    rng = numpy.random.default_rng(2)
    for shape, axis in SHAPES:
        x = _random(shape, dtype, rng)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _check(_spectral.spectrogram(numpy, x, nperseg=64, axis=axis, mode=mode),
                   ss.spectrogram(x, nperseg=64, axis=axis, mode=mode), 10 * _tol(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kwargs", [{}, {"nperseg": 64},
                                    {"nperseg": 64, "boundary": None, "padded": False},
                                    {"nperseg": 63, "boundary": "even"},
                                    {"nperseg": 64, "boundary": "odd", "scaling": "psd"},
                                    {"nperseg": 64, "boundary": "constant", "noverlap": 48},
                                    {"nperseg": 32, "nfft": 50, "detrend": "constant"}], ids=str)
def test_stft(ss, dtype, kwargs):
    rng = numpy.random.default_rng(3)
    for shape, axis in SHAPES:
        x = _random(shape, dtype, rng)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _check(_spectral.stft(numpy, x, axis=axis, **kwargs),
                   ss.stft(x, axis=axis, **kwargs), _tol(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kwargs", [{"nperseg": 64}, {"nperseg": 64, "noverlap": 48},
                                    {"nperseg": 63, "noverlap": 20}, {"nperseg": 32, "nfft": 50},
                                    {"nperseg": 64, "window": "hamming", "noverlap": 16}],
                         ids=str)
@pytest.mark.parametrize("extra", [{}, {"boundary": False}, {"scaling": "psd"}], ids=str)
def test_istft(ss, dtype, kwargs, extra):
    rng = numpy.random.default_rng(9)
    onesided = not dtype.startswith("complex")
    for shape, axis in [((1000,), -1), ((3, 500), 1), ((2, 300, 3), 1)]:
        x = _random(shape, dtype, rng)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _, _, Z = ss.stft(x, axis=axis, **kwargs)
            freq_axis = axis if axis >= 0 else -2
            _check(_spectral.istft(numpy, Z, input_onesided=onesided, time_axis=-1,
                                   freq_axis=freq_axis, **kwargs, **extra),
                   ss.istft(Z, input_onesided=onesided, time_axis=-1, freq_axis=freq_axis,
                            **kwargs, **extra), _tol(dtype))


@pytest.mark.parametrize("call", [
    lambda m, *p: m.istft(*p, numpy.ones(10)),
    lambda m, *p: m.istft(*p, numpy.ones((5, 4)), time_axis=0, freq_axis=0),
    lambda m, *p: m.istft(*p, numpy.ones((5, 4)), nperseg=8, noverlap=8),
    lambda m, *p: m.welch(*p, numpy.ones(100), nperseg=0),
    lambda m, *p: m.welch(*p, numpy.ones(100), nperseg=10, noverlap=10),
    lambda m, *p: m.welch(*p, numpy.ones(100), nperseg=10, nfft=5),
    lambda m, *p: m.welch(*p, numpy.ones(100), scaling="nope"),
    lambda m, *p: m.welch(*p, numpy.ones(100), average="nope", nperseg=10),
    lambda m, *p: m.welch(*p, numpy.ones(10), window=numpy.ones(20)),
    lambda m, *p: m.welch(*p, numpy.ones(100), window=numpy.ones((2, 5))),
    lambda m, *p: m.stft(*p, numpy.ones(100), boundary="nope"),
    lambda m, *p: m.stft(*p, numpy.ones(100), scaling="nope"),
    lambda m, *p: m.spectrogram(*p, numpy.ones(100), mode="nope"),
    lambda m, *p: m.detrend(*p, numpy.ones(10), type="nope"),
    lambda m, *p: m.detrend(*p, numpy.ones(10), bp=[20]),
    lambda m, *p: m.hilbert(*p, numpy.ones(10) + 1j),
    lambda m, *p: m.hilbert(*p, numpy.ones(10), N=0),
])
def test_spectral_bad_input(ss, call):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(ValueError):
            call(ss)
        with pytest.raises(ValueError):
            call(_spectral, numpy)


def test_nperseg_warning():
    with pytest.warns(UserWarning, match="greater than input length"):
        _spectral.welch(numpy, numpy.ones(100), nperseg=200)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64"])
def test_detrend_hilbert(ss, dtype):
    rng = numpy.random.default_rng(4)
    for shape, axis in SHAPES:
        x = (rng.standard_normal(shape) * 10).astype(dtype)
        for kind in ("linear", "constant"):
            _check(_spectral.detrend(numpy, x, axis=axis, type=kind),
                   ss.detrend(x, axis=axis, type=kind), _tol(dtype))
        _check(_spectral.detrend(numpy, x, axis=axis, bp=[50, 120]),
               ss.detrend(x, axis=axis, bp=[50, 120]), _tol(dtype))
        _check(_spectral.hilbert(numpy, x, axis=axis), ss.hilbert(x, axis=axis), _tol(dtype))
        _check(_spectral.hilbert(numpy, x, N=301, axis=axis), ss.hilbert(x, N=301, axis=axis),
               _tol(dtype))


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64"])
@pytest.mark.parametrize("shape,axes", [((12, 9), (-2, -1)), ((4, 12, 9), (0, 2)),
                                        ((7,), (-2, -1)), ((6, 5), (1, 0))], ids=str)
def test_hilbert2(ss, dtype, shape, axes):
    x = (numpy.random.default_rng(11).standard_normal(shape) * 5).astype(dtype)
    for N in (None, 16, (10, 20)):
        _check(_spectral.hilbert2(numpy, x, N, axes), ss.hilbert2(x, N, axes), _tol(dtype))
    for N in (0, (3, 0)):
        with pytest.raises(ValueError):
            _spectral.hilbert2(numpy, x, N)


@pytest.mark.parametrize("args", [("hann", 256, 128), ("hann", 256, 100), ("boxcar", 10, 0),
                                  (("tukey", 0.5), 64, 32), (numpy.ones(8), 8, 4),
                                  ("hamming", 64, 48), ("hann", 5, 4)], ids=str)
def test_cola_nola(ss, args):
    assert _spectral.check_COLA(*args) == ss.check_COLA(*args)
    assert _spectral.check_NOLA(*args) == ss.check_NOLA(*args)


@pytest.mark.parametrize("args", [("hann", 0, 0), ("hann", 8, 8), (numpy.ones(4), 8, 2),
                                  (numpy.ones((2, 4)), 4, 2)], ids=str)
def test_cola_nola_bad(ss, args):
    for fn in ("check_COLA", "check_NOLA"):
        with pytest.raises(ValueError):
            getattr(ss, fn)(*args)
        with pytest.raises(ValueError):
            getattr(_spectral, fn)(*args)


RATES = [(1, 1), (2, 1), (1, 3), (3, 2), (2, 5), (7, 3)]


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128", "int64"])
def test_upfirdn(ss, dtype):
    rng = numpy.random.default_rng(5)
    filters = [numpy.ones(3), ss.firwin(31, 0.3), numpy.array([1.0]), rng.standard_normal(100)]
    for shape, axis in [((100,), -1), ((3, 57), 1), ((57, 3), 0), ((5,), 0), ((1,), 0)]:
        x = (rng.standard_normal(shape) * 10).astype(dtype)
        for h in filters:
            for up, down in RATES:
                _check(_resample.upfirdn(numpy, h, x, up, down, axis),
                       ss.upfirdn(h, x, up, down, axis), _tol(dtype))


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128", "int64"])
@pytest.mark.parametrize("padtype", ["constant", "mean", "median", "minimum", "maximum"])
def test_resample_poly(ss, dtype, padtype):
    rng = numpy.random.default_rng(6)
    for shape, axis in [((100,), 0), ((3, 57), 1), ((57, 3), 0), ((5,), 0)]:
        x = (rng.standard_normal(shape) * 10).astype(dtype)
        for up, down in [(1, 1), (2, 1), (1, 3), (3, 2), (2, 6), (5, 3)]:
            _check(_resample.resample_poly(numpy, x, up, down, axis, padtype=padtype),
                   ss.resample_poly(x, up, down, axis, padtype=padtype), _tol(dtype))
            window = numpy.hamming(11)
            _check(_resample.resample_poly(numpy, x, up, down, axis, window=window),
                   ss.resample_poly(x, up, down, axis, window=window), _tol(dtype))


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
@pytest.mark.parametrize("ftype", ["iir", "fir"])
@pytest.mark.parametrize("zero_phase", [True, False])
def test_decimate(ss, dtype, ftype, zero_phase):
    rng = numpy.random.default_rng(7)
    for shape, axis in [((100,), -1), ((3, 157), 1), ((157, 3), 0)]:
        x = _random(shape, dtype, rng)
        for q in (2, 3):
            _check(_resample.decimate(numpy, x, q, ftype=ftype, axis=axis,
                                      zero_phase=zero_phase),
                   ss.decimate(x, q, ftype=ftype, axis=axis, zero_phase=zero_phase),
                   10 * _tol(dtype))


def _dlti_systems(ss):
    """(SciPy dlti, cunp dlti) pairs: IIR with conjugate poles (the lfilter path), IIR with
    real poles (sections), FIR (no poles), and a zpk-form system."""
    from cunp.scipy import signal

    b, a = ss.butter(4, 0.2)
    z, p, k = ss.butter(3, 0.3, output="zpk")
    real = ([0.5, 0.25], [1.0, -0.3])
    fir = (ss.firwin(21, 0.3), [1.0])
    return [(ss.dlti(b, a), signal.dlti(b, a)), (ss.dlti(*real), signal.dlti(*real)),
            (ss.dlti(*fir), signal.dlti(*fir)), (ss.dlti(z, p, k), signal.dlti(z, p, k))]


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128", "int64"])
@pytest.mark.parametrize("zero_phase", [True, False])
@pytest.mark.filterwarnings("ignore:Badly conditioned filter coefficients")
def test_decimate_dlti(ss, dtype, zero_phase):
    rng = numpy.random.default_rng(17)
    for shape, axis in [((120,), -1), ((3, 157), 1), ((157, 3), 0)]:
        x = _random(shape, dtype, rng) if dtype != "int64" else \
            rng.integers(-9, 9, shape)
        for scipy_system, cunp_system in _dlti_systems(ss):
            want = ss.decimate(x, 3, ftype=scipy_system, axis=axis, zero_phase=zero_phase)
            for system in (scipy_system, cunp_system):
                got = _resample.decimate(numpy, x, 3, ftype=system, axis=axis,
                                         zero_phase=zero_phase)
                assert got.dtype == want.dtype
                _check(got, want, 10 * _tol(dtype))
    # A continuous-time system is not a filter decimate can use.
    for module in (ss, _resample):
        args = (numpy.ones(50), 2) if module is ss else (numpy, numpy.ones(50), 2)
        with pytest.raises(ValueError, match="invalid ftype"):
            module.decimate(*args, ftype=ss.lti([1.0], [1.0, 1.0]))


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
@pytest.mark.filterwarnings("ignore:Badly conditioned filter coefficients")
def test_decimate_dlti_on_device(ss, dtype):
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(18)
    for shape, axis in [((5000,), -1), ((4, 3000), 1), ((3000, 3), 0)]:
        x = _random(shape, dtype, rng)
        for scipy_system, cunp_system in _dlti_systems(ss):
            for zero_phase in (True, False):
                want = ss.decimate(x, 4, ftype=scipy_system, axis=axis, zero_phase=zero_phase)
                got = signal.decimate(cunp.asarray(x), 4, ftype=cunp_system, axis=axis,
                                      zero_phase=zero_phase)
                assert isinstance(got, cunp.ndarray)
                _check(cunp.asnumpy(got), want, 10 * _tol(dtype))


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128", "int64"])
def test_resample(ss, dtype):
    rng = numpy.random.default_rng(10)
    for shape, axis in [((100,), 0), ((3, 57), 1), ((57, 3), 0), ((8,), 0)]:
        x = _random(shape, dtype, rng, 5.0) if dtype != "int64" else \
            (rng.standard_normal(shape) * 5).astype(dtype)
        n = shape[axis]
        for num in (n, 2 * n, n // 2, n + 3, max(n - 3, 1), 3 * n + 1):
            for window in (None, "hann", ("kaiser", 4.0), numpy.hanning(n),
                           lambda f: numpy.exp(-f ** 2)):
                domains = ("time", "freq") if dtype.startswith("complex") else ("time",)
                for domain in domains:
                    _check(_resample.resample(numpy, x, num, axis=axis, window=window,
                                              domain=domain),
                           ss.resample(x, num, axis=axis, window=window, domain=domain),
                           _tol(dtype))
    t = numpy.arange(10) * 0.5
    _check(_resample.resample(numpy, numpy.ones(10), 20, t=t), ss.resample(numpy.ones(10), 20,
                                                                          t=t), 1e-12)
    with pytest.raises(ValueError):
        _resample.resample(numpy, numpy.ones(10), 5, domain="nope")
    with pytest.raises(ValueError):
        _resample.resample(numpy, numpy.ones(10), 5, window=numpy.ones(3))


def test_resample_bad_input(ss):
    for call in (lambda m, *p: m.upfirdn(*p, numpy.ones((2, 2)), numpy.ones(5)),
                 lambda m, *p: m.upfirdn(*p, numpy.ones(2), numpy.ones(5), 0),
                 lambda m, *p: m.resample_poly(*p, numpy.ones(5), 1.5, 1),
                 lambda m, *p: m.resample_poly(*p, numpy.ones(5), 0, 1),
                 lambda m, *p: m.resample_poly(*p, numpy.ones(5), 2, 1, padtype="nope"),
                 lambda m, *p: m.decimate(*p, numpy.ones(50), 2, ftype="nope")):
        with pytest.raises(ValueError):
            call(ss)
        with pytest.raises(ValueError):
            call(_resample, numpy)


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
def test_on_device(ss, dtype):
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(8)
    tol = 10 * _tol(dtype)
    for shape, axis in [((1 << 14,), -1), ((4, 3000), 1), ((3000, 3), 0)]:
        x, y = _random(shape, dtype, rng), _random(shape, dtype, rng)
        xd, yd = cunp.asarray(x), cunp.asarray(y)
        got = signal.welch(xd, 100.0, nperseg=256, axis=axis)
        assert isinstance(got[1], cunp.ndarray)
        _check(tuple(cunp.asnumpy(g) for g in got), ss.welch(x, 100.0, nperseg=256, axis=axis),
               tol)
        _check(tuple(cunp.asnumpy(g) for g in signal.csd(xd, yd, nperseg=128, axis=axis)),
               ss.csd(x, y, nperseg=128, axis=axis), tol)
        _check(tuple(cunp.asnumpy(g) for g in signal.stft(xd, nperseg=128, axis=axis)),
               ss.stft(x, nperseg=128, axis=axis), tol)
        if axis == -1:
            _, _, Z = ss.stft(x, nperseg=128)
            onesided = dtype != "complex64"
            _check(tuple(cunp.asnumpy(g) for g in signal.istft(cunp.asarray(Z), nperseg=128,
                                                                input_onesided=onesided)),
                   ss.istft(Z, nperseg=128, input_onesided=onesided), tol)
        _check(tuple(cunp.asnumpy(g) for g in signal.spectrogram(xd, nperseg=128, axis=axis)),
               ss.spectrogram(x, nperseg=128, axis=axis), tol)
        _check(tuple(cunp.asnumpy(g) for g in signal.periodogram(xd, axis=axis)),
               ss.periodogram(x, axis=axis), tol)
        _check(tuple(cunp.asnumpy(g) for g in signal.welch(xd, nperseg=100, axis=axis,
                                                            average="median")),
               ss.welch(x, nperseg=100, axis=axis, average="median"), tol)
        _check(cunp.asnumpy(signal.detrend(xd, axis=axis)), ss.detrend(x, axis=axis), tol)
        _check(cunp.asnumpy(signal.resample_poly(xd, 3, 2, axis=axis)),
               ss.resample_poly(x, 3, 2, axis=axis), tol)
        _check(cunp.asnumpy(signal.upfirdn(ss.firwin(31, 0.3), xd, 3, 2, axis=axis)),
               ss.upfirdn(ss.firwin(31, 0.3), x, 3, 2, axis=axis), tol)
        _check(cunp.asnumpy(signal.decimate(xd, 4, axis=axis)), ss.decimate(x, 4, axis=axis),
               tol)
        _check(cunp.asnumpy(signal.resample(xd, shape[axis] // 3 + 7, axis=axis)),
               ss.resample(x, shape[axis] // 3 + 7, axis=axis), tol)
        if dtype != "complex64":
            _check(cunp.asnumpy(signal.hilbert(xd, axis=axis)), ss.hilbert(x, axis=axis), tol)
            if x.ndim == 2:
                _check(cunp.asnumpy(signal.hilbert2(xd)), ss.hilbert2(x), tol)


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
def test_czt_zoom_fft(ss, dtype):
    from cunp.scipy.signal import _czt

    rng = numpy.random.default_rng(12)
    for shape, axis in [((16,), -1), ((3, 20), 1), ((21, 3), 0)]:
        x = _random(shape, dtype, rng)
        for m, w, a in ((None, None, 1 + 0j), (30, numpy.exp(-0.05j), 1.1),
                        (7, None, 0.9 * numpy.exp(0.2j))):
            _check(_czt.czt(numpy, x, m, w, a, axis=axis), ss.czt(x, m, w, a, axis=axis),
                   _tol(dtype))
        for fn, m, fs, endpoint in ((0.5, None, 2, False), ([0.1, 0.4], 40, 1.0, True),
                                    ([10, 20], 15, 100, False)):
            _check(_czt.zoom_fft(numpy, x, fn, m, fs=fs, endpoint=endpoint, axis=axis),
                   ss.zoom_fft(x, fn, m, fs=fs, endpoint=endpoint, axis=axis), _tol(dtype))
    transform = _czt.CZT(8, 10)
    transform._xp = numpy
    numpy.testing.assert_allclose(transform.points(), ss.CZT(8, 10).points())
    for args in ((0,), (8, 0), (8.5,)):
        with pytest.raises(ValueError):
            _czt.CZT(*args)
    with pytest.raises(ValueError):
        _czt.ZoomFFT(8, [1, 2, 3])
    with pytest.raises(ValueError):
        transform(numpy.ones(5))


@gpu
def test_czt_on_device(ss):
    import cunp
    from cunp.scipy import signal

    x = numpy.random.default_rng(13).standard_normal((4, 300))
    _check(cunp.asnumpy(signal.czt(cunp.asarray(x), 100, axis=1)), ss.czt(x, 100, axis=1), 1e-9)
    _check(cunp.asnumpy(signal.zoom_fft(cunp.asarray(x), [0.1, 0.3], 50)),
           ss.zoom_fft(x, [0.1, 0.3], 50), 1e-9)
    transform = signal.CZT(300, 64)
    _check(cunp.asnumpy(transform(cunp.asarray(x))), ss.CZT(300, 64)(x), 1e-9)
