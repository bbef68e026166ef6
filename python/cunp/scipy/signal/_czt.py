"""The chirp z-transform (CZT, czt) and its zoom form (ZoomFFT, zoom_fft) by Bluestein's
algorithm: the chirps and the kernel's spectrum are host maths once per transform, each call is
one multiply, one FFT pair and one multiply on the device."""
import cmath
import numbers

import numpy as np

from cunp.scipy.fft._helper import next_fast_len


def _validate_sizes(n, m):
    if n < 1 or not isinstance(n, numbers.Integral):
        raise ValueError(f"Invalid number of CZT data points ({n}) specified. n must be "
                         "positive and integer type.")
    if m is None:
        return n
    if m < 1 or not isinstance(m, numbers.Integral):
        raise ValueError(f"Invalid number of CZT output points ({m}) specified. m must be "
                         "positive and integer type.")
    return m


class CZT:
    """The chirp z-transform of n points onto m points of the spiral a w^-k (SciPy's CZT)."""

    _xp = None  # the array namespace of the calls: cunp unless a test sets NumPy

    def __init__(self, n, m=None, w=None, a=1 + 0j):
        m = _validate_sizes(n, m)
        k = np.arange(max(m, n), dtype=np.min_scalar_type(-max(m, n) ** 2))
        if w is None:
            w = cmath.exp(-2j * np.pi / m)
            # k^2 mod 2m keeps the phase exact for large k.
            wk2 = np.exp(-(1j * np.pi * ((k ** 2) % (2 * m))) / m)
        else:
            wk2 = w ** (k ** 2 / 2.0)
        a = 1.0 * a
        self.w, self.a, self.m, self.n = w, a, m, n
        self._setup(a ** -k[:n] * wk2[:n], wk2)

    def _setup(self, awk2, wk2):
        n, m = self.n, self.m
        self._nfft = next_fast_len(n + m - 1)
        self._Awk2 = awk2
        self._Fwk2 = np.fft.fft(1 / np.hstack((wk2[n - 1:0:-1], wk2[:m])), self._nfft)
        self._wk2 = wk2[:m]

    def __call__(self, x, *, axis=-1):
        xp = self._xp
        if xp is None:
            import cunp as xp
        x = xp.asarray(x)
        if x.shape[axis] != self.n:
            raise ValueError(f"CZT defined for length {self.n}, not {x.shape[axis]}")
        x = xp.moveaxis(x, axis, -1)
        spectrum = xp.fft.fft(x * xp.asarray(self._Awk2), self._nfft)
        y = xp.fft.ifft(xp.asarray(self._Fwk2) * spectrum)
        y = y[..., self.n - 1:self.n + self.m - 1] * xp.asarray(self._wk2)
        return xp.moveaxis(y.astype(np.complex128, copy=False), -1, axis)

    def points(self):
        """The points of the z-plane where the transform is evaluated."""
        xp = self._xp
        if xp is None:
            import cunp as xp
        return xp.asarray(czt_points(self.m, self.w, self.a))


class ZoomFFT(CZT):
    """The DFT of n points on m frequencies from fn[0] to fn[1] (SciPy's ZoomFFT)."""

    def __init__(self, n, fn, m=None, *, fs=2, endpoint=False):
        m = _validate_sizes(n, m)
        k = np.arange(max(m, n), dtype=np.min_scalar_type(-max(m, n) ** 2))
        if np.size(fn) == 2:
            f1, f2 = fn
        elif np.size(fn) == 1:
            f1, f2 = 0.0, fn
        else:
            raise ValueError("fn must be a scalar or 2-length sequence")
        self.f1, self.f2, self.fs = f1, f2, fs
        scale = ((f2 - f1) * m) / (fs * (m - 1)) if endpoint else (f2 - f1) / fs
        wk2 = np.exp(-(1j * np.pi * scale * k ** 2) / m)
        self.w = cmath.exp(-2j * np.pi / m * scale)
        self.a = cmath.exp(2j * np.pi * f1 / fs)
        self.m, self.n = m, n
        self._setup(np.exp(-2j * np.pi * f1 / fs * k[:n]) * wk2[:n], wk2)


def czt_points(m, w=None, a=1 + 0j):
    from cunp.scipy.signal._freqz import czt_points as host

    return host(m, w, a)


def czt(xp, x, m=None, w=None, a=1 + 0j, *, axis=-1):
    x = xp.asarray(x)
    transform = CZT(x.shape[axis], m=m, w=w, a=a)
    transform._xp = xp
    return transform(x, axis=axis)


def zoom_fft(xp, x, fn, m=None, *, fs=2, endpoint=False, axis=-1):
    x = xp.asarray(x)
    transform = ZoomFFT(x.shape[axis], fn, m=m, fs=fs, endpoint=endpoint)
    transform._xp = xp
    return transform(x, axis=axis)


FUNCTIONS = [czt, zoom_fft]
