"""Savitzky-Golay smoothing over an array namespace `xp`: savgol_coeffs (a least-squares
polynomial fit, host maths) and savgol_filter (one short convolution along the axis; mode
'interp' refits the edges, a small matrix applied to the first and last windows)."""
import math

import numpy as np

from cunp.scipy.signal import _convolve
from cunp.scipy.signal._filtering import _normalize_axis


def savgol_coeffs(window_length, polyorder, deriv=0, delta=1.0, pos=None, use="conv"):
    if polyorder >= window_length:
        raise ValueError("polyorder must be less than window_length.")
    halflen, rem = divmod(window_length, 2)
    if pos is None:
        pos = halflen - 0.5 if rem == 0 else halflen
    if not 0 <= pos < window_length:
        raise ValueError("pos must be nonnegative and less than window_length.")
    if use not in ("conv", "dot"):
        raise ValueError("`use` must be 'conv' or 'dot'")
    if deriv > polyorder:
        return np.zeros(window_length)
    # Least squares on the Vandermonde matrix of the window's offsets from pos (reversed for a
    # convolution); the right-hand side picks the derivative's coefficient.
    x = np.arange(-pos, window_length - pos, dtype=float)
    if use == "conv":
        x = x[::-1]
    A = x ** np.arange(polyorder + 1).reshape(-1, 1)
    y = np.zeros(polyorder + 1)
    y[deriv] = math.factorial(deriv) / delta ** deriv
    return np.linalg.lstsq(A, y, rcond=None)[0]


_PAD_MODES = {"mirror": "reflect", "nearest": "edge", "wrap": "wrap", "constant": "constant"}


def _edge_matrix(window_length, polyorder, deriv, delta, rows):
    """The linear map from a window's samples to the fitted polynomial's deriv-th derivative
    at the offsets `rows` (np.polyfit applied to the identity's columns)."""
    coefficients = np.polyfit(np.arange(window_length), np.eye(window_length), polyorder)
    for _ in range(deriv):
        n = coefficients.shape[0]
        if n <= 1:
            coefficients = np.zeros((1, window_length))
            break
        coefficients = coefficients[:-1] * np.arange(n - 1, 0, -1)[:, None]
    powers = np.vander(rows.astype(float), coefficients.shape[0])
    return powers @ coefficients / delta ** deriv


def savgol_filter(xp, x, window_length, polyorder, deriv=0, delta=1.0, axis=-1, mode="interp",
                  cval=0.0):
    if mode not in ("mirror", "constant", "nearest", "interp", "wrap"):
        raise ValueError("mode must be 'mirror', 'constant', 'nearest' 'wrap' or 'interp'.")
    x = xp.asarray(x)
    if x.dtype not in (np.float64, np.float32):
        x = x.astype(np.float64)
    coeffs = savgol_coeffs(window_length, polyorder, deriv=deriv, delta=delta)
    axis = _normalize_axis(axis, x.ndim)
    n = x.shape[axis]
    if mode == "interp" and window_length > n:
        raise ValueError("If mode is 'interp', window_length must be less than or equal to the "
                         "size of x.")
    moved = xp.moveaxis(x, axis, -1)
    # ndimage.convolve1d's alignment: `before` samples precede each output's window.
    before = window_length // 2 - (0 if window_length % 2 else 1)
    after = window_length - 1 - before
    pad = [(0, 0)] * (moved.ndim - 1) + [(before, after)]
    if mode in ("interp", "constant"):
        extended = xp.pad(moved, pad, mode="constant",
                          constant_values=0.0 if mode == "interp" else cval)
    else:
        extended = xp.pad(moved, pad, mode=_PAD_MODES[mode])
    kernel = xp.asarray(coeffs.astype(x.dtype).reshape((1,) * (moved.ndim - 1) + (-1,)))
    y = _convolve.convolve(xp, extended, kernel, "valid", "direct").astype(x.dtype, copy=False)
    if mode == "interp":
        half = window_length // 2
        first = _edge_matrix(window_length, polyorder, deriv, delta, np.arange(0, half))
        last = _edge_matrix(window_length, polyorder, deriv, delta,
                            np.arange(window_length - half, window_length))
        y[..., :half] = moved[..., :window_length] @ xp.asarray(first.T.astype(x.dtype))
        if half:
            y[..., n - half:] = moved[..., n - window_length:] @ xp.asarray(
                last.T.astype(x.dtype))
    return xp.moveaxis(y, -1, axis)


FUNCTIONS = [savgol_filter]
HOST_FUNCTIONS = [savgol_coeffs]
