"""cunp.scipy.fft against scipy.fft, and the FFT path of convolve.

The transforms are written over an array namespace: the tests without the gpu marker run them
with xp=numpy (NumPy's pocketfft underneath) and compare with SciPy, which checks the DCT/DST
algorithms, the scaling, the dtypes and the argument handling without a device; the gpu tests run
the public functions on cunp arrays."""
import inspect
import itertools

import numpy
import pytest

import cunp
from cunp import testing
from cunp._math._fft_convolve import fft_convolve
from cunp._math._polynomial import _span
from cunp.scipy import fft as cfft
from cunp.scipy.fft import _basic, _realtransforms

gpu = pytest.mark.gpu

REAL_NAMES = ["dct", "idct", "dst", "idst"]
REAL_N_NAMES = ["dctn", "idctn", "dstn", "idstn"]
NORMS = [None, "backward", "ortho", "forward"]
FLOATING = ["float32", "float64", "complex64", "complex128"]
SIZES = list(range(1, 18)) + [32, 64, 128]
BASIC_1D = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]
BASIC_ND = ["fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn", "fft2", "ifft2", "rfft2",
            "irfft2", "hfft2", "ihfft2"]
REAL_INPUT_ONLY = {"rfft", "ihfft", "rfftn", "ihfftn", "rfft2", "ihfft2"}


@pytest.fixture
def sfft():
    return pytest.importorskip("scipy.fft")


def _random(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == "b":
        return rng.random(shape) < 0.5
    if dtype.kind in "iu":
        return rng.integers(0, 20, shape).astype(dtype)
    x = rng.standard_normal(shape)
    if dtype.kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _tolerance(dtype, size=1):
    single = numpy.dtype(dtype) in (numpy.float32, numpy.complex64, numpy.float16)
    return (2e-5 if single else 1e-12) * max(1.0, numpy.log2(max(size, 2)))


def _assert_matches(got, want, dtype, size=1):
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape, (got.shape, want.shape)
    scale = max(float(numpy.abs(want).max(initial=0.0)), 1.0)
    testing.assert_allclose(got, want, rtol=_tolerance(dtype, size),
                            atol=_tolerance(dtype, size) * scale)


# --- with xp = numpy: the algorithms and argument handling, no device ---

@pytest.mark.parametrize("dtype", FLOATING)
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("type", [1, 2, 3, 4])
@pytest.mark.parametrize("name", REAL_NAMES)
def test_dct_dst_match_scipy(sfft, name, type, norm, dtype):
    for n, orthogonalize in itertools.product(SIZES, [None, True, False]):
        if name.endswith("dct") and type == 1 and n == 1:
            continue  # no type 1 DCT of one point (test_dct1_needs_two_points)
        x = _random((3, n), dtype, seed=n)
        for axis in (-1, 0):
            args = dict(type=type, norm=norm, orthogonalize=orthogonalize, axis=axis)
            data = x if axis == -1 else x.T
            want = getattr(sfft, name)(data, **args)
            got = getattr(_realtransforms, name)(numpy, data, **args)
            _assert_matches(got, want, dtype, n)


@pytest.mark.parametrize("name", REAL_NAMES)
@pytest.mark.parametrize("n", [1, 3, 8, 11, 20])
@pytest.mark.parametrize("axis", [0, 1, -1, -3])
def test_dct_dst_n_and_axis(sfft, name, n, axis):
    x = _random((5, 8, 6), "float64", seed=3)
    for type in (1, 2, 3, 4):
        if name.endswith("dct") and type == 1 and n == 1:
            continue
        want = getattr(sfft, name)(x, type=type, n=n, axis=axis, norm="ortho")
        _assert_matches(getattr(_realtransforms, name)(numpy, x, type=type, n=n, axis=axis,
                                                       norm="ortho"), want, "float64")


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "int64", "float16"])
@pytest.mark.parametrize("name", REAL_NAMES)
def test_dct_dst_dtypes(sfft, name, dtype):
    x = _random((4, 7), dtype, seed=5)
    want = getattr(sfft, name)(x)
    _assert_matches(getattr(_realtransforms, name)(numpy, x), want, want.dtype)


@pytest.mark.parametrize("dtype", FLOATING)
@pytest.mark.parametrize("type", [1, 2, 3, 4])
@pytest.mark.parametrize("name", REAL_N_NAMES)
def test_dctn_dstn_match_scipy(sfft, name, type, dtype):
    x = _random((4, 5, 6), dtype, seed=7)
    variants = [dict(), dict(axes=(0, 2)), dict(axes=-2), dict(s=(3, 8)), dict(s=(-1, 9, 2)),
                dict(s=(7, 3), axes=(2, 0)), dict(axes=[1])]
    for norm, variant in itertools.product(NORMS, variants):
        for orthogonalize in (None, True):
            args = dict(type=type, norm=norm, orthogonalize=orthogonalize, **variant)
            want = getattr(sfft, name)(x, **args)
            _assert_matches(getattr(_realtransforms, name)(numpy, x, **args), want, dtype, 9)


def test_dct1_needs_two_points():
    for name in ("dct", "idct"):
        with pytest.raises(RuntimeError, match="type 1 DCT needs at least 2 points"):
            getattr(_realtransforms, name)(numpy, numpy.ones(1), type=1)
    with pytest.raises(RuntimeError, match="type 1 DCT"):
        _realtransforms.dctn(numpy, numpy.ones((3, 4)), type=1, s=[1], axes=[1])
    # DST-I of one point is defined.
    testing.assert_allclose(_realtransforms.dst(numpy, numpy.ones(1), type=1), [2.0])


@pytest.mark.parametrize("name", REAL_NAMES + REAL_N_NAMES)
def test_dct_dst_errors(name):
    fn = getattr(_realtransforms, name)
    x = numpy.ones((3, 4))
    kind = "DCT" if "dct" in name else "DST"
    for bad in (0, 5, -1):
        with pytest.raises(ValueError, match=f"invalid {kind} type"):
            fn(numpy, x, type=bad)
    with pytest.raises(TypeError):
        fn(numpy, x, type="2")
    with pytest.raises(ValueError, match="Invalid norm value 'unitary', should be"):
        fn(numpy, x, norm="unitary")
    if name.endswith("n"):
        with pytest.raises(ValueError, match=r"invalid number of data points \(\[0\]\)"):
            fn(numpy, x, s=[0])
        with pytest.raises(ValueError, match="axes exceeds dimensionality of input"):
            fn(numpy, x, axes=[2])
        with pytest.raises(ValueError, match="all axes must be unique"):
            fn(numpy, x, axes=[1, -1])
        assert fn(numpy, x, axes=()) is x  # as SciPy: the argument itself
    else:
        for n in (0, -2):
            with pytest.raises(ValueError, match=rf"invalid number of data points \({n}\)"):
                fn(numpy, x, n=n)
        with pytest.raises(IndexError):  # AxisError, also a ValueError
            fn(numpy, x, axis=2)
        with pytest.raises(ValueError, match=r"invalid number of data points \(0\)"):
            fn(numpy, numpy.ones((3, 0)))


@pytest.mark.parametrize("dtype", ["bool", "int8", "int64", "uint8", "float16", "float32",
                                   "float64", "complex64", "complex128"])
@pytest.mark.parametrize("name", BASIC_1D)
def test_basic_1d_match_scipy(sfft, name, dtype):
    if name in REAL_INPUT_ONLY and numpy.dtype(dtype).kind == "c":
        with pytest.raises(TypeError, match="x must be a real sequence"):
            getattr(_basic, name)(numpy, _random((4, 6), dtype))
        return
    for shape, n, axis in [((4, 6), None, -1), ((4, 6), 9, 0), ((5, 7), 4, 1), ((16,), 33, 0),
                           ((3, 17), None, -1), ((2, 3, 8), 8, -2)]:
        x = _random(shape, dtype, seed=len(shape))
        for norm in NORMS:
            want = getattr(sfft, name)(x, n=n, axis=axis, norm=norm)
            got = getattr(_basic, name)(numpy, x, n=n, axis=axis, norm=norm)
            _assert_matches(got, want, want.dtype, 32)


@pytest.mark.parametrize("dtype", ["int16", "float16", "float32", "float64", "complex64",
                                   "complex128"])
@pytest.mark.parametrize("name", BASIC_ND)
def test_basic_nd_match_scipy(sfft, name, dtype):
    x = _random((4, 6, 5), dtype, seed=11)
    if name in REAL_INPUT_ONLY and x.dtype.kind == "c":
        with pytest.raises(TypeError, match="x must be a real sequence"):
            getattr(_basic, name)(numpy, x)
        return
    variants = [dict(), dict(s=(3, 8)), dict(axes=(0, 2)), dict(s=(-1, 7), axes=(2, 1)),
                dict(axes=[-3]), dict(s=(5, 6, 4))]
    if name.endswith("2"):
        variants = [v for v in variants if len(v.get("s", v.get("axes", (0, 1)))) == 2] + [{}]
    for variant, norm in itertools.product(variants, NORMS):
        want = getattr(sfft, name)(x, norm=norm, **variant)
        got = getattr(_basic, name)(numpy, x, norm=norm, **variant)
        _assert_matches(got, want, want.dtype, 120)


def test_basic_errors():
    x = numpy.ones((3, 4))
    for name in BASIC_1D:
        fn = getattr(_basic, name)
        with pytest.raises(ValueError, match="Invalid norm value 'o', should be"):
            fn(numpy, x, norm="o")
        with pytest.raises(ValueError, match=r"invalid number of data points \(0\)"):
            fn(numpy, x, n=0)
        with pytest.raises(IndexError):
            fn(numpy, x, axis=-3)
        with pytest.raises(TypeError):
            fn(numpy, x, n=2.5)
        with pytest.raises(NotImplementedError, match="plan must be None"):
            fn(numpy, x, plan=object())
    for name in ("irfft", "hfft"):
        with pytest.raises(ValueError, match=r"Invalid number of data points \(0\)"):
            getattr(_basic, name)(numpy, numpy.ones((3, 1)))
    with pytest.raises(ValueError, match=r"invalid number of data points \(0\)"):
        _basic.fft(numpy, numpy.ones((3, 0)))
    for name in BASIC_ND:
        fn = getattr(_basic, name)
        with pytest.raises(ValueError, match="all axes must be unique"):
            fn(numpy, x, axes=(0, 0))
        with pytest.raises(ValueError, match="axes exceeds dimensionality of input"):
            fn(numpy, x, axes=(0, 2))
        with pytest.raises(ValueError, match="have to be of the same length"):
            fn(numpy, x, s=(2, 2, 2), axes=(0, 1))
        with pytest.raises(ValueError, match="must be a scalar or iterable of integers"):
            fn(numpy, x, s=(2.5, 2), axes=(0, 1))
    with pytest.raises(ValueError, match="shape requires more axes than are present"):
        _basic.fftn(numpy, x, s=(2, 2, 2))
    assert _basic.fftn(numpy, x, axes=()) is x
    for name in ("rfftn", "irfftn", "hfftn", "ihfftn"):
        with pytest.raises(ValueError, match="at least 1 axis must be transformed"):
            getattr(_basic, name)(numpy, x, axes=())


class _Plan:
    """A stand-in for a cunp.fft plan: a context manager that records its use."""

    def __init__(self):
        self.entered = 0

    def __enter__(self):
        self.entered += 1
        return self

    def __exit__(self, *exc):
        return False


def test_plan_is_entered_around_the_transform():
    plan = _Plan()
    x = numpy.arange(8.0)
    testing.assert_allclose(_basic.rfft(numpy, x, plan=plan), numpy.fft.rfft(x))
    _basic.fft2(numpy, x.reshape(2, 4), plan=plan)
    assert plan.entered == 2


def test_next_fast_len():
    def smooth(n):
        for p in (2, 3, 5, 7):
            while n % p == 0:
                n //= p
        return n == 1

    smooth_numbers = [k for k in range(1, 3000) if smooth(k)]
    for target in range(1, 2500):
        above = min(k for k in smooth_numbers if k >= target)
        below = max(k for k in smooth_numbers if k <= target)
        assert cfft.next_fast_len(target) == above
        assert cfft.next_fast_len(target, real=True) == above
        assert cfft.prev_fast_len(target) == below
        assert cfft.prev_fast_len(target, True) == below
    assert cfft.next_fast_len(0) == 0 and cfft.prev_fast_len(0) == 0
    assert cfft.next_fast_len(numpy.int64(1000999)) == 1003520  # 2^12 * 5 * 7^2
    assert smooth(cfft.next_fast_len(2**40 + 1)) and smooth(cfft.prev_fast_len(2**40 - 1))
    for fn in (cfft.next_fast_len, cfft.prev_fast_len):
        with pytest.raises(ValueError, match="Target length must be positive"):
            fn(-1)
        with pytest.raises(TypeError):
            fn(2.5)
        with pytest.raises(TypeError):
            fn("8")


def test_signatures_are_scipys(sfft):
    for name in cfft.__all__:
        assert inspect.signature(getattr(cfft, name)) == inspect.signature(getattr(sfft, name)), \
            name
        assert getattr(cfft, name).__name__ == name


def test_backend_protocol_defers_what_it_cannot_run(sfft):
    assert cfft.__ua_domain__ == "numpy.scipy.fft"

    class Method:
        __name__ = "no_such_transform"

    assert cfft.__ua_function__(Method(), (), {}) is NotImplemented
    # NumPy input without coerce: this backend declines and SciPy's own computes.
    x = numpy.arange(6.0)
    with sfft.set_backend(cfft):
        testing.assert_allclose(sfft.fft(x), numpy.fft.fft(x))
        testing.assert_allclose(sfft.dct(x), sfft.dct(x, workers=1))


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
@pytest.mark.parametrize("lengths", [(1, 1), (5, 1), (1, 5), (7, 7), (40, 33), (33, 40),
                                     (100, 64), (64, 1000), (1000, 999), (1025, 32)])
def test_fft_convolve_matches_numpy(dtype, lengths):
    n, m = lengths
    a, v = _random(n, dtype, seed=1), _random(m, dtype, seed=2)
    for mode, numpy_mode in ((2, "full"), (1, "same"), (0, "valid")):
        # convolve: the longer input first, 'same' centred as NumPy's convolve
        long_, short = (a, v) if n >= m else (v, a)
        got = fft_convolve(numpy, long_, short, *_span(max(n, m), min(n, m), mode,
                                                         lambda s: (s - 1) // 2))
        _assert_matches(got, numpy.convolve(a, v, numpy_mode), dtype, n + m)
        # correlate: the reversed conjugate, as cunp.correlate passes it
        k = numpy.conj(v[::-1])
        span = _span(n, m, mode, (lambda s: (s - 1) // 2) if n >= m else (lambda s: s // 2))
        got = fft_convolve(numpy, a, k, *span) if n >= m else fft_convolve(numpy, k, a, *span)
        _assert_matches(got, numpy.correlate(a, v, numpy_mode), dtype, n + m)


# --- on the device ---

def _on_device(x):
    return cunp.asarray(x)


@gpu
@pytest.mark.parametrize("dtype", ["bool", "int32", "float16", "float32", "float64",
                                   "complex64", "complex128"])
@pytest.mark.parametrize("name", BASIC_1D + BASIC_ND)
def test_gpu_basic_match_scipy(sfft, name, dtype):
    x = _random((6, 8, 10), dtype, seed=4)
    if name in REAL_INPUT_ONLY and x.dtype.kind == "c":
        with pytest.raises(TypeError, match="x must be a real sequence"):
            getattr(cfft, name)(_on_device(x))
        return
    args = [dict(norm="ortho")]
    args += [dict(n=13, axis=1), dict(n=4, axis=0)] if name in BASIC_1D else \
        [dict(s=(5, 12), axes=(2, 0)), dict(axes=(-1, -2))]
    for kw in [dict()] + args:
        want = getattr(sfft, name)(x, **kw)
        got = getattr(cfft, name)(_on_device(x), **kw)
        assert isinstance(got, cunp.ndarray)
        _assert_matches(got.get(), want, want.dtype, 1000)


@gpu
@pytest.mark.parametrize("dtype", FLOATING)
@pytest.mark.parametrize("type", [1, 2, 3, 4])
@pytest.mark.parametrize("name", REAL_NAMES)
def test_gpu_dct_dst_match_scipy(sfft, name, type, dtype):
    for n, norm in itertools.product([2, 3, 8, 17, 64, 1000, 4096], NORMS):
        x = _random((3, n), dtype, seed=n)
        for axis in (-1, 0):
            data = x if axis == -1 else numpy.ascontiguousarray(x.T)
            want = getattr(sfft, name)(data, type=type, norm=norm, axis=axis)
            got = getattr(cfft, name)(_on_device(data), type=type, norm=norm, axis=axis)
            _assert_matches(got.get(), want, dtype, n)


@gpu
@pytest.mark.parametrize("dtype", ["int8", "float16", "float32", "float64", "complex128"])
@pytest.mark.parametrize("name", REAL_N_NAMES)
def test_gpu_dctn_dstn_match_scipy(sfft, name, dtype):
    x = _random((6, 7, 8), dtype, seed=9)
    for type, kw in itertools.product([1, 2, 3, 4], [dict(), dict(s=(5, 9), axes=(0, 2)),
                                                     dict(norm="ortho", axes=1)]):
        want = getattr(sfft, name)(x, type=type, **kw)
        got = getattr(cfft, name)(_on_device(x), type=type, **kw)
        _assert_matches(got.get(), want, want.dtype, 64)


@gpu
def test_gpu_layouts(sfft):
    x = _random((9, 12, 10), "float64", seed=12)
    for view in (lambda a: a[::-1], lambda a: a[:, ::2], lambda a: a.transpose(2, 0, 1),
                 lambda a: numpy.asfortranarray(a) if isinstance(a, numpy.ndarray) else
                 cunp.asfortranarray(a)):
        host, device = view(x), view(_on_device(x))
        for name in ("fft", "rfft", "dct", "idst"):
            _assert_matches(getattr(cfft, name)(device, axis=1).get(),
                            getattr(sfft, name)(host, axis=1), "float64", 16)
        _assert_matches(cfft.dctn(device, type=3).get(), sfft.dctn(host, type=3), "float64", 64)


@gpu
def test_gpu_freqs_and_shifts(sfft):
    testing.assert_allclose(cfft.fftfreq(9, 0.5).get(), sfft.fftfreq(9, 0.5))
    testing.assert_allclose(cfft.rfftfreq(10).get(), sfft.rfftfreq(10))
    x = _random((4, 5), "float32")
    testing.assert_array_equal(cfft.fftshift(_on_device(x)).get(), sfft.fftshift(x))
    testing.assert_array_equal(cfft.ifftshift(_on_device(x), axes=1).get(),
                               sfft.ifftshift(x, axes=1))


@gpu
def test_gpu_scipy_dispatches_to_cunp(sfft):
    x = _random((4, 16), "float32", seed=3)
    xd = _on_device(x)
    with sfft.set_backend(cfft):
        for name, kw in (("fft", {}), ("irfft", dict(n=10)), ("dct", dict(type=3)),
                         ("fftn", dict(axes=(0,))), ("idstn", {})):
            got = getattr(sfft, name)(xd, **kw)
            assert isinstance(got, cunp.ndarray), name
            _assert_matches(got.get(), getattr(sfft, name)(x, **kw), "float32", 16)
        assert isinstance(sfft.next_fast_len(11), int)
    with sfft.set_backend(cfft, coerce=True):
        assert isinstance(sfft.rfft(x), cunp.ndarray)
