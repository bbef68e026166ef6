# bench/cases/fft.py -- FFTs: c2c of 2^24 complex64, rfft2 of (4096, 4096) float32, a batch of
# 16384 transforms of 1024 points, fftn of (512, 512, 512) complex64, and the per-call cost of a
# small c2c with a cached plan; cunp vs CuPy vs PyTorch vs NumPy.
"""FFT cases. All four libraries run cuFFT or pocketfft with the plan cached after the first
call, so the large cases compare the transforms themselves plus each library's output allocation;
bytes are the input read once plus the output written once (cuFFT makes more passes for large
sizes)."""
import functools

import numpy as np


def _complex(h, n, seed):
    return h.host_array(2 * n, h.F32, seed=seed).view(np.complex64)


def _fft(L, x):
    return L.mod.fft.fft(x)


def _rfft2(L, x):
    return L.mod.fft.rfft2(x)


def _fftn(L, x):
    return L.mod.fft.fftn(x)


def _per_call(n, h):
    def setup(L):
        x = L.upload(_complex(h, n, seed=24))
        return functools.partial(L.mod.fft.fft, x)
    return setup


def cases(quick, h):
    n = 2**20 if quick else 2**24
    p = n.bit_length() - 1
    side = 1024 if quick else 4096
    rows = 1024 if quick else 16384
    cube = 128 if quick else 512
    vs = (h.Target("vs", 1.0, "cupy"), h.BEATS_TORCH)
    run1 = lambda fn: (lambda L, args: fn(L, args[0]))  # noqa: E731
    vec = lambda L: (L.upload(_complex(h, n, seed=20)),)  # noqa: E731
    square = lambda L: (L.upload(h.host_array(side * side, h.F32, seed=21).reshape(side, side)),)  # noqa: E731
    batch = lambda L: (L.upload(_complex(h, rows * 1024, seed=22).reshape(rows, 1024)),)  # noqa: E731
    volume = lambda L: (L.upload(_complex(h, cube**3, seed=23).reshape(cube, cube, cube)),)  # noqa: E731
    return [
        h.Case(f"fft 2^{p} c64", setup=vec, run=run1(_fft), nbytes=16 * n, targets=vs),
        h.Case(f"rfft2 ({side}, {side}) f32", setup=square, run=run1(_rfft2),
               nbytes=4 * side * side + 8 * side * (side // 2 + 1), targets=vs),
        h.Case(f"fft(axis=-1) ({rows}, 1024) c64", setup=batch, run=run1(_fft),
               nbytes=16 * rows * 1024, targets=vs),
        h.Case(f"fftn ({cube}, {cube}, {cube}) c64", setup=volume, run=run1(_fftn),
               nbytes=16 * cube**3, targets=vs, libs=("cunp", "cupy", "torch"),
               note="fftn of 512^3: NumPy takes seconds a call and is not timed"),
        h.Case("fft 1024 c64, per call", clock="percall", calls=2000 if quick else 20000,
               setup=_per_call(1024, h), run=None, libs=("cunp", "cupy", "torch"),
               targets=(h.Target("vs", 0.7, "cupy"),)),
    ]
