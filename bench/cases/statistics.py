# bench/cases/statistics.py -- mean, var, std and the nan-functions of 2^26 float32: full, along
# axis 0 and along axis 1 of a square matrix; cunp vs CuPy vs PyTorch.
"""Statistics cases. Bytes are the input read once (an ideal one-pass kernel); a library that
makes more passes shows it as a lower share of the copy bandwidth."""
import math

import numpy as np

_NAN_HOST = {}


def _with_nans(n, h):
    """Random float32 with every 7th element NaN (host, cached; untimed)."""
    if n not in _NAN_HOST:
        a = h.host_array(n, h.F32, seed=5).copy()
        a[::7] = np.nan
        _NAN_HOST[n] = a
    return _NAN_HOST[n]


def _reduce(fname, torch_kw=None):
    """The library's fname over `axis` (None: everything); torch takes dim= and its own
    keywords (var: unbiased=False, NumPy's ddof=0)."""
    def make(axis):
        def run(L, x):
            if L.name == "torch":
                kw = dict(torch_kw or {})
                if axis is not None:
                    kw["dim"] = axis
                return getattr(L.mod, fname)(x, **kw)
            return getattr(L.mod, fname)(x, axis=axis)
        return run
    return make


def cases(quick, h):
    n = 2**20 if quick else 2**26
    side = int(math.isqrt(n))  # 8192 x 8192 for 2^26
    p = int(math.log2(n))
    libs = ("cunp", "cupy", "torch")
    note = "NumPy not timed (tens of ms per call)"
    vec = lambda L: L.upload(h.host_array(n, h.F32, seed=4))  # noqa: E731
    mat = lambda L: L.upload(h.host_array(n, h.F32, seed=4).reshape(side, side))  # noqa: E731
    nan_vec = lambda L: L.upload(_with_nans(n, h))  # noqa: E731
    mean = _reduce("mean")
    var = _reduce("var", {"unbiased": False})
    nanmean = _reduce("nanmean")
    out = []
    for what, fn, targets in (("mean", mean, (h.BW95, h.BEATS_TORCH)),
                              ("var", var, (h.BW95, h.BEATS_TORCH))):
        out += [
            h.Case(f"{what} 2^{p} f32", setup=vec, run=fn(None), nbytes=4 * n, libs=libs,
                   note=note, targets=targets),
            h.Case(f"{what}(axis=1) ({side}, {side}) f32", setup=mat, run=fn(1), nbytes=4 * n,
                   libs=libs, note=note, targets=targets),
            h.Case(f"{what}(axis=0) ({side}, {side}) f32", setup=mat, run=fn(0), nbytes=4 * n,
                   libs=libs, note=note, targets=targets),
        ]
    # One-pass paths.
    std = _reduce("std", {"unbiased": False})
    out += [
        h.Case(f"std 2^{p} f32", setup=vec, run=std(None), nbytes=4 * n, libs=libs, note=note,
               targets=(h.BW95, h.BEATS_TORCH)),
        h.Case(f"std(axis=0) ({side}, {side}) f32", setup=mat, run=std(0), nbytes=4 * n,
               libs=libs, note=note, targets=(h.BEATS_TORCH,)),
    ]
    for what, torch_ok in (("nanmean", True), ("nansum", True), ("nanvar", False)):
        fn = _reduce(what)
        out.append(h.Case(f"{what} 2^{p} f32, 1/7 NaN", setup=nan_vec, run=fn(None),
                          nbytes=4 * n, libs=libs if torch_ok else ("cunp", "cupy"), note=note,
                          targets=(h.BW95, h.Target("vs", 1.0, "cupy"))))
    out.append(h.Case(f"nanmean(axis=1) ({side}, {side}) f32, 1/7 NaN",
                      setup=lambda L: L.upload(_with_nans(n, h).reshape(side, side)),
                      run=nanmean(1), nbytes=4 * n, libs=libs, note=note,
                      targets=(h.Target("vs", 1.0, "cupy"),)))
    return out
