"""envelope against scipy.signal: real and complex signals, odd and even lengths, every band,
residual and squared option, shorter and longer outputs, other axes, dtypes and errors.
Written over an array namespace: the CPU tests run it with xp=numpy, the gpu test on cunp."""
import numpy
import pytest

from cunp.scipy.signal import _envelope

gpu = pytest.mark.gpu

BANDS = [(1, None), (None, None), (2, 5), (0, None), (-3, 4), (0, 3), (-2, 2), (None, 2),
         (2, 3)]


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


def _close(got, want):
    got, want = numpy.asarray(got), numpy.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype, (got.shape, want.shape,
                                                                 got.dtype, want.dtype)
    tol = 1e-4 if want.dtype in (numpy.float32, numpy.complex64) else 1e-10
    scale = max(1.0, float(numpy.abs(want).max(initial=0)))
    numpy.testing.assert_allclose(got, want, rtol=tol, atol=tol * scale)


def _signal(n, complex_, seed):
    rng = numpy.random.default_rng(seed)
    z = rng.standard_normal(n) + 0.7
    return z + 1j * rng.standard_normal(n) if complex_ else z


@pytest.mark.parametrize("n", [8, 9, 16, 17])
@pytest.mark.parametrize("complex_", [False, True])
@pytest.mark.parametrize("bp_in", BANDS)
def test_envelope(ss, n, complex_, bp_in):
    z = _signal(n, complex_, n)
    for residual in (None, "lowpass", "all"):
        for n_out in (None, 4, 5, 30):
            for squared in (False, True):
                kwargs = {"n_out": n_out, "squared": squared, "residual": residual}
                try:
                    want = ss.envelope(z, bp_in, **kwargs)
                except ValueError:
                    with pytest.raises(ValueError):
                        _envelope.envelope(numpy, z, bp_in, **kwargs)
                    continue
                _close(_envelope.envelope(numpy, z, bp_in, **kwargs), want)


def test_envelope_axes_and_dtypes(ss):
    rng = numpy.random.default_rng(0)
    z = rng.standard_normal((3, 20, 4))
    for axis in (0, 1, -1, -2):
        for residual in (None, "all"):
            _close(_envelope.envelope(numpy, z, residual=residual, axis=axis),
                   ss.envelope(z, residual=residual, axis=axis))
    for dtype in ("float32", "complex64", "int64"):
        x = (z[0, :, 0] * 10).astype(dtype)
        for residual in (None, "lowpass"):
            _close(_envelope.envelope(numpy, x, residual=residual),
                   ss.envelope(x, residual=residual))


@pytest.mark.parametrize("kwargs", [{"bp_in": (3, 2)}, {"bp_in": (-9, 2)}, {"bp_in": (0, 10)},
                                    {"n_out": 0}, {"residual": "x"}, {"bp_in": (1.5, 3)},
                                    {"bp_in": (1, 2, 3)}])
def test_envelope_errors(ss, kwargs):
    z = numpy.ones(8)
    with pytest.raises(ValueError):
        ss.envelope(z, **kwargs)
    with pytest.raises(ValueError):
        _envelope.envelope(numpy, z, **kwargs)


@pytest.mark.parametrize("n, n_out", [(16, 5), (16, 6), (17, 8), (9, 1), (9, 2), (40, 7)])
@pytest.mark.parametrize("complex_", [False, True])
def test_envelope_shorter_residual(ss, n, n_out, complex_):
    # The residual is resampled (low frequencies kept, +-n_out/2 united), the envelope's band
    # moved whole.
    z = _signal(n, complex_, n_out)
    for bp_in in ((1, 3), (2, None), (None, 2), (0, 4)):
        for residual in ("lowpass", "all"):
            _close(_envelope.envelope(numpy, z, bp_in, n_out=n_out, residual=residual),
                   ss.envelope(z, bp_in, n_out=n_out, residual=residual))


@gpu
def test_public_envelope_returns_cunp(ss):
    import cunp
    from cunp.scipy import signal

    z = _signal(4096, False, 1).reshape(4, 1024)
    got = signal.envelope(cunp.asarray(z), (2, 300), residual="all")
    assert isinstance(got, cunp.ndarray)
    cunp.testing.assert_allclose(got, ss.envelope(z, (2, 300), residual="all"), rtol=1e-9,
                                 atol=1e-9)


def _long_cases():
    # Long signals to outputs of similar length, shorter and longer: the folding is O(n),
    # where an (n, n_out) matrix would not fit in memory.
    z = _signal(1 << 18, False, 3).reshape(2, 1 << 17)
    zc = _signal(200001, True, 4)
    return [(z, (1, None), 1 << 16 | 5, "lowpass"), (z, (3, 40000), 100003, "all"),
            (zc, (None, None), 300007, None), (zc, (-5000, 9000), 77, "all")]


def test_envelope_long_signals(ss):
    for z, bp_in, n_out, residual in _long_cases():
        _close(_envelope.envelope(numpy, z, bp_in, n_out=n_out, residual=residual),
               ss.envelope(z, bp_in, n_out=n_out, residual=residual))


@gpu
def test_envelope_long_signals_gpu(ss):
    import cunp
    from cunp.scipy import signal

    for z, bp_in, n_out, residual in _long_cases():
        got = signal.envelope(cunp.asarray(z), bp_in, n_out=n_out, residual=residual)
        assert isinstance(got, cunp.ndarray)
        _close(cunp.asnumpy(got), ss.envelope(z, bp_in, n_out=n_out, residual=residual))
