"""Spectral analysis over an array namespace `xp`: periodogram, welch, csd, coherence,
spectrogram and stft (one segmenting helper: the overlapping segments as one strided view,
detrend, window, one batched real or complex FFT), plus detrend, hilbert and the window
conditions check_COLA and check_NOLA (host maths on the window).

Shapes follow SciPy: the frequency axis replaces the signal's axis and segments (times) are a
new last axis."""
import warnings

import numpy as np

from cunp.scipy.signal._namespace import to_host
from cunp.scipy.signal.windows._host import get_window


def detrend(xp, data, axis=-1, type="linear", bp=0, overwrite_data=False):
    if type not in ("linear", "l", "constant", "c"):
        raise ValueError("Trend type must be 'linear' or 'constant'.")
    data = xp.asarray(data)
    dtype = data.dtype if data.dtype.char in "dfDF" else np.dtype(np.float64)
    if type in ("constant", "c"):
        return data - xp.mean(data, axis, keepdims=True)
    n = data.shape[axis]
    bp = np.sort(np.unique(np.concatenate(np.atleast_1d(0, to_host(xp, bp), n))))
    if np.any(bp > n):
        raise ValueError("Breakpoints must be less than length of data along given axis.")
    moved = xp.moveaxis(data, axis, -1).astype(dtype, copy=True)
    # Each piece less its least-squares line (the normal equations of a line are closed form).
    for start, stop in zip(bp[:-1], bp[1:]):
        count = int(stop - start)
        if count == 0:
            continue
        piece = moved[..., start:stop]
        t = np.arange(1, count + 1, dtype=np.float64) / count
        tc = xp.asarray((t - t.mean()).astype(dtype))
        mean = xp.mean(piece, axis=-1, keepdims=True)
        denominator = float(((t - t.mean()) ** 2).sum())
        slope = (xp.sum(piece * tc, axis=-1, keepdims=True) / denominator
                 if denominator > 0 else 0 * mean)
        moved[..., start:stop] = piece - mean - slope * tc
    return xp.moveaxis(moved, -1, axis)


def hilbert(xp, x, N=None, axis=-1):
    x = xp.asarray(x)
    if x.dtype.kind == "c":
        raise ValueError("x must be real.")
    if N is None:
        N = x.shape[axis]
    if N <= 0:
        raise ValueError("N must be positive.")
    if x.dtype.kind != "f":
        x = x.astype(np.float64)
    spectrum = xp.fft.fft(x, N, axis=axis)
    h = np.zeros(N)
    if N % 2 == 0:
        h[0] = h[N // 2] = 1
        h[1:N // 2] = 2
    else:
        h[0] = 1
        h[1:(N + 1) // 2] = 2
    shape = [1] * x.ndim
    shape[axis] = N
    out = xp.fft.ifft(spectrum * xp.asarray(h.reshape(shape)), axis=axis)
    return out.astype(np.result_type(x.dtype, np.complex64), copy=False)


def hilbert2(xp, x, N=None, axes=(-2, -1)):
    x = xp.asarray(x)
    if x.ndim < 2:
        x = x.reshape((1,) * (2 - x.ndim) + x.shape)
    if x.dtype.kind == "c":
        raise ValueError("x must be real.")
    if len(axes) != 2:
        raise ValueError("axes must be a tuple of length 2")
    if axes[0] == axes[1]:
        raise ValueError("axes must contain 2 distinct axes")
    if N is None:
        N = (x.shape[axes[0]], x.shape[axes[1]])
    elif isinstance(N, int):
        if N <= 0:
            raise ValueError("N must be positive.")
        N = (N, N)
    elif len(N) != 2 or np.any(np.asarray(N) <= 0):
        raise ValueError("When given as a tuple, N must hold exactly two positive integers")
    if x.dtype.kind != "f":
        x = x.astype(np.float64)
    spectrum = xp.fft.fft2(x, tuple(N), axes=axes)
    # The single-orthant analytic signal: positive frequencies doubled along each axis,
    # DC kept, negative frequencies (and an even length's Nyquist bin) dropped.
    weights = []
    for n in N:
        w = np.zeros(n)
        k = (n + 1) // 2
        w[0] = 1
        w[1:k] = 2
        weights.append(w)
    shape = [1] * spectrum.ndim
    h = np.ones(shape)
    for axis, w in zip(axes, weights):
        shape = [1] * spectrum.ndim
        shape[axis] = len(w)
        h = h * w.reshape(shape)
    out = xp.fft.ifft2(spectrum * xp.asarray(h), axes=axes)
    return out.astype(np.result_type(x.dtype, np.complex64), copy=False)


def _triage_segments(window, nperseg, input_length):
    if isinstance(window, (str, tuple)):
        if nperseg is None:
            nperseg = 256
        if nperseg > input_length:
            warnings.warn(f"nperseg = {nperseg:d} is greater than input length  = "
                          f"{input_length:d}, using nperseg = {input_length:d}", stacklevel=4)
            nperseg = input_length
        return get_window(window, nperseg), nperseg
    win = np.asarray(window)
    if win.ndim != 1:
        raise ValueError("window must be 1-D")
    if input_length < win.shape[-1]:
        raise ValueError("window is longer than input signal")
    if nperseg is None:
        nperseg = win.shape[0]
    elif nperseg != win.shape[0]:
        raise ValueError("value specified for nperseg is different from length of window")
    return win, nperseg


def _extension(xp, x, n, kind):
    """x extended by n samples at both ends of the last axis (SciPy's boundary options)."""
    from cunp.scipy.signal._filtering import _extend

    if kind == "zeros":
        pad = [(0, 0)] * (x.ndim - 1) + [(n, n)]
        return xp.pad(x, pad)
    return _extend(xp, x, n, x.ndim - 1, kind)


_BOUNDARIES = ("even", "odd", "constant", "zeros", None)


def _segments_fft(xp, x, win, detrend_fn, nperseg, noverlap, nfft, sides):
    # The overlapping segments are a strided view of x (no index array, no copy): the window
    # product reads them once into the contiguous batch the FFT transforms in one call.
    step = nperseg - noverlap
    segments = xp.lib.stride_tricks.sliding_window_view(x, nperseg, axis=-1)[..., ::step, :]
    segments = detrend_fn(segments)
    segments = segments * win
    if sides == "twosided":
        return xp.fft.fft(segments, n=nfft)
    return xp.fft.rfft(segments.real, n=nfft)


def _spectral_helper(xp, x, y, fs=1.0, window="hann", nperseg=None, noverlap=None, nfft=None,
                     detrend_type="constant", return_onesided=True, scaling="density", axis=-1,
                     mode="psd", boundary=None, padded=False):
    if mode not in ("psd", "stft"):
        raise ValueError(f"Unknown value for mode {mode}, must be one of: ('psd', 'stft')")
    if boundary not in _BOUNDARIES:
        raise ValueError(f"Unknown boundary option '{boundary}', must be one of: "
                         f"{list(_BOUNDARIES)}")
    same = y is x
    if not same and mode != "psd":
        raise ValueError("x and y must be equal if mode is 'stft'")
    axis = int(axis)
    x = xp.asarray(x)
    if not same:
        y = xp.asarray(y)
        outdtype = np.result_type(x.dtype, y.dtype, np.complex64)
    else:
        outdtype = np.result_type(x.dtype, np.complex64)
    if not same:
        xouter, youter = list(x.shape), list(y.shape)
        xouter.pop(axis)
        youter.pop(axis)
        try:
            outershape = np.broadcast_shapes(tuple(xouter), tuple(youter))
        except ValueError as e:
            raise ValueError("x and y cannot be broadcast together.") from e
    if same:
        if x.size == 0:
            return xp.empty(x.shape), xp.empty(x.shape), xp.empty(x.shape)
    elif x.size == 0 or y.size == 0:
        empty = xp.moveaxis(xp.empty(tuple(outershape) + (min(x.shape[axis], y.shape[axis]),)),
                            -1, axis)
        return empty, empty, empty
    x = xp.moveaxis(x, axis, -1)
    if not same:
        y = xp.moveaxis(y, axis, -1)
        if x.shape[-1] != y.shape[-1]:
            longest = max(x.shape[-1], y.shape[-1])
            x = xp.pad(x, [(0, 0)] * (x.ndim - 1) + [(0, longest - x.shape[-1])])
            y = xp.pad(y, [(0, 0)] * (y.ndim - 1) + [(0, longest - y.shape[-1])])
    if nperseg is not None:
        nperseg = int(nperseg)
        if nperseg < 1:
            raise ValueError("nperseg must be a positive integer")
    win, nperseg = _triage_segments(window, nperseg, x.shape[-1])
    if nfft is None:
        nfft = nperseg
    elif nfft < nperseg:
        raise ValueError("nfft must be greater than or equal to nperseg.")
    else:
        nfft = int(nfft)
    noverlap = nperseg // 2 if noverlap is None else int(noverlap)
    if noverlap >= nperseg:
        raise ValueError("noverlap must be less than nperseg.")
    step = nperseg - noverlap
    # Extend first, then pad, so the extended signal ends in zeros rather than a step.
    if boundary is not None:
        x = _extension(xp, x, nperseg // 2, boundary)
        if not same:
            y = _extension(xp, y, nperseg // 2, boundary)
    if padded:
        extra = (-(x.shape[-1] - nperseg) % step) % nperseg
        x = xp.pad(x, [(0, 0)] * (x.ndim - 1) + [(0, extra)])
        if not same:
            y = xp.pad(y, [(0, 0)] * (y.ndim - 1) + [(0, extra)])
    if not detrend_type:
        def detrend_fn(d):
            return d
    elif not callable(detrend_type):
        def detrend_fn(d):
            return detrend(xp, d, type=detrend_type, axis=-1)
    elif axis != -1:
        def detrend_fn(d):
            return xp.moveaxis(detrend_type(xp.moveaxis(d, -1, axis)), axis, -1)
    else:
        detrend_fn = detrend_type
    if np.result_type(win, np.complex64) != outdtype:
        win = win.astype(outdtype)
    if scaling == "density":
        scale = 1.0 / (fs * (win * win).sum())
    elif scaling == "spectrum":
        scale = 1.0 / win.sum() ** 2
    else:
        raise ValueError(f"Unknown scaling: {scaling!r}")
    if mode == "stft":
        scale = np.sqrt(scale)
    sides = "twosided"
    if return_onesided:
        if x.dtype.kind == "c" or (not same and y.dtype.kind == "c"):
            warnings.warn("Input data is complex, switching to return_onesided=False",
                          stacklevel=4)
        else:
            sides = "onesided"
    freqs = (np.fft.fftfreq(nfft, 1 / fs) if sides == "twosided"
             else np.fft.rfftfreq(nfft, 1 / fs))
    # An STFT's scale is linear: folded into the window, it costs no pass over the output.
    fold = float(np.real(scale)) if mode == "stft" else 1.0
    win_device = xp.asarray((win.real * fold).astype(np.result_type(x.dtype, np.float32))
                            if sides == "onesided" or win.dtype.kind != "c" else win * fold)
    result = _segments_fft(xp, x, win_device, detrend_fn, nperseg, noverlap, nfft, sides)
    if not same:
        result = xp.conj(result) * _segments_fft(xp, y, win_device, detrend_fn, nperseg,
                                                 noverlap, nfft, sides)
    elif mode == "psd":
        # A spectrum times its own conjugate is real: |X|^2 in the real dtype, half the data.
        result = result.real * result.real + result.imag * result.imag
    real_dtype = np.empty(0, result.dtype).real.dtype
    if mode == "psd":
        # The scale and, one-sided, the doubled bins (every bin but DC, and Nyquist for even
        # nfft, stands for its mirror's power too) as one weight per bin: one pass.
        weights = np.full(result.shape[-1], float(np.real(scale)))
        if sides == "onesided":
            weights[1:None if nfft % 2 else -1] *= 2
        result = result * xp.asarray(weights.astype(real_dtype))
    time = np.arange(nperseg / 2, x.shape[-1] - nperseg / 2 + 1, nperseg - noverlap) / float(fs)
    if boundary is not None:
        time -= (nperseg / 2) / fs
    if same and mode != "stft":
        result = result.real.astype(np.empty(0, outdtype).real.dtype, copy=False)
    else:
        result = result.astype(outdtype, copy=False)
    if axis < 0:
        axis -= 1
    result = xp.moveaxis(result, -1, axis)
    return xp.asarray(freqs), xp.asarray(time), result


def _median_bias(n):
    ii_2 = 2 * np.arange(1.0, (n - 1) // 2 + 1)
    return 1 + np.sum(1.0 / (ii_2 + 1) - 1.0 / ii_2)


def csd(xp, x, y, fs=1.0, window="hann", nperseg=None, noverlap=None, nfft=None,
        detrend="constant", return_onesided=True, scaling="density", axis=-1, average="mean"):
    freqs, _, Pxy = _spectral_helper(xp, x, y, fs, window, nperseg, noverlap, nfft, detrend,
                                     return_onesided, scaling, axis, mode="psd")
    if Pxy.ndim >= 2 and Pxy.size > 0:
        if Pxy.shape[-1] > 1:
            if average == "median":
                bias = _median_bias(Pxy.shape[-1])
                if Pxy.dtype.kind == "c":
                    Pxy = (xp.median(Pxy.real, axis=-1)
                           + 1j * xp.median(Pxy.imag, axis=-1))
                else:
                    Pxy = xp.median(Pxy, axis=-1)
                Pxy = Pxy / float(bias)
            elif average == "mean":
                Pxy = Pxy.mean(axis=-1)
            else:
                raise ValueError(f'average must be "median" or "mean", got {average}')
        else:
            Pxy = Pxy.reshape(Pxy.shape[:-1])
    return freqs, Pxy


def welch(xp, x, fs=1.0, window="hann", nperseg=None, noverlap=None, nfft=None,
          detrend="constant", return_onesided=True, scaling="density", axis=-1,
          average="mean"):
    x = xp.asarray(x)
    freqs, Pxx = csd(xp, x, x, fs, window, nperseg, noverlap, nfft, detrend, return_onesided,
                     scaling, axis, average)
    return freqs, Pxx.real


def periodogram(xp, x, fs=1.0, window="boxcar", nfft=None, detrend="constant",
                return_onesided=True, scaling="density", axis=-1):
    x = xp.asarray(x)
    if x.size == 0:
        return xp.empty(x.shape), xp.empty(x.shape)
    if window is None:
        window = "boxcar"
    length = x.shape[axis]
    if nfft is None or nfft == length:
        nperseg = length
    elif nfft > length:
        nperseg = length
    else:
        index = [slice(None)] * x.ndim
        index[axis] = slice(None, nfft)
        x = x[tuple(index)]
        nperseg, nfft = nfft, None
    if hasattr(window, "size") and window.size != nperseg:
        raise ValueError("the size of the window must be the same size of the input on the "
                         "specified axis")
    return welch(xp, x, fs, to_host(xp, window) if hasattr(window, "size") else window,
                 nperseg, 0, nfft, detrend, return_onesided, scaling, axis)


def coherence(xp, x, y, fs=1.0, window="hann", nperseg=None, noverlap=None, nfft=None,
              detrend="constant", axis=-1):
    freqs, Pxx = welch(xp, x, fs, window, nperseg, noverlap, nfft, detrend, axis=axis)
    _, Pyy = welch(xp, y, fs, window, nperseg, noverlap, nfft, detrend, axis=axis)
    _, Pxy = csd(xp, x, y, fs, window, nperseg, noverlap, nfft, detrend, axis=axis)
    return freqs, abs(Pxy) ** 2 / Pxx / Pyy


def spectrogram(xp, x, fs=1.0, window=("tukey", 0.25), nperseg=None, noverlap=None, nfft=None,
                detrend="constant", return_onesided=True, scaling="density", axis=-1,
                mode="psd"):
    modes = ["psd", "complex", "magnitude", "angle", "phase"]
    if mode not in modes:
        raise ValueError(f"unknown value for mode {mode}, must be one of {modes}")
    x = xp.asarray(x)
    window, nperseg = _triage_segments(window, nperseg, x.shape[axis])
    if noverlap is None:
        noverlap = nperseg // 8
    if mode == "psd":
        return _spectral_helper(xp, x, x, fs, window, nperseg, noverlap, nfft, detrend,
                                return_onesided, scaling, axis, mode="psd")
    freqs, time, Sxx = _spectral_helper(xp, x, x, fs, window, nperseg, noverlap, nfft,
                                        detrend, return_onesided, scaling, axis, mode="stft")
    if mode == "magnitude":
        Sxx = xp.abs(Sxx)
    elif mode in ("angle", "phase"):
        Sxx = xp.angle(Sxx)
        if mode == "phase":
            Sxx = xp.unwrap(Sxx, axis=axis - 1 if axis < 0 else axis)
    return freqs, time, Sxx


def stft(xp, x, fs=1.0, window="hann", nperseg=256, noverlap=None, nfft=None, detrend=False,
         return_onesided=True, boundary="zeros", padded=True, axis=-1, scaling="spectrum"):
    if scaling == "psd":
        scaling = "density"
    elif scaling != "spectrum":
        raise ValueError(f"Parameter scaling={scaling!r} not in ['spectrum', 'psd']!")
    x = xp.asarray(x)
    return _spectral_helper(xp, x, x, fs, window, nperseg, noverlap, nfft, detrend,
                            return_onesided, scaling, axis, mode="stft", boundary=boundary,
                            padded=padded)


def istft(xp, Zxx, fs=1.0, window="hann_periodic", nperseg=None, noverlap=None, nfft=None,
          input_onesided=True, boundary=True, time_axis=-1, freq_axis=-2, scaling="spectrum"):
    Zxx = xp.asarray(Zxx) + 0j
    freq_axis, time_axis = int(freq_axis), int(time_axis)
    if Zxx.ndim < 2:
        raise ValueError("Input stft must be at least 2d!")
    if freq_axis == time_axis:
        raise ValueError("Must specify differing time and frequency axes!")
    nseg = Zxx.shape[time_axis]
    n_default = 2 * (Zxx.shape[freq_axis] - 1) if input_onesided else Zxx.shape[freq_axis]
    if nperseg is None:
        nperseg = n_default
    else:
        nperseg = int(nperseg)
        if nperseg < 1:
            raise ValueError("nperseg must be a positive integer")
    if nfft is None:
        nfft = nperseg if input_onesided and nperseg == n_default + 1 else n_default
    elif nfft < nperseg:
        raise ValueError("nfft must be greater than or equal to nperseg.")
    else:
        nfft = int(nfft)
    noverlap = nperseg // 2 if noverlap is None else int(noverlap)
    if noverlap >= nperseg:
        raise ValueError("noverlap must be less than nperseg.")
    step = nperseg - noverlap
    if time_axis != Zxx.ndim - 1 or freq_axis != Zxx.ndim - 2:
        freq_axis %= Zxx.ndim
        time_axis %= Zxx.ndim
        outer = [a for a in range(Zxx.ndim) if a not in (time_axis, freq_axis)]
        Zxx = xp.transpose(Zxx, outer + [freq_axis, time_axis])
    win = _window_for_check(window, nperseg)
    real_dtype = np.empty(0, Zxx.dtype).real.dtype
    if input_onesided:
        frames = xp.fft.irfft(Zxx, axis=-2, n=nfft).astype(real_dtype, copy=False)
    else:
        frames = xp.fft.ifft(Zxx, axis=-2, n=nfft).astype(Zxx.dtype, copy=False)
    frames = frames[..., :nperseg, :]
    if scaling == "spectrum":
        gain = win.sum()
    elif scaling == "psd":
        gain = np.sqrt(fs * sum(win ** 2))
    else:
        raise ValueError(f"Parameter scaling={scaling!r} not in ['spectrum', 'psd']!")
    win_device = xp.asarray(win.astype(real_dtype))
    frames = xp.moveaxis(frames, -1, -2) * win_device * float(gain)
    # Overlap-add in groups of segments that do not overlap one another: segments r, r + k,
    # r + 2k, ... (k hops cover a segment) fit side by side in rows of k * step samples.
    length = nperseg + (nseg - 1) * step
    k = -(-nperseg // step)
    row = k * step
    x = xp.zeros(frames.shape[:-2] + (length + row,), dtype=frames.dtype)
    for r in range(min(k, nseg)):
        group = frames[..., r::k, :]
        m = group.shape[-2]
        # Laid out in a fresh array first, so that the sum does not depend on whether a
        # reshape of a strided slice is a view.
        rows = xp.zeros(group.shape[:-1] + (row,), dtype=frames.dtype)
        rows[..., :nperseg] = group
        x[..., r * step:r * step + m * row] += rows.reshape(x.shape[:-1] + (m * row,))
    x = x[..., :length]
    norm = np.zeros(length)
    for i in range(nseg):
        norm[i * step:i * step + nperseg] += win ** 2
    if boundary:
        x = x[..., nperseg // 2:-(nperseg // 2)]
        norm = norm[nperseg // 2:-(nperseg // 2)]
    if np.sum(norm > 1e-10) != len(norm):
        warnings.warn("NOLA condition failed, STFT may not be invertible."
                      + (" Possibly due to missing boundary" if not boundary else ""),
                      stacklevel=3)
    x = x / xp.asarray(np.where(norm > 1e-10, norm, 1.0).astype(real_dtype))
    if input_onesided:
        x = x.real
    if x.ndim > 1 and time_axis != Zxx.ndim - 1:
        if freq_axis < time_axis:
            time_axis -= 1
        x = xp.moveaxis(x, -1, time_axis)
    return xp.asarray(np.arange(x.shape[0]) / float(fs)), x


def vectorstrength(xp, events, period):
    events, period = xp.asarray(events), xp.asarray(period)
    if events.ndim > 1:
        raise ValueError("events cannot have dimensions more than 1")
    if period.ndim > 1:
        raise ValueError("period cannot have dimensions more than 1")
    scalar_period = period.ndim == 0
    events = events.reshape(1, -1)
    period = period.reshape(1, -1)
    if bool((period <= 0).any()):
        raise ValueError("periods must be positive")
    # Each event as a unit vector at its phase within the period; the mean's length and angle.
    vectors = xp.exp((2j * np.pi / period.T) @ events.astype(np.complex128))
    mean = xp.mean(vectors, axis=1)
    strength, phase = abs(mean), xp.angle(mean)
    if scalar_period:
        return strength[0], phase[0]
    return strength, phase


def _window_for_check(window, nperseg):
    if isinstance(window, str) or type(window) is tuple:
        return get_window(window, nperseg)
    win = np.asarray(window)
    if win.ndim != 1:
        raise ValueError("window must be 1-D")
    if win.shape[0] != nperseg:
        raise ValueError("window must have length of nperseg")
    return win


def check_COLA(window, nperseg, noverlap, tol=1e-10):
    nperseg = int(nperseg)
    if nperseg < 1:
        raise ValueError("nperseg must be a positive integer")
    if noverlap >= nperseg:
        raise ValueError("noverlap must be less than nperseg.")
    noverlap = int(noverlap)
    win = _window_for_check(window, nperseg)
    step = nperseg - noverlap
    # The overlapped windows summed into one hop must be constant.
    sums = sum(win[i * step:(i + 1) * step] for i in range(nperseg // step))
    if nperseg % step != 0:
        sums[:nperseg % step] += win[-(nperseg % step):]
    return bool(np.max(np.abs(sums - np.median(sums))) < tol)


def check_NOLA(window, nperseg, noverlap, tol=1e-10):
    nperseg = int(nperseg)
    if nperseg < 1:
        raise ValueError("nperseg must be a positive integer")
    if noverlap >= nperseg:
        raise ValueError("noverlap must be less than nperseg")
    if noverlap < 0:
        raise ValueError("noverlap must be a nonnegative integer")
    noverlap = int(noverlap)
    win = _window_for_check(window, nperseg)
    step = nperseg - noverlap
    # The squared windows summed into one hop must stay away from zero.
    sums = sum(win[i * step:(i + 1) * step] ** 2 for i in range(nperseg // step))
    if nperseg % step != 0:
        sums[:nperseg % step] += win[-(nperseg % step):] ** 2
    return bool(np.min(sums) > tol)


FUNCTIONS = [detrend, hilbert, hilbert2, csd, welch, periodogram, coherence, spectrogram, stft,
             istft, vectorstrength]
HOST_FUNCTIONS = [check_COLA, check_NOLA]
