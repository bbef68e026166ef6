"""FIR filter design on the host in NumPy: the window method (firwin, firwin2) and Kaiser's
formulas (kaiserord, kaiser_beta, kaiser_atten). SciPy's algorithms, arguments and errors."""
import math
import operator
import warnings

import numpy as np

from cunp.scipy.signal._representation import validate_fs
from cunp.scipy.signal.windows._host import get_window


def kaiser_beta(a):
    if a > 50:
        return 0.1102 * (a - 8.7)
    if a > 21:
        return 0.5842 * (a - 21) ** 0.4 + 0.07886 * (a - 21)
    return 0.0


def kaiser_atten(numtaps, width):
    return 2.285 * (numtaps - 1) * np.pi * width + 7.95


def kaiserord(ripple, width):
    A = abs(ripple)
    if A < 8:
        raise ValueError(f"Requested maximum ripple attenuation {A:f} is too small for the "
                         "Kaiser formula.")
    numtaps = (A - 7.95) / 2.285 / (np.pi * width) + 1
    return int(math.ceil(numtaps)), kaiser_beta(A)


def _pass_zero(pass_zero, cutoff):
    if not isinstance(pass_zero, str):
        return bool(operator.index(pass_zero))
    if pass_zero in ("bandstop", "lowpass"):
        if pass_zero == "lowpass" and cutoff.size != 1:
            raise ValueError('cutoff must have one element if pass_zero=="lowpass", got '
                             f"{cutoff.shape}")
        if pass_zero == "bandstop" and cutoff.size <= 1:
            raise ValueError('cutoff must have at least two elements if pass_zero=="bandstop",'
                             f" got {cutoff.shape}")
        return True
    if pass_zero in ("bandpass", "highpass"):
        if pass_zero == "highpass" and cutoff.size != 1:
            raise ValueError('cutoff must have one element if pass_zero=="highpass", got '
                             f"{cutoff.shape}")
        if pass_zero == "bandpass" and cutoff.size <= 1:
            raise ValueError('cutoff must have at least two elements if pass_zero=="bandpass",'
                             f" got {cutoff.shape}")
        return False
    raise ValueError('pass_zero must be True, False, "bandpass", "lowpass", "highpass", or '
                     f'"bandstop", got {pass_zero}')


def firwin(numtaps, cutoff, *, width=None, window="hamming", pass_zero=True, scale=True,
           fs=None):
    nyq = 0.5 * (2.0 if fs is None else validate_fs(fs))
    cutoff = np.atleast_1d(cutoff) / float(nyq)
    if cutoff.ndim > 1:
        raise ValueError("The cutoff argument must be at most one-dimensional.")
    if cutoff.size == 0:
        raise ValueError("At least one cutoff frequency must be given.")
    if cutoff.min() <= 0 or cutoff.max() >= 1:
        raise ValueError("Invalid cutoff frequency: frequencies must be greater than 0 and "
                         "less than fs/2.")
    if np.any(np.diff(cutoff) <= 0):
        raise ValueError("Invalid cutoff frequencies: the frequencies must be strictly "
                         "increasing.")
    if width is not None:
        window = ("kaiser", kaiser_beta(kaiser_atten(numtaps, float(width) / nyq)))
    pass_zero = _pass_zero(pass_zero, cutoff)
    pass_nyquist = bool(cutoff.size & 1) ^ pass_zero
    if pass_nyquist and numtaps % 2 == 0:
        raise ValueError("A filter with an even number of coefficients must have zero response "
                         "at the Nyquist frequency.")
    # The ideal response is a sum of band-limited sinc pulses, one pair per pass band.
    cutoff = np.hstack(([0.0] * pass_zero, cutoff, [1.0] * pass_nyquist))
    bands = cutoff.reshape(-1, 2)
    m = np.arange(0, numtaps) - 0.5 * (numtaps - 1)
    h = 0
    for left, right in bands:
        h = h + right * np.sinc(right * m) - left * np.sinc(left * m)
    h = h * get_window(window, numtaps, fftbins=False)
    if scale:
        # Unit gain at the centre of the first pass band (0 or Nyquist at the edges).
        left, right = bands[0]
        frequency = 0.0 if left == 0 else 1.0 if right == 1 else 0.5 * (left + right)
        h = h / np.sum(h * np.cos(np.pi * m * frequency))
    return h


def firwin2(numtaps, freq, gain, *, nfreqs=None, window="hamming", antisymmetric=False,
            fs=None):
    nyq = 0.5 * (2.0 if fs is None else validate_fs(fs))
    if len(freq) != len(gain):
        raise ValueError("freq and gain must be of same length.")
    if nfreqs is not None and numtaps >= nfreqs:
        raise ValueError(f"ntaps must be less than nfreqs, but firwin2 was called with "
                         f"ntaps={numtaps} and nfreqs={nfreqs}")
    if freq[0] != 0 or freq[-1] != nyq:
        raise ValueError("freq must start with 0 and end with fs/2.")
    d = np.diff(freq)
    if (d < 0).any():
        raise ValueError("The values in freq must be nondecreasing.")
    if ((d[:-1] + d[1:]) == 0).any():
        raise ValueError("A value in freq must not occur more than twice.")
    if freq[1] == 0:
        raise ValueError("Value 0 must not be repeated in freq")
    if freq[-2] == nyq:
        raise ValueError("Value fs/2 must not be repeated in freq")
    ftype = (3 if numtaps % 2 else 4) if antisymmetric else (1 if numtaps % 2 else 2)
    if ftype == 2 and gain[-1] != 0.0:
        raise ValueError("A Type II filter must have zero gain at the Nyquist frequency.")
    if ftype == 3 and (gain[0] != 0.0 or gain[-1] != 0.0):
        raise ValueError("A Type III filter must have zero gain at zero and Nyquist "
                         "frequencies.")
    if ftype == 4 and gain[0] != 0.0:
        raise ValueError("A Type IV filter must have zero gain at zero frequency.")
    if nfreqs is None:
        nfreqs = 1 + 2 ** int(math.ceil(math.log(numtaps, 2)))
    if (d == 0).any():
        # A repeated frequency is a step: split it by one ulp each way so interp sees a jump.
        freq = np.array(freq, dtype=float, copy=True)
        eps = np.finfo(float).eps * nyq
        for k in range(len(freq) - 1):
            if freq[k] == freq[k + 1]:
                freq[k] -= eps
                freq[k + 1] += eps
        if (np.diff(freq) <= 0).any():
            raise ValueError("freq cannot contain numbers that are too close (within eps * "
                             f"(fs/2): {eps}) to a repeated value")
    x = np.linspace(0.0, nyq, nfreqs)
    fx = np.interp(x, freq, gain)
    # A linear phase delay of (numtaps - 1) / 2 samples puts the filter first in the inverse
    # transform's output.
    shift = np.exp(-(numtaps - 1) / 2.0 * 1j * np.pi * x / nyq)
    if ftype > 2:
        shift *= 1j
    out = np.fft.irfft(fx * shift)[:numtaps]
    if window is not None:
        out = out * get_window(window, numtaps, fftbins=False)
    if ftype == 3:
        out[out.size // 2] = 0.0
    return out


def firls(numtaps, bands, desired, *, weight=None, fs=None):
    nyq = 0.5 * (2.0 if fs is None else validate_fs(fs))
    numtaps = int(numtaps)
    if numtaps % 2 == 0 or numtaps < 1:
        raise ValueError("numtaps must be odd and >= 1")
    M = (numtaps - 1) // 2
    bands = np.asarray(bands, dtype=float).flatten() / nyq
    if len(bands) % 2 != 0:
        raise ValueError("bands must contain frequency pairs.")
    if (bands < 0).any() or (bands > 1).any():
        raise ValueError("bands must be between 0 and 1 relative to Nyquist")
    bands = bands.reshape(-1, 2)
    desired = np.asarray(desired, dtype=float).flatten()
    if bands.size != desired.size:
        raise ValueError(f"desired must have one entry per frequency, got {desired.size} gains "
                         f"for {bands.size} frequencies.")
    desired = desired.reshape(-1, 2)
    if (np.diff(bands) <= 0).any() or (np.diff(bands[:, 0]) < 0).any():
        raise ValueError("bands must be monotonically nondecreasing and have width > 0.")
    if (bands[:-1, 1] > bands[1:, 0]).any():
        raise ValueError("bands must not overlap.")
    if (desired < 0).any():
        raise ValueError("desired must be non-negative.")
    weight = np.ones(len(desired)) if weight is None else np.asarray(weight).flatten()
    if len(weight) != len(desired):
        raise ValueError("weight must be the same size as the number of band pairs "
                         f"({len(bands)}).")
    if (weight < 0).any():
        raise ValueError("weight must be non-negative.")
    # The normal equations Q a = b of the weighted squared error over the bands, with piecewise
    # linear desired gains: Q is Toeplitz plus Hankel in q(n) = sum W f sinc(n f) over each
    # band's ends; the factors 1/2 and 1/pi cancel.
    n = np.arange(numtaps)[:, None, None]
    q = np.dot(np.diff(np.sinc(bands * n) * bands, axis=2)[:, :, 0], weight)
    i = np.arange(M + 1)
    Q = q[np.abs(i[:, None] - i[None, :])] + q[i[:, None] + i[None, :]]
    n = n[:M + 1]
    slope = np.diff(desired, axis=1) / np.diff(bands, axis=1)
    offset = desired[:, [0]] - bands[:, [0]] * slope
    b = bands * (slope * bands + offset) * np.sinc(bands * n)
    # cos(n pi f) / (pi n f)^2 at n = 0 by L'Hospital's rule.
    b[0] -= slope * bands * bands / 2.0
    b[1:] += slope * np.cos(n[1:] * np.pi * bands) / (np.pi * n[1:]) ** 2
    b = np.dot(np.diff(b, axis=2)[:, :, 0], weight)
    if np.linalg.cond(Q) < 1 / np.finfo(float).eps:
        a = np.linalg.solve(Q, b)
    else:
        a = np.linalg.lstsq(Q, b, rcond=None)[0]
    return np.hstack((a[:0:-1], 2 * a[0], a[1:]))


def _discrete_hilbert_minimum(mag):
    """The minimum-phase sequence with magnitude response mag (the cepstrum's causal part)."""
    sign = np.zeros(len(mag))
    mid = len(mag) // 2
    sign[1:mid] = 1
    sign[mid + 1:] = -1
    return np.fft.ifft(mag * np.exp(np.fft.fft(sign * np.fft.ifft(np.log(mag))))).real


def _causal_fold(n_fft):
    """The window that folds a real cepstrum onto non-negative quefrencies (Oppenheim and
    Schafer, eq. 13.42b): 1 at 0, 2 at 1 .. ceil(n_fft / 2) - 1, 1 at the Nyquist quefrency
    n_fft / 2 when n_fft is even, 0 beyond; it sums to n_fft. SciPy 1.18 fixed its window to
    this (before, it left out the last positive quefrency and weighted n_fft // 2 with the
    parities swapped: a passband ripple, 1e-3 for odd n_fft, and 1e-4 differences at
    n_fft = 256)."""
    fold = np.zeros(n_fft)
    fold[0] = 1
    stop = n_fft // 2
    fold[1:stop + 1] = 2
    if n_fft % 2 == 0:
        fold[stop] = 1
    return fold


def minimum_phase(h, method="homomorphic", n_fft=None, *, half=True):
    h = np.asarray(h)
    if np.iscomplexobj(h):
        raise ValueError("Complex filters not supported")
    if h.ndim != 1 or h.size <= 2:
        raise ValueError("h must be 1-D and at least 2 samples long")
    n_half = len(h) // 2
    if not np.allclose(h[-n_half:][::-1], h[:n_half]):
        warnings.warn("h does not appear to by symmetric, conversion may fail", RuntimeWarning,
                      stacklevel=3)
    if not isinstance(method, str) or method not in ("homomorphic", "hilbert"):
        raise ValueError(f'method must be "homomorphic" or "hilbert", got {method!r}')
    if method == "hilbert" and not half:
        raise ValueError("`half=False` is only supported when `method='homomorphic'`")
    if n_fft is None:
        n_fft = 2 ** int(np.ceil(np.log2(2 * (len(h) - 1) / 0.01)))
    n_fft = int(n_fft)
    if n_fft < len(h):
        raise ValueError(f"n_fft must be at least len(h)=={len(h)}")
    if method == "hilbert":
        # The linear-phase response made real, shifted and scaled to a non-negative
        # magnitude, whose square root is the minimum-phase magnitude.
        w = np.arange(n_fft) * (2 * np.pi / n_fft * n_half)
        H = np.real(np.fft.fft(h, n_fft) * np.exp(1j * w))
        dp, ds = max(H) - 1, 0 - min(H)
        S = 4.0 / (np.sqrt(1 + dp + ds) + np.sqrt(1 - dp + ds)) ** 2
        H = np.sqrt((H + ds) * S) + 1e-10
        h_minimum = _discrete_hilbert_minimum(H)
    else:
        # Homomorphic: the real cepstrum of |H| (halved: the square root of the magnitude),
        # folded onto positive quefrencies, then exponentiated back.
        magnitude = np.abs(np.fft.fft(h, n_fft))
        magnitude += 1e-7 * magnitude[magnitude > 0].min()
        cepstrum = np.log(magnitude)
        if half:
            cepstrum *= 0.5
        cepstrum = np.fft.ifft(cepstrum).real
        h_minimum = np.fft.ifft(np.exp(np.fft.fft(cepstrum * _causal_fold(n_fft)))).real
    n_out = (n_half + len(h) % 2) if half else len(h)
    return h_minimum[:n_out]


FUNCTIONS = [minimum_phase, firwin, firwin2, firls, kaiserord, kaiser_beta, kaiser_atten]
