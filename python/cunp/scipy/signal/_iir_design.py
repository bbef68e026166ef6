"""IIR filter design on the host in NumPy: the analog low-pass prototypes (Butterworth,
Chebyshev I and II, elliptic, Bessel), iirfilter's frequency transforms and bilinear mapping,
and the notch and peak biquads. SciPy's algorithms, arguments and errors."""
import math

import numpy as np

from cunp.scipy.signal import _elliptic
from cunp.scipy.signal._representation import (
    bilinear_zpk, lp2bp_zpk, lp2bs_zpk, lp2hp_zpk, lp2lp_zpk, validate_fs, zpk2sos, zpk2tf)

_EPSILON = 2e-16


def _check_order(N):
    if abs(int(N)) != N:
        raise ValueError("Filter order must be a nonnegative integer")
    return int(N)


def buttap(N):
    N = _check_order(N)
    m = np.arange(-N + 1, N, 2)
    return np.array([]), -np.exp(1j * np.pi * m / (2 * N)), 1


def cheb1ap(N, rp):
    N = _check_order(N)
    if N == 0:
        return np.array([]), np.array([]), 10 ** (-rp / 20)
    eps = np.sqrt(10 ** (0.1 * rp) - 1.0)
    mu = 1.0 / N * np.arcsinh(1 / eps)
    theta = np.pi * np.arange(-N + 1, N, 2) / (2 * N)
    p = -np.sinh(mu + 1j * theta)
    k = np.prod(-p, axis=0).real
    if N % 2 == 0:
        k = k / np.sqrt(1 + eps * eps)
    return np.array([]), p, k


def cheb2ap(N, rs):
    N = _check_order(N)
    if N == 0:
        return np.array([]), np.array([]), 1
    de = 1.0 / np.sqrt(10 ** (0.1 * rs) - 1)
    mu = np.arcsinh(1.0 / de) / N
    if N % 2:
        m = np.concatenate((np.arange(-N + 1, 0, 2), np.arange(2, N, 2)))
    else:
        m = np.arange(-N + 1, N, 2)
    z = -np.conjugate(1j / np.sin(m * np.pi / (2.0 * N)))
    p = -np.exp(1j * np.pi * np.arange(-N + 1, N, 2) / (2 * N))
    p = 1.0 / (np.sinh(mu) * p.real + 1j * np.cosh(mu) * p.imag)
    k = (np.prod(-p, axis=0) / np.prod(-z, axis=0)).real
    return z, p, k


def _ellipdeg(n, m1):
    """The modulus of an elliptic filter of order n whose discrimination parameter is m1
    (Orfanidis, 'Lecture notes on elliptic filter design'), by the nome's series."""
    q1 = np.exp(-np.pi * _elliptic.ellipkm1(m1) / _elliptic.ellipk(m1))
    q = q1 ** (1 / n)
    mnum = np.arange(8)
    mden = np.arange(1, 9)
    num = np.sum(q ** (mnum * (mnum + 1)))
    den = 1 + 2 * np.sum(q ** (mden ** 2))
    return 16 * q * (num / den) ** 4


def _arc_jac_sn(w, m):
    """The inverse of Jacobi's sn for complex w, by descending Landen transformations."""
    def complement(kx):
        return ((1 - kx) * (1 + kx)) ** 0.5

    k = m ** 0.5
    if k > 1:
        return np.nan
    if k == 1:
        return np.arctanh(w)
    ks = [k]
    while ks[-1] != 0:
        kp = complement(ks[-1])
        ks.append((1 - kp) / (1 + kp))
        if len(ks) > 11:
            raise ValueError("Landen transformation not converging")
    K = np.prod(1 + np.array(ks[1:])) * np.pi / 2
    wn = w
    for kn, knext in zip(ks[:-1], ks[1:]):
        wn = 2 * wn / ((1 + knext) * (1 + complement(kn * wn)))
    return K * (2 / np.pi * np.arcsin(wn))


def _arc_jac_sc1(w, m):
    z = _arc_jac_sn(1j * w, m)
    if abs(z.real) > 1e-14:
        raise ValueError
    return z.imag


def ellipap(N, rp, rs):
    N = _check_order(N)
    if N == 0:
        return np.array([]), np.array([]), 10 ** (-rp / 20)
    if N == 1:
        p = -np.sqrt(1.0 / np.expm1(0.1 * rp * np.log(10)))
        return np.array([]), np.asarray(p), -p
    eps_sq = np.expm1(0.1 * rp * np.log(10))
    eps = np.sqrt(eps_sq)
    ck1_sq = eps_sq / np.expm1(0.1 * rs * np.log(10))
    if ck1_sq == 0:
        raise ValueError("Cannot design a filter with given rp and rs specifications.")
    capk1 = _elliptic.ellipk(ck1_sq)
    m = _ellipdeg(N, ck1_sq)
    capk = _elliptic.ellipk(m)
    j = np.arange(1 - N % 2, N, 2)
    s, c, d, _ = _elliptic.ellipj(j * capk / N, m)
    snew = np.compress(abs(s) > _EPSILON, s, axis=-1)
    z = 1j / (np.sqrt(m) * snew)
    z = np.concatenate((z, np.conjugate(z)))
    r = _arc_jac_sc1(1.0 / eps, ck1_sq)
    v0 = capk * r / (N * capk1)
    sv, cv, dv, _ = _elliptic.ellipj(v0, 1 - m)
    p = -(c * d * sv * cv + 1j * s * dv) / (1 - (d * sv) ** 2.0)
    if N % 2:
        keep = abs(p.imag) > _EPSILON * np.sqrt(np.sum(p * np.conjugate(p), axis=0).real)
        p = np.concatenate((p, np.conjugate(np.compress(keep, p, axis=-1))))
    else:
        p = np.concatenate((p, np.conjugate(p)))
    k = (np.prod(-p, axis=0) / np.prod(-z, axis=0)).real
    if N % 2 == 0:
        k = k / np.sqrt(1 + eps_sq)
    return z, p, k


def _bessel_zeros(N):
    """Zeros of the ordinary Bessel polynomial y_N(x) (whose reverse is the filter's
    denominator): np.roots, polished by Newton steps on the polynomial, conjugates averaged."""
    coefficients = np.array([math.factorial(N + k) / (math.factorial(N - k) * math.factorial(k))
                             / 2 ** k for k in range(N, -1, -1)])
    x = np.roots(coefficients).astype(complex)
    derivative = np.polyder(coefficients)
    for _ in range(8):
        x = x - np.polyval(coefficients, x) / np.polyval(derivative, x)
    # Make conjugate pairs exact: average each zero with the conjugate of its partner.
    partner = np.argmin(np.abs(x[:, None] - x[None, :].conj()), axis=1)
    x = (x + x[partner].conj()) / 2
    return x[np.lexsort((x.imag, x.real))]


def _norm_factor(p, k):
    """The frequency where |k / prod(jw - p)| is 1/sqrt(2) (the -3 dB point), by Newton's
    method on the squared magnitude started at 1.5 (where SciPy starts)."""
    def gain(w):
        return abs(k / np.prod(1j * w - p))

    w = 1.5
    for _ in range(100):
        g = gain(w) - 1 / np.sqrt(2)
        h = 1e-7 * max(abs(w), 1.0)
        slope = (gain(w + h) - gain(w - h)) / (2 * h)
        step = g / slope
        w -= step
        if abs(step) < 1e-15 * max(abs(w), 1.0):
            break
    return w


def besselap(N, norm="phase"):
    N = _check_order(N)
    if N == 0:
        p, k = [], 1
    else:
        p = 1 / _bessel_zeros(N)
        a_last = math.factorial(2 * N) // math.factorial(N) // 2 ** N
        if norm in ("delay", "mag"):
            k = a_last
            if norm == "mag":
                factor = _norm_factor(p, k)
                p = p / factor
                k = factor ** -N * a_last
        elif norm == "phase":
            p = p * 10 ** (-math.log10(a_last) / N)
            k = 1
        else:
            raise ValueError("normalization not understood")
    return np.asarray([]), np.asarray(p, dtype=complex), float(k)


_BANDS = {"band": "bandpass", "bandpass": "bandpass", "pass": "bandpass", "bp": "bandpass",
          "bs": "bandstop", "bandstop": "bandstop", "bands": "bandstop", "stop": "bandstop",
          "l": "lowpass", "low": "lowpass", "lowpass": "lowpass", "lp": "lowpass",
          "high": "highpass", "highpass": "highpass", "h": "highpass", "hp": "highpass"}
_PROTOTYPES = {"butter": buttap, "butterworth": buttap, "cauer": ellipap, "elliptic": ellipap,
               "ellip": ellipap, "bessel": besselap, "bessel_phase": besselap,
               "bessel_delay": besselap, "bessel_mag": besselap, "cheby1": cheb1ap,
               "chebyshev1": cheb1ap, "chebyi": cheb1ap, "cheby2": cheb2ap,
               "chebyshev2": cheb2ap, "chebyii": cheb2ap}
_BESSEL_NORMS = {"bessel": "phase", "bessel_phase": "phase", "bessel_delay": "delay",
                 "bessel_mag": "mag"}


def iirfilter(N, Wn, rp=None, rs=None, btype="band", analog=False, ftype="butter",
              output="ba", fs=None):
    fs = validate_fs(fs, allow_none=True)
    ftype, btype, output = (x.lower() for x in (ftype, btype, output))
    Wn = np.asarray(Wn)
    if fs is not None:
        if analog:
            raise ValueError("fs cannot be specified for an analog filter")
        Wn = Wn / (fs / 2)
    if np.any(Wn <= 0):
        raise ValueError("filter critical frequencies must be greater than 0")
    if Wn.size > 1 and not Wn[0] < Wn[1]:
        raise ValueError("Wn[0] must be less than Wn[1]")
    if btype not in _BANDS:
        raise ValueError(f"'{btype}' is an invalid bandtype for filter.")
    btype = _BANDS[btype]
    if ftype not in _PROTOTYPES:
        raise ValueError(f"'{ftype}' is not a valid basic IIR filter.")
    prototype = _PROTOTYPES[ftype]
    if output not in ("ba", "zpk", "sos"):
        raise ValueError(f"'{output}' is not a valid output form.")
    if rp is not None and rp < 0:
        raise ValueError("passband ripple (rp) must be positive")
    if rs is not None and rs < 0:
        raise ValueError("stopband attenuation (rs) must be positive")
    if prototype is buttap:
        z, p, k = buttap(N)
    elif prototype is besselap:
        z, p, k = besselap(N, norm=_BESSEL_NORMS[ftype])
    elif prototype is cheb1ap:
        if rp is None:
            raise ValueError("passband ripple (rp) must be provided to design a Chebyshev I "
                             "filter.")
        z, p, k = cheb1ap(N, rp)
    elif prototype is cheb2ap:
        if rs is None:
            raise ValueError("stopband attenuation (rs) must be provided to design an "
                             "Chebyshev II filter.")
        z, p, k = cheb2ap(N, rs)
    else:
        if rs is None or rp is None:
            raise ValueError("Both rp and rs must be provided to design an elliptic filter.")
        z, p, k = ellipap(N, rp, rs)
    if not analog:
        if np.any(Wn <= 0) or np.any(Wn >= 1):
            if fs is not None:
                raise ValueError("Digital filter critical frequencies must be 0 < Wn < fs/2 "
                                 f"(fs={fs} -> fs/2={fs / 2})")
            raise ValueError("Digital filter critical frequencies must be 0 < Wn < 1")
        fs = 2.0
        # Pre-warp so that the bilinear map puts the critical frequencies where asked.
        warped = 2 * fs * np.tan(np.pi * Wn / fs)
    else:
        warped = Wn
    if btype in ("lowpass", "highpass"):
        if np.size(Wn) != 1:
            raise ValueError("Must specify a single critical frequency Wn for lowpass or "
                             "highpass filter")
        transform = lp2lp_zpk if btype == "lowpass" else lp2hp_zpk
        z, p, k = transform(z, p, k, wo=warped)
    else:
        try:
            bw = warped[1] - warped[0]
            wo = np.sqrt(warped[0] * warped[1])
        except IndexError as e:
            raise ValueError("Wn must specify start and stop frequencies for bandpass or "
                             "bandstop filter") from e
        transform = lp2bp_zpk if btype == "bandpass" else lp2bs_zpk
        z, p, k = transform(z, p, k, wo=wo, bw=bw)
    if not analog:
        z, p, k = bilinear_zpk(z, p, k, fs=fs)
    if output == "zpk":
        return z, p, k
    if output == "ba":
        return zpk2tf(z, p, k)
    return zpk2sos(z, p, k, analog=analog)


def butter(N, Wn, btype="low", analog=False, output="ba", fs=None):
    return iirfilter(N, Wn, btype=btype, analog=analog, output=output, ftype="butter", fs=fs)


def cheby1(N, rp, Wn, btype="low", analog=False, output="ba", fs=None):
    return iirfilter(N, Wn, rp=rp, btype=btype, analog=analog, output=output, ftype="cheby1",
                     fs=fs)


def cheby2(N, rs, Wn, btype="low", analog=False, output="ba", fs=None):
    return iirfilter(N, Wn, rs=rs, btype=btype, analog=analog, output=output, ftype="cheby2",
                     fs=fs)


def ellip(N, rp, rs, Wn, btype="low", analog=False, output="ba", fs=None):
    return iirfilter(N, Wn, rs=rs, rp=rp, btype=btype, analog=analog, output=output,
                     ftype="elliptic", fs=fs)


def bessel(N, Wn, btype="low", analog=False, output="ba", norm="phase", fs=None):
    return iirfilter(N, Wn, btype=btype, analog=analog, output=output, ftype="bessel_" + norm,
                     fs=fs)


def _notch_peak(w0, Q, ftype, fs):
    fs = validate_fs(fs, allow_none=False)
    w0, Q = float(w0), float(Q)
    w0 = 2 * w0 / fs
    if w0 > 1.0 or w0 < 0.0:
        raise ValueError("w0 should be such that 0 < w0 < 1")
    bw = w0 / Q * np.pi
    w0 = w0 * np.pi
    beta = np.tan(bw / 2.0)
    gain = 1.0 / (1.0 + beta)
    if ftype == "notch":
        b = gain * np.array([1.0, -2.0 * np.cos(w0), 1.0])
    else:
        b = (1.0 - gain) * np.array([1.0, 0.0, -1.0])
    a = np.array([1.0, -2.0 * gain * np.cos(w0), 2.0 * gain - 1.0])
    return b, a


def iirnotch(w0, Q, fs=2.0):
    return _notch_peak(w0, Q, "notch", fs)


def iirpeak(w0, Q, fs=2.0):
    return _notch_peak(w0, Q, "peak", fs)


def iircomb(w0, Q, ftype="notch", fs=2.0, *, pass_zero=False):
    fs = validate_fs(fs, allow_none=False)
    w0, Q = float(w0), float(Q)
    ftype = ftype.lower()
    if not 0 < w0 < fs / 2:
        raise ValueError(f"w0 must be between 0 and {fs / 2} (nyquist), but given {w0}.")
    if ftype not in ("notch", "peak"):
        raise ValueError("ftype must be either notch or peak.")
    N = round(fs / w0)
    if abs(w0 - fs / N) / fs > 1e-14:
        raise ValueError("fs must be divisible by w0.")
    # Orfanidis, 'Introduction to Signal Processing', 11.5: a comb of N - 1 notches (or peaks)
    # with -3 dB bandwidth w0 / Q, from b + c z^-N over 1 + a z^-N (signs by type).
    w_delta = (2 * np.pi * w0 / fs) / Q
    G0, G = (1, 0) if ftype == "notch" else (0, 1)
    beta = np.tan(N * w_delta / 4)
    ax = (1 - beta) / (1 + beta)
    bx = (G0 + G * beta) / (1 + beta)
    cx = (G0 - G * beta) / (1 + beta)
    negative = (ftype == "peak" and pass_zero) or (ftype == "notch" and not pass_zero)
    b = np.zeros(N + 1)
    b[0] = bx
    b[-1] = -cx if negative else cx
    a = np.zeros(N + 1)
    a[0] = 1
    a[-1] = -ax if negative else ax
    return b, a


FUNCTIONS = [iircomb, buttap, cheb1ap, cheb2ap, ellipap, besselap, iirfilter, butter, cheby1,
             cheby2, ellip, bessel, iirnotch, iirpeak]
