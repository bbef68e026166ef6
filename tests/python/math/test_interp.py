"""interp against NumPy, bit for bit: dtypes, layouts, the edge cases of NumPy's formula and
period=. Tests without the gpu marker (argument errors) run anywhere."""
import numpy
import pytest

import cunp

gpu = pytest.mark.gpu
_rng = numpy.random.default_rng(23)


def _table(n, dtype="float64"):
    xp = numpy.sort(_rng.standard_normal(n) * 3)
    fp = _rng.standard_normal(n) * 10
    if numpy.dtype(dtype).kind == "c":
        fp = fp + 1j * _rng.standard_normal(n)
    return xp, fp.astype(dtype)


def _exact(got, want):
    assert isinstance(got, cunp.ndarray)
    g = got.get()
    want = numpy.asarray(want)
    assert g.dtype == want.dtype and g.shape == want.shape, (g.dtype, want.dtype, g.shape)
    numpy.testing.assert_array_equal(g, want)


def _both(x, xp, fp, **kw):
    """cunp.interp on device copies against numpy.interp on the host arrays."""
    dev = [cunp.asarray(a) if isinstance(a, numpy.ndarray) else a for a in (x, xp, fp)]
    _exact(cunp.interp(*dev, **kw), numpy.interp(x, xp, fp, **kw))


# --- what needs no GPU ---

@pytest.mark.parametrize("args, kw, error, match", [
    ((1, [1, 2], [3, 4, 5]), {}, ValueError, "fp and xp are not of the same length"),
    ((1, [], []), {}, ValueError, "array of sample points is empty"),
    ((1, 1, 2), {}, ValueError, "too small depth"),
    ((1, [[1, 2]], [3, 4]), {}, ValueError, "too deep"),
    ((1, [1, 2], [[3, 4]]), {}, ValueError, "too deep"),
    ((1, [1, 2], [3, 4]), {"period": 0}, ValueError, "period must be a non-zero value"),
    ((1, [[1, 2]], [3, 4]), {"period": 1}, ValueError, "Data points must be 1-D sequences"),
    (([1j], [1, 2], [3, 4]), {}, TypeError, "real"),
])
def test_interp_errors(args, kw, error, match):
    with pytest.raises(error, match=match):
        cunp.interp(*args, **kw)
    with pytest.raises(error):
        numpy.interp(*args, **kw)


# The kernel's NVRTC compile (no GPU needed) for both result types and layouts is a C++ test:
# tests/cpp/math/test_math_codegen.cpp.


# --- on the GPU ---

@gpu
@pytest.mark.parametrize("fp_dtype", ["float64", "float32", "float16", "int32", "bool",
                                      "complex64", "complex128"])
@pytest.mark.parametrize("x_dtype", ["float64", "float32", "int64", "uint8"])
def test_interp_dtypes(fp_dtype, x_dtype):
    xp, fp = _table(50, "complex128" if fp_dtype.startswith("complex") else "float64")
    fp = fp.astype(fp_dtype) if fp_dtype != "bool" else fp > 0
    x = (_rng.standard_normal(200) * 4).astype(x_dtype) if x_dtype[0] == "f" else \
        _rng.integers(-6, 6, 200).astype(x_dtype)
    _both(x, xp, fp)
    _both(x, xp.astype("float32"), fp, left=-1.5, right=2)


@gpu
@pytest.mark.parametrize("layout", ["C", "F", "strided", "negative", "broadcast", "0-d", "empty",
                                    "scalar"])
def test_interp_layouts(layout):
    xp, fp = _table(17)
    h = _rng.standard_normal((6, 8)) * 4
    d = cunp.asarray(h)
    if layout == "F":
        h, d = numpy.asfortranarray(h), cunp.asfortranarray(d)
    elif layout == "strided":
        h, d = h[::2, 1::3], d[::2, 1::3]
    elif layout == "negative":
        h, d = h[::-1, ::-2], d[::-1, ::-2]
    elif layout == "broadcast":
        h = numpy.broadcast_to(h[:1], (5, 8))
        d = cunp.broadcast_to(d[:1], (5, 8))
    elif layout == "0-d":
        h, d = h[1, 2], d[1, 2]
    elif layout == "empty":
        h, d = h[:0], d[:0]
    elif layout == "scalar":
        h = d = 0.25
    _exact(cunp.interp(d, cunp.asarray(xp), cunp.asarray(fp)), numpy.interp(h, xp, fp))
    # Strided and reversed tables.
    xp2, fp2 = _table(40)
    _exact(cunp.interp(d, cunp.asarray(xp2)[::2], cunp.asarray(fp2)[::-1][::2]),
           numpy.interp(h, xp2[::2], fp2[::-1][::2]))


@gpu
def test_interp_edge_cases():
    xp = numpy.array([0.0, 1.0, 1.0, 2.0, 3.0, 5.0])
    fp = numpy.array([1.0, 2.0, 3.0, numpy.inf, numpy.inf, -4.0])
    # At the sample points, between duplicates, outside, NaN, inf in fp.
    x = numpy.array([-1, 0, 0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, numpy.nan, numpy.inf, -numpy.inf])
    _both(x, xp, fp)
    _both(x, xp, fp, left=numpy.nan, right=-7)
    # One sample point: NaN x gives fp[0] there, as NumPy.
    _both(x, numpy.array([1.0]), numpy.array([9.0]))
    _both(x, numpy.array([1.0]), numpy.array([9.0]), left=0, right=1)
    # Complex fp: each part on its own, left/right complex.
    cfp = fp + 1j * numpy.array([0.0, numpy.inf, 1.0, 1.0, 2.0, numpy.nan])
    _both(x, xp, cfp)
    _both(x, xp, cfp, left=2j, right=1 + 1j)
    _both(x, numpy.array([1.0]), numpy.array([9.0 + 1j]))
    # Python lists and scalars for every argument.
    _exact(cunp.interp([0.5, 2.5], [0, 1, 3], [1, 2, 0]),
           numpy.interp([0.5, 2.5], [0, 1, 3], [1, 2, 0]))
    _exact(cunp.interp(cunp.asarray(0.5), [0, 1], [1, 3]), numpy.interp(0.5, [0, 1], [1, 3]))


@gpu
@pytest.mark.parametrize("period", [360, -360, 400.5])
@pytest.mark.parametrize("dtype", ["float64", "complex128"])
def test_interp_period(period, dtype):
    xp = numpy.array([190, -190, 350, -350], "float64")
    fp = numpy.array([5, 10, 3, 4], dtype)
    x = numpy.array([-180, -170, -185, 185, -10, -5, 0, 365, 720.5])
    _both(x, xp, fp, period=period)
    _both(x, xp, fp, period=period, left=1, right=2)  # ignored with period, as NumPy
    xp2, fp2 = _table(30, dtype)
    _both(_rng.standard_normal(100) * 10, xp2, fp2, period=period)


@gpu
def test_interp_large():
    xp = numpy.cumsum(_rng.random(2**16))
    fp = _rng.standard_normal(2**16)
    x = _rng.random(2**20) * xp[-1] * 1.01 - 0.005 * xp[-1]
    _both(x, xp, fp)


def _both_parts(x, xp, fp, **kw):
    """As _both, a complex result's real and imaginary parts compared apart (NumPy's array
    comparison counts a NaN in either part as the same NaN)."""
    dev = [cunp.asarray(a) if isinstance(a, numpy.ndarray) else a for a in (x, xp, fp)]
    got, want = cunp.interp(*dev, **kw), numpy.interp(x, xp, fp, **kw)
    _exact(got, want)
    if numpy.iscomplexobj(want):
        numpy.testing.assert_array_equal(got.get().real, want.real)
        numpy.testing.assert_array_equal(got.get().imag, want.imag)


_NAN_FP = {
    # NaN at the ends, inside, next to each other, everywhere.
    "first": [numpy.nan, 2.0, -1.0, 4.0, 0.5],
    "last": [1.0, 2.0, -1.0, 4.0, numpy.nan],
    "inside": [1.0, 2.0, numpy.nan, 4.0, 0.5],
    "pair": [1.0, numpy.nan, numpy.nan, 4.0, 0.5],
    "ends": [numpy.nan, 2.0, -1.0, 4.0, numpy.nan],
    "all": [numpy.nan] * 5,
}


@gpu
@pytest.mark.parametrize("where", list(_NAN_FP))
@pytest.mark.parametrize("kind", ["real", "complex-real", "complex-imag", "complex-both"])
@pytest.mark.parametrize("bounds", [{}, {"left": -3.0, "right": 7.0}, {"left": numpy.nan}])
def test_interp_nan_in_fp(where, kind, bounds):
    """NaN in fp (issue 37): x at each sample point, between them, outside, at the ends, NaN
    and inf x; real fp and complex fp with the NaN in either part or both."""
    xp = numpy.array([0.0, 1.0, 2.0, 3.0, 5.0])
    fp = numpy.array(_NAN_FP[where])
    if kind != "real":
        other = numpy.array([0.5, -1.0, 2.0, 3.0, -4.0])
        nan = numpy.isnan(fp)
        re = fp if kind != "complex-imag" else numpy.where(nan, 1.5, fp)
        im = numpy.where(nan, numpy.nan, other) if kind != "complex-real" else other
        fp = re + 1j * im
        fp.real, fp.imag = re, im  # (re + 1j * nan would make the real part NaN too)
        if bounds:
            bounds = {k: complex(v, -v) for k, v in bounds.items()}
    x = numpy.array([-1.0, 0.0, 0.25, 1.0, 1.5, 2.0, 2.75, 3.0, 4.0, 5.0, 6.0,
                     numpy.nan, numpy.inf, -numpy.inf])
    _both_parts(x, xp, fp, **bounds)
    _both_parts(x[::-2], xp, fp, **bounds)  # a strided, reversed x
    _both_parts(numpy.array(2.0), xp, fp, **bounds)  # a 0-d x at a sample point
    _both_parts(x, xp[:1], fp[:1], **bounds)  # one sample point
