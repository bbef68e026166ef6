"""fht, ifht and fhtoffset: Hamilton's FFTLog (MNRAS 312, 257, 2000), the Hankel transform of
a logarithmically spaced sequence as one real FFT, a product with the coefficients u_m and an
inverse real FFT, reversed. The n/2 + 1 coefficients are Gamma-function ratios computed on the
host (tiny, as SciPy does); the transforms run on the device."""
import math

import numpy

import cunp

_LN2 = math.log(2.0)


def _loggamma(z):
    """The principal branch of log Gamma(z) for complex z (NumPy arrays): Stirling's series at
    z + N with Re(z + N) >= 10, brought back by the sum of log(z + k) (a sum of logarithms, not
    the logarithm of a product, keeps the branch). Accurate to ~1e-15 relative."""
    z = numpy.asarray(z, dtype=complex)
    shift = numpy.maximum(0, numpy.ceil(10.0 - z.real)).astype(numpy.int64)
    acc = numpy.zeros_like(z)
    w = z.copy()
    for k in range(int(shift.max()) if shift.size else 0):
        move = k < shift
        acc -= numpy.where(move, numpy.log(numpy.where(move, w, 1.0)), 0.0)
        w = numpy.where(move, w + 1.0, w)
    inv = 1.0 / w
    inv2 = inv * inv
    # Stirling's series: B_2k / (2k (2k - 1) w^(2k - 1)) for k = 1..7.
    series = inv * (1 / 12 + inv2 * (-1 / 360 + inv2 * (1 / 1260 + inv2 * (
        -1 / 1680 + inv2 * (1 / 1188 + inv2 * (-691 / 360360 + inv2 * (1 / 156)))))))
    return acc + (w - 0.5) * numpy.log(w) - w + 0.5 * math.log(2 * math.pi) + series


def _coefficients(n, dln, mu, offset, bias):
    """u_m = 2^q (2 / kr)^(2 i y_m) Gamma(x+ + i y_m) / Gamma(x- - i y_m), y_m = pi m / (n
    dln), x+- = (mu + 1 +- q) / 2, for m = 0..n/2 (the Nyquist term real for even n)."""
    xp = (mu + 1 + bias) / 2
    xm = (mu + 1 - bias) / 2
    y = numpy.linspace(0, math.pi * (n // 2) / (n * dln), n // 2 + 1)
    u = numpy.exp(_loggamma(xp + 1j * y) - _loggamma(xm - 1j * y) + _LN2 * bias
                  + 2j * y * (_LN2 - offset))
    if n % 2 == 0:
        u[-1] = u[-1].real
    return u


def _prepare(a):
    a = cunp.asarray(a)
    if a.dtype.kind == "c":
        raise TypeError("fht: the input must be real")
    if a.dtype != numpy.float32:
        a = a.astype(numpy.float64, copy=False)
    if a.ndim == 0:
        raise ValueError("fht: the input must be at least one-dimensional")
    return a


def fht(a, dln, mu, offset=0.0, bias=0.0):
    """The fast Hankel transform of a (along its last axis), logarithmically spaced with
    spacing dln, of order mu; offset is ln(k_c r_c), bias the power-law bias q."""
    a = _prepare(a)
    n = a.shape[-1]
    if n == 0:
        return a.copy()
    if bias != 0:
        t = (cunp.arange(n, dtype=a.dtype) - (n - 1) / 2) * dln
        a = a * cunp.exp(-bias * t)
    u = cunp.asarray(_coefficients(n, dln, mu, offset, bias).astype(
        numpy.complex64 if a.dtype == numpy.float32 else numpy.complex128))
    out = cunp.fft.irfft(cunp.fft.rfft(a, axis=-1) * u, n, axis=-1)[..., ::-1]
    if bias != 0:
        out = out * cunp.exp(-bias * (t + offset))
    return out.astype(a.dtype, copy=False)


def ifht(A, dln, mu, offset=0.0, bias=0.0):
    """The inverse fast Hankel transform: fht's arguments, and a from A = fht(a, ...)."""
    A = _prepare(A)
    n = A.shape[-1]
    if n == 0:
        return A.copy()
    if bias != 0:
        t = (cunp.arange(n, dtype=A.dtype) - (n - 1) / 2) * dln
        A = A * cunp.exp(bias * (t + offset))
    u = _coefficients(n, dln, mu, offset, bias)
    inv = cunp.asarray((1.0 / u.conj()).astype(
        numpy.complex64 if A.dtype == numpy.float32 else numpy.complex128))
    out = cunp.fft.irfft(cunp.fft.rfft(A, axis=-1) * inv, n, axis=-1)[..., ::-1]
    if bias != 0:
        out = out * cunp.exp(bias * t)
    return out.astype(A.dtype, copy=False)


def fhtoffset(dln, mu, initial=0.0, bias=0.0):
    """The offset nearest `initial` for which the transform has low ringing (Hamilton's
    condition: the Nyquist coefficient real and positive)."""
    xp = (mu + 1 + bias) / 2
    xm = (mu + 1 - bias) / 2
    y = math.pi / (2 * dln)
    zp = _loggamma(xp + 1j * y)
    zm = _loggamma(xm + 1j * y)
    arg = (_LN2 - initial) / dln + (zp.imag + zm.imag) / math.pi
    return initial + (arg - round(arg)) * dln
