"""The order selection of IIR designs on the host: buttord, cheb1ord, cheb2ord and ellipord.

Band-stop specifications move each pass-band edge to the point that needs the lowest order;
that one-dimensional search is Brent's bounded minimisation (Brent, 'Algorithms for
Minimization without Derivatives', 1973, chapter 5), written here so that SciPy is not needed."""
import math
import warnings

import numpy as np

from cunp.scipy.signal import _elliptic
from cunp.scipy.signal._representation import validate_fs


def _bounded_minimum(f, low, high, xtol=1e-5, max_calls=500):
    """The minimiser of f on [low, high] by golden sections and parabolic steps."""
    root_eps = math.sqrt(2.2e-16)
    golden = 0.5 * (3.0 - math.sqrt(5.0))
    a, b = low, high
    v = w = x = a + golden * (b - a)
    fv = fw = fx = f(x)
    d = e = 0.0
    calls = 1
    m = 0.5 * (a + b)
    tol1 = root_eps * abs(x) + xtol / 3.0
    tol2 = 2.0 * tol1
    while abs(x - m) > tol2 - 0.5 * (b - a):
        use_golden = True
        if abs(e) > tol1:
            # Parabola through (v, fv), (w, fw), (x, fx).
            use_golden = False
            r = (x - w) * (fx - fv)
            q = (x - v) * (fx - fw)
            p = (x - v) * q - (x - w) * r
            q = 2.0 * (q - r)
            if q > 0.0:
                p = -p
            q = abs(q)
            r, e = e, d
            if abs(p) < abs(0.5 * q * r) and q * (a - x) < p < q * (b - x):
                d = p / q
                u = x + d
                if u - a < tol2 or b - u < tol2:
                    d = tol1 * (np.sign(m - x) + ((m - x) == 0))
            else:
                use_golden = True
        if use_golden:
            e = (a - x) if x >= m else (b - x)
            d = golden * e
        u = x + (np.sign(d) + (d == 0)) * max(abs(d), tol1)
        fu = f(u)
        calls += 1
        if fu <= fx:
            if u >= x:
                a = x
            else:
                b = x
            v, fv, w, fw, x, fx = w, fw, x, fx, u, fu
        else:
            if u < x:
                a = u
            else:
                b = u
            if fu <= fw or w == x:
                v, fv, w, fw = w, fw, u, fu
            elif fu <= fv or v == x or v == w:
                v, fv = u, fu
        m = 0.5 * (a + b)
        tol1 = root_eps * abs(x) + xtol / 3.0
        tol2 = 2.0 * tol1
        if calls >= max_calls:
            break
    return x


def _check_gains(gpass, gstop):
    if gpass <= 0.0:
        raise ValueError("gpass should be larger than 0.0")
    if gpass > gstop:
        raise ValueError("gpass should be smaller than gstop")


def _check_edges(wp, ws, fs, analog):
    if fs is not None:
        if analog:
            raise ValueError("fs cannot be specified for an analog filter")
        wp = 2 * np.asarray(wp) / fs
        ws = 2 * np.asarray(ws) / fs
    wp, ws = np.atleast_1d(wp).astype(float), np.atleast_1d(ws).astype(float)
    if wp.shape != ws.shape:
        raise ValueError("wp and ws must have one or two elements each, and the same shape, "
                         f"got {wp.shape} and {ws.shape}")
    if any(wp <= 0) or any(ws <= 0):
        raise ValueError("Values for wp, ws must be greater than 0")
    if not analog and (any(wp >= 1) or any(ws >= 1)):
        raise ValueError("Values for wp, ws must be less than 1")
    if wp.shape[0] == 2 and not ((ws[0] < wp[0] and wp[1] < ws[1])
                                 or (wp[0] < ws[0] and ws[1] < wp[1])):
        raise ValueError("Passband must lie strictly inside stopband or vice versa")
    # 1 low-pass, 2 high-pass, 3 band-stop, 4 band-pass.
    kind = 2 * (len(wp) - 1) + 1 + (1 if wp[0] >= ws[0] else 0)
    return wp, ws, kind


def _pre_warp(wp, ws, analog):
    if analog:
        return wp * 1.0, ws * 1.0
    return np.tan(np.pi * wp / 2.0), np.tan(np.pi * ws / 2.0)


def _pow10m1(x):
    return np.expm1(x * np.log(10))


def _band_stop_order(wp, index, passb, stopb, gpass, gstop, kind):
    """The (fractional) order a band-stop design needs with pass-band edge `index` at wp."""
    edges = passb.copy()
    edges[index] = wp
    nat = min(abs(stopb * (edges[0] - edges[1]) / (stopb ** 2 - edges[0] * edges[1])))
    if kind == "butter":
        g_stop, g_pass = 10 ** (0.1 * abs(gstop)), 10 ** (0.1 * abs(gpass))
        return math.log10((g_stop - 1.0) / (g_pass - 1.0)) / (2 * math.log10(nat))
    if kind == "cheby":
        g_stop, g_pass = 10 ** (0.1 * abs(gstop)), 10 ** (0.1 * abs(gpass))
        return np.arccosh(np.sqrt((g_stop - 1.0) / (g_pass - 1.0))) / np.arccosh(nat)
    if kind != "ellip":
        raise ValueError(f"Incorrect type: {kind}")
    g_stop, g_pass = 10 ** (0.1 * gstop), 10 ** (0.1 * gpass)
    arg1 = math.sqrt((g_pass - 1.0) / (g_stop - 1.0))
    arg0 = 1.0 / nat
    return (_elliptic.ellipk(arg0 ** 2) * _elliptic.ellipk(1 - arg1 ** 2)
            / (_elliptic.ellipk(1 - arg0 ** 2) * _elliptic.ellipk(arg1 ** 2)))


def _natural_frequency(stopb, passb, gpass, gstop, kind, design):
    if kind == 1:
        nat = stopb / passb
    elif kind == 2:
        nat = passb / stopb
    elif kind == 3:
        # Each edge is searched with the other one where the specification puts it.
        first = _bounded_minimum(
            lambda w: _band_stop_order(w, 0, passb, stopb, gpass, gstop, design),
            passb[0], stopb[0] - 1e-12)
        second = _bounded_minimum(
            lambda w: _band_stop_order(w, 1, passb, stopb, gpass, gstop, design),
            stopb[1] + 1e-12, passb[1])
        passb = np.array([first, second], dtype=float)
        nat = (stopb * (passb[0] - passb[1])) / (stopb ** 2 - passb[0] * passb[1])
    else:
        nat = (stopb ** 2 - passb[0] * passb[1]) / (stopb * (passb[0] - passb[1]))
    return min(abs(nat)), passb


def _postprocess(wn, analog, fs):
    wn = wn if analog else np.arctan(wn) * 2.0 / np.pi
    if len(wn) == 1:
        wn = wn[0]
    if fs is not None:
        wn = wn * fs / 2
    return wn


def buttord(wp, ws, gpass, gstop, analog=False, fs=None):
    _check_gains(gpass, gstop)
    fs = validate_fs(fs, allow_none=True)
    wp, ws, kind = _check_edges(wp, ws, fs, analog)
    passb, stopb = _pre_warp(wp, ws, analog)
    nat, passb = _natural_frequency(stopb, passb, gpass, gstop, kind, "butter")
    g_stop, g_pass = 10 ** (0.1 * abs(gstop)), 10 ** (0.1 * abs(gpass))
    order = int(math.ceil(math.log10((g_stop - 1.0) / (g_pass - 1.0)) / (2 * math.log10(nat))))
    try:
        # The natural (3 dB) frequency that meets gpass exactly at the pass-band edge.
        W0 = (g_pass - 1.0) ** (-1.0 / (2.0 * order))
    except ZeroDivisionError:
        W0 = 1.0
        warnings.warn("Order is zero...check input parameters.", RuntimeWarning, stacklevel=2)
    if kind == 1:
        WN = W0 * passb
    elif kind == 2:
        WN = passb / W0
    elif kind == 3:
        discr = math.sqrt((passb[1] - passb[0]) ** 2 + 4 * W0 ** 2 * passb[0] * passb[1])
        WN = np.sort(abs(np.array([((passb[1] - passb[0]) + discr) / (2 * W0),
                                   ((passb[1] - passb[0]) - discr) / (2 * W0)])))
    else:
        W0 = np.array([-W0, W0], float)
        WN = (-W0 * (passb[1] - passb[0]) / 2.0
              + np.sqrt(W0 ** 2 / 4.0 * (passb[1] - passb[0]) ** 2 + passb[0] * passb[1]))
        WN = np.sort(abs(WN))
    return order, _postprocess(WN, analog, fs)


def _cheby_order(gpass, gstop, nat):
    g_stop, g_pass = 10 ** (0.1 * abs(gstop)), 10 ** (0.1 * abs(gpass))
    v = np.arccosh(np.sqrt((g_stop - 1.0) / (g_pass - 1.0)))
    return int(math.ceil(v / np.arccosh(nat))), v


def cheb1ord(wp, ws, gpass, gstop, analog=False, fs=None):
    fs = validate_fs(fs, allow_none=True)
    _check_gains(gpass, gstop)
    wp, ws, kind = _check_edges(wp, ws, fs, analog)
    passb, stopb = _pre_warp(wp, ws, analog)
    nat, passb = _natural_frequency(stopb, passb, gpass, gstop, kind, "cheby")
    order, _ = _cheby_order(gpass, gstop, nat)
    return order, _postprocess(passb, analog, fs)


def cheb2ord(wp, ws, gpass, gstop, analog=False, fs=None):
    fs = validate_fs(fs, allow_none=True)
    _check_gains(gpass, gstop)
    wp, ws, kind = _check_edges(wp, ws, fs, analog)
    passb, stopb = _pre_warp(wp, ws, analog)
    nat, passb = _natural_frequency(stopb, passb, gpass, gstop, kind, "cheby")
    order, v = _cheby_order(gpass, gstop, nat)
    # The frequency where the prototype's response is -gpass dB, mapped back to the band edges.
    f = 1.0 / math.cosh(1.0 / order * v)
    if kind == 1:
        nat = passb / f
    elif kind == 2:
        nat = passb * f
    elif kind == 3:
        first = (f / 2.0 * (passb[0] - passb[1])
                 + math.sqrt(f ** 2 * (passb[1] - passb[0]) ** 2 / 4.0 + passb[1] * passb[0]))
        nat = np.array([first, passb[1] * passb[0] / first])
    else:
        first = (1.0 / (2.0 * f) * (passb[0] - passb[1])
                 + math.sqrt((passb[1] - passb[0]) ** 2 / (4.0 * f ** 2)
                             + passb[1] * passb[0]))
        nat = np.array([first, passb[0] * passb[1] / first])
    return order, _postprocess(nat, analog, fs)


def ellipord(wp, ws, gpass, gstop, analog=False, fs=None):
    fs = validate_fs(fs, allow_none=True)
    _check_gains(gpass, gstop)
    wp, ws, kind = _check_edges(wp, ws, fs, analog)
    passb, stopb = _pre_warp(wp, ws, analog)
    nat, passb = _natural_frequency(stopb, passb, gpass, gstop, kind, "ellip")
    arg1_sq = _pow10m1(0.1 * gpass) / _pow10m1(0.1 * gstop)
    arg0 = 1.0 / nat
    ratio = (_elliptic.ellipk(arg0 ** 2) * _elliptic.ellipkm1(arg1_sq)
             / (_elliptic.ellipkm1(arg0 ** 2) * _elliptic.ellipk(arg1_sq)))
    return int(math.ceil(ratio)), _postprocess(passb, analog, fs)


_ORDER_SELECTION = {"butter": buttord, "butterworth": buttord, "cauer": ellipord,
                    "elliptic": ellipord, "ellip": ellipord, "cheby1": cheb1ord,
                    "chebyshev1": cheb1ord, "chebyi": cheb1ord, "cheby2": cheb2ord,
                    "chebyshev2": cheb2ord, "chebyii": cheb2ord}
_WITHOUT_ORDER = ("bessel", "bessel_phase", "bessel_delay", "bessel_mag")


def iirdesign(wp, ws, gpass, gstop, analog=False, ftype="ellip", output="ba", fs=None):
    from cunp.scipy.signal._iir_design import iirfilter

    if ftype in _WITHOUT_ORDER:
        raise ValueError(f"{ftype} does not have order selection. Use iirfilter function.")
    if ftype not in _ORDER_SELECTION:
        raise ValueError(f"Invalid IIR filter type: {ftype}")
    _check_gains(gpass, gstop)
    wp, ws = np.atleast_1d(wp), np.atleast_1d(ws)
    fs = validate_fs(fs, allow_none=True)
    if wp.shape[0] != ws.shape[0] or wp.shape not in ((1,), (2,)):
        raise ValueError("wp and ws must have one or two elements each, and the same shape, "
                         f"got {wp.shape} and {ws.shape}")
    if any(wp <= 0) or any(ws <= 0):
        raise ValueError("Values for wp, ws must be greater than 0")
    if not analog:
        if fs is None:
            if any(wp >= 1) or any(ws >= 1):
                raise ValueError("Values for wp, ws must be less than 1")
        elif any(wp >= fs / 2) or any(ws >= fs / 2):
            raise ValueError(f"Values for wp, ws must be less than fs/2 (fs={fs} -> "
                             f"fs/2={fs / 2})")
    if wp.shape[0] == 2 and not ((ws[0] < wp[0] and wp[1] < ws[1])
                                 or (wp[0] < ws[0] and ws[1] < wp[1])):
        raise ValueError("Passband must lie strictly inside stopband or vice versa")
    kind = 2 * (len(wp) - 1) + 1 + (1 if wp[0] >= ws[0] else 0)
    btype = {1: "lowpass", 2: "highpass", 3: "bandstop", 4: "bandpass"}[kind]
    N, Wn = _ORDER_SELECTION[ftype](wp, ws, gpass, gstop, analog=analog, fs=fs)
    return iirfilter(N, Wn, rp=gpass, rs=gstop, analog=analog, btype=btype, ftype=ftype,
                     output=output, fs=fs)


def band_stop_obj(wp, ind, passb, stopb, gpass, gstop, type):
    _check_gains(gpass, gstop)
    return _band_stop_order(wp, ind, np.asarray(passb, dtype=float),
                            np.asarray(stopb, dtype=float), gpass, gstop, type)


FUNCTIONS = [buttord, cheb1ord, cheb2ord, ellipord, iirdesign, band_stop_obj]
