"""upfirdn's signal extension modes (cunp/scipy/signal/_extend.py) and resample_poly's padtypes
against SciPy: the composition over NumPy on the CPU (the extension, then the polyphase kernel's
model), the same on cunp arrays on the GPU. Rates, filters longer than the signal (several
periods of a mirror or periodic extension), n-D along either axis, complex and integer input."""
import numpy
import pytest

from cunp.scipy.signal import _extend, _resample

gpu = pytest.mark.gpu

MODES = ["constant", "symmetric", "reflect", "edge", "wrap", "smooth", "antisymmetric",
         "antireflect", "line"]
# (up, down, len(h), len(x)): filters shorter and longer than the signal, rates whose
# extension needs rounding to a whole output step.
CASES = [(1, 1, 4, 8), (1, 1, 26, 8), (3, 2, 21, 5), (2, 3, 30, 4), (1, 7, 15, 3),
         (10, 1, 63, 2), (4, 4, 9, 9), (6, 4, 50, 12), (5, 3, 7, 40), (1, 2, 11, 2)]
DTYPES = ["float32", "float64", "complex64", "complex128"]


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


def _tol(dtype):
    return 5e-5 if numpy.dtype(dtype) in (numpy.float32, numpy.complex64) else 1e-11


def _data(shape, dtype, rng):
    if numpy.dtype(dtype).kind in "iu":
        return rng.integers(-20, 20, shape).astype(dtype)
    x = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _close(got, want, dtype):
    assert got.shape == want.shape and got.dtype == want.dtype, (got.shape, got.dtype,
                                                                  want.shape, want.dtype)
    scale = max(1.0, float(numpy.abs(want).max(initial=0)))
    numpy.testing.assert_allclose(got, want, rtol=_tol(dtype), atol=_tol(dtype) * scale)


def _scipy_extension(ss, x, mode, count):
    """SciPy's extension samples: a delayed unit impulse shows the `count` samples before the
    signal, an undelayed one those after it."""
    late = numpy.zeros(count + 1)
    late[-1] = 1
    early = numpy.zeros(count + 1)
    early[0] = 1
    n = x.shape[-1]
    return (ss.upfirdn(late, x, mode=mode)[..., :count],
            ss.upfirdn(early, x, mode=mode)[..., n:n + count])


@pytest.mark.parametrize("mode", MODES[1:])
def test_extension_rule_matches_scipy(ss, mode):
    rng = numpy.random.default_rng(21)
    # Down to 2 samples: 30 samples each side are many periods of the mirror modes.
    for n in (2, 3, 4, 7, 16):
        x = rng.standard_normal((2, n))
        before, after = _scipy_extension(ss, x, mode, 30)
        got = _extend.extend(numpy, x, mode, 0.0, 30, 30)
        _close(got[..., :30], before, "float64")
        _close(got[..., 30:30 + n], x, "float64")
        _close(got[..., 30 + n:], after, "float64")


@pytest.mark.parametrize("mode", ["symmetric", "edge", "wrap", "antisymmetric", "line"])
def test_extension_of_one_sample_matches_scipy(ss, mode):
    x = numpy.array([[7.0], [-2.5]])
    before, after = _scipy_extension(ss, x, mode, 9)
    with numpy.errstate(invalid="ignore"):
        got = _extend.extend(numpy, x, mode, 0.0, 9, 9)
    numpy.testing.assert_array_equal(got[..., :9], before)
    numpy.testing.assert_array_equal(got[..., 10:], after)


def test_extension_where_scipy_has_none():
    # SciPy's 'smooth' reads past a one-sample signal; cunp holds the sample (no slope).
    x = numpy.array([3.0, -1.0])[:, None]
    numpy.testing.assert_array_equal(_extend.extend(numpy, x, "smooth", 0, 2, 3),
                                     numpy.repeat(x, 6, axis=1))
    # SciPy's process dies (integer division by zero) or reads uninitialised memory here.
    for mode, n in (("reflect", 1), ("antireflect", 1), ("wrap", 0), ("symmetric", 0),
                    ("edge", 0), ("line", 0)):
        with pytest.raises(ValueError):
            _resample.upfirdn(numpy, [1.0, 2.0, 3.0], numpy.ones(n), mode=mode)


@pytest.mark.parametrize("mode", MODES)
def test_filter_within_one_phase_reads_no_extension(ss, mode):
    # A filter no longer than `up` reads no sample outside the signal, in SciPy too: any
    # mode, on any signal.
    for h, up, down in (([1.0, 2.0], 2, 1), ([1.5], 1, 3), ([1.0, -1.0, 0.5], 3, 2)):
        for x in (numpy.array([7.0]), numpy.zeros(0), numpy.arange(5.0)):
            _close(_resample.upfirdn(numpy, h, x, up, down, mode=mode, cval=2.0 * (
                mode == "constant")), ss.upfirdn(h, x, up, down, mode=mode, cval=2.0 * (
                    mode == "constant")), "float64")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_modes_match_scipy(ss, mode, dtype):
    rng = numpy.random.default_rng(22)
    for up, down, len_h, n in CASES:
        h = _data(len_h, dtype, rng)
        x = _data((3, n), dtype, rng)
        for cval in ((0, 1.5) if mode == "constant" else (0,)):
            want = ss.upfirdn(h, x, up, down, mode=mode, cval=cval)
            got = _resample.upfirdn(numpy, h, x, up, down, mode=mode, cval=cval)
            _close(got, want, dtype)


@pytest.mark.parametrize("mode", MODES)
def test_modes_layouts_and_mixed_dtypes(ss, mode):
    rng = numpy.random.default_rng(23)
    base = _data((5, 13, 4), "complex128", rng)
    real = rng.standard_normal((13, 6))
    layouts = [
        (base, 0), (base, 1), (base, -1),  # 3-D along each axis
        (base[:, ::-2, 1], 1), (base[::-1, 3:9, 2], 0),  # negative strides
        (numpy.asfortranarray(real), 0), (real.T, -1),  # F-order
        (rng.integers(-9, 9, (4, 11)), -1),  # integer input computes in float64
        (real.astype(numpy.float32), 0),
    ]
    for x, axis in layouts:
        for up, down, len_h, _ in CASES:
            for h in (rng.standard_normal(len_h), rng.standard_normal(len_h).astype("float32")):
                want = ss.upfirdn(h, x, up, down, axis=axis, mode=mode, cval=-0.5 * (
                    mode == "constant"))
                got = _resample.upfirdn(numpy, h, x, up, down, axis, mode, -0.5 * (
                    mode == "constant"))
                _close(got, want, want.dtype)


def test_mode_arguments(ss):
    h, x = [1.0, 2.0, 0.5], numpy.arange(6.0)
    # Mode names are case-insensitive; a constant's cval reaches an empty signal's outputs.
    _close(_resample.upfirdn(numpy, h, x, mode="Wrap"), ss.upfirdn(h, x, mode="Wrap"),
           "float64")
    empty = numpy.zeros((2, 0))
    _close(_resample.upfirdn(numpy, h, empty, 2, 1, mode="constant", cval=2.0),
           ss.upfirdn(h, empty, 2, 1, mode="constant", cval=2.0), "float64")
    for mode, cval, error in (("foo", 0, ValueError), ("constant", 1j, TypeError)):
        with pytest.raises(error):
            ss.upfirdn(h, x, mode=mode, cval=cval)
        with pytest.raises(error):
            _resample.upfirdn(numpy, h, x, mode=mode, cval=cval)


@pytest.mark.parametrize("padtype", MODES + ["mean", "median", "minimum", "maximum"])
def test_resample_poly_padtypes(ss, padtype):
    rng = numpy.random.default_rng(24)
    x = rng.standard_normal((40, 3))
    for up, down, axis in ((3, 2, 0), (2, 5, 0), (1, 4, 1), (7, 3, -1)):
        for dtype in ("float32", "complex128"):
            xd = x.astype(dtype) if dtype == "float32" else x + 1j * x[::-1]
            _close(_resample.resample_poly(numpy, xd, up, down, axis=axis, padtype=padtype),
                   ss.resample_poly(xd, up, down, axis=axis, padtype=padtype), dtype)
    _close(_resample.resample_poly(numpy, x, 3, 2, padtype="constant", cval=2.0),
           ss.resample_poly(x, 3, 2, padtype="constant", cval=2.0), "float64")
    if padtype != "constant":
        with pytest.raises(ValueError):
            _resample.resample_poly(numpy, x, 3, 2, padtype=padtype, cval=1.0)


@gpu
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_modes_on_device(ss, mode, dtype):
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(25)
    base = _data((6, 17, 5), dtype, rng)
    device = cunp.asarray(base)
    layouts = [
        (base[0, :, 0], device[0, :, 0], -1),  # strided 1-D
        (base[1, ::-1, 2], device[1, ::-1, 2], 0),  # reversed
        (base[:, :, 1], cunp.asfortranarray(device[:, :, 1]), 0),  # F-order, along axis 0
        (base, device, 1),  # 3-D, middle axis
        (base, device, -1),
        (base[0, :3, 0], device[0, :3, 0], 0),  # shorter than most filters
    ]
    cval = 1.25 if mode == "constant" else 0
    for x, xd, axis in layouts:
        for up, down, len_h, _ in CASES:
            h = _data(len_h, dtype, rng)
            got = signal.upfirdn(cunp.asarray(h), xd, up, down, axis, mode=mode, cval=cval)
            assert isinstance(got, cunp.ndarray)
            _close(cunp.asnumpy(got), ss.upfirdn(h, x, up, down, axis, mode, cval), dtype)


@gpu
def test_modes_on_device_integer_input_and_resample_poly(ss):
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(26)
    xi = rng.integers(-50, 50, (3, 30))
    h = ss.firwin(31, 1 / 3)
    for mode in MODES:
        _close(cunp.asnumpy(signal.upfirdn(h, cunp.asarray(xi), 2, 3, mode=mode)),
               ss.upfirdn(h, xi, 2, 3, mode=mode), "float64")
    x = rng.standard_normal((500, 2)).astype(numpy.float32)
    for padtype in MODES + ["mean", "median", "minimum", "maximum"]:
        _close(cunp.asnumpy(signal.resample_poly(cunp.asarray(x), 3, 2, padtype=padtype)),
               ss.resample_poly(x, 3, 2, padtype=padtype), "float32")
    _close(cunp.asnumpy(signal.resample_poly(cunp.asarray(x), 5, 3, padtype="constant",
                                             cval=-1.0)),
           ss.resample_poly(x, 5, 3, padtype="constant", cval=-1.0), "float32")
    with pytest.raises(ValueError):
        signal.upfirdn(h, cunp.ones(1), mode="reflect")
