"""symiirorder1/2, the spline coefficient filters, their evaluation, sepfir2d and
spline_filter against scipy.signal. Written over an array namespace: the CPU tests run them
with xp=numpy, the gpu test on cunp arrays."""
import numpy
import pytest

from cunp.scipy.signal import _spline_filters as sf

gpu = pytest.mark.gpu


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


def _close(got, want, tol=1e-9, dtype=True):
    got, want = numpy.asarray(got), numpy.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    if dtype:
        assert got.dtype == want.dtype, (got.dtype, want.dtype)
    scale = max(1.0, float(numpy.abs(want).max(initial=0)))
    numpy.testing.assert_allclose(got, want, rtol=tol, atol=tol * scale)


def _signal(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _tol(dtype):
    return 1e-4 if numpy.dtype(dtype) in (numpy.float32, numpy.complex64) else 1e-9


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128", "complex64"])
@pytest.mark.parametrize("shape", [(60,), (3, 41), (4000,)])
def test_symiirorder1(ss, dtype, shape):
    x = _signal(shape, dtype)
    for c0, z1 in [(0.5, 0.3), (2.0, -0.6), (1.0, 0.05), (0.5, 0.1), (1.0, 0.9)]:
        # The default precision and explicit ones, 0 and 1 included (outside (0, 1] SciPy takes
        # the dtype's default): the boundary sums take as many terms as SciPy's, or raise as
        # it does when the signal ends first.
        for precision in (-1.0, 1e-12, 1e-3, 0.5, 0.0, 1.0):
            try:
                want = ss.symiirorder1(x, c0, z1, precision)
            except ValueError:
                with pytest.raises(ValueError, match="did not converge"):
                    sf.symiirorder1(numpy, x, c0, z1, precision)
                continue
            _close(sf.symiirorder1(numpy, x, c0, z1, precision), want, _tol(dtype))
    if numpy.dtype(dtype).kind == "c":
        for precision in (-1.0, 1e-12):
            _close(sf.symiirorder1(numpy, x, 0.5 + 0.1j, 0.3 - 0.2j, precision),
                   ss.symiirorder1(x, 0.5 + 0.1j, 0.3 - 0.2j, precision), _tol(dtype))


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("shape", [(80,), (3, 120), (4000,)])
def test_symiirorder2(ss, dtype, shape):
    x = _signal(shape, dtype)
    # omega = pi / 3 puts a zero coefficient early in the causal sums (SciPy stops there);
    # 0 and pi are SciPy's closed-form limits; a negative r.
    for r, omega in [(0.5, 0.7), (0.3, 2.0), (0.8, 0.2), (0.5, 0.1), (0.5, numpy.pi / 3),
                     (0.5, 0.0), (0.6, numpy.pi), (-0.4, 1.0)]:
        for precision in (-1.0, 1e-9, 1e-3, 0.5):
            try:
                want = ss.symiirorder2(x, r, omega, precision)
            except ValueError:
                with pytest.raises(ValueError, match="did not converge"):
                    sf.symiirorder2(numpy, x, r, omega, precision)
                continue
            _close(sf.symiirorder2(numpy, x, r, omega, precision), want, _tol(dtype))


def test_symiirorder2_stopping_rule(ss):
    # SciPy's anti-causal starting values stop once a coefficient's square (not the
    # coefficient) is below the precision: with r = 0.5 and the default 1e-11 that is about
    # 19 terms, not 37, and the last samples show the difference (1e-6 here), so the counts
    # are SciPy's, not |r|**k < precision.
    counts = sf._second_order_terms(0.5, 0.1, numpy.float64, 1e-11, 4000)
    assert counts[2] < 25 < 30 < counts[0]
    x = _signal((4000,), "float64", seed=3)
    _close(sf.symiirorder2(numpy, x, 0.5, 0.1), ss.symiirorder2(x, 0.5, 0.1), 1e-13)


def test_symiirorder_errors(ss):
    x = _signal((40,), "float64")
    for call in (lambda m, *p: m.symiirorder1(*p, x, 1, 1.0),
                 lambda m, *p: m.symiirorder1(*p, x[:3], 1, 0.9),
                 lambda m, *p: m.symiirorder2(*p, x, 1.0, 0.5),
                 lambda m, *p: m.symiirorder1(*p, numpy.ones((2, 2, 40)), 1, 0.5),
                 lambda m, *p: m.symiirorder2(*p, numpy.ones((2, 2, 40)), 0.5, 0.5)):
        with pytest.raises(ValueError):
            call(ss)
        with pytest.raises(ValueError):
            call(sf, numpy)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "complex128"])
@pytest.mark.parametrize("n", [1, 2, 7, 60])
def test_spline_coefficients_1d(ss, dtype, n):
    x = _signal((n,), "float64") * 5
    x = x.astype(dtype) if dtype != "complex128" else x + 1j * x[::-1]
    _close(sf.cspline1d(numpy, x), ss.cspline1d(x))
    _close(sf.qspline1d(numpy, x), ss.qspline1d(x))
    if n >= 3 and dtype != "complex128":  # SciPy fails on two samples
        for lamb in (0.5, 2.0, 30.0):
            _close(sf.cspline1d(numpy, x, lamb), ss.cspline1d(x, lamb))
    with pytest.raises(ValueError):
        sf.qspline1d(numpy, x, 1.0)


def test_spline_eval(ss):
    x = _signal((20,), "float64")
    newx = numpy.linspace(-30, 50, 333)
    for dx, x0 in [(1.0, 0), (0.5, 2.0), (3.0, -1.0)]:
        for coefficients, evaluate in [("cspline1d", "cspline1d_eval"),
                                       ("qspline1d", "qspline1d_eval")]:
            cj = getattr(ss, coefficients)(x)
            _close(getattr(sf, evaluate)(numpy, cj, newx, dx, x0),
                   getattr(ss, evaluate)(cj, newx, dx, x0))
    cj = ss.cspline1d(x)
    _close(sf.cspline1d_eval(numpy, cj, numpy.arange(20.0)), ss.cspline1d_eval(cj, numpy.arange(20.0)))
    _close(sf.cspline1d_eval(numpy, cj, []), ss.cspline1d_eval(cj, []))


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_spline_coefficients_2d(ss, dtype):
    x = _signal((40, 50), dtype)
    tol = 1e-3 if dtype == "float32" else 1e-5
    _close(sf.cspline2d(numpy, x), ss.cspline2d(x), tol)
    _close(sf.qspline2d(numpy, x), ss.qspline2d(x), tol)
    _close(sf.cspline2d(numpy, x, 0.0, 1e-12), ss.cspline2d(x, 0.0, 1e-12), _tol(dtype))
    # The smoothing path: SciPy's truncated boundary sums, term for term (test_symiirorder2).
    for precision in (1e-9, -1.0, 1e-3):
        _close(sf.cspline2d(numpy, x, 2.0, precision), ss.cspline2d(x, 2.0, precision),
               _tol(dtype))
    _close(sf.spline_filter(numpy, x, 2.0), ss.spline_filter(x, 2.0), _tol(dtype))
    with pytest.raises(ValueError):
        sf.qspline2d(numpy, x, 1.0)
    with pytest.raises(ValueError):
        sf.cspline2d(numpy, x[:5, :5])


def test_spline_filter_types(ss):
    # SciPy's complex path fails (a complex64 to float64 cast); ours filters the real and
    # imaginary parts in single precision, as SciPy's code sets out to.
    x = _signal((30, 30), "complex128")
    # Single precision means boundary sums cut at 1e-3 (SciPy's default there): compare the
    # real and imaginary parts filtered alone, in single precision by both.
    got = sf.spline_filter(numpy, x, 2.0)
    assert got.dtype == numpy.complex128
    _close(got.real, sf.spline_filter(numpy, x.real.astype("float32"), 2.0), 1e-6, dtype=False)
    _close(got.imag, sf.spline_filter(numpy, x.imag.astype("float32"), 2.0), 1e-6, dtype=False)
    _close(got.real, ss.spline_filter(x.real.astype("float32"), 2.0), 0.1, dtype=False)
    with pytest.raises(TypeError):
        ss.spline_filter(numpy.arange(900).reshape(30, 30))
    with pytest.raises(TypeError):
        sf.spline_filter(numpy, numpy.arange(900).reshape(30, 30))


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "complex128"])
def test_sepfir2d(ss, dtype):
    x = _signal((9, 12), "float64") * 4
    x = x.astype(dtype) if dtype != "complex128" else x + 1j
    real = "float32" if dtype == "float32" else "float64"
    # Filters up to twice the image's size: longer ones mirror differently in SciPy.
    for hrow, hcol in [([1.0, 2, 5], [3.0, 1, -1]), ([1.0], [2.0, 1, 3, 4, 5]),
                       ([1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [1.0, -1, 2])]:
        hrow, hcol = numpy.asarray(hrow, real), numpy.asarray(hcol, real)
        _close(sf.sepfir2d(numpy, x, hrow, hcol), ss.sepfir2d(x, hrow, hcol), _tol(real))
    for hrow in ([1.0, 2.0], numpy.ones((3, 1))):
        with pytest.raises(ValueError):
            sf.sepfir2d(numpy, x, hrow, [1.0])


@gpu
def test_public_spline_filters_return_cunp(ss):
    import cunp
    from cunp.scipy import signal

    x = _signal((4, 300), "float32")
    got = signal.symiirorder1(cunp.asarray(x), 0.5, 0.3)
    assert isinstance(got, cunp.ndarray) and got.dtype == numpy.float32
    cunp.testing.assert_allclose(got, ss.symiirorder1(x, 0.5, 0.3), rtol=1e-4, atol=1e-4)
    got = signal.symiirorder2(cunp.asarray(x), 0.5, 0.7)
    cunp.testing.assert_allclose(got, ss.symiirorder2(x, 0.5, 0.7), rtol=1e-3, atol=1e-3)
    y = _signal((300,), "float64")
    cunp.testing.assert_allclose(signal.cspline1d(cunp.asarray(y), 2.0), ss.cspline1d(y, 2.0),
                                 rtol=1e-9, atol=1e-9)
    image = _signal((64, 80), "float64")
    cunp.testing.assert_allclose(signal.spline_filter(cunp.asarray(image)),
                                 ss.spline_filter(image), rtol=1e-4, atol=1e-4)
    cunp.testing.assert_allclose(signal.sepfir2d(cunp.asarray(image), [1.0, 2, 3], [1.0, 0, 1]),
                                 ss.sepfir2d(image, [1.0, 2, 3], [1.0, 0, 1]), rtol=1e-12)
