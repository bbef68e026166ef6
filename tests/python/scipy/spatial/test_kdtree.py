"""cunp.scipy.spatial.KDTree against scipy.spatial.KDTree: argument checks on the CPU, the
queries on the GPU (kd_query / kd_ball kernels) over random data, dtypes and layouts."""
import numpy
import pytest

import cunp
import cunp.scipy.spatial as cs

ss = pytest.importorskip("scipy.spatial")

gpu = pytest.mark.gpu


def _layouts(a):
    """a as C-order, F-order, a strided view and a negative-stride view (same values)."""
    wide = numpy.empty((a.shape[0], 2 * a.shape[1]), dtype=a.dtype)
    wide[:, ::2] = a
    rev = numpy.ascontiguousarray(a[::-1])
    return [("C", a), ("F", numpy.asfortranarray(a)), ("strided", wide[:, ::2]),
            ("negative", rev[::-1])]


def test_ckdtree_is_kdtree():
    assert cs.cKDTree is cs.KDTree


@gpu
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32, numpy.int32])
@pytest.mark.parametrize("layout", ["C", "F", "strided", "negative"])
def test_query_layouts_and_dtypes(dtype, layout):
    rng = numpy.random.default_rng(0)
    data = (rng.random((2000, 3)) * 100).astype(dtype)
    q = (rng.random((300, 3)) * 100).astype(dtype)
    arr = dict(_layouts(data))[layout]
    tree = cs.KDTree(cunp.asarray(arr))
    d, i = tree.query(cunp.asarray(q), k=5)
    ref_d, ref_i = ss.KDTree(data).query(q, k=5)
    assert d.dtype == numpy.float64 and i.dtype == numpy.int64
    numpy.testing.assert_allclose(cunp.asnumpy(d), ref_d, rtol=1e-12)
    if dtype != numpy.int32:  # integer grids tie
        numpy.testing.assert_array_equal(cunp.asnumpy(i), ref_i)


@gpu
@pytest.mark.parametrize("p", [1, 2, 3.0, numpy.inf])
@pytest.mark.parametrize("k", [1, 2, 8, [1, 3], [4, 2]])
@pytest.mark.parametrize("m", [1, 2, 5])
def test_query_matches_scipy(p, k, m):
    rng = numpy.random.default_rng(m)
    data = rng.standard_normal((3000, m))
    q = rng.standard_normal((4, 50, m))
    d, i = cs.KDTree(cunp.asarray(data), leafsize=7).query(cunp.asarray(q), k=k, p=p)
    ref_d, ref_i = ss.KDTree(data).query(q, k=k, p=p)
    assert d.shape == ref_d.shape and i.shape == ref_i.shape
    numpy.testing.assert_allclose(cunp.asnumpy(d), ref_d, rtol=1e-12)
    numpy.testing.assert_array_equal(cunp.asnumpy(i), ref_i)


@gpu
def test_query_single_point_and_empty():
    rng = numpy.random.default_rng(1)
    data = rng.random((50, 2))
    tree, ref = cs.KDTree(cunp.asarray(data)), ss.KDTree(data)
    d, i = tree.query(cunp.asarray([0.5, 0.5]))
    rd, ri = ref.query([0.5, 0.5])
    assert d.shape == () and float(d) == pytest.approx(rd) and int(i) == ri
    d, i = tree.query(cunp.asarray([0.5, 0.5]), k=3)
    assert d.shape == (3,)
    d, i = tree.query(cunp.zeros((0, 2)), k=3)
    assert d.shape == (0, 3) and i.shape == (0, 3)
    d, i = cs.KDTree(cunp.zeros((0, 2))).query(cunp.zeros((2, 2)), k=2)
    assert numpy.isinf(cunp.asnumpy(d)).all() and (cunp.asnumpy(i) == 0).all()
    d, i = cs.KDTree(cunp.asarray(data[:1])).query(cunp.asarray(data), k=2)
    numpy.testing.assert_array_equal(cunp.asnumpy(i)[:, 1], 1)


@gpu
@pytest.mark.parametrize("p", [1, 2, numpy.inf])
def test_query_distance_upper_bound(p):
    rng = numpy.random.default_rng(2)
    data = rng.random((1000, 2))
    q = rng.random((200, 2))
    d, i = cs.KDTree(cunp.asarray(data)).query(cunp.asarray(q), k=10, p=p,
                                               distance_upper_bound=0.05)
    rd, ri = ss.KDTree(data).query(q, k=10, p=p, distance_upper_bound=0.05)
    numpy.testing.assert_allclose(cunp.asnumpy(d), rd, rtol=1e-12)
    numpy.testing.assert_array_equal(cunp.asnumpy(i), ri)


@gpu
def test_query_eps():
    rng = numpy.random.default_rng(3)
    data = rng.random((5000, 3))
    q = rng.random((500, 3))
    d, _ = cs.KDTree(cunp.asarray(data)).query(cunp.asarray(q), k=4, eps=0.3)
    exact, _ = ss.KDTree(data).query(q, k=4)
    d = cunp.asnumpy(d)
    assert (d <= exact * 1.3 + 1e-12).all() and (d >= exact - 1e-12).all()


@gpu
@pytest.mark.parametrize("p", [1, 2, numpy.inf])
def test_query_ball_point(p):
    rng = numpy.random.default_rng(4)
    data = rng.random((2000, 2))
    q = rng.random((3, 40, 2))
    r = rng.random((40,)) * 0.1
    tree, ref = cs.KDTree(cunp.asarray(data)), ss.KDTree(data)
    got = tree.query_ball_point(cunp.asarray(q), cunp.asarray(r), p=p)
    exp = ref.query_ball_point(q, r, p=p)
    assert got.shape == exp.shape and got.dtype == object
    for g, e in zip(got.ravel(), exp.ravel()):
        assert g == e  # both sorted
    n = tree.query_ball_point(cunp.asarray(q), 0.05, p=p, return_length=True)
    numpy.testing.assert_array_equal(cunp.asnumpy(n),
                                     ref.query_ball_point(q, 0.05, p=p, return_length=True))
    one = tree.query_ball_point(cunp.asarray([0.5, 0.5]), 0.1, return_sorted=True)
    assert one == sorted(ref.query_ball_point([0.5, 0.5], 0.1))
    assert isinstance(tree.query_ball_point(cunp.asarray([0.5, 0.5]), 0.1), list)


@gpu
def test_query_pairs_and_ball_tree():
    rng = numpy.random.default_rng(5)
    data = rng.random((800, 3))
    tree, ref = cs.KDTree(cunp.asarray(data)), ss.KDTree(data)
    assert tree.query_pairs(0.08) == ref.query_pairs(0.08)
    # SciPy's array is in walk order; cunp's is sorted by (i, j).
    exp = ref.query_pairs(0.08, output_type="ndarray")
    numpy.testing.assert_array_equal(tree.query_pairs(0.08, output_type="ndarray"),
                                     exp[numpy.lexsort((exp[:, 1], exp[:, 0]))])
    other = rng.random((300, 3))
    t2, r2 = cs.KDTree(cunp.asarray(other)), ss.KDTree(other)
    assert tree.query_ball_tree(t2, 0.1) == [sorted(v) for v in ref.query_ball_tree(r2, 0.1)]


@gpu
def test_count_neighbors():
    rng = numpy.random.default_rng(6)
    a, b = rng.random((700, 2)), rng.random((500, 2))
    ta, tb = cs.KDTree(cunp.asarray(a)), cs.KDTree(cunp.asarray(b))
    ra, rb = ss.KDTree(a), ss.KDTree(b)
    assert ta.count_neighbors(tb, 0.1) == ra.count_neighbors(rb, 0.1)
    r = numpy.array([0.01, 0.05, 0.1, 0.3])
    numpy.testing.assert_array_equal(ta.count_neighbors(tb, r), ra.count_neighbors(rb, r))
    numpy.testing.assert_array_equal(ta.count_neighbors(tb, r, cumulative=False),
                                     ra.count_neighbors(rb, r, cumulative=False))
    wa, wb = rng.random(700), rng.random(500)
    numpy.testing.assert_allclose(ta.count_neighbors(tb, r, weights=(wa, wb)),
                                  ra.count_neighbors(rb, r, weights=(wa, wb)), rtol=1e-10)


@gpu
def test_tree_attributes():
    rng = numpy.random.default_rng(8)
    data = rng.random((100, 3))
    tree = cs.KDTree(cunp.asarray(data))
    assert tree.n == 100 and tree.m == 3
    numpy.testing.assert_array_equal(cunp.asnumpy(tree.maxes), data.max(axis=0))
    numpy.testing.assert_array_equal(cunp.asnumpy(tree.mins), data.min(axis=0))
    numpy.testing.assert_array_equal(cunp.asnumpy(tree.data), data)


@gpu
def test_errors():
    with pytest.raises(ValueError, match="shape"):
        cs.KDTree(cunp.zeros(3))
    with pytest.raises(ValueError, match="leafsize"):
        cs.KDTree(cunp.zeros((3, 2)), leafsize=0)
    with pytest.raises(ValueError, match="finite"):
        cs.KDTree(cunp.asarray([[numpy.nan, 0.0]]))
    tree = cs.KDTree(cunp.zeros((3, 2)))
    with pytest.raises(ValueError, match="vectors of length 2"):
        tree.query(cunp.zeros(3))
    with pytest.raises(ValueError, match="p-norms"):
        tree.query(cunp.zeros(2), p=0.5)
    with pytest.raises(ValueError, match="finite"):
        tree.query(cunp.asarray([[numpy.nan, 0.0]]))


@gpu
def test_sparse_distance_matrix():
    rng = numpy.random.default_rng(9)
    a, b = rng.random((400, 3)), rng.random((300, 3))
    ta, tb = cs.KDTree(cunp.asarray(a)), cs.KDTree(cunp.asarray(b))
    exp = ss.KDTree(a).sparse_distance_matrix(ss.KDTree(b), 0.15).toarray()
    for kind in ("coo_matrix", "dok_matrix", "coo_array"):
        got = ta.sparse_distance_matrix(tb, 0.15, output_type=kind)
        assert got.shape == (400, 300)
        numpy.testing.assert_allclose(cunp.asnumpy(got.toarray()), exp, rtol=1e-12)


@gpu
@pytest.mark.parametrize("m", [2, 3, 4])
def test_many_queries_walk_in_morton_order(m):
    # 2^15 queries: above the size from which the walk runs in Morton order.
    rng = numpy.random.default_rng(10)
    data = rng.random((5000, m))
    q = rng.random((1 << 15, m)) * 1.1 - 0.05
    d, i = cs.KDTree(cunp.asarray(data)).query(cunp.asarray(q), k=[1, 4])
    rd, ri = ss.KDTree(data).query(q, k=[1, 4])
    numpy.testing.assert_allclose(cunp.asnumpy(d), rd, rtol=1e-12)
    numpy.testing.assert_array_equal(cunp.asnumpy(i), ri)


@gpu
@pytest.mark.parametrize("n,d,leafsize", [(1, 3, 10), (1000, 3, 10), (70000, 3, 1),
                                          (300000, 2, 2), (5000, 5, 7)])
def test_device_build_matches_the_numpy_build(n, d, leafsize):
    # The same array code builds on the device and in NumPy (the CPU tests check the NumPy
    # build's layout against SciPy); stable sorts make the two identical. Levels whose nodes
    # hold more than 4096 points take the radix passes, fewer the one-block sorts, fewer than
    # 32 (70000 points with leafsize 1, 300000 with leafsize 2) the radix passes again.
    from cunp.scipy.spatial import _kdtree_build as build
    rng = numpy.random.default_rng(n)
    data = rng.random((n, d))
    data[rng.random(n) < 0.1, 0] = 0.5  # ties along a coordinate
    want = build.build(numpy, data, leafsize)
    got = build.build(cunp, cunp.asarray(data), leafsize)
    assert got[3] == want[3]
    for g, w in zip(got[:3], want[:3]):
        numpy.testing.assert_array_equal(cunp.asnumpy(g), w)
    tree = cs.KDTree(cunp.asarray(data), leafsize=leafsize)
    dist, idx = tree.query(cunp.asarray(data[:50]), k=3)
    ref_d, ref_i = ss.KDTree(data, leafsize=leafsize).query(data[:50], k=3)
    numpy.testing.assert_allclose(cunp.asnumpy(dist), ref_d, rtol=1e-12)
