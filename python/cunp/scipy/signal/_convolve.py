"""convolve, correlate, fftconvolve, oaconvolve, choose_conv_method, correlation_lags,
convolve2d and correlate2d over an array namespace `xp`.

Every mode is a window of the full convolution (shape n + m - 1 per axis): 'same' starts at
(m - 1) // 2 with in1's shape and 'valid' at min(n, m) - 1 with |n - m| + 1 points, so one
full result per method serves all three. The direct method adds one shifted, scaled copy of
the larger input per element of the smaller (a handful of elementwise kernels for the small
kernels it is chosen for; exact for integers); the FFT method is one real or complex n-D
transform pair at a fast length."""
import operator

import numpy as np

from cunp.scipy.fft._helper import next_fast_len
from cunp.scipy.signal._namespace import float_dtype, to_host

_MODES = ("full", "same", "valid")

# The direct method's cost is one pass over the larger input per element of the smaller; past
# this many elements one FFT pair is cheaper on a GPU.
_DIRECT_MAX_TERMS = 64


def check_mode(mode):
    if mode not in _MODES:
        raise ValueError("Acceptable mode flags are 'valid', 'same', or 'full'.")
    return mode


def inputs_swap_needed(mode, shape1, shape2, axes=None):
    """True where mode 'valid' needs in2 to be the larger input (SciPy's rule and error)."""
    if mode != "valid":
        return False
    if not shape1:
        return False
    if axes is None:
        axes = range(len(shape1))
    ok1 = all(shape1[i] >= shape2[i] for i in axes)
    ok2 = all(shape2[i] >= shape1[i] for i in axes)
    if not (ok1 or ok2):
        raise ValueError("For 'valid' mode, one must be at least as large as the other in "
                         "every dimension")
    return not ok1


def _window(full, mode, s1, s2, axes, flipped=False):
    """The part of the full result that mode keeps, along axes (`flipped`: correlate2d's
    'same', centred on the other side of an even-length kernel, as SciPy's is)."""
    if mode == "full":
        return full
    index = [slice(None)] * full.ndim
    for a in axes:
        n, m = s1[a], s2[a]
        if mode == "same":
            start, length = (m // 2 if flipped else (m - 1) // 2), n
        else:
            start, length = min(n, m) - 1, abs(n - m) + 1
        index[a] = slice(start, start + length)
    return full[tuple(index)]


def _direct_full(xp, a, b, dtype):
    """The full n-D convolution of a and b, in dtype, as a sum of shifted copies of the larger
    input scaled by each element of the smaller (read to the host: it is small)."""
    if a.size < b.size:
        a, b = b, a
    shape = tuple(n + m - 1 for n, m in zip(a.shape, b.shape))
    out = xp.zeros(shape, dtype=dtype)
    big = a.astype(dtype, copy=False)
    small = to_host(xp, b).astype(dtype, copy=False)
    for index in np.ndindex(*small.shape):
        value = small[index].item()
        if value == 0:
            continue
        target = tuple(slice(i, i + n) for i, n in zip(index, big.shape))
        out[target] += big * value
    return out


def _reverse_and_conj(xp, x):
    reverse = (slice(None, None, -1),) * x.ndim
    return x[reverse].conj() if x.dtype.kind == "c" else x[reverse]


def _as_pair(xp, in1, in2, what):
    in1, in2 = xp.asarray(in1), xp.asarray(in2)
    if in1.ndim != in2.ndim:
        raise ValueError(f"{what} should have the same dimensionality")
    return in1, in2


def fft_operands(xp, in1, in2):
    """(in1, in2, result): the operands as arrays, and the result where SciPy's FFT
    convolutions give it without a transform (0-d operands, an empty one), else None."""
    in1, in2 = xp.asarray(in1), xp.asarray(in2)
    if in1.ndim == in2.ndim == 0:
        return in1, in2, in1 * in2
    if in1.ndim != in2.ndim:
        raise ValueError("in1 and in2 should have the same dimensionality")
    if in1.size == 0 or in2.size == 0:
        return in1, in2, xp.asarray([])
    return in1, in2, None


def fftconvolve(xp, in1, in2, mode="full", axes=None):
    in1, in2, result = fft_operands(xp, in1, in2)
    if result is not None:
        return result
    check_mode(mode)
    axes = _freq_axes(in1, in2, axes)
    if inputs_swap_needed(mode, in1.shape, in2.shape, axes):
        in1, in2 = in2, in1
    if not axes:
        return _fft_mode(in1 * in2, mode, in1.shape, in2.shape, axes)
    dtype = float_dtype(in1.dtype, in2.dtype)
    s1, s2 = in1.shape, in2.shape
    full = [s1[a] + s2[a] - 1 for a in axes]
    fast = [next_fast_len(n, dtype.kind != "c") for n in full]
    a = in1.astype(dtype, copy=False)
    b = in2.astype(dtype, copy=False)
    if dtype.kind == "c":
        spectrum = xp.fft.fftn(a, fast, axes=axes) * xp.fft.fftn(b, fast, axes=axes)
        out = xp.fft.ifftn(spectrum, fast, axes=axes)
    else:
        spectrum = xp.fft.rfftn(a, fast, axes=axes) * xp.fft.rfftn(b, fast, axes=axes)
        out = xp.fft.irfftn(spectrum, fast, axes=axes)
    index = [slice(None)] * out.ndim
    for a_, n in zip(axes, full):
        index[a_] = slice(0, n)
    out = out[tuple(index)].astype(dtype, copy=False)
    return _fft_mode(out, mode, s1, s2, axes)


def _fft_mode(out, mode, s1, s2, axes):
    """fftconvolve's window: 'same' centres every axis on in1's length (broadcast ones too),
    'valid' the transformed axes on s1 - s2 + 1, as SciPy's does."""
    if mode == "full":
        return out
    if mode == "same":
        shape = s1
    else:
        shape = [s1[a] - s2[a] + 1 if a in axes else out.shape[a] for a in range(out.ndim)]
    index = tuple(slice((n - k) // 2, (n - k) // 2 + k) for n, k in zip(out.shape, shape))
    return out[index]


def _freq_axes(in1, in2, axes):
    """SciPy's axes of an FFT convolution: all by default; the other axes must broadcast."""
    ndim = in1.ndim
    if axes is None:
        axes = list(range(ndim))
    else:
        if isinstance(axes, int) or hasattr(axes, "__index__"):
            axes = [axes]
        axes = [operator.index(a) for a in axes]
        if any(not -ndim <= a < ndim for a in axes):
            raise ValueError("axes exceeds dimensionality of input")
        axes = [a % ndim for a in axes]
        if len(set(axes)) != len(axes):
            raise ValueError("all axes must be unique")
    # Axes where an input has length 1 need no transform: broadcasting does them.
    axes = [a for a in axes if in1.shape[a] != 1 and in2.shape[a] != 1]
    for a in range(ndim):
        if a not in axes and in1.shape[a] != in2.shape[a] and 1 not in (in1.shape[a],
                                                                          in2.shape[a]):
            raise ValueError(f"incompatible shapes for in1 and in2: {in1.shape} and "
                             f"{in2.shape}")
    return sorted(axes)


def oaconvolve(xp, in1, in2, mode="full", axes=None):
    from cunp.scipy.signal import _overlap_add  # it builds on this module's fftconvolve
    return _overlap_add.oaconvolve(xp, in1, in2, mode, axes)


def _numeric(arrays, kinds="buifc"):
    return all(a.dtype.kind in kinds for a in arrays)


def _synchronize(xp):
    """Wait for the current device's queued work when `xp` is cunp (NumPy is synchronous)."""
    if getattr(xp, "__name__", "") == "cunp":
        xp.cuda.Device().synchronize()


def choose_conv_method(xp, in1, in2, mode="full", measure=False):
    volume, kernel = xp.asarray(in1), xp.asarray(in2)
    if measure:
        import time

        times = {}
        for method in ("fft", "direct"):
            # Kernel launches return before the GPU finishes: without a synchronisation on
            # each side a timing measures the launches plus whatever work was queued before.
            _synchronize(xp)
            start = time.perf_counter()
            convolve(xp, volume, kernel, mode, method)
            _synchronize(xp)
            times[method] = time.perf_counter() - start
        return min(times, key=times.get), times
    if any(_numeric([x], "ui") for x in (volume, kernel)):
        # Integer products past float64's 53-bit mantissa would round in the FFT.
        big = int(to_host(xp, abs(volume).max() if volume.size else 0))
        big *= int(to_host(xp, abs(kernel).max() if kernel.size else 0))
        big *= int(min(volume.size, kernel.size))
        if big > 2 ** np.finfo("float").nmant - 1:
            return "direct"
    if _numeric([volume, kernel], "b"):
        return "direct"
    if _numeric([volume, kernel]) and min(volume.size, kernel.size) > _DIRECT_MAX_TERMS:
        return "fft"
    return "direct"


def convolve(xp, in1, in2, mode="full", method="auto"):
    volume, kernel = xp.asarray(in1), xp.asarray(in2)
    if volume.ndim == kernel.ndim == 0:
        return volume * kernel
    if volume.ndim != kernel.ndim:
        raise ValueError("volume and kernel should have the same dimensionality")
    check_mode(mode)
    if inputs_swap_needed(mode, volume.shape, kernel.shape):
        volume, kernel = kernel, volume
    if method == "auto":
        method = choose_conv_method(xp, volume, kernel, mode)
    if method == "fft":
        out = fftconvolve(xp, volume, kernel, mode)
        dtype = np.result_type(volume.dtype, kernel.dtype)
        if dtype.kind in "ui":
            out = xp.around(out)
        return out.astype(dtype)
    if method == "direct":
        dtype = np.result_type(volume.dtype, kernel.dtype)
        axes = range(volume.ndim)
        full = _direct_full(xp, volume, kernel, dtype)
        return _window(full, mode, volume.shape, kernel.shape, axes)
    raise ValueError("Acceptable method flags are 'auto', 'direct', or 'fft'.")


def correlate(xp, in1, in2, mode="full", method="auto"):
    in1, in2 = xp.asarray(in1), xp.asarray(in2)
    if in1.ndim == in2.ndim == 0:
        return in1 * in2.conj()
    if in1.ndim != in2.ndim:
        raise ValueError("in1 and in2 should have the same dimensionality")
    check_mode(mode)
    if method not in ("auto", "direct", "fft"):
        raise ValueError("Acceptable method flags are 'auto', 'direct', or 'fft'.")
    if inputs_swap_needed(mode, in1.shape, in2.shape):
        # The valid part of a correlation with the larger input second: the reversed,
        # conjugated correlation of the swapped pair.
        out = correlate(xp, in2, in1, mode, method)
        return _reverse_and_conj(xp, out)
    return convolve(xp, in1, _reverse_and_conj(xp, in2), mode, method)


def correlation_lags(xp, in1_len, in2_len, mode="full"):
    if mode == "full":
        lags = np.arange(-in2_len + 1, in1_len)
    elif mode == "same":
        lags = np.arange(-in2_len + 1, in1_len)
        mid = lags.size // 2
        bound = in1_len // 2
        lags = lags[mid - bound:mid + bound + (in1_len % 2)]
    elif mode == "valid":
        bound = in1_len - in2_len
        lags = np.arange(bound + 1) if bound >= 0 else np.arange(bound, 1)
    else:
        raise ValueError(f"Mode {mode} is invalid")
    return xp.asarray(lags)


_BOUNDARIES = {"fill": "constant", "pad": "constant", "symm": "symmetric",
               "symmetric": "symmetric", "wrap": "wrap", "circular": "wrap"}


def _conv2d(xp, in1, in2, mode, boundary, fillvalue, correlate_):
    in1, in2 = xp.asarray(in1), xp.asarray(in2)
    if in1.ndim != 2 or in2.ndim != 2:
        name = "correlate2d" if correlate_ else "convolve2d"
        raise ValueError(f"{name} inputs must both be 2-D arrays")
    check_mode(mode)
    if boundary not in _BOUNDARIES:
        raise ValueError("Acceptable boundary flags are 'fill', 'circular' (or 'wrap'), and "
                         "'symmetric' (or 'symm').")
    fill = np.asarray(to_host(xp, fillvalue))
    if fill.size != 1:
        raise ValueError("fillvalue must be scalar or an array with one element.")
    swapped = inputs_swap_needed(mode, in1.shape, in2.shape)
    if swapped:
        in1, in2 = in2, in1
    if correlate_:
        in2 = in2[::-1, ::-1].conj() if in2.dtype.kind == "c" else in2[::-1, ::-1]
    dtype = np.result_type(in1.dtype, in2.dtype)
    if mode == "valid":
        out = convolve(xp, in1, in2, "valid", "direct" if in2.size <= _DIRECT_MAX_TERMS
                       else "auto")
    else:
        # The boundary rule extends in1 by m - 1 points on each side; the valid convolution of
        # that extension is the full result, whose window mode keeps.
        widths = [(m - 1, m - 1) for m in in2.shape]
        kind = _BOUNDARIES[boundary]
        if kind == "constant":
            extended = xp.pad(in1.astype(dtype), widths, mode="constant",
                              constant_values=fill.reshape(()).astype(dtype).item())
        else:
            extended = xp.pad(in1, widths, mode=kind)
        full = convolve(xp, extended, in2, "valid", "direct" if in2.size <= _DIRECT_MAX_TERMS
                        else "auto")
        out = _window(full, mode, in1.shape, in2.shape, (0, 1), correlate_)
    if correlate_ and swapped:
        # SciPy flips the swapped pair's result back (and does not conjugate it).
        out = out[::-1, ::-1]
    return out.astype(dtype, copy=False)


def convolve2d(xp, in1, in2, mode="full", boundary="fill", fillvalue=0):
    return _conv2d(xp, in1, in2, mode, boundary, fillvalue, False)


def correlate2d(xp, in1, in2, mode="full", boundary="fill", fillvalue=0):
    return _conv2d(xp, in1, in2, mode, boundary, fillvalue, True)


FUNCTIONS = [convolve, correlate, fftconvolve, oaconvolve, choose_conv_method,
             correlation_lags, convolve2d, correlate2d]
