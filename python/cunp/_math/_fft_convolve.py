"""1-D linear convolution by FFT, over an array namespace `xp` (cunp, or NumPy for the tests):
the path convolve and correlate take for long floating-point inputs."""
from cunp.scipy.fft._helper import next_fast_len


def fft_convolve(xp, a, k, start, length):
    """out[t] = sum_j a[t - j] * k[j] for start <= t < start + length (a and k 1-D, of one
    floating or complex dtype, which the result keeps).

    The product of the transforms of a and k, both zero-padded to a length S, is their circular
    convolution: out[t] plus the full result's terms t + S, t + 2S, ... The full result has
    len(a) + len(k) - 1 terms, so none wraps onto the requested range when
    S >= len(a) + len(k) - 1 - start, and the range fits when S >= start + length; S is the
    next fast length above both (for mode 'valid' that is about len(a), not len(a) + len(k)).
    """
    n, m = a.shape[0], k.shape[0]
    size = next_fast_len(max(n + m - 1 - start, start + length))
    if a.dtype.kind == "c":
        spectrum = xp.fft.fft(a, size)
        spectrum *= xp.fft.fft(k, size)
        full = xp.fft.ifft(spectrum, size)
    else:
        spectrum = xp.fft.rfft(a, size)
        spectrum *= xp.fft.rfft(k, size)
        full = xp.fft.irfft(spectrum, size)
    return full[start:start + length]
