# bench/cases/sparse_linalg.py -- scipy.sparse.linalg.cg on the 2-D Poisson matrix (5-point
# Laplacian, 512^2 unknowns, float64), a fixed 100 iterations; cunp vs CuPy (cupyx).
"""Sparse linear algebra cases. cg runs with rtol = atol = 0 and maxiter = 100, so every
library does exactly 100 iterations: the time per call divided by 100 is the time per
iteration (one SpMV, two dot products, three axpys and the residual norm that SciPy's loop
reads back). PyTorch and NumPy have no sparse cg: not timed."""
import numpy as np

ITERATIONS = 100


def _modules(L):
    """(the library's scipy.sparse, its scipy.sparse.linalg)."""
    if L.name == "cunp":
        import cunp.scipy.sparse as sp
        import cunp.scipy.sparse.linalg as spla
    else:
        import cupyx.scipy.sparse as sp
        import cupyx.scipy.sparse.linalg as spla
    return sp, spla


def _poisson2d(m):
    import scipy.sparse as sps

    t = sps.diags_array([-1.0, 2.0, -1.0], offsets=[-1, 0, 1], shape=(m, m))
    eye = sps.eye_array(m)
    return (sps.kron(t, eye) + sps.kron(eye, t)).tocsr()


def _cg(L, args):
    spla, a, b = args
    return spla.cg(a, b, rtol=0.0, atol=0.0, maxiter=ITERATIONS)[0]


def cases(quick, h):
    m = 128 if quick else 512

    def setup(L):
        sp, spla = _modules(L)
        a = _poisson2d(m)
        rhs = np.random.default_rng(21).random(m * m)
        return spla, sp.csr_matrix(a), L.upload(rhs)

    return [h.Case(f"sparse.linalg.cg Poisson {m}x{m} f64, {ITERATIONS} iterations", setup=setup,
                   run=_cg, libs=("cunp", "cupy"), targets=(h.Target("vs", 1.0, "cupy"),),
                   note=f"per iteration: time / {ITERATIONS}; both libraries' SpMV is "
                        "cuSPARSE's")]
