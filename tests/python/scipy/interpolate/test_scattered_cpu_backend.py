"""LinearNDInterpolator, NearestNDInterpolator, CloughTocher2DInterpolator, griddata and
RBFInterpolator's public classes run on the CPU (NumPy in place of cunp, the kernels' NumPy
models in place of the device entry points: ../spatial/cpu_backend.py), against SciPy."""
import os
import sys

import numpy
import pytest

import cunp.scipy.interpolate as ci

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "spatial"))
import cpu_backend  # noqa: E402

si = pytest.importorskip("scipy.interpolate")


@pytest.fixture(autouse=True)
def on_cpu(monkeypatch):
    cpu_backend.patch(monkeypatch)


def _data(seed, n=150, ndim=2):
    rng = numpy.random.default_rng(seed)
    y = rng.random((n, ndim))
    d = numpy.sin(3 * y[:, 0]) * numpy.cos(2 * y[:, -1]) + y[:, 0] ** 2
    return rng, y, d


@pytest.mark.parametrize("values", ["real", "complex", "multi", "int"])
@pytest.mark.parametrize("rescale", [False, True])
def test_linear_nd(values, rescale):
    rng, y, d = _data(1)
    y = y * [10.0, 0.1]
    if values == "complex":
        d = d + 1j * y[:, 0]
    elif values == "multi":
        d = numpy.stack([d, d ** 2, y[:, 1]], axis=1).reshape(150, 3, 1)
    elif values == "int":
        d = (d * 10).astype(numpy.int32)
    xi = rng.random((4, 9, 2)) * [11.0, 0.11] - [0.5, 0.005]
    got = ci.LinearNDInterpolator(y, d, rescale=rescale)(xi)
    ref = si.LinearNDInterpolator(y, d, rescale=rescale)(xi)
    assert got.shape == ref.shape and got.dtype == ref.dtype
    numpy.testing.assert_allclose(got, ref, rtol=1e-10, atol=1e-12)


def test_linear_nd_call_forms():
    rng, y, d = _data(2)
    ip, ref = ci.LinearNDInterpolator(y, d, fill_value=-1.0), \
        si.LinearNDInterpolator(y, d, fill_value=-1.0)
    gx, gy = numpy.meshgrid(numpy.linspace(-0.1, 1.1, 7), numpy.linspace(0, 1, 4))
    numpy.testing.assert_allclose(ip(gx, gy), ref(gx, gy), rtol=1e-12)
    numpy.testing.assert_allclose(ip(0.3, 0.4), ref(0.3, 0.4), rtol=1e-12)
    assert ip(numpy.array([0.3, 0.4])).shape == ref(numpy.array([0.3, 0.4])).shape == (1,)
    numpy.testing.assert_allclose(ip([0.3], [0.2, 0.4]), ref([0.3], [0.2, 0.4]), rtol=1e-12)
    with pytest.raises(ValueError, match="number of dimensions in xi"):
        ip(numpy.zeros((2, 3)))
    with pytest.raises(ValueError, match="different number of values and points"):
        ci.LinearNDInterpolator(y, d[:5])
    with pytest.raises(ValueError, match="Need at least 2-D data"):
        ci.LinearNDInterpolator(y[:, 0], d)


@pytest.mark.parametrize("ndim", [2, 3, 5])
def test_nearest_nd(ndim):
    rng, y, d = _data(3, ndim=ndim)
    xi = rng.random((30, ndim))
    x_arg = y
    got = ci.NearestNDInterpolator(x_arg, d)(xi)
    numpy.testing.assert_array_equal(got, si.NearestNDInterpolator(x_arg, d)(xi))
    got = ci.NearestNDInterpolator(x_arg, d, rescale=True)(xi, distance_upper_bound=0.05)
    numpy.testing.assert_array_equal(
        got, si.NearestNDInterpolator(x_arg, d, rescale=True)(xi, distance_upper_bound=0.05))
    for flat in (y[:, 0], y[:, :1]):
        with pytest.raises(ValueError, match="input data must be at least 2-D"):
            ci.NearestNDInterpolator(flat, d)
        with pytest.raises(ValueError, match="Need at least 2-D data"):
            ci.LinearNDInterpolator(flat, d)
    if ndim > 2:
        with pytest.raises(ValueError, match="only for 2-D data"):
            ci.CloughTocher2DInterpolator(y, d)
    dc = numpy.stack([d, 1j * d], axis=1)
    got = ci.NearestNDInterpolator(x_arg, dc)(xi)
    assert got.dtype == numpy.complex128
    numpy.testing.assert_array_equal(got, si.NearestNDInterpolator(x_arg, dc)(xi))


@pytest.mark.parametrize("values", ["real", "complex", "multi"])
@pytest.mark.parametrize("rescale", [False, True])
def test_clough_tocher(values, rescale):
    rng, y, d = _data(4, n=50)
    y = y * [3.0, 1.0]
    if values == "complex":
        d = d + 1j * y[:, 1] ** 2
    elif values == "multi":
        d = numpy.stack([d, y[:, 0] * y[:, 1]], axis=1)
    xi = rng.random((200, 2)) * [3.3, 1.1] - 0.05
    got = ci.CloughTocher2DInterpolator(y, d, fill_value=-2.0, rescale=rescale)(xi)
    ref = si.CloughTocher2DInterpolator(y, d, fill_value=-2.0, rescale=rescale, tol=1e-14,
                                        maxiter=20000)(xi)
    assert got.shape == ref.shape and got.dtype == ref.dtype
    numpy.testing.assert_allclose(got, ref, atol=1e-9)


@pytest.mark.parametrize("method", ["nearest", "linear", "cubic"])
def test_griddata_2d(method):
    rng, y, d = _data(5)
    xi = rng.random((60, 2)) * 1.1 - 0.05
    if method == "cubic":
        ref = si.CloughTocher2DInterpolator(y, d, tol=1e-14, maxiter=20000)(xi)
    else:
        ref = si.griddata(y, d, xi, method=method)
    got = ci.griddata(y, d, xi, method=method)
    numpy.testing.assert_allclose(got, ref, atol=1e-9, equal_nan=True)
    got = ci.griddata(y, d, (xi[:, 0], xi[:, 1]), method=method)
    numpy.testing.assert_allclose(got, ref, atol=1e-9, equal_nan=True)
    with pytest.raises(ValueError, match="Unknown interpolation method"):
        ci.griddata(y, d, xi, method="quintic")


def test_rbf_neighbors_through_cunps_kdtree():
    rng, y, d = _data(6, n=100)
    x = rng.random((30, 2))
    got = ci.RBFInterpolator(y, d, neighbors=12)(x)
    numpy.testing.assert_allclose(got, si.RBFInterpolator(y, d, neighbors=12)(x), rtol=1e-7,
                                  atol=1e-9)
