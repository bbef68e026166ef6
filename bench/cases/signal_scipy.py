# bench/cases/signal_scipy.py -- scipy.signal on the GPU: IIR filters (sosfilt, lfilter),
# resampling (resample_poly, upfirdn), spectra (welch, stft), find_peaks, medfilt2d and long
# convolutions (fftconvolve, oaconvolve); cunp.scipy.signal vs cupyx.scipy.signal.
"""scipy.signal cases: cunp.scipy.signal against cupyx.scipy.signal in the same run, float32
inputs. Bytes are the input signal read once plus the output written once (the filter taps and
coefficients are small); the spectra count the input only, their outputs being a fraction of
it, except stft, whose complex output is counted. Filter coefficients come from SciPy on the host.
PyTorch has no scipy.signal and NumPy's (SciPy's) would take minutes at these sizes: not timed."""

LIBS = ("cunp", "cupy")
NOTE = "scipy.signal: cunp vs cupyx.scipy.signal only"


def _signal(L):
    """The library's scipy.signal."""
    if L.name == "cunp":
        import cunp.scipy.signal as signal
    elif L.name == "cupy":
        import cupyx.scipy.signal as signal
    else:
        raise NotImplementedError(L.name)
    return signal


def _vector(h, L, n, seed):
    return L.upload(h.host_array(n, h.F32, seed=seed))


def cases(quick, h):
    try:
        import scipy.signal as ss
    except ImportError:  # the coefficients are designed by SciPy
        return []

    rows, length = (8, 1 << 16) if quick else (64, 1 << 20)
    n24 = 1 << 18 if quick else 1 << 24
    n26 = 1 << 20 if quick else 1 << 26
    side = 1024 if quick else 4096
    taps = 1 << 12
    f4 = 4
    vs = (h.Target("vs", 1.0, "cupy"),)
    out = []

    sos = ss.butter(8, 0.1, output="sos").astype("float32")

    def setup_batch(L):
        x = L.upload(h.host_array(rows * length, h.F32, seed=21).reshape(rows, length))
        return _signal(L), L.upload(sos), x

    out.append(h.Case(
        f"sosfilt butter(8) ({rows}, {length}) f32",
        setup=setup_batch, run=lambda L, s: s[0].sosfilt(s[1], s[2], axis=-1),
        nbytes=2 * rows * length * f4, libs=LIBS, note=NOTE, targets=vs))

    b, a = (c.astype("float32") for c in ss.butter(4, 0.1))

    def setup_long(L, seed=22):
        return _signal(L), L.upload(b), L.upload(a), _vector(h, L, n24, seed)

    out.append(h.Case(
        f"lfilter 4th-order IIR {n24} f32",
        setup=setup_long, run=lambda L, s: s[0].lfilter(s[1], s[2], s[3]),
        nbytes=2 * n24 * f4, libs=LIBS, note=NOTE, targets=vs))

    out.append(h.Case(
        f"resample_poly up=3 down=2 {n24} f32",
        setup=lambda L: (_signal(L), _vector(h, L, n24, 23)),
        run=lambda L, s: s[0].resample_poly(s[1], 3, 2),
        nbytes=(n24 + 3 * n24 // 2) * f4, libs=LIBS, note=NOTE, targets=vs))

    fir = ss.firwin(63, 1 / 3).astype("float32")
    out.append(h.Case(
        f"upfirdn 63 taps up=3 down=2 {n24} f32",
        setup=lambda L: (_signal(L), L.upload(fir), _vector(h, L, n24, 24)),
        run=lambda L, s: s[0].upfirdn(s[1], s[2], up=3, down=2),
        nbytes=(n24 + 3 * n24 // 2) * f4, libs=LIBS, note=NOTE, targets=vs))

    out.append(h.Case(
        f"welch nperseg=4096 {n26} f32",
        setup=lambda L: (_signal(L), _vector(h, L, n26, 25)),
        run=lambda L, s: s[0].welch(s[1], nperseg=4096),
        nbytes=n26 * f4, libs=LIBS, note=NOTE, targets=vs))

    # Hann windows overlapping by half: about 2 n / 1024 segments of 513 complex64 bins.
    stft_out = (2 * n26 // 1024 + 1) * 513 * 8
    out.append(h.Case(
        f"stft nperseg=1024 {n26} f32",
        setup=lambda L: (_signal(L), _vector(h, L, n26, 26)),
        run=lambda L, s: s[0].stft(s[1], nperseg=1024),
        nbytes=n26 * f4 + stft_out, libs=LIBS, note=NOTE, targets=vs))

    out.append(h.Case(
        f"find_peaks prominence=0.5 {n24} f32",
        setup=lambda L: (_signal(L), _vector(h, L, n24, 27)),
        run=lambda L, s: s[0].find_peaks(s[1], prominence=0.5),
        nbytes=n24 * f4, libs=LIBS, note=NOTE, targets=vs))

    out.append(h.Case(
        f"medfilt2d 5 {side}x{side} f32",
        setup=lambda L: (_signal(L), L.upload(
            h.host_array(side * side, h.F32, seed=28).reshape(side, side))),
        run=lambda L, s: s[0].medfilt2d(s[1], 5),
        nbytes=2 * side * side * f4, libs=LIBS, note=NOTE, targets=vs))

    for fname in ("fftconvolve", "oaconvolve"):
        out.append(h.Case(
            f"{fname} {n24} x {taps} f32",
            setup=lambda L: (_signal(L), _vector(h, L, n24, 29), _vector(h, L, taps, 30)),
            run=lambda L, s, fname=fname: getattr(s[0], fname)(s[1], s[2]),
            nbytes=(2 * n24 + 2 * taps - 1) * f4, libs=LIBS, note=NOTE, targets=vs))
    return out
