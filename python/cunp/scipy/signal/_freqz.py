"""Frequency responses on the host in NumPy: freqz, freqz_sos (sosfreqz), freqz_zpk, freqs,
freqs_zpk and group_delay. Coefficient arrays are small; SciPy evaluates them the same way."""
import operator
import warnings

import numpy as np
from numpy.polynomial.polynomial import polyval as polyval_ascending
from numpy.polynomial.polynomial import polyvalfromroots

from cunp.scipy.signal._representation import roots as _roots
from cunp.scipy.signal._representation import validate_fs, validate_sos


def _is_int(x):
    try:
        operator.index(x)
    except TypeError:
        return False
    return True


def freqz(b, a=1, worN=512, whole=False, plot=None, fs=2 * np.pi, include_nyquist=False):
    b, a = np.atleast_1d(b), np.atleast_1d(a)
    fs = validate_fs(fs, allow_none=False)
    if worN is None:
        worN = 512
    h = None
    if _is_int(worN):
        N = operator.index(worN)
        if N < 0:
            raise ValueError(f"worN must be nonnegative, got {N}")
        last = 2 * np.pi if whole else np.pi
        w = np.linspace(0, last, N, endpoint=include_nyquist and not whole)
        n_fft = N if whole else 2 * (N - 1) if include_nyquist else 2 * N
        if a.size == 1 and (b.ndim == 1 or b.shape[-1] == 1) and n_fft >= b.shape[0] \
                and n_fft > 0:
            # An FIR response on an even grid is one FFT of the zero-padded taps.
            real = np.isrealobj(b) and np.isrealobj(a)
            h = (np.fft.rfft if real else np.fft.fft)(b, n=n_fft, axis=0)[:N]
            # SciPy's transforms keep single precision; the division is in place there.
            h = h.astype(np.result_type(b.dtype, np.complex64), copy=False)
            h /= a
            if real and whole:
                stop = -1 if n_fft % 2 == 1 else -2
                h = np.concatenate((h, h[stop:0:-1].conj()))
            if b.ndim > 1:
                h = np.moveaxis(h[..., 0], 0, -1)
    else:
        w = 2 * np.pi * np.atleast_1d(worN) / fs
    if h is None:
        zm1 = np.exp(-1j * w)
        h = polyval_ascending(zm1, b, tensor=False) / polyval_ascending(zm1, a, tensor=False)
    w = w * (fs / (2 * np.pi))
    if plot is not None:
        plot(w, h)
    return w, h


def freqz_sos(sos, worN=512, whole=False, fs=2 * np.pi):
    fs = validate_fs(fs, allow_none=False)
    sos, n_sections = validate_sos(sos)
    if n_sections == 0:
        raise ValueError("Cannot compute frequencies with no sections")
    h = 1.0
    for row in sos:
        w, row_h = freqz(row[:3], row[3:], worN=worN, whole=whole, fs=fs)
        h = h * row_h
    return w, h


sosfreqz = freqz_sos


def freqz_zpk(z, p, k, worN=512, whole=False, fs=2 * np.pi):
    z, p = np.atleast_1d(z), np.atleast_1d(p)
    fs = validate_fs(fs, allow_none=False)
    last = 2 * np.pi if whole else np.pi
    if worN is None:
        w = np.linspace(0, last, 512, endpoint=False)
    elif _is_int(worN):
        w = np.linspace(0, last, worN, endpoint=False)
    else:
        w = 2 * np.pi * np.atleast_1d(worN) / fs
    zm1 = np.exp(1j * w)
    h = k * polyvalfromroots(zm1, z) / polyvalfromroots(zm1, p)
    return w * (fs / (2 * np.pi)), h


def _findfreqs(num, den, N, kind="ba"):
    """SciPy's logarithmic grid spanning the poles' and zeros' frequencies."""
    if kind == "ba":
        ep = np.atleast_1d(_roots(den)) + 0j
        tz = np.atleast_1d(_roots(num)) + 0j
    elif kind == "zp":
        ep = np.atleast_1d(den) + 0j
        tz = np.atleast_1d(num) + 0j
    else:
        raise ValueError("input must be one of {'ba', 'zp'}")
    if len(ep) == 0:
        ep = np.array([-1000], dtype=ep.dtype)
    ez = np.r_[ep[ep.imag >= 0], tz[(np.abs(tz) < 1e5) & (tz.imag >= 0)]]
    integ = np.abs(ez) < 1e-10
    high = np.round(np.log10(np.max(3 * np.abs(ez.real + integ) + 1.5 * ez.imag)) + 0.5)
    low = np.round(np.log10(0.1 * np.min(np.abs((ez + integ).real) + 2 * ez.imag)) - 0.5)
    return np.logspace(low, high, N)


def findfreqs(num, den, N, kind="ba"):
    return _findfreqs(num, den, N, kind)


def czt_points(m, w=None, a=1 + 0j):
    if not (isinstance(m, (int, np.integer)) and m > 0):
        raise ValueError(f"Invalid number of CZT data points ({m}) specified. n must be "
                         "positive and integer type.")
    k = np.arange(m)
    a = 1.0 * a
    if w is None:
        # The m-th roots of unity, scaled by a.
        return a * np.exp(2j * np.pi * k / m)
    return a * (1.0 * w) ** -k


def freqs(b, a, worN=200, plot=None):
    if worN is None:
        w = _findfreqs(b, a, 200)
    elif _is_int(worN):
        w = _findfreqs(b, a, worN)
    else:
        w = np.atleast_1d(worN)
    s = 1j * w
    h = np.polyval(b, s) / np.polyval(a, s)
    if plot is not None:
        plot(w, h)
    return w, h


def freqs_zpk(z, p, k, worN=200):
    z, p = np.atleast_1d(z), np.atleast_1d(p)
    if worN is None:
        w = _findfreqs(z, p, 200, kind="zp")
    elif _is_int(worN):
        w = _findfreqs(z, p, worN, kind="zp")
    else:
        w = np.atleast_1d(worN)
    s = 1j * w
    return w, k * polyvalfromroots(s, z) / polyvalfromroots(s, p)


def group_delay(system, w=512, whole=False, fs=2 * np.pi):
    if w is None:
        w = 512
    if _is_int(w):
        w = np.linspace(0, 2 * np.pi if whole else np.pi, w, endpoint=False)
    else:
        w = 2 * np.pi * np.atleast_1d(w) / fs
    b, a = map(np.atleast_1d, system)
    # The delay of b/a is that of b * conj(reversed a) less len(a) - 1, a ratio of polynomials.
    c = np.convolve(b, np.conjugate(a[::-1]))
    cr = c * np.arange(c.size)
    z = np.exp(-1j * w)
    num = np.polyval(cr[::-1], z)
    den = np.polyval(c[::-1], z)
    with np.errstate(divide="ignore", invalid="ignore"):
        gd = np.real(num / den) - a.size + 1
    singular = ~np.isfinite(gd)
    near_singular = np.absolute(den) < 10 * 2e-16
    if np.any(singular):
        gd[singular] = 0
        warnings.warn(f"The group delay is singular at frequencies [{w[singular]}], setting "
                      "to 0", stacklevel=3)
    elif np.any(near_singular):
        warnings.warn("The filter's denominator is extremely small at frequencies "
                      f"[{w[near_singular]}], around which a singularity may be present",
                      stacklevel=3)
    return w * (fs / (2 * np.pi)), gd


FUNCTIONS = [findfreqs, czt_points, freqz, freqz_sos, freqz_zpk, freqs, freqs_zpk, group_delay]
