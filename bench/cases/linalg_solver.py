# bench/cases/linalg_solver.py -- numpy.linalg's solvers: svd of 1000x1000 float64, solve, inv,
# det, qr on stacked small float32 matrices, hermitian svd, stacked eig; cunp vs CuPy vs PyTorch.
"""Solver cases. Times are per call, between the library's own events. The svd case is also
run with cunp's other cuSOLVER driver (gesvd, QR iteration) beside the default (gesvdj,
Jacobi), so the choice of default can be checked on the machine at hand."""
import numpy as np


def _svd(L, a):
    # Same call in every library (torch.linalg.svd takes NumPy's full_matrices too).
    return L.mod.linalg.svd(a, full_matrices=True)


def _svd_gesvd(L, a):
    L.mod.linalg.set_svd_driver("gesvd")
    try:
        return L.mod.linalg.svd(a, full_matrices=True)
    finally:
        L.mod.linalg.set_svd_driver("gesvdj")


def _solve(L, ab):
    a, b = ab
    return L.mod.linalg.solve(a, b)


def _inv(L, a):
    return L.mod.linalg.inv(a)


def _det(L, a):
    return L.mod.linalg.det(a)


def _qr(L, a):
    return L.mod.linalg.qr(a)


def _svd_hermitian(L, a):
    return L.mod.linalg.svd(a, hermitian=True)


def _eig(L, a):
    return L.mod.linalg.eig(a)


def _well_conditioned(shape, dtype, seed):
    """Random matrices plus n on the diagonal: far from singular, as solve needs."""
    rng = np.random.default_rng(seed)
    a = rng.random(shape).astype(dtype)
    n = shape[-1]
    a += (n * np.eye(n)).astype(dtype)
    return a


def cases(quick, h):
    n = 256 if quick else 1000
    count = 1000 if quick else 10000
    big = _well_conditioned((n, n), h.F64, 11)
    stack = _well_conditioned((count, 8, 8), h.F32, 12)
    rhs = np.random.default_rng(13).random((count, 8, 1)).astype(h.F32)
    mat = lambda L: L.upload(big)  # noqa: E731
    stk = lambda L: L.upload(stack)  # noqa: E731
    stk_b = lambda L: (L.upload(stack), L.upload(rhs))  # noqa: E731
    stack32 = _well_conditioned((count // 100, 32, 32), h.F32, 14)
    stack16 = _well_conditioned((count // 100, 16, 16), h.F64, 15)
    stk32 = lambda L: L.upload(stack32)  # noqa: E731
    stk16 = lambda L: L.upload(stack16)  # noqa: E731
    sym = lambda L: L.upload(big + big.T)  # noqa: E731
    gpu = ("cunp", "cupy", "torch")
    beats_cupy = h.Target("vs", 1.0, "cupy")
    return [
        h.Case(f"linalg.svd ({n}, {n}) f64", setup=mat, run=_svd,
               libs=("cunp", "cupy", "torch", "numpy"), targets=(h.BEATS_TORCH,),
               note="cunp: cuSOLVER gesvdj (Jacobi) by default"),
        h.Case(f"linalg.svd ({n}, {n}) f64, cunp driver gesvd", setup=mat, run=_svd_gesvd,
               libs=("cunp",), note="the same svd through cusolverDn gesvd (QR iteration)"),
        h.Case(f"linalg.solve ({count}, 8, 8) f32", setup=stk_b, run=_solve, libs=gpu,
               targets=(beats_cupy,), note="cuBLAS getrfBatched + getrsBatched"),
        h.Case(f"linalg.inv ({count}, 8, 8) f32", setup=stk, run=_inv, libs=gpu,
               targets=(beats_cupy,), note="cuBLAS getrfBatched + getriBatched"),
        h.Case(f"linalg.det ({count}, 8, 8) f32", setup=stk, run=_det, libs=gpu),
        h.Case(f"linalg.qr ({count}, 8, 8) f32", setup=stk, run=_qr, libs=gpu,
               targets=(beats_cupy,), note="cunp: batched Householder steps on the stack"),
        h.Case(f"linalg.qr ({count // 100}, 32, 32) f32", setup=stk32, run=_qr, libs=gpu),
        h.Case(f"linalg.svd hermitian=True ({n}, {n}) f64", setup=sym, run=_svd_hermitian,
               libs=("cunp", "numpy"), note="cunp: eigh, |w| ordered on the host"),
        h.Case(f"linalg.eig ({count // 100}, 16, 16) f64", setup=stk16, run=_eig,
               libs=("cunp", "torch"), note="cunp: one Xgeev per matrix in a C++ loop"),
    ]
