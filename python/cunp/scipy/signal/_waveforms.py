"""Waveforms over an array namespace `xp`: chirp, sweep_poly, gausspulse, sawtooth, square
and unit_impulse (elementwise formulas on the time array, SciPy's dtypes: float64)."""
import math

import numpy as np

from cunp.scipy.signal._namespace import to_host


def _as_float(xp, t):
    t = xp.asarray(t)
    return t if t.dtype.kind in "fc" else t.astype(np.float64)


def _chirp_phase(xp, t, f0, t1, f1, method, vertex_zero):
    t = _as_float(xp, t)
    f0, t1, f1 = float(f0), float(t1), float(f1)
    if method in ("linear", "lin", "li"):
        beta = (f1 - f0) / t1
        return 2 * math.pi * (f0 * t + 0.5 * beta * t * t)
    if method in ("quadratic", "quad", "q"):
        beta = (f1 - f0) / t1 ** 2
        if vertex_zero:
            return 2 * math.pi * (f0 * t + beta * t ** 3 / 3)
        return 2 * math.pi * (f1 * t + beta * ((t1 - t) ** 3 - t1 ** 3) / 3)
    if method in ("logarithmic", "log", "lo"):
        if f0 * f1 <= 0.0:
            raise ValueError("For a logarithmic chirp, f0 and f1 must be nonzero and have the "
                             "same sign.")
        if f0 == f1:
            return 2 * math.pi * f0 * t
        beta = t1 / math.log(f1 / f0)
        return 2 * math.pi * beta * f0 * ((f1 / f0) ** (t / t1) - 1.0)
    if method in ("hyperbolic", "hyp"):
        if f0 == 0 or f1 == 0:
            raise ValueError("For a hyperbolic chirp, f0 and f1 must be nonzero.")
        if f0 == f1:
            return 2 * math.pi * f0 * t
        # The instantaneous frequency f0 f1 t1 / ((f0 - f1) t + f1 t1) is singular here.
        singular = -f1 * t1 / (f0 - f1)
        return 2 * math.pi * (-singular * f0) * xp.log(abs(1 - t / singular))
    raise ValueError("method must be 'linear', 'quadratic', 'logarithmic', or 'hyperbolic', "
                     f"but a value of {method!r} was given.")


def chirp(xp, t, f0, t1, f1, method="linear", phi=0, vertex_zero=True, *, complex=False):
    phase = _chirp_phase(xp, t, f0, t1, f1, method, vertex_zero) + phi * math.pi / 180
    if complex:
        return xp.exp(1j * phase)
    return xp.cos(phase)


def sweep_poly(xp, t, poly):
    coefficients = np.polyint(np.poly1d(to_host(xp, poly))).coeffs
    t = _as_float(xp, t)
    value = 0 * t
    for c in coefficients:
        value = value * t + float(c)
    return xp.cos(2 * math.pi * value)


def gausspulse(xp, t, fc=1000, bw=0.5, bwr=-6, tpr=-60, retquad=False, retenv=False):
    if fc < 0:
        raise ValueError(f"Center frequency (fc={fc:.2f}) must be >=0.")
    if bw <= 0:
        raise ValueError(f"Fractional bandwidth (bw={bw:.2f}) must be > 0.")
    if bwr >= 0:
        raise ValueError(f"Reference level for bandwidth (bwr={bwr:.2f}) must be < 0 dB")
    ref = 10.0 ** (bwr / 20.0)
    a = -(math.pi * fc * bw) ** 2 / (4.0 * math.log(ref))
    if isinstance(t, str):
        if t == "cutoff":
            if tpr >= 0:
                raise ValueError("Reference level for time cutoff must be < 0 dB")
            return math.sqrt(-math.log(10.0 ** (tpr / 20.0)) / a)
        raise ValueError("If `t` is a string, it must be 'cutoff'")
    t = _as_float(xp, t)
    envelope = xp.exp(-a * t * t)
    in_phase = envelope * xp.cos(2 * math.pi * fc * t)
    if not retquad and not retenv:
        return in_phase
    quadrature = envelope * xp.sin(2 * math.pi * fc * t)
    if not retquad:
        return in_phase, envelope
    if not retenv:
        return in_phase, quadrature
    return in_phase, quadrature, envelope


def _periodic(xp, t, width):
    t = xp.asarray(t).astype(np.float64)
    w = xp.asarray(width).astype(np.float64)
    w, t = w + (t - t), t + (w - w)
    return t, w, (w > 1) | (w < 0), xp.mod(t, 2 * math.pi)


def sawtooth(xp, t, width=1):
    t, w, invalid, tmod = _periodic(xp, t, width)
    rising = tmod < w * 2 * math.pi
    # Both ramps are evaluated everywhere and where() picks one; width 0 or 1 makes the unused
    # ramp divide by zero, which must not warn.
    with np.errstate(divide="ignore", invalid="ignore"):
        up = tmod / (math.pi * w) - 1
        down = (math.pi * (w + 1) - tmod) / (math.pi * (1 - w))
    return xp.where(invalid, math.nan, xp.where(rising, up, down))


def square(xp, t, duty=0.5):
    t, w, invalid, tmod = _periodic(xp, t, duty)
    return xp.where(invalid, math.nan, xp.where(tmod < w * 2 * math.pi, 1.0, -1.0))


def unit_impulse(xp, shape, idx=None, dtype=float):
    out = xp.zeros(shape, dtype)
    shape = np.atleast_1d(shape)
    if idx is None:
        idx = (0,) * len(shape)
    elif isinstance(idx, str) and idx == "mid":
        idx = tuple(int(s) for s in shape // 2)
    elif not hasattr(idx, "__iter__"):
        idx = (idx,) * len(shape)
    out[tuple(idx)] = 1
    return out


def gauss_spline(xp, x, n):
    # The B-spline of order n approximated by a Gaussian of the same variance (n + 1) / 12.
    x = xp.asarray(x)
    variance = (n + 1) / 12.0
    return 1 / math.sqrt(2 * math.pi * variance) * xp.exp(-x ** 2 / 2 / variance)


def _boolrelextrema(xp, data, comparator, axis=0, order=1, mode="clip"):
    if int(order) != order or order < 1:
        raise ValueError("Order must be an int >= 1")
    data = xp.asarray(data)
    n = data.shape[axis]
    locs = np.arange(n)
    result = xp.ones(data.shape, dtype=bool)

    def shifted(offset):
        index = locs + offset
        index = np.clip(index, 0, n - 1) if mode == "clip" else np.mod(index, n)
        return xp.take(data, xp.asarray(index), axis=axis)

    for shift in range(1, int(order) + 1):
        result &= comparator(data, shifted(shift))
        result &= comparator(data, shifted(-shift))
    return result


def argrelextrema(xp, data, comparator, axis=0, order=1, mode="clip"):
    if mode not in ("clip", "wrap"):
        raise ValueError(f"mode must be 'clip' or 'wrap', got {mode!r}")
    return xp.nonzero(_boolrelextrema(xp, data, comparator, axis, order, mode))


def argrelmin(xp, data, axis=0, order=1, mode="clip"):
    return argrelextrema(xp, data, np.less, axis, order, mode)


def argrelmax(xp, data, axis=0, order=1, mode="clip"):
    return argrelextrema(xp, data, np.greater, axis, order, mode)


FUNCTIONS = [chirp, sweep_poly, gausspulse, sawtooth, square, unit_impulse, gauss_spline,
             argrelextrema, argrelmin, argrelmax]
