"""KDTree and Delaunay's public methods run on the CPU (NumPy in place of cunp, the kernels'
NumPy models in place of the device entry points: cpu_backend.py), against SciPy."""
import numpy
import pytest

import cunp.scipy.spatial as cs

import cpu_backend

ss = pytest.importorskip("scipy.spatial")


@pytest.fixture(autouse=True)
def on_cpu(monkeypatch):
    cpu_backend.patch(monkeypatch)


@pytest.mark.parametrize("k", [1, 3, [1, 3], [4, 2]])
@pytest.mark.parametrize("p", [1, 2, numpy.inf])
def test_query_shapes_and_values(k, p):
    rng = numpy.random.default_rng(0)
    data = rng.random((300, 3))
    q = rng.random((2, 15, 3))
    d, i = cs.KDTree(data, leafsize=5).query(q, k=k, p=p)
    rd, ri = ss.KDTree(data).query(q, k=k, p=p)
    assert d.shape == rd.shape and i.shape == ri.shape
    assert d.dtype == numpy.float64 and i.dtype == numpy.int64
    numpy.testing.assert_allclose(d, rd, rtol=1e-12)
    numpy.testing.assert_array_equal(i, ri)


def test_query_layouts_single_point_and_bound():
    rng = numpy.random.default_rng(1)
    data = rng.random((200, 2))
    ref = ss.KDTree(data)
    for arr in (numpy.asfortranarray(data), data[::-1][::-1], data.astype(numpy.float32)):
        tree = cs.KDTree(arr)
        d, i = tree.query(data[:7] + 0.01, k=2)
        rd, ri = ss.KDTree(arr).query(data[:7] + 0.01, k=2)
        numpy.testing.assert_allclose(d, rd, rtol=1e-12)
        numpy.testing.assert_array_equal(i, ri)
    tree = cs.KDTree(data)
    d, i = tree.query([0.5, 0.5])
    rd, ri = ref.query([0.5, 0.5])
    assert d.shape == () and float(d) == pytest.approx(rd) and int(i) == ri
    d, i = tree.query(data[:20], k=4, distance_upper_bound=0.05)
    rd, ri = ref.query(data[:20], k=4, distance_upper_bound=0.05)
    numpy.testing.assert_array_equal(i, ri)
    numpy.testing.assert_allclose(d, rd, rtol=1e-12)
    d, i = tree.query(numpy.zeros((0, 2)), k=3)
    assert d.shape == (0, 3)
    d, i = cs.KDTree(numpy.zeros((0, 2))).query([[0.0, 0.0]], k=2)
    assert numpy.isinf(d).all() and (i == 0).all()


def test_ball_point_forms():
    rng = numpy.random.default_rng(2)
    data = rng.random((300, 2))
    q = rng.random((3, 5, 2))
    tree, ref = cs.KDTree(data), ss.KDTree(data)
    got, exp = tree.query_ball_point(q, 0.1), ref.query_ball_point(q, 0.1)
    assert got.shape == exp.shape == (3, 5) and got.dtype == object
    assert all(g == e for g, e in zip(got.ravel(), exp.ravel()))
    r = rng.random(5) * 0.2
    got, exp = tree.query_ball_point(q, r, p=1), ref.query_ball_point(q, r, p=1)
    assert all(g == e for g, e in zip(got.ravel(), exp.ravel()))
    numpy.testing.assert_array_equal(tree.query_ball_point(q, 0.1, return_length=True),
                                     ref.query_ball_point(q, 0.1, return_length=True))
    one = tree.query_ball_point([0.5, 0.5], 0.1)
    assert isinstance(one, list) and sorted(one) == sorted(ref.query_ball_point([0.5, 0.5], 0.1))
    assert tree.query_ball_point([0.5, 0.5], 0.1, return_sorted=True) == \
        sorted(ref.query_ball_point([0.5, 0.5], 0.1))


def test_pairs_ball_tree_and_counts():
    rng = numpy.random.default_rng(3)
    a, b = rng.random((150, 2)), rng.random((120, 2))
    ta, tb, ra, rb = cs.KDTree(a), cs.KDTree(b), ss.KDTree(a), ss.KDTree(b)
    assert ta.query_pairs(0.1) == ra.query_pairs(0.1)
    # SciPy's array is in walk order; cunp's is sorted by (i, j).
    exp = ra.query_pairs(0.1, output_type="ndarray")
    numpy.testing.assert_array_equal(ta.query_pairs(0.1, output_type="ndarray"),
                                     exp[numpy.lexsort((exp[:, 1], exp[:, 0]))])
    assert ta.query_ball_tree(tb, 0.1) == [sorted(v) for v in ra.query_ball_tree(rb, 0.1)]
    assert ta.count_neighbors(tb, 0.1) == ra.count_neighbors(rb, 0.1)
    r = numpy.array([0.02, 0.1, 0.3])
    numpy.testing.assert_array_equal(ta.count_neighbors(tb, r), ra.count_neighbors(rb, r))
    numpy.testing.assert_array_equal(ta.count_neighbors(tb, r, cumulative=False),
                                     ra.count_neighbors(rb, r, cumulative=False))
    wa, wb = rng.random(150), rng.random(120)
    numpy.testing.assert_allclose(ta.count_neighbors(tb, r, weights=(wa, wb)),
                                  ra.count_neighbors(rb, r, weights=(wa, wb)), rtol=1e-12)
    numpy.testing.assert_allclose(ta.count_neighbors(tb, r, weights=(None, wb)),
                                  ra.count_neighbors(rb, r, weights=(None, wb)), rtol=1e-12)


def test_kdtree_errors_match_scipy():
    cases = [
        (lambda m: m.KDTree(numpy.zeros(3)), "shape"),
        (lambda m: m.KDTree(numpy.zeros((3, 2)), leafsize=0), "leafsize"),
        (lambda m: m.KDTree(numpy.array([[numpy.nan, 0.0]])), "finite"),
        (lambda m: m.KDTree(numpy.zeros((3, 2))).query(numpy.zeros(3)), "vectors of length 2"),
        (lambda m: m.KDTree(numpy.zeros((3, 2))).query(numpy.zeros(2), p=0.5), "p-norms"),
        (lambda m: m.KDTree(numpy.zeros((3, 2))).query([[numpy.inf, 0.0]]), "finite"),
    ]
    for make, msg in cases:
        with pytest.raises(ValueError, match=msg):
            make(cs)
        with pytest.raises(ValueError, match=msg):
            make(ss)


def test_delaunay_public_attributes_and_find_simplex():
    rng = numpy.random.default_rng(4)
    pts = rng.standard_normal((300, 2))
    tri, ref = cs.Delaunay(pts), ss.Delaunay(pts)
    assert tri.simplices.dtype == numpy.int32 and tri.nsimplex == ref.nsimplex
    key = lambda a: sorted(map(tuple, numpy.sort(a, 1).tolist()))  # noqa: E731
    assert key(tri.simplices) == key(ref.simplices)
    assert key(tri.convex_hull) == key(ref.convex_hull)
    indptr, indices = tri.vertex_neighbor_vertices
    rp, ri = ref.vertex_neighbor_vertices
    assert all(sorted(indices[indptr[k]:indptr[k + 1]]) == sorted(ri[rp[k]:rp[k + 1]])
               for k in range(300))
    assert all(k in tri.simplices[s] for k, s in enumerate(tri.vertex_to_simplex))
    xi = rng.standard_normal((4, 50, 2)) * 1.5
    got, exp = tri.find_simplex(xi), ref.find_simplex(xi)
    assert got.shape == exp.shape and got.dtype == numpy.int32
    assert ((got < 0) == (exp < 0)).all()
    inside = exp >= 0
    numpy.testing.assert_array_equal(numpy.sort(tri.simplices[got[inside]], 1),
                                     numpy.sort(ref.simplices[exp[inside]], 1))
    assert tri.find_simplex(numpy.zeros((0, 2))).shape == (0,)


def test_delaunay_errors_match_scipy():
    for make, exc in [(lambda m: m.Delaunay(numpy.zeros(3)), ValueError),
                      (lambda m: m.Delaunay(numpy.array([[numpy.nan, 0], [1, 0], [0, 1]])),
                       ValueError),
                      (lambda m: m.Delaunay(numpy.zeros((4, 2))), RuntimeError),
                      (lambda m: m.Delaunay(numpy.random.rand(5, 2)).find_simplex(
                          numpy.zeros(3)), ValueError)]:
        with pytest.raises(exc):
            make(cs)
        with pytest.raises(exc):
            make(ss)


@pytest.mark.parametrize("p", [1, 2, 3.0, numpy.inf])
def test_sparse_distance_matrix(p):
    rng = numpy.random.default_rng(5)
    a, b = rng.random((60, 2)), rng.random((50, 2))
    ta, tb, ra, rb = cs.KDTree(a), cs.KDTree(b), ss.KDTree(a), ss.KDTree(b)
    got = ta.sparse_distance_matrix(tb, 0.2, p=p, output_type="dict")
    exp = ra.sparse_distance_matrix(rb, 0.2, p=p, output_type="dict")
    assert got.keys() == exp.keys()
    numpy.testing.assert_allclose([got[k] for k in exp], list(exp.values()), rtol=1e-12)
    rec = ta.sparse_distance_matrix(tb, 0.2, p=p, output_type="ndarray")
    ref = ra.sparse_distance_matrix(rb, 0.2, p=p, output_type="ndarray")
    ref = ref[numpy.lexsort((ref["j"], ref["i"]))]
    numpy.testing.assert_array_equal(rec["i"], ref["i"])
    numpy.testing.assert_array_equal(rec["j"], ref["j"])
    numpy.testing.assert_allclose(rec["v"], ref["v"], rtol=1e-12)
    with pytest.raises(ValueError, match="Invalid output type"):
        ta.sparse_distance_matrix(tb, 0.2, output_type="foo")


def test_morton_spread_and_ordered_queries(monkeypatch):
    from cunp.scipy.spatial import _kdtree

    v = numpy.array([0, 1, 2, 3, 5, (1 << 21) - 1, 123456], dtype=numpy.int64)
    naive = [sum(((int(x) >> b) & 1) << (3 * b) for b in range(21)) for x in v]
    assert _kdtree._spread_bits(v).tolist() == naive
    # Many queries are walked in Morton order and put back in the caller's order.
    monkeypatch.setattr(_kdtree, "_ORDER_QUERIES_FROM", 8)
    rng = numpy.random.default_rng(6)
    for m in (1, 2, 3, 5):
        data = rng.random((400, m))
        q = rng.random((60, m)) * 1.2 - 0.1
        d, i = cs.KDTree(data).query(q, k=3)
        rd, ri = ss.KDTree(data).query(q, k=3)
        numpy.testing.assert_allclose(d, rd, rtol=1e-12)
        numpy.testing.assert_array_equal(i, ri)
