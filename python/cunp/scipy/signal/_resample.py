"""Resampling over an array namespace `xp`: upfirdn (upsample by zero insertion, FIR filter,
downsample: one polyphase kernel, src/device/signal/upfirdn.cuh, over the signal extended by
_extend.py for modes other than zero padding), resample_poly (a Kaiser-windowed low-pass
designed on the host, then upfirdn) and decimate (an anti-aliasing IIR or FIR filter, then
every q-th sample)."""
import math
import operator
import sys

import numpy as np

from cunp.scipy.signal import _extend, _filtering
from cunp.scipy.signal._fir_design import firwin
from cunp.scipy.signal._iir_design import cheby1
from cunp.scipy.signal._lti import _host
from cunp.scipy.signal._namespace import to_host
from cunp.scipy.signal._representation import zpk2sos

_MODES = ("constant", "wrap", "edge", "smooth", "symmetric", "reflect", "antisymmetric",
          "antireflect", "line")


def _output_len(len_h, in_len, up, down):
    """upfirdn's output length: the full convolution of the upsampled signal with h,
    sampled every down-th point."""
    total = (in_len - 1) * up + len_h
    return total // down + (1 if total % down else 0)


def polyphase_model(h, x, up, down):
    """What the polyphase kernel (src/device/signal/upfirdn.cuh) computes, in NumPy: output m
    of each row sums h[p + up k] x[b - k] over k, with j = m down, p = j mod up, b = j div up,
    for the taps and samples that exist, in the order of k. x (..., n) and h share the dtype.
    The host path, and the kernel's model in the CPU tests."""
    n, len_h = x.shape[-1], h.shape[0]
    j = np.arange(_output_len(len_h, n, up, down)) * down
    phase, base = j % up, j // up
    y = np.zeros(x.shape[:-1] + (j.size,), dtype=x.dtype)
    for k in range(-(-len_h // up)):
        tap, sample = phase + up * k, base - k
        ok = (tap < len_h) & (0 <= sample) & (sample < n)
        y[..., ok] += h[tap[ok]] * x[..., sample[ok]]
    return y


def entry(xp):
    """The polyphase kernel for cunp arrays (_core.signal.upfirdn), its model for NumPy."""
    if getattr(xp, "__name__", "") == "cunp":
        from cunp import _core
        return _core.signal.upfirdn
    return polyphase_model


def upfirdn(xp, h, x, up=1, down=1, axis=-1, mode="constant", cval=0):
    h = np.asarray(to_host(xp, h))
    x = xp.asarray(x)
    if h.ndim != 1 or h.size == 0:
        raise ValueError("h must be 1-D with non-zero length")
    up, down = int(up), int(down)
    if up < 1 or down < 1:
        raise ValueError("Both up and down must be >= 1")
    mode = mode.lower()
    if mode not in _MODES:
        raise ValueError(f"Unknown mode: {mode}")
    # SciPy takes cval as a C double: a complex one is a TypeError.
    cval = float(cval)
    dtype = np.result_type(h.dtype, x.dtype, np.float32)
    axis = _filtering._normalize_axis(axis, x.ndim)
    moved = xp.moveaxis(x, axis, -1).astype(dtype, copy=False)
    n = moved.shape[-1]
    # A filter no longer than `up` reads no sample outside the signal: every mode is the same.
    if (mode != "constant" or cval != 0) and len(h) > up:
        out = _extended(xp, h.astype(dtype), moved, up, down, mode, cval)
        return xp.moveaxis(out, -1, axis)
    if n == 0:
        length = _output_len(len(h), n, up, down)
        return xp.moveaxis(xp.zeros(moved.shape[:-1] + (length,), dtype=dtype), -1, axis)
    # One thread per output sample summing only its phase's taps (no upsampled copy, no
    # products with the inserted zeros, no outputs that downsampling drops), in the dtype.
    out = entry(xp)(xp.asarray(h.astype(dtype)), moved, up, down)
    return xp.moveaxis(out, -1, axis)


def _extended(xp, h, x, up, down, mode, cval):
    """upfirdn of x (..., n) with `mode`'s signal extension: the zero-padding kernel over x
    extended by the filter's reach, and the window of its output that lines up with the
    unextended call's."""
    n, len_h = x.shape[-1], h.shape[0]
    # Output k reads input (k down - t) / up for taps t < len_h: at most (len_h - 1) // up
    # samples before the signal and as many after it.
    reach = (len_h - 1) // up
    # Extending by `before` samples shifts the upsampled signal by before * up, which must be
    # a whole number of output steps (down): round before up to a multiple of
    # down / gcd(up, down).
    step = down // math.gcd(up, down)
    before = -(-reach // step) * step
    padded = _extend.extend(xp, x, mode, cval, before, reach)
    out = entry(xp)(xp.asarray(h), padded, up, down)
    first = before * up // down
    return out[..., first:first + _output_len(len_h, n, up, down)]


_BACKGROUNDS = ("mean", "median", "minimum", "maximum")


def resample_poly(xp, x, up, down, axis=0, window=("kaiser", 5.0), padtype="constant",
                  cval=None):
    x = xp.asarray(x)
    if up != int(up):
        raise ValueError("up must be an integer")
    if down != int(down):
        raise ValueError("down must be an integer")
    up, down = int(up), int(down)
    if up < 1 or down < 1:
        raise ValueError("up and down must be >= 1")
    if cval is not None and padtype != "constant":
        raise ValueError("cval has no effect when padtype is ", padtype)
    g = math.gcd(up, down)
    up //= g
    down //= g
    if up == down == 1:
        return x.copy()
    axis = _filtering._normalize_axis(axis, x.ndim)
    n_in = x.shape[axis]
    n_out = n_in * up
    n_out = n_out // down + bool(n_out % down)
    if isinstance(window, (list, np.ndarray)) or hasattr(window, "__cuda_array_interface__"):
        h = np.array(to_host(xp, window))
        if h.ndim > 1:
            raise ValueError("window must be 1-D")
        half_len = (h.size - 1) // 2
    else:
        # A linear-phase low-pass at the lower of the two Nyquist rates.
        max_rate = max(up, down)
        half_len = 10 * max_rate
        h = firwin(2 * half_len + 1, 1.0 / max_rate, window=window)
        if x.dtype.kind in "fc":
            h = h.astype(x.dtype)
    h = h * up
    # Zero-pad the filter so that output samples land on its centre.
    n_pre_pad = down - half_len % down
    n_post_pad = 0
    n_pre_remove = (half_len + n_pre_pad) // down
    while _output_len(len(h) + n_pre_pad + n_post_pad, n_in, up, down) < n_out + n_pre_remove:
        n_post_pad += 1
    h = np.concatenate((np.zeros(n_pre_pad, dtype=h.dtype), h,
                        np.zeros(n_post_pad, dtype=h.dtype)))
    if padtype in _BACKGROUNDS:
        reduce = {"mean": xp.mean, "median": xp.median, "minimum": xp.amin,
                  "maximum": xp.amax}[padtype]
        background = reduce(x, axis=axis, keepdims=True)
        x = x - background
    elif padtype not in _MODES:
        raise ValueError("padtype must be one of: maximum, mean, median, minimum, "
                         + ", ".join(_MODES))
    mode = padtype if padtype in _MODES else "constant"
    fill = cval if padtype == "constant" and cval is not None else 0
    y = upfirdn(xp, h, x, up, down, axis=axis, mode=mode, cval=fill)
    index = [slice(None)] * x.ndim
    index[axis] = slice(n_pre_remove, n_pre_remove + n_out)
    y = y[tuple(index)]
    if padtype in _BACKGROUNDS:
        y = y + background
    return y


def resample(xp, x, num, t=None, axis=0, window=None, domain="time"):
    if domain not in ("time", "freq"):
        raise ValueError(f"Parameter domain={domain!r} not in ('time', 'freq')!")
    x = xp.asarray(x)
    x = xp.moveaxis(x, axis, -1) if x.ndim > 1 else x
    n_x = x.shape[-1]
    scale = n_x / num
    m = min(num, n_x)
    m2 = m // 2 + 1
    if window is None:
        W = None
    elif callable(window):
        W = np.asarray(window(np.fft.fftfreq(n_x)), dtype=float)
    elif hasattr(window, "shape"):
        if tuple(window.shape) != (n_x,):
            raise ValueError(f"window.shape={tuple(window.shape)} != ({n_x},), i.e., window "
                             "length is not equal to number of frequency bins!")
        W = np.array(to_host(xp, window), copy=True)
    else:
        from cunp.scipy.signal.windows._host import get_window

        W = np.fft.fftshift(get_window(window, n_x))
    if domain == "time" and x.dtype.kind != "c":
        dtype = np.result_type(x.dtype, np.float32) if x.dtype.kind == "f" else np.float64
        X = xp.fft.rfft(x.astype(dtype, copy=False))
        if W is not None:
            # A real signal's one-sided window: the mean of each bin's two sides.
            n_X = X.shape[-1]
            W = W.copy()
            W[1:n_X] = (W[1:n_X] + W[-n_X + 1:][::-1]) / 2
            X = X * xp.asarray(W[:n_X])
        X = X[..., :m2].copy()
        if m % 2 == 0 and num != n_x:
            # The unpaired bin at m // 2 joins (or splits into) a pair.
            X[..., m // 2] *= 2 if num < n_x else 0.5
        out = xp.fft.irfft(X / scale, n=num).astype(dtype, copy=False)
    else:
        X = xp.fft.fft(x) if domain == "time" else x
        if W is not None:
            X = X * xp.asarray(W)
        Y = xp.zeros(X.shape[:-1] + (num,), dtype=X.dtype)
        Y[..., :m2] = X[..., :m2]
        if m2 < m:
            Y[..., m2 - m:] = X[..., m2 - m:]
        if m % 2 == 0:
            if num < n_x:
                Y[..., -m // 2] += X[..., -m // 2]
            elif n_x < num:
                Y[..., m // 2] /= 2
                Y[..., num - m // 2] = Y[..., m // 2]
        out = xp.fft.ifft(Y / scale, n=num).astype(X.dtype, copy=False)
    out = xp.moveaxis(out, -1, axis) if out.ndim > 1 else out
    if t is not None:
        t = to_host(xp, t)
        return out, xp.asarray(t[0] + (t[1] - t[0]) * scale * np.arange(num))
    return out


def decimate(xp, x, q, n=None, ftype="iir", axis=-1, zero_phase=True):
    x = xp.asarray(x)
    q = operator.index(q)
    if n is not None:
        n = operator.index(n)
    dtype = x.dtype
    if dtype.kind not in "fc" or dtype == np.float16:
        dtype = np.dtype(np.float64)
    index = [slice(None)] * x.ndim
    sos = b = a = None
    if ftype == "fir":
        if n is None:
            n = 20 * q
        b = firwin(n + 1, 1.0 / q, window="hamming").astype(dtype)
    elif ftype == "iir":
        sos = cheby1(8 if n is None else n, 0.05, 0.8 / q, output="sos").astype(dtype)
    elif _is_dlti(ftype):
        ftype, sos, b, a = _dlti_filter(ftype, dtype)
    else:
        raise ValueError("invalid ftype")
    if ftype == "fir":
        if a is not None:
            b = b / a
        if zero_phase:
            return resample_poly(xp, x, 1, q, axis=axis, window=b)
        y = upfirdn(xp, b, x, up=1, down=q, axis=axis)
        length = x.shape[axis] // q + bool(x.shape[axis] % q)
        index[axis] = slice(None, length)
        return y[tuple(index)]
    if sos is not None:
        y = (_filtering.sosfiltfilt if zero_phase else _filtering.sosfilt)(xp, sos, x,
                                                                          axis=axis)
    elif zero_phase:
        y = _filtering.filtfilt(xp, b, a, x, axis=axis)
    else:
        y = _filtering.lfilter(xp, b, a, x, axis=axis)
    index[axis] = slice(None, None, q)
    return y[tuple(index)]


def _is_dlti(system):
    """A discrete-time system: cunp's dlti, or SciPy's (the same interface)."""
    from cunp.scipy.signal._lti import dlti
    if isinstance(system, dlti):
        return True
    scipy_signal = sys.modules.get("scipy.signal")
    return scipy_signal is not None and isinstance(system, scipy_signal.dlti)


def _dlti_filter(system, dtype):
    """decimate's filter from a dlti, as SciPy picks it: no poles is an FIR filter (b / a);
    any complex pole, zero or gain keeps the transfer function for lfilter/filtfilt (SciPy's
    test flags conjugate pairs too, so most IIR designs take this path); else sections in the
    signal's dtype. Returns (kind, sos, b, a)."""
    zpk = system.to_zpk() if hasattr(system, "to_zpk") else system
    poles = np.asarray(_host(zpk.poles))
    if poles.shape[0] == 0:
        tf = system.to_tf()
        return "fir", None, np.asarray(_host(tf.num)), np.asarray(_host(tf.den))
    zeros, gain = np.asarray(_host(zpk.zeros)), _host(zpk.gain)
    if np.iscomplex(poles).any() or np.iscomplex(gain):
        tf = system.to_tf()
        return "iir", None, np.asarray(_host(tf.num)), np.asarray(_host(tf.den))
    return "iir", zpk2sos(zeros, poles, gain).astype(dtype), None, None


FUNCTIONS = [upfirdn, resample_poly, resample, decimate]
