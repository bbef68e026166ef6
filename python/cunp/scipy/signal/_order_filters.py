"""Order-statistic filters and deconvolution over an array namespace `xp`: medfilt,
medfilt2d and order_filter (zero padding, as SciPy's rank filters use) run ndimage's rank filter
on the device; on NumPy (the CPU tests) they gather the footprint's shifted copies along a new
axis and take one element of their sort. deconvolve divides polynomials with lfilter."""
import math
import warnings

import numpy as np

from cunp.scipy.signal import _convolve, _filtering
from cunp.scipy.signal._namespace import to_host


def _rank_filter(xp, a, footprint, rank):
    """The rank-th smallest of the footprint's values around each element (outside: zeros)."""
    if not 0 <= rank < int(np.count_nonzero(footprint)):
        raise RuntimeError("rank not within filter footprint size")
    if xp is not np:
        # On the device: ndimage's rank-filter engine (selection networks, shared-memory
        # tiles), whose mode='constant' with cval 0 is this zero padding.
        from cunp.scipy import ndimage
        return ndimage.rank_filter(a, rank, footprint=footprint, mode="constant", cval=0)
    half = [s // 2 for s in footprint.shape]
    padded = xp.pad(a, [(h, h) for h in half])
    offsets = [index for index in np.ndindex(*footprint.shape) if footprint[index]]
    stacked = xp.stack([padded[tuple(slice(o, o + n) for o, n in zip(index, a.shape))]
                        for index in offsets], axis=-1)
    return xp.sort(stacked, axis=-1)[..., rank]


def _check_dtype(a, name):
    if not (a.dtype.kind in "iu" or a.dtype in (np.float32, np.float64)):
        raise ValueError(f"dtype={a.dtype} is not supported by {name}")


def medfilt(xp, volume, kernel_size=None):
    volume = xp.asarray(volume)
    if volume.ndim == 0:
        volume = volume.reshape(1)
    _check_dtype(volume, "medfilt")
    if kernel_size is None:
        kernel_size = [3] * volume.ndim
    kernel_size = np.asarray(kernel_size)
    if kernel_size.shape == ():
        kernel_size = np.repeat(kernel_size.item(), volume.ndim)
    if any(k % 2 != 1 for k in kernel_size):
        raise ValueError("Each element of kernel_size should be odd.")
    if any(k > s for k, s in zip(kernel_size, volume.shape)):
        warnings.warn("kernel_size exceeds volume extent: the volume will be zero-padded.",
                      stacklevel=3)
    size = math.prod(int(k) for k in kernel_size)
    return _rank_filter(xp, volume, np.ones(tuple(int(k) for k in kernel_size), bool),
                        size // 2)


def medfilt2d(xp, input, kernel_size=3):
    image = xp.asarray(input)
    if image.ndim != 2:
        raise ValueError("medfilt2d expects a 2-D input")
    kernel_size = np.asarray([3, 3] if kernel_size is None else kernel_size)
    if kernel_size.shape == ():
        kernel_size = np.repeat(kernel_size.item(), 2)
    if any(k % 2 != 1 for k in kernel_size):
        raise ValueError("Each element of kernel_size should be odd.")
    return medfilt(xp, image, kernel_size)


def order_filter(xp, a, domain, rank):
    domain = np.asarray(to_host(xp, domain))
    if any(n % 2 != 1 for n in domain.shape):
        raise ValueError("Each dimension of domain argument should have an odd number of "
                         "elements.")
    a = xp.asarray(a)
    _check_dtype(a, "order_filter")
    return _rank_filter(xp, a, domain != 0, int(rank))


def wiener(xp, im, mysize=None, noise=None):
    im = xp.asarray(im)
    if mysize is None:
        mysize = [3] * im.ndim
    mysize = np.asarray(mysize)
    if mysize.shape == ():
        mysize = np.repeat(mysize.item(), im.ndim)
    size = math.prod(int(k) for k in mysize)
    ones = xp.ones(tuple(int(k) for k in mysize))
    # Local mean and variance over the window, then the Wiener gain 1 - noise / variance.
    local_mean = _convolve.correlate(xp, im, ones, "same") / size
    local_var = _convolve.correlate(xp, im ** 2, ones, "same") / size - local_mean ** 2
    if noise is None:
        noise = xp.mean(local_var.ravel(), axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        result = (im - local_mean) * (1 - noise / local_var) + local_mean
    return xp.where(local_var < noise, local_mean, result)


def deconvolve(xp, signal, divisor):
    num = np.atleast_1d(to_host(xp, signal))
    den = np.atleast_1d(to_host(xp, divisor))
    if num.ndim > 1:
        raise ValueError("signal must be 1-D.")
    if den.ndim > 1:
        raise ValueError("divisor must be 1-D.")
    N, D = len(num), len(den)
    if D > N:
        return xp.asarray([]), xp.asarray(num)
    impulse = np.zeros(N - D + 1, float)
    impulse[0] = 1
    # The quotient is the impulse response of num / den, truncated to N - D + 1 terms.
    quotient = _filtering.lfilter(xp, num, den, xp.asarray(impulse))
    remainder = xp.asarray(num) - _convolve.convolve(xp, xp.asarray(den), quotient, "full")
    return quotient, remainder


FUNCTIONS = [medfilt, medfilt2d, order_filter, wiener, deconvolve]
