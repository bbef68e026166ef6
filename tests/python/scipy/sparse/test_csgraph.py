"""cunp.scipy.sparse.csgraph against scipy.sparse.csgraph on random graphs: connected
components (weak and strong, directed and undirected), the Laplacian (normed, symmetrized,
in/out degree, sparse and dense input, the function and operator forms), breadth-first
order and shortest paths (unweighted by BFS, weighted by Bellman-Ford rounds). Runs on NumPy (CPU: the edge-parallel compositions) and
on cunp (gpu marker), see conftest.py."""

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")
sg = pytest.importorskip("scipy.sparse.csgraph")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402
from cunp.scipy.sparse import csgraph as cg  # noqa: E402

SEEDS = range(6)


def host(x):
    if cs.issparse(x):
        x = x.toarray()
    return numpy.asarray(_backend.to_host(x))


def graph(n, density, seed, weighted=False):
    A = sps.random_array((n, n), density=density, rng=seed, format="csr")
    if not weighted:
        A.data[:] = 1
    return A


def same_partition(a, b):
    pairs = set(zip(a.tolist(), b.tolist()))
    return len(pairs) == len(set(a.tolist())) == len(set(b.tolist()))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("directed", [True, False])
@pytest.mark.parametrize("connection", ["weak", "strong"])
def test_connected_components(backend, seed, directed, connection):
    A = graph(50, 0.03, seed)
    k, labels = cg.connected_components(cs.csr_array(A), directed=directed,
                                        connection=connection)
    ks, ref = sg.connected_components(A, directed=directed, connection=connection)
    labels = host(labels)
    assert k == ks and labels.dtype == ref.dtype
    if connection == "weak" or not directed:
        numpy.testing.assert_array_equal(labels, ref)
    else:
        assert same_partition(labels, ref)
    assert cg.connected_components(cs.csr_array(A), directed, connection,
                                   return_labels=False) == ks


def test_connected_components_shapes(backend):
    xp = _backend.xp
    # Dense input, a chain (many rounds), self-loops, isolated nodes and an empty graph.
    chain = sps.diags_array([numpy.ones(99)], offsets=[1], shape=(100, 100)).tocsr()
    for A in [chain, chain.T.tocsr(), sps.eye_array(5, format="csr"),
              sps.csr_array((7, 7))]:
        for directed, conn in [(True, "weak"), (True, "strong"), (False, "weak")]:
            k, lab = cg.connected_components(cs.csr_array(A), directed, conn)
            ks, ref = sg.connected_components(A, directed, conn)
            assert k == ks and same_partition(host(lab), ref)
    k, lab = cg.connected_components(xp.asarray(chain.toarray()), directed=False)
    assert k == 1
    with pytest.raises(ValueError, match="connection"):
        cg.connected_components(cs.csr_array(chain), connection="bad")
    with pytest.raises(ValueError):
        cg.connected_components(cs.csr_array(sps.eye_array(2, 3, format="csr")))


@pytest.mark.parametrize("seed", SEEDS[:3])
@pytest.mark.parametrize("normed", [False, True])
@pytest.mark.parametrize("symmetrized", [False, True])
@pytest.mark.parametrize("out_degree", [False, True])
def test_laplacian(backend, seed, normed, symmetrized, out_degree):
    W = graph(30, 0.1, seed, weighted=True)
    W.setdiag(numpy.linspace(0, 1, 30))  # self-loops do not count
    kwargs = dict(normed=normed, symmetrized=symmetrized, use_out_degree=out_degree,
                  return_diag=True)
    L, d = cg.laplacian(cs.csr_array(W), **kwargs)
    Ls, ds = sg.laplacian(W, **kwargs)
    assert cs.issparse(L)
    numpy.testing.assert_allclose(host(L), Ls.toarray(), atol=1e-12)
    numpy.testing.assert_allclose(host(d), ds, atol=1e-12)
    Ld, dd = cg.laplacian(_backend.xp.asarray(W.toarray()), **kwargs)
    Lds, dds = sg.laplacian(W.toarray(), **kwargs)
    numpy.testing.assert_allclose(host(Ld), Lds, atol=1e-12)
    numpy.testing.assert_allclose(host(dd), dds, atol=1e-12)


def test_laplacian_forms(backend):
    xp = _backend.xp
    W = graph(20, 0.2, 1, weighted=True)
    ref = sg.laplacian(W).toarray()
    x = numpy.arange(20.0)
    f = cg.laplacian(cs.csr_array(W), form="function")
    numpy.testing.assert_allclose(host(f(xp.asarray(x))), ref @ x, atol=1e-12)
    lo = cg.laplacian(cs.csr_array(W), form="lo")
    numpy.testing.assert_allclose(host(lo @ xp.asarray(x)), ref @ x, atol=1e-12)
    L = cg.laplacian(cs.csr_array(sps.csr_array(numpy.array([[0, 2], [2, 0]]))), normed=True)
    numpy.testing.assert_allclose(host(L), [[1, -1], [-1, 1]])
    L = cg.laplacian(cs.csr_array(W), dtype=numpy.float32)
    assert L.dtype == numpy.float32
    with pytest.raises(ValueError, match="square"):
        cg.laplacian(xp.ones((2, 3)))
    with pytest.raises(ValueError, match="form"):
        cg.laplacian(cs.csr_array(W), form="bad")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("directed", [True, False])
def test_breadth_first_order(backend, seed, directed):
    A = graph(40, 0.06, seed)
    for start in [0, 7]:
        order, pred = cg.breadth_first_order(cs.csr_array(A), start, directed=directed)
        order_s, pred_s = sg.breadth_first_order(A, start, directed=directed)
        numpy.testing.assert_array_equal(host(order), order_s)
        numpy.testing.assert_array_equal(host(pred), pred_s)
    order = cg.breadth_first_order(cs.csr_array(A), 3, directed, return_predecessors=False)
    numpy.testing.assert_array_equal(host(order), sg.breadth_first_order(
        A, 3, directed, return_predecessors=False))
    with pytest.raises(ValueError):
        cg.breadth_first_order(cs.csr_array(A), 40)


@pytest.mark.parametrize("seed", SEEDS[:4])
@pytest.mark.parametrize("directed", [True, False])
def test_shortest_path_unweighted(backend, seed, directed):
    A = graph(35, 0.06, seed, weighted=True)
    d = host(cg.shortest_path(cs.csr_array(A), directed=directed, unweighted=True))
    ds = sg.shortest_path(A, directed=directed, unweighted=True)
    numpy.testing.assert_array_equal(d, ds)
    d, p = cg.shortest_path(cs.csr_array(A), directed=directed, unweighted=True,
                            return_predecessors=True, indices=[0, 5])
    ds, ps = sg.shortest_path(A, directed=directed, unweighted=True, return_predecessors=True,
                              indices=[0, 5])
    numpy.testing.assert_array_equal(host(d), ds)
    # Predecessors may differ between equally short paths: each must step one level down.
    p = host(p)
    for row, src in enumerate([0, 5]):
        for v in range(35):
            if numpy.isfinite(ds[row, v]) and v != src:
                assert ds[row, p[row, v]] == ds[row, v] - 1
            else:
                assert p[row, v] == -9999
    d = host(cg.shortest_path(cs.csr_array(A), directed=directed, unweighted=True, indices=3))
    numpy.testing.assert_array_equal(d, sg.shortest_path(A, directed=directed, unweighted=True,
                                                         indices=3))


@pytest.mark.parametrize("seed", SEEDS[:4])
@pytest.mark.parametrize("directed", [True, False])
@pytest.mark.parametrize("method", ["auto", "D", "BF", "J", "FW"])
def test_shortest_path_weighted(backend, seed, directed, method):
    A = graph(25, 0.1, seed, weighted=True)
    d, p = cg.shortest_path(cs.csr_array(A), method=method, directed=directed,
                            return_predecessors=True)
    ds = sg.shortest_path(A, method=method, directed=directed)
    numpy.testing.assert_allclose(host(d), ds)
    # Each predecessor ends a shortest path: the edge into v closes the distance exactly.
    W = A.toarray()
    if not directed:
        W = numpy.where((W == 0) | ((W.T != 0) & (W.T < W)), W.T, W)
    p = host(p)
    for s in range(25):
        for v in range(25):
            if numpy.isfinite(ds[s, v]) and v != s:
                assert numpy.isclose(ds[s, p[s, v]] + W[p[s, v], v], ds[s, v])
            else:
                assert p[s, v] == -9999
    if method == "FW":
        with pytest.raises(ValueError, match="indices"):
            cg.shortest_path(cs.csr_array(A), method=method, indices=4)
        return
    d = host(cg.shortest_path(cs.csr_array(A), method=method, directed=directed, indices=4))
    numpy.testing.assert_allclose(d, sg.shortest_path(A, method=method, directed=directed,
                                                      indices=4))


def test_shortest_path_negative_weights_and_errors(backend):
    A = sps.csr_array(numpy.array([[0, 2, 0], [0, 0, -1], [0, 0, 0.0]]))
    numpy.testing.assert_allclose(host(cg.shortest_path(cs.csr_array(A))),
                                  sg.shortest_path(A, method="BF"))
    cycle = sps.csr_array(numpy.array([[0, 1, 0], [0, 0, -1], [-1, 0, 0.0]]))
    with pytest.raises(cg.NegativeCycleError):
        cg.shortest_path(cs.csr_array(cycle))
    # An explicitly stored zero is an edge of weight zero, as in SciPy.
    Z = sps.csr_array((numpy.array([0.0, 1.0]), numpy.array([1, 2]), numpy.array([0, 1, 2, 2])),
                      shape=(3, 3))
    numpy.testing.assert_allclose(host(cg.shortest_path(cs.csr_array(Z))), sg.shortest_path(Z))
    ones = graph(10, 0.3, 0)
    numpy.testing.assert_array_equal(host(cg.shortest_path(cs.csr_array(ones))),
                                     sg.shortest_path(ones))
    with pytest.raises(ValueError, match="method"):
        cg.shortest_path(cs.csr_array(ones), method="XX")
    with pytest.raises(ValueError, match="indices"):
        cg.shortest_path(cs.csr_array(ones), indices=[10])


@pytest.mark.parametrize("directed", [True, False])
def test_named_shortest_path_routines(backend, directed):
    A = graph(20, 0.15, 3, weighted=True)
    ours = cs.csr_array(A)
    for name in ["dijkstra", "bellman_ford", "johnson"]:
        d, p = getattr(cg, name)(ours, directed=directed, indices=[0, 3],
                                 return_predecessors=True)
        ds, ps = getattr(sg, name)(A, directed=directed, indices=[0, 3],
                                   return_predecessors=True)
        numpy.testing.assert_allclose(host(d), ds)
        assert host(p).shape == ps.shape
    numpy.testing.assert_allclose(host(cg.floyd_warshall(ours, directed=directed)),
                                  sg.floyd_warshall(A, directed=directed))
    numpy.testing.assert_allclose(host(cg.dijkstra(ours, directed=directed, limit=0.5)),
                                  sg.dijkstra(A, directed=directed, limit=0.5))
    d, p, s = cg.dijkstra(ours, directed=directed, indices=[1, 2], min_only=True,
                          return_predecessors=True)
    ds, ps, ss = sg.dijkstra(A, directed=directed, indices=[1, 2], min_only=True,
                             return_predecessors=True)
    numpy.testing.assert_allclose(host(d), ds)
    numpy.testing.assert_array_equal(host(s), ss)
    numpy.testing.assert_allclose(host(cg.dijkstra(ours, directed=directed, min_only=True)),
                                  sg.dijkstra(A, directed=directed, min_only=True))
    neg = sps.csr_array(numpy.array([[0, -1.0], [0, 0]]))
    with pytest.warns(UserWarning, match="negative weights"):
        cg.dijkstra(cs.csr_array(neg))


def test_dense_conversions(backend):
    xp = _backend.xp
    dense = numpy.array([[0, 1, numpy.inf], [0, 0, 2.0], [numpy.nan, 0, 0]])
    for null in [0, numpy.inf]:
        ours = cg.csgraph_from_dense(xp.asarray(dense), null_value=null)
        ref = sg.csgraph_from_dense(dense, null_value=null)
        assert ours.nnz == ref.nnz
        numpy.testing.assert_array_equal(host(ours), ref.toarray())
    dup = sps.csr_array((numpy.array([3.0, 1.0, 0.0]), numpy.array([1, 1, 2]),
                         numpy.array([0, 2, 3, 3])), shape=(3, 3))
    for null in [0, numpy.inf]:
        numpy.testing.assert_array_equal(
            host(cg.csgraph_to_dense(cs.csr_array(dup), null_value=null)),
            sg.csgraph_to_dense(dup, null_value=null))


@pytest.mark.parametrize("seed", SEEDS)
def test_minimum_spanning_tree(backend, seed):
    A = graph(40, 0.08, seed, weighted=True)
    A.setdiag(0)
    A.eliminate_zeros()
    T = cg.minimum_spanning_tree(cs.csr_array(A))
    Ts = sg.minimum_spanning_tree(A)
    assert cs.issparse(T) and T.nnz == Ts.nnz
    T, Ts = host(T), Ts.toarray()
    # Distinct random weights make the forest unique up to each edge's orientation.
    numpy.testing.assert_allclose(T + T.T, Ts + Ts.T)
    numpy.testing.assert_allclose(T.sum(), Ts.sum())
    # Ties: a cycle of equal weights still gives a spanning tree of the right weight.
    ring = sps.csr_array((numpy.ones(6), (numpy.arange(6), (numpy.arange(6) + 1) % 6)),
                         shape=(6, 6))
    R = host(cg.minimum_spanning_tree(cs.csr_array(ring)))
    assert numpy.count_nonzero(R) == 5 and R.sum() == 5
    k, _ = sg.connected_components(sps.csr_array(R), directed=False)
    assert k == 1


@pytest.mark.parametrize("seed", SEEDS[:3])
@pytest.mark.parametrize("directed", [True, False])
def test_breadth_first_tree_and_reconstruct_path(backend, seed, directed):
    A = graph(30, 0.08, seed, weighted=True)
    for start in [0, 4]:
        numpy.testing.assert_allclose(
            host(cg.breadth_first_tree(cs.csr_array(A), start, directed=directed)),
            sg.breadth_first_tree(A, start, directed=directed).toarray())
    _, pred = sg.breadth_first_order(A, 2, directed=directed)
    numpy.testing.assert_allclose(
        host(cg.reconstruct_path(cs.csr_array(A), _backend.xp.asarray(pred), directed)),
        sg.reconstruct_path(A, pred, directed).toarray())


@pytest.mark.parametrize("seed", SEEDS[:4])
@pytest.mark.parametrize("directed", [True, False])
def test_construct_dist_matrix(backend, seed, directed):
    A = graph(25, 0.1, seed, weighted=True)
    d, p = sg.shortest_path(A, directed=directed, return_predecessors=True)
    ours = host(cg.construct_dist_matrix(cs.csr_array(A), _backend.xp.asarray(p), directed))
    numpy.testing.assert_allclose(ours, sg.construct_dist_matrix(A, p, directed))
    numpy.testing.assert_allclose(ours, d)
    ours = host(cg.construct_dist_matrix(cs.csr_array(A), _backend.xp.asarray(p), directed,
                                         null_value=-1.0))
    numpy.testing.assert_allclose(ours, sg.construct_dist_matrix(A, p, directed,
                                                                 null_value=-1.0))
