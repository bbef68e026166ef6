"""The maths of LinearNDInterpolator and CloughTocher2DInterpolator (_ndscattered.py) run in
NumPy over SciPy's triangulation, against SciPy's interpolators and gradient estimate. CPU only.
"""
import numpy
import pytest

from cunp.scipy.interpolate import _ndscattered as nd

si = pytest.importorskip("scipy.interpolate")
from scipy.spatial import Delaunay  # noqa: E402


def _field(p):
    return numpy.stack([numpy.sin(3 * p[:, 0]) * numpy.cos(2 * p[:, 1]) + p[:, 0] ** 2,
                        p[:, 1] ** 3 - p[:, 0]], axis=1)


def _scipy_gradients(tri, f):
    from scipy.interpolate import _interpnd

    return numpy.stack([_interpnd.estimate_gradients_2d_global(tri, f[:, c], maxiter=20000,
                                                               tol=1e-14)
                        for c in range(f.shape[1])], axis=-1)


@pytest.mark.parametrize("n", [4, 10, 100, 300])
def test_gradients_are_scipys_minimiser(n):
    rng = numpy.random.default_rng(n)
    pts = rng.random((n, 2))
    f = _field(pts)
    tri = Delaunay(pts)
    g = nd.gradients(numpy, pts, tri.simplices, f)
    numpy.testing.assert_allclose(g, _scipy_gradients(tri, f), atol=1e-8 * numpy.abs(g).max())


def test_gradients_of_a_plane_are_exact():
    rng = numpy.random.default_rng(1)
    pts = rng.random((50, 2))
    f = (2.0 * pts[:, 0] - 3.0 * pts[:, 1] + 1.0)[:, None]
    g = nd.gradients(numpy, pts, Delaunay(pts).simplices, f)
    numpy.testing.assert_allclose(g[:, :, 0], numpy.broadcast_to([2.0, -3.0], (50, 2)),
                                  atol=1e-9)


@pytest.mark.parametrize("n", [3, 10, 200])
def test_clough_tocher_matches_scipy(n):
    rng = numpy.random.default_rng(n + 1)
    pts = rng.random((n, 2)) * [2.0, 0.5]
    f = _field(pts)
    tri = Delaunay(pts)
    g = nd.gradients(numpy, pts, tri.simplices, f)
    table = nd.clough_tocher_table(numpy, pts, tri.simplices, tri.neighbors, f, g)
    xi = rng.random((400, 2)) * [2.2, 0.6] - 0.05
    isimplex = tri.find_simplex(xi)
    got = nd.clough_tocher_values(numpy, table, tri.transform, isimplex, xi, numpy.nan)
    ref = si.CloughTocher2DInterpolator(tri, f, tol=1e-14, maxiter=20000)(xi)
    assert (numpy.isnan(got) == numpy.isnan(ref)).all()
    numpy.testing.assert_allclose(got, ref, atol=1e-9, equal_nan=True)
    # At the data points the interpolant is the data.
    at = nd.clough_tocher_values(numpy, table, tri.transform, tri.find_simplex(pts), pts, 0.0)
    numpy.testing.assert_allclose(at, f, atol=1e-12)


def test_clough_tocher_reproduces_quadratics_exactly_enough():
    rng = numpy.random.default_rng(3)
    pts = rng.random((300, 2))
    f = (pts[:, 0] ** 2 + pts[:, 0] * pts[:, 1])[:, None]
    tri = Delaunay(pts)
    g = nd.gradients(numpy, pts, tri.simplices, f)
    table = nd.clough_tocher_table(numpy, pts, tri.simplices, tri.neighbors, f, g)
    xi = rng.random((200, 2)) * 0.5 + 0.25
    got = nd.clough_tocher_values(numpy, table, tri.transform, tri.find_simplex(xi), xi, 0.0)
    numpy.testing.assert_allclose(got[:, 0], xi[:, 0] ** 2 + xi[:, 0] * xi[:, 1], atol=2e-3)


def test_linear_matches_scipy():
    rng = numpy.random.default_rng(4)
    pts = rng.random((100, 2))
    f = _field(pts)
    tri = Delaunay(pts)
    xi = rng.random((300, 2)) * 1.2 - 0.1
    got = nd.linear_values(numpy, tri.simplices, tri.transform, tri.find_simplex(xi), xi, f,
                           -7.0)
    ref = si.LinearNDInterpolator(tri, f, fill_value=-7.0)(xi)
    numpy.testing.assert_allclose(got, ref, rtol=1e-13, atol=1e-14)


def test_edges_are_unique():
    simplices = numpy.array([[0, 1, 2], [2, 1, 3]])
    e = nd.edges(numpy, simplices, 4)
    assert e.tolist() == [[0, 1], [0, 2], [1, 2], [1, 3], [2, 3]]
