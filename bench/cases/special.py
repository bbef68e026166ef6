# bench/cases/special.py -- scipy.special (issue 35's targets): gammaln, erfinv, i0e and xlogy
# over 2^26 float32 and float64, and logsumexp(axis=1) of (8192, 8192) float32; cunp.scipy.special
# vs cupyx.scipy.special in the same run, with SciPy on the CPU as the baseline.
"""scipy.special cases. Bytes are what an ideal kernel moves: every input read once and the
output written once, so the ufuncs' figures are a share of the copy bandwidth (they are
memory-bound on a GPU: the target is 90% of it, and CuPy's time or better). logsumexp reads its
(8192, 8192) input once and writes one value a row. Inputs lie in each function's domain:
gammaln on (0, 50), erfinv on (-1, 1), i0e on (-50, 50), xlogy of x in (0, 10) and y in
(0, 10). NumPy's column is scipy.special on the CPU, timed with --quick only (a check of the
cases without a GPU; at 2^26 SciPy takes seconds a call); PyTorch has no such names."""
import importlib

import numpy as np

_MODULES = {"cunp": "cunp.scipy.special", "cupy": "cupyx.scipy.special",
            "numpy": "scipy.special"}

# name: (number of operands, the map from [0, 1) into the function's domain)
_UFUNCS = {
    "gammaln": (1, lambda u: 50.0 * u + 1e-3),
    "erfinv": (1, lambda u: 2.0 * u - 1.0),
    "i0e": (1, lambda u: 100.0 * u - 50.0),
    "xlogy": (2, lambda u: 10.0 * u + 1e-3),
}


def _special(L):
    return importlib.import_module(_MODULES[L.name])


def _ufunc(name):
    def run(L, args):
        return getattr(_special(L), name)(*args)
    return run


def _logsumexp(L, args):
    return _special(L).logsumexp(args[0], axis=1)


def cases(quick, h):
    n = 2**16 if quick else 2**26
    rows = 512 if quick else 8192
    libs = ("cunp", "cupy", "numpy") if quick else ("cunp", "cupy")
    note = ("NumPy: scipy.special on the CPU, with --quick only; PyTorch not timed (no "
            "scipy.special names)")
    goals = (h.Target("bw", 0.90), h.Target("vs", 1.0, "cupy"))
    out = []
    for name, (nin, domain) in _UFUNCS.items():
        for tag, dt in (("f32", h.F32), ("f64", h.F64)):
            def setup(L, nin=nin, domain=domain, dt=dt):
                return tuple(L.upload(domain(h.host_array(n, dt, seed=61 + k)).astype(dt))
                             for k in range(nin))
            out.append(h.Case(f"special.{name} {n} {tag}", setup=setup, run=_ufunc(name),
                              nbytes=(nin + 1) * n * np.dtype(dt).itemsize, libs=libs,
                              note=note, targets=goals))

    def lse_setup(L):
        x = 20.0 * h.host_array(rows * rows, h.F32, seed=67) - 10.0
        return (L.upload(x.astype(h.F32).reshape(rows, rows)),)

    out.append(h.Case(f"special.logsumexp(axis=1) ({rows}, {rows}) f32", setup=lse_setup,
                      run=_logsumexp, nbytes=(rows * rows + rows) * 4, libs=libs, note=note,
                      targets=(h.Target("vs", 1.0, "cupy"),)))
    return out
