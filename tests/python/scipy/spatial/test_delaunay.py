"""cunp.scipy.spatial.Delaunay against scipy.spatial.Delaunay on the GPU: the attributes as cunp
arrays and find_simplex's device walk."""
import numpy
import pytest

import cunp
import cunp.scipy.spatial as cs

ss = pytest.importorskip("scipy.spatial")

pytestmark = pytest.mark.gpu


def _sorted_rows(a):
    return sorted(map(tuple, numpy.sort(numpy.asarray(a), axis=1).tolist()))


@pytest.mark.parametrize("n", [3, 10, 1000])
def test_attributes_match_scipy(n):
    rng = numpy.random.default_rng(n)
    pts = rng.random((n, 2))
    tri, ref = cs.Delaunay(cunp.asarray(pts)), ss.Delaunay(pts)
    assert tri.simplices.dtype == numpy.int32 and tri.neighbors.dtype == numpy.int32
    assert tri.nsimplex == ref.nsimplex and tri.npoints == n and tri.ndim == 2
    simplices = cunp.asnumpy(tri.simplices)
    assert _sorted_rows(simplices) == _sorted_rows(ref.simplices)
    numpy.testing.assert_array_equal(cunp.asnumpy(tri.points), pts)
    assert _sorted_rows(cunp.asnumpy(tri.convex_hull)) == _sorted_rows(ref.convex_hull)
    # The transform maps each vertex to its barycentric unit vector.
    t = cunp.asnumpy(tri.transform)
    r = pts[simplices]
    c = numpy.einsum("sij,skj->ski", t[:, :2], r - t[:, None, 2])
    numpy.testing.assert_allclose(c, numpy.broadcast_to(numpy.eye(3)[:, :2], c.shape), atol=1e-9)
    indptr, indices = (cunp.asnumpy(a) for a in tri.vertex_neighbor_vertices)
    rp, ri = ref.vertex_neighbor_vertices
    for k in range(n):
        assert sorted(indices[indptr[k]:indptr[k + 1]]) == sorted(ri[rp[k]:rp[k + 1]])
    v2s = cunp.asnumpy(tri.vertex_to_simplex)
    assert all(k in simplices[v2s[k]] for k in range(n))


@pytest.mark.parametrize("shape", [(500,), (20, 30), (0,)])
def test_find_simplex_matches_scipy(shape):
    rng = numpy.random.default_rng(1)
    pts = rng.standard_normal((2000, 2))
    xi = rng.standard_normal(shape + (2,)) * 1.5
    tri, ref = cs.Delaunay(cunp.asarray(pts)), ss.Delaunay(pts)
    got = tri.find_simplex(cunp.asarray(xi))
    exp = ref.find_simplex(xi)
    assert got.shape == exp.shape and got.dtype == numpy.int32
    got = cunp.asnumpy(got)
    assert ((got < 0) == (exp < 0)).all()
    simplices = cunp.asnumpy(tri.simplices)
    inside = exp >= 0
    numpy.testing.assert_array_equal(numpy.sort(simplices[got[inside]], 1),
                                     numpy.sort(ref.simplices[exp[inside]], 1))


def test_find_simplex_nan_and_vertices():
    pts = numpy.random.default_rng(2).random((50, 2))
    tri = cs.Delaunay(cunp.asarray(pts))
    got = cunp.asnumpy(tri.find_simplex(cunp.asarray([[numpy.nan, 0.5], [5.0, 5.0]])))
    numpy.testing.assert_array_equal(got, [-1, -1])
    at_vertices = cunp.asnumpy(tri.find_simplex(cunp.asarray(pts)))
    simplices = cunp.asnumpy(tri.simplices)
    assert all(k in simplices[s] for k, s in enumerate(at_vertices))


def test_errors():
    with pytest.raises(ValueError, match="2 dimensions"):
        cs.Delaunay(cunp.zeros(3))
    with pytest.raises(cs.QhullError):
        cs.Delaunay(cunp.zeros((4, 2)))
    with pytest.raises(cs.QhullError):  # 3-D goes to SciPy's Qhull: all points equal
        cs.Delaunay(cunp.zeros((5, 3)))
    with pytest.raises(NotImplementedError):
        cs.Delaunay(cunp.zeros((4, 1)))
    tri = cs.Delaunay(cunp.asarray([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]))
    with pytest.raises(ValueError, match="dimensionality"):
        tri.find_simplex(cunp.zeros(3))
