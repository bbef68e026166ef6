# bench/cases/manipulation.py -- roll and diff of 2^26 float32, flipped copies and the
# triangles of an (8192, 8192) matrix (cunp vs CuPy vs PyTorch); pad of that matrix (cunp vs
# CuPy); interp of 2^24 points into a 2^16-point table (cunp vs CuPy vs NumPy).
"""Rearranging cases. Bytes are the input read once plus the output written once; roll and a
flipped copy are pure data movement, so the share of copy bandwidth is the figure to watch."""
import math


def _roll(shift, axis):
    def run(L, args):
        if L.name == "torch":
            return L.mod.roll(args[0], shift, dims=axis)
        return L.mod.roll(args[0], shift, axis=axis)
    return run


def _diff(L, args):
    return L.mod.diff(args[0])


def _flip_copy(L, args):
    if L.name == "torch":
        return L.mod.flip(args[0], dims=(0, 1))  # torch's flip copies
    return L.mod.ascontiguousarray(L.mod.flip(args[0]))


def _triu(L, args):
    return L.mod.triu(args[0], 1)


def _pad(mode):
    def run(L, args):
        return L.mod.pad(args[0], 16, mode=mode)
    return run


def _interp(L, args):
    return L.mod.interp(*args)


def cases(quick, h):
    n = 2**22 if quick else 2**26
    p = int(math.log2(n))
    side = 2**11 if quick else 2**13
    libs = ("cunp", "cupy", "torch")
    vec = lambda L: (L.upload(h.host_array(n, h.F32, seed=7)),)  # noqa: E731
    mat = lambda L: (L.upload(h.host_array(side * side, h.F32, seed=7).reshape(side, side)),)  # noqa: E731
    goal = (h.Target("vs", 1.0, "cupy"),)
    m, table = (2**20, 2**12) if quick else (2**24, 2**16)

    def interp_args(L):
        xp = h.host_array(table, h.F64, seed=8).cumsum()
        x = h.host_array(m, h.F64, seed=9) * xp[-1]
        return tuple(L.upload(a) for a in (x, xp, h.host_array(table, h.F64, seed=10)))

    return [
        h.Case(f"roll 2^{p} f32 by 1000", setup=vec, run=_roll(1000, None), nbytes=8 * n,
               libs=libs, targets=goal),
        h.Case(f"roll ({side}, {side}) f32 by (3, -5)", setup=mat, run=_roll((3, -5), (0, 1)),
               nbytes=8 * side * side, libs=libs, targets=goal),
        h.Case(f"diff 2^{p} f32", setup=vec, run=_diff, nbytes=8 * n, libs=libs, targets=goal),
        h.Case(f"flip + copy ({side}, {side}) f32", setup=mat, run=_flip_copy,
               nbytes=8 * side * side, libs=libs, targets=goal),
        h.Case(f"triu(k=1) ({side}, {side}) f32", setup=mat, run=_triu, nbytes=8 * side * side,
               libs=libs, targets=goal),
        *(h.Case(f"pad ({side}, {side}) f32 by 16, {mode}", setup=mat, run=_pad(mode),
                 nbytes=4 * (side * side + (side + 32) ** 2), libs=("cunp", "cupy"), targets=goal)
          for mode in ("constant", "reflect", "edge")),
        h.Case(f"interp 2^{int(math.log2(m))} f64 into 2^{int(math.log2(table))}",
               setup=interp_args, run=_interp, nbytes=16 * m, libs=("cunp", "cupy", "numpy"),
               targets=goal, note="PyTorch not timed: it has no interp"),
    ]
