# bench/cases/interop.py -- the per-call cost of zero-copy exchange: DLPack export + import
# of a library's own array, and cunp viewing a PyTorch tensor (DLPack and the CUDA Array
# Interface); cunp vs CuPy vs PyTorch.
"""Interop cases. Nothing is copied, so these are host-side costs per call (capsule, event and
view bookkeeping); the figures are times per call."""
import functools


def _own_round_trip(h, n):
    def setup(L):
        x = L.upload(h.host_array(n, h.F32, seed=1))
        return functools.partial(L.mod.from_dlpack, x)
    return setup


def _view_torch(how, h, n):
    """cunp (or CuPy) viewing a PyTorch tensor; PyTorch itself is not timed here."""
    def setup(L):
        import torch

        t = torch.from_numpy(h.host_array(n, h.F32, seed=1)).cuda()
        fn = L.mod.from_dlpack if how == "dlpack" else L.mod.asarray
        return functools.partial(fn, t)
    return setup


def cases(quick, h):
    n = 1000
    calls = 2000 if quick else 20000
    libs = ("cunp", "cupy", "torch")
    return [
        h.Case(f"from_dlpack(x) of its own array, {n} f32, per call", clock="percall",
               calls=calls, setup=_own_round_trip(h, n), run=None, libs=libs,
               targets=(h.Target("vs", 1.0, "cupy"),)),
        h.Case(f"from_dlpack(torch tensor), {n} f32, per call", clock="percall", calls=calls,
               setup=_view_torch("dlpack", h, n), run=None, libs=("cunp", "cupy"),
               targets=(h.Target("vs", 1.0, "cupy"),),
               note="PyTorch not timed: the tensor is its own"),
        h.Case(f"asarray(torch tensor) (CUDA Array Interface), {n} f32, per call",
               clock="percall", calls=calls, setup=_view_torch("cai", h, n), run=None,
               libs=("cunp", "cupy"), targets=(h.Target("vs", 1.0, "cupy"),),
               note="PyTorch not timed: the tensor is its own"),
    ]
