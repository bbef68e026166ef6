"""cunp.scipy.ndimage's interpolation against scipy.ndimage (orders 0 to 5, with and without the
spline prefilter, and spline_filter/spline_filter1d themselves).

As for the filters, the tests without the gpu marker run the functions on a NumPy model of the
sampler (ndimage_model.py) and compare with SciPy: the coordinates each function computes, how
every mode treats a coordinate and the taps past the edge, and how integer outputs round. The gpu
tests run the public functions (the sampler's kernels) on cunp arrays."""
import os
import sys
import warnings

import numpy
import pytest

sn = pytest.importorskip("scipy.ndimage")

sys.path.insert(0, os.path.dirname(__file__))
from ndimage_model import numpy_backend  # noqa: E402

from cunp.scipy.ndimage import _interpolation  # noqa: E402

gpu = pytest.mark.gpu

MODES = ["constant", "grid-constant", "nearest", "mirror", "reflect", "grid-mirror", "wrap",
         "grid-wrap"]
SHAPES = [(7,), (6, 7), (4, 5, 6), (1, 5)]


def _calls(shape, order, mode, prefilter=True):
    """(name, call(f, x)) pairs, f being scipy.ndimage or cunp's functions."""
    n = len(shape)
    rng = numpy.random.default_rng(3)
    # Coordinates from well outside to well past each axis, plus exact halves and edges.
    coords = rng.uniform(-8, numpy.array(shape)[:, None, None] + 8, size=(n, 4, 9))
    coords[:, 0, :5] = numpy.array([-0.5, 0.0, 0.5, -1.0, -1.5])[None]
    coords[:, 1, :3] = (numpy.array(shape)[:, None] - 1) + numpy.array([0.0, 0.5, 1.0])[None]
    kw = dict(order=order, mode=mode, cval=-3.0, prefilter=prefilter)
    calls = [
        ("map_coordinates", lambda f, x: f.map_coordinates(x, coords, **kw)),
        ("shift", lambda f, x: f.shift(x, [1.3, -2.5, 0.5][:n], **kw)),
        ("zoom", lambda f, x: f.zoom(x, [1.7, 0.6, 2.0][:n], **kw)),
        ("zoom_grid", lambda f, x: f.zoom(x, [1.7, 0.6, 2.0][:n], grid_mode=True, **kw)),
        ("zoom_down", lambda f, x: f.zoom(x, 0.5, **kw)),
        ("affine", lambda f, x: f.affine_transform(x, numpy.eye(n) * 0.9 + 0.1, offset=-0.7,
                                                   **kw)),
        ("affine_diagonal", lambda f, x: f.affine_transform(x, numpy.full(n, 1.3), offset=0.4,
                                                            **kw)),
        ("affine_shape", lambda f, x: f.affine_transform(
            x, numpy.eye(n) * 0.75, output_shape=tuple(s + 2 for s in shape), **kw)),
    ]
    if n >= 2:
        homogeneous = numpy.eye(n + 1)
        homogeneous[:n, :n] = [[0.8, 0.3] + [0.0] * (n - 2), [-0.3, 0.8] + [0.0] * (n - 2)] + \
            [[0.0] * k + [1.0] + [0.0] * (n - k - 1) for k in range(2, n)]
        homogeneous[:n, n] = 1.25
        calls += [
            ("affine_homogeneous", lambda f, x: f.affine_transform(x, homogeneous, **kw)),
            ("rotate", lambda f, x: f.rotate(x, 33, **kw)),
            ("rotate_noreshape", lambda f, x: f.rotate(x, -71.5, reshape=False, **kw)),
            ("rotate90", lambda f, x: f.rotate(x, 90, axes=(0, -1), **kw)),
        ]
    return calls


CASES = [(s, k) for s in range(len(SHAPES)) for k in range(len(_calls(SHAPES[s], 1, "wrap")))]


def _case_id(c):
    s, k = c
    return f"{'x'.join(map(str, SHAPES[s]))}-{_calls(SHAPES[s], 1, 'wrap')[k][0]}"


class _Model:
    def __getattr__(self, name):
        f = getattr(_interpolation, name)
        return lambda *a, **k: f(numpy_backend(), *a, **k)


def _quiet(call, f, x):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zoom's grid_mode advice, complex promotion
        return call(f, x)


ORDERS = [(0, True), (1, True), (2, True), (3, True), (4, True), (5, True), (3, False)]


def _tol(order):
    # Orders above 1 weigh taps by the B-spline's per-order polynomials, evaluated in another
    # order than SciPy's: equal to a few ulps.
    return dict(rtol=1e-12, atol=1e-12) if order <= 1 else dict(rtol=1e-9, atol=1e-9)


def _half_sample_prefilter_needs_scipy_118(mode, order, prefilter=True):
    """The reflect-family prefilter follows SciPy 1.18 (1.17 read a running sum where the first
    sample belongs): older SciPy gives other values there."""
    import scipy
    old = tuple(int(p) for p in scipy.__version__.split(".")[:2]) < (1, 18)
    if old and prefilter and order >= 2 and mode in ("reflect", "grid-mirror", "nearest"):
        pytest.skip("SciPy " + scipy.__version__ + ": the half-sample prefilter of 1.17")


@pytest.mark.parametrize("case", CASES, ids=_case_id)
@pytest.mark.parametrize("order,prefilter", ORDERS)
@pytest.mark.parametrize("mode", MODES)
def test_model_matches_scipy(case, order, prefilter, mode):
    _half_sample_prefilter_needs_scipy_118(mode, order, prefilter)
    s, k = case
    shape = SHAPES[s]
    x = numpy.random.default_rng(4).random(shape) * 10
    name, call = _calls(shape, order, mode, prefilter)[k]
    expected = _quiet(call, sn, x)
    got = _quiet(call, _Model(), x)
    assert got.shape == expected.shape
    numpy.testing.assert_allclose(got, expected, **_tol(order))


@pytest.mark.parametrize("order", [2, 3, 4, 5])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape", [(1,), (2,), (9,), (6, 7), (3, 4, 5)])
def test_model_spline_filter_matches_scipy(order, mode, shape):
    _half_sample_prefilter_needs_scipy_118(mode, order)
    x = numpy.random.default_rng(9).random(shape) * 10
    numpy.testing.assert_allclose(_Model().spline_filter(x, order, mode=mode),
                                  sn.spline_filter(x, order, mode=mode), rtol=1e-11, atol=1e-11)
    axis = len(shape) - 1
    numpy.testing.assert_allclose(
        _Model().spline_filter1d(x, order, axis=axis, mode=mode, output=numpy.float32),
        sn.spline_filter1d(x, order, axis=axis, mode=mode, output=numpy.float32), rtol=1e-6)


@pytest.mark.parametrize("order", [2, 3, 4, 5])
@pytest.mark.parametrize("mode", MODES)
def test_model_segmented_spline_filter_matches_scipy(order, mode):
    """The device's prefilter cuts each line into segments, each started from zero a pole's
    horizon before it (or from the boundary's value near the line's ends): modelled in NumPy, it
    equals SciPy's serial recursion on long lines cut into many segments, along either axis,
    also where spikes a million times the rest sit inside a horizon."""
    _half_sample_prefilter_needs_scipy_118(mode, order)
    import ndimage_model
    from cunp.scipy.ndimage import _ni_support
    code = _ni_support.mode_code(mode)
    rng = numpy.random.default_rng(21)
    for shape in [(3, 701), (400, 2), (5, 97)]:
        x = rng.standard_normal(shape)
        x[..., ::37] *= 1e6
        for axis in range(2):
            expected = sn.spline_filter1d(x, order, axis=axis, mode=mode)
            for seg in (32, 256, None):
                got = x.copy()
                ndimage_model.spline(got, axis, order, code, seg)
                numpy.testing.assert_allclose(got, expected, rtol=1e-11, atol=1e-9)


COMPLEX_CALLS = [
    ("map_coordinates", lambda f, x: f.map_coordinates(
        x, numpy.random.default_rng(15).uniform(-2, 7, size=(2, 3, 4)), order=3,
        mode="mirror", cval=1 + 1j)),
    ("shift", lambda f, x: f.shift(x, (0.5, -1.25), order=1, mode="constant", cval=2 - 1j)),
    ("zoom", lambda f, x: f.zoom(x, 1.5, order=2, mode="grid-constant", cval=1j)),
    ("affine", lambda f, x: f.affine_transform(x, [[0.9, 0.1], [-0.1, 0.9]], offset=0.5,
                                               order=3, mode="nearest")),
    ("rotate", lambda f, x: f.rotate(x, 25, order=1)),
    ("complex64", lambda f, x: f.shift(x.astype(numpy.complex64), 0.5, order=3)),
    ("spline_filter", lambda f, x: f.spline_filter(x, 3)),
    ("spline_filter1d", lambda f, x: f.spline_filter1d(x, 4, axis=0, mode="wrap")),
]


def _complex_image():
    rng = numpy.random.default_rng(16)
    return rng.random((6, 7)) + 1j * rng.random((6, 7))


@pytest.mark.parametrize("name,call", COMPLEX_CALLS, ids=[c[0] for c in COMPLEX_CALLS])
def test_model_complex_matches_scipy(name, call):
    x = _complex_image()
    expected = _quiet(call, sn, x)  # spline_filter's float64 output is promoted, with a warning
    got = _quiet(call, _Model(), x)
    assert got.dtype == expected.dtype
    numpy.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("dtype", ["uint8", "int16", "int32", "float32", "float64"])
def test_model_integer_outputs_round_and_saturate(dtype):
    x = (numpy.random.default_rng(5).random((6, 7)) * 300 - 100).astype(dtype)
    for call in (lambda f: f.shift(x, 0.5, order=1, mode="nearest"),
                 lambda f: f.zoom(x, 1.5, order=1, output=numpy.uint8),
                 lambda f: f.map_coordinates(x, numpy.indices((3, 4)) * 1.5, order=1,
                                             output=numpy.int8)):
        e, g = call(sn), call(_Model())
        assert e.dtype == g.dtype
        if e.dtype.kind in "iu":
            numpy.testing.assert_array_equal(g, e)
        else:
            numpy.testing.assert_allclose(g, e, rtol=1e-6 if e.dtype == numpy.float32 else 1e-13)


@pytest.mark.parametrize("call,exc", [
    (lambda f, x: f.map_coordinates(x, numpy.zeros((3, 4)), order=1), RuntimeError),
    (lambda f, x: f.map_coordinates(x, numpy.zeros((2, 4)), order=6), RuntimeError),
    (lambda f, x: f.map_coordinates(x, numpy.zeros((2, 4)) + 1j, order=1), TypeError),
    (lambda f, x: f.shift(x, 1.0, order=1, mode="bogus"), RuntimeError),
    (lambda f, x: f.shift(x, [1.0, 2.0, 3.0], order=1), RuntimeError),
    (lambda f, x: f.zoom(x, 2.0, order=-1), RuntimeError),
    (lambda f, x: f.affine_transform(x, numpy.eye(4), order=1), RuntimeError),
    (lambda f, x: f.affine_transform(x, numpy.ones((2, 4)), order=1), RuntimeError),
    (lambda f, x: f.affine_transform(x, numpy.ones((3, 3)), order=1), ValueError),
    (lambda f, x: f.affine_transform(x, numpy.eye(2), order=1, output=numpy.zeros((2, 2)),
                                     output_shape=(3, 3)), RuntimeError),
    (lambda f, x: f.rotate(x[0], 30, order=1), ValueError),
    (lambda f, x: f.rotate(x, 30, axes=(0, 2), order=1), ValueError),
    (lambda f, x: f.rotate(x, 30, axes=(0,), order=1), ValueError),
])
def test_model_errors_match_scipy(call, exc):
    x = numpy.random.default_rng(6).random((5, 6))
    with pytest.raises(exc):
        call(_Model(), x)
    with pytest.raises(exc):
        call(sn, x)


def test_model_zoom_by_one_copies_and_spline_filter_errors():
    x = numpy.random.default_rng(10).random((4, 4))
    numpy.testing.assert_array_equal(_Model().zoom(x, 1), x)
    for f in (_Model(), sn):
        with pytest.raises(RuntimeError):
            f.spline_filter(x, 1)
        with pytest.raises(RuntimeError):
            f.spline_filter1d(x, 6)


class _PoisonedNumpy:
    """numpy for the model's backend, except that a new array from empty() holds NaN (garbage a
    device allocation might hold), and the zero fills and overlap tests are counted: a function
    that hands its output unfilled to the sampler must write every element of it."""

    def __init__(self):
        self.zeros_calls = self.overlap_calls = 0

    def __getattr__(self, name):
        return getattr(numpy, name)

    def empty(self, shape, dtype=float):
        out = numpy.empty(shape, dtype=dtype)
        out.fill(numpy.nan if numpy.dtype(dtype).kind in "fc" else 77)
        return out

    def zeros(self, *a, **k):
        self.zeros_calls += 1
        return numpy.zeros(*a, **k)

    def may_share_memory(self, a, b):
        self.overlap_calls += 1
        return numpy.may_share_memory(a, b)


WHOLE_OUTPUT_CALLS = [
    ("map_coordinates", lambda f, x: f.map_coordinates(
        x, numpy.random.default_rng(17).uniform(-3, 9, size=(2, 5, 4)), order=1)),
    ("map_coordinates_order3", lambda f, x: f.map_coordinates(
        x, numpy.random.default_rng(18).uniform(-3, 9, size=(2, 7)), order=3, mode="nearest")),
    ("shift", lambda f, x: f.shift(x, (0.5, -1.25), order=1, mode="grid-constant")),
    ("zoom", lambda f, x: f.zoom(x, 1.5, order=0, mode="mirror")),
    ("zoom_grid", lambda f, x: f.zoom(x, 0.6, order=3, grid_mode=True, mode="grid-wrap")),
    ("affine", lambda f, x: f.affine_transform(x, [[0.9, 0.1], [-0.1, 0.9]], offset=0.5,
                                               output_shape=(8, 9), order=1, mode="reflect")),
    ("affine_diagonal", lambda f, x: f.affine_transform(x, [1.3, 0.7], order=0)),
    ("rotate", lambda f, x: f.rotate(x, 25, order=1, output=numpy.int16)),
    ("spline_filter", lambda f, x: f.spline_filter(x, 3, output=numpy.float32)),
    ("spline_filter1d", lambda f, x: f.spline_filter1d(x, 1, axis=0)),
    ("complex", lambda f, x: f.shift(x + 1j * x[::-1], 0.5, order=1)),
]


@pytest.mark.parametrize("name,call", WHOLE_OUTPUT_CALLS, ids=[c[0] for c in WHOLE_OUTPUT_CALLS])
def test_model_new_outputs_are_written_whole(name, call):
    """A new output is left unfilled (no zero fill before the sampler) and, being new, is not
    tested for overlap with the input; every element still comes out as SciPy's."""
    from cunp.scipy.ndimage import _ni_support
    x = numpy.random.default_rng(19).random((6, 7)) * 10
    xp = _PoisonedNumpy()
    model = numpy_backend()
    be = _ni_support.Backend(xp, model._stencil, model.to_host, model._sample, model.spline)

    class Poisoned:
        def __getattr__(self, name):
            return lambda *a, **k: getattr(_interpolation, name)(be, *a, **k)

    expected = _quiet(call, sn, x)
    got = _quiet(call, Poisoned(), x)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    numpy.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
    assert xp.zeros_calls == 0
    assert xp.overlap_calls == 0
    # A caller's output is still tested: it may be the input itself.
    y = x.copy()
    _interpolation.shift(be, y, 1.5, output=y, order=1, mode="wrap")
    numpy.testing.assert_allclose(y, sn.shift(x, 1.5, order=1, mode="wrap"), rtol=1e-12)
    assert xp.overlap_calls == 1


# --- on the GPU ---

@gpu
@pytest.mark.parametrize("case", CASES, ids=_case_id)
@pytest.mark.parametrize("order,prefilter", ORDERS)
@pytest.mark.parametrize("mode", MODES)
def test_matches_scipy(case, order, prefilter, mode):
    _half_sample_prefilter_needs_scipy_118(mode, order, prefilter)
    import cunp
    from cunp.scipy import ndimage as cn
    s, k = case
    shape = SHAPES[s]
    x = numpy.random.default_rng(4).random(shape) * 10
    name, call = _calls(shape, order, mode, prefilter)[k]
    expected = _quiet(call, sn, x)
    got = _quiet(call, cn, cunp.asarray(x))
    assert isinstance(got, cunp.ndarray)
    assert got.shape == expected.shape and got.dtype == expected.dtype
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, **_tol(order))


@gpu
@pytest.mark.parametrize("order", [2, 3, 4, 5])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape", [(1,), (2,), (9,), (6, 7), (3, 4, 5)])
def test_spline_filter_matches_scipy(order, mode, shape):
    _half_sample_prefilter_needs_scipy_118(mode, order)
    import cunp
    from cunp.scipy import ndimage as cn
    x = numpy.random.default_rng(9).random(shape) * 10
    g = cunp.asarray(x)
    numpy.testing.assert_allclose(cunp.asnumpy(cn.spline_filter(g, order, mode=mode)),
                                  sn.spline_filter(x, order, mode=mode), rtol=1e-11, atol=1e-11)
    for axis in range(len(shape)):
        numpy.testing.assert_allclose(
            cunp.asnumpy(cn.spline_filter1d(g[..., ::-1], order, axis=axis, mode=mode)),
            sn.spline_filter1d(x[..., ::-1], order, axis=axis, mode=mode), rtol=1e-11,
            atol=1e-11)


@gpu
@pytest.mark.parametrize("dtype", ["bool", "uint8", "int16", "int64", "uint64", "float32",
                                   "float64"])
def test_dtypes_and_layouts(dtype):
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(7)
    x = (rng.random((9, 12)) * 200).astype(dtype)
    xs = x[::2, ::-1]
    g = cunp.asarray(x)[::2, ::-1]
    coords = rng.uniform(-2, 8, size=(2, 5, 6))
    for call in (lambda f, a: f.shift(a, (0.5, -1.25), order=1, mode="nearest"),
                 lambda f, a: f.zoom(a, 1.5, order=0, mode="mirror"),
                 lambda f, a: f.rotate(a, 20, order=1, mode="reflect"),
                 lambda f, a: f.map_coordinates(a, coords, order=1, mode="grid-wrap"),
                 lambda f, a: f.zoom(a, 2, order=1, output=numpy.float32),
                 lambda f, a: f.zoom(a, 1.5, order=3, mode="grid-constant", output=numpy.float64),
                 lambda f, a: f.shift(a, 0.25, order=5, mode="nearest",
                                      output=numpy.float64)):
        e, c = call(sn, xs), call(cn, g)
        assert c.dtype == e.dtype
        tol = 1e-5 if e.dtype == numpy.float32 else 1e-12
        got, want = cunp.asnumpy(c).astype(float), e.astype(float)
        if e.dtype == bool:
            # A bool output truncates (|t| >= 1 is true): where the interpolated value is 1 to
            # rounding, either side of that edge is right.
            t = numpy.abs(call(sn, xs.astype(float)))
            edge = numpy.abs(t - 1) < 1e-9
            got[edge] = want[edge]
        numpy.testing.assert_allclose(got, want, rtol=tol, atol=tol)


@gpu
@pytest.mark.parametrize("name,call", COMPLEX_CALLS, ids=[c[0] for c in COMPLEX_CALLS])
def test_complex_matches_scipy(name, call):
    import cunp
    from cunp.scipy import ndimage as cn
    x = _complex_image()
    expected = _quiet(call, sn, x)
    got = _quiet(call, cn, cunp.asarray(x))
    assert got.dtype == expected.dtype
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=1e-5, atol=1e-5)


@gpu
def test_output_array_and_coordinates_on_device():
    import cunp
    from cunp.scipy import ndimage as cn
    x = numpy.arange(30.0).reshape(5, 6)
    coords = numpy.random.default_rng(8).uniform(-1, 6, size=(2, 7))
    out = cunp.zeros(7, dtype=cunp.float32)
    r = cn.map_coordinates(cunp.asarray(x), cunp.asarray(coords), output=out, order=1)
    assert r is out
    numpy.testing.assert_allclose(cunp.asnumpy(out), sn.map_coordinates(x, coords, order=1),
                                  rtol=1e-6)
    g = cunp.asarray(x)
    cn.shift(g, 1.5, output=g, order=1, mode="wrap")  # in place
    numpy.testing.assert_allclose(cunp.asnumpy(g), sn.shift(x, 1.5, order=1, mode="wrap"),
                                  rtol=1e-12)


@gpu
@pytest.mark.parametrize("order", range(6))
@pytest.mark.parametrize("mode", MODES)
def test_float32_coordinates_on_device(order, mode):
    """float32 coordinates reach the kernel as they are (contiguous, strided or F-order): the
    values SciPy reads from its float64 copy of them."""
    _half_sample_prefilter_needs_scipy_118(mode, order)
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(11)
    x = rng.random((9, 11)) * 10
    coords = rng.uniform(-3, 13, size=(2, 8, 10)).astype(numpy.float32)
    coords[:, 0, :4] = numpy.array([-0.5, 0.5, 8.0, 10.5], dtype=numpy.float32)[None]
    g = cunp.asarray(x)
    for c in (coords, coords[:, ::2, ::-1], numpy.asfortranarray(coords)):
        want = sn.map_coordinates(x, c, order=order, mode=mode, cval=-1.0)
        got = cn.map_coordinates(g, cunp.asarray(c), order=order, mode=mode, cval=-1.0)
        numpy.testing.assert_allclose(cunp.asnumpy(got), want, **_tol(order))
    # Integer coordinates become float64 once.
    ci = numpy.round(coords).astype(numpy.int16)
    numpy.testing.assert_allclose(
        cunp.asnumpy(cn.map_coordinates(g, cunp.asarray(ci), order=order, mode=mode)),
        sn.map_coordinates(x, ci, order=order, mode=mode), **_tol(order))


@gpu
@pytest.mark.parametrize("order", [0, 1, 2, 3, 4, 5])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_large_images_match_scipy(order, mode, dtype):
    """Images of a few hundred pixels a side (the prefilter's lines cut into many segments, one
    output element a thread): map_coordinates around the grid and zoom by 2, into new, F-order
    and negative-stride outputs, from a negative-stride view of the input."""
    _half_sample_prefilter_needs_scipy_118(mode, order)
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(30)
    x = rng.standard_normal((301, 389)).astype(dtype)[::-1]
    g = cunp.asarray(numpy.ascontiguousarray(x[::-1]))[::-1]
    coords = (numpy.indices(x.shape, dtype=dtype)
              + rng.uniform(-2, 2, (2,) + x.shape).astype(dtype))
    tol = dict(rtol=1e-4, atol=1e-4) if dtype == numpy.float32 else _tol(order)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = sn.map_coordinates(x, coords, order=order, mode=mode)
        got = cn.map_coordinates(g, cunp.asarray(coords), order=order, mode=mode)
        numpy.testing.assert_allclose(cunp.asnumpy(got), expected, **tol)
        out = cunp.empty(x.shape[::-1], dtype=dtype).T
        cn.map_coordinates(g, cunp.asarray(coords), output=out, order=order, mode=mode)
        numpy.testing.assert_allclose(cunp.asnumpy(out), expected, **tol)
        expected = sn.zoom(x, 2.0, order=order, mode=mode)
        got = cn.zoom(g, 2.0, order=order, mode=mode)
        numpy.testing.assert_allclose(cunp.asnumpy(got), expected, **tol)
        out = cunp.empty(expected.shape, dtype=dtype)[::-1, ::-1]
        cn.zoom(g, 2.0, output=out, order=order, mode=mode)
        numpy.testing.assert_allclose(cunp.asnumpy(out), expected, **tol)


@gpu
@pytest.mark.parametrize("order", [2, 3, 4, 5])
@pytest.mark.parametrize("mode", MODES)
def test_spline_filter_long_lines_and_narrow_output(order, mode):
    """Lines longer than the prefilter's chunk and than the length where its start-up sums'
    powers underflow (about 600 for order 2), along either axis; a float32 output rounds between
    the axes as SciPy's does."""
    _half_sample_prefilter_needs_scipy_118(mode, order)
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(12)
    for shape in [(3, 1501), (1203, 2), (13, 17)]:
        x = rng.standard_normal(shape)
        g = cunp.asarray(x)
        numpy.testing.assert_allclose(cunp.asnumpy(cn.spline_filter(g, order, mode=mode)),
                                      sn.spline_filter(x, order, mode=mode), rtol=1e-11,
                                      atol=1e-11)
        numpy.testing.assert_allclose(
            cunp.asnumpy(cn.spline_filter(g, order, mode=mode, output=numpy.float32)),
            sn.spline_filter(x, order, mode=mode, output=numpy.float32), rtol=1e-5, atol=1e-5)


@gpu
@pytest.mark.parametrize("order", [0, 1, 3])
@pytest.mark.parametrize("mode", MODES)
def test_far_coordinates_in_32_bit_kernels(order, mode):
    """Coordinates far past the edges (beyond 32 bits, and around +-2^30 where nearest and
    grid-constant clamp them before they become 32-bit indices), on small images: the kernels
    specialised on the mode and on 32-bit indexing give SciPy's values."""
    _half_sample_prefilter_needs_scipy_118(mode, order)
    import cunp
    from cunp.scipy import ndimage as cn
    rng = numpy.random.default_rng(31)
    x = rng.random((5, 8)) * 10
    far = numpy.array([-1e12, -3e9, -(2.0 ** 30) - 2.5, -(2.0 ** 30) + 0.5, -2.0 ** 31, 7.25,
                       2.0 ** 30 - 0.5, 2.0 ** 30 + 1.5, 2.0 ** 31 + 0.25, 3e9, 1e12])
    coords = numpy.stack([numpy.repeat(far, len(far)), numpy.tile(far, len(far))])
    coords = numpy.concatenate([coords, rng.uniform(-4, 12, size=(2, 40))], axis=1)
    want = sn.map_coordinates(x, coords, order=order, mode=mode, cval=-2.0)
    got = cn.map_coordinates(cunp.asarray(x), cunp.asarray(coords), order=order, mode=mode,
                             cval=-2.0)
    # Folding a coordinate near 1e12 into a period loses its fraction to rounding in SciPy as
    # here; the same double operations give the same values.
    numpy.testing.assert_allclose(cunp.asnumpy(got), want, **_tol(order))


@gpu
@pytest.mark.parametrize("mode", MODES)
def test_inputs_past_32_bits_take_64_bit_kernels(mode):
    """An input of 2^29 + 3 elements (an extent past the 32-bit kernels' limit), as it is and
    reversed (negative strides): the 64-bit kernels, at orders 0 and 1, near both ends and
    outside, as SciPy. (Which inputs take 32 bits: test_interpolate_codegen.cpp's Index32.)"""
    import cunp
    from cunp.scipy import ndimage as cn
    n = (1 << 29) + 3
    x = numpy.tile(numpy.arange(251, dtype=numpy.uint8), n // 251 + 1)[:n]
    g = cunp.asarray(x)
    coords = numpy.array([[-3.5, -0.5, 0.0, 0.25, 1.5, 1000.75, n - 2.5, n - 1.0, n - 0.5,
                           n + 0.25, n + 7.5, 2.0 * n + 0.5, -2.0 * n]])
    for host, dev in ((x, g), (x[::-1], g[::-1])):
        for order in (0, 1):
            want = sn.map_coordinates(host, coords, order=order, mode=mode, cval=9.0)
            got = cn.map_coordinates(dev, cunp.asarray(coords), order=order, mode=mode, cval=9.0)
            numpy.testing.assert_array_equal(cunp.asnumpy(got), want)
