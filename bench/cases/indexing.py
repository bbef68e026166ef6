# bench/cases/indexing.py -- advanced indexing: gather x[idx] (1-D and along axis 1 of a matrix),
# whole rows x[idx] of a matrix, boolean compaction x[mask] and nonzero, scatter x[idx] = v, and the
# per-call cost of a small x[idx]; cunp vs CuPy vs PyTorch.
"""Indexing cases. Bytes are what an ideal kernel moves: indices read, elements read and written
once (the gathered source reads are random, so the copy-bandwidth share is an upper bound)."""
import functools

import numpy as np


def _indices(h, n, size, seed):
    return np.random.default_rng(seed).integers(0, size, n).astype(np.int64)


def _get(L, args):
    x, idx = args
    return x[idx]


def _get_axis1(L, args):
    x, idx = args
    return x[:, idx]


def _set(L, args):
    x, idx, v = args
    x[idx] = v


def _nonzero(L, m):
    return L.mod.nonzero(m)   # torch.nonzero gives one (count, ndim) array: the same work


def _per_call(h, n):
    def setup(L):
        x = L.upload(h.host_array(n, h.F32, seed=2))
        idx = L.upload(_indices(h, 100, n, 3))
        return functools.partial(x.__getitem__, idx)
    return setup


def _per_call_set(h, n):
    # x[idx] = scalar: the bounds check pass, its wait, and the scatter of a value in the
    # kernel's parameters.
    def setup(L):
        x = L.upload(h.host_array(n, h.F32, seed=2))
        idx = L.upload(_indices(h, 100, n, 3))
        return functools.partial(x.__setitem__, idx, 1.0)
    return setup


def cases(quick, h):
    n = 2**22 if quick else 2**26
    side = 2**10 if quick else 2**13
    libs = ("cunp", "cupy", "torch")
    vs_cupy = (h.Target("vs", 1.0, "cupy"),)

    def gather(L):
        return (L.upload(h.host_array(n, h.F32, seed=1)), L.upload(_indices(h, n, n, 4)))

    def gather_axis1(L):
        x = L.upload(h.host_array(side * side, h.F32, seed=1).reshape(side, side))
        return (x, L.upload(_indices(h, side // 2, side, 5)))

    def mask(L):
        x = h.host_array(n, h.F32, seed=1)
        return (L.upload(x), L.upload(x > 0.5))

    def scatter(L):
        return (L.upload(h.host_array(n, h.F32, seed=1)),
                L.upload(np.random.default_rng(6).permutation(n).astype(np.int64)),
                L.upload(h.host_array(n, h.F32, seed=7)))

    rows = 2**16 if quick else 2**20

    def gather_rows(L):
        x = L.upload(h.host_array(rows * 64, h.F32, seed=1).reshape(rows, 64))
        return (x, L.upload(_indices(h, rows // 2, rows, 8)))

    def nonzero(L):
        return L.upload(h.host_array(n, h.F32, seed=1) > 0.5)

    return [
        h.Case(f"x[idx] 2^{n.bit_length() - 1} f32, int64 idx", setup=gather, run=_get,
               nbytes=16 * n, libs=libs, targets=vs_cupy),
        h.Case(f"x[:, idx] ({side}, {side}) f32, {side // 2} idx", setup=gather_axis1,
               run=_get_axis1, nbytes=8 * side * side // 2, libs=libs, targets=vs_cupy),
        h.Case(f"x[idx] rows ({rows}, 64) f32, {rows // 2} idx", setup=gather_rows, run=_get,
               nbytes=rows // 2 * (8 + 2 * 64 * 4), libs=libs, targets=vs_cupy),
        h.Case(f"nonzero 2^{n.bit_length() - 1} bool, half true", setup=nonzero, run=_nonzero,
               nbytes=n + n // 2 * 8, libs=libs, targets=vs_cupy),
        h.Case(f"x[mask] 2^{n.bit_length() - 1} f32, half true", setup=mask, run=_get,
               nbytes=n * 4 + n + n * 2, libs=libs, targets=vs_cupy),
        h.Case(f"x[idx] = v 2^{n.bit_length() - 1} f32, permutation", setup=scatter, run=_set,
               nbytes=16 * n, libs=libs, targets=vs_cupy),
        h.Case("x[idx] 100 of 2^20 f32, per call", clock="percall",
               calls=2000 if quick else 20000, setup=_per_call(h, 2**20), run=None, libs=libs,
               targets=vs_cupy),
        h.Case("x[idx] = 1.0, 100 of 2^20 f32, per call", clock="percall",
               calls=2000 if quick else 20000, setup=_per_call_set(h, 2**20), run=None,
               libs=libs, targets=vs_cupy),
    ]
