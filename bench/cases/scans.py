# bench/cases/scans.py -- cumsum: 2^28 float32 and float64 (the look-back scan), along axis 1 and
# axis 0 of an (8192, 8192) float32 matrix, many 32-element rows, and 1000 elements per call (the
# launch path); cunp vs CuPy vs PyTorch.
"""Scan cases. Bytes are the input read once plus the output written once (an ideal one-pass
scan); the share of copy bandwidth shows how close each library gets."""
import functools
import math

_TORCH_NOTE = "NumPy not timed (a sequential scan, hundreds of ms per call)"


def _cumsum(axis):
    def run(L, x):
        if L.name == "torch":
            return L.mod.cumsum(x, dim=0 if axis is None else axis)
        return L.mod.cumsum(x, axis=axis)
    return run


def _per_call(n, h):
    def setup(L):
        x = L.upload(h.host_array(n, h.F32, seed=6))
        if L.name == "torch":
            return functools.partial(L.mod.cumsum, x, dim=0)
        return functools.partial(L.mod.cumsum, x)
    return setup


def cases(quick, h):
    n = 2**22 if quick else 2**28
    p = int(math.log2(n))
    side = 2**10 if quick else 2**13
    short = 2**15 if quick else 2**22  # rows of 32
    libs = ("cunp", "cupy", "torch")
    vec = lambda L: (L.upload(h.host_array(n, h.F32, seed=6)),)  # noqa: E731
    vec64 = lambda L: (L.upload(h.host_array(n // 2, h.F64, seed=6)),)  # noqa: E731
    mat = lambda L: (L.upload(h.host_array(side * side, h.F32, seed=6).reshape(side, side)),)  # noqa: E731
    rows = lambda L: (L.upload(h.host_array(short * 32, h.F32, seed=6).reshape(short, 32)),)  # noqa: E731
    run1 = lambda fn: (lambda L, args: fn(L, args[0]))  # noqa: E731
    flat_targets = (h.Target("bw", 0.80), h.BEATS_TORCH, h.Target("vs", 1.0, "cupy"))
    return [
        h.Case(f"cumsum 2^{p} f32", setup=vec, run=run1(_cumsum(None)), nbytes=8 * n, libs=libs,
               note=_TORCH_NOTE, targets=flat_targets),
        h.Case(f"cumsum 2^{p - 1} f64", setup=vec64, run=run1(_cumsum(None)), nbytes=8 * n,
               libs=libs, targets=flat_targets),
        h.Case(f"cumsum(axis=1) ({side}, {side}) f32", setup=mat, run=run1(_cumsum(1)),
               nbytes=8 * side * side, libs=libs, note=_TORCH_NOTE),
        h.Case(f"cumsum(axis=1) ({short}, 32) f32", setup=rows, run=run1(_cumsum(1)),
               nbytes=8 * short * 32, libs=libs),
        h.Case(f"cumsum(axis=0) ({side}, {side}) f32", setup=mat, run=run1(_cumsum(0)),
               nbytes=8 * side * side, libs=libs, note=_TORCH_NOTE),
        h.Case("cumsum 1000 f32, per call", clock="percall", calls=2000 if quick else 20000,
               setup=_per_call(1000, h), run=None, libs=libs),
    ]
