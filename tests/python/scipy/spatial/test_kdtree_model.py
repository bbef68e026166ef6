"""KDTree's layout (built in NumPy by the same code that builds it on the device) and a NumPy
model of its query kernels, against SciPy's KDTree. CPU only."""
import numpy
import pytest

from cunp.scipy.spatial import _kdtree_build as build

import kdtree_model as model

spatial = pytest.importorskip("scipy.spatial")


def _tree(data, leafsize=10):
    return build.build(numpy, numpy.ascontiguousarray(data, dtype=numpy.float64), leafsize)


@pytest.mark.parametrize("n,leafsize", [(1, 10), (2, 1), (3, 1), (7, 2), (100, 10), (257, 4),
                                        (1000, 16), (3000, 1)])
def test_layout_is_a_balanced_median_tree(n, leafsize):
    rng = numpy.random.default_rng(n)
    data = rng.standard_normal((n, 3))
    pts, box, perm, depth = _tree(data, leafsize)
    assert sorted(perm.tolist()) == list(range(n))
    numpy.testing.assert_array_equal(pts, data[perm])
    assert box.shape == ((1 << (depth + 1)) - 1, 2, 3)
    # Every leaf holds at least one point and at most leafsize (unless halving would empty one).
    sizes = numpy.diff(numpy.append(build.level_starts(n, depth), n))
    assert sizes.min() >= 1
    assert sizes.max() <= leafsize or (n >> (depth + 1)) == 0
    # Every node's box bounds its points, and its children split it at a median.
    for level in range(depth + 1):
        starts = numpy.append(build.level_starts(n, level), n)
        for j in range(1 << level):
            h = (1 << level) - 1 + j
            seg = pts[starts[j]:starts[j + 1]]
            numpy.testing.assert_array_equal(box[h, 0], seg.min(axis=0))
            numpy.testing.assert_array_equal(box[h, 1], seg.max(axis=0))
            if level < depth:
                mid = build.level_starts(n, level + 1)[2 * j + 1] - starts[j]
                dim = numpy.argmax(box[h, 1] - box[h, 0])
                assert seg[:mid, dim].max(initial=-numpy.inf) <= seg[mid:, dim].min()


@pytest.mark.parametrize("n,level", [(1, 0), (5, 2), (9, 3), (1000, 6), (1023, 9), (4099, 1)])
def test_level_order_is_a_stable_sort_within_each_node(n, level):
    rng = numpy.random.default_rng(n + level)
    pts = rng.integers(0, 6, (n, 3)).astype(float)  # many ties
    dim = rng.integers(0, 3, 1 << level)
    order = build.level_order(numpy, pts, dim, level)
    starts = build.level_starts(n, level)
    node = numpy.searchsorted(starts, numpy.arange(n), side="right") - 1
    key = pts[numpy.arange(n), dim[node]]
    numpy.testing.assert_array_equal(order, numpy.lexsort((key, node)))


@pytest.mark.parametrize("n,level", [(1, 0), (5, 2), (8, 3), (1000, 6), (1023, 9)])
def test_level_boxes_match_per_node_reductions(n, level):
    pts = numpy.random.default_rng(n).standard_normal((n, 2))
    lo, hi = build.level_boxes(numpy, pts, level)
    starts = numpy.append(build.level_starts(n, level), n)
    for j in range(1 << level):
        numpy.testing.assert_array_equal(lo[j], pts[starts[j]:starts[j + 1]].min(axis=0))
        numpy.testing.assert_array_equal(hi[j], pts[starts[j]:starts[j + 1]].max(axis=0))


def test_empty_tree():
    pts, box, perm, depth = _tree(numpy.zeros((0, 2)))
    assert depth == 0 and perm.size == 0 and box.shape == (1, 2, 2)
    d, i = model.query((pts, box, perm, depth), numpy.zeros((2, 2)), 3)
    assert numpy.isinf(d).all() and (i == 0).all()


@pytest.mark.parametrize("p", [1, 2, 3.5, numpy.inf])
@pytest.mark.parametrize("k", [1, 4])
def test_query_model_matches_scipy(p, k):
    rng = numpy.random.default_rng(7)
    data = rng.random((300, 3))
    q = rng.random((40, 3)) * 1.4 - 0.2
    d, i = model.query(_tree(data, 8), q, k, p=p)
    ref_d, ref_i = spatial.KDTree(data).query(q, k=k, p=p)
    ref_d, ref_i = ref_d.reshape(40, k), ref_i.reshape(40, k)
    numpy.testing.assert_allclose(d, ref_d, rtol=1e-12)
    numpy.testing.assert_array_equal(i, ref_i)


def test_query_model_upper_bound_is_strict():
    data = numpy.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]])
    d, i = model.query(_tree(data, 1), numpy.array([[0.0, 0.0]]), 3, upper=1.0)
    ref_d, ref_i = spatial.KDTree(data).query([[0.0, 0.0]], k=3, distance_upper_bound=1.0)
    numpy.testing.assert_array_equal(d, ref_d)
    numpy.testing.assert_array_equal(i, ref_i)


@pytest.mark.parametrize("p", [1, 2, numpy.inf])
def test_query_model_upper_bound(p):
    rng = numpy.random.default_rng(3)
    data = rng.random((200, 2))
    q = rng.random((30, 2))
    d, i = model.query(_tree(data, 5), q, 6, p=p, upper=0.1)
    ref_d, ref_i = spatial.KDTree(data).query(q, k=6, p=p, distance_upper_bound=0.1)
    numpy.testing.assert_allclose(d, ref_d, rtol=1e-12)
    numpy.testing.assert_array_equal(i, ref_i)


def test_query_model_eps_bounds_the_error():
    rng = numpy.random.default_rng(4)
    data = rng.random((500, 3))
    q = rng.random((30, 3))
    eps = 0.5
    d, _ = model.query(_tree(data, 4), q, 3, eps=eps)
    exact, _ = spatial.KDTree(data).query(q, k=3)
    assert (d <= exact * (1 + eps) + 1e-12).all()
    assert (d >= exact - 1e-12).all()


@pytest.mark.parametrize("p", [1, 2, numpy.inf])
def test_ball_model_matches_scipy(p):
    rng = numpy.random.default_rng(5)
    data = rng.random((300, 2))
    q = rng.random((25, 2))
    r = rng.random(25) * 0.2
    got = model.ball(_tree(data, 6), q, r, p=p)
    ref = spatial.KDTree(data).query_ball_point(q, r, p=p)
    for g, e in zip(got, ref):
        assert sorted(g) == sorted(e)


def test_ball_model_radius_is_inclusive():
    data = numpy.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]])
    got = model.ball(_tree(data, 1), numpy.array([[0.0, 0.0]]), 1.0)
    assert sorted(got[0]) == [0, 1]
