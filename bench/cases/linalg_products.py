# bench/cases/linalg_products.py -- matrix products: matmul 8192^3 in float16/32/64, einsum
# 'bij,bjk->bik' beside the matmul it reduces to (plan cache on and off), a greedy einsum chain,
# matmul with axes=, and a small matmul per call; cunp vs CuPy vs PyTorch.
"""Product cases. Times are per call between the library's own events; a matmul of n^3 does
2 n^3 flops, so TFLOP/s = 2 n^3 / time / 1e12 (1.1e12 flops at 8192). TF32 is off everywhere
(cunp's default, CuPy's without CUPY_TF32, torch.backends.cuda.matmul.allow_tf32 = False), so
float32 is true single precision in all three."""
import numpy as np


def _no_tf32(L):
    if L.name == "torch":
        L.mod.backends.cuda.matmul.allow_tf32 = False
        L.mod.backends.cudnn.allow_tf32 = False


def _matmul(L, ab):
    return L.mod.matmul(ab[0], ab[1])


def _einsum(L, ab):
    return L.mod.einsum("bij,bjk->bik", ab[0], ab[1])


def _einsum_unplanned(L, ab):
    # cunp with its plan cache emptied first: parsing and planning on every call (the A/B of
    # the cache).
    from cunp import _core
    _core.einsum.clear_plan_cache()
    return L.mod.einsum("bij,bjk->bik", ab[0], ab[1])


def _einsum_chain(L, abc):
    return L.mod.einsum("ij,jk,kl->il", *abc, optimize="greedy")


def _matmul_axes(L, ab):
    return L.mod.matmul(ab[0], ab[1], axes=[(0, 1), (0, 1), (0, 1)])


def cases(quick, h):
    n = 2048 if quick else 8192
    batch, m = (16, 256) if quick else (64, 512)
    small = 64
    gpu = ("cunp", "cupy", "torch")

    def pair(shape_a, shape_b, dtype):
        def setup(L):
            _no_tf32(L)
            a = h.host_array(int(np.prod(shape_a)), dtype, seed=1).reshape(shape_a)
            b = h.host_array(int(np.prod(shape_b)), dtype, seed=2).reshape(shape_b)
            return L.upload(a), L.upload(b)
        return setup

    def chain(k, dtype):
        def setup(L):
            shapes = [(4 * k, k), (k, 8), (8, 4 * k)]
            return tuple(L.upload(h.host_array(int(np.prod(sh)), dtype, seed=3 + i).reshape(sh))
                         for i, sh in enumerate(shapes))
        return setup

    def bound_matmul(shape, dtype):
        def setup(L):
            a, b = pair(shape, shape, dtype)(L)
            return lambda: L.mod.matmul(a, b)
        return setup

    flops = 2 * n ** 3
    vs_torch = h.Target("vs", 1 / 0.98, "torch")
    out = [
        h.Case(f"matmul ({n}, {n}) @ ({n}, {n}) {name}", setup=pair((n, n), (n, n), dt),
               run=_matmul, libs=gpu, targets=(vs_torch,),
               note=f"{flops / 1e12:.2f} TFLOP per call: TFLOP/s = that / time in s; "
                    "float16 accumulates in float32 (as NumPy and PyTorch)")
        for name, dt in (("f16", np.float16), ("f32", h.F32), ("f64", h.F64))
    ]
    out += [
        h.Case(f"einsum('bij,bjk->bik') ({batch}, {m}, {m}) f32",
               setup=pair((batch, m, m), (batch, m, m), h.F32), run=_einsum, libs=gpu,
               note="compare with the matmul row below: same shapes (target: within 5%)"),
        h.Case(f"einsum('bij,bjk->bik') ({batch}, {m}, {m}) f32, cunp plan cache off",
               setup=pair((batch, m, m), (batch, m, m), h.F32), run=_einsum_unplanned,
               libs=("cunp",), note="the row above without the plan cache (A/B)"),
        h.Case(f"matmul ({batch}, {m}, {m}) @ ({batch}, {m}, {m}) f32",
               setup=pair((batch, m, m), (batch, m, m), h.F32), run=_matmul, libs=gpu),
        h.Case(f"einsum('ij,jk,kl->il', optimize='greedy') ({4 * m}, {m}) ({m}, 8) "
               f"(8, {4 * m}) f32",
               setup=chain(m, h.F32), run=_einsum_chain, libs=("cunp", "cupy", "torch"),
               note="a chain: the greedy path contracts the small side first"),
        h.Case(f"matmul axes=[(0, 1)] * 3 ({m}, {m}, {batch}) f32",
               setup=pair((m, m, batch), (m, m, batch), h.F32), run=_matmul_axes,
               libs=("cunp", "cupy"), note="NumPy's gufunc axes= (torch has none)"),
        h.Case(f"matmul ({small}, {small}) f32, per call", clock="percall",
               calls=200 if quick else 2000, setup=bound_matmul((small, small), h.F32),
               run=None, libs=gpu, targets=(h.Target("vs", 1.0, "cupy"),),
               note="the launch path: argument handling, handle binding, one cuBLAS call"),
    ]
    return out
