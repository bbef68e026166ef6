# bench/cases/spatial.py -- KDTree: building on 2^20 3-D points, query(k=8) of 2^20 points, and
# the k=8 nearest of 2^14 points by KDTree.query and by brute force (cdist + argpartition), and
# cdist 'euclidean' of 2^14 x 2^14 points in 64-D float32; cunp vs CuPy (cupyx.scipy.spatial).
"""Spatial cases, timed per call (no byte count: a tree walk's traffic depends on the data).
Points are uniform in the unit cube. The brute-force rows use 2^14 queries (2^34 distances,
written in chunks of 2^11 queries, 16 GiB in all), since 2^20 of them would write 8 TiB; their
time per query is comparable with the KDTree rows' (the same 2^14 queries' row is next to them).
CuPy's brute force forms the distances as cunp's cdist does (its own cdist needs pylibraft).
NumPy and PyTorch have no KDTree: not timed.
The cdist row counts 3 * 64 flops a pair (a difference, a product and a sum in each dimension):
GFLOP/s is the note's GFLOP over the time; CuPy runs cupyx.scipy.spatial.distance.cdist where
pylibraft is installed, else the same matrix-product form as the brute-force rows, then sqrt."""
import importlib

import numpy as np


def _spatial(L):
    if L.name == "cunp":
        return importlib.import_module("cunp.scipy.spatial")
    return importlib.import_module("cupyx.scipy.spatial")


def _points(L, n, seed):
    return L.upload(np.random.default_rng(seed).random((n, 3)))


def _build(L, data):
    return _spatial(L).KDTree(data)


def _query(L, args):
    tree, q = args
    return tree.query(q, k=8)


def _sqeuclidean(L, x, y):
    """cdist(x, y, 'sqeuclidean'): cunp's own; for CuPy, whose cdist needs pylibraft, the same
    matrix-product form cunp's computes."""
    if L.name == "cunp":
        return _spatial(L).distance.cdist(x, y, "sqeuclidean")
    d = (x * x).sum(axis=1)[:, None] + (y * y).sum(axis=1)[None, :] - 2.0 * (x @ y.T)
    return L.mod.maximum(d, 0.0)


def _cupy_has_cdist():
    try:
        importlib.import_module("pylibraft")
        return True
    except ImportError:
        return False


def _cdist(L, args):
    x, y = args
    if L.name == "cunp" or _cupy_has_cdist():
        return _spatial(L).distance.cdist(x, y, "euclidean")
    return L.mod.sqrt(_sqeuclidean(L, x, y))


def _brute(L, args):
    data, q = args
    step = 2048
    out = []
    for i in range(0, q.shape[0], step):
        d = _sqeuclidean(L, q[i:i + step], data)
        part = L.mod.argpartition(d, 7, axis=1)[:, :8]
        nearest = L.mod.take_along_axis(d, part, axis=1)
        order = L.mod.argsort(nearest, axis=1)
        out.append(L.mod.take_along_axis(part, order, axis=1))
    return L.mod.concatenate(out)


def cases(quick, h):
    n = 2**16 if quick else 2**20
    m_small = 2**10 if quick else 2**14
    libs = ("cunp", "cupy")
    note = "NumPy and PyTorch have no KDTree: not timed"
    vs_cupy = (h.Target("vs", 1.0, "cupy"),)

    def tree_setup(L, m):
        return _build(L, _points(L, n, 21)), _points(L, m, 22)

    m_cd = 2**10 if quick else 2**14
    gflop = 3 * 64 * m_cd * m_cd / 1e9

    def cdist_setup(L):
        rng = np.random.default_rng(23)
        return (L.upload(rng.random((m_cd, 64), dtype=np.float32)),
                L.upload(rng.random((m_cd, 64), dtype=np.float32)))

    return [
        h.Case(f"cdist euclidean {m_cd} x {m_cd} 64-D f32", setup=cdist_setup, run=_cdist,
               libs=libs, targets=vs_cupy,
               note=f"{gflop:.1f} GFLOP a call (3 * 64 a pair): GFLOP/s = that / time in s; "
                    "NumPy and PyTorch not timed"),
        h.Case(f"KDTree build {n} 3-D points", setup=lambda L: _points(L, n, 21), run=_build,
               libs=libs, note=note, targets=vs_cupy),
        h.Case(f"KDTree.query k=8 {n} into {n} 3-D", setup=lambda L: tree_setup(L, n),
               run=_query, libs=libs, note=note, targets=vs_cupy),
        h.Case(f"KDTree.query k=8 {m_small} into {n} 3-D", setup=lambda L: tree_setup(L, m_small),
               run=_query, libs=libs, note=note, targets=vs_cupy),
        h.Case(f"brute k=8 {m_small} into {n} 3-D (cdist+argpartition)",
               setup=lambda L: (_points(L, n, 21), _points(L, m_small, 22)), run=_brute,
               libs=libs, note=note),
    ]
