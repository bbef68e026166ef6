"""upfirdn's polyphase kernel (src/device/signal/upfirdn.cuh) against scipy.signal.upfirdn: its
NumPy model on the CPU (the host path), the kernel itself on the GPU over dtypes, rates, filter
lengths and layouts (strided, F-order, reversed, 3-D, size 1, filter longer than the signal)."""
import numpy
import pytest

from cunp.scipy.signal import _resample

gpu = pytest.mark.gpu

RATES = [(1, 1), (3, 2), (2, 3), (1, 7), (10, 1), (4, 4), (6, 4)]
LENGTHS = [1, 2, 5, 21, 63, 64, 130]


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


def _tol(dtype):
    return 2e-5 if numpy.dtype(dtype) in (numpy.float32, numpy.complex64) else 1e-12


def _data(shape, dtype, rng):
    x = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _close(got, want, dtype):
    assert got.shape == want.shape and got.dtype == want.dtype, (got.shape, got.dtype,
                                                                  want.shape, want.dtype)
    scale = max(1.0, float(numpy.abs(want).max(initial=0)))
    numpy.testing.assert_allclose(got, want, rtol=_tol(dtype), atol=_tol(dtype) * scale)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_model_matches_scipy(ss, dtype):
    rng = numpy.random.default_rng(11)
    for n in (1, 2, 9, 100):
        x = _data((3, n), dtype, rng)
        for len_h in LENGTHS:
            h = _data(len_h, dtype, rng)
            for up, down in RATES:
                _close(_resample.polyphase_model(h, x, up, down), ss.upfirdn(h, x, up, down),
                       dtype)


def test_entry_is_the_model_for_numpy():
    assert _resample.entry(numpy) is _resample.polyphase_model


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_kernel_layouts(ss, dtype):
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(12)
    base = _data((6, 41, 5), dtype, rng)
    device = cunp.asarray(base)
    layouts = [
        (base[0, :, 0], device[0, :, 0], -1),  # strided 1-D
        (base[1, ::-1, 2], device[1, ::-1, 2], 0),  # reversed
        (base[:, :, 1], cunp.asfortranarray(device[:, :, 1]), 0),  # F-order, along axis 0
        (base[:, :, 1], cunp.asfortranarray(device[:, :, 1]), 1),
        (base, device, 1),  # 3-D, middle axis
        (base[:, :1, 0], device[:, :1, 0], 1),  # one sample a row
        (base[0, :3, 0], device[0, :3, 0], 0),  # shorter than most filters
    ]
    for x, xd, axis in layouts:
        for len_h in LENGTHS:
            h = _data(len_h, dtype, rng)
            for up, down in RATES:
                got = signal.upfirdn(cunp.asarray(h), xd, up, down, axis)
                assert isinstance(got, cunp.ndarray)
                _close(cunp.asnumpy(got), ss.upfirdn(h, x, up, down, axis), dtype)


@gpu
def test_kernel_mixed_dtypes_and_long_signal(ss):
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(13)
    # float64 taps on a float32 signal compute in float64 (SciPy's result_type), int in float64.
    x = rng.standard_normal(1000).astype(numpy.float32)
    h = ss.firwin(63, 1 / 3)
    _close(cunp.asnumpy(signal.upfirdn(h, cunp.asarray(x), 3, 2)), ss.upfirdn(h, x, 3, 2),
           "float64")
    xi = rng.integers(-50, 50, 300)
    _close(cunp.asnumpy(signal.upfirdn(h, cunp.asarray(xi), 2, 5)), ss.upfirdn(h, xi, 2, 5),
           "float64")
    # The bench's case at 2^20 samples: float32 taps and signal stay float32.
    x = rng.standard_normal(1 << 20).astype(numpy.float32)
    h32 = h.astype(numpy.float32)
    got = signal.upfirdn(cunp.asarray(h32), cunp.asarray(x), up=3, down=2)
    assert got.dtype == numpy.float32
    _close(cunp.asnumpy(got), ss.upfirdn(h32, x, up=3, down=2), "float32")
    _close(cunp.asnumpy(signal.resample_poly(cunp.asarray(x), 3, 2)),
           ss.resample_poly(x, 3, 2), "float32")
    # Empty signals and bad arguments are answered before any kernel runs.
    empty = numpy.zeros((2, 0), numpy.float32)
    _close(cunp.asnumpy(signal.upfirdn(h32, cunp.asarray(empty), 3, 2)),
           ss.upfirdn(h32, empty, 3, 2), "float32")
    for args in ((numpy.ones((2, 2)), x[:10]), ([], x[:10]), (h32, x[:10], 0, 1)):
        with pytest.raises(ValueError):
            ss.upfirdn(*args)
        with pytest.raises(ValueError):
            signal.upfirdn(args[0], cunp.asarray(args[1]), *args[2:])
