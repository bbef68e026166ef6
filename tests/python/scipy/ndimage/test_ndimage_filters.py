"""cunp.scipy.ndimage's filters against scipy.ndimage.

The filters are written over a backend: the tests without the gpu marker run them on a NumPy
model of the stencil engine (ndimage_model.py) and compare with SciPy, which checks the footprint
tables, origins, modes, axes=, output= and dtype rules and SciPy's errors without a device; the
gpu tests run the public functions on cunp arrays (the engine's kernels)."""
import os
import sys
import warnings

import numpy
import pytest

sn = pytest.importorskip("scipy.ndimage")

sys.path.insert(0, os.path.dirname(__file__))
from ndimage_model import numpy_backend  # noqa: E402

from cunp.scipy.ndimage import _filters  # noqa: E402

gpu = pytest.mark.gpu

MODES = ["reflect", "mirror", "nearest", "wrap", "constant", "grid-wrap", "grid-constant",
         "grid-mirror"]
SHAPES = [(17,), (9, 11), (5, 6, 7)]


def _data(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    if numpy.dtype(dtype).kind in "iu":
        return rng.integers(0, 100, size=shape).astype(dtype)
    if numpy.dtype(dtype).kind == "b":
        return rng.random(shape) > 0.5
    return (rng.standard_normal(shape) * 10).astype(dtype)


def _tol(dtype):
    kind = numpy.dtype(dtype).kind
    if kind in "iu":
        return dict(rtol=0, atol=1)  # sums rounded in another order may truncate one lower
    if dtype in ("float32", numpy.float32):
        return dict(rtol=1e-4, atol=1e-4)
    if dtype in ("float16", numpy.float16):
        return dict(rtol=1e-2, atol=1e-2)
    return dict(rtol=1e-10, atol=1e-10)


# Each case: (name, positional args after the input, keyword args). Weights and footprints are
# NumPy arrays (SciPy's calls take them as host arrays; cunp's take either).
def _cases(ndim):
    rng = numpy.random.default_rng(1)
    w1 = rng.random(4)
    wn = rng.random((3,) * ndim)
    fp = rng.random((3,) * ndim) > 0.4
    fp.flat[0] = fp.flat[-1] = True
    fp.flat[1] = False
    rank_fp = fp
    if ndim == 1:
        fp = numpy.array([True, False, True, True, False])
        # SciPy's 1-D rank filters (its _rank_filter_1d path) use only the footprint's size,
        # so a 1-D footprint with holes is compared as a box.
        rank_fp = numpy.ones(5, dtype=bool)
    return [
        ("correlate1d", (w1,), dict(axis=0)),
        ("correlate1d", (w1,), dict(axis=-1, origin=1)),
        ("convolve1d", (w1,), dict(axis=-1, origin=-2)),
        ("convolve1d", (rng.random(5),), dict(axis=0, origin=1)),
        ("correlate", (wn,), {}),
        ("correlate", (wn,), dict(origin=-1)),
        ("convolve", (wn,), dict(origin=1)),
        ("convolve", (rng.random((2,) * ndim),), dict(origin=0)),
        ("gaussian_filter1d", (1.5,), dict(axis=0)),
        ("gaussian_filter1d", (2.0,), dict(axis=-1, order=2, truncate=2.0)),
        ("gaussian_filter1d", (1.0,), dict(order=1, radius=3)),
        ("gaussian_filter", (1.2,), {}),
        ("gaussian_filter", ([0.8] * ndim,), dict(order=[1] + [0] * (ndim - 1))),
        ("gaussian_laplace", (1.0,), {}),
        ("gaussian_gradient_magnitude", (1.0,), {}),
        ("laplace", (), {}),
        ("sobel", (), dict(axis=0)),
        ("prewitt", (), dict(axis=-1)),
        ("uniform_filter1d", (4,), dict(axis=0, origin=1)),
        ("uniform_filter", (3,), {}),
        ("uniform_filter", ([2] + [3] * (ndim - 1),), dict(origin=0)),
        ("minimum_filter1d", (3,), dict(axis=-1, origin=-1)),
        ("maximum_filter1d", (4,), dict(axis=0)),
        ("minimum_filter", (), dict(size=3)),
        ("maximum_filter", (), dict(size=[2] + [3] * (ndim - 1))),
        ("minimum_filter", (), dict(footprint=fp)),
        ("maximum_filter", (), dict(footprint=fp, origin=1)),
        ("median_filter", (), dict(size=3)),
        ("median_filter", (), dict(footprint=rank_fp)),
        ("rank_filter", (2,), dict(size=3)),
        ("rank_filter", (-2,), dict(footprint=rank_fp)),
        ("percentile_filter", (30,), dict(size=3)),
        ("percentile_filter", (-20,), dict(footprint=rank_fp, origin=-1)),
    ]


ALL_CASES = [(ndim, k) for ndim in (1, 2, 3) for k in range(len(_cases(ndim)))]


def _case_id(c):
    ndim, k = c
    name, args, kwargs = _cases(ndim)[k]
    return f"{ndim}d-{name}-{k}"


def _run(be, name, x, args, kwargs):
    return getattr(_filters, name)(be, x, *args, **kwargs)


@pytest.mark.parametrize("case", ALL_CASES, ids=_case_id)
@pytest.mark.parametrize("mode", MODES)
def test_model_matches_scipy(case, mode):
    ndim, k = case
    name, args, kwargs = _cases(ndim)[k]
    x = _data(SHAPES[ndim - 1], "float64")
    expected = getattr(sn, name)(x, *args, mode=mode, cval=1.5, **kwargs)
    got = _run(numpy_backend(), name, x, args, dict(kwargs, mode=mode, cval=1.5))
    numpy.testing.assert_allclose(got, expected, **_tol("float64"))
    assert got.dtype == expected.dtype


@pytest.mark.parametrize("dtype", ["uint8", "int16", "int32", "float32", "float64"])
@pytest.mark.parametrize("name,args,kwargs", [
    ("correlate", (numpy.ones((3, 3)) / 4,), {}),
    ("gaussian_filter", (1.0,), {}),
    ("uniform_filter", (3,), {}),
    ("median_filter", (), dict(size=3)),
    ("maximum_filter", (), dict(size=3)),
    ("sobel", (), {}),
])
def test_model_output_dtypes(dtype, name, args, kwargs):
    x = _data((8, 9), dtype)
    expected = getattr(sn, name)(x, *args, **kwargs)
    got = _run(numpy_backend(), name, x, args, kwargs)
    assert got.dtype == expected.dtype
    numpy.testing.assert_allclose(got.astype(float), expected.astype(float), **_tol(dtype))
    for out in (numpy.float64, "float32"):
        expected = getattr(sn, name)(x, *args, output=out, **kwargs)
        got = _run(numpy_backend(), name, x, args, dict(kwargs, output=out))
        assert got.dtype == expected.dtype
        numpy.testing.assert_allclose(got, expected, **_tol(expected.dtype))


def test_model_output_array_and_axes():
    x = _data((6, 7, 8), "float64")
    out = numpy.empty_like(x)
    r = _filters.gaussian_filter(numpy_backend(), x, 1.0, output=out, axes=(0, 2))
    assert r is out
    numpy.testing.assert_allclose(out, sn.gaussian_filter(x, 1.0, axes=(0, 2)), rtol=1e-12)
    for name, args, kwargs in [("uniform_filter", (3,), dict(axes=(1,))),
                               ("minimum_filter", (), dict(size=3, axes=(-1, 0))),
                               ("median_filter", (), dict(size=3, axes=(2,))),
                               ("correlate", (numpy.arange(6.).reshape(2, 3),), dict(axes=(0, 2))),
                               ("gaussian_laplace", (1.0,), dict(axes=(0, 1))),
                               ("gaussian_gradient_magnitude", (1.0,), dict(axes=(1, 2))),
                               ("laplace", (), dict(axes=(2,)))]:
        numpy.testing.assert_allclose(_run(numpy_backend(), name, x, args, kwargs),
                                      getattr(sn, name)(x, *args, **kwargs), rtol=1e-12,
                                      atol=1e-12, err_msg=name)


def test_model_non_contiguous_and_in_place():
    x = _data((12, 14), "float64")[::2, ::-1]
    numpy.testing.assert_allclose(_filters.uniform_filter(numpy_backend(), x, 3),
                                  sn.uniform_filter(x, 3), rtol=1e-12)
    y = x.copy()
    _filters.correlate(numpy_backend(), y, numpy.ones((3, 3)), output=y)
    numpy.testing.assert_allclose(y, sn.correlate(x, numpy.ones((3, 3))), rtol=1e-12)


def test_model_footprint_larger_than_input_and_size_one_axes():
    x = _data((3, 1, 4), "float64")
    for mode in MODES:
        for name, args, kwargs in [("uniform_filter", (7,), {}),
                                   ("median_filter", (), dict(size=5)),
                                   ("correlate", (numpy.ones((5, 3, 6)),), {})]:
            numpy.testing.assert_allclose(
                _run(numpy_backend(), name, x, args, dict(kwargs, mode=mode)),
                getattr(sn, name)(x, *args, mode=mode, **kwargs), rtol=1e-12,
                err_msg=f"{name} {mode}")


@pytest.mark.parametrize("call,exc", [
    (lambda f, be, x: f.correlate1d(be, x, [1.0, 2.0], mode="bogus"), RuntimeError),
    (lambda f, be, x: f.correlate1d(be, x, [1.0, 2.0, 3.0], origin=2), ValueError),
    (lambda f, be, x: f.correlate1d(be, x, numpy.ones((2, 2))), RuntimeError),
    (lambda f, be, x: f.correlate1d(be, x, [1.0], axis=2), numpy.exceptions.AxisError),
    (lambda f, be, x: f.correlate(be, x, numpy.ones(3)), RuntimeError),
    (lambda f, be, x: f.correlate(be, x, numpy.ones((3, 3)), origin=2), ValueError),
    (lambda f, be, x: f.correlate(be, x, numpy.ones((3, 3)), output=numpy.empty((2, 2))),
     RuntimeError),
    (lambda f, be, x: f.gaussian_filter(be, x, [1.0, 2.0, 3.0]), RuntimeError),
    (lambda f, be, x: f.gaussian_filter(be, x, 1.0, axes=(0, 0)), ValueError),
    (lambda f, be, x: f.gaussian_filter(be, x, 1.0, axes=(2,)), ValueError),
    (lambda f, be, x: f.gaussian_filter1d(be, x, 1.0, order=-1), ValueError),
    (lambda f, be, x: f.gaussian_filter1d(be, x, 1.0, radius=-1), ValueError),
    (lambda f, be, x: f.uniform_filter1d(be, x, 0), RuntimeError),
    (lambda f, be, x: f.uniform_filter1d(be, x, 3, origin=2), ValueError),
    (lambda f, be, x: f.minimum_filter(be, x), RuntimeError),
    (lambda f, be, x: f.minimum_filter(be, x, footprint=numpy.zeros((3, 3))), ValueError),
    (lambda f, be, x: f.minimum_filter(be, x, footprint=numpy.eye(3), mode=["reflect"] * 2),
     RuntimeError),
    (lambda f, be, x: f.maximum_filter(be, x, footprint=numpy.eye(3), origin=-2), ValueError),
    (lambda f, be, x: f.median_filter(be, x), RuntimeError),
    (lambda f, be, x: f.median_filter(be, x, footprint=numpy.ones(3)), RuntimeError),
    (lambda f, be, x: f.rank_filter(be, x, 9, size=3), RuntimeError),
    (lambda f, be, x: f.percentile_filter(be, x, 101, size=3), RuntimeError),
    (lambda f, be, x: f.minimum_filter(be, x + 1j, size=3), TypeError),
    (lambda f, be, x: f.median_filter(be, x + 1j, size=3), TypeError),
])
def test_model_errors_match_scipy(call, exc):
    x = _data((5, 6), "float64")
    with pytest.raises(exc):
        call(_filters, numpy_backend(), x)

    class ScipyFilters:  # the same call on SciPy's functions raises the same type
        def __getattr__(self, name):
            f = getattr(sn, name)
            return lambda be, *a, **k: f(*a, **k)
    with pytest.raises(exc):
        call(ScipyFilters(), None, x)


COMPLEX_CASES = [
    ("correlate1d", lambda f, x, w1, wn: f.correlate1d(x, w1, axis=0, mode="wrap", cval=1 + 2j)),
    ("correlate1d_cw", lambda f, x, w1, wn: f.correlate1d(x.real, w1 * (1 - 2j), origin=1)),
    ("correlate1d_both", lambda f, x, w1, wn: f.correlate1d(x, w1 * (1 + 1j), mode="constant",
                                                            cval=0.5 - 1j)),
    ("convolve1d_both", lambda f, x, w1, wn: f.convolve1d(x, w1 * (2 - 1j), axis=-1)),
    ("correlate_both", lambda f, x, w1, wn: f.correlate(x, wn * (1 + 3j), mode="mirror")),
    ("convolve_cw", lambda f, x, w1, wn: f.convolve(x.real, wn * (1 - 1j), origin=-1)),
    ("convolve_ci", lambda f, x, w1, wn: f.convolve(x, wn, mode="constant", cval=2j)),
    ("gaussian", lambda f, x, w1, wn: f.gaussian_filter(x, 1.0)),
    ("gaussian1d", lambda f, x, w1, wn: f.gaussian_filter1d(x, 1.5, order=1)),
    ("uniform", lambda f, x, w1, wn: f.uniform_filter(x, 3, mode="nearest")),
    ("uniform1d", lambda f, x, w1, wn: f.uniform_filter1d(x, 4, origin=-1, cval=1j,
                                                          mode="constant")),
    ("sobel", lambda f, x, w1, wn: f.sobel(x)),
    ("laplace", lambda f, x, w1, wn: f.laplace(x)),
    ("complex64", lambda f, x, w1, wn: f.correlate(x.astype(numpy.complex64), wn)),
    ("dtype_promoted", lambda f, x, w1, wn: f.correlate1d(x.real, w1 * 1j,
                                                          output=numpy.float32)),
]


def _complex_data():
    rng = numpy.random.default_rng(14)
    x = rng.standard_normal((6, 7)) + 1j * rng.standard_normal((6, 7))
    return x, rng.random(3), rng.random((3, 2))


@pytest.mark.parametrize("name,call", COMPLEX_CASES, ids=[c[0] for c in COMPLEX_CASES])
def test_model_complex_matches_scipy(name, call):
    x, w1, wn = _complex_data()

    class Model:
        def __getattr__(self, n):
            return lambda *a, **k: getattr(_filters, n)(numpy_backend(), *a, **k)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # output dtype promoted to complex
        expected = call(sn, x, w1, wn)
        got = call(Model(), x, w1, wn)
    assert got.dtype == expected.dtype
    numpy.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


def test_model_complex_errors_match_scipy():
    x, w1, wn = _complex_data()
    for f, be in ((_filters, numpy_backend()), (None, None)):
        def call(name, *a, **k):
            return getattr(_filters, name)(be, *a, **k) if f else getattr(sn, name)(*a, **k)
        with pytest.raises(ValueError):
            call("correlate1d", x.real, w1 * 1j, cval=1j)
        with pytest.raises(RuntimeError):
            call("correlate", x, wn, output=numpy.zeros((6, 7)))
        with pytest.raises(RuntimeError):
            call("correlate", x, wn, output="f8")


def test_size_ignored_with_footprint_warns():
    with pytest.warns(UserWarning, match="ignoring size"):
        _filters.minimum_filter(numpy_backend(), _data((4, 4), "float64"), size=3,
                                footprint=numpy.eye(3))


# --- on the GPU: the public functions and the engine's kernels ---

@gpu
@pytest.mark.parametrize("case", ALL_CASES, ids=_case_id)
@pytest.mark.parametrize("mode", MODES)
def test_matches_scipy(case, mode):
    import cunp
    from cunp.scipy import ndimage as cn
    ndim, k = case
    name, args, kwargs = _cases(ndim)[k]
    x = _data(SHAPES[ndim - 1], "float64")
    expected = getattr(sn, name)(x, *args, mode=mode, cval=1.5, **kwargs)
    got = getattr(cn, name)(cunp.asarray(x), *args, mode=mode, cval=1.5, **kwargs)
    assert isinstance(got, cunp.ndarray)
    assert got.dtype == expected.dtype
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, **_tol("float64"))


@gpu
@pytest.mark.parametrize("dtype", ["bool", "uint8", "int16", "int32", "int64", "float16",
                                   "float32", "float64"])
@pytest.mark.parametrize("name,args,kwargs", [
    ("correlate", (numpy.ones((3, 3)) / 4,), {}),
    ("gaussian_filter", (1.0,), {}),
    ("uniform_filter", (3,), {}),
    ("median_filter", (), dict(size=3)),
    ("maximum_filter", (), dict(size=3)),
    ("minimum_filter", (), dict(footprint=numpy.eye(3, dtype=bool))),
    ("rank_filter", (3,), dict(size=(3, 2))),
])
def test_dtypes_match_scipy(dtype, name, args, kwargs):
    import cunp
    from cunp.scipy import ndimage as cn
    if dtype in ("bool", "float16") and name in ("correlate", "gaussian_filter", "uniform_filter"):
        pytest.skip("SciPy's linear filters refuse this dtype")
    x = _data((10, 13), dtype)
    try:
        expected = getattr(sn, name)(x, *args, **kwargs)
    except RuntimeError as e:  # SciPy 1.18's min/max filters refuse float16
        pytest.skip(f"SciPy: {e}")
    got = getattr(cn, name)(cunp.asarray(x), *args, **kwargs)
    assert got.dtype == expected.dtype
    numpy.testing.assert_allclose(cunp.asnumpy(got).astype(float), expected.astype(float),
                                  **_tol(dtype))
    expected = getattr(sn, name)(x, *args, output=numpy.float64, **kwargs)
    got = getattr(cn, name)(cunp.asarray(x), *args, output=numpy.float64, **kwargs)
    assert got.dtype == numpy.float64
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, **_tol(dtype))


@gpu
def test_output_array_non_contiguous_and_in_place():
    import cunp
    from cunp.scipy import ndimage as cn
    x = _data((12, 14, 6), "float32")
    xs = x[::2, ::-1, 1:]
    g = cunp.asarray(x)[::2, ::-1, 1:]
    for name, args, kwargs in [("gaussian_filter", (1.5,), {}),
                               ("median_filter", (), dict(size=3)),
                               ("correlate", (numpy.ones((2, 3, 2)),), dict(origin=-1)),
                               ("maximum_filter1d", (3,), dict(axis=1))]:
        expected = getattr(sn, name)(xs, *args, **kwargs)
        out = cunp.zeros(xs.shape, dtype=cunp.float64)
        r = getattr(cn, name)(g, *args, output=out, **kwargs)
        assert r is out
        numpy.testing.assert_allclose(cunp.asnumpy(out), expected.astype(numpy.float64),
                                      rtol=1e-4, atol=1e-4, err_msg=name)
        # An F-ordered input and an output that is the input itself.
        f = cunp.asfortranarray(cunp.asarray(xs))
        getattr(cn, name)(f, *args, output=f, **kwargs)
        numpy.testing.assert_allclose(cunp.asnumpy(f), expected, rtol=1e-4, atol=1e-4,
                                      err_msg=name)


@gpu
def test_large_footprints_and_small_axes():
    import cunp
    from cunp.scipy import ndimage as cn
    x = _data((3, 1, 4), "float64")
    for mode in MODES:
        for name, args, kwargs in [("uniform_filter", (7,), {}),
                                   ("median_filter", (), dict(size=5)),
                                   ("percentile_filter", (75,), dict(size=(9, 9, 9))),
                                   ("correlate", (numpy.ones((5, 3, 6)),), {})]:
            numpy.testing.assert_allclose(
                cunp.asnumpy(getattr(cn, name)(cunp.asarray(x), *args, mode=mode, **kwargs)),
                getattr(sn, name)(x, *args, mode=mode, **kwargs), rtol=1e-12,
                err_msg=f"{name} {mode}")


@gpu
@pytest.mark.parametrize("name,call", COMPLEX_CASES, ids=[c[0] for c in COMPLEX_CASES])
def test_complex_matches_scipy(name, call):
    import cunp
    from cunp.scipy import ndimage as cn
    x, w1, wn = _complex_data()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = call(sn, x, w1, wn)
        got = call(cn, cunp.asarray(x), w1, wn)
    assert got.dtype == expected.dtype
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-5, atol=1e-5)


@gpu
def test_weights_as_cunp_arrays_and_errors():
    import cunp
    from cunp.scipy import ndimage as cn
    x = _data((7, 8), "float64")
    w = numpy.arange(6.0).reshape(2, 3)
    numpy.testing.assert_allclose(cunp.asnumpy(cn.convolve(cunp.asarray(x), cunp.asarray(w))),
                                  sn.convolve(x, w), rtol=1e-12)
    with pytest.raises(RuntimeError):
        cn.correlate(cunp.asarray(x), w, mode="bogus")
    with pytest.raises(RuntimeError):
        cn.uniform_filter(cunp.asarray(x), 3, output=cunp.empty((3, 3)))
    with pytest.raises(TypeError):
        cn.median_filter(cunp.asarray(x).astype(cunp.complex64), size=3)
