# bench/cases/signal.py -- convolve of 10^6 by 10^3 points, mode 'valid', float32 and float64;
# cunp vs CuPy vs NumPy.
"""Signal cases. Bytes are both inputs read once plus the output written once. cunp and CuPy
convolve long floating-point inputs by FFT; NumPy sums directly (10^9 multiply-adds per call).
PyTorch has no numpy-style convolve (its conv1d is a different API): not timed."""


def _convolve_valid(L, args):
    a, v = args
    return L.mod.convolve(a, v, mode="valid")


def cases(quick, h):
    n = 10**5 if quick else 10**6
    m = 10**3
    libs = ("cunp", "cupy", "numpy")
    note = "PyTorch has no numpy.convolve: not timed"
    out = []
    for dtype, label in ((h.F32, "f32"), (h.F64, "f64")):
        def setup(L, dtype=dtype):
            return (L.upload(h.host_array(n, dtype, seed=12)),
                    L.upload(h.host_array(m, dtype, seed=13)))

        out.append(h.Case(f"convolve valid {n} x {m} {label}", setup=setup, run=_convolve_valid,
                          nbytes=(2 * n + 1) * dtype().itemsize, libs=libs, note=note,
                          targets=(h.Target("vs", 1.0, "cupy"),)))
    return out
