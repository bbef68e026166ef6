"""The continuous wavelet transform and its wavelets (cwt, ricker, morlet, morlet2) and qmf,
over an array namespace `xp`. SciPy removed them in 1.15; CuPy keeps them, so their behaviour
here is SciPy 1.14's."""
import math

import numpy as np

from cunp.scipy.signal import _convolve


def qmf(xp, hk):
    """The quadrature mirror filter of the low-pass filter `hk`: hk reversed, every other
    coefficient negated."""
    hk = xp.asarray(hk)
    signs = xp.asarray(np.where(np.arange(hk.shape[0]) % 2 == 0, 1, -1))
    return hk[::-1] * signs


def ricker(xp, points, a):
    """The Ricker ('Mexican hat') wavelet of width `a` at `points` samples centred on 0."""
    amplitude = 2.0 / (math.sqrt(3.0 * a) * math.pi ** 0.25)
    x = xp.arange(0, points, dtype=xp.float64) - (points - 1.0) / 2
    x2 = x * x
    return amplitude * (1.0 - x2 / (a * a)) * xp.exp(-x2 / (2.0 * a * a))


def morlet(xp, M, w=5.0, s=1.0, complete=True):
    """The complex Morlet wavelet of M points over [-2 pi s, 2 pi s], with the correction
    term that makes it admissible when `complete`."""
    x = xp.linspace(-s * 2 * math.pi, s * 2 * math.pi, M)
    out = xp.exp(1j * w * x)
    if complete:
        out = out - math.exp(-0.5 * w * w)
    return out * xp.exp(-0.5 * x * x) * math.pi ** -0.25


def morlet2(xp, M, s, w=5):
    """The complex Morlet wavelet of width `s` for cwt, M points centred on 0, normalised to
    unit energy."""
    x = (xp.arange(0, M, dtype=xp.float64) - (M - 1.0) / 2) / s
    wavelet = xp.exp(1j * w * x) * xp.exp(-0.5 * x * x) * math.pi ** -0.25
    return math.sqrt(1.0 / s) * wavelet


def cwt(xp, data, wavelet, widths, dtype=None, **kwargs):
    """The continuous wavelet transform of 1-D `data`: one row per width, the data convolved
    ('same') with the conjugated, reversed wavelet(min(10 width, len(data)), width)."""
    data = xp.asarray(data)
    widths = np.asarray(widths if not hasattr(widths, "get") else widths.get())
    if dtype is None:
        probe = xp.asarray(wavelet(1, widths[0], **kwargs))
        dtype = np.complex128 if probe.dtype.kind == "c" else np.float64
    out = xp.empty((len(widths), data.shape[0]), dtype=dtype)
    for row, width in enumerate(widths):
        n = min(10 * width, data.shape[0])
        kernel = xp.conj(xp.asarray(wavelet(n, width, **kwargs))[::-1])
        out[row] = _convolve.convolve(xp, data, kernel, mode="same")
    return out


FUNCTIONS = [cwt, morlet, morlet2, qmf, ricker]
