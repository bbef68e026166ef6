# bench/cases/sorting.py -- sort and argsort of 2^26 float32, sort along rows of (65536, 1024)
# float32, unique of 2^26 int32, searchsorted of 2^24 values into 2^24 sorted ones, and the order
# statistics of 2^26 float32 (median, percentile([10, 50, 90]), partition at 2^25); cunp vs
# CuPy vs PyTorch vs NumPy.
"""Sorting cases. Bytes are the input read once plus the output written once (a lower bound:
a radix sort reads and writes its keys once per 8-bit digit)."""
import numpy as np


def _sort(L, x):
    if L.name == "torch":
        return L.mod.sort(x).values
    return L.mod.sort(x)


def _argsort(L, x):
    if L.name == "torch":
        return L.mod.argsort(x, stable=True)
    return L.mod.argsort(x, kind="stable")


def _unique(L, x):
    if L.name == "torch":
        return L.mod.unique(x)
    return L.mod.unique(x)


def _median(L, x):
    # torch.median returns the lower of the two middle items (no mean), as close as it gets.
    return L.mod.median(x)


# torch.quantile refuses inputs of more than 2^24 items.
_TORCH_QUANTILE_MAX = 2**24


def _percentile(L, x):
    if L.name == "torch":
        if x.numel() > _TORCH_QUANTILE_MAX:
            raise NotImplementedError("torch.quantile takes at most 2^24 items")
        q = L.mod.tensor([0.1, 0.5, 0.9], device=x.device, dtype=x.dtype)
        return L.mod.quantile(x, q)
    return L.mod.percentile(x, [10, 50, 90])


def _partition(L, x):
    k = x.shape[0] // 2
    if L.name == "torch":
        return L.mod.kthvalue(x, k + 1).values
    return L.mod.partition(x, k)


def _searchsorted(L, args):
    a, v = args
    return L.mod.searchsorted(a, v)


def cases(quick, h):
    n = 2**20 if quick else 2**26
    p = int(np.log2(n))
    rows = 2**10 if quick else 2**16
    m = 2**18 if quick else 2**24
    q = int(np.log2(m))
    vec = lambda L: (L.upload(h.host_array(n, h.F32, seed=7)),)  # noqa: E731
    mat = lambda L: (L.upload(h.host_array(rows * 1024, h.F32, seed=8).reshape(rows, 1024)),)  # noqa: E731
    ints = lambda L: (L.upload((h.host_array(n, h.F64, seed=9) * 2**24).astype(np.int32)),)  # noqa: E731

    def search(L):
        a = np.sort(h.host_array(m, h.F32, seed=10))
        return (L.upload(a), L.upload(h.host_array(m, h.F32, seed=11)))

    run1 = lambda fn: (lambda L, args: fn(L, args[0]))  # noqa: E731
    vs = (h.Target("vs", 1.0, "cupy"), h.BEATS_TORCH)
    return [
        h.Case(f"sort 2^{p} f32", setup=vec, run=run1(_sort), nbytes=8 * n, targets=vs),
        h.Case(f"argsort 2^{p} f32", setup=vec, run=run1(_argsort), nbytes=12 * n, targets=vs),
        h.Case(f"sort(axis=-1) ({rows}, 1024) f32", setup=mat, run=run1(_sort),
               nbytes=8 * rows * 1024, targets=vs),
        h.Case(f"unique 2^{p} i32", setup=ints, run=run1(_unique), nbytes=8 * n, targets=vs),
        h.Case(f"searchsorted 2^{q} into 2^{q} f32", setup=search, run=_searchsorted,
               nbytes=12 * m, targets=vs),
        # Selection reads the data once per digit; the bytes are one read.
        h.Case(f"median 2^{p} f32", setup=vec, run=run1(_median), nbytes=4 * n,
               targets=(h.Target("vs", 0.8, "cupy"),)),
        h.Case(f"percentile([10, 50, 90]) 2^{p} f32", setup=vec, run=run1(_percentile),
               nbytes=4 * n, targets=vs),
        h.Case(f"partition(kth=2^{p - 1}) 2^{p} f32", setup=vec, run=run1(_partition),
               nbytes=8 * n, targets=vs),
    ]
