"""KDTree(boxsize=...): SciPy's periodic (toroidal) topology against scipy.spatial.KDTree, for
every query kind, in 2 and 3 dimensions, p = 1, 2, inf. Each test runs twice: on the CPU (NumPy
in place of cunp and the kernels' NumPy models: cpu_backend.py) and, marked gpu, on the
device's kd_query / kd_ball kernels."""
import numpy
import pytest

import cunp
import cunp.scipy.spatial as cs

import cpu_backend

ss = pytest.importorskip("scipy.spatial")

PS = [1, 2, numpy.inf]


@pytest.fixture(params=["cpu", pytest.param("gpu", marks=pytest.mark.gpu)])
def backend(request, monkeypatch):
    if request.param == "cpu":
        cpu_backend.patch(monkeypatch)
    return request.param


def _np(a):
    return cunp.asnumpy(a) if isinstance(a, cunp.ndarray) else numpy.asarray(a)


def _case(seed, m, boxsize, n=160):
    """Points in the box [0, L) and queries spread over three boxes' widths (they wrap)."""
    rng = numpy.random.default_rng(seed)
    length = numpy.broadcast_to(numpy.asarray(boxsize, dtype=float), (m,))
    data = rng.random((n, m)) * length
    q = (rng.random((25, m)) * 3 - 1) * length
    return rng, data, q


BOXES = [(2, 1.0), (2, [1.0, 2.5]), (3, 2.0), (3, [1.0, 0.5, 3.0])]


@pytest.mark.parametrize("p", PS)
@pytest.mark.parametrize("m,boxsize", BOXES)
def test_query(backend, m, boxsize, p):
    _, data, q = _case(0, m, boxsize)
    tree, ref = cs.KDTree(data, leafsize=4, boxsize=boxsize), ss.KDTree(data, boxsize=boxsize)
    numpy.testing.assert_array_equal(_np(tree.boxsize), ref.boxsize)
    for k in (1, 5, [2, 4]):
        d, i = tree.query(q, k=k, p=p)
        rd, ri = ref.query(q, k=k, p=p)
        assert d.shape == rd.shape
        numpy.testing.assert_allclose(_np(d), rd, rtol=1e-12, atol=1e-15)
        numpy.testing.assert_array_equal(_np(i), ri)
    bound = 0.1 * float(numpy.min(boxsize))
    d, i = tree.query(q, k=3, p=p, distance_upper_bound=bound)
    rd, ri = ref.query(q, k=3, p=p, distance_upper_bound=bound)
    numpy.testing.assert_allclose(_np(d), rd, rtol=1e-12, atol=1e-15)
    numpy.testing.assert_array_equal(_np(i), ri)


@pytest.mark.parametrize("p", PS)
@pytest.mark.parametrize("m,boxsize", BOXES)
def test_query_ball_point(backend, m, boxsize, p):
    _, data, q = _case(1, m, boxsize)
    tree, ref = cs.KDTree(data, leafsize=4, boxsize=boxsize), ss.KDTree(data, boxsize=boxsize)
    r = 0.2 * float(numpy.min(boxsize))
    got = tree.query_ball_point(q, r, p=p)
    exp = ref.query_ball_point(q, r, p=p, return_sorted=True)
    assert got.shape == exp.shape
    assert all(g == e for g, e in zip(got.ravel(), exp.ravel()))
    numpy.testing.assert_array_equal(_np(tree.query_ball_point(q, r, p=p, return_length=True)),
                                     ref.query_ball_point(q, r, p=p, return_length=True))
    assert sorted(tree.query_ball_point(q[0], r, p=p)) == sorted(ref.query_ball_point(q[0], r,
                                                                                      p=p))


@pytest.mark.parametrize("p", PS)
@pytest.mark.parametrize("m,boxsize", BOXES)
def test_pairs_trees_counts_and_sparse(backend, m, boxsize, p):
    _, a, _ = _case(2, m, boxsize, n=120)
    _, b, _ = _case(3, m, boxsize, n=90)
    ta, tb = cs.KDTree(a, leafsize=3, boxsize=boxsize), cs.KDTree(b, boxsize=boxsize)
    ra, rb = ss.KDTree(a, boxsize=boxsize), ss.KDTree(b, boxsize=boxsize)
    r = 0.15 * float(numpy.min(boxsize))
    assert ta.query_pairs(r, p=p) == ra.query_pairs(r, p=p)
    got = ta.query_ball_tree(tb, r, p=p)
    exp = ra.query_ball_tree(rb, r, p=p)
    assert [sorted(g) for g in got] == [sorted(e) for e in exp]
    radii = numpy.array([0.05, 0.1, 0.2, 0.3]) * float(numpy.min(boxsize))
    numpy.testing.assert_array_equal(ta.count_neighbors(tb, radii, p=p),
                                     ra.count_neighbors(rb, radii, p=p))
    assert ta.count_neighbors(tb, r, p=p) == ra.count_neighbors(rb, r, p=p)
    w = numpy.random.default_rng(4).random(120)
    numpy.testing.assert_allclose(ta.count_neighbors(tb, radii, p=p, weights=(w, None)),
                                  ra.count_neighbors(rb, radii, p=p, weights=(w, None)),
                                  rtol=1e-12)
    got = ta.sparse_distance_matrix(tb, r, p=p, output_type="dict")
    exp = ra.sparse_distance_matrix(rb, r, p=p, output_type="dict")
    assert got.keys() == exp.keys()
    numpy.testing.assert_allclose([got[key] for key in exp], list(exp.values()), rtol=1e-12)


@pytest.mark.parametrize("p", PS)
def test_partly_periodic(backend, p):
    """A box length of 0 leaves its axis unwrapped, the queries included."""
    rng = numpy.random.default_rng(5)
    data = rng.random((150, 3)) * [1.0, 4.0, 1.0] - [0.0, 2.0, 0.0]
    q = rng.random((20, 3)) * 3 - 1
    boxsize = [1.0, 0.0, 0.0]
    tree, ref = cs.KDTree(data, boxsize=boxsize), ss.KDTree(data, boxsize=boxsize)
    d, i = tree.query(q, k=3, p=p)
    rd, ri = ref.query(q, k=3, p=p)
    numpy.testing.assert_allclose(_np(d), rd, rtol=1e-12)
    numpy.testing.assert_array_equal(_np(i), ri)
    got = tree.query_ball_point(q, 0.6, p=p)
    exp = ref.query_ball_point(q, 0.6, p=p, return_sorted=True)
    assert all(g == e for g, e in zip(got.ravel(), exp.ravel()))


def test_errors(backend):
    data = numpy.random.default_rng(6).random((30, 2))
    with pytest.raises(ValueError, match="greater than the size of the periodic box"):
        cs.KDTree(data + 0.5, boxsize=1.0)
    with pytest.raises(ValueError, match="greater than the size of the periodic box"):
        cs.KDTree(data, boxsize=[1.0, 0.5])  # the upper end is outside: [0, L)
    with pytest.raises(ValueError, match="Negative input data"):
        cs.KDTree(data - 0.5, boxsize=1.0)
    with pytest.raises(ValueError):
        cs.KDTree(data, boxsize=[1.0, 1.0, 1.0])
    cs.KDTree(data - 0.5, boxsize=[0.0, 0.0])  # no wrapping axis: anything goes
    assert cs.KDTree(data).boxsize is None
    tree = cs.cKDTree(data, boxsize=1)
    assert _np(tree.boxsize).dtype == numpy.float64 and _np(tree.boxsize).tolist() == [1.0, 1.0]


@pytest.mark.gpu
@pytest.mark.parametrize("layout", ["F", "strided", "float32"])
def test_many_queries_and_layouts(layout):
    """Enough queries to be walked in Morton order, over data of other layouts and dtypes."""
    rng = numpy.random.default_rng(7)
    boxsize = numpy.array([1.0, 2.0, 4.0])
    data = rng.random((3000, 3)) * boxsize
    if layout == "float32":
        data = data.astype(numpy.float32)
        data = numpy.minimum(data, numpy.nextafter(boxsize, 0).astype(numpy.float32))
    dev = cunp.asarray(data)
    if layout == "F":
        dev = cunp.asfortranarray(dev)
    elif layout == "strided":
        wide = cunp.zeros((3000, 6), dtype=dev.dtype)
        wide[:, ::2] = dev
        dev = wide[:, ::2]
    q = (rng.random((20000, 3)) * 3 - 1) * boxsize
    tree, ref = cs.KDTree(dev, boxsize=boxsize), ss.KDTree(data, boxsize=boxsize)
    d, i = tree.query(cunp.asarray(q), k=2)
    rd, ri = ref.query(q, k=2)
    numpy.testing.assert_allclose(cunp.asnumpy(d), rd, rtol=1e-12, atol=1e-15)
    numpy.testing.assert_array_equal(cunp.asnumpy(i), ri)
    numpy.testing.assert_array_equal(
        cunp.asnumpy(tree.query_ball_point(cunp.asarray(q[:500]), 0.1, return_length=True)),
        ref.query_ball_point(q[:500], 0.1, return_length=True))
