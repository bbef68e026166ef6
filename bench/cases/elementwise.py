# bench/cases/elementwise.py -- operands that disagree on the fastest axis (a * b.T, a + a.T,
# transposing copies and casts, a stack of transposes); cunp vs CuPy vs PyTorch.
"""Transposed-operand cases. cunp walks these in shared-memory tiles. Bytes are every input read
and the output written once."""

_NOTE = "NumPy not timed (a transposed walk costs seconds)"


def _mul_t(L, ab):
    return ab[0] * ab[1].T


def _add_self_t(L, ab):
    return ab[0] + ab[0].T


def _copy_t(L, ab):
    x = ab[0]
    if L.name == "torch":
        return x.T.contiguous()
    return L.mod.ascontiguousarray(x.T)


def _astype_t(dtype):
    def run(L, ab):
        x = ab[0]
        if L.name == "torch":
            out = L.mod.empty(tuple(x.T.shape), dtype=getattr(L.mod, dtype), device=x.device)
            return out.copy_(x.T)
        return x.T.astype(dtype, order="C")
    return run


def _batch_t(L, ab):
    x, y = ab
    if L.name == "torch":
        return x.transpose(1, 2) + y
    return x.transpose(0, 2, 1) + y


def cases(quick, h):
    side = 2**11 if quick else 2**14
    batch, bside = (4, 2**10) if quick else (64, 2**11)
    libs = ("cunp", "cupy", "torch")
    goal = (h.Target("bw", 0.8), h.Target("vs", 1.0, "cupy"), h.BEATS_TORCH)
    n = side * side

    def pair(dtype, shape=(side, side)):
        return lambda L: (L.ones(shape, dtype), L.full(shape, 2.0, dtype))

    # a + a.T reads each element of a twice (once per tile it lies in) and L2 cannot keep it
    # between the two: 8 bytes counted, 12 moved, so only the comparisons are targets there.
    rivals = goal[1:]
    rows = [
        # (label, setup, run, bytes, targets)
        (f"a * b.T, ({side}, {side}) f32", pair(h.F32), _mul_t, 12 * n, goal),
        (f"a * b.T, ({side}, {side}) f64", pair(h.F64), _mul_t, 24 * n, goal),
        (f"a + a.T, ({side}, {side}) f32", pair(h.F32), _add_self_t, 8 * n, rivals),
        (f"b.T copy, ({side}, {side}) f32", pair(h.F32), _copy_t, 8 * n, goal),
        (f"b.T copy, ({side}, {side}) f64", pair(h.F64), _copy_t, 16 * n, goal),
        (f"b.T astype f64->f32, ({side}, {side})", pair(h.F64), _astype_t("float32"), 12 * n,
         goal),
        (f"x.transpose(0,2,1) + y, ({batch}, {bside}, {bside}) f32",
         pair(h.F32, (batch, bside, bside)), _batch_t, 12 * batch * bside * bside, goal),
    ]
    out = []
    for label, setup, run, nbytes, targets in rows:
        label = "tiles: " + label
        out.append(h.Case(label, setup=setup, run=run, nbytes=nbytes, libs=libs, note=_NOTE,
                          targets=targets))
    return out
