"""lfilter, lfiltic, lfilter_zi, sosfilt, sosfilt_zi, filtfilt and sosfiltfilt against
scipy.signal.

The filters are written over an array namespace: the CPU tests run them with xp=numpy (the
doubling scan, the initial and final states, the padding), the gpu tests on cunp arrays."""
import numpy
import pytest

from cunp.scipy.signal import _filtering

gpu = pytest.mark.gpu


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


def _filters(ss):
    return [ss.butter(4, 0.3), ss.cheby1(3, 1, [0.2, 0.5], "bandpass"), ([1, 2, 3], [1.0]),
            (ss.firwin(41, 0.3), [1.0]), ([0.5], [1, -0.5]), ([1, 0.5], [2, -0.3, 0.1]),
            ([2.0], [1.0])]


SHAPES = [((100,), -1), ((3, 57), 1), ((57, 3), 0), ((2, 5), 1), ((4, 1000), -1), ((1,), 0),
          ((2, 3, 40), 1)]


def _random(shape, dtype, rng):
    x = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _tol(dtype):
    return 1e-4 if numpy.dtype(dtype) in (numpy.float32, numpy.complex64) else 1e-9


def _check(got, want, tol):
    got = numpy.asarray(got)
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    scale = max(1.0, float(numpy.abs(want).max(initial=0)))
    numpy.testing.assert_allclose(got, want, rtol=tol, atol=tol * scale)


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128", "complex64"])
@pytest.mark.parametrize("index", range(7))
def test_lfilter(ss, dtype, index):
    rng = numpy.random.default_rng(index)
    b, a = _filters(ss)[index]
    real = "float32" if dtype in ("float32", "complex64") else "float64"
    b, a = numpy.asarray(b, real), numpy.asarray(a, real)
    order = max(len(a), len(b)) - 1
    for shape, axis in SHAPES:
        x = _random(shape, dtype, rng)
        _check(_filtering.lfilter(numpy, b, a, x, axis), ss.lfilter(b, a, x, axis), _tol(dtype))
        zi_shape = list(shape)
        zi_shape[axis] = order
        zi = _random(zi_shape, dtype, rng)
        got, want = _filtering.lfilter(numpy, b, a, x, axis, zi), ss.lfilter(b, a, x, axis, zi)
        _check(got[0], want[0], _tol(dtype))
        _check(got[1], want[1], _tol(dtype))


def test_lfilter_dtypes_and_errors(ss):
    x = numpy.arange(6)
    for b, a in [([1, 1], [1, 0.5]), ([1.0, 1.0], [1.0]),
                 (numpy.array([1, 1], numpy.float32), numpy.array([1, 0.5], numpy.float32))]:
        for xx in (x, x.astype(numpy.float32), x.astype(numpy.complex64)):
            assert _filtering.lfilter(numpy, b, a, xx).dtype == ss.lfilter(b, a, xx).dtype
    for call in (lambda m, *p: m.lfilter(*p, [1, 1], [2], x),
                 lambda m, *p: m.lfilter(*p, [1, 2], [1, 1], x)):
        with pytest.raises(NotImplementedError):
            call(ss)
        with pytest.raises(NotImplementedError):
            call(_filtering, numpy)
    xf = x.astype(float)
    for kwargs in ({"zi": [1.0, 2.0]}, {"zi": numpy.ones((2, 1))}):
        with pytest.raises(ValueError):
            ss.lfilter([1, 1], [1, 0.5], xf, **kwargs)
        with pytest.raises(ValueError):
            _filtering.lfilter(numpy, [1, 1], [1, 0.5], xf, **kwargs)
    with pytest.raises(ValueError):
        _filtering.lfilter(numpy, [1, 1], [0, 0.5], xf)
    # zi broadcasts along axes of length 1 (SciPy's rule).
    x2 = numpy.ones((3, 10))
    got = _filtering.lfilter(numpy, [1, 1], [1, 0.5], x2, 1, numpy.ones((1, 1)))
    want = ss.lfilter([1, 1], [1, 0.5], x2, 1, numpy.ones((1, 1)))
    _check(got[0], want[0], 1e-12)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("design", [("butter", 8, 0.2, "low"),
                                    ("ellip", 5, 1, 40, [0.2, 0.4], "bandstop"),
                                    ("cheby2", 3, 30, 0.5, "high")])
def test_sosfilt(ss, dtype, design):
    rng = numpy.random.default_rng(1)
    sos = getattr(ss, design[0])(*design[1:], output="sos").astype(dtype)
    for shape, axis in [((300,), -1), ((3, 157), 1), ((157, 3), 0), ((2, 5), 1)]:
        x = _random(shape, dtype, rng)
        _check(_filtering.sosfilt(numpy, sos, x, axis), ss.sosfilt(sos, x, axis), _tol(dtype))
        zi_shape = [sos.shape[0]] + list(shape)
        zi_shape[axis % len(shape) + 1] = 2
        zi = _random(zi_shape, dtype, rng)
        got, want = _filtering.sosfilt(numpy, sos, x, axis, zi), ss.sosfilt(sos, x, axis, zi)
        _check(got[0], want[0], _tol(dtype))
        _check(got[1], want[1], _tol(dtype))
        if shape[axis] > 3 * (2 * sos.shape[0] + 1):
            for padtype in ("odd", "even", "constant", None):
                _check(_filtering.sosfiltfilt(numpy, sos, x, axis, padtype),
                       ss.sosfiltfilt(sos, x, axis, padtype), 10 * _tol(dtype))


def test_sosfilt_errors(ss):
    sos = ss.butter(4, 0.2, output="sos")
    x = numpy.ones(50)
    for args in ((sos, x, -1, numpy.zeros((1, 2))), (sos[:, :5], x), (sos, numpy.float64(1.0))):
        with pytest.raises(ValueError):
            ss.sosfilt(*args)
        with pytest.raises(ValueError):
            _filtering.sosfilt(numpy, *args)


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
@pytest.mark.parametrize("padtype", ["odd", "even", "constant", None])
@pytest.mark.parametrize("index", [0, 1, 4, 5])
def test_filtfilt(ss, dtype, padtype, index):
    rng = numpy.random.default_rng(index)
    b, a = _filters(ss)[index]
    for shape, axis in [((100,), -1), ((3, 57), 1), ((57, 3), 0), ((4, 1000), -1)]:
        x = _random(shape, dtype, rng)
        _check(_filtering.filtfilt(numpy, b, a, x, axis, padtype),
               ss.filtfilt(b, a, x, axis, padtype), 10 * _tol(dtype))
    x = _random(40, dtype, rng)
    _check(_filtering.filtfilt(numpy, b, a, x, padtype=padtype, padlen=5),
           ss.filtfilt(b, a, x, padtype=padtype, padlen=5), 10 * _tol(dtype))


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
@pytest.mark.parametrize("index", [0, 1, 2, 4, 6])
def test_filtfilt_gust(ss, dtype, index):
    rng = numpy.random.default_rng(index)
    b, a = _filters(ss)[index]
    for shape, axis in [((100,), -1), ((3, 57), 1), ((57, 3), 0)]:
        x = _random(shape, dtype, rng)
        for irlen in (None, 10, 60):
            _check(_filtering.filtfilt(numpy, b, a, x, axis, method="gust", irlen=irlen),
                   ss.filtfilt(b, a, x, axis, method="gust", irlen=irlen), 10 * _tol(dtype))


def test_filtfilt_errors(ss):
    b, a = ss.butter(4, 0.3)
    for kwargs, x in (({"padtype": "nope"}, numpy.ones(100)), ({}, numpy.ones(10)),
                      ({"method": "nope"}, numpy.ones(100)), ({"padlen": 100}, numpy.ones(50))):
        with pytest.raises(ValueError):
            ss.filtfilt(b, a, x, **kwargs)
        with pytest.raises(ValueError):
            _filtering.filtfilt(numpy, b, a, x, **kwargs)


def test_initial_states(ss):
    for b, a in _filters(ss)[:-1]:
        _check(_filtering.lfilter_zi(numpy, b, a), ss.lfilter_zi(b, a), 1e-10)
        _check(_filtering.lfiltic(numpy, b, a, [1.0, 2.0, 3.0], [0.5, 1]),
               ss.lfiltic(b, a, [1.0, 2.0, 3.0], [0.5, 1]), 1e-10)
        _check(_filtering.lfiltic(numpy, b, a, [1.0]), ss.lfiltic(b, a, [1.0]), 1e-10)
    sos = ss.butter(6, 0.3, output="sos")
    _check(_filtering.sosfilt_zi(numpy, sos), ss.sosfilt_zi(sos), 1e-10)
    with pytest.raises(ValueError):
        _filtering.sosfilt_zi(numpy, numpy.ones((2, 5)))
    with pytest.raises(ValueError):
        _filtering.lfiltic(numpy, [1], [0, 1], [1.0])


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
def test_on_device(ss, dtype):
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(3)
    real = "float32" if dtype in ("float32", "complex64") else "float64"
    b, a = (c.astype(real) for c in ss.butter(4, 0.1))
    sos = ss.butter(8, 0.1, output="sos").astype(real)
    for shape, axis in [((1 << 16,), -1), ((8, 5000), 1), ((333, 4), 0), ((3,), 0)]:
        x = _random(shape, dtype, rng)
        xd = cunp.asarray(x)
        tol = 10 * _tol(dtype)
        got = signal.lfilter(b, a, xd, axis)
        assert isinstance(got, cunp.ndarray)
        _check(cunp.asnumpy(got), ss.lfilter(b, a, x, axis), tol)
        _check(cunp.asnumpy(signal.sosfilt(cunp.asarray(sos), xd, axis)),
               ss.sosfilt(sos, x, axis), tol)
        zi_shape = list(shape)
        zi_shape[axis] = 4
        zi = _random(zi_shape, dtype, rng)
        y, zf = signal.lfilter(b, a, xd, axis, cunp.asarray(zi))
        want = ss.lfilter(b, a, x, axis, zi)
        _check(cunp.asnumpy(y), want[0], tol)
        _check(cunp.asnumpy(zf), want[1], tol)
        if shape[axis] > 60:
            _check(cunp.asnumpy(signal.filtfilt(b, a, xd, axis)), ss.filtfilt(b, a, x, axis),
                   tol)
            _check(cunp.asnumpy(signal.sosfiltfilt(sos, xd, axis)),
                   ss.sosfiltfilt(sos, x, axis), tol)
            _check(cunp.asnumpy(signal.filtfilt(b, a, xd, axis, method="gust", irlen=50)),
                   ss.filtfilt(b, a, x, axis, method="gust", irlen=50), tol)
    fir = ss.firwin(101, 0.2)
    x = _random(10000, real, rng)
    _check(cunp.asnumpy(signal.lfilter(fir, 1.0, cunp.asarray(x))), ss.lfilter(fir, 1.0, x),
           10 * _tol(real))
    cunp.testing.assert_allclose(signal.lfilter_zi(b, a), ss.lfilter_zi(b, a), rtol=1e-6)
    cunp.testing.assert_allclose(signal.sosfilt_zi(sos), ss.sosfilt_zi(sos), rtol=1e-5)
