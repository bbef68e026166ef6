"""The window formulas of scipy.signal.windows, on the host in NumPy (float64).

A window is at most a few thousand points computed once per design, so the host computes it
and the public functions (windows/__init__.py) move the result to the device in one copy.
Keeping the formulas in NumPy also lets the CPU tests compare them with SciPy directly."""
import numbers
import operator
import warnings

import numpy as np


def _len_guards(M):
    """True where the window is trivially ones(M) (M is 0 or 1); SciPy's error for a bad M."""
    if int(M) != M or M < 0:
        raise ValueError("Window length M must be a non-negative integer")
    return M <= 1


def _extend(M, sym):
    # A periodic window of M points is a symmetric one of M + 1 points less its last point.
    return (M, False) if sym else (M + 1, True)


def _truncate(w, needed):
    return w[:-1] if needed else w


def general_cosine(M, a, sym=True):
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)
    fac = np.linspace(-np.pi, np.pi, M)
    w = np.zeros(M)
    for k, coefficient in enumerate(a):
        w += coefficient * np.cos(k * fac)
    return _truncate(w, trunc)


def boxcar(M, sym=True):
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)
    return _truncate(np.ones(M, float), trunc)


def triang(M, sym=True):
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)
    n = np.arange(1, (M + 1) // 2 + 1)
    if M % 2 == 0:
        w = (2 * n - 1.0) / M
        w = np.r_[w, w[::-1]]
    else:
        w = 2 * n / (M + 1.0)
        w = np.r_[w, w[-2::-1]]
    return _truncate(w, trunc)


def parzen(M, sym=True):
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)
    n = np.arange(-(M - 1) / 2.0, (M - 1) / 2.0 + 0.5, 1.0)
    outer = n[n < -(M - 1) / 4.0]
    inner = n[np.abs(n) <= (M - 1) / 4.0]
    w_outer = 2 * (1 - np.abs(outer) / (M / 2.0)) ** 3.0
    r = np.abs(inner) / (M / 2.0)
    w_inner = 1 - 6 * r ** 2.0 + 6 * r ** 3.0
    return _truncate(np.r_[w_outer, w_inner, w_outer[::-1]], trunc)


def bohman(M, sym=True):
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)
    fac = np.abs(np.linspace(-1, 1, M)[1:-1])
    w = (1 - fac) * np.cos(np.pi * fac) + 1.0 / np.pi * np.sin(np.pi * fac)
    return _truncate(np.r_[0, w, 0], trunc)


def blackman(M, sym=True):
    return general_cosine(M, [0.42, 0.50, 0.08], sym)


def nuttall(M, sym=True):
    return general_cosine(M, [0.3635819, 0.4891775, 0.1365995, 0.0106411], sym)


def blackmanharris(M, sym=True):
    return general_cosine(M, [0.35875, 0.48829, 0.14128, 0.01168], sym)


def flattop(M, sym=True):
    return general_cosine(
        M, [0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368], sym)


def bartlett(M, sym=True):
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)
    n = np.arange(0, M)
    w = np.where(n <= (M - 1) / 2.0, 2.0 * n / (M - 1), 2.0 - 2.0 * n / (M - 1))
    return _truncate(w, trunc)


def general_hamming(M, alpha, sym=True):
    return general_cosine(M, [alpha, 1.0 - alpha], sym)


def hann(M, sym=True):
    return general_hamming(M, 0.5, sym)


def hamming(M, sym=True):
    return general_hamming(M, 0.54, sym)


def tukey(M, alpha=0.5, sym=True):
    if _len_guards(M):
        return np.ones(M)
    if alpha <= 0:
        return np.ones(M, "d")
    if alpha >= 1.0:
        return hann(M, sym=sym)
    M, trunc = _extend(M, sym)
    n = np.arange(0, M)
    width = int(np.floor(alpha * (M - 1) / 2.0))
    n1 = n[0:width + 1]
    n3 = n[M - width - 1:]
    w1 = 0.5 * (1 + np.cos(np.pi * (-1 + 2.0 * n1 / alpha / (M - 1))))
    w2 = np.ones(M - 2 * (width + 1))
    w3 = 0.5 * (1 + np.cos(np.pi * (-2.0 / alpha + 1 + 2.0 * n3 / alpha / (M - 1))))
    return _truncate(np.concatenate((w1, w2, w3)), trunc)


def barthann(M, sym=True):
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)
    fac = np.abs(np.arange(0, M) / (M - 1.0) - 0.5)
    w = 0.62 - 0.48 * fac + 0.38 * np.cos(2 * np.pi * fac)
    return _truncate(w, trunc)


def kaiser(M, beta, sym=True):
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)
    n = np.arange(0, M)
    alpha = (M - 1) / 2.0
    w = np.i0(beta * np.sqrt(1 - ((n - alpha) / alpha) ** 2.0)) / np.i0(float(beta))
    return _truncate(w, trunc)


def kaiser_bessel_derived(M, beta, *, sym=True):
    if not sym:
        raise ValueError("Kaiser-Bessel Derived windows are only defined for symmetric shapes")
    if M < 1:
        return np.array([])
    if M % 2:
        raise ValueError(
            "Kaiser-Bessel Derived windows are only defined for even number of points")
    # The running sum of a Kaiser window of M/2 + 1 points, normalised: its square root is the
    # first half (the Princen-Bradley condition then holds for an MDCT).
    csum = np.cumsum(kaiser(M // 2 + 1, beta))
    half = np.sqrt(csum[:-1] / csum[-1])
    return np.concatenate((half, half[::-1]))


def gaussian(M, std, sym=True):
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)
    n = np.arange(0, M) - (M - 1.0) / 2.0
    return _truncate(np.exp(-n ** 2 / (2 * std * std)), trunc)


def general_gaussian(M, p, sig, sym=True):
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)
    n = np.arange(0, M) - (M - 1.0) / 2.0
    return _truncate(np.exp(-0.5 * np.abs(n / sig) ** (2 * p)), trunc)


def chebwin(M, at, sym=True):
    if np.abs(at) < 45:
        warnings.warn("This window is not suitable for spectral analysis for attenuation "
                      "values lower than about 45dB because the equivalent noise bandwidth of "
                      "a Chebyshev window does not grow monotonically with increasing sidelobe "
                      "attenuation when the attenuation is smaller than about 45 dB.",
                      stacklevel=3)
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)
    # The window is the inverse DFT of the Chebyshev polynomial of degree M - 1 sampled on the
    # unit circle, scaled so that its sidelobes sit `at` dB below the main lobe.
    order = M - 1.0
    beta = np.cosh(1.0 / order * np.arccosh(10 ** (np.abs(at) / 20.0)))
    k = np.arange(M) * 1.0
    x = beta * np.cos(np.pi * k / M)
    p = np.zeros(x.shape)
    p[x > 1] = np.cosh(order * np.arccosh(x[x > 1]))
    p[x < -1] = (2 * (M % 2) - 1) * np.cosh(order * np.arccosh(-x[x < -1]))
    inside = np.abs(x) <= 1
    p[inside] = np.cos(order * np.arccos(x[inside]))
    if M % 2:
        w = np.real(np.fft.fft(p))
        n = (M + 1) // 2
        w = w[:n]
        w = np.concatenate((w[n - 1:0:-1], w))
    else:
        p = p * np.exp(1.0j * np.pi / M * np.arange(M))
        w = np.real(np.fft.fft(p))
        n = M // 2 + 1
        w = np.concatenate((w[n - 1:0:-1], w[1:n]))
    return _truncate(w / np.max(w), trunc)


def cosine(M, sym=True):
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)
    return _truncate(np.sin(np.pi / M * (np.arange(0, M) + 0.5)), trunc)


def exponential(M, center=None, tau=1.0, sym=True):
    if sym and center is not None:
        raise ValueError("If sym==True, center must be None.")
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)
    if center is None:
        center = (M - 1) / 2
    w = np.exp(-np.abs(np.arange(0, M) - center) / tau)
    return _truncate(w, trunc)


def taylor(M, nbar=4, sll=30, norm=True, sym=True):
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)
    # Taylor's coefficients F_m (m < nbar) of a cosine series whose first nbar - 1 sidelobes sit
    # sll dB down, from the zeros of the ideal Dolph-Chebyshev pattern stretched by s2.
    B = 10 ** (sll / 20)
    A = np.arccosh(B) / np.pi
    s2 = nbar ** 2 / (A ** 2 + (nbar - 0.5) ** 2)
    ma = np.arange(1, nbar)
    Fm = np.empty(nbar - 1)
    signs = np.empty_like(ma)
    signs[::2] = 1
    signs[1::2] = -1
    m2 = ma * ma
    for i in range(len(ma)):
        numer = signs[i] * np.prod(1 - m2[i] / s2 / (A ** 2 + (ma - 0.5) ** 2))
        denom = 2 * np.prod(1 - m2[i] / m2[:i]) * np.prod(1 - m2[i] / m2[i + 1:])
        Fm[i] = numer / denom

    def pattern(n):
        return 1 + 2 * np.dot(Fm, np.cos(2 * np.pi * ma[:, np.newaxis] * (n - M / 2.0 + 0.5) / M))

    w = pattern(np.arange(M))
    if norm:
        w *= 1.0 / pattern((M - 1) / 2)
    return _truncate(w, trunc)


def lanczos(M, *, sym=True):
    if _len_guards(M):
        return np.ones(M)
    M, trunc = _extend(M, sym)

    def right_side(start, m):
        return np.sinc(2.0 * np.arange(start, m) / (m - 1) - 1.0)

    if M % 2 == 0:
        half = right_side(M / 2, M)
        w = np.r_[np.flip(half), half]
    else:
        half = right_side((M + 1) / 2, M)
        w = np.r_[np.flip(half), 1.0, half]
    return _truncate(w, trunc)


def _autocorrelation(x):
    """Each row's autocorrelation at lags 0..N-1, by one real FFT of a length >= 2N - 1."""
    n = x.shape[-1]
    size = 1 << (2 * n - 2).bit_length()
    spectrum = np.fft.rfft(x, size, axis=-1)
    return np.fft.irfft(spectrum * spectrum.conj(), n=size)[:, :n]


def dpss(M, NW, Kmax=None, sym=True, norm=None, return_ratios=False):
    if _len_guards(M):
        return np.ones(M)
    if norm is None:
        norm = "approximate" if Kmax is None else 2
    if norm not in (2, "approximate", "subsample"):
        raise ValueError(f'norm must be one of {(2, "approximate", "subsample")}, got {norm}')
    singleton = Kmax is None
    if singleton:
        Kmax = 1
    else:
        Kmax = operator.index(Kmax)
    if not 0 < Kmax <= M:
        raise ValueError("Kmax must be greater than 0 and less than M")
    if NW >= M / 2.0:
        raise ValueError("NW must be less than M/2.")
    if NW <= 0:
        raise ValueError("NW must be positive")
    M, trunc = _extend(M, sym)
    W = float(NW) / M
    nidx = np.arange(M)
    # Slepian's sequences are the eigenvectors of a symmetric tridiagonal matrix (Percival and
    # Walden, 1993) with the largest eigenvalues; M is small, so a dense eigh is enough.
    d = ((M - 1 - 2 * nidx) / 2.0) ** 2 * np.cos(2 * np.pi * W)
    e = nidx[1:] * (M - nidx[1:]) / 2.0
    matrix = np.diag(d) + np.diag(e, 1) + np.diag(e, -1)
    _, vectors = np.linalg.eigh(matrix)
    windows = vectors[:, ::-1][:, :Kmax].T.copy()
    # Signs: symmetric sequences sum positive, antisymmetric ones start positive.
    for i, flip in enumerate(windows[::2].sum(axis=1) < 0):
        if flip:
            windows[2 * i] *= -1
    thresh = max(1e-7, 1.0 / M)
    for i, w in enumerate(windows[1::2]):
        if w[w * w > thresh][0] < 0:
            windows[2 * i + 1] *= -1
    if return_ratios:
        r = 4 * W * np.sinc(2 * W * nidx)
        r[0] = 2 * W
        ratios = np.dot(_autocorrelation(windows), r)
        if singleton:
            ratios = ratios[0]
    if norm != 2:
        windows /= windows.max()
        if M % 2 == 0:
            if norm == "approximate":
                correction = M ** 2 / float(M ** 2 + NW)
            else:
                s = np.fft.rfft(windows[0])
                shift = -(1 - 1.0 / M) * np.arange(1, M // 2 + 1)
                s[1:] *= 2 * np.exp(-1j * np.pi * shift)
                correction = M / s.real.sum()
            windows *= correction
    if trunc:
        windows = windows[:, :-1]
    if singleton:
        windows = windows[0]
    return (windows, ratios) if return_ratios else windows


# name aliases -> (function, whether it takes parameters: True, False or "optional").
_TABLE = {
    ("barthann", "brthan", "bth"): (barthann, False),
    ("bartlett", "bart", "brt"): (bartlett, False),
    ("blackman", "black", "blk"): (blackman, False),
    ("blackmanharris", "blackharr", "bkh"): (blackmanharris, False),
    ("bohman", "bman", "bmn"): (bohman, False),
    ("boxcar", "box", "ones", "rect", "rectangular"): (boxcar, False),
    ("chebwin", "cheb"): (chebwin, True),
    ("cosine", "halfcosine"): (cosine, False),
    ("dpss",): (dpss, True),
    ("exponential", "poisson"): (exponential, "optional"),
    ("flattop", "flat", "flt"): (flattop, False),
    ("gaussian", "gauss", "gss"): (gaussian, True),
    ("general cosine", "general_cosine"): (general_cosine, True),
    ("general gaussian", "general_gaussian", "general gauss", "general_gauss", "ggs"):
        (general_gaussian, True),
    ("general hamming", "general_hamming"): (general_hamming, True),
    ("hamming", "hamm", "ham"): (hamming, False),
    ("hann", "han"): (hann, False),
    ("kaiser", "ksr"): (kaiser, True),
    ("kaiser bessel derived", "kaiser_bessel_derived", "kbd"): (kaiser_bessel_derived, True),
    ("lanczos", "sinc"): (lanczos, False),
    ("nuttall", "nutl", "nut"): (nuttall, False),
    ("parzen", "parz", "par"): (parzen, False),
    ("taylor", "taylorwin"): (taylor, "optional"),
    ("triangle", "triang", "tri"): (triang, False),
    ("tukey", "tuk"): (tukey, "optional"),
}
_BY_NAME = {alias: entry for names, entry in _TABLE.items() for alias in names}


def get_window(window, Nx, fftbins=True):
    if not (Nx > 0 and isinstance(Nx, numbers.Integral)):
        raise ValueError(f"Parameter Nx={Nx!r} is not a positive integer")
    if not isinstance(fftbins, bool):
        raise ValueError(f"Parameter fftbins={fftbins!r} is not of type bool!")
    if not isinstance(window, (str, tuple)):
        try:
            beta = float(window)
        except Exception as e:
            raise ValueError(f"Parameter window={window!r} must be a tuple, a string or a "
                             "float!") from e
        return kaiser(Nx, beta, not fftbins)
    if isinstance(window, tuple) and not isinstance(window[0], str):
        raise ValueError(f"First tuple entry of parameter window={window!r} is not a str!")
    sym = not fftbins
    name = window if isinstance(window, str) else window[0]
    # A '_symmetric' or '_periodic' suffix overrides fftbins.
    if name.endswith("_symmetric"):
        sym, name = True, name[:-len("_symmetric")]
    elif name.endswith("_periodic"):
        sym, name = False, name[:-len("_periodic")]
    if name not in _BY_NAME:
        raise ValueError(f"Invalid window name '{name}' in parameter window={window!r}!")
    fn, takes = _BY_NAME[name]
    args = window[1:] if isinstance(window, tuple) else ()
    if args and takes is False:
        raise ValueError(f"'{name}' does not allow parameters, but window={window!r}!")
    if not args and takes is True:
        raise ValueError(f"'{name}' must have parameters, but window={window!r}!")
    if fn is dpss:
        if len(args) != 1:
            raise ValueError(f"Window {name} must have one parameter but window={window!r}")
        return dpss(Nx, args[0], Kmax=None, sym=sym)
    return fn(Nx, *args, sym=sym)


NAMES = [fn.__name__ for fn, _ in _TABLE.values()] + ["get_window"]
