# bench/cases/counting.py -- bincount of 2^28 int32 into 256 and 65536 bins and histogram of
# 2^28 float32 into 256 bins over a given range, with and without weights; cunp vs CuPy vs
# PyTorch (bincount, histc) vs NumPy.
"""Counting cases. Bytes are the values (and weights) read once; the bins are negligible. The
histograms take range= so that the timed work is one counting pass (without it both NumPy and
cunp first read the data's extremes)."""
import numpy as np


def _bincount(L, args):
    x, w = args
    return L.mod.bincount(x, weights=w)  # the same call in every library


def _histogram(L, args):
    x, w = args
    if L.name == "torch":
        return L.mod.histc(x, bins=256, min=0.0, max=1.0)
    return L.mod.histogram(x, bins=256, range=(0.0, 1.0), weights=w)


def cases(quick, h):
    n = 2**22 if quick else 2**28
    p = int(np.log2(n))

    def ints(bins, weighted):
        def setup(L):
            x = (h.host_array(n, h.F64, seed=21) * bins).astype(np.int32)
            w = L.upload(h.host_array(n, h.F32, seed=22)) if weighted else None
            return (L.upload(x), w)
        return setup

    def floats(weighted):
        def setup(L):
            w = L.upload(h.host_array(n, h.F32, seed=24)) if weighted else None
            return (L.upload(h.host_array(n, h.F32, seed=23)), w)
        return setup

    bw70 = (h.Target("bw", 0.70), h.Target("vs", 1.0, "cupy"))
    vs = (h.Target("vs", 1.0, "cupy"),)
    no_torch = tuple(lib for lib in h.LIBS if lib != "torch")
    out = []
    for bins in (256, 65536):
        out.append(h.Case(f"bincount 2^{p} i32 into {bins} bins", setup=ints(bins, False),
                          run=_bincount, nbytes=4 * n, targets=bw70 if bins == 256 else vs))
        out.append(h.Case(f"bincount 2^{p} i32 into {bins} bins, f32 weights",
                          setup=ints(bins, True), run=_bincount, nbytes=8 * n, targets=vs))
    out.append(h.Case(f"histogram(bins=256, range) 2^{p} f32", setup=floats(False),
                      run=_histogram, nbytes=4 * n, targets=bw70))
    out.append(h.Case(f"histogram(bins=256, range) 2^{p} f32, f32 weights", setup=floats(True),
                      run=_histogram, nbytes=8 * n, targets=vs, libs=no_torch,
                      note="torch.histc takes no weights"))
    return out
