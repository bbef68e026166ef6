"""gammatone: an auditory (gammatone) band-pass filter after Slaney (Apple TR 35, 1993), as an
FIR of the sampled impulse response or as an 8th-order IIR (four cascaded 2nd-order sections).
Host maths in NumPy on a few coefficients; the public wrapper returns cunp arrays."""
import math
import warnings

import numpy as np

from cunp.scipy.signal._representation import validate_fs


def _erb(freq):
    """Equivalent rectangular bandwidth (Glasberg and Moore) in Hz."""
    return 24.7 + freq / 9.26449


def gammatone(freq, ftype, order=None, numtaps=None, fs=None):
    if ftype not in ("fir", "iir"):
        raise ValueError("ftype must be either fir or iir.")
    fs = 2.0 if fs is None else validate_fs(fs, allow_none=False)
    freq = float(freq)
    if not 0 < freq < fs / 2:
        raise ValueError(f"The frequency must be between 0 and {fs / 2} (nyquist), "
                         f"but given {freq}.")
    bw = 2 * math.pi * 1.019 * _erb(freq)
    if ftype == "fir":
        order = 4 if order is None else order
        if order <= 0 or order > 24:
            raise ValueError("Invalid order: order must be > 0 and <= 24.")
        if numtaps is None:
            numtaps = max(int(fs * 0.015), 15)
        t = np.arange(numtaps) / fs
        b = t ** (order - 1) * np.exp(-bw * t) * np.cos(2 * math.pi * freq * t)
        # The continuous impulse response normalised to unit gain at freq.
        b *= 2 * bw ** order / math.factorial(order - 1) / fs
        return b, np.array([1.0])
    for name, value in (("order", order), ("numtaps", numtaps)):
        if value is not None:
            warnings.warn(f"{name} is not used for IIR gammatone filter.", stacklevel=3)
    T = 1 / fs
    theta = 2 * math.pi * freq * T
    decay = math.exp(-bw * T)
    den = np.array([1.0, -2 * math.cos(theta) * decay, math.exp(-2 * bw * T)])
    # The four sections share their poles; their zeros sit at the four sign choices of
    # sqrt(3 +- 2^1.5), which together give the 4th-order gammatone's response.
    b, a = np.ones(1), np.ones(1)
    gain = 1.0 + 0j
    for outer in (1, -1):
        for inner in (1, -1):
            root = inner * math.sqrt(3 + outer * 2 ** 1.5)
            a1 = -T * decay * (math.cos(theta) + root * math.sin(theta))
            b = np.convolve(b, [T, a1, 0.0])
            a = np.convolve(a, den)
            # |section response| at z = exp(i theta), for unit gain at the centre frequency.
            z1 = np.exp(-1j * theta)
            gain *= (T + a1 * z1) / (den[0] + den[1] * z1 + den[2] * z1 * z1)
    # Each section is T + a1 z^-1 + 0 z^-2: the product ends in four zeros SciPy leaves out.
    return b[:5] / abs(gain), a


HOST_FUNCTIONS = [gammatone]
