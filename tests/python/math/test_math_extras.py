"""sinc, i0, fix, isposinf/isneginf, real_if_close, ediff1d, gradient, trapezoid, unwrap, cov,
corrcoef and the window functions against NumPy, over dtypes and layouts. Tests without the gpu
marker run anywhere."""
import warnings

import numpy
import pytest

import cunp

gpu = pytest.mark.gpu
_rng = numpy.random.default_rng(19)


def _data(shape, dtype, scale=5.0):
    if dtype == "bool":
        return _rng.random(shape) > 0.5
    x = _rng.standard_normal(shape) * scale
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * _rng.standard_normal(shape)
    return x.astype(dtype)


def _layouts(h):
    """(NumPy view, cunp view) pairs: contiguous, transposed, negative strides, 0-d, empty."""
    d = cunp.asarray(h)
    return [(h, d), (h.T, d.T), (h[::-1, ::2], d[::-1, ::2]), (h[1, 2], d[1, 2]), (h[:0], d[:0])]


def _check(got, want, rtol=1e-6, atol=1e-6):
    assert isinstance(got, cunp.ndarray)
    g = got.get()
    assert g.dtype == want.dtype and g.shape == want.shape
    numpy.testing.assert_allclose(g, want, rtol=rtol, atol=atol, equal_nan=True)


# --- what needs no GPU ---

def test_names():
    for name in ("sinc", "i0", "fix", "isposinf", "isneginf", "real_if_close", "ediff1d",
                 "gradient", "trapezoid", "unwrap", "cov", "corrcoef", "bartlett", "blackman",
                 "hamming", "hanning", "kaiser"):
        assert callable(getattr(cunp, name)), name


# --- on the GPU ---

@gpu
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "int32", "bool",
                                   "complex64", "complex128"])
def test_sinc(dtype):
    h = _data((4, 5), dtype)
    h.flat[0] = 0
    tol = 2e-3 if dtype == "float16" else 1e-5
    for hv, dv in _layouts(h):
        _check(cunp.sinc(dv), numpy.sinc(hv), tol, tol)


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "int64", "uint8", "bool"])
def test_i0(dtype):
    h = _data((4, 5), dtype, 10.0)
    tol = 1e-5 if dtype == "float32" else 1e-12
    for hv, dv in _layouts(h):
        _check(cunp.i0(dv), numpy.i0(hv), tol, 0)
    special = numpy.array([numpy.inf, -numpy.inf, numpy.nan, 0.0, -8.0, 8.0, 700.0])
    with numpy.errstate(all="ignore"):
        _check(cunp.i0(cunp.asarray(special)), numpy.i0(special), 1e-12, 0)


@gpu
def test_i0_float16_is_computed_in_float32():
    # NumPy's float16 intermediates overflow from |x| ~ 11; cunp rounds the float32 result.
    h = _data((20,), "float16", 4.0)
    _check(cunp.i0(cunp.asarray(h)), numpy.i0(h.astype("float32")).astype("float16"), 2e-3, 0)


@gpu
def test_i0_complex_raises():
    with pytest.raises(TypeError, match="i0 not supported for complex values"):
        cunp.i0(cunp.asarray(numpy.ones(2, "complex64")))


@gpu
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "int16", "uint32"])
def test_fix_isposinf_isneginf(dtype):
    h = _data((4, 5), dtype)
    if h.dtype.kind == "f":
        h[0, :3] = [numpy.inf, -numpy.inf, numpy.nan]
    for hv, dv in _layouts(h):
        _check(cunp.fix(dv), numpy.fix(hv), 0, 0)
        _check(cunp.isposinf(dv), numpy.isposinf(hv), 0, 0)
        _check(cunp.isneginf(dv), numpy.isneginf(hv), 0, 0)
    out = cunp.empty((4, 5), "bool")
    assert cunp.isposinf(cunp.asarray(h), out) is out
    numpy.testing.assert_array_equal(out.get(), numpy.isposinf(h))


@gpu
def test_isposinf_complex_raises():
    with pytest.raises(TypeError, match="ambiguous"):
        cunp.isposinf(cunp.asarray(numpy.ones(2, "complex128")))


@gpu
@pytest.mark.parametrize("values, dtype", [([1 + 1e-14j, 2], "complex128"), ([1 + 1e-3j], "complex128"),
                                           ([1 + 1e-7j, 3], "complex64"), ([1.0, 2.0], "float64")])
@pytest.mark.parametrize("tol", [100, 1e-2, 1])
def test_real_if_close(values, dtype, tol):
    h = numpy.array(values, dtype)
    _check(cunp.real_if_close(cunp.asarray(h), tol), numpy.real_if_close(h, tol), 0, 0)


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "int8", "uint16", "complex128"])
def test_ediff1d(dtype):
    h = _data((4, 5), dtype)
    for hv, dv in _layouts(h):
        _check(cunp.ediff1d(dv), numpy.ediff1d(hv), 1e-5, 1e-5)
        end, begin = numpy.array([1, 2], dtype), numpy.array(3, dtype)
        _check(cunp.ediff1d(dv, to_end=end, to_begin=begin),
               numpy.ediff1d(hv, to_end=end, to_begin=begin), 1e-5, 1e-5)
        _check(cunp.ediff1d(dv, to_begin=cunp.asarray(numpy.arange(3, dtype=dtype))),
               numpy.ediff1d(hv, to_begin=numpy.arange(3, dtype=dtype)), 1e-5, 1e-5)


@gpu
def test_ediff1d_rejects_unsafe_edges():
    with pytest.raises(TypeError, match="to_begin"):
        cunp.ediff1d(cunp.arange(3), to_begin=1.5)
    with pytest.raises(TypeError, match="to_end"):
        cunp.ediff1d(cunp.arange(3), to_end=[1.5])


_SPACINGS = [((), {}), ((2.0,), {}), ((1.0, 2.0, 3.0), {}), ((), {"axis": 1}),
             (("coords6",), {"axis": 1}), (("arange5", 2, "coords7"), {}),
             (("even6",), {"axis": -2}), ((), {"axis": (0, 2)})]


def _spacing(arg):
    table = {"coords6": numpy.cumsum(_rng.random(6) + 0.1), "coords7":
             numpy.cumsum(_rng.random(7) + 0.1), "arange5": numpy.arange(5),
             "even6": numpy.arange(6.0) * 3}
    return table.get(arg, arg) if isinstance(arg, str) else arg


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "int64", "complex128"])
@pytest.mark.parametrize("edge_order", [1, 2])
@pytest.mark.parametrize("case", range(len(_SPACINGS)))
def test_gradient(dtype, edge_order, case):
    args, kw = _SPACINGS[case]
    hargs = [_spacing(a) for a in args]
    dargs = [cunp.asarray(a) if isinstance(a, numpy.ndarray) else a for a in hargs]
    h = _data((5, 6, 7), dtype)
    for hv, dv in [(h, cunp.asarray(h)), (h[:, :, ::-1], cunp.asarray(h)[:, :, ::-1])]:
        got = cunp.gradient(dv, *dargs, edge_order=edge_order, **kw)
        want = numpy.gradient(hv, *hargs, edge_order=edge_order, **kw)
        if isinstance(want, tuple):
            assert isinstance(got, tuple) and len(got) == len(want)
            for g, w in zip(got, want):
                _check(g, w, 1e-5, 1e-5)
        else:
            _check(got, want, 1e-5, 1e-5)


@gpu
def test_gradient_errors_match_numpy():
    x = numpy.arange(5.0)
    for args, kw in [((1, 2), {}), ((numpy.ones((2, 2)),), {}), ((numpy.arange(4.0),), {}),
                     ((), {"edge_order": 3})]:
        with pytest.raises((TypeError, ValueError)) as want:
            numpy.gradient(x, *args, **kw)
        with pytest.raises(want.type, match=str(want.value)[:30]):
            cunp.gradient(cunp.asarray(x), *args, **kw)
    with pytest.raises(ValueError, match="too small"):
        cunp.gradient(cunp.arange(2.0), edge_order=2)


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "int64"])
@pytest.mark.parametrize("kw", [{}, {"dx": 0.5}, {"axis": 0}, {"x": "x6"}, {"x": "x4", "axis": 0},
                                {"x": "x46"}])
def test_trapezoid(dtype, kw):
    xs = {"x6": numpy.cumsum(_rng.random(6)), "x4": numpy.cumsum(_rng.random(4)),
          "x46": _rng.random((4, 6))}
    hkw = {k: xs.get(v, v) if isinstance(v, str) else v for k, v in kw.items()}
    dkw = {k: cunp.asarray(v) if isinstance(v, numpy.ndarray) else v for k, v in hkw.items()}
    h = _data((4, 6), dtype)
    d = cunp.asarray(h)
    _check(cunp.trapezoid(d, **dkw), numpy.trapezoid(h, **hkw), 1e-5, 1e-5)
    _check(cunp.trapezoid(d[::-1], **dkw), numpy.trapezoid(h[::-1], **hkw), 1e-5, 1e-5)


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "int64"])
@pytest.mark.parametrize("kw", [{}, {"discont": 4.0}, {"axis": 0}, {"period": 6},
                                {"period": 360, "discont": 100}, {"period": 5}])
def test_unwrap(dtype, kw):
    h = (numpy.cumsum(_rng.standard_normal((3, 20)), axis=1) * 4).astype(dtype)
    d = cunp.asarray(h)
    _check(cunp.unwrap(d, **kw), numpy.unwrap(h, **kw), 1e-5, 1e-5)
    _check(cunp.unwrap(d.T, **kw), numpy.unwrap(h.T, **kw), 1e-5, 1e-5)


@gpu
def test_unwrap_integer_period_boundaries():
    for values, period in [([0, 1, 2, -1, 0], 4), ([1, 2, 3, 4, 5, 6, 1, 2, 3], 6)]:
        _check(cunp.unwrap(cunp.asarray(values), period=period),
               numpy.unwrap(values, period=period), 0, 0)


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "int64", "complex128"])
@pytest.mark.parametrize("kw", [{}, {"y": True}, {"bias": True}, {"ddof": 3}, {"fweights": True},
                                {"aweights": True}, {"fweights": True, "aweights": True},
                                {"fweights": True, "aweights": True, "ddof": 0},
                                {"fweights": True, "ddof": 2}, {"dtype": "complex128"},
                                {"rowvar": False}])
def test_cov(dtype, kw):
    h = _data((3, 8), dtype)
    extra = {"y": _rng.standard_normal((2, 8)), "fweights": _rng.integers(0, 4, 8),
             "aweights": _rng.random(8)}
    hkw = {k: extra[k] if v is True and k in extra else v for k, v in kw.items()}
    dkw = {k: cunp.asarray(v) if isinstance(v, numpy.ndarray) else v for k, v in hkw.items()}
    _check(cunp.cov(cunp.asarray(h), **dkw), numpy.cov(h, **hkw), 1e-5, 1e-5)
    _check(cunp.cov(cunp.asarray(h)[:, ::-2], **{k: v for k, v in dkw.items()
                                                 if k in ("bias", "ddof", "rowvar")}),
           numpy.cov(h[:, ::-2], **{k: v for k, v in hkw.items()
                                    if k in ("bias", "ddof", "rowvar")}), 1e-5, 1e-5)
    if set(kw) <= {"y", "rowvar", "dtype"}:
        _check(cunp.corrcoef(cunp.asarray(h), **dkw), numpy.corrcoef(h, **hkw), 1e-5, 1e-5)


@gpu
def test_cov_shapes_and_warnings():
    h = _rng.standard_normal((3, 8))
    _check(cunp.cov(cunp.asarray(h[0])), numpy.cov(h[0]), 1e-6)
    _check(cunp.corrcoef(cunp.asarray(h[0])), numpy.corrcoef(h[0]), 1e-6)
    _check(cunp.cov(cunp.asarray(h.T), cunp.asarray(h[:2].T), rowvar=False),
           numpy.cov(h.T, h[:2].T, rowvar=False), 1e-6)
    _check(cunp.cov(cunp.zeros((0, 3))), numpy.cov(numpy.zeros((0, 3))), 0)
    with pytest.warns(RuntimeWarning, match="Degrees of freedom"):
        got = cunp.cov(cunp.ones((2, 1)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _check(got, numpy.cov(numpy.ones((2, 1))), 0)


@gpu
@pytest.mark.parametrize("kw, error", [({"m": numpy.ones((2, 2, 2))}, ValueError),
                                       ({"ddof": 1.5}, ValueError),
                                       ({"fweights": [1.5, 1, 1]}, TypeError),
                                       ({"fweights": [1, 1]}, RuntimeError),
                                       ({"aweights": [-1, 1, 1]}, ValueError),
                                       ({"aweights": numpy.ones((3, 1))}, RuntimeError)])
def test_cov_errors_match_numpy(kw, error):
    m = kw.pop("m", numpy.ones((2, 3)))
    with pytest.raises(error) as want:
        numpy.cov(m, **kw)
    with pytest.raises(error, match=str(want.value)):
        cunp.cov(cunp.asarray(m), **kw)


@gpu
@pytest.mark.parametrize("name", ["bartlett", "blackman", "hamming", "hanning"])
@pytest.mark.parametrize("M", [-1, 0, 1, 2, 5, 12, 7.0])
def test_windows(name, M):  # noqa: N803
    _check(getattr(cunp, name)(M), getattr(numpy, name)(M), 1e-12, 1e-15)


@gpu
@pytest.mark.parametrize("M", [0, 1, 2, 5, 12])
@pytest.mark.parametrize("beta", [0, 1.5, 14])
def test_kaiser(M, beta):  # noqa: N803
    _check(cunp.kaiser(M, beta), numpy.kaiser(M, beta), 1e-12, 1e-15)


@gpu
@pytest.mark.parametrize("dtype", ["int64", "int8", "bool", "float16", "float32", "complex64",
                                   "uint8"])
@pytest.mark.parametrize("name", ["cov", "corrcoef"])
def test_cov_corrcoef_dtype(name, dtype):
    # NumPy centres the data in place in dtype=: an integer or bool dtype cannot hold the mean
    # (a float) under 'same_kind', and raises.
    h = _rng.standard_normal((3, 8))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        try:
            want = getattr(numpy, name)(h, dtype=dtype)
        except TypeError:
            with pytest.raises(TypeError):
                getattr(cunp, name)(cunp.asarray(h), dtype=dtype)
            return
        got = getattr(cunp, name)(cunp.asarray(h), dtype=dtype)
    assert got.dtype == want.dtype
    _check(got, want, 2e-2 if dtype == "float16" else 1e-5, 1e-5)
