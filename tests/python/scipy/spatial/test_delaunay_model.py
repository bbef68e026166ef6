"""The host side of cunp.scipy.spatial.Delaunay (the Bowyer-Watson triangulation, transforms and
hull) and a NumPy model of find_simplex's walk, against scipy.spatial.Delaunay. CPU only."""
import numpy
import pytest

from cunp.scipy.spatial import _triangulate as tri

import tri_locate_model
import triangulate_model

spatial = pytest.importorskip("scipy.spatial")


def _same_triangles(a, b):
    return sorted(map(tuple, numpy.sort(a, axis=1).tolist())) == \
        sorted(map(tuple, numpy.sort(b, axis=1).tolist()))


def _check_mesh(points, simplices, neighbors):
    r = points[simplices]
    area2 = ((r[:, 1, 0] - r[:, 0, 0]) * (r[:, 2, 1] - r[:, 0, 1])
             - (r[:, 1, 1] - r[:, 0, 1]) * (r[:, 2, 0] - r[:, 0, 0]))
    assert (area2 > 0).all()  # counter-clockwise, as SciPy's
    for s in range(simplices.shape[0]):
        for j in range(3):
            o = neighbors[s, j]
            if o >= 0:
                edge = {simplices[s, (j + 1) % 3], simplices[s, (j + 2) % 3]}
                assert edge <= set(simplices[o].tolist()) and s in neighbors[o]


@pytest.mark.parametrize("n", [3, 4, 5, 10, 57, 300, 2000])
@pytest.mark.parametrize("dist", ["uniform", "normal", "wide"])
def test_triangulation_matches_qhull(n, dist):
    rng = numpy.random.default_rng(n)
    if dist == "uniform":
        pts = rng.random((n, 2))
    elif dist == "normal":
        pts = rng.standard_normal((n, 2))
    else:
        pts = rng.random((n, 2)) * [1e6, 1e-3] + [5e5, -2.0]
    simplices, neighbors, coplanar = tri.triangulate(pts)
    ref = spatial.Delaunay(pts)
    assert simplices.dtype == numpy.int32 and neighbors.dtype == numpy.int32
    assert _same_triangles(simplices, ref.simplices)
    assert coplanar.shape == (0, 3)
    _check_mesh(pts, simplices, neighbors)


def test_repeated_points_are_left_out():
    rng = numpy.random.default_rng(1)
    base = rng.random((200, 2))
    pts = numpy.vstack([base, base[:7], base[3:5]])
    simplices, neighbors, coplanar = tri.triangulate(pts)
    ref = spatial.Delaunay(pts)
    # Which copy is kept is arbitrary (Qhull's choice differs): compare by coordinates.
    key = lambda s: sorted(tuple(sorted(map(tuple, pts[t].tolist()))) for t in s)  # noqa: E731
    assert key(simplices) == key(ref.simplices)
    assert coplanar.shape == (9, 3) == ref.coplanar.shape
    for p, s, v in coplanar:
        assert (pts[p] == pts[v]).all() and v in simplices[s]
    _check_mesh(pts, simplices, neighbors)


def test_grid_is_triangulated():
    g = numpy.stack(numpy.meshgrid(numpy.arange(6.0), numpy.arange(4.0)), -1).reshape(-1, 2)
    simplices, neighbors, _ = tri.triangulate(g)
    assert simplices.shape[0] == spatial.Delaunay(g).simplices.shape[0] == 30
    _check_mesh(g, simplices, neighbors)


@pytest.mark.parametrize("pts", [numpy.zeros((5, 2)), numpy.arange(10.0).reshape(5, 2),
                                 numpy.zeros((2, 2))])
def test_flat_input_raises(pts):
    with pytest.raises(tri.QhullError):
        tri.triangulate(pts)
    with pytest.raises(spatial.QhullError):
        spatial.Delaunay(pts)


def test_no_points_raises():
    with pytest.raises(ValueError, match="No points given"):
        tri.triangulate(numpy.zeros((0, 2)))


def test_transform_and_hull_match_scipy():
    rng = numpy.random.default_rng(2)
    pts = rng.random((100, 2))
    ref = spatial.Delaunay(pts)
    numpy.testing.assert_allclose(tri.transforms(pts, ref.simplices), ref.transform,
                                  rtol=1e-10, atol=1e-12)
    assert _same_triangles(numpy.c_[tri.hull_edges(ref.simplices, ref.neighbors),
                                    numpy.zeros(len(ref.convex_hull), int)],
                           numpy.c_[ref.convex_hull, numpy.zeros(len(ref.convex_hull), int)])
    simplices, neighbors, _ = tri.triangulate(pts)
    hull = tri.hull_edges(simplices, neighbors)
    assert sorted(map(tuple, numpy.sort(hull, 1).tolist())) == \
        sorted(map(tuple, numpy.sort(ref.convex_hull, 1).tolist()))


def test_degenerate_transform_is_nan():
    pts = numpy.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]])
    assert numpy.isnan(tri.transforms(pts, numpy.array([[0, 1, 2]]))).all()


@pytest.mark.parametrize("start", ["zero", "random"])
def test_walk_model_matches_find_simplex(start):
    rng = numpy.random.default_rng(3)
    pts = rng.random((400, 2))
    simplices, neighbors, _ = tri.triangulate(pts)
    transform = tri.transforms(pts, simplices)
    xi = rng.random((300, 2)) * 1.2 - 0.1
    xi[0] = numpy.nan
    s0 = numpy.zeros(len(xi), numpy.int64) if start == "zero" else \
        rng.integers(0, len(simplices), len(xi))
    got = tri_locate_model.locate(xi, transform, neighbors, s0, 100 * numpy.finfo(float).eps)
    ref = spatial.Delaunay(pts)
    exp = ref.find_simplex(xi)
    assert ((got < 0) == (exp < 0)).all()
    inside = exp >= 0
    numpy.testing.assert_array_equal(numpy.sort(simplices[got[inside]], 1),
                                     numpy.sort(ref.simplices[exp[inside]], 1))


@pytest.mark.parametrize("case", ["uniform", "grid", "repeats", "circle"])
def test_host_triangulation_equals_the_python_model(case):
    # The C++ Bowyer-Watson and the model insert in the same order with the same exact
    # predicates, so they make the same triangles, in the same order, even where the points
    # are cocircular (a grid, a circle).
    rng = numpy.random.default_rng(11)
    if case == "uniform":
        pts = rng.random((500, 2))
    elif case == "grid":
        pts = numpy.stack(numpy.meshgrid(numpy.arange(12.0), numpy.arange(9.0)),
                          -1).reshape(-1, 2) * 0.1
    elif case == "repeats":
        base = rng.random((100, 2))
        pts = numpy.vstack([base, base[:6]])
    else:
        angle = rng.random(40) * 2 * numpy.pi
        pts = numpy.vstack([numpy.c_[numpy.cos(angle), numpy.sin(angle)], [[0.0, 0.0]]])
    got = tri.triangulate(pts)
    want = triangulate_model.triangulate(pts)
    for g, w in zip(got, want):
        numpy.testing.assert_array_equal(g, w)
    _check_mesh(pts, got[0], got[1])


def test_exact_predicates_near_degeneracy():
    core = pytest.importorskip("cunp._core")
    # Points a few ulps off the line y = x through (12, 12) and (24, 24): the floating-point
    # determinant is noise there, the exact sign is not.
    for i in range(24):
        for j in range(24):
            x, y = 0.5 + i * 2.0 ** -53, 0.5 + j * 2.0 ** -53
            exact = triangulate_model._orient(x, y, 12.0, 12.0, 24.0, 24.0)
            assert core.spatial.orient_2d(x, y, 12.0, 12.0, 24.0, 24.0) == numpy.sign(exact)
    # Points a few ulps off the unit circle through (1, 0), (0, 1), (-1, 0).
    for k in range(-8, 9):
        d = (numpy.sqrt(0.5) + k * 2.0 ** -53,) * 2
        exact = triangulate_model._incircle(1.0, 0.0, 0.0, 1.0, -1.0, 0.0, *d)
        assert core.spatial.incircle(1.0, 0.0, 0.0, 1.0, -1.0, 0.0, *d) == numpy.sign(exact)
