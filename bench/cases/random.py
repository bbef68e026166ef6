# bench/cases/random.py -- random numbers: random f32/f64, standard_normal and lognormal f32/f64 and
# randint int64 over 2^28 elements, permutation(10**8); cunp vs CuPy vs PyTorch.
"""Random-number cases. Bytes are the output written once (a generator reads nothing). PyTorch
runs torch.rand / randn / randint / randperm (lognormal: Tensor.log_normal_); CuPy and cunp their
Generator-free legacy API."""


def _gen(kind, n, dtype_name):
    def run(L, state):
        m = L.mod
        dt = getattr(m, dtype_name)
        if L.name == "torch":
            dev = "cuda"
            if kind == "random":
                return m.rand(n, dtype=dt, device=dev)
            if kind == "normal":
                return m.randn(n, dtype=dt, device=dev)
            if kind == "randint":
                return m.randint(0, 2**31 - 1, (n,), dtype=dt, device=dev)
            if kind == "lognormal":
                return m.empty(n, dtype=dt, device=dev).log_normal_(0.0, 1.0)
            return m.randperm(n, device=dev)
        if kind == "random":
            return m.random.random((n,), dtype=dt)
        if kind == "normal":
            return m.random.standard_normal((n,), dtype=dt)
        if kind == "lognormal":
            return m.random.lognormal(0.0, 1.0, (n,), dtype=dt)
        if kind == "randint":
            return m.random.randint(0, 2**31 - 1, (n,), dtype=dt)
        return m.random.permutation(n)
    return run


def cases(quick, h):
    n = 2**22 if quick else 2**28
    p = 22 if quick else 28
    nperm = 10**6 if quick else 10**8
    libs = ("cunp", "cupy", "torch")
    note = "NumPy not timed (seconds per call); bytes = output written"
    beats_cupy = h.Target("vs", 1.0, "cupy")
    bw80 = h.Target("bw", 0.8)
    setup = lambda L: None  # noqa: E731
    return [
        h.Case(f"random 2^{p} f32", setup=setup, run=_gen("random", n, "float32"), nbytes=4 * n,
               libs=libs, note=note, targets=(beats_cupy, bw80)),
        h.Case(f"random 2^{p} f64", setup=setup, run=_gen("random", n, "float64"), nbytes=8 * n,
               libs=libs, note=note, targets=(beats_cupy, bw80)),
        h.Case(f"standard_normal 2^{p} f32", setup=setup, run=_gen("normal", n, "float32"),
               nbytes=4 * n, libs=libs, note=note, targets=(beats_cupy, bw80)),
        h.Case(f"standard_normal 2^{p} f64", setup=setup, run=_gen("normal", n, "float64"),
               nbytes=8 * n, libs=libs, note=note, targets=(beats_cupy, bw80)),
        h.Case(f"lognormal 2^{p} f32", setup=setup, run=_gen("lognormal", n, "float32"),
               nbytes=4 * n, libs=libs, note=note, targets=(beats_cupy, bw80)),
        h.Case(f"lognormal 2^{p} f64", setup=setup, run=_gen("lognormal", n, "float64"),
               nbytes=8 * n, libs=libs, note=note, targets=(beats_cupy, bw80)),
        h.Case(f"randint 2^{p} int64", setup=setup, run=_gen("randint", n, "int64"),
               nbytes=8 * n, libs=libs, note=note, targets=(beats_cupy,)),
        h.Case(f"permutation({nperm:.0e})", setup=setup, run=_gen("perm", nperm, "int64"),
               nbytes=8 * nperm, libs=libs, note=note, targets=(beats_cupy,)),
    ]
