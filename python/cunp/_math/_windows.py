"""Window functions for signal processing: bartlett, blackman, hamming, hanning, kaiser (float64,
as NumPy's)."""
import math

from cunp._core import ones, zeros
from cunp._creation._basic import arange

__all__ = ["bartlett", "blackman", "hamming", "hanning", "kaiser"]


def _points(M):  # noqa: N803 - NumPy's parameter names
    """M as a float, and the window's points 1-M, 3-M, ..., M-1; an empty or one-point window
    as the array to return instead (None for the points)."""
    M = float(M)  # noqa: N806
    if M < 1:
        return M, zeros((0,), "float64")
    if M == 1:
        return M, ones((1,), "float64")
    return M, arange(1 - M, M, 2)


def bartlett(M):  # noqa: N803
    """The triangular window of M points."""
    from cunp import where

    M, n = _points(M)  # noqa: N806
    if n.size <= 1:
        return n
    return where(n <= 0, 1 + n / (M - 1), 1 - n / (M - 1))


def _cosine_window(M, a0, a1, a2=0.0):  # noqa: N803
    from cunp import cos

    M, n = _points(M)  # noqa: N806
    if n.size <= 1:
        return n
    out = a0 + a1 * cos(math.pi * n / (M - 1))
    if a2:
        out = out + a2 * cos(2.0 * math.pi * n / (M - 1))
    return out


def blackman(M):  # noqa: N803
    """The Blackman window of M points."""
    return _cosine_window(M, 0.42, 0.5, 0.08)


def hamming(M):  # noqa: N803
    """The Hamming window of M points."""
    return _cosine_window(M, 0.54, 0.46)


def hanning(M):  # noqa: N803
    """The Hann window of M points."""
    return _cosine_window(M, 0.5, 0.5)


def kaiser(M, beta):  # noqa: N803
    """The Kaiser window of M points with shape parameter beta: I0(beta sqrt(1 - t^2)) / I0(beta)
    for t evenly from -1 to 1."""
    import numpy

    from cunp import ndarray, sqrt
    from cunp._math._extras import i0

    # NumPy reads both through one float64 array: its errors (a sequence for beta: ValueError)
    # and its conversions.
    values = numpy.array([0.0, M, beta.get() if isinstance(beta, ndarray) else beta])
    M, beta = float(values[1]), values[2].item()  # noqa: N806
    if M == 1:
        return ones((1,), "float64")
    n = arange(0, M)
    alpha = (M - 1) / 2.0
    return i0(beta * sqrt(1 - ((n - alpha) / alpha) ** 2.0)) / i0(beta)
