"""convolve, correlate, fftconvolve, oaconvolve, convolve2d, correlate2d, choose_conv_method
and correlation_lags against scipy.signal.

The functions are written over an array namespace: the CPU tests run them with xp=numpy, which
checks the windows of each mode, the swaps, boundaries and dtypes without a device; the gpu
tests run the public functions on cunp arrays."""
import numpy
import pytest

from cunp.scipy.signal import _convolve

gpu = pytest.mark.gpu

DTYPES = ["float32", "float64", "complex64", "complex128", "int32"]
LENGTHS = [(10, 3), (3, 10), (7, 7), (8, 4), (1, 5), (5, 1), (100, 80), (9, 2), (64, 65)]
MODES = ["full", "same", "valid"]


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


def _random(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind in "iu":
        return rng.integers(-5, 6, shape).astype(dtype)
    x = rng.standard_normal(shape)
    if dtype.kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _check(got, want, dtype):
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    single = numpy.dtype(dtype) in (numpy.float32, numpy.complex64)
    scale = max(float(numpy.abs(numpy.asarray(want)).max(initial=0)), 1.0)
    numpy.testing.assert_allclose(numpy.asarray(got), want, rtol=1e-4 if single else 1e-10,
                                  atol=(1e-4 if single else 1e-10) * scale)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("method", ["direct", "fft", "auto"])
@pytest.mark.parametrize("name", ["convolve", "correlate"])
def test_convolve_1d(ss, name, method, mode, dtype):
    for n, m in LENGTHS:
        a, b = _random(n, dtype, 1), _random(m, dtype, 2)
        _check(getattr(_convolve, name)(numpy, a, b, mode, method),
               getattr(ss, name)(a, b, mode, method), dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128", "int32"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", ["fftconvolve", "oaconvolve"])
def test_fftconvolve_1d(ss, name, mode, dtype):
    for n, m in LENGTHS:
        a, b = _random(n, dtype, 1), _random(m, dtype, 2)
        _check(getattr(_convolve, name)(numpy, a, b, mode), getattr(ss, name)(a, b, mode), dtype)


SHAPES_2D = [((5, 6), (2, 3)), ((4, 4), (5, 5)), ((6, 3), (2, 2)), ((3, 7), (3, 2)),
             ((8, 9), (3, 3))]


@pytest.mark.parametrize("dtype", ["float64", "complex128"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("method", ["direct", "fft"])
@pytest.mark.parametrize("name", ["convolve", "correlate"])
def test_convolve_nd(ss, name, method, mode, dtype):
    for s1, s2 in SHAPES_2D + [((4, 3, 5), (2, 3, 2))]:
        a, b = _random(s1, dtype, 1), _random(s2, dtype, 2)
        _check(getattr(_convolve, name)(numpy, a, b, mode, method),
               getattr(ss, name)(a, b, mode, method), dtype)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("axes", [None, [1], [1, 2], -1, 2])
def test_fftconvolve_axes(ss, mode, axes):
    a, b = _random((4, 5, 6), "float64", 1), _random((1, 3, 6), "float64", 2)
    if axes in (-1, 2):  # axis 1 differs (5 against 3) without being transformed
        with pytest.raises(ValueError):
            ss.fftconvolve(a, b, mode, axes=axes)
        with pytest.raises(ValueError):
            _convolve.fftconvolve(numpy, a, b, mode, axes=axes)
        return
    _check(_convolve.fftconvolve(numpy, a, b, mode, axes=axes),
           ss.fftconvolve(a, b, mode, axes=axes), "float64")


@pytest.mark.parametrize("dtype", ["float64", "complex128", "int32"])
@pytest.mark.parametrize("boundary", ["fill", "wrap", "symm"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", ["convolve2d", "correlate2d"])
def test_2d(ss, name, mode, boundary, dtype):
    for s1, s2 in SHAPES_2D:
        a, b = _random(s1, dtype, 1), _random(s2, dtype, 2)
        if name == "correlate2d" and dtype.startswith("complex") and mode == "valid" \
                and s1[0] < s2[0]:
            continue  # SciPy does not conjugate a swapped pair's result; not a rule to keep
        _check(getattr(_convolve, name)(numpy, a, b, mode, boundary, 2),
               getattr(ss, name)(a, b, mode, boundary, 2), dtype)


@pytest.mark.parametrize("call", [
    lambda m, xp: m.convolve(*([xp] if xp else []), numpy.ones(3), numpy.ones(2), "bad"),
    lambda m, xp: m.convolve(*([xp] if xp else []), numpy.ones(3), numpy.ones(2), "full", "x"),
    lambda m, xp: m.convolve(*([xp] if xp else []), numpy.ones(3), numpy.ones((2, 2))),
    lambda m, xp: m.correlate(*([xp] if xp else []), numpy.ones((3, 1)), numpy.ones((1, 3)),
                              "valid"),
    lambda m, xp: m.convolve2d(*([xp] if xp else []), numpy.ones(3), numpy.ones(2)),
    lambda m, xp: m.convolve2d(*([xp] if xp else []), numpy.ones((3, 3)), numpy.ones((2, 2)),
                               boundary="nope"),
    lambda m, xp: m.correlation_lags(*([xp] if xp else []), 3, 4, "nope"),
])
def test_bad_input(ss, call):
    with pytest.raises(ValueError):
        call(ss, None)
    with pytest.raises(ValueError):
        call(_convolve, numpy)


@pytest.mark.parametrize("mode", MODES)
def test_correlation_lags(ss, mode):
    for n, m in [(5, 3), (3, 5), (6, 6), (6, 3), (7, 4), (2, 9)]:
        numpy.testing.assert_array_equal(_convolve.correlation_lags(numpy, n, m, mode),
                                         ss.correlation_lags(n, m, mode))


# Overlap-add: with _MIN_BLOCK lowered, short inputs take the blocked path (many blocks, a
# partial last block, blocks of padding only) that long ones take at the default.
OA_LENGTHS = [(100, 7), (7, 100), (1000, 3), (57, 13), (13, 57), (64, 2), (40, 19),
              (41, 20), (300, 31), (12, 5)]


@pytest.fixture
def small_blocks(monkeypatch):
    from cunp.scipy.signal import _overlap_add
    monkeypatch.setattr(_overlap_add, "_MIN_BLOCK", 4)


def test_oaconvolve_block_plan():
    from cunp.scipy.signal._overlap_add import block_plan

    # The bench case: 1366 blocks of 12289 samples in 16384-point transforms.
    assert block_plan(2 ** 24, 4096) == (16384, 12289, 4096)
    assert block_plan(4096, 2 ** 24) == (16384, 4096, 12289)
    for n1, n2 in [(5000, 5), (10 ** 6, 300), (10 ** 6, 20000), (3000, 400)]:
        length, step1, step2 = block_plan(n1, n2)
        assert length & (length - 1) == 0 and length >= max(1024, 4 * (n2 - 1))
        assert step1 == length - n2 + 1 and step2 == n2 and length < n1
    # One transform of the full length: equal lengths, a single sample, a kernel more than
    # half the signal, or a block no shorter than the signal.
    for n1, n2 in [(50, 50), (1, 9), (9, 1), (100, 60), (1000, 300), (1000, 10)]:
        assert block_plan(n1, n2) is None


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128", "int32"])
@pytest.mark.parametrize("mode", MODES)
def test_oaconvolve_blocks(ss, small_blocks, mode, dtype):
    for n, m in OA_LENGTHS:
        a, b = _random(n, dtype, 1), _random(m, dtype, 2)
        _check(_convolve.oaconvolve(numpy, a, b, mode), ss.oaconvolve(a, b, mode), dtype)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("dtype", ["float64", "complex128"])
def test_oaconvolve_nd(ss, small_blocks, mode, dtype):
    cases = [((50, 60), (5, 7), None),
             ((50, 6), (5, 40), None),  # in1 split along axis 0, in2 along axis 1
             ((3, 200), (3, 9), [1]), ((200, 3), (9, 1), [0]), ((200, 3), (9, 3), 0),
             ((4, 100, 30), (1, 9, 30), [1, 2]),  # axis 2 one full transform, axis 1 blocks
             ((4, 100, 30), (4, 9, 5), [-2, -1]), ((30, 100, 4), (30, 9, 1), [1]),
             ((20, 30, 40), (3, 4, 5), None)]
    for s1, s2, axes in cases:
        a, b = _random(s1, dtype, 1), _random(s2, dtype, 2)
        try:
            want = ss.oaconvolve(a, b, mode, axes=axes)
        except ValueError:
            with pytest.raises(ValueError):
                _convolve.oaconvolve(numpy, a, b, mode, axes=axes)
            continue
        _check(_convolve.oaconvolve(numpy, a, b, mode, axes=axes), want, dtype)


@pytest.mark.parametrize("mode", MODES)
def test_oaconvolve_layouts(ss, small_blocks, mode):
    a, b = _random((300, 40), "float64", 1), _random((11, 3), "float64", 2)
    for x, k in [(a.T, b.T), (a[::-1], b[:, ::-1]), (numpy.asfortranarray(a), b),
                 (a[::2, ::3], b), (a[:, :1], b[:, :1]), (a[:1], b[:1])]:
        _check(_convolve.oaconvolve(numpy, x, k, mode), ss.oaconvolve(x, k, mode), "float64")
    for x, k in [(numpy.ones(0), numpy.ones(3)), (numpy.ones((4, 0)), numpy.ones((2, 2))),
                 (numpy.float64(3.0), numpy.float64(2.0)), (numpy.ones(1), numpy.ones(1))]:
        got, want = _convolve.oaconvolve(numpy, x, k, mode), ss.oaconvolve(x, k, mode)
        assert numpy.shape(got) == numpy.shape(want)
        numpy.testing.assert_allclose(got, want)


def test_oaconvolve_default_blocks(ss):
    # Long enough for the default plan: 1024- and 2048-point blocks.
    for n, m in [(20000, 101), (20000, 300), (300, 20000)]:
        a, b = _random(n, "float32", 1), _random(m, "float32", 2)
        for mode in MODES:
            _check(_convolve.oaconvolve(numpy, a, b, mode), ss.oaconvolve(a, b, mode),
                   "float32")
    with pytest.raises(ValueError):
        _convolve.oaconvolve(numpy, numpy.ones(3000), numpy.ones(30), "nope")
    with pytest.raises(ValueError):
        _convolve.oaconvolve(numpy, numpy.ones((3000, 2)), numpy.ones((30, 3)), "valid")


def test_choose_conv_method():
    assert _convolve.choose_conv_method(numpy, numpy.ones(1000), numpy.ones(5)) == "direct"
    assert _convolve.choose_conv_method(numpy, numpy.ones(1000), numpy.ones(500)) == "fft"
    big = numpy.full(1000, 2 ** 40, numpy.int64)
    assert _convolve.choose_conv_method(numpy, big, big) == "direct"
    assert _convolve.choose_conv_method(numpy, numpy.ones(500, bool),
                                        numpy.ones(500, bool)) == "direct"


def test_choose_conv_method_measure(monkeypatch):
    method, times = _convolve.choose_conv_method(numpy, numpy.ones(300), numpy.ones(40),
                                                 measure=True)
    assert set(times) == {"fft", "direct"} and method == min(times, key=times.get)
    # Each timed call is bracketed by device synchronisations (the GPU runs asynchronously).
    events = []
    monkeypatch.setattr(_convolve, "_synchronize", lambda xp: events.append("sync"))
    real = _convolve.convolve
    monkeypatch.setattr(_convolve, "convolve",
                        lambda xp, a, b, mode, method: events.append(method) or
                        real(xp, a, b, mode, method))
    _convolve.choose_conv_method(numpy, numpy.ones(30), numpy.ones(4), "same", measure=True)
    assert events == ["sync", "fft", "sync", "sync", "direct", "sync"]


def test_synchronize_only_for_cunp():
    calls = []

    class FakeDevice:
        def synchronize(self):
            calls.append(1)

    class FakeCuda:
        Device = FakeDevice

    class FakeCunp:
        __name__ = "cunp"
        cuda = FakeCuda

    _convolve._synchronize(numpy)
    assert calls == []
    _convolve._synchronize(FakeCunp())
    assert calls == [1]


@gpu
@pytest.mark.parametrize("dtype", ["float32", "complex64", "float64"])
@pytest.mark.parametrize("mode", MODES)
def test_oaconvolve_blocks_on_device(ss, mode, dtype):
    import cunp
    from cunp.scipy import signal

    # The bench's shape scaled down (2^20 x 4096: 86 blocks of 16384), short kernels, the
    # kernel first, and n-D along one axis and two.
    cases = [((1 << 20,), (4096,), None), ((100000,), (31,), None), ((3000,), (100000,), None),
             ((4, 50000), (1, 257), [1]), ((3000, 40), (300, 5), None)]
    for s1, s2, axes in cases:
        a, b = _random(s1, dtype, 1), _random(s2, dtype, 2)
        got = signal.oaconvolve(cunp.asarray(a), cunp.asarray(b), mode, axes=axes)
        assert isinstance(got, cunp.ndarray) and got.dtype == dtype
        want = ss.oaconvolve(a.astype(numpy.complex128 if a.dtype.kind == "c" else
                                      numpy.float64), b, mode, axes=axes).astype(got.dtype)
        _check(cunp.asnumpy(got), want, dtype)
    x, k = _random((600, 5000), dtype, 3), _random((7, 300), dtype, 4)
    # Negative and non-unit strides, and F order, on the device.
    for xd in (cunp.asarray(x)[::-1, ::2], cunp.asfortranarray(cunp.asarray(x))):
        _check(cunp.asnumpy(signal.oaconvolve(xd, cunp.asarray(k), mode)),
               ss.oaconvolve(cunp.asnumpy(xd), k, mode), dtype)


@gpu
def test_choose_conv_method_measure_on_device():
    import cunp
    from cunp.scipy import signal

    a, b = cunp.asarray(_random(1 << 16, "float32", 3)), cunp.asarray(_random(512, "float32"))
    signal.choose_conv_method(a, b, measure=True)  # plans and kernel compiles out of the way
    method, times = signal.choose_conv_method(a, b, measure=True)
    assert method == min(times, key=times.get) and all(t > 0 for t in times.values())


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "int32"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", ["convolve", "correlate", "fftconvolve", "oaconvolve"])
def test_on_device(ss, name, mode, dtype):
    import cunp
    from cunp.scipy import signal

    for n, m in [(1000, 7), (7, 1000), (4096, 300), (5, 5), (1, 4)]:
        a, b = _random(n, dtype, 1), _random(m, dtype, 2)
        got = getattr(signal, name)(cunp.asarray(a), cunp.asarray(b), mode)
        assert isinstance(got, cunp.ndarray)
        _check(cunp.asnumpy(got), getattr(ss, name)(a, b, mode), dtype)


@gpu
@pytest.mark.parametrize("boundary", ["fill", "wrap", "symm"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", ["convolve2d", "correlate2d"])
def test_2d_on_device(ss, name, mode, boundary):
    import cunp
    from cunp.scipy import signal

    a, b = _random((40, 33), "float32", 1), _random((5, 4), "float32", 2)
    got = getattr(signal, name)(cunp.asarray(a), cunp.asarray(b), mode, boundary, 1.5)
    _check(cunp.asnumpy(got), getattr(ss, name)(a, b, mode, boundary, 1.5), "float32")
