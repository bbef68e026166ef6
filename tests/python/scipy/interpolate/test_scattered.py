"""cunp.scipy.interpolate's scattered-data interpolators (RBFInterpolator, LinearNDInterpolator,
NearestNDInterpolator, CloughTocher2DInterpolator, griddata) on the GPU against SciPy."""
import numpy
import pytest

import cunp
import cunp.scipy.interpolate as ci
import cunp.scipy.spatial as cs

si = pytest.importorskip("scipy.interpolate")

pytestmark = pytest.mark.gpu

KERNELS = ["linear", "thin_plate_spline", "cubic", "quintic", "multiquadric",
           "inverse_multiquadric", "inverse_quadratic", "gaussian"]


def _data(seed, n=200, ndim=2):
    rng = numpy.random.default_rng(seed)
    y = rng.random((n, ndim))
    d = numpy.sin(3 * y[:, 0]) * numpy.cos(2 * y[:, -1]) + y[:, 0] ** 2
    return rng, y, d


@pytest.mark.parametrize("kernel", KERNELS)
def test_rbf_kernels(kernel):
    rng, y, d = _data(0, n=60)  # quintic and gaussian systems grow ill-conditioned with n
    x = rng.random((300, 2))
    kw = {} if kernel in ("linear", "thin_plate_spline", "cubic", "quintic") else \
        {"epsilon": 8.0}
    got = ci.RBFInterpolator(cunp.asarray(y), cunp.asarray(d), kernel=kernel, **kw)(
        cunp.asarray(x))
    ref = si.RBFInterpolator(y, d, kernel=kernel, **kw)(x)
    assert isinstance(got, cunp.ndarray) and got.dtype == numpy.float64
    numpy.testing.assert_allclose(cunp.asnumpy(got), ref, rtol=1e-7, atol=1e-9)


@pytest.mark.parametrize("neighbors", [None, 1, 10])
def test_rbf_options(neighbors):
    rng, y, d = _data(1, n=120, ndim=3)
    dd = numpy.stack([d, 1j * d ** 2], axis=1)
    x = rng.random((50, 3))
    kw = dict(neighbors=neighbors, smoothing=0.01, degree=1 if neighbors != 1 else -1)
    got = ci.RBFInterpolator(cunp.asarray(y), cunp.asarray(dd), **kw)(cunp.asarray(x))
    ref = si.RBFInterpolator(y, dd, **kw)(x)
    assert got.shape == ref.shape and got.dtype == numpy.complex128
    numpy.testing.assert_allclose(cunp.asnumpy(got), ref, rtol=1e-7, atol=1e-9)


def test_rbf_layouts():
    rng, y, d = _data(2, n=60)
    x = rng.random((40, 2))
    ref = si.RBFInterpolator(y, d)(x)
    got = ci.RBFInterpolator(cunp.asarray(numpy.asfortranarray(y)), cunp.asarray(d[::-1])[::-1])(
        cunp.asarray(x)[:, ::-1][:, ::-1])
    numpy.testing.assert_allclose(cunp.asnumpy(got), ref, rtol=1e-7, atol=1e-9)
    assert ci.RBFInterpolator(cunp.asarray(y), cunp.asarray(d))(cunp.zeros((0, 2))).shape == (0,)


@pytest.mark.parametrize("values", ["real", "complex", "multi"])
@pytest.mark.parametrize("rescale", [False, True])
def test_linear_nd(values, rescale):
    rng, y, d = _data(3, n=300)
    y = y * [10.0, 0.1]
    if values == "complex":
        d = d + 1j * y[:, 0]
    elif values == "multi":
        d = numpy.stack([d, d ** 2, y[:, 1]], axis=1).reshape(300, 3, 1)
    xi = rng.random((7, 11, 2)) * [11.0, 0.11] - [0.5, 0.005]
    got = ci.LinearNDInterpolator(cunp.asarray(y), cunp.asarray(d), rescale=rescale)(
        cunp.asarray(xi))
    ref = si.LinearNDInterpolator(y, d, rescale=rescale)(xi)
    assert got.shape == ref.shape and got.dtype == ref.dtype
    numpy.testing.assert_allclose(cunp.asnumpy(got), ref, rtol=1e-10, atol=1e-12)


def test_linear_nd_over_a_delaunay_and_coordinate_arrays():
    rng, y, d = _data(4, n=100)
    tri = cs.Delaunay(cunp.asarray(y))
    ip = ci.LinearNDInterpolator(tri, cunp.asarray(d), fill_value=-1.0)
    gx, gy = numpy.meshgrid(numpy.linspace(-0.1, 1.1, 9), numpy.linspace(0, 1, 5))
    ref = si.LinearNDInterpolator(y, d, fill_value=-1.0)(gx, gy)
    got = ip(cunp.asarray(gx), cunp.asarray(gy))
    numpy.testing.assert_allclose(cunp.asnumpy(got), ref, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("ndim", [2, 3, 5])
def test_nearest_nd(ndim):
    rng, y, d = _data(5, n=500, ndim=ndim)
    xi = rng.random((60, ndim))
    x_arg = y
    got = ci.NearestNDInterpolator(cunp.asarray(x_arg), cunp.asarray(d))(cunp.asarray(xi))
    ref = si.NearestNDInterpolator(x_arg, d)(xi)
    numpy.testing.assert_array_equal(cunp.asnumpy(got), ref)
    got = ci.NearestNDInterpolator(cunp.asarray(x_arg), cunp.asarray(d))(
        cunp.asarray(xi), distance_upper_bound=0.02)
    ref = si.NearestNDInterpolator(x_arg, d)(xi, distance_upper_bound=0.02)
    numpy.testing.assert_array_equal(cunp.asnumpy(got), ref)


@pytest.mark.parametrize("values", ["real", "complex", "multi"])
def test_clough_tocher(values):
    rng, y, d = _data(6, n=250)
    if values == "complex":
        d = d + 1j * y[:, 1] ** 2
    elif values == "multi":
        d = numpy.stack([d, y[:, 0] * y[:, 1]], axis=1)
    xi = rng.random((400, 2)) * 1.1 - 0.05
    got = ci.CloughTocher2DInterpolator(cunp.asarray(y), cunp.asarray(d))(cunp.asarray(xi))
    ref = si.CloughTocher2DInterpolator(y, d, tol=1e-14, maxiter=20000)(xi)
    assert got.shape == ref.shape and got.dtype == ref.dtype
    numpy.testing.assert_allclose(cunp.asnumpy(got), ref, atol=1e-8, equal_nan=True)


@pytest.mark.parametrize("method", ["nearest", "linear", "cubic"])
@pytest.mark.parametrize("ndim", [1, 2])
def test_griddata(method, ndim):
    rng, y, d = _data(7, n=300, ndim=ndim)
    pts = y[:, 0] if ndim == 1 else y
    xi = rng.random((100, ndim)) * 1.1 - 0.05
    if ndim == 1:
        xi = xi[:, 0]
    kw = {"tol": 1e-14, "maxiter": 20000} if method == "cubic" and ndim == 2 else {}
    if kw:
        ref = si.CloughTocher2DInterpolator(pts, d, **kw)(xi)
    else:
        ref = si.griddata(pts, d, xi, method=method)
    got = ci.griddata(cunp.asarray(pts), cunp.asarray(d), cunp.asarray(xi), method=method)
    numpy.testing.assert_allclose(cunp.asnumpy(got), ref, rtol=1e-9, atol=1e-9, equal_nan=True)


def test_errors():
    y = cunp.asarray(numpy.random.default_rng(8).random((20, 2)))
    d = cunp.zeros(20)
    with pytest.raises(ValueError, match="different number of values and points"):
        ci.LinearNDInterpolator(y, d[:5])
    with pytest.raises(ValueError, match="number of dimensions in xi"):
        ci.LinearNDInterpolator(y, d)(cunp.zeros((2, 3)))
    with pytest.raises(ValueError, match="Unknown interpolation method"):
        ci.griddata(y, d, cunp.zeros((2, 2)), method="quintic")
    with pytest.raises(ValueError, match="`epsilon` must be specified"):
        ci.RBFInterpolator(y, d, kernel="gaussian")
