# bench/cases/reductions.py -- sum (full, along each axis of a square matrix, short axes), argmax,
# and a small sum per call (the launch path); cunp vs CuPy vs PyTorch.
"""Reduction cases. Bytes are the input read once (the output is negligible), so the share of
copy bandwidth shows how close each library gets to reading the data once."""
import functools
import math

_NOTE = "NumPy not timed (host reductions are tens of ms per call)"


def _sum(axis):
    def run(L, x):
        if L.name == "torch":
            return L.mod.sum(x) if axis is None else L.mod.sum(x, dim=axis)
        return L.mod.sum(x, axis=axis)
    return run


def _argmax(L, x):
    return L.mod.argmax(x)


def _per_call(n, h):
    def setup(L):
        x = L.upload(h.host_array(n, h.F32, seed=8))
        return functools.partial(L.mod.sum, x)
    return setup


def cases(quick, h):
    n = 2**22 if quick else 2**28
    p = int(math.log2(n))
    side = 2**11 if quick else 2**14
    tall = 10**5 if quick else 10**6
    libs = ("cunp", "cupy", "torch")
    bw = (h.BW95, h.BEATS_TORCH)

    def shaped(shape):
        size = math.prod(shape)
        return lambda L: (L.upload(h.host_array(size, h.F32, seed=8).reshape(shape)),)

    run1 = lambda fn: (lambda L, args: fn(L, args[0]))  # noqa: E731
    vec = shaped((n,))
    mat = shaped((side, side))
    return [
        h.Case(f"sum 2^{p} f32", setup=vec, run=run1(_sum(None)), nbytes=4 * n, libs=libs,
               note=_NOTE, targets=bw),
        h.Case(f"sum(axis=1) ({side}, {side}) f32", setup=mat, run=run1(_sum(1)),
               nbytes=4 * side * side, libs=libs, note=_NOTE, targets=bw),
        h.Case(f"sum(axis=0) ({side}, {side}) f32", setup=mat, run=run1(_sum(0)),
               nbytes=4 * side * side, libs=libs, note=_NOTE, targets=bw),
        h.Case(f"({tall}, 2).sum(-1) f32", setup=shaped((tall, 2)), run=run1(_sum(-1)),
               nbytes=8 * tall, libs=libs, note=_NOTE, targets=(h.BEATS_TORCH,)),
        h.Case(f"(2, {tall}).sum(0) f32", setup=shaped((2, tall)), run=run1(_sum(0)),
               nbytes=8 * tall, libs=libs, note=_NOTE, targets=(h.BEATS_TORCH,)),
        # Few columns, many rows: column tiles.
        h.Case(f"({tall}, 64).sum(0) f32", setup=shaped((tall, 64)), run=run1(_sum(0)),
               nbytes=4 * 64 * tall, libs=libs, note=_NOTE, targets=bw),
        h.Case("(10^4, 100).sum(-1) f32", setup=shaped((10**4, 100)), run=run1(_sum(-1)),
               nbytes=4 * 10**6, libs=libs, note=_NOTE, targets=(h.BEATS_TORCH,)),
        h.Case(f"argmax 2^{p} f32", setup=vec, run=run1(_argmax), nbytes=4 * n, libs=libs,
               note=_NOTE, targets=(h.Target("vs", 1.0, "cupy"),)),
        h.Case("sum 1000 f32, per call", clock="percall", calls=2000 if quick else 20000,
               setup=_per_call(1000, h), run=None, libs=libs,
               targets=(h.Target("vs", 0.6, "cupy"),)),
    ]
